"""One way for an engine to compile a profile: each reading it consults gets a meaning here,
and a reading it has no meaning for is refused, naming the parameter and the reading, never
played as some default (a rule data change the engine was not taught fails loudly)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from trickrules.engine.errors import ProfileError
from trickrules.spec.model import Profile

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)


def choose(profile: Profile, parameter: str, meanings: Mapping[str, T]) -> T:
    """The engine meaning of the profile's reading of ``parameter`` (``meanings``: reading id
    -> meaning, one entry per reading the engine knows)."""
    value = profile.value(parameter)
    if value not in meanings:
        raise ProfileError(
            f"profile {profile.id!r}: the engine has no meaning for {parameter} = {value!r} "
            f"(it knows {', '.join(meanings)})")
    return meanings[value]


def flag(profile: Profile, parameter: str, true_reading: str, false_reading: str) -> bool:
    """A two-reading parameter as a flag: true for ``true_reading``."""
    return choose(profile, parameter, {true_reading: True, false_reading: False})


def member(profile: Profile, parameter: str, kind: type[E]) -> E:
    """The reading of ``parameter`` as a member of ``kind``, whose values are the reading ids
    the engine knows."""
    return choose(profile, parameter, {m.value: m for m in kind})


def require(profile: Profile, parameter: str, reading: str) -> None:
    """A parameter the engine plays one way only: any other reading is refused."""
    choose(profile, parameter, {reading: None})


def number(profile: Profile, parameter: str, readings: tuple[str, ...]) -> int:
    """The number a reading of ``parameter`` stands for (its ``value`` in the rule data), for
    the ``readings`` the engine knows; refused when the reading is another or has no number."""
    value = choose(profile, parameter, {r: r for r in readings})
    found = profile.parameters[parameter].reading(value).value
    if found is None:
        raise ProfileError(f"profile {profile.id!r}: {parameter} = {value!r} gives no number")
    return int(found)


def number_or_none(profile: Profile, parameter: str, numbers: tuple[str, ...],
                   none: str) -> int | None:
    """Like :func:`number`, with one more known reading, ``none``, that stands for no number
    (a rule that does not apply)."""
    if profile.value(parameter) == none:
        return None
    return number(profile, parameter, (*numbers, none))
