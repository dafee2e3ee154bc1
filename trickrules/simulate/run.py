"""Running studies on Dask distributed: a local cluster of this machine's cores by default, or
the scheduler at an address; chunks already stored are not played again, and every chunk
played is stored as soon as it is done, so an interrupted study resumes.

Dask is imported here only, when a study runs, so the command line starts without it. The
cluster this module starts is shut down whatever happens (an error, Ctrl-C, SIGTERM).
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from trickrules.simulate.store import ChunkStore
from trickrules.simulate.study import COUNTS, Study, rate, run_chunk

EXAMPLES = 3
"""First divergences a study reports (the lowest seeds)."""


WORKER_WAIT = 30
"""Seconds a study waits for a scheduler's first worker before giving up (never a hang)."""


CONNECT_WAIT = 20
"""Seconds a study waits for a scheduler's address to answer as a Dask scheduler: a server
that accepts and never answers, or answers in another protocol, is named, never waited on."""
SCHEMES = ("tcp", "inproc")
"""The address schemes a study connects to (a TLS scheduler needs certificates: not taken)."""


def check_address(scheduler: str) -> None:
    """Refuse, by name, a scheduler address that is not ``tcp://HOST:PORT`` with a port from 1
    to 65535, before anything connects."""
    scheme, sep, rest = scheduler.partition("://")
    if not sep or scheme not in SCHEMES:
        raise ValueError(f"--scheduler {scheduler}: expected tcp://HOST:PORT (schemes: "
                         f"{', '.join(SCHEMES)})")
    if scheme == "tcp":
        host, colon, port = rest.rpartition(":")
        if not colon or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise ValueError(f"--scheduler {scheduler}: expected tcp://HOST:PORT with a port "
                             "from 1 to 65535")


def _client_within(scheduler: str, seconds: float) -> Any:
    """A Dask client of the scheduler at ``scheduler``, connected within ``seconds`` or
    refused by name (the connection attempt, in a thread, is abandoned, never awaited)."""
    import threading

    from distributed import Client

    check_address(scheduler)
    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(Client(scheduler, timeout=f"{seconds}s"))
        except Exception as exc:  # any failure of the handshake is the address's
            failed.append(exc)

    attempt = threading.Thread(target=connect, daemon=True, name="dask-connect")
    attempt.start()
    attempt.join(seconds + 1)
    if made:
        return made[0]
    raise ValueError(f"--scheduler {scheduler}: cannot connect: "
                     f"{_why_not(failed[0] if failed else None, seconds)}"[:500])


def _why_not(failure: BaseException | None, seconds: float) -> str:
    """Why a scheduler address gave no client, in words: nothing answered in time, the
    connection itself failed (the system's reason), or something answered that does not
    speak Dask's protocol (what it sent could not be read as a Dask message)."""
    if failure is None:
        return f"no Dask scheduler answered within {seconds + 1:g} s"
    if isinstance(failure, OSError) and not isinstance(failure, TimeoutError):
        return f"{type(failure).__name__}: {failure}"
    if isinstance(failure, TimeoutError):
        return f"no Dask scheduler answered within {seconds:g} s"
    return ("something answers there, but not as a Dask scheduler (what it sent is not a "
            f"Dask message: {type(failure).__name__})")


class ChunkDone(NamedTuple):
    """A finished chunk, as the progress display reports it."""

    label: str
    verdict: str
    seconds: float
    cached: bool


def _connect(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    """A Dask client, and the local cluster it runs on (None for a scheduler's address)."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        client = _client_within(scheduler, CONNECT_WAIT)
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except (OSError, TimeoutError) as exc:
            client.close()
            raise ValueError(f"--scheduler {scheduler}: no worker joined in {WORKER_WAIT} s "
                             "(start workers with: dask worker ADDRESS)") from exc
        return client, None
    # the workers' own logs stay quiet: a chunk's error reaches the client through its
    # result, and a worker losing its scheduler while the cluster shuts down is no news
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                           processes=True, dashboard_address=":0",
                           silence_logs=logging.CRITICAL)
    try:
        return Client(cluster), cluster
    except BaseException:
        cluster.close()
        raise


def run_studies(studies: Sequence[Study], store: ChunkStore, *,
                scheduler: str | None = None, workers: int | None = None,
                on_chunk: Callable[[ChunkDone], None] = lambda _: None,
                ) -> list[dict[str, Any]]:
    """Every chunk of every study, from the store or played on the cluster; the summary of
    each study (:func:`summarize`)."""
    done: dict[tuple[int, int], dict[str, Any]] = {}
    pending: list[tuple[int, int]] = []
    for s, study in enumerate(studies):
        for index, _, games in study.chunks():
            stored = store.load(study, index, games)
            if stored is None:
                pending.append((s, index))
            else:
                done[s, index] = stored
                on_chunk(ChunkDone(f"{study.dispute} #{index}", "stored", 0.0, True))
    if pending:
        _play(studies, store, pending, done, scheduler, workers, on_chunk)
    return [summarize(study, [done[s, i] for i, _, _ in study.chunks()])
            for s, study in enumerate(studies)]


def _play(studies: Sequence[Study], store: ChunkStore, pending: list[tuple[int, int]],
          done: dict[tuple[int, int], dict[str, Any]], scheduler: str | None,
          workers: int | None, on_chunk: Callable[[ChunkDone], None]) -> None:
    """Play the pending chunks on the cluster, storing each as it finishes."""
    from distributed import as_completed

    client, cluster = _connect(scheduler, workers)
    try:
        started = time.perf_counter()
        futures = {client.submit(run_chunk, studies[s], index, pure=False): (s, index)
                   for s, index in pending}
        for future in as_completed(futures):
            s, index = futures[future]
            try:
                result = future.result()
            except ImportError as exc:  # a worker of a real cluster without trickrules
                raise ValueError(f"a Dask worker cannot play the study: {exc} (install "
                                 "trickrules with its simulate extra on every worker)") from None
            store.save(studies[s], result)
            done[s, index] = result
            on_chunk(ChunkDone(f"{studies[s].dispute} #{index}", "played",
                               time.perf_counter() - started, False))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def summarize(study: Study, chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """A study's figures from its chunks (in chunk order): each outcome kind's count with
    its 95% interval, what was played, and the first divergences by seed."""
    totals = {k: sum(int(c[k]) for c in chunks) for k in COUNTS}
    examples: list[dict[str, Any]] = []
    for chunk in sorted(chunks, key=lambda c: int(c["index"])):
        examples.extend(json.loads(chunk["examples"]))
    return {
        "dispute": study.dispute, "game": study.game, "parameter": study.parameter,
        "readings": list(study.readings), "profiles": list(study.profiles),
        "players": {"team 0": study.players[0], "team 1": study.players[1]},
        "seeds": {"first": study.seed, "last": study.seed + study.games - 1},
        "games": totals["games"], "hands": totals["hands"], "chunks": len(chunks),
        "outcomes": {
            "hand_score": rate(totals["hand_score"], totals["hands"]),
            "made": rate(totals["made"], totals["hands"]),
            "winner": rate(totals["winner"], totals["games"]),
            "play": rate(totals["play"], totals["games"]),
        },
        "examples": examples[:EXAMPLES],
    }
