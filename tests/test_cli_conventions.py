"""The command line keeps its ecosystem's conventions: a version, piped tables that keep every
cell, a closed pipe that is not a failed check, errors as JSON under ``--json``, messages that
name the cause (a missing extra, a proof kit that cannot be imported, an engine that crashed)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trickrules.cli.main import BROKEN_PIPE, main

TRICKRULES = [sys.executable, "-m", "trickrules"]


def _piped(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return subprocess.run([*TRICKRULES, *args], capture_output=True, text=True, check=False,
                          env=env)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "trickrules 0.1.0"


def test_piped_tables_keep_every_cell() -> None:
    """Piped into a file, the tables of ``games`` and ``sources`` are as wide as their cells:
    no cell is cut with an ellipsis (at 80 columns 9 cells of each were)."""
    games = _piped("games")
    assert games.returncode == 0
    assert "…" not in games.stdout and "reconciled profile" in games.stdout
    assert "baloot-default" in games.stdout and "Kout Bo 6" in games.stdout
    sources = _piped("sources")
    assert sources.returncode == 0 and "…" not in sources.stdout
    assert "contradictions" in sources.stdout


def test_a_closed_pipe_ends_quietly_and_is_not_a_failed_check() -> None:
    """``trickrules ... | head -1``: the reader goes away; the command ends with 141, not 1
    (a failed check), and prints no traceback."""
    process = subprocess.Popen([*TRICKRULES, "sources", "--sentences", "004w"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # gone before the command writes its first line
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == BROKEN_PIPE == 141
    assert "Traceback" not in stderr


def test_errors_are_json_under_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--game", "nope", "--json"])
    assert done.value.code == 2
    usage = json.loads(capsys.readouterr().out)["error"]
    assert usage["kind"] == "usage" and usage["code"] == 2 and "nope" in usage["message"]
    assert main(["judge", str(tmp_path / "missing.json"), "--json"]) == 2
    captured = capsys.readouterr()
    error = json.loads(captured.out)["error"]
    assert error["kind"] == "input" and "missing.json" in error["message"]
    assert "missing.json" in captured.err
    with pytest.raises(SystemExit):
        main(["play", "--game", "nope"])
    assert capsys.readouterr().out == ""


def test_conform_names_the_cause_of_a_crash(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """An engine command that is not on PATH: the summary says so, not only the counts."""
    from test_conformance import small_suite

    suite = str(small_suite(tmp_path))
    command = ["conform", "--engine", "no-such-adapter-anywhere", "--suite", suite]
    assert main(command) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "3 crash (" in out and "is it on PATH?" in out and "no-such-adapter-anywhere" in out
    assert main([*command, "--json"]) == 1
    causes = json.loads(capsys.readouterr().out)["problem_causes"]
    assert "127" in causes["crash"]


def test_the_rulebook_says_what_to_install_before_verifying(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Without the docs extra the rulebook stops at once, naming the extra, and writes
    nothing: no verify report, no output folder."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "sphinx" else real(name, *a))
    monkeypatch.chdir(tmp_path)
    assert main(["rulebook", "--no-pdf", "--out", "book"]) == 2
    assert "pip install 'trickrules[docs]'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_proof_kit_that_cannot_be_imported_is_an_internal_error_naming_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A family whose proof kit is missing from the installation (as Baloot's once was from
    the wheel) is a bug of the installation: exit 3 naming the module, never "no Z3 model"."""
    import trickrules.proofs.kit

    broken = tuple(dataclasses.replace(f, proof_kit="proofs.nowhere.kit")
                   if f.name == "baloot" else f for f in trickrules.spec.registry.REGISTRY)
    monkeypatch.setattr(trickrules.spec.registry, "REGISTRY", broken)
    assert trickrules.proofs.kit.kit("kout") is not None
    assert main(["verify", "--game", "baloot", "--profile", "baloot-default"]) == 3
    err = capsys.readouterr().err
    assert "proofs.nowhere.kit" in err and "internal error" in err


def test_game_takes_a_game_or_a_family_where_a_command_works_per_family(
        capsys: pytest.CaptureFixture[str]) -> None:
    from trickrules.spec.registry import family_named

    assert [family_named(g) for g in ("kout6", "kout4", "kout", "baloot")] == [
        "kout", "kout", "kout", "baloot"]
    assert main(["conform", "--engine", "no-such-adapter-anywhere", "--game", "nope"]) == 2
    assert "unknown game or family 'nope'" in capsys.readouterr().err
    assert main(["rulebook", "--game", "nope", "--no-pdf"]) == 2
    assert "unknown game or family 'nope'" in capsys.readouterr().err


def test_the_public_package_judges_and_conforms(tmp_path: Path) -> None:
    """``trickrules.judge`` and ``trickrules.conform`` give what ``--json`` prints."""
    from test_conformance import small_suite

    import trickrules

    examples = Path(trickrules.spec.registry.family_dir("baloot")) / "examples"
    example = examples / "sun-last-trick.json"
    ruling = trickrules.judge(example)
    assert ruling["game"] == "baloot" and "baloot-default" in [
        p["profile"] for p in ruling["profiles"]]
    adapter = f"{sys.executable} -m trickrules adapter"
    run = trickrules.conform(adapter, "kout6", suite=small_suite(tmp_path))
    assert run["ok"] and run["vectors"] == 5
    assert trickrules.__version__ == "0.1.0"


def test_terminal_escapes_from_an_engine_are_shown_not_obeyed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An engine that writes a clear-screen and a window-title sequence to its standard error
    and crashes: the summary names the cause with the sequences written out, and no escape
    character reaches the terminal."""
    from test_conformance import small_suite

    engine = tmp_path / "engine.sh"
    engine.write_text("printf '\\033[2J\\033]0;pwned\\007boom' >&2; exit 3\n", encoding="utf-8")
    assert main(["conform", "--engine", f"sh {engine}", "--suite",
                 str(small_suite(tmp_path))]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J\\x1b]0;pwned\\x07boom" in out.replace("\n", "")


@pytest.mark.parametrize(("shell", "code", "says"), [
    ("odds --json >&-", 141, ""),
    ("play --game baloot --seed 1 >&-", 141, ""),
    ("odds --json >/dev/full", 2, "cannot write or read the output: No space left on device"),
    ("judge - <&-", 2, "standard input:1: not JSON"),
    ("adapter <&-", 0, ""),
])
def test_closed_or_full_streams_are_not_a_bug(shell: str, code: int, says: str) -> None:
    """A closed output is a reader gone (141), a full one a refused file (2), a closed input an
    empty one: never "a bug in trickrules", never a traceback."""
    done = subprocess.run(["sh", "-c", f"{sys.executable} -m trickrules {shell}"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == code, done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr
    assert "bug in trickrules" not in done.stderr


def test_a_cache_that_cannot_be_written_is_refused_before_any_work(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """A --cache-dir under a file, or a $TRICKRULES_CACHE that is a file: a clear error
    naming it, before the verification starts (it once ran the whole verification, then
    exited 3 with no report)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    report = tmp_path / "report.json"
    assert main(["verify", "--profile", "kout4-default", "--cache-dir", str(blocker / "c"),
                 "--report", str(report)]) == 2
    assert f"--cache-dir: cannot write {blocker / 'c'}" in capsys.readouterr().err
    monkeypatch.setenv("TRICKRULES_CACHE", str(blocker))
    assert main(["verify", "--profile", "kout4-default"]) == 2
    err = capsys.readouterr().err
    assert "the result cache ($TRICKRULES_CACHE" in err and "[1/" not in err
    assert not report.exists()


@pytest.mark.parametrize(("content", "says"), [
    ('{"inputs": "x", "games": [', ":1: not JSON"),
    ("[1, 2]", "not a verify report"),
    (None, "a folder, not a verify report"),
    ("\udcff", "not UTF-8"),
])
def test_a_report_that_is_not_one_is_named(content: str | None, says: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``rulebook --report`` (and ``vectors --report``) given a truncated file, a JSON list,
    a folder or bytes that are not text: exit 2 naming the file, never a bare decoder
    message or "a bug"."""
    report = tmp_path / "report.json"
    if content is None:
        report.mkdir()
    else:
        report.write_bytes(content.encode("utf-8", "surrogateescape"))
    for command in (["rulebook", "--no-pdf", "--out", str(tmp_path / "book")],
                    ["vectors", "--game", "kout", "--out", str(tmp_path / "suite")]):
        assert main([*command, "--report", str(report)]) == 2
        err = capsys.readouterr().err
        assert f"{report}" in err and says in err, err
