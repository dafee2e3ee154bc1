"""Every budget of the product, measured as a user meets it and printed beside its budget.

``python -m benchmarks.budgets [--skip NAME ...] [--json]`` measures ``trickrules --help``,
``serve`` to its first page, ``odds``, ``verify`` cold (wall and CPU) and warm, the rulebook
(HTML and every PDF), perft against python-chess for both families and the test suite, and
exits 1 when any figure misses its budget. Figures live in this output, not in prose.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRICKRULES = [sys.executable, "-m", "trickrules"]


@dataclass(frozen=True)
class Figure:
    """One measured figure and its budget: at most ``budget`` (or at least, for a rate)."""

    name: str
    value: float
    unit: str
    budget: float
    at_least: bool = False
    failed: str = ""

    @property
    def ok(self) -> bool:
        """Whether the command ran and the figure is within its budget."""
        if self.failed:
            return False
        return self.value >= self.budget if self.at_least else self.value <= self.budget

    def line(self) -> str:
        """The figure as one row of the table."""
        bound = f"{'>=' if self.at_least else '<='} {self.budget:g} {self.unit}"
        verdict = f"FAILED ({self.failed})" if self.failed else "ok" if self.ok else "MISSED"
        return f"{self.name:<46}{self.value:>10.2f} {self.unit:<3}  {bound:<12}  {verdict}"


@contextmanager
def _children_cpu() -> Iterator[list[float]]:
    """The CPU seconds (user and system) of the child processes that end inside the block."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent: list[float] = []
    yield spent
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def _timed(command: list[str], cwd: Path) -> tuple[float, int, str]:
    """(wall seconds, exit status, the end of standard error) of one command."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd)
    return time.perf_counter() - start, done.returncode, done.stderr.strip()[-200:]


def help_figure(scratch: Path) -> Figure:
    """``trickrules --help``, best of five, from a folder outside the checkout."""
    runs = [_timed([*TRICKRULES, "--help"], scratch) for _ in range(5)]
    failed = next((f"exit {code}" for _, code, _ in runs if code), "")
    return Figure("trickrules --help", min(s for s, _, _ in runs), "s", 0.2, failed=failed)


def _serve_ready(scratch: Path) -> float:
    """Seconds from starting ``trickrules serve`` to its first page served."""
    start = time.perf_counter()
    process = subprocess.Popen([*TRICKRULES, "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, cwd=scratch,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        if not select.select([process.stdout], [], [], 60)[0]:
            raise RuntimeError("serve printed no address in 60 s")
        url = process.stdout.readline().split()[2]
        while time.perf_counter() - start < 60:
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - start
            except OSError:
                time.sleep(0.01)
        raise RuntimeError("serve answered no page in 60 s")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def serve_figure(scratch: Path) -> Figure:
    """``trickrules serve`` to its first page, best of three."""
    try:
        return Figure("trickrules serve ready", min(_serve_ready(scratch) for _ in range(3)),
                      "s", 2.0)
    except (RuntimeError, OSError, IndexError) as exc:
        return Figure("trickrules serve ready", 0.0, "s", 2.0, failed=str(exc))


def odds_figure(scratch: Path) -> Figure:
    """The exact project odds of Baloot, as ``odds --json`` times its counting."""
    done = subprocess.run([*TRICKRULES, "odds", "--game", "baloot", "--json"],
                          capture_output=True, text=True, check=False, cwd=scratch)
    if done.returncode:
        return Figure("trickrules odds (counting)", 0.0, "s", 1.0,
                      failed=f"exit {done.returncode}")
    return Figure("trickrules odds (counting)", float(json.loads(done.stdout)["seconds"]), "s",
                  1.0)


def verify_figures(scratch: Path, report: Path) -> list[Figure]:
    """``trickrules verify`` of everything with an empty cache (wall and CPU), then again
    with its inputs unchanged; the cold run's report is kept for the rulebook."""
    cache = scratch / "verify-cache"
    with _children_cpu() as cpu:
        cold, code, err = _timed([*TRICKRULES, "verify", "--no-cache", "--cache-dir",
                                  str(cache), "--report", str(report)], scratch)
    warm, warm_code, warm_err = _timed([*TRICKRULES, "verify", "--cache-dir", str(cache)],
                                       scratch)
    failed = f"exit {code}: {err}" if code else ""
    return [Figure("trickrules verify, cold (wall)", cold, "s", 40.0, failed=failed),
            Figure("trickrules verify, cold (CPU)", cpu[0], "s", 80.0, failed=failed),
            Figure("trickrules verify, unchanged re-run", warm, "s", 2.0,
                   failed=f"exit {warm_code}: {warm_err}" if warm_code else "")]


def rulebook_figure(scratch: Path, report: Path) -> Figure:
    """The whole rulebook, HTML and every PDF, from the verify report."""
    seconds, code, err = _timed([*TRICKRULES, "rulebook", "--report", str(report), "--out",
                                 str(scratch / "rulebook")], scratch)
    return Figure("trickrules rulebook (HTML and PDFs)", seconds, "s", 30.0,
                  failed=f"exit {code}: {err}" if code else "")


def perft_figures(_: Path) -> list[Figure]:
    """Perft node rates of both families against python-chess's, measured back to back."""
    from benchmarks.engine_speed import run

    result = run(3, 20)
    return [Figure("perft Kout 6 / python-chess", result["perft_ratio"], "x", 3.0,
                   at_least=True),
            Figure("perft Baloot / python-chess", result["baloot_perft_ratio"], "x", 3.0,
                   at_least=True)]


def tests_figure(_: Path) -> Figure:
    """The whole test suite as ``make test`` runs it (pytest only; set-up and lint apart)."""
    seconds, code, err = _timed([sys.executable, "-m", "pytest", "-q", "-n", "auto",
                                 "-p", "no:cacheprovider"], ROOT)
    return Figure("make test (pytest)", seconds, "s", 240.0,
                  failed=f"exit {code}: {err}" if code else "")


MEASURES: dict[str, Callable[[Path], Figure | list[Figure]]] = {
    "help": help_figure, "serve": serve_figure, "odds": odds_figure, "perft": perft_figures,
    "tests": tests_figure}
"""The measures that need nothing but a scratch folder, by the name ``--skip`` takes."""


def measure(skip: set[str]) -> list[Figure]:
    """Every figure not skipped, in a scratch folder outside the checkout: the quick ones,
    then verify cold and warm and the rulebook from the cold run's report, then the rest."""
    figures: list[Figure] = []

    def take(name: str, scratch: Path) -> None:
        if name not in skip:
            got = MEASURES[name](scratch)
            figures.extend(got if isinstance(got, list) else [got])

    with tempfile.TemporaryDirectory(prefix="trickrules-budgets-") as folder:
        scratch = Path(folder)
        for name in ("help", "serve", "odds"):
            take(name, scratch)
        report = scratch / "verify-report.json"
        if "verify" not in skip:
            figures += verify_figures(scratch, report)
        if "rulebook" not in skip and report.exists():
            figures.append(rulebook_figure(scratch, report))
        for name in ("perft", "tests"):
            take(name, scratch)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Print every figure beside its budget (or JSON); 1 when any misses."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.budgets")
    parser.add_argument("--skip", nargs="*", default=[],
                        choices=[*MEASURES, "verify", "rulebook"], help="measures to leave out")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = measure(set(args.skip))
    if args.json:
        print(json.dumps([{**asdict(f), "ok": f.ok} for f in figures], indent=2))
        return 0 if all(f.ok for f in figures) else 1
    return print_figures(figures)


def print_figures(figures: list[Figure]) -> int:
    """Print each figure beside its budget, under a header; 1 when any budget is missed."""
    print(f"{'figure':<46}{'measured':>14}  {'budget':<12}  verdict")
    for figure in figures:
        print(figure.line())
    return 0 if all(f.ok for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
