"""The rule data's two schema validators agree: the compiled one, which passes what it
accepts, accepts exactly what the reference implementation finds no error in, for every
shipped document and for broken copies of each (a value of the wrong type, a key removed,
an unknown key added), so that skipping the reference on what the compiled one accepts
changes no verdict."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trickrules.spec import document
from trickrules.spec.coverage import INDEX_FILE
from trickrules.spec.registry import family_dir

SCHEMA_OF = {"games": "games", "parameters": "parameters", "profiles": "profiles",
             "sources": "sources", "claims": "claims", "practice": "practice",
             "irregularities": "irregularities", "glossary": "glossary",
             "rulings": "rulings", "examples": "examples", "sentences": "sentences",
             "odds": "odds"}
"""Each rule-data file (by name) and the schema its loader checks it against."""
BROKEN_COPIES = 60
"""How many broken copies of each document are checked."""
WRONG_TYPE: dict[type, Any] = {str: 7, int: "seven", float: "seven", bool: "yes", list: {},
                               dict: [], type(None): 0}
"""What a value of each type is replaced with to break it."""


def _documents() -> list[tuple[str, str]]:
    """Every shipped document with a schema: (path, schema file name)."""
    found = []
    for family in ("kout", "baloot"):
        for path in sorted(family_dir(family).glob("*.toml")):
            if path.stem in SCHEMA_OF:
                found.append((str(path), f"{SCHEMA_OF[path.stem]}.schema.json"))
        found.append((str(family_dir(family) / INDEX_FILE), "sentence_index.schema.json"))
    return found


def _read(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else tomllib.loads(text)


def _trimmed(data: Any) -> Any:
    """The data with every list of tables or lists cut to its first two items (a row of plain
    values, which a schema may hold to a length, kept whole): as many shapes, less to check."""
    if isinstance(data, dict):
        return {key: _trimmed(value) for key, value in data.items()}
    if isinstance(data, list):
        rows = any(isinstance(item, (dict, list)) for item in data)
        return [_trimmed(item) for item in (data[:2] if rows else data)]
    return data


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``data``."""
    items = data.items() if isinstance(data, dict) else \
        enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def _broken(data: Any, rng: random.Random) -> Any:
    """A copy of ``data`` with one thing broken at a random place."""
    broken = copy.deepcopy(data)
    path = rng.choice(list(_paths(broken)))
    parent = broken
    for key in path[:-1]:
        parent = parent[key]
    value, way = parent[path[-1]], rng.choice(("type", "remove", "add"))
    if way == "remove" and isinstance(parent, dict):
        del parent[path[-1]]
    elif way == "add" and isinstance(value, dict):
        value["not-a-field"] = 1
    else:
        parent[path[-1]] = WRONG_TYPE.get(type(value))
    return broken


def _reference_accepts(schema: str, data: Any) -> bool:
    return not any(True for _ in document.reference_validator(schema).iter_errors(data))


@pytest.mark.parametrize(("path", "schema"), _documents(),
                         ids=lambda value: "/".join(Path(value).parts[-2:]))
def test_the_compiled_validator_accepts_what_the_reference_accepts(path: str,
                                                                   schema: str) -> None:
    data = _trimmed(_read(Path(path)))
    assert document.compiled_accepts(schema, data) and _reference_accepts(schema, data)
    rng = random.Random(path)
    refused = 0
    for _ in range(BROKEN_COPIES):
        broken = _broken(data, rng)
        reference = _reference_accepts(schema, broken)
        assert document.compiled_accepts(schema, broken) == reference, broken
        refused += not reference
    assert refused > 0  # the broken copies reach what the schema checks


def test_every_schema_of_the_rule_data_is_checked() -> None:
    """Each schema of the rule data is among those checked above."""
    checked = {schema for _, schema in _documents()}
    assert {p.name for p in document.SCHEMA_DIR.glob("*.schema.json")} == checked


def test_a_broken_sentence_index_is_named_where_it_breaks() -> None:
    """The sentence index passes the compiled check; a broken one is worded by the reference
    implementation, at the place it breaks."""
    from trickrules.spec.coverage import index_problem

    index = json.loads((family_dir("kout") / INDEX_FILE).read_text(encoding="utf-8"))
    assert index_problem(index) is None
    first = next(iter(index["sources"]))
    broken = {**index, "sources": {**index["sources"], first: {
        **index["sources"][first], "file_sha256": 5}}}
    assert index_problem(broken) == f"sources/{first}/file_sha256: 5 is not of type 'string'"
