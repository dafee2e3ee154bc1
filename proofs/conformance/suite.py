"""Reading a suite: its vectors, the profiles they name, and which vectors hold under a
profile."""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from trickrules.proofs.conformance.protocol import OPS

SUITES = Path(str(resources.files("trickrules.proofs.conformance"))) / "suite"
"""The shipped suites, one folder per game family."""
GROUPS = ("must", "variant")
EVERY = "*"
"""The ``profiles`` entry of a vector that holds under every suite profile of its game but
those in its ``except`` list."""


class SuiteError(ValueError):
    """A suite that cannot be read, naming the file and line."""


@dataclass(frozen=True)
class SuiteData:
    """The vectors of a suite and its profiles (id to game and readings)."""

    vectors: list[dict[str, Any]]
    profiles: dict[str, dict[str, Any]]
    defaults: dict[str, str]

    def holds(self, vector: dict[str, Any], profile: str) -> bool:
        """Whether ``vector``'s expectation holds under ``profile``."""
        if self.profiles[profile]["game"] != vector["game"]:
            return False
        if vector["profiles"] == [EVERY]:
            return profile not in vector["except"]
        return profile in vector["profiles"]

    def for_profile(self, profile: str) -> list[dict[str, Any]]:
        """The vectors that hold under ``profile``, in suite order."""
        return [v for v in self.vectors if self.holds(v, profile)]


_FIELDS: dict[str, type] = {
    "id": str, "op": str, "game": str, "profiles": list, "except": list, "rules": list,
    "request": dict, "expect": dict, "why": dict, "size": int}
"""The fields of a vector and their JSON types (lists of strings), checked as it is read."""


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        raise SuiteError(f"{path}: missing (is this a conformance suite directory?)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SuiteError(f"{path}:{exc.lineno}: {exc.msg}") from None
    except (RecursionError, ValueError) as exc:
        raise SuiteError(f"{path}: not JSON this runner reads: {exc or 'nested too deeply'}") \
            from None


WHY_CARDS = ("legal-plays",)
"""Ops whose failures are charged card by card: their ``why`` maps each card to its rule."""


def _body_problem(vector: dict[str, Any]) -> str | None:
    """What the vector's request lacks for its op (the fields the protocol requires of the
    request, less those the runner adds), or a ``why`` without its card rules; None if whole."""
    from trickrules.proofs.conformance.protocol import definition, required_fields

    need = required_fields("request", definition("request", vector["game"], vector["op"]))
    missing = [k for k in need if k not in vector["request"]]
    if missing:
        return f"request lacks {', '.join(missing)} (op {vector['op']})"
    if vector["op"] in WHY_CARDS and not isinstance(vector["why"].get("cards"), dict):
        return f"why lacks cards (each card's rule, op {vector['op']})"
    return None


def suite_dir(family: str) -> Path:
    """The shipped suite of a game family."""
    return SUITES / family


def load_suite(root: Path) -> SuiteData:
    """Every vector under ``root`` (``must/*.jsonl`` then ``variant/*.jsonl``); a family's
    shipped suite is at :func:`suite_dir`."""
    if not root.is_dir():
        raise SuiteError(f"{root}: not a directory (a suite is a directory with manifest.json, "
                         "profiles.json, must/ and variant/)")
    defaults, profiles = _manifest_and_profiles(root)
    vectors = []
    with paused_collections():
        for group in GROUPS:
            for path in sorted((root / group).glob("*.jsonl")):
                vectors += _file_vectors(path, profiles)
    if not vectors:
        raise SuiteError(f"{root}: no vectors (expected must/*.jsonl and variant/*.jsonl)")
    return SuiteData(vectors, profiles, dict(defaults))


@contextlib.contextmanager
def paused_collections() -> Iterator[None]:
    """No garbage collection inside the block (as it was after it): a suite's tens of
    thousands of decoded vectors hold no cycles, and the collections their growing number sets
    off while it is read cost more than the decoding."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _manifest_and_profiles(root: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The suite's default profile per game (from ``manifest.json``) and its profiles (from
    ``profiles.json``), each checked for the shape the runner reads."""
    manifest = _json(root / "manifest.json")
    profiles = _json(root / "profiles.json")
    defaults = manifest.get("defaults") if isinstance(manifest, dict) else None
    if not isinstance(defaults, dict) or not isinstance(profiles, dict):
        raise SuiteError(f"{root / 'manifest.json'}: expected an object with \"defaults\" "
                         "(each game's default suite profile), and profiles.json an object")
    for name, profile in profiles.items():
        if not _is_profile(profile):
            raise SuiteError(f"{root / 'profiles.json'}: profile {name!r} needs \"game\" (a "
                             "game id) and \"rules\" (each parameter's reading)")
    return defaults, profiles


def _is_profile(profile: Any) -> bool:
    """Whether a ``profiles.json`` entry names its game and a reading for each parameter."""
    rules = profile.get("rules") if isinstance(profile, dict) else None
    return (isinstance(profile, dict) and isinstance(profile.get("game"), str)
            and isinstance(rules, dict) and all(isinstance(v, str) for v in rules.values()))


def _file_vectors(path: Path, profiles: dict[str, Any]) -> list[dict[str, Any]]:
    """The vectors of one ``.jsonl`` file, one a line (blank lines skipped), each checked
    against the vector schema and the suite's ``profiles``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteError(f"{path}: cannot read: {exc}") from None
    vectors = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        vector = _line_json(path, number, line)
        _check_vector(f"{path}:{number}", vector, profiles)
        vectors.append(vector)
    return vectors


def _line_json(path: Path, number: int, line: str) -> Any:
    """The JSON value on line ``number`` of ``path``; a line that is not JSON is refused
    naming the file and line."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise SuiteError(f"{path}:{number}: {exc.msg}") from None
    except RecursionError:
        raise SuiteError(f"{path}:{number}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer too long to read, and the like
        raise SuiteError(f"{path}:{number}: {exc}") from None


def _check_vector(where: str, vector: Any, profiles: dict[str, Any]) -> None:
    """Refuse (naming ``where``, the file and line) a vector that is not an object with every
    field of its type, a protocol op, the request its op needs and only known profiles."""
    _check_fields(where, vector)
    if vector["op"] not in OPS:
        raise SuiteError(f"{where}: op {vector['op']!r} is not one of the protocol's "
                         f"({', '.join(OPS)})")
    problem = _body_problem(vector)
    if problem:
        raise SuiteError(f"{where}: {problem}")
    unknown = [p for p in vector["profiles"] + vector["except"]
               if p != EVERY and p not in profiles]
    if unknown:
        raise SuiteError(f"{where}: profile {unknown[0]!r} is not in profiles.json")


def _check_fields(where: str, vector: Any) -> None:
    """Refuse (naming ``where``) a vector that is not an object holding every field of the
    vector schema with its JSON type."""
    if not isinstance(vector, dict):
        raise SuiteError(f"{where}: expected a vector object, got {type(vector).__name__}")
    missing = set(_FIELDS) - set(vector)
    if missing:
        raise SuiteError(f"{where}: missing {', '.join(sorted(missing))}")
    wrong = [k for k, kind in _FIELDS.items() if not isinstance(vector[k], kind)
             or (kind is list and not all(isinstance(x, str) for x in vector[k]))]
    if wrong:
        raise SuiteError(f"{where}: {', '.join(wrong)} of the wrong type (see the vector "
                         "schema)")
