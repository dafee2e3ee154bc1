"""``trickrules serve``: the web page where a player sets up a situation with cards and gets
the ruling, and the HTTP JSON API beside it, on localhost unless told otherwise. The web
framework is imported only when the command runs."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

DEFAULT_RULEBOOK = Path("build/rulebook/html")
"""Where ``trickrules rulebook`` puts the HTML site by default."""
MAX_WORKERS = 256
"""The most worker processes ``--workers`` starts (a typing slip is not a fork bomb)."""
MAX_QUEUE = 100_000
"""The longest queue ``--queue`` allows."""


def _rulebook(args: argparse.Namespace) -> Path | None:
    """The rulebook folder to serve: the one given (which must hold a built site), else the
    default build's if there is one."""
    if args.rulebook is not None:
        folder = Path(args.rulebook)
        if not (folder / "index.html").is_file():
            raise ValueError(f"--rulebook {args.rulebook}: no index.html there (build the site "
                             "with `trickrules rulebook --no-pdf`; its HTML is in "
                             "OUT/html)")
        return folder
    return DEFAULT_RULEBOOK if (DEFAULT_RULEBOOK / "index.html").is_file() else None


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port {args.port}: not a port 0..65535")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise ValueError(f"--workers {args.workers}: not a number of workers 1..{MAX_WORKERS}")
    if args.queue is not None and not 0 <= args.queue <= MAX_QUEUE:
        raise ValueError(f"--queue {args.queue}: not a queue length 0..{MAX_QUEUE}")
    rulebook = _rulebook(args)
    import socket

    import uvicorn

    from trickrules.serve.app import allowed_hosts, create_app
    from trickrules.serve.pool import RulingPool

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((args.host, args.port))
    except OSError as exc:
        listener.close()
        raise ValueError(f"cannot listen on {args.host}:{args.port}: "
                         f"{exc.strerror or exc}") from None
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"trickrules serve: http://{shown}:{port}/ (the API: http://{shown}:{port}/api/docs)",
          flush=True)
    if rulebook is None:
        print("No rulebook is served: rule links need one. Build it with `trickrules rulebook "
              "--no-pdf` here, or give --rulebook DIR.", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"Listening on {args.host}: other machines can reach this server.", flush=True)
    hosts = allowed_hosts(args.host, args.allow_host)
    pool = RulingPool(args.workers, args.queue)
    # No limit_concurrency: uvicorn's refusal is a plain-text 503; the app's pool admits or
    # refuses each question itself, in the API's JSON error with Retry-After.
    config = uvicorn.Config(create_app(rulebook, hosts, pool), log_level="warning",
                            access_log=False, timeout_keep_alive=5)
    try:
        _quiet_server(config).run(sockets=[listener])
    finally:
        pool.close()
        listener.close()
    sys.stdout.flush()
    return 0


def _quiet_server(config: Any) -> Any:
    """uvicorn's server, stopping on SIGHUP (the terminal closed) as it stops on SIGTERM: the
    requests in flight finish and nothing is cancelled under it (no traceback); the signal is
    then raised again, so that the command ends as every command ends on a hang-up."""
    import uvicorn

    class QuietServer(uvicorn.Server):
        hung_up = False

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            previous = signal.getsignal(signal.SIGHUP)
            ours = callable(previous) and threading.current_thread() is threading.main_thread()
            if ours:
                signal.signal(signal.SIGHUP, self.hang_up)
            try:
                with super().capture_signals():
                    yield
            finally:
                if ours:
                    signal.signal(signal.SIGHUP, previous)
            if self.hung_up:
                signal.raise_signal(signal.SIGHUP)

        def hang_up(self, signum: int, frame: FrameType | None) -> None:
            """Stop serving, and remember why."""
            self.hung_up = True
            self.should_exit = True

    return QuietServer(config)


def add_commands(sub: Any) -> None:
    """Register ``serve``."""
    serve = sub.add_parser("serve", help="a local web page and HTTP API for rulings: set up a "
                                         "situation with cards, get the rule and reason")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000,
                       help="port (default 8000; 0 picks a free one, printed at start)")
    serve.add_argument("--rulebook", default=None, metavar="DIR",
                       help="a built rulebook's HTML folder to serve and link answers to "
                            "(default build/rulebook/html when it exists)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="also answer requests addressed to this host name (repeatable; "
                            "by default only the address listened on and this machine's "
                            "loopback names, so that a web page elsewhere cannot reach the "
                            "server through a name of its own)")
    serve.add_argument("--workers", type=int, default=None, metavar="N",
                       help="worker processes computing the answers (default one per core)")
    serve.add_argument("--queue", type=int, default=None, metavar="N",
                       help="questions that may wait for a worker; one more is refused at "
                            "once with 503 and Retry-After (default 128 per worker)")
    serve.set_defaults(func=cmd_serve)
