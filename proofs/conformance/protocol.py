"""The adapter protocol ``trickrules-conform/1``: requests and responses as JSON objects, one
per line, and the play situation they describe.

Cards are written in the card notation (``AS``, ``10H``, ``BJ``, ``RJ``), suits as letters
(``S H D C``) and calls as ``pass`` or ``bid 5`` .. ``bid 9``. Every request names the game,
the profile and the reading of every parameter, so an engine may support variants by name or
by reading. The schemas are ``schema/request.schema.json`` and ``schema/response.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import jsonschema_rs

from trickrules.spec.cards import SUIT_LETTERS, Card, card_name, parse_card
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    import jsonschema


class InvalidRequestError(ValueError):
    """The request is not a legal situation under the profile."""


@dataclass(frozen=True)
class Answer:
    """The expected response body and the rule behind each part of it."""

    expect: dict[str, Any]
    why: dict[str, Any]


PROTOCOL = "trickrules-conform/1"
OPS = ("legal-plays", "trick-winner", "auction", "doubling", "projects", "project-compare",
       "hand-score", "game-end", "perft", "next-dealer", "first-lead", "cut", "exposed-card")
"""The questions a vector may ask, in suite order (each family answers those its kit lists);
``hello`` opens a session and is not a vector."""


T = TypeVar("T")


class ReadOnce(Generic[T]):
    """A reader that keeps its last reading: a request asked under one profile after another
    is read once. The object read is kept, so its identity cannot be reused meanwhile; a
    refusal is raised again each time."""

    def __init__(self, read: Callable[[Any], T]) -> None:
        self._read = read
        self._last: tuple[Any, T | InvalidRequestError] | None = None

    def __call__(self, data: Any) -> T:
        if self._last is None or self._last[0] is not data:
            try:
                got: T | InvalidRequestError = self._read(data)
            except InvalidRequestError as exc:
                got = exc
            self._last = (data, got)
        value = self._last[1]
        if isinstance(value, InvalidRequestError):
            raise value
        return value


class PerReadings(Generic[T]):
    """What a profile compiles to (an engine's rules or game), made once per game and set of
    readings: two requests may give one profile name different readings. A profile object
    seen before is looked up by identity (and kept, so its identity is not reused)."""

    def __init__(self, make: Callable[[Profile], T]) -> None:
        self._make = make
        self._by_readings: dict[tuple[Any, ...], T] = {}
        self._by_object: dict[int, tuple[Profile, T]] = {}

    def __call__(self, profile: Profile) -> T:
        seen = self._by_object.get(id(profile))
        if seen is not None and seen[0] is profile:
            return seen[1]
        key = (profile.game.id, tuple(sorted(profile.values.items())))
        if key not in self._by_readings:
            self._by_readings[key] = self._make(profile)
        if len(self._by_object) > 4096:  # an adapter's fresh profile per request
            self._by_object.clear()
        self._by_object[id(profile)] = (profile, self._by_readings[key])
        return self._by_readings[key]


class ProtocolError(ValueError):
    """A request or response that does not follow the protocol."""


@dataclass(frozen=True)
class ContractFacts:
    """The contract as the protocol gives it: the malzoom flag is the engine's to derive."""

    seat: int
    bid: int
    forced: bool

    def as_json(self) -> dict[str, Any]:
        """The contract object of the protocol."""
        return {"seat": self.seat, "bid": self.bid, "forced": self.forced}


@dataclass(frozen=True)
class PlayFacts:
    """A point in the play of a hand: what each seat holds now, the cards of earlier tricks,
    the tricks each team won, and the current trick's cards from its leader on."""

    trump: int
    contract: ContractFacts
    hands: tuple[tuple[Card, ...], ...]
    played: tuple[Card, ...]
    tricks_won: tuple[int, int]
    leader: int
    trick: tuple[Card, ...]

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.hands)

    @property
    def mover(self) -> int:
        """The seat whose turn it is (the next to play to the trick)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def size(self) -> int:
        """Cards still in play (held or in the trick): how small the case is."""
        return sum(len(h) for h in self.hands) + len(self.trick)

    def before(self, k: int) -> PlayFacts:
        """The same point with only the first ``k`` cards of the trick played: the others are
        back in their players' hands."""
        back = {(self.leader + i) % self.players: c for i, c in enumerate(self.trick) if i >= k}
        hands = tuple(tuple(sorted((*h, back[s]) if s in back else h))
                      for s, h in enumerate(self.hands))
        return PlayFacts(self.trump, self.contract, hands, self.played, self.tricks_won,
                         self.leader, self.trick[:k])

    def as_json(self) -> dict[str, Any]:
        """The situation object of the protocol."""
        return {"trump": SUIT_LETTERS[self.trump], "contract": self.contract.as_json(),
                "hands": [_names(h) for h in self.hands], "played": _names(self.played),
                "tricks_won": list(self.tricks_won), "leader": self.leader,
                "trick": _names(self.trick)}


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card_name(c) for c in cards]


def read_contract(data: dict[str, Any]) -> ContractFacts:
    """The contract of a (schema-valid) request."""
    return ContractFacts(int(data["seat"]), int(data["bid"]), bool(data["forced"]))


def read_situation(data: dict[str, Any]) -> PlayFacts:
    """The play situation of a (schema-valid) request."""
    def cards(tokens: list[str]) -> tuple[Card, ...]:
        return tuple(parse_card(t) for t in tokens)

    return PlayFacts(SUIT_LETTERS.index(data["trump"]), read_contract(data["contract"]),
                     tuple(cards(h) for h in data["hands"]), cards(data["played"]),
                     (int(data["tricks_won"][0]), int(data["tricks_won"][1])),
                     int(data["leader"]), cards(data["trick"]))


def rules_of(profile: Profile) -> dict[str, str]:
    """The reading of every parameter of a concrete profile."""
    return {pid: profile.value(pid) for pid in sorted(profile.values)}


def request(op: str, profile: Profile, body: dict[str, Any]) -> dict[str, Any]:
    """A request (without its id) asking ``op`` under ``profile``."""
    return {"op": op, "game": profile.game.id, "profile": profile.id,
            "rules": rules_of(profile), **body}


@cache
def schema(name: str) -> dict[str, Any]:
    """One of the protocol's JSON Schemas (``request``, ``response`` or ``vector``)."""
    text = resources.files("trickrules.proofs.conformance").joinpath(
        f"schema/{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _reference(name: str, definition: str | None) -> dict[str, Any]:
    """Schema ``name`` itself, or a schema that is one of its definitions."""
    root = schema(name)
    if definition is None:
        return root
    return {"$ref": f"#/$defs/{definition}", "$defs": root["$defs"]}


@cache
def _fast_validator(name: str, definition: str | None) -> jsonschema_rs.Validator:
    """A compiled validator (Rust): what every valid answer and request goes through."""
    return jsonschema_rs.Draft202012Validator(_reference(name, definition))


@cache
def _validator(name: str, definition: str | None) -> jsonschema.Draft202012Validator:
    """The reference implementation, which words the errors of data found invalid."""
    import jsonschema  # imported only when needed: a fifth of a command's start

    return jsonschema.Draft202012Validator(_reference(name, definition))


def _fast_says_valid(name: str, data: Any, definition: str | None) -> bool:
    """Whether the compiled validator accepts ``data``; false also for data it cannot take
    (a lone surrogate, nesting past its depth) or reads otherwise (a NaN, which it takes for
    null), which the reference implementation then decides."""
    try:
        if not _fast_validator(name, definition).is_valid(data):
            return False
        json.dumps(data, allow_nan=False)
    except (ValueError, TypeError, UnicodeEncodeError, OverflowError):
        return False
    return True


def definition(name: str, game: Any, op: str) -> str:
    """The definition of ``op`` in schema ``name`` for ``game``: the family's own
    (``baloot-hand-score``) where the schema has one, else the shared one (``hand-score``)."""
    from trickrules.spec.registry import game_families

    family = game_families().get(str(game))
    own = f"{family}-{op}"
    return own if family is not None and own in _definitions(name) else op


@cache
def _definitions(name: str) -> frozenset[str]:
    return frozenset(schema(name)["$defs"])


def schema_errors(name: str, data: Any, definition: str | None = None) -> list[str]:
    """What is wrong with ``data`` under a schema (or one of its definitions), each as
    ``path: message``; empty when it is valid."""
    if _fast_says_valid(name, data, definition):
        return []
    errors = sorted(_validator(name, definition).iter_errors(data),
                    key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
            for e in errors]


@cache
def required_fields(name: str, definition: str) -> tuple[str, ...]:
    """The fields a definition of schema ``name`` requires of its own (not those of the parts
    it builds on, which a vector's request gets from the runner)."""
    return tuple(schema(name)["$defs"][definition].get("required", ()))


@cache
def unordered_paths(definition: str) -> tuple[tuple[str, ...], ...]:
    """Where a response of ``definition`` holds a list in any order (marked ``x-unordered``
    in the response schema): property names, ``*`` for each item of a list; deepest first."""
    found: list[tuple[str, ...]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if not isinstance(node, dict):
            return
        if node.get("x-unordered"):
            found.append(path)
        for name, inner in node.get("properties", {}).items():
            walk(inner, (*path, name))
        walk(node.get("items"), (*path, "*"))

    walk(schema("response")["$defs"][definition], ())
    return tuple(sorted(found, key=len, reverse=True))


def canonical(definition: str, answer: Any) -> Any:
    """``answer`` with every list the protocol takes in any order sorted, so that two answers
    that differ only in such an order compare equal (the answer itself is left as it was)."""
    data = json.loads(json.dumps(answer))
    for path in unordered_paths(definition):
        _sort_at(data, path)
    return data


def verdict_of(definition: str, answer: Any) -> Any:
    """What two answers must share to be the same ruling: :func:`canonical`, less the top-level
    fields the response schema marks ``x-illustration`` (a line of play that shows a claim's
    verdict is one of many; the verdict is the answer)."""
    data = canonical(definition, answer)
    properties = schema("response")["$defs"][definition].get("properties", {})
    if isinstance(data, dict):
        for name, inner in properties.items():
            if isinstance(inner, dict) and inner.get("x-illustration"):
                data.pop(name, None)
    return data


def _sort_at(node: Any, path: tuple[str, ...]) -> None:
    if not path:
        return
    head, rest = path[0], path[1:]
    inner = node if head == "*" else (node.get(head) if isinstance(node, dict) else None)
    if head == "*":
        for item in node if isinstance(node, list) else []:
            _sort_at(item, rest)
        return
    if not rest and isinstance(inner, list):
        inner.sort(key=lambda item: json.dumps(item, sort_keys=True))
    elif rest:
        _sort_at(inner, rest)


_DERIVED: dict[tuple[Any, ...], tuple[Profile, Profile]] = {}
"""Profiles rebuilt from requests, by base profile (its identity), name and readings, each
kept with its base (so that identity is not reused): a run asks thousands of requests with
the same readings."""


def profile_for(request: dict[str, Any]) -> Profile:
    """The profile a request names, rebuilt from its readings (so house options work too)."""
    for field in ("profile", "rules"):
        if field not in request:
            raise ProtocolError(f"{field}: missing (every request names its profile and "
                                "readings)")
    from trickrules.spec.loader import game_catalogue

    base = game_catalogue(request["game"]).default_profile(request["game"])
    rules = request["rules"]
    try:
        key = (id(base), request["profile"], *rules.items())
        seen = _DERIVED.get(key)
    except (TypeError, AttributeError):  # not readings by name: derive says what is wrong
        key, seen = None, None
    if seen is not None and seen[0] is base:
        return seen[1]
    try:
        profile = base.derive(request["profile"], rules)
    except (KeyError, ValueError) as exc:
        said = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise ProtocolError(f"rules: {said}") from None
    if key is not None:
        if len(_DERIVED) > 4096:  # a fresh profile per request: keep the memory bounded
            _DERIVED.clear()
        _DERIVED[key] = (base, profile)
    return profile
