"""Readings refused, never defaulted: every reading of every parameter compiles in the engine
and is encoded by the Z3 model, in every game; a reading neither was taught (one added to a
parameter's domain in the rule data) is refused by both, naming the parameter and the
reading."""

from __future__ import annotations

import dataclasses

import pytest

from trickrules.engine.errors import ProfileError
from trickrules.engine.registry import load_game
from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.readings import UnknownReadingError, known_readings
from trickrules.proofs.smt.solver import Names
from trickrules.spec.loader import game_catalogue
from trickrules.spec.model import Profile, Reading
from trickrules.spec.registry import FAMILIES, family_of, game_ids

MADE_UP = "made-up-reading"
DECK_COUPLED = ("deck.cards", "deal.hand-size")
"""Kout parameters whose readings fit only some games (the deck must deal every hand)."""


def _cases() -> list[tuple[str, str]]:
    return [(game, parameter) for game in game_ids()
            for parameter in game_catalogue(game).default_profile(game).values]


def _model(profile: Profile) -> SymbolicProfile:
    kit_for_game(profile.game.id)  # the family's proof package, as every model user has it
    return SymbolicProfile(profile, Names("readings-test"))


@pytest.mark.parametrize(("game", "parameter"), _cases())
def test_every_reading_compiles_in_the_engine_and_the_model(game: str, parameter: str) -> None:
    base = game_catalogue(game).default_profile(game)
    for reading in base.parameters[parameter].reading_ids:
        profile = base.derive(f"{game}-{reading}", {parameter: reading})
        _model(profile)
        try:
            load_game(game, profile)
        except ProfileError as exc:  # a deck that cannot deal this game's hands, said so
            assert parameter in DECK_COUPLED and "cards" in str(exc), str(exc)


def with_made_up_reading(base: Profile, parameter: str) -> Profile:
    """``base`` with ``parameter`` read as a reading its domain gained in the rule data, one
    that carries no number, table or order."""
    extended = dataclasses.replace(
        base.parameters[parameter],
        readings=(*base.parameters[parameter].readings, Reading(MADE_UP, "not a rule")))
    parameters = {**base.parameters, parameter: extended}
    return Profile(f"{base.id}-made-up", base.game, base.summary,
                   {**base.values, parameter: (MADE_UP,)}, parameters, base.id)


@pytest.mark.parametrize(("game", "parameter"), _cases())
def test_a_made_up_reading_is_refused_by_the_engine_and_the_model(game: str,
                                                                 parameter: str) -> None:
    profile = with_made_up_reading(game_catalogue(game).default_profile(game), parameter)
    with pytest.raises(ProfileError) as engine_refusal:
        load_game(game, profile)
    with pytest.raises(UnknownReadingError) as model_refusal:
        _model(profile)
    for refusal in (engine_refusal, model_refusal):
        assert parameter in str(refusal.value), str(refusal.value)
    if parameter not in ("rank.plain",):  # an order that names no rank is refused as such
        assert MADE_UP in str(engine_refusal.value)
    assert MADE_UP in str(model_refusal.value)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_model_knows_exactly_the_domains_of_the_rule_data(family: str) -> None:
    """The model's table names each parameter of the family and each reading of its domain:
    a reading added to the data fails here until the model is taught it."""
    game = next(g for g in game_ids() if family_of(g) == family)
    kit_for_game(game)
    parameters = game_catalogue(game).parameters
    assert dict(known_readings(family)) == {pid: p.reading_ids for pid, p in parameters.items()}
