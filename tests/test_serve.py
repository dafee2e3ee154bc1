"""``trickrules serve`` without a browser: the HTTP API answers what ``trickrules judge --json``
prints, follows its own OpenAPI document, refuses hostile requests with a 4xx naming the
field (never a 500, never a hang), and the form pages rule on what a player types."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest

with warnings.catch_warnings():  # Starlette's note on the next httpx; the client is the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from trickrules.serve import app as serve_app
from trickrules.serve.openapi import openapi_document
from trickrules.serve.situations import example_question, game_facts
from trickrules.spec.registry import game_ids

ROOT = Path(__file__).resolve().parent.parent
HOKOM_81 = ROOT / "docs" / "examples" / "questions" / "hokom-81-of-162.json"
KOUT_JOKER = ROOT / "docs" / "examples" / "questions" / "kout-joker-lead.json"


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The application, called in-process; a server error is a response, as a user sees it."""
    return TestClient(serve_app.create_app(), raise_server_exceptions=False)


def judge_json(path: Path) -> dict[str, Any]:
    """What ``trickrules judge --json`` prints for a file."""
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "judge", str(path), "--json"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.parametrize("path", [HOKOM_81, KOUT_JOKER], ids=["hokom-81", "kout-joker"])
def test_a_question_gets_what_judge_prints(client: TestClient, path: Path) -> None:
    question = json.loads(path.read_text(encoding="utf-8"))
    got = client.post(f"/api/{question['game']}/{question['op']}", json=question)
    assert got.status_code == 200, got.text
    assert got.json() == judge_json(path)


def test_a_whole_state_gets_what_judge_prints(client: TestClient) -> None:
    path = ROOT / "spec" / "baloot" / "examples" / "hokom-last-trick.json"
    got = client.post("/api/state", content=path.read_bytes())
    assert got.status_code == 200, got.text
    assert got.json() == judge_json(path)


def test_the_openapi_document_is_valid_and_describes_every_route(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    # imported here: the validator costs each worker a second while the tests are collected
    from openapi_spec_validator import validate

    validate(document)
    expected = {f"/api/{g}/{op}" for g in game_ids() for op in game_facts(g).ops}
    assert set(document["paths"]) == expected | {"/api/state"}
    assert "hand-score" in game_facts("kout6").ops and "doubling" not in game_facts("kout6").ops


def _component(document: dict[str, Any], name: str) -> dict[str, Any]:
    """A component schema with its references resolvable (the whole document as root)."""
    return {"$ref": f"#/components/schemas/{name}", "components": document["components"]}


@pytest.mark.parametrize("game", game_ids())
def test_every_question_form_is_answered_as_its_schemas_say(client: TestClient,
                                                            game: str) -> None:
    """The suite's smallest case of each form, asked over HTTP: the question follows the
    form's request schema and the answer its response schema, both from the document."""
    document = openapi_document()
    for op in game_facts(game).ops:
        question = example_question(game_facts(game), op)
        operation = document["paths"][f"/api/{game}/{op}"]["post"]
        request = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        jsonschema.validate(question, _component(document, request.rsplit("/", 1)[-1]))
        got = client.post(f"/api/{game}/{op}", json=question)
        assert got.status_code == 200, (op, got.text)
        report = operation["responses"]["200"]["content"]["application/json"]["schema"]
        jsonschema.validate(got.json(), {**report, "components": document["components"]})
        assert got.json()["rules"], f"{game} {op}: no rule decides the answer"


def test_every_form_page_opens_with_an_example_and_rules_on_it(client: TestClient) -> None:
    """Each question's page, as a player first opens it and asks with the example it shows."""
    for game in game_ids():
        for op in (*game_facts(game).ops, "state"):
            page = client.get(f"/ask/{game}/{op}")
            assert page.status_code == 200, (game, op)
    claim = client.get("/ask/baloot/claim").text
    assert 'name="team"' in claim and 'name="tricks"' in claim
    assert 'name="situation.hands.3"' in claim


def test_a_broken_answer_schema_is_caught() -> None:
    """The response check above can fail: an answer without a field its schema requires."""
    document = openapi_document()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"cards": [0, 16]}, _component(document, "answer-baloot-hand-score"))


HOSTILE = [
    ("huge", "/api/baloot/hand-score", b'{"a": "' + b"x" * 70_000 + b'"}', 413, "larger"),
    ("deep", "/api/state", b"[" * 30_000 + b"]" * 30_000, 400, "nested"),
    ("malformed", "/api/kout6/hand-score", b'{"contract": ', 400, "not JSON"),
    ("not utf-8", "/api/kout6/hand-score", b'{"x": "\xff"}', 400, "UTF-8"),
    ("not an object", "/api/kout6/hand-score", b"[1, 2]", 422, "JSON object"),
    ("unknown card", "/api/kout6/legal-plays",
     json.dumps({**json.loads(KOUT_JOKER.read_text()),
                 "situation": {**json.loads(KOUT_JOKER.read_text())["situation"],
                               "trick": ["ZZ"]}}).encode(), 422, "trick"),
    ("wrong type", "/api/baloot/hand-score", b'{"contract": "sun", "card_points": "lots"}',
     422, "question"),
    ("game mismatch", "/api/kout4/hand-score", b'{"game": "baloot"}', 422, "question.game"),
    ("unknown game", "/api/chess/hand-score", b"{}", 404, "chess"),
    ("unknown form", "/api/baloot/perft", b"{}", 404, "perft"),
    ("state without game", "/api/state", b'{"hands": {}}', 422, "game"),
]


@pytest.mark.parametrize(("path", "body", "status", "says"),
                         [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_a_hostile_request_gets_a_4xx_naming_what(client: TestClient, path: str, body: bytes,
                                                  status: int, says: str) -> None:
    got = client.post(path, content=body, headers={"content-type": "application/json"})
    assert got.status_code == status, got.text
    assert says in got.json()["error"]


def test_a_lying_content_length_is_refused_before_reading(client: TestClient) -> None:
    got = client.post("/api/state", content=b"{}", headers={"content-length": "999999999"})
    assert got.status_code in (400, 413)


def _hokom_form(points: tuple[str, str]) -> dict[str, str]:
    return {"contract": "hokom", "declarer_team": "0", "multiplier": "1",
            "card_points.0": points[0], "card_points.1": points[1], "projects.team": "none",
            "projects.points": "0", "baloot.0": "0", "baloot.1": "0"}


KOUT_FORM = {"situation.trump": "S", "situation.contract.seat": "1",
             "situation.contract.bid": "5", "situation.hands.0": "BJ AS 2H 3D 4D 5D 6D 7D 8D",
             "situation.tricks_won.0": "0", "situation.tricks_won.1": "0",
             "situation.leader": "0"}
"""A Kout 6 lead: only the leader's hand is set."""


def test_the_form_rules_on_what_a_player_typed(client: TestClient) -> None:
    page = client.post("/ask/baloot/hand-score", data=_hokom_form(("81", "81")))
    assert page.status_code == 200
    expected = judge_json(HOKOM_81)
    assert "made: yes" in page.text and expected["answer"]["made"] is True
    number = next(r["number"] for r in expected["rules"] if r["id"] == "score.hokom-threshold")
    assert f"Rule {number} " in page.text
    assert "House options that answer otherwise" in page.text


def test_a_mistake_in_the_form_names_the_field(client: TestClient) -> None:
    page = client.post("/ask/baloot/hand-score", data=_hokom_form(("eighty", "81")))
    assert page.status_code == 422
    assert "card points / side 0: &#x27;eighty&#x27; is not a whole number" in page.text
    kout = client.post("/ask/kout6/legal-plays",
                       data={**KOUT_FORM, "situation.hands.0": "AS XX"})
    assert kout.status_code == 422
    assert "situation / hands / seat 0: &#x27;XX&#x27; is not a card" in kout.text


def test_the_rest_of_the_deal_is_dealt_for_the_player(client: TestClient) -> None:
    """Only the mover's hand is set; the other hands are dealt, and the ruling comes."""
    form = {**KOUT_FORM, "deal_rest": "on"}
    page = client.post("/ask/kout6/legal-plays", data=form)
    assert page.status_code == 200, page.text[:2000]
    assert "The ruling" in page.text
    drawn = page.text.split('<table class="situation">')[1].split("</table>")[0]
    assert "Seat 0 (team 0), to play" in drawn and "bid 5 by seat 1" in drawn
    assert drawn.count("data-card=") == 6 * 9 + 1  # every hand, and the trump suit's sign
    without = client.post("/ask/kout6/legal-plays", data={k: v for k, v in form.items()
                                                          if k != "deal_rest"})
    assert without.status_code == 422


def test_a_rule_link_without_a_rulebook_says_how_to_serve_one(client: TestClient) -> None:
    page = client.get("/rulebook/baloot/rules-7.html")
    assert page.status_code == 404 and "trickrules rulebook --no-pdf" in page.text


def test_the_rulebook_is_served_and_linked(tmp_path: Path) -> None:
    (tmp_path / "baloot").mkdir()
    (tmp_path / "index.html").write_text("<html>book</html>")
    (tmp_path / "baloot" / "rules-7.html").write_text("<html>rules 7</html>")
    client = TestClient(serve_app.create_app(tmp_path), raise_server_exceptions=False)
    assert client.get("/rulebook/baloot/rules-7.html").text == "<html>rules 7</html>"
    page = client.post("/ask/baloot/hand-score", data=_hokom_form(("81", "81")))
    assert 'href="/rulebook/baloot/rules-' in page.text


@pytest.mark.parametrize(("args", "says"), [
    (["--rulebook", "/nonexistent"], "no index.html"),
    (["--port", "70000"], "not a port"),
])
def test_serve_refuses_bad_options(args: list[str], says: str) -> None:
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "serve", *args],
                          capture_output=True, text=True, check=False, timeout=30)
    assert done.returncode == 2 and says in done.stderr


def test_a_request_for_another_host_is_refused() -> None:
    """DNS rebinding: bound to the loopback address, the server answers this machine's names
    and those given with --allow-host, and refuses a page that reached it under another."""
    from starlette.testclient import TestClient

    hosts = serve_app.allowed_hosts("127.0.0.1", ["tables.example"])
    client = TestClient(serve_app.create_app(None, hosts), raise_server_exceptions=False)
    for name in ("127.0.0.1:8000", "localhost:8000", "tables.example"):
        assert client.get("/", headers={"host": name}).status_code == 200, name
    assert client.get("/", headers={"host": "evil.example:8000"}).status_code == 400
    assert serve_app.allowed_hosts("0.0.0.0", []) == ["*"]
    assert "evil.example" not in serve_app.allowed_hosts("0.0.0.0", ["tables.example"])
