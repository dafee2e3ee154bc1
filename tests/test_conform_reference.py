"""The conformance runner charges a failure only where its own reference still gives the
suite's answer. A bug planted in the reference engine of every process (the adapter's and the
runner's alike: a failed Malzoom scored like any failed bid) once charged each of its wrong
answers to every house reading of the game; now those failures are named as the reference
differing from the suite and charged to no rule. An engine that is wrong against a sound
reference is still charged to the rule it breaks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = f"{sys.executable} -m trickrules.cli adapter"
BROKEN = f"{sys.executable} -m tests.adapters.broken malzoom-double"
ONLY = ("--game", "kout6", "--only", "hand-score,game-end")
PLANTED = f'''
import dataclasses, sys
sys.path.insert(0, {str(ROOT)!r})
import trickrules.engine.kout.game, trickrules.engine.kout.rules
compile_rules = trickrules.engine.kout.rules.compile_rules
def without_malzoom(profile):
    return dataclasses.replace(compile_rules(profile), malzoom_failed_points=None)
trickrules.engine.kout.game.compile_rules = without_malzoom
'''
"""``sitecustomize.py`` for every Python process of the run: the reference engine broken."""


def conform(engine: str, env: dict[str, str] | None = None) -> tuple[int, dict[str, Any], str]:
    """``trickrules conform --json`` of the Kout scoring questions: exit status, report, and
    the text summary's last lines."""
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--json",
                           "--engine", engine, "--timeout", "60", *ONLY],
                          capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    return done.returncode, json.loads(done.stdout), done.stderr


def _failed_rules(report: dict[str, Any]) -> set[str]:
    return {rule for rule, tally in report["rules"].items() if tally["failed"]}


def test_a_broken_reference_charges_no_rule(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(PLANTED, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code, report, _ = conform(REFERENCE, env)
    assert code == 1 and report["failed"] > 0, "the planted bug makes answers differ"
    assert _failed_rules(report) == set()
    assert len(report["reference_differs"]) == report["failed"]
    assert report["answers_fit"] == {} and report["no_reading_fits"] == 0


def test_a_broken_engine_against_a_sound_reference_is_charged() -> None:
    code, report, _ = conform(BROKEN)
    assert code == 1 and report["reference_differs"] == []
    assert _failed_rules(report) == {"score.malzoom-failed"}
