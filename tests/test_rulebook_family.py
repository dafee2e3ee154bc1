"""``rulebook --game FAMILY`` needs a verification of that family's games only: a report of
Baloot alone builds Baloot's book, and without a current report only Baloot is verified."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console

import trickrules.cli.rulebook as rulebook
import trickrules.cli.verify as verify_command
from trickrules.proofs.verify.cache import inputs_digest
from trickrules.proofs.verify.report import seal


def _report(games: list[str]) -> dict[str, Any]:
    report: dict[str, Any] = {"inputs": inputs_digest(), "sources": {}, "results": [],
                              "games": games}
    seal(report)
    return report


def test_a_report_of_one_family_serves_that_family_only(tmp_path: Path) -> None:
    path = tmp_path / "baloot-report.json"
    path.write_text(json.dumps(_report(["baloot"])), encoding="utf-8")
    console = Console(file=io.StringIO())
    assert rulebook.current_report(path, console, families=["baloot"])["games"] == ["baloot"]
    with pytest.raises(ValueError, match="lacks the source checks or a game of kout6"):
        rulebook.current_report(path, console)


def test_without_a_report_only_the_family_is_verified(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    def verification(console: Console, catalogue: object, games: list[str],
                     *rest: object) -> SimpleNamespace:
        asked.append(games)
        return SimpleNamespace(report=_report(games))

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(verify_command, "run_verification", verification)
    options = SimpleNamespace(no_cache=False, cache_dir=None, jobs=None)
    console = Console(file=io.StringIO())
    report = rulebook.current_report(None, console, options,  # type: ignore[arg-type]
                                     families=["baloot"])
    assert asked == [["baloot"]] and report["games"] == ["baloot"]
    assert json.loads((tmp_path / "build" / "verify-report.json").read_text())["games"] \
        == ["baloot"]
