"""The claim search where the trick's leader matters: positions from which two lines of play
reach the same hands and the same trick so far with different players to lead (a memory of
positions that forgot the leader would answer one from the other). On each, the search agrees
with the plain minimax of tests/test_claims.py, which remembers nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_claims import baloot_positions, kout_positions, most_tricks

from trickrules.engine.claims import ClaimPosition, settle_claim
from trickrules.engine.masks import iter_cards


def _leader(position: Any) -> int:
    """The seat that led the current trick, from the seat to move and the cards played to
    it (not from the position's own key)."""
    play = position.position
    seat: int = position.seat_to_move()
    return (seat - len(play.trick)) % len(play.hands)


def leaders_meet(position: Any) -> bool:
    """Whether two lines of play from ``position`` reach the same hands and trick so far
    with different leaders (every line walked, the position left as it was)."""
    seen: dict[tuple[Any, ...], int] = {}

    def walk() -> bool:
        if position.tricks_left() == 0 or not position.legal_mask():
            return False
        play = position.position
        reached = (tuple(play.hands), tuple(play.trick))
        if seen.setdefault(reached, _leader(position)) != _leader(position):
            return True
        for card in iter_cards(position.legal_mask()):
            position.push(card)
            try:
                if walk():
                    return True
            finally:
                position.pop()
        return False

    return walk()


def cases() -> Iterator[tuple[str, ClaimPosition]]:
    """Baloot positions four tricks from the end and Kout Bo 6 positions three from it (a
    Kout position remembers the seat to move and the tricks won as well), each kept where
    the leader matters."""
    found: list[tuple[str, Any]] = [(f"baloot-{n}", p) for n, p in
                                    enumerate(baloot_positions(4, 24))]
    found += [(f"kout6-{n}", p) for n, p in enumerate(kout_positions("kout6", 3, 8))]
    return ((name, p) for name, p in found if leaders_meet(p))


CASES = list(cases())


def test_there_are_positions_where_the_leader_matters() -> None:
    families = {name.split("-")[0] for name, _ in CASES}
    assert {"baloot", "kout6"} <= families, families


@pytest.mark.parametrize(("name", "position"), CASES, ids=[c[0] for c in CASES])
def test_the_search_agrees_with_minimax_where_the_leader_matters(
        name: str, position: ClaimPosition) -> None:
    for team in (0, 1):
        best = most_tricks(position, team)
        verdicts = [settle_claim(position, team, claimed).holds
                    for claimed in range(position.tricks_left() + 1)]
        assert verdicts == [claimed <= best for claimed in range(len(verdicts))], (name, team)
