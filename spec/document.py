"""One TOML rule-data file, parsed, with its line index for error messages and schema checks."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from trickrules.spec.errors import SpecError, read_text
from trickrules.spec.sourcemap import DataPath, SourceMap

SCHEMA_DIR = Path(str(resources.files("trickrules.spec") / "schema"))


class SpecDocument:
    """One parsed TOML file with its line index, for locating errors."""

    def __init__(self, path: Path) -> None:
        self.path = path
        text = read_text(path)
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
            line = int(match.group(1)) if match else None
            message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            raise SpecError(path, line, f"invalid TOML: {message}") from None
        self.map = SourceMap(text)

    def error(self, path: DataPath, message: str) -> SpecError:
        """A :class:`SpecError` at the line where ``path`` is written."""
        return SpecError(self.path, self.map.line_of(path), message)

    def validate(self, schema_name: str) -> None:
        """Check the document against a JSON Schema; report the first error by position."""
        schema = json.loads((SCHEMA_DIR / schema_name).read_text(encoding="utf-8"))
        validator = jsonschema.Draft202012Validator(schema)
        errors = list(validator.iter_errors(self.data))
        if not errors:
            return
        located = [(self.map.line_of(tuple(e.absolute_path)) or 0, e) for e in errors]
        line, first = min(located, key=lambda pair: pair[0])
        where = "/".join(str(part) for part in first.absolute_path) or "(top level)"
        raise SpecError(self.path, line or None, f"schema: at {where}: {first.message}")
