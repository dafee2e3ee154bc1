"""Progress of a long command: a bar on a terminal, otherwise one line per finished item (id,
verdict, seconds), so a log always shows where the work is."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

if TYPE_CHECKING:
    from proofs.verify.report import Verification
    from spec.model import Catalogue, Profile


class Finished(Protocol):
    """What a finished item tells: its id, its verdict, its seconds, whether it was cached."""

    @property
    def label(self) -> str: ...
    @property
    def verdict(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def cached(self) -> bool: ...


@contextmanager
def progress(console: Console, total: int,
             quiet: bool = False) -> Iterator[Callable[[Finished], None]]:
    """A callback for each finished item: it advances the bar (on a terminal) or prints one
    line (otherwise) on ``console``."""
    if quiet:
        yield lambda _: None
        return
    if not console.is_terminal:
        count = 0

        def line(item: Finished) -> None:
            nonlocal count
            count += 1
            source = "cached" if item.cached else f"{item.seconds:.2f}s"
            print(f"[{count}/{total}] {item.label} {item.verdict} {source}", file=console.file,
                  flush=True)

        yield line
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("verifying", total=total)

        def advance(item: Finished) -> None:
            bar.update(task, advance=1, description=escape(item.label[:60]))

        yield advance


def run_verification(console: Console, catalogue: Catalogue, games: list[str],
                     profiles: list[Profile] | None = None, with_sources: bool = True,
                     read_cache: bool = True, cache_dir: str | None = None,
                     workers: int | None = None) -> Verification:
    """A verification with progress on ``console``, through the default result cache (or
    ``cache_dir``); ``read_cache=False`` computes everything afresh."""
    from proofs.verify.cache import (
        ResultCache,
        default_directory,
        environment_digest,
        inputs_digest,
    )
    from proofs.verify.report import verify, work_items

    cache = ResultCache(Path(cache_dir) if cache_dir else default_directory(),
                        environment_digest(inputs_digest()), read=read_cache)
    total = work_items(catalogue, games, profiles, with_sources)
    with progress(console, total) as on_item:
        return verify(catalogue, games, profiles, with_sources, cache, workers, on_item)
