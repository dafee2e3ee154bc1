"""Loading and validating the rule data: schema first, then cross-references.

Every failure is a :class:`~spec.errors.SpecError` naming the file, the line and the problem.
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from spec.cards import CardParseError, expand_pattern
from spec.errors import SpecError
from spec.model import Catalogue, Game, Parameter, Profile, Reading
from spec.sourcemap import DataPath, SourceMap

KOUT_DIR = Path(str(resources.files("spec") / "kout"))
SCHEMA_DIR = Path(str(resources.files("spec") / "schema"))


class _Document:
    """One parsed TOML file with its line index, for locating errors."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SpecError(path, None, f"cannot read: {exc.strerror}") from None
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


def _unique(doc: _Document, table: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for index, item_id in enumerate(ids):
        if item_id in seen:
            raise doc.error((table, index, "id"), f"duplicate {table} id {item_id!r}")
        seen.add(item_id)


def _load_games(doc: _Document) -> dict[str, Game]:
    doc.validate("games.schema.json")
    rows = doc.data["game"]
    _unique(doc, "game", [row["id"] for row in rows])
    return {row["id"]: Game(row["id"], row["name"], row["players"]) for row in rows}


def _load_parameters(doc: _Document, games: dict[str, Game]) -> dict[str, Parameter]:
    doc.validate("parameters.schema.json")
    rows = doc.data["parameter"]
    _unique(doc, "parameter", [row["id"] for row in rows])
    parameters: dict[str, Parameter] = {}
    for index, row in enumerate(rows):
        for game in row["games"]:
            if game not in games:
                raise doc.error(
                    ("parameter", index, "games"),
                    f"parameter {row['id']!r} names unknown game {game!r}",
                )
        readings: list[Reading] = []
        seen: set[str] = set()
        for r_index, item in enumerate(row["reading"]):
            at: DataPath = ("parameter", index, "reading", r_index)
            if item["id"] in seen:
                raise doc.error(
                    (*at, "id"), f"parameter {row['id']!r} repeats reading {item['id']!r}"
                )
            seen.add(item["id"])
            remove = item.get("remove")
            for pattern in remove or ():
                try:
                    expand_pattern(pattern)
                except CardParseError as exc:
                    raise doc.error((*at, "remove"), f"reading {item['id']!r}: {exc}") from None
            readings.append(
                Reading(
                    item["id"],
                    item["meaning"],
                    item.get("value"),
                    tuple(remove) if remove is not None else None,
                )
            )
        parameters[row["id"]] = Parameter(
            row["id"], row["topic"], row["meaning"], tuple(row["games"]), tuple(readings)
        )
    return parameters


def _resolve_values(
    doc: _Document, rows: list[dict[str, Any]], index: int, trail: tuple[str, ...]
) -> dict[str, Any]:
    """A profile's values with those of the profiles it extends underneath."""
    row = rows[index]
    values: dict[str, Any] = {}
    parent = row.get("extends")
    if parent is not None:
        if parent in trail:
            chain = " -> ".join((*trail, parent))
            raise doc.error(("profile", index, "extends"), f"profiles extend in a cycle: {chain}")
        positions = [i for i, other in enumerate(rows) if other["id"] == parent]
        if not positions:
            raise doc.error(
                ("profile", index, "extends"),
                f"profile {row['id']!r} extends unknown profile {parent!r}",
            )
        values.update(_resolve_values(doc, rows, positions[0], (*trail, parent)))
    values.update(row["values"])
    return values


def _load_profiles(
    doc: _Document, games: dict[str, Game], parameters: dict[str, Parameter]
) -> dict[str, Profile]:
    doc.validate("profiles.schema.json")
    rows = doc.data["profile"]
    _unique(doc, "profile", [row["id"] for row in rows])
    profiles: dict[str, Profile] = {}
    for index, row in enumerate(rows):
        at: DataPath = ("profile", index)
        if row["game"] not in games:
            raise doc.error((*at, "game"), f"profile {row['id']!r}: unknown game {row['game']!r}")
        game = games[row["game"]]
        for pid, choice in row["values"].items():
            if pid not in parameters:
                raise doc.error(
                    (*at, "values", pid), f"profile {row['id']!r}: unknown parameter {pid!r}"
                )
            domain = parameters[pid].reading_ids
            for reading in [choice] if isinstance(choice, str) else choice:
                if reading not in domain:
                    raise doc.error(
                        (*at, "values", pid),
                        f"profile {row['id']!r}: {pid} = {reading!r} is not a reading "
                        f"(readings: {', '.join(domain)})",
                    )
        merged = _resolve_values(doc, rows, index, (row["id"],))
        values: dict[str, tuple[str, ...]] = {}
        for parameter in parameters.values():
            applies = game.id in parameter.games
            if parameter.id not in merged:
                if applies:
                    raise doc.error(
                        (*at, "values"),
                        f"profile {row['id']!r} assigns no reading to {parameter.id!r}",
                    )
                continue
            if not applies:
                raise doc.error(
                    (*at, "values", parameter.id),
                    f"profile {row['id']!r}: {parameter.id!r} does not apply to {game.id}",
                )
            choice = merged[parameter.id]
            values[parameter.id] = (choice,) if isinstance(choice, str) else tuple(choice)
        profiles[row["id"]] = Profile(
            row["id"], game, row["summary"], values, parameters, row.get("extends")
        )
    return profiles


def load_catalogue(directory: Path | str | None = None) -> Catalogue:
    """Load and validate ``games.toml``, ``parameters.toml`` and ``profiles.toml``."""
    base = Path(directory) if directory is not None else KOUT_DIR
    games = _load_games(_Document(base / "games.toml"))
    parameters = _load_parameters(_Document(base / "parameters.toml"), games)
    profiles = _load_profiles(_Document(base / "profiles.toml"), games, parameters)
    return Catalogue(games, parameters, profiles)


@cache
def kout_catalogue() -> Catalogue:
    """The shipped Kout catalogue, loaded once."""
    return load_catalogue()
