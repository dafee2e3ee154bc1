"""Which house options the books offer: a reading is offered only where a game can be dealt
and played under it with the book's other rules (a pack of 38 cards cannot be dealt nine each
to six players). A reading that cannot be played alone is offered together with the reading of
the deal's shape that makes it playable, when one does; else it is not offered at all and
stays among the committee edition's disputes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from trickrules.engine.errors import EngineError
from trickrules.engine.registry import load_game, random_game_record
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile
from trickrules.spec.numbering import family_name, rulebook_of
from trickrules.spec.registry import family_of

SEED = 1
"""The seed of the game each option is played with."""


@dataclass(frozen=True)
class Offer:
    """One reading of a rule in one game, and whether the books offer it: ``alone``, with
    ``needs`` (the other readings it is played with), or not at all (``why`` says why)."""

    game: str
    parameter: str
    reading: str
    offered: bool
    needs: tuple[tuple[str, str], ...] = ()
    why: str = ""


def _plays(profile: Profile) -> str:
    """Empty when a seeded game deals and plays to its end under ``profile``, else why not."""
    try:
        random_game_record(load_game(profile.game.id, profile), SEED)
    except (EngineError, ValueError) as exc:
        return str(exc).split(": ", 1)[-1]
    return ""


def _with(base: Profile, changes: dict[str, str]) -> Profile:
    name = ",".join(f"{k}={v}" for k, v in sorted(changes.items()))
    return base.derive(f"{base.id}[{name}]", {**base.values,
                                              **{k: (v,) for k, v in changes.items()}})


def _offer(catalogue: Catalogue, game: str, parameter: str, reading: str) -> Offer:
    base = catalogue.default_profile(game)
    why = _plays(_with(base, {parameter: reading}))
    if not why:
        return Offer(game, parameter, reading, True)
    for other in sorted(base.concrete("deal")):  # the deal's shape: what a pack needs
        if other == parameter:
            continue
        for companion in catalogue.parameters[other].reading_ids:
            if (companion,) != tuple(base.values[other]) and \
                    not _plays(_with(base, {parameter: reading, other: companion})):
                return Offer(game, parameter, reading, True, ((other, companion),))
    return Offer(game, parameter, reading, False, why=why)


@cache
def _offers(family: str) -> dict[tuple[str, str, str], Offer]:
    from trickrules.spec.loader import family_catalogue

    catalogue = family_catalogue(family)
    out = {}
    for ruling in rulebook_of(catalogue).rulings:
        for reading in catalogue.parameters[ruling.parameter].reading_ids:
            if reading == ruling.reading:
                continue
            for game in ruling.games:
                out[(game, ruling.parameter, reading)] = _offer(catalogue, game,
                                                                ruling.parameter, reading)
    return out


def offer(catalogue: Catalogue, game: str, parameter: str, reading: str) -> Offer:
    """Whether the book offers ``reading`` of ``parameter`` in ``game`` (a house option: a
    reading other than the ruling's)."""
    return _offers(family_name(catalogue))[(game, parameter, reading)]


def offers(catalogue: Catalogue) -> tuple[Offer, ...]:
    """Every house option of the book, each game apart, offered or not."""
    return tuple(_offers(family_of(next(iter(catalogue.games)))).values())
