"""``simulate`` refuses by name what it cannot run, before it plays or waits: an address that
is not a Dask scheduler's, a number of games or a seed out of range, and a server that accepts
and never answers (the connection is given up in bounded time, never awaited)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from trickrules.simulate.run import _client_within, check_address

DISPUTE = "baloot/play.hokom-void/must-trump-vs-may-trump"


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--scheduler", "tls://127.0.0.1:1", "expected tcp://HOST:PORT"),
    ("--scheduler", "tcp://127.0.0.1:99999", "a port from 1 to 65535"),
    ("--scheduler", "127.0.0.1:8786", "expected tcp://HOST:PORT"),
    ("--games", "1000000000000000", "from 1 to 10,000,000 games"),
    ("--games", "0", "from 1 to 10,000,000 games"),
    ("--seed", str(10**30), "each game's seed is below 2**63"),
    ("--seed", "-1", "each game's seed is below 2**63"),
    ("--chunk", "0", "games per chunk"),
])
def test_out_of_range_is_refused_by_name(tmp_path: Path, option: str, value: str,
                                         said: str) -> None:
    done = subprocess.run([sys.executable, "-m", "trickrules", "simulate", "--dispute", DISPUTE,
                           "--games", "10", "--store", str(tmp_path / "store"), option, value],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and option in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "store").exists() or not any((tmp_path / "store").iterdir())


def test_a_server_that_never_answers_is_given_up() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        check_address(address)
        start = time.monotonic()
        with pytest.raises(ValueError, match="cannot connect"):
            _client_within(address, 1.0)
        assert time.monotonic() - start < 120  # bounded: the attempt is abandoned


def test_a_server_that_sends_noise_is_named_as_not_a_scheduler() -> None:
    """A port that answers with random bytes (as a hostile or wrong service might): refused
    as not a Dask scheduler, in words, without the decoder's own error text."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(4)

        def noise() -> None:
            with contextlib.suppress(OSError):
                while True:
                    peer, _ = server.accept()
                    with peer:
                        peer.sendall(os.urandom(1 << 16))
                        peer.recv(16)

        threading.Thread(target=noise, daemon=True).start()
        with pytest.raises(ValueError) as refused:
            _client_within(f"tcp://127.0.0.1:{server.getsockname()[1]}", 30.0)
    said = str(refused.value)
    assert "not as a Dask scheduler" in said, said
    assert "dimension" not in said and "allocate" not in said
