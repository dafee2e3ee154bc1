"""The worker processes that compute ``trickrules serve``'s answers.

An answer is pure computation, so under one interpreter concurrent requests take turns; the
pool runs them in worker processes instead (one per core by default), so that a room of
tables is answered on every core while the server's own process only reads and writes HTTP.
The pool is bounded: at most :attr:`RulingPool.queue` requests wait for a worker, and one more
is refused at once (:class:`RefusedError`, with the seconds after which to try again) rather than
left to wait past its deadline. An answer given up (its deadline passed, or its request
cancelled) has its worker process killed and replaced, so a runaway computation never keeps a
core. Workers die with the server: they ignore the terminal's interrupt and hang-up (the
server stops them itself), and each exits on its own when the server's end of a pipe closes,
however the server ended.

Workers are forked from a fork server that has the worker's module imported, and so the
rulings warm (:mod:`trickrules.serve.worker`): a replacement starts in a fraction of a
second, and nothing of the server's threads or sockets is copied into it. The pool starts in
the background, so the server answers its pages at once; a question asked before a worker is
ready waits in the queue."""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from trickrules.rulings.input import answer_situation

READY = "ready"
"""What a worker sends once it takes work (as :mod:`trickrules.serve.worker` sends it)."""
STARTUP_SECONDS = 60.0
"""The longest a worker may take to start (its fork server warming first) before it is
counted as failed."""
QUEUE_PER_WORKER = 128
"""The default queue: this many waiting requests per worker (a cheap answer takes a few
milliseconds, so a full queue of cheap questions is still answered well within a second)."""
REFUSED_AS = {"ValueError": ValueError, "KeyError": KeyError, "TypeError": TypeError,
              "RecursionError": RecursionError}
"""The exceptions of a question the worker reports, raised again in the server as themselves
(the server turns them into a 4xx naming the field)."""

Work = Callable[[Any], Any]


class RefusedError(Exception):
    """A request the pool does not answer (full, given up, or its worker lost), with the
    seconds after which the client may try again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _worker(conn: Connection, alive: Connection) -> None:
    """A worker process's life (:func:`trickrules.serve.worker.main`), imported here, in the
    worker, so that the server's own process never imports that module (importing it warms
    the rulings, which the fork server does once for every worker)."""
    from trickrules.serve.worker import main

    main(conn, alive)


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Connection


@dataclass
class _State:
    """What the lock guards: the idle workers, the requests waiting (each with its loop),
    every live worker and how many are starting."""

    idle: list[_Worker] = field(default_factory=list)
    waiting: deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[_Worker]]] = field(
        default_factory=deque)
    live: set[_Worker] = field(default_factory=set)
    starting: int = 0
    closed: bool = False


class RulingPool:
    """``workers`` processes computing ``work(data)`` (the ruling), at most ``queue``
    requests waiting; safe to call from any event loop and thread."""

    def __init__(self, workers: int | None = None, queue: int | None = None,
                 work: Work = answer_situation) -> None:
        self.workers = default_workers() if workers is None else workers
        self.queue = QUEUE_PER_WORKER * self.workers if queue is None else queue
        if self.workers < 1 or self.queue < 0:
            raise ValueError(f"a pool of {self.workers} workers and a queue of {self.queue}")
        self.work = work
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["trickrules.serve.worker"])
        self._alive_r, self._alive_w = self._context.Pipe(duplex=False)
        self._lock = threading.Lock()
        self._state = _State()
        self._seconds = 0.05  # a running mean of an answer's time, for Retry-After

    def start(self) -> None:
        """Start the missing workers in the background (returns at once)."""
        with self._lock:
            if self._state.closed:
                return
            missing = self.workers - len(self._state.live) - self._state.starting
            self._state.starting += max(0, missing)
        for _ in range(missing):
            threading.Thread(target=self._spawn, daemon=True).start()

    def pids(self) -> list[int]:
        """The live workers' process ids."""
        with self._lock:
            return [w.process.pid for w in self._state.live]

    def retry_after(self) -> int:
        """Seconds until the queue, as it stands, is likely to have room again."""
        waiting = len(self._state.waiting) + 1
        return max(1, min(60, math.ceil(self._seconds * waiting / self.workers)))

    async def answer(self, data: Any, seconds: float) -> Any:
        """``work(data)`` computed by a worker within ``seconds`` (waiting included); a
        mistake in the question raised as itself; :class:`RefusedError` when the queue is full,
        the time is up or the worker died."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        self.start()
        worker = await self._take(loop, seconds)
        started = loop.time()
        try:
            worker.conn.send((self.work, data))
            kind, value, message = await self._reply(loop, worker, deadline - loop.time())
        except OSError:
            self._discard(worker)
            raise RefusedError("the worker for the answer had stopped", 1) from None
        except BaseException:  # given up: the computation is stopped with its worker
            self._discard(worker)
            raise
        self._release(worker)
        self._seconds = 0.9 * self._seconds + 0.1 * (loop.time() - started)
        if kind == "refused":
            raise REFUSED_AS[value](message)
        if kind == "failed":
            raise RuntimeError(f"the answer failed in its worker: {message}")
        return value

    async def _take(self, loop: asyncio.AbstractEventLoop, seconds: float) -> _Worker:
        """An idle worker, waiting for one in the queue if there is room."""
        with self._lock:
            if self._state.idle:
                return self._state.idle.pop()
            if len(self._state.waiting) >= self.queue:
                raise RefusedError(f"busy: all {self.workers} workers are answering and "
                              f"{self.queue} requests are waiting", self.retry_after())
            waiter: asyncio.Future[_Worker] = loop.create_future()
            self._state.waiting.append((loop, waiter))
        try:
            return await asyncio.wait_for(waiter, max(0.0, seconds))
        except TimeoutError:
            raise RefusedError(f"busy: no worker was free within {seconds:.0f} s",
                          self.retry_after()) from None
        except asyncio.CancelledError:  # given up just as a worker was handed over
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release(waiter.result())
            raise
        finally:
            with self._lock:
                if (loop, waiter) in self._state.waiting:
                    self._state.waiting.remove((loop, waiter))

    async def _reply(self, loop: asyncio.AbstractEventLoop, worker: _Worker,
                     seconds: float) -> tuple[str, Any, str]:
        """The worker's reply, read when it comes; :class:`RefusedError` when it is not there in
        ``seconds`` or the worker died."""
        readable: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        loop.add_reader(fd, _set, readable)
        try:
            await asyncio.wait_for(readable, max(0.0, seconds))
        except TimeoutError:
            raise RefusedError(f"the answer took longer than {seconds:.0f} s",
                          self.retry_after()) from None
        finally:
            loop.remove_reader(fd)
        try:
            reply: tuple[str, Any, str] = worker.conn.recv()
        except (EOFError, OSError):
            raise RefusedError("the worker computing the answer stopped",
                               self.retry_after()) from None
        return reply

    def _release(self, worker: _Worker) -> None:
        """Give ``worker`` to the first request waiting (on its own loop), else keep it
        idle."""
        with self._lock:
            if self._state.closed:
                return
            while self._state.waiting:
                loop, waiter = self._state.waiting.popleft()
                try:
                    loop.call_soon_threadsafe(self._hand, waiter, worker)
                    return
                except RuntimeError:  # that request's loop has ended
                    continue
            self._state.idle.append(worker)

    def _hand(self, waiter: asyncio.Future[_Worker], worker: _Worker) -> None:
        """On the waiter's loop: the worker is its, unless it gave up meanwhile."""
        if waiter.done():
            self._release(worker)
        else:
            waiter.set_result(worker)

    def _discard(self, worker: _Worker) -> None:
        """Kill a worker whose answer was given up, and start its replacement."""
        with self._lock:
            self._state.live.discard(worker)
        _stop(worker)
        self.start()

    def _spawn(self) -> None:
        """Start one worker and wait for it to take work (in a thread of its own)."""
        worker = None
        try:
            here, there = self._context.Pipe()
            process = self._context.Process(target=_worker, daemon=True,
                                            args=(there, self._alive_r))
            process.start()
            there.close()
            worker = _Worker(process, here)
            if not (here.poll(STARTUP_SECONDS) and here.recv() == READY):
                raise EOFError
        except Exception:  # no worker (the next question tries again, or waits its time)
            if worker is not None:
                _stop(worker)
            worker = None
        with self._lock:
            self._state.starting -= 1
            closed = self._state.closed
            if worker is not None and not closed:
                self._state.live.add(worker)
        if worker is not None:
            _stop(worker) if closed else self._release(worker)

    def close(self) -> None:
        """Stop every worker and refuse what waits; the pool answers nothing after."""
        with self._lock:
            self._state.closed = True
            idle, self._state.idle = self._state.idle, []
            busy, self._state.live = self._state.live.difference(idle), set()
            waiting, self._state.waiting = list(self._state.waiting), deque()
        for loop, waiter in waiting:
            try:
                loop.call_soon_threadsafe(_fail, waiter)
            except RuntimeError:
                continue
        for worker in idle:
            _stop(worker)
        for worker in busy:  # its answer sees the end of the pipe, is refused, and closes it
            _stop(worker, close=False)
        self._alive_w.close()


def _set(readable: asyncio.Future[None]) -> None:
    if not readable.done():
        readable.set_result(None)


def _fail(waiter: asyncio.Future[_Worker]) -> None:
    if not waiter.done():
        waiter.set_exception(RefusedError("the server is stopping", 1))


def _stop(worker: _Worker, close: bool = True) -> None:
    """Kill a worker's process and reap it (and close the server's end of its pipe, unless
    an answer is still reading it)."""
    try:
        worker.process.kill()
        worker.process.join(5)
    except (OSError, ValueError, AssertionError):
        pass
    if close:
        worker.conn.close()
