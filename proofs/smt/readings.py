"""The readings each family's Z3 model was written for. A symbolic profile that allows any
other reading of a parameter is refused, naming the parameter and the reading, so that rule
data the model was not taught fails loudly instead of being encoded as some other reading
(the engine refuses the same way: :mod:`trickrules.engine.readings`).

Each family's proof package declares its table once (:func:`model_knows`), when it is
imported; a model is only ever built after its package is imported."""

from __future__ import annotations

from collections.abc import Mapping

from trickrules.spec.model import Profile
from trickrules.spec.registry import family_of

_KNOWN: dict[str, Mapping[str, tuple[str, ...]]] = {}


class UnknownReadingError(ValueError):
    """A profile asks the Z3 model for a reading it has no meaning for."""


def model_knows(family: str, readings: Mapping[str, tuple[str, ...]]) -> None:
    """Declare the readings of each parameter that ``family``'s model encodes."""
    _KNOWN[family] = readings


def known_readings(family: str) -> Mapping[str, tuple[str, ...]]:
    """The readings ``family``'s model encodes, by parameter (refused when none are declared)."""
    if family not in _KNOWN:
        raise UnknownReadingError(f"no Z3 model of {family} declares the readings it encodes")
    return _KNOWN[family]


def check_readings(profile: Profile, allowed: Mapping[str, tuple[str, ...]]) -> None:
    """Refuse ``allowed`` (a profile's readings, or some opened up) when it names a reading
    the model of the profile's family has no meaning for."""
    known = known_readings(family_of(profile.game.id))
    for parameter, readings in allowed.items():
        meaningful = known.get(parameter, ())
        for reading in readings:
            if reading not in meaningful:
                raise UnknownReadingError(
                    f"profile {profile.id!r}: the Z3 model has no meaning for {parameter} = "
                    f"{reading!r} (it knows {', '.join(meaningful) or 'no reading of it'})")
