"""One TOML rule-data file, parsed, with its line index for error messages and schema checks."""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from trickrules.spec.errors import SpecError, read_text
from trickrules.spec.sourcemap import DataPath, SourceMap

if TYPE_CHECKING:
    import jsonschema

SCHEMA_DIR = Path(str(resources.files("trickrules.spec") / "schema"))


@cache
def _schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` of the rule data, read once."""
    loaded: dict[str, Any] = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return loaded


@cache
def _fast_validator(name: str) -> jsonschema_rs.Validator:
    """A compiled validator (Rust): what every valid document goes through, in a fraction of
    the reference implementation's time (validating was half of loading the rule data)."""
    return jsonschema_rs.Draft202012Validator(_schema(name))


@cache
def reference_validator(name: str) -> jsonschema.Draft202012Validator:
    """The reference implementation, which decides what the compiled one refuses and words
    the errors."""
    import jsonschema  # imported only when needed: a fifth of a command's start

    return jsonschema.Draft202012Validator(_schema(name))


def compiled_accepts(name: str, data: Any) -> bool:
    """Whether the compiled validator accepts ``data``; false also for data it cannot take
    (a TOML date or time), which the reference implementation then decides."""
    try:
        return bool(_fast_validator(name).is_valid(data))
    except (ValueError, TypeError, OverflowError):
        return False


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
        """Check the document against a JSON Schema; report the first error by position.
        The compiled validator passes what it accepts; anything else is decided, and its
        errors worded, by the reference implementation."""
        if compiled_accepts(schema_name, self.data):
            return
        errors = list(reference_validator(schema_name).iter_errors(self.data))
        if not errors:
            return
        located = [(self.map.line_of(tuple(e.absolute_path)) or 0, e) for e in errors]
        line, first = min(located, key=lambda pair: pair[0])
        where = "/".join(str(part) for part in first.absolute_path) or "(top level)"
        raise SpecError(self.path, line or None, f"schema: at {where}: {first.message}")
