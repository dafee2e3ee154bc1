"""``judge`` on the conformance protocol's small question forms: the answer under the
rulebook's profile is the suite's expected answer, with the rules deciding it, and the house
options that answer otherwise are listed; a bad question is refused naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import shipped_suite

from trickrules.cli.main import main
from trickrules.proofs.conformance.protocol import canonical, definition
from trickrules.rulings.question import QUESTION_OPS, judge_question

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples" / "questions"


def _first_vectors() -> list[tuple[str, dict[str, object]]]:
    """One must-vector of every question form of every game, from the shipped suites."""
    found = {}
    for family in ("kout", "baloot"):
        for vector in shipped_suite(family).vectors:
            key = (vector["game"], vector["op"])
            if vector["group"] == "must" and vector["op"] in QUESTION_OPS and key not in found:
                found[key] = vector
    return [(f"{g}:{o}", v) for (g, o), v in sorted(found.items())]


FIRST = _first_vectors()


@pytest.mark.parametrize("name, vector", FIRST, ids=[n for n, _ in FIRST])
def test_a_question_gets_the_suites_answer(name: str, vector: dict[str, object]) -> None:
    game, op = str(vector["game"]), str(vector["op"])
    request = vector["request"]
    assert isinstance(request, dict)
    report = judge_question({"game": game, "op": op, **request})
    shape = definition("response", game, op)
    assert canonical(shape, report["answer"]) == canonical(shape, vector["expect"])
    assert report["rules"] and all(r["id"] for r in report["rules"])


def test_the_hokom_81_of_162_question(capsys: pytest.CaptureFixture[str]) -> None:
    """The buyers took exactly half in Hokom: made under the rulebook (rule 706, at least
    81), failed under the house option at least 82."""
    path = EXAMPLES / "hokom-81-of-162.json"
    assert main(["judge", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["answer"]["made"] is True
    assert "score.hokom-threshold" in {r["id"] for r in report["rules"]}
    made = {next(iter(h["option"].items())): h["answer"]["made"] for h in report["house"]
            if "answer" in h}
    assert made[("score.hokom-threshold", "at-least-82")] is False
    assert main(["judge", str(path)]) == 0
    out = capsys.readouterr().out
    assert "What makes a Hokom" in out and "House options that answer differently" in out
    threshold = next(r for r in report["rules"] if r["id"] == "score.hokom-threshold")
    assert "<<" not in json.dumps(report) and "81 of the 162 card points" in threshold["rule"]


def test_the_kout_joker_lead_question(capsys: pytest.CaptureFixture[str]) -> None:
    """Leading the black Joker against a bid of 5: not allowed by the rulebook, allowed by the
    house option that lets a Joker be led at any time."""
    assert main(["judge", str(EXAMPLES / "kout-joker-lead.json"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "BJ" not in report["answer"]["cards"]
    assert any(h["option"] == {"joker.unqualified-lead": "any-time"}
               and "BJ" in h["answer"]["cards"] for h in report["house"])


@pytest.mark.parametrize("question, field", [
    ({"game": "baloot", "op": "guess"}, "question.op"),
    ({"game": "chess", "op": "hand-score"}, "question.game"),
    ({"game": "baloot", "op": "hand-score", "contract": "hokom"}, "declarer_team"),
    ({"game": "kout6", "op": "legal-plays", "situation": {"trump": "X"}}, "question:")])
def test_a_bad_question_is_refused_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], question: dict[str, object],
        field: str) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert field in err and "Traceback" not in err
