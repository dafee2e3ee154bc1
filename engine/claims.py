"""Settling a claim of the remaining tricks with every hand known: does the claiming side take
at least the tricks it claims whatever the others play?

The claimers choose their cards, the others theirs, each by the rules of play; the claim holds
when the claimers have a way to reach their count against every defence. This is a search of
the rest of the hand (each position once, remembered), bounded by a number of positions so
that a claim made early in a hand is refused by name rather than left running. When a claim
fails, a line of play by which the others keep the claimers short is returned, and when it
holds, a line the claimers can follow, so a player sees why.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

from trickrules.engine.errors import EngineError
from trickrules.engine.masks import CardSet, iter_cards
from trickrules.spec.cards import Card

NODE_LIMIT = 400_000
"""The most positions a claim may take to settle."""


class ClaimPosition(Protocol):
    """A point of play as the claim search sees it (a family's play position, wrapped)."""

    def legal_mask(self) -> CardSet:
        """The legal cards of the player to move."""

    def push(self, card: Card) -> None:
        """Play ``card``."""

    def pop(self) -> Card:
        """Take back the last card played."""

    def seat_to_move(self) -> int:
        """The seat to play."""

    def team_tricks(self, team: int) -> int:
        """The tricks ``team`` has won in the hand so far."""

    def tricks_left(self) -> int:
        """The tricks still to be played, the current one included (0 once the hand is
        over)."""

    def key(self) -> Hashable:
        """Everything that decides how the rest of the hand can go from here."""


class ClaimError(EngineError):
    """A claim that cannot be asked: no such team, or more tricks than are left."""


class ClaimTooLargeError(EngineError):
    """A claim that needs more than :data:`NODE_LIMIT` positions to settle."""


@dataclass(frozen=True)
class ClaimVerdict:
    """Whether the claim holds, a line of play that shows it (cards in play order), and how
    many positions the search visited."""

    holds: bool
    line: tuple[Card, ...]
    positions: int


class _Search:
    """The search of one claim: can ``team`` still take ``need`` tricks from a position?"""

    def __init__(self, position: ClaimPosition, team: int, limit: int) -> None:
        self.position = position
        self.team = team
        self.limit = limit
        self.known: dict[tuple[Hashable, int], bool] = {}
        self.visited = 0

    def can_take(self, need: int) -> bool:
        """Whether the claimers can be sure of ``need`` more tricks from here."""
        position = self.position
        if need <= 0:
            return True
        if need > position.tricks_left():
            return False
        memo = (position.key(), need)
        known = self.known.get(memo)
        if known is not None:
            return known
        self.visited += 1
        if self.visited > self.limit:
            raise ClaimTooLargeError(
                f"the claim needs more than {self.limit:,} positions to settle: claim later "
                "in the hand (with fewer tricks left)")
        ours = position.seat_to_move() % 2 == self.team
        result = not ours
        for card in iter_cards(position.legal_mask()):
            if self._after(card, need) == ours:
                result = ours
                break
        self.known[memo] = result
        return result

    def _after(self, card: Card, need: int) -> bool:
        """Whether the claimers can still take ``need`` tricks after ``card`` is played."""
        position = self.position
        before = position.team_tricks(self.team)
        position.push(card)
        try:
            return self.can_take(need - (position.team_tricks(self.team) - before))
        finally:
            position.pop()

    def line(self, need: int, holds: bool) -> tuple[Card, ...]:
        """A line of play to the end of the hand in which the claim goes as settled: the
        claimers' cards keep it (holds) and the others' cards defeat it (fails); the other
        side's cards are the first legal ones."""
        position, played = self.position, []
        while position.tricks_left() > 0 and position.legal_mask():
            ours = position.seat_to_move() % 2 == self.team
            choices = list(iter_cards(position.legal_mask()))
            chosen = choices[0]
            deciding = ours if holds else not ours
            if deciding:
                chosen = next(c for c in choices if self._after(c, need) == holds)
            before = position.team_tricks(self.team)
            position.push(chosen)
            played.append(chosen)
            need -= position.team_tricks(self.team) - before
        for _ in played:
            position.pop()
        return tuple(played)


def settle_claim(position: ClaimPosition, team: int, tricks: int,
                 limit: int = NODE_LIMIT) -> ClaimVerdict:
    """Whether ``team`` takes at least ``tricks`` of the tricks still to play from
    ``position`` whatever the other side plays; the position is left as it was. A team other
    than 0 or 1, or a count that is not a number of the tricks left, is a :class:`ClaimError`
    naming the field."""
    if team not in (0, 1) or isinstance(team, bool):
        raise ClaimError(f"team: {team!r} is not 0 or 1")
    if not isinstance(tricks, int) or isinstance(tricks, bool) or tricks < 0:
        raise ClaimError(f"tricks: {tricks!r} is not a number of tricks")
    if tricks > position.tricks_left():
        raise ClaimError(f"tricks: {tricks} claimed, but {position.tricks_left()} are still "
                         "to play")
    search = _Search(position, team, limit)
    holds = search.can_take(tricks)
    return ClaimVerdict(holds, search.line(tricks, holds), search.visited)
