"""The console every command prints through: rich on a terminal; when the output goes to a
pipe or a file, a table is printed as wide as its content needs, so no cell is ever cut."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table

UNBOUNDED = 1_000_000
"""A width no table reaches: the bound under which a table's natural width is measured."""


class OutputConsole(Console):
    """A rich console whose tables keep every cell when the output is not a terminal."""

    def on_broken_pipe(self) -> None:
        """The reader went away: raised on to the command's one place that ends it (rich
        itself would exit with 1, the code of a failed check)."""
        self.quiet = True
        raise BrokenPipeError

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if self.is_terminal or not any(isinstance(o, Table) for o in objects):
            super().print(*objects, **kwargs)
            return
        options = self.options.update(max_width=UNBOUNDED)
        needed = max(Measurement.get(self, options, o).maximum for o in objects
                     if isinstance(o, Table))
        width = self.width
        self.width = max(width, needed)  # rich prints no wider than the console
        try:
            super().print(*objects, **kwargs)
        finally:
            self.width = width


def output_console(stderr: bool = False) -> Console:
    """The console of a command's output (``stderr``: of its progress and messages)."""
    return OutputConsole(highlight=False, stderr=stderr)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters a terminal acts on (escape sequences, carriage return, bidirectional overrides)
rather than shows."""


def literal(text: str) -> str:
    """Text from an engine, a file or a user, shown exactly as it is: rich markup escaped, and
    each control character written as ``\\xNN`` or ``\\uNNNN``, so that none reaches the
    terminal (a clear-screen or window-title sequence in an engine's message is shown, not
    obeyed)."""
    return escape(_CONTROL.sub(lambda m: (f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                                          else f"\\u{ord(m.group()):04x}"), text))
