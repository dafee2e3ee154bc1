"""The game families and their games: the one place a new family is registered.

A family (Kout, later Baloot) has a package in each layer named after it: its rule data in
``spec/<family>/``, its engine in ``engine/<family>/``, its proof kit in ``proofs/<family>/``.
Reading which games exist needs only the family's ``games.toml``, so a command line can list
them without loading anything heavy.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

FAMILIES: tuple[str, ...] = ("kout", "baloot")
"""Every registered game family."""


def family_dir(family: str) -> Path:
    """The directory of a family's rule data."""
    if family not in FAMILIES:
        raise KeyError(f"unknown game family {family!r} (known: {', '.join(FAMILIES)})")
    return Path(str(resources.files("spec") / family))


@cache
def game_families() -> dict[str, str]:
    """Every game id, mapped to its family, in registration and file order."""
    out: dict[str, str] = {}
    for family in FAMILIES:
        with open(family_dir(family) / "games.toml", "rb") as handle:
            for game in tomllib.load(handle).get("game", []):
                out[str(game["id"])] = family
    return out


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
