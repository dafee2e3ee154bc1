"""Run verify jobs on every core, through the result cache.

Jobs already in the cache under the present inputs are answered from it; the rest go to a pool
of worker processes, longest first (by the time each took when last run), so the cores finish
together. Each finished job is reported to a callback as it lands.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from trickrules.proofs.verify.cache import ResultCache
from trickrules.proofs.verify.jobs import Job, execute, is_fault, is_result_of


@dataclass(frozen=True)
class Done:
    """A finished job: its result, the seconds it took, and whether it came from the cache."""

    job: Job
    result: Any
    seconds: float
    cached: bool


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _timed(job: Job) -> tuple[Any, float]:
    start = time.perf_counter()
    result = execute(job)
    return result, time.perf_counter() - start


def _static_cost(job: Job) -> float:
    """A guess at a job's seconds when it has never run: disputes over points of play are the
    long ones, the bigger game more so; then disputes over the auction (a proof that two
    readings agree on every auction can take seconds) and over projects, so that the tail is
    short jobs. Of the theorems, the small-scope cross-checks (every small deal played by the
    engine and asked of the model) are the longest single jobs, Baloot's most of all."""
    weight = 2.0 if job.game == "kout6" else 1.0
    if job.theorem == "crosscheck.small-scope":
        return 8.0 if job.game == "baloot" else 3.0
    if job.kind == "outcome":
        kinds = set(job.outcome.split("+"))
        if kinds & {"legal", "winner", "hand-over"}:
            return weight * 3.0
        if "auction" in kinds:
            return weight * 1.0
        return weight * (0.5 if any(k.startswith("project") for k in kinds) else 0.05)
    return weight * 0.5


class Timings:
    """The seconds each job took when it last ran (any inputs): the order of the next run."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}
        if path is not None and path.exists():
            try:
                loaded = json.loads(path.read_text(encoding="utf-8"))
                self.seconds = {str(k): float(v) for k, v in loaded.items()}
            except (OSError, ValueError, AttributeError):
                self.seconds = {}

    def cost(self, job: Job) -> float:
        """Expected seconds of ``job``."""
        return self.seconds.get(job.key, _static_cost(job))

    def save(self, done: Sequence[Done]) -> None:
        """Remember the seconds of the jobs that ran."""
        if self.path is None:
            return
        for d in done:
            if not d.cached:
                self.seconds[d.job.key] = round(d.seconds, 3)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.seconds, sort_keys=True), encoding="utf-8")
        except OSError:
            pass  # the order of a later run is only an optimisation


def run_jobs(jobs: Sequence[Job], cache: ResultCache | None, workers: int,
             on_done: Callable[[Done], None] | None = None) -> dict[Job, Done]:
    """Every job's result, from ``cache`` where present, else computed (in ``workers``
    processes when more than one) and stored."""
    report = on_done or (lambda _: None)
    results: dict[Job, Done] = {}
    todo: list[Job] = []
    for job in jobs:
        hit = cache.get(job.key, partial(is_result_of, job)) if cache is not None else None
        if hit is not None:
            results[job] = Done(job, hit, 0.0, True)
            report(results[job])
        else:
            todo.append(job)
    timings = Timings(cache.root / "timings.json" if cache is not None else None)
    todo.sort(key=timings.cost, reverse=True)

    def finish(job: Job, result: Any, seconds: float) -> None:
        if _unknown(result) and not is_fault(result):  # see _afresh: the fresh answer is kept
            result, more = _afresh(job)
            seconds += more
        if cache is not None:
            cache.put(job.key, result)
        results[job] = Done(job, result, seconds, False)
        report(results[job])

    if workers <= 1 or len(todo) <= 1:
        for job in todo:
            finish(job, *_timed(job))
    else:
        _run_pool(todo, min(workers, len(todo)), finish)
    timings.save(list(results.values()))
    if cache is not None:
        cache.prune()
    return results


def _unknown(result: Any) -> bool:
    """Whether a job's result holds an unknown verdict (a theorem row, a source row, or an
    outcome of a kind)."""
    items = result if isinstance(result, list) else [result]
    for item in items:
        row = getattr(item, "row", item)
        if getattr(row, "verdict", None) == "unknown":
            return True
    return False


def _afresh(job: Job) -> tuple[Any, float]:
    """``job`` run once more in a process of its own.

    Z3 hashes some of its internal objects by address, so how a hard query searches (and
    whether it fits the resource limit) depends on everything a long-lived worker ran before;
    a query that a fresh process settles in a fraction of a second was seen to run out of its
    limit after some hundreds of other jobs. An unknown is therefore asked again in a new
    interpreter (spawned, not forked, so it inherits nothing), and that answer is kept."""
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_signals)
    try:
        found: tuple[Any, float] = pool.submit(_timed, job).result()
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
    return found


def _run_pool(todo: list[Job], workers: int,
              finish: Callable[[Job, Any, float], None]) -> None:
    """Run ``todo`` in a process pool, handing each result to ``finish`` as it lands."""
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_worker_signals)
    try:
        pending: dict[Future[tuple[Any, float]], Job] = {
            pool.submit(_timed, job): job for job in todo}
        while pending:
            finished, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            _raise_noted_signal()
            for future in finished:
                job = pending.pop(future)
                finish(job, *future.result())
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()


POLL = 0.25
"""Seconds between two looks at a noted signal while the workers compute."""
_NOTED: list[type[BaseException]] = []


def note_signal(kind: type[BaseException]) -> None:
    """Called by a signal handler before it raises ``kind``: a handler's exception raised
    while a finalizer runs (a Z3 object's ``__del__``) is swallowed by Python, so the pool's
    loop raises it again."""
    _NOTED.append(kind)


def _raise_noted_signal() -> None:
    if _NOTED:
        raise _NOTED.pop()()


def _worker_signals() -> None:
    """In a worker: SIGTERM ends it at once, and Ctrl-C (sent to the whole process group) is
    left to the command, which stops every worker itself."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor, grace: float = 1.0) -> None:
    """Stop a pool at once (Ctrl-C, SIGTERM, a failure): no job is started again, the workers
    are asked to end and, if a solver call does not let them within ``grace`` seconds, killed;
    none outlives the command."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # its only handle on them
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(OSError, ValueError):
            worker.terminate()
    deadline = time.monotonic() + grace
    for worker in workers:
        worker.join(timeout=max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            with contextlib.suppress(OSError, ValueError):
                worker.kill()
            worker.join(timeout=grace)
