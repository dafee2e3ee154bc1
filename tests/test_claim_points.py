"""A Baloot claim's card points (:mod:`trickrules.engine.baloot.claim_points`): on small positions
of seeded deals the remembered search agrees with a plain one written here over every legal line
(the claimers keep their count and take the most card points they can be sure of, every
doubtful card to the other side); every point still to play goes to one side or the other; a
claim that cannot hold gives the other side everything; and ``judge`` scores a claim of some
of the remaining tricks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_claims import baloot_positions

from trickrules.engine.baloot.claim_points import claim_points, remaining_points, scored_claim
from trickrules.engine.baloot.play import PlayPosition
from trickrules.engine.claims import ClaimError, settle_claim
from trickrules.engine.masks import iter_cards
from trickrules.rulings.question import judge_question

ROOT = Path(__file__).resolve().parent.parent
PARTIAL = ROOT / "spec" / "baloot" / "irregularities" / "claim-two-of-three.json"


def _trick_points(p: PlayPosition) -> int:
    """The card points of the trick just completed, the last trick's bonus included when it
    was the last."""
    return sum(p.rules.points(c, p.trump) for c in p.stack[-1][1]) + (
        p.rules.last_trick if not any(p.hands) else 0)


def _claims() -> Iterator[tuple[Any, int, int]]:
    """Every claim of every team and number of tricks on the small seeded positions."""
    for wrapped in baloot_positions(3, 12):
        left = wrapped.position.hands[wrapped.position.to_move].bit_count()
        for team in (0, 1):
            for tricks in range(left + 1):
                yield wrapped, team, tricks


def plain_points(p: PlayPosition, team: int, need: int) -> int | None:
    """The claimers' sure card points with ``need`` more tricks to take, or None when the
    others can keep them short: every legal line, no memory."""
    if not p.legal_mask():
        return 0 if need <= 0 else None
    values = []
    for card in iter_cards(p.legal_mask()):
        p.push(card)
        gained, took = 0, 0
        if not p.trick and p.leader % 2 == team:
            took, gained = 1, _trick_points(p)
        rest = plain_points(p, team, need - took)
        values.append(None if rest is None else rest + gained)
        p.pop()
    if p.to_move % 2 == team:
        sure = [v for v in values if v is not None]
        return max(sure) if sure else None
    return None if None in values else min(v for v in values if v is not None)


def _line_points(p: PlayPosition, team: int, line: list[int]) -> tuple[int, int, int]:
    """Each side's card points and the claimers' tricks when ``line`` is played from ``p``
    (the position is left as it was)."""
    points, tricks = [0, 0], 0
    for card in line:
        assert p.legal_mask() >> card & 1, "the line plays a card the rules do not allow"
        p.push(card)
        if not p.trick:
            side = p.leader % 2
            points[side] += _trick_points(p)
            tricks += side == team
    for _ in line:
        p.pop()
    return points[0], points[1], tricks


def test_the_scored_line_gives_the_claims_points() -> None:
    """The line shown with a claim that holds is one that gives its card points: played out,
    it takes the claimers their tricks and each side the points the claim is scored with."""
    checked = 0
    for wrapped, team, tricks in _claims():
        points, line = scored_claim(wrapped.position, team, tricks)
        if points[team] == 0 and not settle_claim(wrapped, team, tricks).holds:
            continue
        zero, one, taken = _line_points(wrapped.position, team, line)
        assert (zero, one) == points and taken >= tricks, (team, tricks)
        checked += 1
    assert checked > 20


def test_the_search_agrees_with_every_line_and_shares_out_every_point() -> None:
    checked = 0
    for wrapped, team, tricks in _claims():
        p = wrapped.position
        got = claim_points(p, team, tricks)
        assert sum(got) == remaining_points(p)
        plain = plain_points(p, team, tricks)
        assert got[team] == (0 if plain is None else plain), (team, tricks)
        holds = settle_claim(wrapped, team, tricks).holds
        assert holds == (plain is not None)
        checked += 1
    assert checked >= 60


def test_a_claim_the_count_does_not_allow_is_refused() -> None:
    p = next(baloot_positions(3, 1)).position
    with pytest.raises(ClaimError, match="tricks: 4 is not a number of the 3 tricks left"):
        claim_points(p, 0, 4)
    with pytest.raises(ClaimError, match="team: 2"):
        claim_points(p, 2, 1)


def test_judge_scores_a_claim_of_some_of_the_tricks() -> None:
    """Two of three claimed: the claimers take their two trump tricks with the cards the
    others must or choose to give them, the other side the Ace of clubs' trick and the last
    trick's ten; a claim of all three fails and gives the other side every point."""
    question: dict[str, Any] = json.loads(PARTIAL.read_text(encoding="utf-8"))
    answer = judge_question(question)["answer"]
    assert answer["holds"] is True and answer["card_points"] == [21, 51]
    whole = judge_question({**question, "tricks": 3})["answer"]
    assert whole["holds"] is False and whole["card_points"] == [72, 0]
