"""The loaded rule data: games, parameters with their readings, and profiles."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from trickrules.spec.cards import ALL_CARDS, Card, expand_pattern


@dataclass(frozen=True)
class Reading:
    """One way a parameter can be read, with the data the rule needs (a number, removed cards)."""

    id: str
    meaning: str
    value: int | None = None
    remove: tuple[str, ...] | None = None
    order: tuple[str, ...] | None = None
    """Rank tokens from lowest to highest, for a rank-order reading."""
    table: tuple[tuple[str, int], ...] | None = None
    """Named numbers (points per rank, a value per contract), for a reading that needs several."""

    def number(self, key: str) -> int:
        """The entry ``key`` of the reading's table (0 when the table does not name it)."""
        return dict(self.table or ()).get(key, 0)

    def removed_cards(self) -> frozenset[Card]:
        """The cards a deck reading takes out of the 54-card pack."""
        removed: set[Card] = set()
        for pattern in self.remove or ():
            removed.update(expand_pattern(pattern))
        return frozenset(removed)

    def deck(self) -> tuple[Card, ...]:
        """The cards of a deck reading, in card-id order."""
        removed = self.removed_cards()
        return tuple(card for card in ALL_CARDS if card not in removed)


@dataclass(frozen=True)
class Parameter:
    """A rule parameter: stable id, meaning, the games it applies to, its finite domain."""

    id: str
    topic: str
    meaning: str
    games: tuple[str, ...]
    readings: tuple[Reading, ...]
    concrete: str | None = None
    title: str = ""
    """The rule's name in plain words, for the rulebook (the id stays its anchor)."""
    """``deal`` or ``auction`` when encodings read the parameter concretely (see
    ``parameters.toml``), else None."""

    def reading(self, reading_id: str) -> Reading:
        """The reading named ``reading_id``; ``KeyError`` names the parameter if absent."""
        for reading in self.readings:
            if reading.id == reading_id:
                return reading
        raise KeyError(f"parameter {self.id!r} has no reading {reading_id!r}")

    @property
    def reading_ids(self) -> tuple[str, ...]:
        """The ids of the domain, in catalogue order."""
        return tuple(reading.id for reading in self.readings)


@dataclass(frozen=True)
class Game:
    """A game of the family: its id, display name and number of players."""

    id: str
    name: str
    players: int


@dataclass(frozen=True)
class Profile:
    """A named assignment of readings to every parameter of one game.

    ``values`` maps each parameter id to a tuple of reading ids: one reading when the profile
    fixes the parameter, several when it leaves the parameter symbolic over them.
    """

    id: str
    game: Game
    summary: str
    values: Mapping[str, tuple[str, ...]]
    parameters: Mapping[str, Parameter] = field(repr=False)
    extends: str | None = None

    @property
    def is_concrete(self) -> bool:
        """Whether every parameter has exactly one reading."""
        return all(len(choice) == 1 for choice in self.values.values())

    @property
    def symbolic(self) -> tuple[str, ...]:
        """The parameters this profile leaves open."""
        return tuple(pid for pid, choice in self.values.items() if len(choice) > 1)

    def value(self, parameter_id: str) -> str:
        """The one reading this profile gives ``parameter_id``; raises if it is symbolic."""
        choice = self.values[parameter_id]
        if len(choice) != 1:
            raise ValueError(
                f"profile {self.id!r} leaves {parameter_id!r} open over {', '.join(choice)}"
            )
        return choice[0]

    def reading(self, parameter_id: str) -> Reading:
        """The :class:`Reading` object for the concrete value of ``parameter_id``."""
        return self.parameters[parameter_id].reading(self.value(parameter_id))

    def derive(self, new_id: str, overrides: Mapping[str, str | tuple[str, ...]]) -> Profile:
        """A copy with some parameters set to other readings (each checked against its domain)."""
        values = dict(self.values)
        for parameter_id, choice in overrides.items():
            if parameter_id not in values:
                raise KeyError(f"profile {self.id!r} has no parameter {parameter_id!r}")
            readings = (choice,) if isinstance(choice, str) else tuple(choice)
            for reading in readings:
                self.parameters[parameter_id].reading(reading)
            values[parameter_id] = readings
        return Profile(new_id, self.game, self.summary, values, self.parameters, self.id)

    def concrete(self, *kinds: str) -> tuple[str, ...]:
        """This profile's parameters read concretely for any of ``kinds`` (``deal``,
        ``auction``; see ``parameters.toml``)."""
        return tuple(pid for pid in self.values if self.parameters[pid].concrete in kinds)

    def pin(self, chosen: Mapping[str, str]) -> Profile:
        """This profile with some open parameters fixed, named ``<id>[<parameter>=<reading>]``
        (itself when nothing is chosen)."""
        if not chosen:
            return self
        return self.derive(self.id + "".join(f"[{k}={v}]" for k, v in chosen.items()), chosen)

    def pin_witness(self, chosen: Mapping[str, str]) -> Profile:
        """A concrete profile for a solver witness: the readings the model chose, and for every
        other open parameter (one the witness does not depend on) its first allowed reading."""
        rest = {pid: self.values[pid][0] for pid in self.symbolic if pid not in chosen}
        return self.pin({**chosen, **rest})

    def expand(self, parameter_ids: Iterable[str] | None = None) -> list[tuple[dict[str, str],
                                                                               Profile]]:
        """One profile per combination of the readings this profile leaves open among
        ``parameter_ids`` (default: all), each with the readings chosen."""
        wanted = self.symbolic if parameter_ids is None else tuple(parameter_ids)
        open_ids = [p for p in wanted if p in self.symbolic]
        out = []
        for combo in itertools.product(*(self.values[p] for p in open_ids)):
            chosen = dict(zip(open_ids, combo, strict=True))
            out.append((chosen, self.pin(chosen)))
        return out


@dataclass(frozen=True)
class Inheritance:
    """A section of a source that says it follows another game of the same source ("as in the
    six player version", "identical to the parent version"): for ``game``, the source's claims
    about ``parent`` are read on ``parameters`` together with the section's own."""

    game: str
    parent: str
    sentence: str
    """The id of the sentence that says so."""
    quote: str
    """Its words that say so, a short quotation."""
    parameters: tuple[str, ...]


@dataclass(frozen=True)
class Source:
    """A published rule text the claims cite."""

    id: str
    file: str
    title: str
    language: str
    games: tuple[str, ...]
    summary: str
    after: str | None = None
    """The source starts after this marker of its file (two sources sharing one file)."""
    until: str | None = None
    """The source ends before this marker of its file."""
    inherits: tuple[Inheritance, ...] = ()
    """Sections that say they follow another game of this source."""

    def inherited(self, game: str) -> tuple[Inheritance, ...]:
        """What the section of ``game`` takes from another game of this source."""
        return tuple(i for i in self.inherits if i.game == game)


@dataclass(frozen=True)
class Claim:
    """One rule statement of a source: its quotation, and the readings its words fix (a
    statement, ``states``), lean to by an inference written in ``note`` (``implies``) or
    allow (an ambiguity, ``ambiguous``). A silence is never a claim."""

    id: str
    source: str
    games: tuple[str, ...]
    topic: str
    quote: str
    kind: str = "states"
    fixes: Mapping[str, str] = field(default_factory=dict)
    readings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    gloss: str | None = None
    why: str | None = None
    note: str | None = None
    variant: str | None = None
    conflicts_with: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    """Further sentences read with the quotation (the rows of a table or list)."""

    def allowed(self) -> dict[str, tuple[str, ...]]:
        """Each parameter the claim touches and the readings it allows there."""
        if self.kind == "ambiguous":
            return {pid: tuple(r) for pid, r in self.readings.items()}
        return {pid: (reading,) for pid, reading in self.fixes.items()}
