"""``trickrules serve`` run as a user runs it, with clients that misbehave: one that hangs up
mid-body, one whose chunk size is not a number, then the terminal closing (SIGHUP). The server
goes on answering, and neither its log nor the terminal shows a traceback; on the hang-up it
says so and exits 129, as every command does."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LONG = 60.0
"""A generous bound on any step (start, an answer, the stop): never a test of speed."""

HEAD = ("POST /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")


@pytest.fixture
def server() -> Iterator[tuple[subprocess.Popen[str], int]]:
    """A ``trickrules serve --port 0`` of its own, and the port it printed."""
    process = subprocess.Popen([sys.executable, "-m", "trickrules.cli", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT, start_new_session=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r":(\d+)/", first)
        assert found, first
        port = int(found.group(1))
        _wait_until_listening(port)
        yield process, port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(LONG)


def _wait_until_listening(port: int) -> None:
    """Return once the port takes connections (the address is printed before uvicorn
    listens on it)."""
    deadline = time.monotonic() + LONG
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=LONG).close()
            return
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _send(port: int, raw: bytes, *, hang_up: bool = False) -> bytes:
    """Send ``raw``; then close at once (``hang_up``), or read the first bytes answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=LONG) as connection:
        connection.sendall(raw)
        if hang_up:
            time.sleep(0.2)  # the server is inside the body when the client goes
            return b""
        return connection.recv(200)


def test_misbehaving_clients_and_a_hang_up_leave_no_traceback(
        server: tuple[subprocess.Popen[str], int]) -> None:
    process, port = server
    _send(port, (HEAD + "Content-Length: 1000\r\n\r\n{\"a\":").encode(), hang_up=True)
    _send(port, (HEAD + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":").encode(),
          hang_up=True)
    bad_chunk = _send(port, (HEAD + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"
                             ).encode())
    assert bad_chunk.startswith(b"HTTP/1.1 400"), bad_chunk
    served = _send(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert served.startswith(b"HTTP/1.1 200"), "the server goes on answering"
    process.send_signal(signal.SIGHUP)
    out, err = process.communicate(timeout=LONG)
    assert "Traceback" not in err + out, err
    assert "Exception in ASGI application" not in err, err
    assert process.returncode == 129, (process.returncode, err)
    assert "hung up" in err
