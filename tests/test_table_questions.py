"""The table's questions (who deals next, the cut, a card exposed in the deal, who leads
first) asked of ``judge`` and of ``serve`` as a player asks them: each answered under the
rulebook's rules, with a form on the page; a question a game does not have is refused naming
``question.op`` (exit 2), never an internal error. The expected answers are the rule texts'
(rules 202, 203, 205, 315 and 501), worked by hand."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette's note on the next httpx; the client is the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from trickrules.cli.main import main
from trickrules.serve.app import create_app

CUT_CHOICES = {"cut", "go", "shuffle", "public-first", "top-three", "bottom-three-self",
               "bottom-three-partner"}
"""Rule 203: the player on the dealer's left cuts, says go, shuffles once, makes the top card
the public card, takes the top three or takes the bottom three or gives them to the partner."""

TABLE = [
    # the deal passes to the dealer's right, the next in turn order: seat 2 -> 3, 5 -> 0
    ("baloot", "next-dealer", {"dealer": 2, "ended": "played"}, {"dealer": 3}),
    ("baloot", "next-dealer", {"dealer": 3, "ended": "all-passed"}, {"dealer": 0}),
    ("kout6", "next-dealer", {"dealer": 5}, {"dealer": 0}),
    ("kout4", "next-dealer", {"dealer": 1}, {"dealer": 2}),
    # the player on the dealer's right leads, whoever bought
    ("baloot", "first-lead", {"dealer": 3, "declarer": 1, "contract": "sun"}, {"leader": 0}),
    # an exposed card stays with its player, unless it is an Ace: then a new deal
    ("baloot", "exposed-card", {"dealer": 0, "seat": 2, "card": "7H"}, {"outcomes": ["keep"]}),
    ("baloot", "exposed-card", {"dealer": 0, "seat": 1, "card": "AS"},
     {"outcomes": ["redeal"]}),
]
IDS = [f"{game}:{op}:{n}" for n, (game, op, _, _) in enumerate(TABLE)]


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The web application, called in-process."""
    return TestClient(create_app(), raise_server_exceptions=False)


def _judged(tmp_path: Path, question: dict[str, Any],
            capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any] | str]:
    """``trickrules judge --json`` on a question file: its exit status, and its JSON (or its
    error text)."""
    path = tmp_path / "question.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    code = main(["judge", str(path), "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else err)


@pytest.mark.parametrize("game, op, body, answer", TABLE, ids=IDS)
def test_judge_answers_the_tables_questions(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            game: str, op: str, body: dict[str, Any],
                                            answer: dict[str, Any]) -> None:
    code, report = _judged(tmp_path, {"game": game, "op": op, **body}, capsys)
    assert code == 0, report
    assert isinstance(report, dict)
    assert report["answer"] == answer
    assert report["rules"], "the rules deciding it are named"


@pytest.mark.parametrize("game, op, body, answer", TABLE, ids=IDS)
def test_serve_answers_the_tables_questions(client: TestClient, game: str, op: str,
                                            body: dict[str, Any], answer: dict[str, Any]) -> None:
    response = client.post(f"/api/{game}/{op}", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["answer"] == answer


def test_the_cutters_choices_are_rule_203s(client: TestClient, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _judged(tmp_path, {"game": "baloot", "op": "cut", "dealer": 1}, capsys)
    assert code == 0 and isinstance(report, dict), report
    assert set(report["answer"]["choices"]) == CUT_CHOICES
    served = client.post("/api/baloot/cut", json={"dealer": 1}).json()
    assert set(served["answer"]["choices"]) == CUT_CHOICES


@pytest.mark.parametrize("game, op", [("baloot", "next-dealer"), ("baloot", "cut"),
                                      ("baloot", "exposed-card"), ("baloot", "first-lead"),
                                      ("kout6", "next-dealer")])
def test_each_table_question_has_a_form_on_the_page(client: TestClient, game: str,
                                                    op: str) -> None:
    page = client.get(f"/ask/{game}/{op}")
    assert page.status_code == 200
    assert '<form method="post"' in page.text
    assert f'href="/ask/{game}/{op}"' in client.get("/").text


def test_a_question_the_game_has_not_is_refused_naming_the_op(
        client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, error = _judged(tmp_path, {"game": "kout4", "op": "cut", "dealer": 2}, capsys)
    assert code == 2
    assert "question.op: 'cut' is not a question of kout4" in str(error)
    assert client.post("/api/kout4/cut", json={"dealer": 2}).status_code == 404
