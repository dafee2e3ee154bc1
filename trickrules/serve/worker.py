"""A worker process of ``serve``'s pool (:mod:`trickrules.serve.pool`): it answers each
question the server sends it, one at a time, until the server closes its pipe.

Importing this module warms the rulings: it answers every form's example question once (the
rules and profiles are read and built on first use, the better part of a second per game).
The pool's fork server imports it once before it forks any worker, so every worker, a
replacement included, starts warm and answers its first question as quickly as its next. The
server's own process never imports it (it would pay that time before serving a page).

A worker leaves the terminal's interrupt and hang-up to the server (which stops its workers
itself) and exits at once when the server's end of the ``alive`` pipe closes, however the
server ended: a worker never outlives the server, even in the middle of a computation."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from trickrules.rulings.input import answer_situation
from trickrules.serve.situations import example_question, game_facts
from trickrules.spec.registry import game_ids

READY = "ready"
"""What a worker sends once it takes work (:data:`trickrules.serve.pool.READY`)."""
REFUSED = (ValueError, KeyError, TypeError, RecursionError)
"""The exceptions that mean a mistake in the question: reported by name, and raised again in
the server as themselves (a 4xx naming the field there)."""


def warm_up() -> None:
    """Answer every form's example once, so that the rulings' caches are filled."""
    for game in game_ids():
        facts = game_facts(game)
        for op in facts.ops:
            with contextlib.suppress(*REFUSED):
                answer_situation({"game": game, "op": op, **example_question(facts, op)})


def main(conn: Connection, alive: Connection) -> None:
    """A worker: answer each ``(work, data)`` received with its outcome, until the server
    closes the connection (the interrupt and hang-up it ignores from the fork server, which
    left them when it imported this module)."""
    threading.Thread(target=_exit_with_server, args=(alive,), daemon=True).start()
    try:
        conn.send(READY)
        while True:
            work, data = conn.recv()
            conn.send(outcome(work, data))
    except (EOFError, OSError):  # the server is gone (a broken pipe is an OSError too)
        return


def _exit_with_server(alive: Connection) -> None:
    """Wait for the server's end of ``alive`` to close (nothing is ever sent on it), then
    end the process, whatever its main thread is computing."""
    with contextlib.suppress(EOFError, OSError):
        alive.recv()
    os._exit(0)


def outcome(work: Callable[[Any], Any], data: Any) -> tuple[str, Any, str]:
    """``("ok", answer, "")``; ``("refused", exception name, message)`` for a mistake in the
    question; ``("failed", "", what)`` for anything else (the server answers 500 then, and
    the worker goes on)."""
    try:
        return "ok", work(data), ""
    except REFUSED as exc:
        message = str(exc.args[0]) if exc.args else type(exc).__name__
        return "refused", type(exc).__name__, message
    except Exception as exc:
        return "failed", "", f"{type(exc).__name__}: {exc}"


# The fork server imports this module and warms up before it ignores the terminal's
# interrupt itself: a Ctrl-C to the server's group in that second interrupted a Z3 finalizer
# with a traceback on the terminal. The interrupt and hang-up are the server's from here on.
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGHUP, signal.SIG_IGN)
warm_up()
