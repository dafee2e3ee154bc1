"""Disputes: pairs of readings of one parameter that the sources (or one source's words)
allow, each settled by the solver as equivalent or as different with a replayed witness.

A dispute's id is ``<game>/<parameter>/<reading>-vs-<reading>`` with the readings in the order
the spec lists them, so it stays the same whichever sources raise it. The comparison between
two profiles (``trickrules diff``) is made of these disputes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from trickrules.proofs.divergence import UNREAD, Outcome, Question, Reads, settle_afresh
from trickrules.proofs.kit import group_kinds, kit_for_game
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Parameter, Profile
from trickrules.spec.source_profiles import Stance, source_profiles, stance

DisputeVerdict = Literal["differs", "equivalent", "unknown"]


def outcomes_verdict(outcomes: Sequence[Outcome]) -> DisputeVerdict:
    """``differs`` when some outcome differs (with a replayed witness), ``equivalent`` when
    every outcome is proved the same, otherwise ``unknown``."""
    if any(o.verdict == "refuted" and o.ok for o in outcomes):
        return "differs"
    if outcomes and all(o.verdict == "proved" for o in outcomes):
        return "equivalent"
    return "unknown"


def dispute_id(game: str, parameter: str, a: str, b: str) -> str:
    """The stable id of the dispute between readings ``a`` and ``b`` (spec order)."""
    return f"{game}/{parameter}/{a}-vs-{b}"


@dataclass
class Dispute:
    """Two readings of one parameter, who holds each, and what the difference changes."""

    id: str
    game: str
    parameter: str
    a: str
    b: str
    stances: list[Stance] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def verdict(self) -> DisputeVerdict:
        """``differs`` when some outcome differs (with a replayed witness), ``equivalent`` when
        every outcome is proved the same, otherwise ``unknown``."""
        return outcomes_verdict(self.outcomes)

    @property
    def ok(self) -> bool:
        """Settled, with every witness replayed."""
        return self.verdict != "unknown" and all(o.ok for o in self.outcomes)

    def side(self, reading: str) -> list[Stance]:
        """The stances that allow ``reading``."""
        return [s for s in self.stances if reading in s.readings]

    @property
    def within(self) -> list[Stance]:
        """Stances that allow both readings: the dispute lies inside that source."""
        return [s for s in self.stances if self.a in s.readings and self.b in s.readings]

    def first_difference(self) -> Outcome | None:
        """The first outcome kind (in the family's kind order) that differs."""
        return next((o for o in self.outcomes if o.verdict == "refuted"), None)

    def as_json(self) -> dict[str, Any]:
        """The dispute as JSON data (what the rulebook is built from)."""
        def stance_json(s: Stance) -> dict[str, Any]:
            return {"profile": s.profile, "source": s.source, "variant": s.variant,
                    "readings": list(s.readings), "how": s.how, "claims": list(s.claims)}

        return {"id": self.id, "game": self.game, "parameter": self.parameter,
                "readings": [self.a, self.b], "verdict": self.verdict, "ok": self.ok,
                "sides": {self.a: [stance_json(s) for s in self.side(self.a)],
                          self.b: [stance_json(s) for s in self.side(self.b)]},
                "within": [s.profile for s in self.within],
                "outcomes": [o.as_json() for o in self.outcomes]}


def _stances(catalogue: Catalogue, game: str, parameter: str) -> list[Stance]:
    out = []
    for profile in source_profiles(catalogue).values():
        if profile.game.id != game:
            continue
        source, variant = _source_of(catalogue, profile)
        out.append(stance(catalogue, source, game, parameter, variant))
    return out


def _source_of(catalogue: Catalogue, profile: Profile) -> tuple[str, str | None]:
    for source in catalogue.sources:
        stem = f"src{source}-{profile.game.id}"
        if profile.id == stem or profile.id.startswith(stem + "-"):
            return source, profile.id[len(stem) + 1:] or None
    raise ValueError(f"{profile.id!r} is not the profile of a source")


def dispute_questions(catalogue: Catalogue, game: str) -> list[tuple[str, str, str]]:
    """Every (parameter, a, b) that is disputed in ``game``: two readings some source profile
    allows (a source that is silent allows every reading), then each house reading played in
    practice (:func:`house_readings`) against the reconciled reading, in spec order."""
    profiles = [p for p in source_profiles(catalogue).values() if p.game.id == game]
    base = catalogue.default_profile(game)
    out: list[tuple[str, str, str]] = []
    for parameter in catalogue.parameters_for(game):
        seen = {r for p in profiles for r in p.values[parameter.id]}
        ordered = [r for r in parameter.reading_ids if r in seen]
        for i, a in enumerate(ordered):
            out.extend((parameter.id, a, b) for b in ordered[i + 1:])
        for question in _house_questions(catalogue, game, parameter, seen,
                                         base.value(parameter.id)):
            if question not in out:
                out.append(question)
    return out


def _house_questions(catalogue: Catalogue, game: str, parameter: Parameter, seen: set[str],
                     reconciled: str) -> list[tuple[str, str, str]]:
    """The questions a house reading of ``parameter`` raises (no source allowing it, ``seen``
    being what the sources allow): each reading against the reconciled one, in spec order,
    when either of the two is played in practice."""
    house = house_readings(catalogue, game, parameter.id, seen)
    return [(parameter.id, *spec_order(catalogue, parameter.id, reconciled, other))
            for other in parameter.reading_ids
            if other != reconciled and (other in house or reconciled in house)]


def house_readings(catalogue: Catalogue, game: str, parameter: str,
                   allowed: set[str]) -> list[str]:
    """The readings of ``parameter`` that no text allows (none of ``allowed``) and that public
    engines or rule pages play (a clear finding of the family's practice evidence)."""
    played = {e.reading for e in catalogue.practice if e.parameter == parameter
              and game in e.games and e.confidence == "clear"}
    return [r for r in catalogue.parameters[parameter].reading_ids
            if r not in allowed and r in played]


def dispute_from_outcomes(catalogue: Catalogue, game: str, parameter: str, a: str, b: str,
                          outcomes: Iterable[Outcome]) -> Dispute:
    """The dispute between readings ``a`` and ``b`` (spec order) with its settled outcomes.
    When no kind of outcome reads the parameter at all, nothing was asked: every outcome is
    unknown, never proved."""
    outcomes = list(outcomes)
    if outcomes and all(o.verdict == "proved" and o.how == UNREAD for o in outcomes):
        outcomes = [Outcome(o.kind, "unknown", o.seconds, "solver",
                            error="no kind of outcome of this game reads the parameter yet")
                    for o in outcomes]
    return Dispute(dispute_id(game, parameter, a, b), game, parameter, a, b,
                   _stances(catalogue, game, parameter), outcomes)


def spec_order(catalogue: Catalogue, parameter: str, a: str, b: str) -> tuple[str, str]:
    """The two readings in the order the spec lists them."""
    ids = catalogue.parameters[parameter].reading_ids
    first, second = sorted((a, b), key=ids.index)
    return first, second


GroupSettler = Callable[[str, Question, Sequence[str], Reads], list[Outcome]]
"""How one group of outcome kinds of a dispute is settled: ``(game, question, group, reads)``
to the group's outcomes (by the solver, or from verify's result cache)."""


def settle_group(game: str, question: Question, group: Sequence[str],
                 reads: Reads) -> list[Outcome]:
    """A group of outcome kinds settled by the solver, as a ``verify`` job settles it."""
    return settle_afresh(group_kinds(game, list(group)), question, reads)


def _settle_groups(game: str, question: Question, reads: Reads,
                   settle: GroupSettler) -> list[Outcome]:
    """Every kind of outcome, group by group as ``verify`` settles them (the same witnesses)."""
    family = kit_for_game(game)
    found = {o.kind: o for group in family.groups
             for o in settle(game, question, group, reads)}
    return [found[k.name] for k in family.kinds]


class DisputeBook:
    """Settles disputes on demand and remembers them (each is solved once per run);
    ``settle`` may take a group's outcomes from elsewhere (``verify``'s result cache)."""

    def __init__(self, catalogue: Catalogue, settle: GroupSettler = settle_group) -> None:
        self.catalogue = catalogue
        self._settled: dict[str, Dispute] = {}
        self._reads: Reads = {}
        self._settle = settle

    def settle(self, game: str, parameter: str, a: str, b: str) -> Dispute:
        """The dispute between two readings, solved for every outcome kind."""
        a, b = spec_order(self.catalogue, parameter, a, b)
        key = dispute_id(game, parameter, a, b)
        if key not in self._settled:
            question = Question(self.catalogue.default_profile(game), parameter, a, b)
            self._settled[key] = dispute_from_outcomes(
                self.catalogue, game, parameter, a, b,
                _settle_groups(game, question, self._reads, self._settle))
        return self._settled[key]

    def by_id(self, key: str) -> Dispute:
        """A dispute by its id; ``KeyError`` says what a valid id looks like."""
        parts = key.split("/")
        if len(parts) == 3 and parts[0] in self.catalogue.games:
            game, parameter, pair = parts
            known = self.catalogue.parameters.get(parameter)
            ids = known.reading_ids if known is not None else ()
            for i, a in enumerate(ids):
                for j, b in enumerate(ids):
                    if a != b and pair == f"{a}-vs-{b}":
                        if i > j:
                            raise KeyError(f"no dispute {key!r}: the readings go in the order "
                                           f"the spec lists them, "
                                           f"{dispute_id(game, parameter, b, a)!r}")
                        return self.settle(game, parameter, a, b)
        raise KeyError(f"no dispute {key!r}: ids look like "
                       f"'kout6/joker.second-joker/worthless-if-immediately-after-vs-normal'")

    def for_sources(self, games: Iterable[str]) -> list[Dispute]:
        """Every dispute the source profiles raise, for each game."""
        return [self.settle(game, *q) for game in games
                for q in dispute_questions(self.catalogue, game)]
