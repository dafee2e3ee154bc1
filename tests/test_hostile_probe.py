"""A standing probe of hostile input on the newer surfaces, cheap enough to run always: the
reference adapter answers every bad request line with one reply and goes on; ``judge``
refuses a bad table question naming the field (exit 2, never an internal error)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from trickrules.cli.main import main
from trickrules.kit.reference_adapter import serve

HELLO = '{"id": 99, "op": "hello", "protocol": "trickrules-conform/1"}'
BAD_LINES = [
    "", "   ", "\x00", "null", "1", '"text"', "[]", "{}", '{"id": "x", "op": "hello"}',
    '{"id": 1.5, "op": "hello"}', '{"id": true, "op": "hello"}', '{"id": NaN, "op": "hello"}',
    '{"id": 1e999}', '{"id": 2, "op": "legal-plays"}', '{"id": 3, "op": "nope"}',
    '{"id": 4, "op": "hello", "protocol": "\\ud800"}', '{"id": 5, "id": 6, "op": "hello"}',
    '\ufeff{"id": 7, "op": "hello"}', '{"id": 8, "op": "perft", "game": "kout6", "rules": {}}',
    '{"id": 10, "op": "legal-plays", "game": "chess", "profile": "p", "rules": {}}',
    '{"id": 11, "op": "cut", "game": "kout6", "profile": "kout6-default", "rules": {}}',
    '{"id": 12', '{"a":' * 50_000 + "1" + "}" * 50_000, "[" * 50_000 + "]" * 50_000,
    '{"id": 13, "op": "hello", "pad": "' + "x" * 1_000_000 + '"}',
]


@pytest.mark.parametrize("line", BAD_LINES, ids=range(len(BAD_LINES)))
def test_the_adapter_answers_a_bad_line_and_goes_on(line: str) -> None:
    out = io.StringIO()
    serve(io.StringIO(line + "\n" + HELLO + "\n"), out)
    replies = [json.loads(reply) for reply in out.getvalue().splitlines()]
    assert len(replies) == 2, replies
    assert "error" in replies[0] or "engine" in replies[0]
    assert replies[1] == {**replies[1], "id": 99} and "engine" in replies[1]


@pytest.mark.parametrize(("question", "field"), [
    ({"game": "kout6", "op": "cut", "dealer": 0}, "question.op"),
    ({"game": "kout6", "op": "exposed-card", "dealer": 0, "seat": 1, "card": "AS"},
     "question.op"),
    ({"game": "baloot", "op": "next-dealer", "dealer": 4, "ended": "played"}, "dealer"),
    ({"game": "baloot", "op": "next-dealer", "dealer": 0, "ended": "never"}, "ended"),
    ({"game": "baloot", "op": "next-dealer", "dealer": 0}, "ended"),
    ({"game": "baloot", "op": "exposed-card", "dealer": 0, "seat": 1, "card": "BJ"}, "card"),
    ({"game": "baloot", "op": "first-lead", "dealer": 0, "declarer": True,
      "contract": "sun"}, "declarer"),
    ({"game": "baloot", "op": "cut", "dealer": "0"}, "dealer"),
    ({"game": "baloot", "op": "cut", "dealer": 0, "extra": 1}, "extra"),
])
def test_judge_refuses_a_bad_table_question_by_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], question: dict[str, object],
        field: str) -> None:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    assert main(["judge", str(path)]) == 2
    error = capsys.readouterr().err
    assert field in error and "internal error" not in error, error
