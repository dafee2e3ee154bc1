"""A Baloot play position as the claim search sees it (:mod:`trickrules.engine.claims`): the seat to
move, the tricks each side has taken since the claim, and what decides the rest of the hand."""

from __future__ import annotations

from collections.abc import Hashable

from trickrules.engine.baloot.cards import BCard
from trickrules.engine.baloot.play import PlayPosition
from trickrules.engine.claims import ClaimVerdict, settle_claim
from trickrules.engine.masks import CardSet


class BalootClaimPosition:
    """Wraps a :class:`PlayPosition`, counting the tricks each side takes as cards are
    played (the position itself keeps only who leads next)."""

    def __init__(self, position: PlayPosition) -> None:
        self.position = position
        self.won = [0, 0]
        self._takers: list[int] = []

    def legal_mask(self) -> CardSet:
        """The legal cards of the player to move (none once every card is played)."""
        return self.position.legal_mask()

    def push(self, card: BCard) -> None:
        """Play ``card``; a completed trick counts for the side whose card wins it."""
        self.position.push(card)
        taker = -1 if self.position.trick else self.position.leader % 2
        if taker >= 0:
            self.won[taker] += 1
        self._takers.append(taker)

    def pop(self) -> BCard:
        """Take back the last card."""
        taker = self._takers.pop()
        if taker >= 0:
            self.won[taker] -= 1
        return self.position.pop()

    def seat_to_move(self) -> int:
        """The seat to play."""
        return self.position.to_move

    def team_tricks(self, team: int) -> int:
        """Tricks ``team`` has taken since the claim."""
        return self.won[team]

    def tricks_left(self) -> int:
        """Tricks still to play, the current one included."""
        return self.position.hands[self.position.to_move].bit_count()

    def key(self) -> Hashable:
        """The hands, the trick so far and its leader."""
        p = self.position
        return (tuple(p.hands), tuple(p.trick), p.leader)


def settle(position: PlayPosition, team: int, tricks: int) -> ClaimVerdict:
    """Whether ``team`` takes ``tricks`` more tricks from ``position`` whatever the others
    play (see :func:`trickrules.engine.claims.settle_claim`)."""
    return settle_claim(BalootClaimPosition(position), team, tricks)
