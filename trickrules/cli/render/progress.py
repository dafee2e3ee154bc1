"""Progress of a long command: a bar on a terminal, otherwise one line per finished item (id,
verdict, seconds), so a log always shows where the work is."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


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


def part_lines(console: Console) -> Callable[[Finished], None] | None:
    """Off a terminal, a line for each part of an item that lands before the item is whole
    (a dispute's outcome groups), so a log grows with every finished job; on a terminal,
    nothing (the bar shows the work)."""
    if console.is_terminal:
        return None

    def line(item: Finished) -> None:
        source = "cached" if item.cached else f"{item.seconds:.2f}s"
        print(f"  {item.label} {item.verdict} {source}", file=console.file, flush=True)

    return line


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

