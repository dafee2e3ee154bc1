"""The result cache's file format: JSON, with the few kinds of value a verify job returns
tagged so they read back as they were written (a tuple, a dict with keys that are not
strings, and the result records :data:`RECORDS` names). Reading builds nothing but those
records and plain values, so a planted entry can at worst be a wrong-looking result, which
the cache then refuses by its shape; it never runs code (unlike pickle)."""

from __future__ import annotations

import dataclasses
import json
import math
from functools import cache
from typing import Any

_TAGS = ("__tuple__", "__record__", "__items__", "__float__")


@cache
def records() -> dict[str, type[Any]]:
    """The result records a cache entry may hold, by the name written in the file (imported
    when first needed: they bring the solver)."""
    from trickrules.proofs.divergence import Outcome
    from trickrules.proofs.verify.rows import Row
    from trickrules.proofs.verify.source_checks import SourceRow

    return {"Row": Row, "SourceRow": SourceRow, "Outcome": Outcome}


class CodecError(ValueError):
    """A cache entry that is not a result this cache wrote."""


def encode(value: Any) -> Any:
    """``value`` as JSON data (raises ``TypeError`` for anything a result never holds); every
    nesting level is written by this function itself, one call a level."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"__float__": repr(value)}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, dict):
        if _plain_keys(value):
            return {k: encode(v) for k, v in value.items()}
        return {"__items__": [[encode(k), encode(v)] for k, v in value.items()]}
    return {"__record__": _record_name(value),
            "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}


def _plain_keys(value: dict[Any, Any]) -> bool:
    """Whether a dict's keys are strings that are not tags, so that it can be written as a
    JSON object (else it is written as its key-value pairs, to read back as it was)."""
    return all(isinstance(k, str) and k not in _TAGS for k in value)


def _record_name(value: Any) -> str:
    """The name a result record is written under (``TypeError`` for any other object: the
    cache stores nothing else)."""
    name = next((n for n, cls in records().items() if type(value) is cls), None)
    if name is not None:
        return name
    raise TypeError(f"a verify result holds a {type(value).__name__}, which the cache "
                    "does not store")


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote as ``data`` (``CodecError`` for anything else); every
    nesting level is read by this function itself, one call a level."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        raise CodecError(f"unexpected {type(data).__name__}")
    tag = _tag_of(data)
    if tag == "__tuple__":
        return tuple(decode(v) for v in data["__tuple__"])
    if tag == "__float__":
        return float(data["__float__"])
    if tag == "__items__":
        return {_hashable(decode(k)): decode(v) for k, v in _pairs(data)}
    if tag == "__record__":
        cls = _record_class(data)
        return _record(cls, {k: decode(v) for k, v in data["fields"].items()})
    return {k: decode(v) for k, v in data.items()}


def _sole(data: dict[str, Any], tag: str) -> bool:
    """Whether ``tag`` is the one key of the JSON object ``data``."""
    return tag in data and len(data) == 1


def _tag_of(data: dict[str, Any]) -> str | None:
    """Which tagged value ``data`` holds (its tag), None for a plain object (``CodecError``
    for a tag in an object that is not that tag's shape)."""
    if _sole(data, "__tuple__") and isinstance(data["__tuple__"], list):
        return "__tuple__"
    if _sole(data, "__float__") and data["__float__"] in ("nan", "inf", "-inf"):
        return "__float__"
    if _sole(data, "__items__") and isinstance(data["__items__"], list):
        return "__items__"
    if "__record__" in data:
        return "__record__"
    if any(tag in data for tag in _TAGS):
        raise CodecError("malformed tag")
    return None


def _pairs(data: dict[str, Any]) -> list[list[Any]]:
    """The key-value pairs of a dict written as ``__items__`` (``CodecError`` unless each is
    a pair)."""
    pairs: list[list[Any]] = data["__items__"]
    if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise CodecError("malformed items")
    return pairs


def _record_class(data: dict[str, Any]) -> type[Any]:
    """The result record a ``__record__`` object names, once its name is one of
    :func:`records` and its fields are that record's (``CodecError`` otherwise)."""
    cls = records().get(data["__record__"]) if isinstance(data["__record__"], str) else None
    fields = data.get("fields")
    if cls is None or not isinstance(fields, dict) or len(data) != 2:
        raise CodecError(f"unknown record {data['__record__']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    if set(fields) - names:
        raise CodecError(f"{data['__record__']} has no field "
                         f"{sorted(set(fields) - names)[0]!r}")
    return cls


def _record(cls: type[Any], fields: dict[str, Any]) -> Any:
    """The record ``cls`` made of its read fields (``CodecError`` when they are not all it
    needs)."""
    try:
        return cls(**fields)
    except TypeError as exc:
        raise CodecError(str(exc)) from None


def _hashable(key: Any) -> Any:
    try:
        hash(key)
    except TypeError:
        raise CodecError("a key that cannot be a key") from None
    return key


def dumps(value: Any) -> bytes:
    """``value`` as the bytes of a cache file."""
    return json.dumps(encode(value), separators=(",", ":"), allow_nan=False).encode()


def loads(raw: bytes) -> Any:
    """The value in a cache file's bytes (``CodecError`` when they are not one)."""
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CodecError(f"not JSON: {exc}") from None
    try:
        return decode(data)
    except RecursionError:
        raise CodecError("nested too deeply") from None
