"""The error every bad spec file raises: it names the file, the line and what was wrong."""

from __future__ import annotations

from pathlib import Path


class SpecError(ValueError):
    """Rule data that fails to load or validate, located at ``file:line``."""

    def __init__(self, file: Path | str, line: int | None, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.problem = message
        where = f"{self.file}:{line}" if line is not None else self.file
        super().__init__(f"{where}: {message}")


def read_text(path: Path) -> str:
    """A rule data file's text; a file that cannot be read, or is not UTF-8 (named with the
    line of the first bad byte), raises :class:`SpecError`."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SpecError(path, None, f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SpecError(path, line, f"not UTF-8 text (byte {exc.start})") from None
