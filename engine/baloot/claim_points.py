"""The card points of a Baloot claim: which of the cards still to play each side takes.

A Baloot hand is scored in card points, not tricks, so a claim of some of the remaining
tricks must also say whose the cards are. The director's handbook rules (a committee ruling:
no source says) that a claim which holds gives the claiming side the most card points it can
be sure of while taking the tricks it claimed, every doubtful card going to the other side:
the claimers choose their cards to keep the claim and take what they can, the others theirs to
take what they can. A claim that does not hold gives the other side every remaining trick and
card, and a claim of every remaining trick that holds gives the claimers every card, so the
one search scores every claim. The last trick's bonus goes with the last trick.
"""

from __future__ import annotations

from collections.abc import Hashable

from trickrules.engine.baloot.play import PlayPosition
from trickrules.engine.claims import NODE_LIMIT, ClaimError, ClaimTooLargeError
from trickrules.engine.masks import iter_cards

SHORT = -1
"""The value of a position from which the claimers cannot take the tricks they claimed."""


class _PointSearch:
    """The search of one claim's card points: the claimers maximise theirs, the others
    minimise them, and a line that leaves the claimers short of their tricks is worth
    :data:`SHORT` (so the claimers avoid it and the others take it when they can)."""

    def __init__(self, position: PlayPosition, team: int, limit: int) -> None:
        self.position = position
        self.team = team
        self.limit = limit
        self.known: dict[tuple[Hashable, int], int] = {}
        self.visited = 0

    def best(self, need: int) -> int:
        """The claimers' card points from here, taking ``need`` more tricks, or SHORT."""
        position = self.position
        legal = position.legal_mask()
        if not legal:  # the hand is over
            return 0 if need <= 0 else SHORT
        need = max(need, 0)
        memo = ((tuple(position.hands), tuple(position.trick), position.leader), need)
        known = self.known.get(memo)
        if known is not None:
            return known
        self.visited += 1
        if self.visited > self.limit:
            raise ClaimTooLargeError(
                f"the claim needs more than {self.limit:,} positions to score: claim later "
                "in the hand (with fewer tricks left)")
        values = [self._after(card, need) for card in iter_cards(legal)]
        result = max(values) if position.to_move % 2 == self.team else min(values)
        self.known[memo] = result
        return result

    def line(self, need: int) -> list[int]:
        """The cards of a line to the end of the hand in which each side plays as
        :meth:`best` scores it (the first such card where several are as good); the position
        is left as it was."""
        position = self.position
        played = 0
        cards: list[int] = []
        try:
            while legal := position.legal_mask():
                choices = list(iter_cards(legal))
                values = [self._after(card, need) for card in choices]
                pick = max if position.to_move % 2 == self.team else min
                card = choices[values.index(pick(values))]
                position.push(card)
                played += 1
                cards.append(card)
                if not position.trick and position.leader % 2 == self.team:
                    need -= 1
        finally:
            for _ in range(played):
                position.pop()
        return cards

    def _after(self, card: int, need: int) -> int:
        """The claimers' card points once ``card`` is played, the trick it ends counted."""
        position = self.position
        position.push(card)
        try:
            gained, took = 0, 0
            # a card that ends a trick: its cards go to its winner
            if not position.trick and position.leader % 2 == self.team:
                took = 1
                gained = self._trick_points(position.stack[-1][1])
            rest = self.best(need - took)
            return SHORT if rest == SHORT else rest + gained
        finally:
            position.pop()

    def _trick_points(self, trick: list[int]) -> int:
        """A trick's card points, the last trick's bonus included when it is the last."""
        position = self.position
        points = sum(position.rules.points(c, position.trump) for c in trick)
        last = not any(position.hands)
        return points + (position.rules.last_trick if last else 0)


def remaining_points(position: PlayPosition) -> int:
    """The card points still to be taken: the cards in hand and on the table, and the last
    trick's bonus (nothing once the hand is over)."""
    rules, trump = position.rules, position.trump
    cards = [c for hand in position.hands for c in iter_cards(hand)] + list(position.trick)
    return sum(rules.points(c, trump) for c in cards) + (rules.last_trick if cards else 0)


def claim_points(position: PlayPosition, team: int, tricks: int,
                 limit: int = NODE_LIMIT) -> tuple[int, int]:
    """Each side's card points (side 0, side 1) from the cards still to play when ``team``
    claims ``tricks`` of the remaining tricks, as the handbook scores a claim; the position
    is left as it was. A claim that cannot hold gives every point to the other side."""
    return scored_claim(position, team, tricks, limit)[0]


def scored_claim(position: PlayPosition, team: int, tricks: int,
                 limit: int = NODE_LIMIT) -> tuple[tuple[int, int], list[int]]:
    """:func:`claim_points`, with a line of play that gives those points (the claimers keeping
    their claim and taking what they can, the others taking what they can)."""
    if team not in (0, 1) or isinstance(team, bool):
        raise ClaimError(f"team: {team!r} is not 0 or 1")
    left = position.hands[position.to_move].bit_count()
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= left:
        raise ClaimError(f"tricks: {tricks!r} is not a number of the {left} tricks left")
    whole = remaining_points(position)
    search = _PointSearch(position, team, limit)
    ours = search.best(tricks)
    claimers = 0 if ours == SHORT else ours
    points = (claimers, whole - claimers) if team == 0 else (whole - claimers, claimers)
    return points, search.line(tricks)
