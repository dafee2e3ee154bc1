"""``serve``'s answers in a pool of worker processes: a given-up answer's worker is stopped and
replaced, the queue is bounded (one more is refused at once), a burst beyond the pool and its
queue sent to the real server gets the API's JSON errors with Retry-After only (no plain-text
503, no connection dropped), and the workers die with the server however it is stopped.

No verdict here depends on the machine's speed: the workers are held with SIGSTOP (or kept
asleep) while the burst is sent, and every bound is a generous one."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from trickrules.serve.pool import RefusedError, RulingPool

ROOT = Path(__file__).resolve().parent.parent
LONG = 60.0
"""A generous bound on any step (start, an answer, the stop): never a test of speed."""
QUESTION = (ROOT / "docs" / "examples" / "questions" / "kout-joker-lead.json").read_bytes()


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie awaiting its parent's reaping has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return True
    return state == "Z"


def _group(pgid: int) -> list[int]:
    """The live processes of process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def test_a_given_up_answer_stops_its_worker_and_a_new_one_takes_its_place() -> None:
    async def run() -> tuple[list[int], list[int], str]:
        pool = RulingPool(workers=1, queue=1, work=time.sleep)
        try:
            await pool.answer(0, LONG)  # the worker is up
            before = pool.pids()
            with pytest.raises(RefusedError) as refused:
                await pool.answer(3600, 0.3)  # an hour's computation, given up
            await pool.answer(0, LONG)  # the replacement answers
            return before, pool.pids(), str(refused.value)
        finally:
            pool.close()

    before, after, message = asyncio.run(run())
    assert "longer than" in message
    assert _gone(before[0]), "the given-up computation's worker was stopped"
    assert len(after) == 1 and after != before


class _Leaving:
    """A request whose client closes the connection after ``after`` seconds (as the server
    says it: ``http.disconnect`` from ``receive``)."""

    def __init__(self, after: float) -> None:
        self.after = after

    async def receive(self) -> dict[str, str]:
        await asyncio.sleep(self.after)
        return {"type": "http.disconnect"}


def test_a_client_that_leaves_stops_the_computation_of_its_answer() -> None:
    """An answer whose client has gone is given up: its worker is stopped (the computation
    does not run on for nobody) and a new one answers the next request."""
    from trickrules.serve.app import RequestError, _answer

    async def run() -> tuple[list[int], list[int], RequestError]:
        pool = RulingPool(workers=1, queue=1, work=time.sleep)
        try:
            await pool.answer(0, LONG)  # the worker is up
            before = pool.pids()
            with pytest.raises(RequestError) as left:
                await _answer(pool, _Leaving(0.3), 3600)  # an hour's computation
            await pool.answer(0, LONG)  # the replacement answers
            return before, pool.pids(), left.value
        finally:
            pool.close()

    before, after, left = asyncio.run(run())
    assert left.status == 499 and "closed the connection" in str(left)
    deadline = time.monotonic() + LONG
    while not _gone(before[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(before[0]), "the computation of the client that left was stopped"
    assert len(after) == 1 and after != before


def test_a_client_that_stays_gets_its_answer() -> None:
    """The watch on the connection takes nothing from a client that waits: its answer comes,
    from the same worker."""
    from trickrules.serve.app import _answer

    async def run() -> tuple[list[int], list[int], object]:
        pool = RulingPool(workers=1, queue=1, work=abs)
        try:
            await pool.answer(0, LONG)
            before = pool.pids()
            got = await _answer(pool, _Leaving(LONG), -7)
            return before, pool.pids(), got
        finally:
            pool.close()

    before, after, got = asyncio.run(run())
    assert got == 7 and after == before


def test_the_queue_is_bounded_and_one_more_is_refused_at_once() -> None:
    async def run() -> tuple[int, list[str]]:
        pool = RulingPool(workers=1, queue=1, work=time.sleep)
        await pool.answer(0, LONG)
        computing = asyncio.ensure_future(pool.answer(3600, LONG))
        await asyncio.sleep(0)  # it has the worker
        waiting = asyncio.ensure_future(pool.answer(0, LONG))
        await asyncio.sleep(0)  # it is in the queue
        with pytest.raises(RefusedError) as refused:
            await pool.answer(0, LONG)
        pool.close()  # what the pool still held is refused, not left to hang
        ended = await asyncio.gather(computing, waiting, return_exceptions=True)
        return refused.value.retry_after, [str(e) for e in ended]

    retry_after, ended = asyncio.run(run())
    assert retry_after >= 1
    assert "stopped" in ended[0] and "stopping" in ended[1], ended


@pytest.mark.parametrize("args", [["--workers", "0"], ["--workers", "x"], ["--queue", "-1"]])
def test_serve_refuses_bad_pool_options(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "serve", "--port", "0",
                           *args], capture_output=True, text=True, check=False, cwd=ROOT,
                          timeout=LONG)
    assert done.returncode != 0 and args[0] in done.stderr and "Traceback" not in done.stderr


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``trickrules serve --port 0`` with the pool options of the test's ``param``, its pool
    warm (one question answered), and the port it printed."""
    process = subprocess.Popen([sys.executable, "-m", "trickrules.cli", "serve", "--port", "0",
                                *request.param], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT, start_new_session=True)
    try:
        assert process.stdout is not None
        found = re.search(r":(\d+)/", process.stdout.readline())
        assert found
        port = int(found.group(1))
        deadline = time.monotonic() + LONG
        while _ask(port)[0] != 200:
            assert time.monotonic() < deadline, "the pool never answered"
            time.sleep(0.1)
        yield process, port
    finally:
        for pid in _group(process.pid):
            os.kill(pid, signal.SIGKILL)
        process.wait(LONG)


def _ask(port: int) -> tuple[int, dict[str, str], bytes]:
    """POST the Kout joker-lead question; (status, headers, body); (0, {}, b"") when the
    connection is refused or dropped."""
    raw = (b"POST /api/kout6/legal-plays HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
           b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
           % (len(QUESTION), QUESTION))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=LONG) as connection:
            connection.sendall(raw)
            reply = b""
            while chunk := connection.recv(65536):
                reply += chunk
    except OSError:
        return 0, {}, b""
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/1.1 ") else 0
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    return status, headers, body


@pytest.mark.parametrize("server", [["--workers", "1", "--queue", "2"]], indirect=True)
def test_a_burst_beyond_the_pool_gets_json_errors_with_retry_after_only(
        server: tuple[subprocess.Popen[str], int]) -> None:
    process, port = server
    held = [pid for pid in _group(process.pid) if pid != process.pid]
    for pid in held:  # the worker (and its fork server) cannot answer while the burst comes
        os.kill(pid, signal.SIGSTOP)
    replies: list[tuple[int, dict[str, str], bytes]] = []
    threads = [threading.Thread(target=lambda: replies.append(_ask(port))) for _ in range(12)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + LONG
        while len(replies) < 9 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        for pid in held:
            os.kill(pid, signal.SIGCONT)
    for thread in threads:
        thread.join(LONG)
    statuses = sorted(status for status, _, _ in replies)
    assert statuses == [200] * 3 + [503] * 9, statuses  # 1 computing + 2 queued; 9 refused
    for status, headers, body in replies:
        if status == 503:
            assert headers["content-type"] == "application/json", headers
            assert "busy" in json.loads(body)["error"]
            assert int(headers["retry-after"]) >= 1


STOPS = {"SIGTERM to the server": (signal.SIGTERM, False),
         "Ctrl-C (SIGINT to the group)": (signal.SIGINT, True),
         "the terminal closed (SIGHUP to the group)": (signal.SIGHUP, True),
         "SIGKILL to the server": (signal.SIGKILL, False)}


@pytest.mark.parametrize("server", [["--workers", "2"]], indirect=True)
@pytest.mark.parametrize("stop", list(STOPS))
def test_the_workers_die_with_the_server(server: tuple[subprocess.Popen[str], int],
                                         stop: str) -> None:
    process, _ = server
    assert len(_group(process.pid)) >= 3, "the server and its two workers at least"
    number, group = STOPS[stop]
    if group:
        os.killpg(process.pid, number)
    else:
        process.send_signal(number)
    _, err = process.communicate(timeout=LONG)
    deadline = time.monotonic() + LONG
    while _group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _group(process.pid) == [], "a process outlived the server"
    assert "Traceback" not in err, err


SERVER_DIES = """
import asyncio, os, time
from trickrules.serve.pool import RulingPool

async def main():
    pool = RulingPool(workers=1, queue=1, work=time.sleep)
    await pool.answer(0, 60)
    print(pool.pids()[0], flush=True)
    asyncio.ensure_future(pool.answer(3600, 7200))  # an hour's computation under way
    await asyncio.sleep(0.5)
    os._exit(0)  # the server gone without stopping its pool, as under SIGKILL

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_worker_in_mid_computation_dies_with_the_server(tmp_path: Path) -> None:
    script = tmp_path / "server_dies.py"
    script.write_text(SERVER_DIES)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          check=False, cwd=ROOT, timeout=LONG)
    worker = int(done.stdout.split()[0])
    deadline = time.monotonic() + LONG
    while not _gone(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(worker), "the computing worker outlived its server"


INTERRUPTED_WARM_UP = """
import os, signal
import trickrules.serve.situations as situations
real = situations.game_facts
def interrupted(game):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C to the group, in the middle of warming up
    return real(game)
situations.game_facts = interrupted
import trickrules.serve.worker
print("warm")
"""
"""Imports the worker module (as the pool's fork server does) with a Ctrl-C arriving while
it warms up."""


def test_a_ctrl_c_while_the_fork_server_warms_up_is_left_to_the_server() -> None:
    """The fork server imports the worker module, which warms the rulings, before it ignores
    the terminal's interrupt itself: the module leaves the interrupt to the server before it
    warms up, so a Ctrl-C then neither stops the warm-up nor prints a traceback."""
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_WARM_UP], capture_output=True,
                          text=True, timeout=LONG, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "warm", done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
