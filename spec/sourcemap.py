"""Line numbers for TOML data, so that errors found after parsing can still name a line.

``tomllib`` returns plain values without positions. This index reads the file's headers
(``[a.b]``, ``[[a.b]]``) and ``key = value`` lines and maps each data path, such as
``("parameter", 3, "reading", 1, "id")``, to the line where it is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PathPart = str | int
DataPath = tuple[PathPart, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|[A-Za-z0-9_-]+)\s*=')


def _split_dotted(text: str) -> list[str]:
    """Split a header like ``profile.values`` or ``a."b.c"`` into its keys."""
    parts: list[str] = []
    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_-]+)', text):
        parts.append(match.group(1) if match.group(1) is not None else match.group(2))
    return parts


def _bracket_balance(value: str) -> int:
    """Net ``[``/``{`` minus ``]``/``}`` outside strings and comments on one line."""
    depth = 0
    in_string = False
    escaped = False
    for char in value:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "#":
            break
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return depth


class SourceMap:
    """Maps data paths of one TOML document to 1-based line numbers."""

    def __init__(self, text: str) -> None:
        self.lines: dict[DataPath, int] = {}
        counts: dict[DataPath, int] = {}
        current: DataPath = ()
        open_brackets = 0
        for number, line in enumerate(text.splitlines(), start=1):
            if open_brackets > 0:
                open_brackets += _bracket_balance(line)
                continue
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                keys = _split_dotted(header.group(2))
                path: list[PathPart] = []
                for key in keys[:-1]:
                    path.append(key)
                    if tuple(path) in counts:
                        path.append(counts[tuple(path)] - 1)
                path.append(keys[-1])
                if header.group(1) == "[[":
                    array = tuple(path)
                    counts[array] = counts.get(array, 0) + 1
                    path.append(counts[array] - 1)
                current = tuple(path)
                self.lines.setdefault(current, number)
                continue
            assignment = _KEY.match(line)
            if assignment:
                name = assignment.group(1)
                if name.startswith('"'):
                    name = name[1:-1]
                self.lines.setdefault((*current, name), number)
                open_brackets = _bracket_balance(line[assignment.end() :])

    def line_of(self, path: Sequence[PathPart]) -> int | None:
        """The line of ``path``, or of its nearest written ancestor; ``None`` if unknown."""
        probe = tuple(path)
        while probe:
            if probe in self.lines:
                return self.lines[probe]
            probe = probe[:-1]
        return None
