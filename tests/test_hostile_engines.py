"""The rest of the hostile-engine matrix: an engine that leaves a child in a session of its own,
one that writes without end, one that stops reading its input, and the runner itself stopped
by SIGTERM or Ctrl-C. Each ends with a clear report (or exit code), within the timeouts, and
leaves no process of the run alive."""

from __future__ import annotations

import builtins
import importlib
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from test_conformance import (
    MISBEHAVING,
    WAITS,
    conform,
    processes_with,
    small_suite,
    timeout_for,
)

from trickrules.kit.engine_process import LINES_QUEUED, EngineProcess, Problem


@pytest.mark.parametrize(("way", "kind", "passed"), [
    pytest.param("orphan-new-session", "timeout", 3, marks=WAITS),
    ("flood", "schema", 3),
    pytest.param("never-reads", "timeout", 0, marks=WAITS),
])
def test_more_misbehaving_engines_are_reported(tmp_path: Path, way: str, kind: str,
                                               passed: int) -> None:
    token = uuid.uuid4().hex
    code, report, _ = conform("--engine", f"{MISBEHAVING} {way} {token}", "--suite",
                                    str(small_suite(tmp_path)), "--timeout", timeout_for(way),
                                    "--profile", "kout6-default", timeout=300)
    assert code == 1 and report["vectors"] == 5 and report["passed"] == passed
    assert report["problems"].get(kind, 0) >= 1, report["problems"]
    # the engine and, for orphan-new-session, its child in another session (which carries
    # the token on its command line) were found and killed
    assert not processes_with(token), "a process of the run is still alive"


STARTED_WITHIN = 120.0
"""Seconds an engine may take to answer its hello (a Python start-up, many times what it takes
on a machine busy with other work); the request under test then has the short timeout."""
TIMEOUT = 1.0
"""The timeout of the request under test, which the engine never answers."""
NEVER = 60.0
"""A bound no run that gives up at its timeout comes near, on any machine: a write that
blocks has no end at all."""


def _hello(engine: EngineProcess) -> None:
    """Start the engine with a generous timeout for its hello, then give it the short one."""
    engine.timeout = STARTED_WITHIN
    assert engine._start() is None
    engine.timeout = TIMEOUT


def test_a_request_to_an_engine_that_stops_reading_times_out() -> None:
    engine = EngineProcess(f"{MISBEHAVING} never-reads", timeout=TIMEOUT)
    _hello(engine)
    start = time.monotonic()
    # far more than a pipe holds: the write itself must give up at the timeout
    reply = engine._exchange({"op": "hand-score", "pad": "x" * (4 << 20)}, "hand-score")
    took = time.monotonic() - start
    engine.stop()
    assert isinstance(reply, Problem) and reply.kind == "timeout"
    assert "did not read its input" in reply.detail and TIMEOUT <= took < NEVER


def test_an_engine_writing_without_end_fills_no_memory() -> None:
    engine = EngineProcess(f"{MISBEHAVING} flood", timeout=TIMEOUT)
    _hello(engine)
    body: dict[str, Any] = {"op": "trick-winner", "game": "kout6"}
    reply = engine._exchange(body, "trick-winner")
    assert isinstance(reply, Problem)
    time.sleep(1.0)  # the engine keeps writing; the runner reads ahead only so far
    queued = engine._lines.qsize()
    alive = engine._proc is not None and engine._proc.poll() is None
    engine.stop()
    assert queued <= LINES_QUEUED and alive


@WAITS
@pytest.mark.parametrize(("signum", "code", "word"), [
    (signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted"),
    (signal.SIGHUP, 129, "hung up")])
def test_the_runner_stopped_by_a_signal_kills_its_engine(tmp_path: Path, signum: int,
                                                         code: int, word: str) -> None:
    token = uuid.uuid4().hex
    runner = subprocess.Popen(
        [sys.executable, "-m", "trickrules.cli", "conform", "--engine",
         f"{MISBEHAVING} hang {token}", "--suite", str(small_suite(tmp_path)), "--timeout",
         "60", "--profile", "kout6-default"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # as from a terminal: a test run started in the background inherits SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    def engine_started() -> bool:  # the runner's own command line holds the token too
        return bool(set(processes_with(token)) - {runner.pid})

    deadline = time.monotonic() + 120
    while not engine_started() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert engine_started(), "the engine never started"
    time.sleep(2.0)  # it has answered the first requests and hangs on a trick winner
    runner.send_signal(signum)
    out, err = runner.communicate(timeout=20)
    assert runner.returncode == code and word in err and "Traceback" not in err
    time.sleep(0.2)
    assert not processes_with(token), "the engine outlived the runner"
    assert "Traceback" not in out


def test_a_signal_handler_imports_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM, SIGHUP or Ctrl-C may arrive while a module is being imported (a command
    stopped as it starts): a handler that imported would find that module half made and end
    the command with an internal error instead of its exit code. A running verify loop is
    still told of the signal."""
    cli_main = importlib.import_module("trickrules.cli.main")  # the module, not its main()
    noted: list[type[BaseException]] = []
    loop = type("Loop", (), {"note_signal": staticmethod(noted.append)})
    monkeypatch.setitem(sys.modules, "trickrules.proofs.verify.run", loop)

    def raised(handler: Any, signum: int) -> BaseException | None:
        """What ``handler`` raises with every import refused."""
        def refused(*args: Any, **kwargs: Any) -> Any:
            raise ImportError(f"a signal handler imported {args[0]}")

        real, builtins.__import__ = builtins.__import__, refused
        try:
            handler(signum, None)
        except BaseException as exc:  # what it raises is what is checked
            return exc
        finally:
            builtins.__import__ = real
        return None

    got = [raised(cli_main._terminate, signal.SIGTERM), raised(cli_main._terminate, signal.SIGHUP),
           raised(cli_main._interrupt, signal.SIGINT)]
    assert [type(e) for e in got] == [cli_main.Terminated, cli_main.HungUp, KeyboardInterrupt], got
    assert noted == [cli_main.Terminated, cli_main.HungUp, KeyboardInterrupt]
