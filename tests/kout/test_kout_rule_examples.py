"""Kout's rule examples catch a broken engine and a broken model, each on its own side."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from trickrules.engine.kout.scoring import HandScore
from trickrules.proofs.rule_examples import check_rule_example
from trickrules.spec.loader import family_catalogue

CATALOGUE = family_catalogue("kout")
assert CATALOGUE.rulebook is not None
EXAMPLES = {e.id: e for e in CATALOGUE.rulebook.examples}


def test_an_engine_that_scores_a_failed_bid_once_fails_its_example(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickrules.engine.kout import scoring

    real = scoring.score_hand

    def once(rules: Any, contract: Any, won: Any) -> HandScore:
        result = real(rules, contract, won)
        return result if result.made else HandScore(False, result.team, contract.bid)

    monkeypatch.setattr(scoring, "score_hand", once)
    monkeypatch.setattr("trickrules.engine.kout.state.score_hand", once, raising=False)
    failures = check_rule_example(CATALOGUE, EXAMPLES["bid-failed"]).failures
    assert any("the engine gives score" in f for f in failures), failures
    assert not any("the model gives" in f for f in failures)


def test_a_model_that_lets_the_leader_win_fails_the_trump_example(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickrules.proofs.kout.evaluator import ModelEvaluator

    monkeypatch.setattr(ModelEvaluator, "trick_winner", lambda self, s, cards: s.leader)
    failures = check_rule_example(CATALOGUE, EXAMPLES["a-low-trump-wins"]).failures
    assert any("the model gives tricks = [2]" in f for f in failures), failures
    assert not any("the engine gives" in f for f in failures)


def test_the_joker_example_tells_the_house_option_apart() -> None:
    """Under the house option ``joker.counts-as-trump = optional`` the engine and the model
    both let the heart be played too, so the example of the ruled reading would fail there."""
    from trickrules.proofs.rule_examples import engine_answers, example_profile, model_answers

    example = replace(EXAMPLES["joker-owed-as-trump"], then=())
    house = example_profile(CATALOGUE, example).pin({"joker.counts-as-trump": "optional"})
    assert engine_answers(example, house)["legal"] == ["2H", "BJ"]
    assert model_answers(example, house) == ({"legal": ["2H", "BJ"]}, "")
