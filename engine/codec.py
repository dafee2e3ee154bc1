"""The JSON envelope every family's state form shares: a strict reader whose errors name the
field, and the reading and writing of cards, integers and tricks (``{"leader": 3, "plays":
[{"seat": 3, "card": "AS"}, ...]}``). Bad input raises
:class:`~trickrules.engine.errors.StateError`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any, TypeVar

from trickrules.engine.errors import StateError
from trickrules.spec.cards import CardParseError, card_name, parse_card

T = TypeVar("T")


def plays_json(leader: int, cards: tuple[int, ...] | list[int], players: int,
               name: Callable[[int], str] = card_name) -> list[dict[str, Any]]:
    """The plays of a trick led by ``leader``, each with its seat."""
    return [{"seat": (leader + i) % players, "card": name(c)} for i, c in enumerate(cards)]


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict = 3, 4, 4
_SHOWN.maxstring = _SHOWN.maxother = 40


def shown(value: Any) -> str:
    """A value as an error message shows it: short, however large or deeply nested."""
    return _SHOWN.repr(value)


def guarded_read(read: Callable[[], T]) -> T:
    """The state ``read`` rebuilds; input nested too deeply to read is a :class:`StateError`,
    like any other bad input, not a ``RecursionError``."""
    try:
        return read()
    except RecursionError:
        raise StateError("state: nested too deeply to be a state") from None


class Reader:
    """Field access with errors that name the field."""

    def __init__(self, data: Any) -> None:
        """Read ``data``, which must be a JSON object."""
        if not isinstance(data, dict):
            raise StateError(f"state: expected a JSON object, got {type(data).__name__}")
        self.data = data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """The field ``key`` of type ``kind`` (or ``default`` when missing, if given)."""
        if key not in self.data:
            if default is ...:
                raise StateError(f"state.{key}: missing")
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind in (int, (int, type(None))):
            raise StateError(f"state.{key}: expected an integer, got {shown(value)}")
        if not isinstance(value, kind):
            raise StateError(f"state.{key}: unexpected value {shown(value)}")
        return value


def read_card(token: Any, where: str, parse: Callable[[str], int] = parse_card) -> int:
    """A card token (read by ``parse``, by default the shared notation), or an error naming
    ``where``."""
    try:
        return parse(token)
    except CardParseError as exc:
        raise StateError(f"{where}: {exc}") from None


def read_int(value: Any, where: str) -> int:
    """An integer (not a Boolean), or an error naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"{where}: expected an integer, got {shown(value)}")
    return value


def read_trick(raw: Any, where: str, players: int,
               parse: Callable[[str], int] = parse_card) -> tuple[int, list[int]]:
    """A trick's leader and cards, each play checked to be in turn."""
    if not isinstance(raw, dict):
        raise StateError(f"{where}: expected an object with leader and plays")
    leader = read_int(raw.get("leader"), f"{where}.leader")
    if not 0 <= leader < players:
        raise StateError(f"{where}.leader: {leader} is not a seat 0..{players - 1}")
    plays = raw.get("plays")
    if not isinstance(plays, list):
        raise StateError(f"{where}.plays: expected a list")
    cards = []
    for i, play in enumerate(plays):
        if not isinstance(play, dict):
            raise StateError(f"{where}.plays[{i}]: expected an object with seat and card")
        seat = read_int(play.get("seat"), f"{where}.plays[{i}].seat")
        if seat != (leader + i) % players:
            raise StateError(f"{where}.plays[{i}].seat: {seat} is out of turn "
                             f"(expected {(leader + i) % players})")
        cards.append(read_card(play.get("card"), f"{where}.plays[{i}].card", parse))
    return leader, cards
