"""A redirected ``verify`` log never stays silent: between finished jobs, a line every few
seconds says how many items and dispute parts are done (a single job may run for longer)."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from trickrules.cli import verify as verify_command
from trickrules.cli.verify import HEARTBEAT_SECONDS, Heartbeat


def test_a_silent_while_gets_a_line_with_the_counts_and_a_busy_one_none() -> None:
    now = [100.0]
    out = io.StringIO()
    beat = Heartbeat(out, 40, clock=lambda: now[0])
    seen: list[object] = []
    item, part = beat.counting(seen.append, parts=False), beat.counting(None, parts=True)
    item("a theorem")
    part("a dispute's group")
    part("another group")
    now[0] += HEARTBEAT_SECONDS / 2
    assert not beat.beat() and out.getvalue() == ""  # a line landed a moment ago
    now[0] += HEARTBEAT_SECONDS
    assert beat.beat()
    assert out.getvalue() == "verify: 1 of 40 items done (2 dispute parts), 6s, working\n"
    assert not beat.beat()  # the heartbeat's own line counts as a line
    assert seen == ["a theorem"]


def test_a_redirected_verification_beats_while_a_job_runs(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """Off a terminal, run_verification prints the heartbeat while the work is under way
    (the work here waits until the line has come, however long the machine takes)."""
    out = io.StringIO()
    printed = threading.Event()

    class Watched(io.StringIO):
        def write(self, text: str) -> int:
            if text.startswith("verify: "):
                printed.set()
            return out.write(text)

    def slow_verify(*args: Any) -> str:
        assert printed.wait(120), "no heartbeat while the work ran"
        return "report"

    monkeypatch.setattr(verify_command, "HEARTBEAT_SECONDS", 0.0)
    monkeypatch.setattr("trickrules.proofs.verify.report.verify", slow_verify)
    monkeypatch.setattr("trickrules.proofs.verify.report.work_items", lambda *args: 3)
    console = Console(file=Watched(), force_terminal=False)
    from trickrules.spec.loader import family_catalogue

    done = verify_command.run_verification(console, family_catalogue("kout"), ["kout4"],
                                           cache_dir=str(tmp_path))
    assert done == "report"  # type: ignore[comparison-overlap]
    assert "verify: 0 of 3 items done (0 dispute parts)" in out.getvalue()
