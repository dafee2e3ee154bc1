"""``vectors --check`` on a suite whose record (``made-from.json``) shows it current answers
from the record and the files, without rebuilding the suite (a rebuild took minutes on a
loaded machine); a suite the record cannot show current is still rebuilt and compared."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest

from trickrules.cli.main import main
from trickrules.proofs.conformance.made_from import write_record
from trickrules.proofs.conformance.suite import suite_dir
from trickrules.spec.registry import family as family_record

FAMILY = "baloot"


@pytest.fixture
def current_copy(tmp_path: Path) -> Path:
    """A copy of the shipped suite, recorded as made from the present inputs (the working
    tree's rule data may be ahead of the committed record)."""
    copy = tmp_path / "suite"
    shutil.copytree(suite_dir(FAMILY), copy)
    recorded = json.loads((copy / "made-from.json").read_text(encoding="utf-8"))["files"]
    files = {name: (copy / name).read_text(encoding="utf-8") for name in recorded}
    write_record(files, copy)
    return copy


def _lines_per_group(suite: Path) -> dict[str, int]:
    """The vectors of each group, counted as lines of its files."""
    return {group: sum(len(p.read_text(encoding="utf-8").splitlines())
                       for p in (suite / group).glob("*.jsonl")) for group in ("must", "variant")}


def test_a_recorded_suite_is_checked_without_a_rebuild(
        current_copy: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    generator = importlib.import_module(family_record(FAMILY).suite_builder)

    def rebuilt(*_: object) -> None:
        raise AssertionError("vectors --check rebuilt a suite its record shows current")

    monkeypatch.setattr(generator, "build_suite", rebuilt)
    monkeypatch.setattr("trickrules.proofs.conformance.suite.suite_dir",
                        lambda family: current_copy)
    assert main(["vectors", "--check", "--game", FAMILY, "--json"]) == 0
    (summary,) = json.loads(capsys.readouterr().out)["suites"]
    lines = _lines_per_group(current_copy)
    assert summary["stale"] == [] and summary["vectors"] == sum(lines.values())
    assert {g: sum(ops.values()) for g, ops in summary["counts"].items()} == lines


def test_a_suite_edited_after_its_record_is_not_taken_as_current(current_copy: Path) -> None:
    from trickrules.cli.conform import recorded_current

    assert recorded_current(FAMILY, current_copy) is not None
    vectors = current_copy / "must" / "trick-winner.jsonl"
    vectors.write_text(vectors.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert recorded_current(FAMILY, current_copy) is None
