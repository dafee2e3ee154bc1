"""The Python API is the command line's: ``trickrules.judge`` takes every situation and
question ``trickrules judge`` takes (a dict or a file) and gives the JSON ``judge --json``
prints; what the command refuses, the function raises as a typed exception."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import trickrules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "docs" / "examples").rglob("*.json"))


def judge_json(path: Path) -> tuple[int, dict[str, object]]:
    """``trickrules judge --json PATH``: exit status and what it printed."""
    done = subprocess.run([sys.executable, "-m", "trickrules", "judge", "--json", str(path)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_judge_gives_what_the_command_prints(example: Path) -> None:
    code, printed = judge_json(example)
    assert code == 0
    assert trickrules.judge(example) == printed
    assert trickrules.judge(json.loads(example.read_text(encoding="utf-8"))) == printed


def test_every_kind_of_example_is_compared() -> None:
    kinds = {"question" in json.loads(p.read_text(encoding="utf-8")) or
             "op" in json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES}
    assert kinds == {True, False}  # questions and whole states


def test_a_situation_no_profile_admits_raises(tmp_path: Path) -> None:
    data = json.loads((ROOT / "docs/examples/last-trick-black-joker-lead.json").read_text())
    state = data.get("state", data)
    seats = list(state["hands"])
    state["hands"][seats[1]] = [*state["hands"][seats[1]], state["hands"][seats[0]][0]]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, printed = judge_json(path)
    assert code == 2
    with pytest.raises(trickrules.SituationError) as raised:
        trickrules.judge(path)
    assert raised.value.report == printed and "admits" in str(raised.value)


def test_a_file_that_is_not_json_is_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.json"):
        trickrules.judge(path)
    with pytest.raises(ValueError, match="cannot read"):
        trickrules.judge(tmp_path / "missing.json")
