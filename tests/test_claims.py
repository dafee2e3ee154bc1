"""Claims of the remaining tricks: the engine's search (remembered positions, cut short once
settled) agrees with a plain minimax written here over every legal line; its line of play is
legal and ends as the verdict says; a claim too early in a hand is refused by name; and
``judge`` answers the claim question of both families."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trickrules.engine.baloot.claims import BalootClaimPosition
from trickrules.engine.baloot.play import PlayPosition as BalootPosition
from trickrules.engine.claims import ClaimPosition, ClaimTooLargeError, settle_claim
from trickrules.engine.kout.claims import KoutClaimPosition
from trickrules.engine.masks import iter_cards
from trickrules.engine.registry import load_game
from trickrules.rulings.question import judge_question

ROOT = Path(__file__).resolve().parent.parent


def most_tricks(position: ClaimPosition, team: int) -> int:
    """The most tricks ``team`` can be sure of from here: every legal line, no memory, no
    cut-off (the claimers take the best, the others the worst for them)."""
    if position.tricks_left() == 0 or not position.legal_mask():
        return 0
    ours = position.seat_to_move() % 2 == team
    results = []
    for card in iter_cards(position.legal_mask()):
        before = position.team_tricks(team)
        position.push(card)
        results.append(position.team_tricks(team) - before + most_tricks(position, team))
        position.pop()
    return max(results) if ours else min(results)


def kout_positions(game: str, left: int, count: int) -> Iterator[KoutClaimPosition]:
    """Positions of seeded random Kout games with ``left`` tricks to play, at a trick's
    start or in its middle."""
    for seed in range(count):
        state = load_game(game).new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.position
            if p is not None and not p.over and p.hands[p.turn].bit_count() <= left:
                yield KoutClaimPosition(p)
                break
            state.apply_action(rng.choice(state.legal_actions()))


def baloot_positions(left: int, count: int) -> Iterator[BalootClaimPosition]:
    """Positions of seeded random Baloot deals (Sun and Hokom) with ``left`` tricks to
    play."""
    rules = load_game("baloot").rules
    for seed in range(count):
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[8 * i:8 * i + 8]) for i in range(4)]
        p = BalootPosition(rules, hands, seed % 4, rng.choice([None, 0, 1, 2, 3]))
        while p.hands[p.to_move].bit_count() > left or (seed % 2 and len(p.trick) < 2):
            p.push(rng.choice(list(iter_cards(p.legal_mask()))))
        yield BalootClaimPosition(p)


def cases() -> Iterator[tuple[str, ClaimPosition]]:
    """Small positions of every game."""
    for n, p in enumerate(kout_positions("kout6", 2, 12)):
        yield f"kout6-{n}", p
    for n, p in enumerate(kout_positions("kout4", 3, 12)):
        yield f"kout4-{n}", p
    for n, b in enumerate(baloot_positions(3, 16)):
        yield f"baloot-{n}", b


CASES = list(cases())


@pytest.mark.parametrize(("name", "position"), CASES, ids=[c[0] for c in CASES])
def test_the_search_agrees_with_plain_minimax(name: str, position: ClaimPosition) -> None:
    key = position.key()
    for team in (0, 1):
        best = most_tricks(position, team)
        for claimed in range(position.tricks_left() + 1):
            verdict = settle_claim(position, team, claimed)
            assert verdict.holds == (claimed <= best), (name, team, claimed, best)
            assert position.key() == key, "the search left the position changed"
            taken = _replay(position, team, verdict.line)
            assert (taken >= claimed) == verdict.holds, (name, team, claimed, taken)


def _replay(position: ClaimPosition, team: int, line: tuple[int, ...]) -> int:
    """Play the line (each card legal where it is played) and count the claimers' tricks."""
    before = position.team_tricks(team)
    for card in line:
        assert position.legal_mask() >> card & 1, "the line plays an illegal card"
        position.push(card)
    taken = position.team_tricks(team) - before
    assert position.tricks_left() == 0 or not position.legal_mask()
    for _ in line:
        position.pop()
    return taken


def test_a_failed_claim_shows_a_defence_that_beats_it() -> None:
    """The line of a failed claim is a defence: played out, the claimers fall short."""
    failed = 0
    for _name, position in CASES:
        best = most_tricks(position, 0)
        if best < position.tricks_left():
            verdict = settle_claim(position, 0, best + 1)
            assert not verdict.holds and _replay(position, 0, verdict.line) <= best
            failed += 1
    assert failed > 10


def test_a_claim_too_early_is_refused_by_name() -> None:
    position = next(kout_positions("kout6", 9, 1))
    with pytest.raises(ClaimTooLargeError, match="claim later in the hand"):
        settle_claim(position, 0, 5, limit=1_000)


QUESTIONS = sorted((ROOT / "docs" / "examples" / "questions").glob("*claim*.json"))


@pytest.mark.parametrize("path", QUESTIONS, ids=[p.stem for p in QUESTIONS])
def test_judge_answers_the_claim_questions(path: Path) -> None:
    question: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    report = judge_question(question)
    assert isinstance(report["answer"]["holds"], bool)
    assert any(r["id"] == "trick.winner" for r in report["rules"])
    assert len(QUESTIONS) == 3


def test_a_claim_of_more_tricks_than_are_left_is_refused() -> None:
    question = json.loads(QUESTIONS[0].read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="still to play"):
        judge_question({**question, "tricks": 5})


def test_a_claim_of_some_of_the_tricks_is_answered_in_both_families() -> None:
    """A claim of fewer tricks than are left is answered: in Baloot with each side's card
    points as the director's handbook scores it (tests/test_claim_points.py checks them);
    Kout Bo, scored by tricks, by whether it holds."""
    question: dict[str, Any] = json.loads(
        (ROOT / "docs" / "examples" / "questions" / "baloot-claim-last-three.json").read_text(
            encoding="utf-8"))
    assert judge_question({**question, "tricks": 2})["answer"]["holds"] is True
    assert judge_question(question)["answer"]["holds"] is True
    kout: dict[str, Any] = json.loads(
        (ROOT / "docs" / "examples" / "questions" / "kout-claim-bawan.json").read_text(
            encoding="utf-8"))
    assert judge_question({**kout, "tricks": 1})["answer"]["holds"] is True
