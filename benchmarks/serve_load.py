"""A room of tables asking ``trickrules serve`` at once: the load benchmark (``make bench``).

``python -m benchmarks.serve_load [--clients 200] [--seconds 5] [--workers N]`` starts the real
server, waits for its pool to answer, then runs two phases against it: ``--clients`` clients
each asking a cheap question (a Kout joker lead) over and over on a kept-alive connection, then
as many clients as the pool has workers each asking a whole-state question (Baloot's last
trick, the costly kind) over and over. It prints the cheap questions' p50 and p99 latency and
errors (anything but a 200, a dropped connection included), the state questions' refusals
below the pool's capacity, and the server's memory (its own and its workers') before and
after, each beside its budget; the exit status is 1 when one is missed. ``--seconds 60`` is
the long run."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.budgets import Figure, print_figures

ROOT = Path(__file__).resolve().parent.parent
CHEAP = ("/api/kout6/legal-plays",
         (ROOT / "docs" / "examples" / "questions" / "kout-joker-lead.json").read_bytes())
STATE = ("/api/state", (ROOT / "spec" / "baloot" / "examples" / "hokom-last-trick.json")
         .read_bytes())
LONG = 120.0
"""The longest any one step may take (the server's start, one answer) before it is a failure."""


@dataclass
class Tally:
    """What one phase's clients saw."""

    seconds: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def count(self, status: int, seconds: float) -> None:
        """One reply (status 0: the connection failed or was dropped)."""
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status == 200:
            self.seconds.append(seconds)

    def percentile(self, share: float) -> float:
        """The answered requests' latency at ``share`` (0..1), in seconds."""
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def _ask(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
               question: tuple[str, bytes]) -> int:
    """One POST on a kept-alive connection; the reply's status."""
    path, body = question
    writer.write(b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (path.encode(), len(body), body))
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    await reader.readexactly(int(length.group(1)) if length else 0)
    return int(head.split(b" ", 2)[1])


async def _client(port: int, question: tuple[str, bytes], until: float, tally: Tally) -> None:
    """Ask ``question`` again and again until ``until``, reconnecting after a failure."""
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            tally.count(0, 0.0)
            await asyncio.sleep(0.1)
            continue
        try:
            while loop.time() < until:
                start = loop.time()
                status = await asyncio.wait_for(_ask(reader, writer, question), LONG)
                tally.count(status, loop.time() - start)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                TimeoutError, ValueError):
            tally.count(0, 0.0)
        finally:
            writer.close()


def _phase(port: int, question: tuple[str, bytes], clients: int, seconds: float) -> Tally:
    """``clients`` clients asking ``question`` for ``seconds``."""
    tally = Tally()

    async def run() -> None:
        until = asyncio.get_running_loop().time() + seconds
        await asyncio.gather(*(_client(port, question, until, tally) for _ in range(clients)))

    asyncio.run(run())
    return tally


def _rss_mb(pgid: int) -> float:
    """The resident memory of every process of the server's group (server and workers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        try:
            if not entry.name.isdigit() or os.getpgid(int(entry.name)) != pgid:
                continue
            status = (entry / "status").read_text()
        except (OSError, ProcessLookupError):
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(found.group(1)) if found else 0
    return total / 1024


def _start(workers: int | None) -> tuple[subprocess.Popen[str], int]:
    """The server, and its port once its pool answers a question."""
    extra = [] if workers is None else ["--workers", str(workers)]
    process = subprocess.Popen([sys.executable, "-m", "trickrules", "serve", "--port", "0",
                                *extra], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, cwd=ROOT, start_new_session=True)
    assert process.stdout is not None
    found = re.search(r":(\d+)/", process.stdout.readline())
    if not found:
        raise RuntimeError("serve printed no address")
    port, deadline = int(found.group(1)), time.monotonic() + LONG
    while _phase(port, CHEAP, 1, 0.01).statuses.get(200, 0) == 0:
        if time.monotonic() > deadline:
            raise RuntimeError("serve's pool answered nothing")
        time.sleep(0.2)
    return process, port


def run(clients: int, seconds: float, workers: int | None) -> list[Figure]:
    """Both phases against one server; the figures beside their budgets."""
    process, port = _start(workers)
    try:
        pool = workers or len(os.sched_getaffinity(0))
        before = _rss_mb(process.pid)
        cheap = _phase(port, CHEAP, clients, seconds)
        state = _phase(port, STATE, pool, seconds)
        after = _rss_mb(process.pid)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(LONG)
    answered = len(cheap.seconds)
    print(f"serve load: {clients} clients, {seconds:g} s a phase, {pool} workers: "
          f"{answered} cheap answers ({answered / seconds:.0f}/s), statuses {cheap.statuses}; "
          f"{len(state.seconds)} state answers, statuses {state.statuses}; "
          f"memory {before:.0f} MB before, {after:.0f} MB after")
    return [Figure(f"serve, {clients} clients: cheap p50", cheap.percentile(0.5), "s", 1.0),
            Figure(f"serve, {clients} clients: cheap p99", cheap.percentile(0.99), "s", 1.0),
            Figure(f"serve, {clients} clients: cheap errors", float(answered and sum(
                n for s, n in cheap.statuses.items() if s != 200)), "", 0.0,
                failed="" if answered else "nothing answered"),
            Figure(f"serve, {pool} state clients: refusals", float(sum(
                n for s, n in state.statuses.items() if s != 200)), "", 0.0),
            Figure("serve: memory growth under load", after - before, "MB", 100.0)]


def main(argv: list[str] | None = None) -> int:
    """Print the figures beside their budgets; 1 when one is missed."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.serve_load")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0, help="each phase (60: long run)")
    parser.add_argument("--workers", type=int, default=None, help="default: one per core")
    args = parser.parse_args(argv)
    try:
        figures = run(args.clients, args.seconds, args.workers)
    except (RuntimeError, OSError) as exc:
        figures = [Figure("serve load", 0.0, "", 0.0, failed=str(exc))]
    return print_figures(figures)


if __name__ == "__main__":
    sys.exit(main())
