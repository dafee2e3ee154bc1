"""The game families and their games: the one place a new family is registered.

A family has a package in each layer: its rule data in ``spec/<family>/``, its engine, its
proof kit. Its :class:`Family` record names them once; shared code reaches a family only
through the record (each layer imports the module the record names, and only when a game of
the family is asked for). Reading which games exist needs only the family's ``games.toml``,
so a command line can list them without loading anything heavy.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from trickrules.spec.errors import SpecError, read_text


@dataclass(frozen=True)
class Family:
    """A game family as registered: its name and, per layer, the module that serves it."""

    name: str
    """The family's id (``kout``): its rule data is ``spec/<name>/``."""
    title: str
    """The rulebook part's title and the PDF's."""
    partnership: str
    """What the family's rules call a partnership in prose (``team``, ``side``)."""
    engine: str
    """The engine package: ``game_types()``, ``game_type(id)``, ``load_game(id, profile)``,
    ``state_from_json(data, profile)``, ``random_game_record(game, seed)``."""
    proof_kit: str
    """The module whose ``KIT`` is the family's :class:`trickrules.proofs.kit.ProofKit`."""
    words: str
    """The module whose ``WORDS`` tells the family's outcomes in words (no solver)."""
    suite_builder: str
    """The conformance suite's generator: ``witness_requests(report)``, ``build_suite(...)``."""
    command_line: str
    """The command line's printing of a game record and setting up of a perft position."""
    odds: str | None = None
    """The engine module counting the family's hands exactly, if it has one."""


REGISTRY: tuple[Family, ...] = (
    Family("kout", "Kout Bo: the reconciled rules", "team", "trickrules.engine.kout",
           "trickrules.proofs.kout.kit", "trickrules.proofs.kout.words",
           "trickrules.proofs.kout.conformance.generate", "trickrules.cli.families.kout"),
    Family("baloot", "Baloot: the reconciled rules", "side", "trickrules.engine.baloot",
           "trickrules.proofs.baloot.kit", "trickrules.proofs.baloot.words",
           "trickrules.proofs.baloot.conformance.generate", "trickrules.cli.families.baloot",
           odds="trickrules.engine.baloot.odds"),
)
"""Every registered game family: adding one is one line here and the family's packages."""

FAMILIES: tuple[str, ...] = tuple(f.name for f in REGISTRY)
"""The name of every registered game family."""


def family(name: str) -> Family:
    """The record of a registered family; the error lists the known ones."""
    for record in REGISTRY:
        if record.name == name:
            return record
    raise KeyError(f"unknown game family {name!r} (known: {', '.join(FAMILIES)})")


def family_dir(name: str) -> Path:
    """The directory of a family's rule data."""
    return Path(str(resources.files("trickrules.spec") / family(name).name))


@cache
def game_families() -> dict[str, str]:
    """Every game id, mapped to its family, in registration and file order (``SpecError``
    naming the file and line when a ``games.toml`` cannot be read)."""
    out: dict[str, str] = {}
    for record in REGISTRY:
        for game in _games(family_dir(record.name) / "games.toml"):
            out[game] = record.name
    return out


def _games(path: Path) -> list[str]:
    """The game ids of one ``games.toml``, read without the schema machinery (the command
    line's parser needs them at once)."""
    text = read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise SpecError(path, int(match.group(1)) if match else None,
                        f"invalid TOML: {message}") from None
    games = data.get("game", [])
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "[[game]]"]
    if not isinstance(games, list):
        raise SpecError(path, None, "game: expected [[game]] tables")
    ids = []
    for index, game in enumerate(games):
        if not isinstance(game, dict) or not isinstance(game.get("id"), str):
            line = headers[index] if index < len(headers) else None
            raise SpecError(path, line, f"game[{index}]: a game needs an id (a string)")
        ids.append(game["id"])
    return ids


def game_ids() -> tuple[str, ...]:
    """Every registered game id (the choices of ``--game``)."""
    return tuple(game_families())


def family_of(game_id: str) -> str:
    """The family a game belongs to; the error lists the known games."""
    try:
        return game_families()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(game_ids())})") from None


def family_named(name: str) -> str:
    """The family ``name`` stands for on a command line: a family's own name, or the family of
    the game ``name``; the error lists both."""
    if name in FAMILIES:
        return name
    try:
        return family_of(name)
    except KeyError:
        raise KeyError(f"unknown game or family {name!r} (games: {', '.join(game_ids())}; "
                       f"families: {', '.join(FAMILIES)})") from None
