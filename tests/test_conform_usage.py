"""``conform``'s usage: a run that asks nothing (no vector of the ``--only`` types applies,
or the engine's hello declines every one) says so and exits 0; an empty list of types is a
usage error that says no type was given; a suite whose profiles.json names a rule these
games do not have is refused naming that file; an engine that answers nothing gets one
verdict naming the cause and the command, not a table charging every rule; error answers
are counted as refusals, apart from the engine's problems."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from trickrules.proofs.conformance.suite import suite_dir

PERFT_ONLY = (
    "import json, sys\n"
    "from trickrules.kit.reference_adapter import respond\n"
    "for line in sys.stdin:\n"
    "    request = json.loads(line)\n"
    "    reply = respond(request)\n"
    "    if request.get('op') == 'hello':\n"
    "        reply['ops'] = ['perft']\n"
    "    print(json.dumps(reply), flush=True)\n")
"""The reference engine, whose hello says it answers perft questions only."""


def conform(*args: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", *args],
                          capture_output=True, text=True, timeout=600, check=False)
    return done.returncode, done.stdout + done.stderr


def engine(code: str, folder: Path) -> str:
    script = folder / "adapter.py"
    script.write_text(code, encoding="utf-8")
    return f"{sys.executable} {script}"


def test_types_the_engine_declines_are_nothing_asked_not_a_failure(tmp_path: Path) -> None:
    code, out = conform("--engine", engine(PERFT_ONLY, tmp_path), "--game", "kout6",
                        "--only", "legal-plays")
    assert code == 0, out
    assert "NOTHING ASKED" in out and "FAIL" not in out
    assert "not supported: legal-plays" in " ".join(out.split())
    code, out = conform("--engine", engine(PERFT_ONLY, tmp_path), "--game", "kout6",
                        "--only", "legal-plays", "--json")
    report: dict[str, Any] = json.loads(out)
    assert code == 0 and report["nothing_asked"] and report["vectors"] == 0


def test_a_run_that_asks_something_is_not_nothing_asked(tmp_path: Path) -> None:
    code, out = conform("--engine", engine(PERFT_ONLY, tmp_path), "--game", "kout6",
                        "--only", "perft", "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and not report["nothing_asked"] and report["vectors"] > 0


def test_an_empty_list_of_types_says_no_type_was_given() -> None:
    code, out = conform("--engine", "true", "--only", ",")
    assert code == 2
    assert "--only: no type given" in out and ", :" not in out


def test_an_unknown_rule_in_a_suites_profiles_is_named_with_its_file(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(suite_dir("kout"), suite)
    profiles = json.loads((suite / "profiles.json").read_text(encoding="utf-8"))
    profiles["kout4-default"]["rules"]["no.such-rule"] = "x"
    (suite / "profiles.json").write_text(json.dumps(profiles), encoding="utf-8")
    code, out = conform("--engine", "true", "--suite", str(suite))
    assert code == 2
    assert f"{suite / 'profiles.json'}: profile 'kout4-default'" in " ".join(out.split())
    assert "no parameter 'no.such-rule'" in out and "Traceback" not in out


def test_an_engine_that_answers_nothing_gets_one_verdict_not_a_table_of_rules(
        tmp_path: Path) -> None:
    """An engine command that cannot start: the text says the engine answered none of the
    vectors, with the cause and the command to check, and charges no rule in a table (the
    JSON keeps every count)."""
    missing = str(tmp_path / "no-such-engine")
    code, out = conform("--engine", missing, "--game", "kout4", "--only", "hand-score")
    words, compact = " ".join(out.split()), "".join(out.split())  # however the lines wrap
    assert code == 1
    assert "FAIL: the engine answered none of the" in words
    assert "(the shell found no such command: is it on PATH?)" in words
    assert f"--engine({missing})" in compact
    assert "Failures by rule" not in out
    code, out = conform("--engine", missing, "--game", "kout4", "--only", "hand-score",
                        "--json")
    report = json.loads(out)
    assert code == 1 and report["passed"] == 0 and report["problems"]["crash"] >= 1
    assert any(tally["failed"] for tally in report["rules"].values())


def test_an_engine_that_answers_some_requests_keeps_its_table(tmp_path: Path) -> None:
    """The one-line verdict is only for an engine that answered nothing: one that answers
    some requests and crashes once is charged rule by rule."""
    marker = tmp_path / "crashed-once"
    crashing = ("import json, pathlib, sys\n"
                "from trickrules.kit.reference_adapter import respond\n"
                f"marker = pathlib.Path({str(marker)!r})\n"
                "for number, line in enumerate(sys.stdin):\n"
                "    if number == 3 and not marker.exists():  # the first start only\n"
                "        marker.touch()\n"
                "        sys.exit(3)\n"
                "    print(json.dumps(respond(json.loads(line))), flush=True)\n")
    code, out = conform("--engine", engine(crashing, tmp_path), "--game", "kout4",
                        "--only", "hand-score")
    assert code == 1
    assert "Failures by rule" in out and "answered none" not in out


def test_error_answers_are_counted_as_refusals_not_as_engine_problems(tmp_path: Path) -> None:
    """An engine that answers every legal-cards question with an error (the protocol's way
    of refusing a situation as illegal) fails those vectors; the summary counts them as
    refusals, with the first message, and its engine problems stay none."""
    refusing = ("import json, sys\n"
                "from trickrules.kit.reference_adapter import respond\n"
                "for line in sys.stdin:\n"
                "    request = json.loads(line)\n"
                "    reply = respond(request)\n"
                "    if request.get('op') == 'legal-plays':\n"
                "        reply = {'id': request['id'], 'error': 'not a position I allow'}\n"
                "    print(json.dumps(reply), flush=True)\n")
    code, out = conform("--engine", engine(refusing, tmp_path), "--game", "kout4",
                        "--only", "legal-plays")
    words = " ".join(out.split())
    assert code == 1
    assert "refused as illegal (an error answer) where the suite holds the request legal:" \
        in words
    assert "(first: not a position I allow)" in words
    assert "engine problems: none" in words
