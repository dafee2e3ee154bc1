"""``trickrules verify``: every theorem on the shipped profiles, each source's consistency and
every dispute, on every core and through the result cache."""

from __future__ import annotations

import argparse
import contextlib
import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trickrules.spec.registry import game_ids

if TYPE_CHECKING:
    from rich.console import Console

    from trickrules.proofs.verify.report import Verification
    from trickrules.spec.catalogue import Catalogue
    from trickrules.spec.model import Profile


def _chosen(args: argparse.Namespace) -> tuple[Catalogue, list[str], list[Profile] | None]:
    """The catalogue, the games and (with ``--profile``) the one profile a run verifies; a
    profile of another game than ``--game`` is refused by name."""
    from trickrules.proofs.kit import kit_games
    from trickrules.spec.loader import game_catalogue

    games = [args.game] if args.game else list(kit_games())
    catalogue = game_catalogue(games[0])
    if not args.profile:
        return catalogue, games, None
    if not args.game:  # the profile names its game
        base = args.profile.split("[")[0]
        catalogue = next((c for c in map(game_catalogue, kit_games()) if base in c.profiles),
                         catalogue)
    profile = catalogue.profile(args.profile)
    if args.game and profile.game.id != args.game:
        raise ValueError(f"--profile: {args.profile!r} is a profile of {profile.game.id}, "
                         f"not of --game {args.game}")
    return catalogue, [profile.game.id], [profile]


def _with_sources(args: argparse.Namespace, games: list[str]) -> bool:
    """Whether the run checks the sources and settles the disputes (not with one profile or
    ``--no-sources``); ``--accept-verdicts`` needs them."""
    from trickrules.proofs.kit import sources_verified

    with_sources = (not args.profile and not args.no_sources
                    and any(sources_verified(g) for g in games))
    if args.accept_verdicts and not with_sources:
        raise ValueError("--accept-verdicts: the disputes are settled only with the sources "
                         "(not with --profile or --no-sources)")
    return with_sources


def cmd_verify(args: argparse.Namespace) -> int:
    """Run every theorem on the chosen profiles and, unless one profile is chosen, the source
    checks and disputes; non-zero exit if anything is not as expected."""
    from trickrules.cli.render.console import output_console
    from trickrules.cli.render.tables import print_verify
    from trickrules.proofs.verify.report import seal
    from trickrules.proofs.verify.rows import failed

    if args.jobs is not None and args.jobs < 1:
        raise ValueError("--jobs: must be at least 1")
    catalogue, games, profiles = _chosen(args)
    report_path = Path(args.report) if args.report else None
    if report_path is not None:
        check_writable(report_path)
    with_sources = _with_sources(args, games)
    console = output_console(stderr=args.json)
    done = run_verification(console, catalogue, games, profiles, with_sources,
                            not args.no_cache, args.cache_dir, args.jobs)
    report, rows = done.report, done.rows
    if args.accept_verdicts:
        from trickrules.proofs.verify.expectations import EXPECTED_FILE, accepted_section

        stored = accepted_section(report["sources"], done.disputes, games)
        console.print(f"{stored} disputes' verdicts stored as expected in {EXPECTED_FILE}")
    seal(report)
    if report_path is not None:
        write_report(report_path, report)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_verify(console, rows, report)
        console.print(f"{done.computed} results computed, {done.cached} from the cache")
    sources = report.get("sources")
    sources_ok = sources is None or bool(sources["ok"])
    return 1 if failed(rows) or not sources_ok else 0


def run_verification(console: Console, catalogue: Catalogue, games: list[str],
                     profiles: list[Profile] | None = None, with_sources: bool = True,
                     read_cache: bool = True, cache_dir: str | None = None,
                     workers: int | None = None) -> Verification:
    """A verification with progress on ``console``, through the default result cache (or
    ``cache_dir``); ``read_cache=False`` computes everything afresh."""
    from trickrules.proofs.verify.cache import (
        ResultCache,
        check_writable_folder,
        default_directory,
        environment_digest,
        inputs_digest,
    )
    from trickrules.proofs.verify.report import verify, work_items

    directory = Path(cache_dir) if cache_dir else default_directory()
    check_writable_folder(directory, "--cache-dir" if cache_dir else
                          "the result cache ($TRICKRULES_CACHE, else ~/.cache/trickrules; "
                          "--cache-dir names another)")
    cache = ResultCache(directory, environment_digest(inputs_digest()), read=read_cache)
    total = work_items(catalogue, games, profiles, with_sources)
    from trickrules.cli.render.progress import part_lines, progress

    with progress(console, total) as on_item:
        if console.is_terminal:
            return verify(catalogue, games, profiles, with_sources, cache, workers, on_item,
                          part_lines(console))
        with Heartbeat(console.file, total).running() as beat:
            return verify(catalogue, games, profiles, with_sources, cache, workers,
                          beat.counting(on_item, parts=False),
                          beat.counting(part_lines(console), parts=True))


HEARTBEAT_SECONDS = 4.0
"""Off a terminal, the longest a verification stays silent: after this long without a line,
it says how far it has come (a single job may take longer than this)."""


class Heartbeat:
    """The lines a redirected ``verify`` log gets between finished jobs: after
    :data:`HEARTBEAT_SECONDS` without one, the items and dispute parts done so far."""

    def __init__(self, out: Any, total: int, clock: Callable[[], float] | None = None) -> None:
        import time

        self.out, self.total = out, total
        self.clock = clock or time.monotonic
        self.started = self.last = self.clock()
        self.items = self.parts = 0

    def counting(self, callback: Callable[[Any], None] | None,
                 parts: bool) -> Callable[[Any], None]:
        """``callback`` (a finished item's or part's line), counted and timed."""
        def counted(finished: Any) -> None:
            if parts:
                self.parts += 1
            else:
                self.items += 1
            self.last = self.clock()
            if callback is not None:
                callback(finished)
        return counted

    def beat(self) -> bool:
        """Print how far the work is if nothing was printed for a while; whether it did."""
        now = self.clock()
        if now - self.last < HEARTBEAT_SECONDS:
            return False
        self.last = now
        print(f"verify: {self.items} of {self.total} items done ({self.parts} dispute parts), "
              f"{now - self.started:.0f}s, working", file=self.out, flush=True)
        return True

    @contextlib.contextmanager
    def running(self) -> Iterator[Heartbeat]:
        """This heartbeat, beating on a thread of its own until the block ends."""
        import threading

        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(1.0):
                with contextlib.suppress(OSError, ValueError):  # the log went away
                    self.beat()

        thread = threading.Thread(target=loop, name="verify-heartbeat", daemon=True)
        thread.start()
        try:
            yield self
        finally:
            stop.set()
            thread.join()


def check_writable(path: Path, option: str = "--report") -> None:
    """Refuse an output path (given by ``option``) that cannot be written, before any long
    work starts; its directory is made if missing."""
    if path.is_symlink():  # written through, as the shell's ``>`` does
        path = path.resolve()
    if path.is_socket():
        raise ValueError(f"{option}: {path} is a socket, not a file")
    if path.exists() and not path.is_file() and not path.is_dir():
        return  # a device or a FIFO: written in place, as the shell's ``>`` does
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".trickrules-", delete=True):
            pass
    except OSError as exc:
        raise ValueError(f"{option}: cannot write {path}: {exc.strerror or exc}") from None
    if path.is_dir():
        raise ValueError(f"{option}: {path} is a directory")


def write_report(path: Path, report: dict[str, Any]) -> None:
    """The JSON report at ``path``, written whole or not at all."""
    from trickrules.proofs.verify.cache import write_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode())


def add_verify_options(p: argparse.ArgumentParser) -> None:
    """The options of every command that may verify: cache and workers."""
    p.add_argument("--no-cache", action="store_true",
                   help="compute everything afresh (the results are still stored)")
    p.add_argument("--cache-dir", default=None,
                   help="result cache directory (default $TRICKRULES_CACHE, else "
                        "~/.cache/trickrules)")
    p.add_argument("--jobs", type=int, default=None,
                   help="worker processes (default: one per core)")


def add_commands(sub: Any) -> None:
    """Register ``verify``."""
    ver = sub.add_parser("verify", help="prove every theorem for the shipped profiles")
    ver.add_argument("--game", choices=game_ids(), default=None, help="only this game's profiles")
    ver.add_argument("--profile", default=None, help="only this profile")
    ver.add_argument("--json", action="store_true", help="print the report as JSON")
    ver.add_argument("--report", default=None, help="also write the JSON report to this file")
    ver.add_argument("--no-sources", action="store_true",
                     help="only the theorems on the shipped profiles (no source checks)")
    ver.add_argument("--accept-verdicts", action="store_true",
                     help="store this run's dispute verdicts as the expected ones (a dispute "
                          "whose verdict changes is otherwise reported as unexpected)")
    add_verify_options(ver)
    ver.set_defaults(func=cmd_verify)
