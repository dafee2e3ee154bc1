"""Baloot's rule examples: a broken engine, a broken model, a wrong answer, a question the
model cannot answer and bad example data are each caught."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from trickrules.proofs.rule_examples import check_rule_example
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import family_catalogue
from trickrules.spec.rule_examples import RuleExample, load_rule_examples

CATALOGUE = family_catalogue("baloot")
assert CATALOGUE.rulebook is not None
BOOK = CATALOGUE.rulebook
EXAMPLES = {e.id: e for e in BOOK.examples}


def test_an_engine_whose_tricks_go_to_the_leader_fails_the_trump_example(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("trickrules.engine.baloot.hand.winning_index",
                        lambda rules, cards, trump: 0)
    check = check_rule_example(CATALOGUE, EXAMPLES["jack-and-nine-of-trump"])
    assert [f for f in check.failures if "the engine gives tricks = [0]" in f]
    assert not [f for f in check.failures if "the model gives" in f]


def test_a_model_with_the_plain_order_for_trumps_fails_the_trump_example(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickrules.proofs.baloot import model

    monkeypatch.setattr(model, "trump_strength", model.plain_strength)
    check = check_rule_example(CATALOGUE, EXAMPLES["jack-and-nine-of-trump"])
    assert [f for f in check.failures if "the model gives tricks = [2]" in f], check.failures
    assert not [f for f in check.failures if "the engine gives" in f]


def test_an_answer_the_rule_does_not_give_is_caught_by_both() -> None:
    wrong = replace(EXAMPLES["first-to-152-wins"], expect={"winner": None})
    failures = check_rule_example(CATALOGUE, wrong).failures
    assert any("the engine gives winner = 0" in f for f in failures)
    assert any("the model gives winner = 0" in f for f in failures)


def test_a_question_the_model_cannot_answer_fails_the_example() -> None:
    held = {"1": ["JS", "9H", "10H", "KD", "AD", "7C", "8C"]}
    asked = replace(EXAMPLES["follow-the-suit-led"], expect={"hands": held})
    failures = check_rule_example(CATALOGUE, asked).failures
    assert list(failures) == ["example 'follow-the-suit-led' of rule play.follow-suit "
                        "(examples/sun-follow-suit.json): the model gives no answer: the model "
                        "deals the rest of the cards only from a state of the buying"]


def _spec(tmp_path: Path, toml: str, situation: str = "") -> Path:
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples.toml").write_text(toml, encoding="utf-8")
    if situation:
        (tmp_path / "examples" / "a.json").write_text(situation, encoding="utf-8")
    return tmp_path


ROW = ('[[example]]\nid = "a"\nrule = "{rule}"\nsays = "Ten letters at least."\n'
       'situation = "examples/a.json"\nexpect.tricks = [1]\n')


def test_an_example_of_no_rule_is_refused_at_its_line(tmp_path: Path) -> None:
    base = _spec(tmp_path, "# comment\n\n" + ROW.format(rule="no.such-rule"),
                 json.dumps({"state": {"game": "baloot"}}))
    with pytest.raises(SpecError, match=r"examples.toml:\d+: 'no.such-rule' names no rule"):
        load_rule_examples(base, BOOK.rule_ids(), CATALOGUE.games)


def test_a_broken_situation_file_is_refused_at_its_line(tmp_path: Path) -> None:
    base = _spec(tmp_path, ROW.format(rule="trick.winner"), '{"state": {\n "game": "baloot",\n}')
    with pytest.raises(SpecError, match=r"a.json:3: invalid JSON"):
        load_rule_examples(base, BOOK.rule_ids(), CATALOGUE.games)


def test_every_example_situation_is_a_judge_input() -> None:
    example: RuleExample = EXAMPLES["highest-of-suit-led"]
    shipped = json.loads((Path(__file__).parents[2] / "spec" / "baloot" / example.situation)
                         .read_text(encoding="utf-8"))
    assert shipped == example.judge_input()
