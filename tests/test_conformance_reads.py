"""Answers reused across profiles only when every rule the answer read agrees: the suite
builders lean on this to skip house options a question never reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import pytest

from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError
from trickrules.proofs.conformance.reads import ReusedAnswers, RuleReads
from trickrules.spec.model import Profile


@dataclass(frozen=True)
class ToyRules:
    """Two rules; the toy question reads ``follow`` always and ``bonus`` only when asked."""

    follow: bool
    bonus: int

    def doubled(self) -> int:
        """A method: what it reads inside is read through the stand-in."""
        return self.bonus * 2


def toy_answer(profile: Profile, rules: ToyRules, request: dict[str, Any]) -> Answer:
    """Reads ``follow``; reads ``bonus`` (or the method) when the request says so."""
    if request.get("illegal") and not rules.follow:
        raise InvalidRequestError("not a legal situation")
    points = 0
    if request.get("score"):
        points = rules.bonus
    if request.get("method"):
        points = rules.doubled()
    return Answer({"follow": rules.follow, "points": points}, {})


def ask(rules: list[ToyRules],
        request: dict[str, Any]) -> tuple[list[Any], ReusedAnswers[ToyRules]]:
    """Each profile's answer (or the error's text), and the answerer."""
    by_name = {str(i): r for i, r in enumerate(rules)}
    answers = ReusedAnswers(lambda p: by_name[cast(str, p)], toy_answer)
    out: list[Any] = []
    for name in by_name:
        try:
            out.append(answers(cast(Profile, name), request).expect)
        except InvalidRequestError as exc:
            out.append(str(exc))
    return out, answers


def test_a_rule_the_answer_never_read_does_not_recompute() -> None:
    got, answers = ask([ToyRules(True, 10), ToyRules(True, 20), ToyRules(True, 30)], {})
    assert got == [{"follow": True, "points": 0}] * 3
    assert (answers.computed, answers.reused) == (1, 2)


def test_a_rule_the_answer_read_is_compared() -> None:
    rules = [ToyRules(True, 10), ToyRules(True, 20), ToyRules(False, 10), ToyRules(True, 10)]
    got, answers = ask(rules, {"score": True})
    assert [g["points"] for g in got] == [10, 20, 10, 10]
    assert [g["follow"] for g in got] == [True, True, False, True]
    assert (answers.computed, answers.reused) == (3, 1)


def test_a_refusal_is_reused_like_an_answer() -> None:
    got, answers = ask([ToyRules(False, 1), ToyRules(False, 2), ToyRules(True, 1)],
                       {"illegal": True})
    assert got[:2] == ["not a legal situation"] * 2
    assert got[2] == {"follow": True, "points": 0}
    assert answers.reused == 1


def test_what_a_method_reads_is_compared() -> None:
    """A method of the rules runs on the stand-in, so the rules it reads are noted: rules that
    agree on them share the answer, rules that differ get their own."""
    got, answers = ask([ToyRules(True, 1), ToyRules(True, 2), ToyRules(False, 1)],
                       {"method": True})
    assert [g["points"] for g in got] == [2, 4, 2]
    assert (answers.computed, answers.reused) == (3, 0)
    got, answers = ask([ToyRules(True, 1), ToyRules(True, 1)], {"method": True})
    assert [g["points"] for g in got] == [2, 2]
    assert (answers.computed, answers.reused) == (1, 1)


@dataclass(frozen=True)
class TripledRules(ToyRules):
    """The same rules, with other code behind the method."""

    def doubled(self) -> int:
        return self.bonus * 3


def test_a_method_of_other_code_is_not_taken_as_agreeing() -> None:
    """Rules of another class may run other code under the same method name: the class is
    compared too."""
    got, answers = ask([ToyRules(True, 1), TripledRules(True, 1)], {"method": True})
    assert [g["points"] for g in got] == [2, 3]
    assert answers.reused == 0


def test_another_request_starts_afresh() -> None:
    by_name = {"a": ToyRules(True, 1), "b": ToyRules(True, 2)}
    answers = ReusedAnswers(lambda p: by_name[cast(str, p)], toy_answer)
    first = answers(cast(Profile, "a"), {"score": True})
    second = answers(cast(Profile, "b"), {"score": True})
    assert (first.expect["points"], second.expect["points"]) == (1, 2)


def test_the_stand_in_is_read_only() -> None:
    stand_in = RuleReads(ToyRules(True, 1))
    assert stand_in.follow is True
    with pytest.raises(AttributeError):
        stand_in.follow = False
    assert stand_in.reads() == {"follow": True}
