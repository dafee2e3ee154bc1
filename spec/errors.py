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
