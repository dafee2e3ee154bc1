"""A Kout play position as the claim search sees it (:mod:`trickrules.engine.claims`): the seat to
move, the tricks each team has won, and what decides the rest of the hand."""

from __future__ import annotations

from collections.abc import Hashable

from trickrules.engine.claims import ClaimVerdict, settle_claim
from trickrules.engine.kout.play import PlayPosition
from trickrules.engine.masks import CardSet
from trickrules.spec.cards import Card


class KoutClaimPosition:
    """Wraps a :class:`PlayPosition`; the hand is over when its outcome is decided (the
    early stop) or every card is played."""

    def __init__(self, position: PlayPosition) -> None:
        self.position = position

    def legal_mask(self) -> CardSet:
        """The legal cards of the player to move (none once the hand is over)."""
        return 0 if self.position.over else self.position.legal_mask()

    def push(self, card: Card) -> None:
        """Play ``card``."""
        self.position.push(card)

    def pop(self) -> Card:
        """Take back the last card."""
        return self.position.pop()

    def seat_to_move(self) -> int:
        """The seat to play."""
        return self.position.turn

    def team_tricks(self, team: int) -> int:
        """Tricks ``team`` has won in the hand."""
        return self.position.won[team]

    def tricks_left(self) -> int:
        """Tricks still to play (0 once the hand is over)."""
        if self.position.over:
            return 0
        return self.position.hands[self.position.turn].bit_count()

    def key(self) -> Hashable:
        """The hands, the trick so far, the seat to move and the tricks won (the early stop
        reads them)."""
        p = self.position
        return (tuple(p.hands), tuple(p.trick), p.turn, tuple(p.won))


def settle(position: PlayPosition, team: int, tricks: int) -> ClaimVerdict:
    """Whether ``team`` takes ``tricks`` more tricks from ``position`` whatever the others
    play (see :func:`trickrules.engine.claims.settle_claim`)."""
    return settle_claim(KoutClaimPosition(position), team, tricks)
