"""Scoring and game-end rules; expected points are taken from source 000's chart."""

from __future__ import annotations

import itertools

import pytest
from helpers import variant

from trickrules.engine.kout.game import KoutGame
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.scoring import HandScore, game_winner, score_hand

RULES = KoutGame("kout6").rules


@pytest.mark.parametrize(
    ("bid", "forced", "malzoom", "made_points", "failed_points"),
    [
        (5, True, True, 5, 5),  # Malzom
        (5, False, False, 5, 10),  # Bab
        (6, False, False, 6, 12),
        (7, False, False, 7, 14),
        (8, False, False, 8, 16),
        (9, False, False, 36, 18),  # Bawan
    ],
)
def test_score_chart(bid: int, forced: bool, malzoom: bool, made_points: int,
                     failed_points: int) -> None:
    contract = Contract(1, bid, forced, malzoom)
    assert score_hand(RULES, contract, (9 - bid, bid)) == HandScore(True, 1, made_points)
    assert score_hand(RULES, contract, (10 - bid, bid - 1)) == HandScore(False, 0, failed_points)


def test_score_made_ignores_overtricks() -> None:
    assert score_hand(RULES, Contract(0, 6, False, False), (8, 1)).points == 6


def test_score_malzoom_failed_double_bid_reading() -> None:
    rules = variant(score__malzoom_failed="double-bid").rules
    assert score_hand(rules, Contract(0, 5, True, True), (4, 5)) == HandScore(False, 1, 10)


def test_score_malzoom_failed_only_under_5_tricks_reading() -> None:
    """002's "fails to achieve 5 Lamas" read as written: a Malzoom 6 failed with 5 tricks
    scores as any failed bid (12), with 4 tricks the Malzoom 5; the ruling gives 5 to both."""
    rules = variant(score__malzoom_failed="5-if-under-5").rules
    assert score_hand(rules, Contract(0, 6, True, True), (5, 4)) == HandScore(False, 1, 12)
    assert score_hand(rules, Contract(0, 6, True, True), (4, 5)) == HandScore(False, 1, 5)
    assert score_hand(RULES, Contract(0, 6, True, True), (5, 4)) == HandScore(False, 1, 5)


def _after(scores: tuple[int, int], result: HandScore, hand: int = 3, bid: int = 6) -> int | None:
    return game_winner(RULES, scores, hand, Contract(result.team, bid, False, False), result)


def test_game_target() -> None:
    assert _after((101, 40), HandScore(True, 0, 6)) == 0
    assert _after((100, 40), HandScore(True, 0, 6)) is None


def test_game_shutout() -> None:
    assert _after((0, 51), HandScore(True, 1, 7)) == 1
    assert _after((0, 50), HandScore(True, 1, 7)) is None
    assert _after((5, 60), HandScore(True, 1, 7)) is None
    rules = variant(game__shutout="none").rules
    result = HandScore(True, 1, 7)
    assert game_winner(rules, (0, 60), 3, Contract(1, 7, False, False), result) is None


def test_game_bawan_first_hand() -> None:
    made = HandScore(True, 0, 36)
    assert _after((36, 0), made, hand=0, bid=9) == 0
    assert _after((36, 5), made, hand=1, bid=9) is None
    rules = variant(game__bawan_first_hand="no-effect").rules
    assert game_winner(rules, (36, 0), 0, Contract(0, 9, False, False), made) is None


def test_dealer_rotation() -> None:
    from trickrules.engine.kout.record import play_random_game

    for game, step in ((KoutGame("kout6"), 1),
                       (variant(dealer__rotation="against-turn-order"), -1)):
        state = play_random_game(game, 11)
        dealers = [r.dealer for r in state.records]
        assert len(dealers) > 2
        assert all(b == (a + step) % 6 for a, b in itertools.pairwise(dealers))
