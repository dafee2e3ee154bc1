"""Rule bugs planted in Kout's engine, one at a time, and caught by the cross-check theorems
that ``trickrules verify --no-sources`` runs (``crosscheck.score-game-end`` and
``crosscheck.small-scope``): each refutes with a witness naming the case, and the unbroken
engine gives proved. The bugs are ones the verifier once missed (issue 37)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import trickrules.engine.kout.ranking
import trickrules.engine.kout.rules
import trickrules.engine.kout.state
import trickrules.proofs.kout.crosscheck
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import Rules
from trickrules.engine.kout.scoring import HandScore, game_winner, score_hand
from trickrules.engine.masks import CardSet
from trickrules.proofs.kout.crosscheck import EngineSide, engine_side
from trickrules.proofs.kout.theorems import THEOREMS
from trickrules.proofs.smt.solver import Result
from trickrules.spec.cards import JACK, SUITS, Card, Suit, make_card
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile

KOUT6 = family_catalogue("kout").profile("kout6-default")
KOUT4 = family_catalogue("kout").profile("kout4-default")


def _theorem(theorem_id: str, profile: Profile) -> Result:
    """Run the registered cross-check theorem ``theorem_id`` on ``profile``."""
    theorem = next(t for t in THEOREMS if t.id == theorem_id)
    assert theorem.crosscheck
    return theorem.check(profile)


def _plant(monkeypatch: pytest.MonkeyPatch, **functions: Any) -> None:
    """Give the scoring grid an engine with some of its functions replaced."""
    def broken(profile: Profile) -> EngineSide:
        return engine_side(profile)._replace(**functions)

    monkeypatch.setattr(trickrules.proofs.kout.crosscheck, "_engine", broken)


def _malzoom_made_scores_10(rules: Rules, contract: Contract,
                            won: tuple[int, int]) -> HandScore:
    """Bug (a): a made Malzoom scores 10 instead of its bid."""
    result = score_hand(rules, contract, won)
    return result._replace(points=10) if result.made and contract.malzoom else result


def _ends_one_early(rules: Rules, scores: tuple[int, int], hand_index: int, contract: Contract,
                    result: HandScore) -> int | None:
    """Bug (b): the game ends at one point below the target."""
    return game_winner(dataclasses.replace(rules, target=rules.target - 1), scores, hand_index,
                       contract, result)


def _bawan_wins_any_hand(rules: Rules, scores: tuple[int, int], hand_index: int,
                         contract: Contract, result: HandScore) -> int | None:
    """Bug (c): a made Bawan wins the game in any hand, not only the first."""
    return game_winner(rules, scores, 0, contract, result)


def test_the_unbroken_engine_is_proved() -> None:
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "proved" and result.witness["hand ends"] > 5000


def test_a_made_malzoom_scoring_10_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, score_hand=_malzoom_made_scores_10)
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "refuted"
    assert result.witness["case"].startswith("team 0 Malzoom 5, won 5 tricks")
    assert "scores 10-0" in result.witness["engine"] and "scores 5-0" in result.witness["model"]


def test_a_game_ending_one_point_early_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, game_winner=_ends_one_early)
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "refuted"
    assert result.witness["engine"].endswith("100, team 1 wins the game")
    assert result.witness["model"].endswith("100, game goes on")


def test_a_bawan_winning_a_later_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, game_winner=_bawan_wins_any_hand)
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "refuted"
    assert "(Bawan), won 9 tricks, hand 1" in result.witness["case"]
    assert result.witness["engine"].endswith("team 0 wins the game")
    assert result.witness["model"].endswith("game goes on")


def test_a_bawan_winning_a_later_hand_in_the_engine_states_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same bug where the engine's states call the game-end rule: the grid's hands played
    out through the states catch it."""
    monkeypatch.setattr(trickrules.engine.kout.state, "game_winner", _bawan_wins_any_hand)
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "refuted"
    assert result.witness["case"].endswith(", hand 1, scores before 0-1 (played out)")
    assert result.witness["engine"].endswith("team 0 wins the game")


def test_the_auction_making_every_forced_bid_malzoom_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def every_forced_malzoom(profile: Profile) -> dict[tuple[int, bool], Contract]:
        """The engine's contracts, with every forced bid Malzoom."""
        made = trickrules.proofs.kout.crosscheck.auction_contracts(profile)
        return {k: dataclasses.replace(c, malzoom=c.forced) for k, c in made.items()}

    _plant(monkeypatch, contracts=every_forced_malzoom)
    result = _theorem("crosscheck.score-game-end", KOUT6)
    assert result.verdict == "refuted" and "(9, True): True" in result.witness["engine"]


def _honours_without_the_jack(kind: str, deck_mask: CardSet) -> tuple[CardSet, ...] | None:
    """Bug (d): the honours that allow a Joker lead omit the Jack of trump."""
    honours = ORIGINAL_HONOURS(kind, deck_mask)
    if honours is None or kind != "ace-king-queen-jack":
        return honours
    return tuple(m & ~(1 << make_card(suit, JACK)) for suit, m in zip(SUITS, honours, strict=True))


ORIGINAL_HONOURS = trickrules.engine.kout.rules._honours


def test_honours_without_the_jack_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.engine.kout.rules, "_honours", _honours_without_the_jack)
    result = _theorem("crosscheck.small-scope", KOUT4)
    assert result.verdict == "refuted"
    first = result.witness["first"]
    assert first.startswith("trick (lead), bid 5 by seat 1, trumps not yet played")
    assert "JS" in first and "engine" in first


ORIGINAL_STRENGTH = trickrules.engine.kout.ranking.card_strength


def _low_trumps_upside_down(card: Card, trump: Suit, follow: Suit, worthless: CardSet = 0) -> int:
    """Trumps below the Jack ranked in reverse (the 7 above the 9)."""
    strength = ORIGINAL_STRENGTH(card, trump, follow, worthless)
    suit, rank = divmod(card, 13)
    if card < 52 and suit == trump and rank < JACK:
        return trickrules.engine.kout.ranking.TRUMP_BASE_STRENGTH + JACK - 1 - rank
    return strength


def test_low_trumps_upside_down_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.engine.kout.ranking, "card_strength", _low_trumps_upside_down)
    result = _theorem("crosscheck.small-scope", KOUT4)
    assert result.verdict == "refuted"
    assert "9S" in result.witness["first"] and "7S" in result.witness["first"]
    assert "engine seat" in result.witness["first"]
