"""Charging a wrong answer to the reading that reproduces it.

An engine that plays a house option gives, on the vectors that option changes, exactly the
reference answer under that option. So a wrong answer is compared with the reference answer
under each house option of the game (the run's profile with one parameter read otherwise):
the parameters whose other reading gives the engine's answer are charged, by construction.
When no reading of the rules gives it, the failure says so and keeps the rules the vector's
attribution names (the part of the answer that differs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from trickrules.proofs.conformance.protocol import Answer, canonical, definition
from trickrules.proofs.conformance.reads import ReusedAnswers
from trickrules.proofs.conformance.suite import SuiteData
from trickrules.proofs.kit import kit_for_game
from trickrules.spec.model import Profile

NO_FIT = "no reading of these rules gives this answer"
"""The detail of a wrong answer no house option reproduces."""


@dataclass(frozen=True)
class Departure:
    """One house option: a parameter read otherwise than in the run's profile."""

    parameter: str
    reading: str
    profile: Profile


def house_options(suite: SuiteData, game: str) -> list[tuple[str, str]]:
    """The suite's house options of ``game``: (parameter, reading) of each suite profile that
    departs from the game's reconciled profile in exactly one parameter."""
    base = suite.profiles[suite.defaults[game]]["rules"]
    found = []
    for data in suite.profiles.values():
        if data["game"] != game:
            continue
        changed = [(p, r) for p, r in data["rules"].items() if base.get(p) != r]
        if len(changed) == 1:
            found.append(changed[0])
    return sorted(set(found))


class Charges:
    """Finds, for a wrong answer under a profile, the house options that reproduce it."""

    def __init__(self, suite: SuiteData, derive: Callable[[str, dict[str, str]], Profile]):
        """``derive(profile_id, rules)``: the profile of a suite profile's game with those
        readings (how a request's rules become a profile)."""
        self.suite = suite
        self.derive = derive
        self._departures: dict[str, list[Departure]] = {}

    def departures(self, profile_id: str) -> list[Departure]:
        """Each house option of the profile's game that reads a parameter otherwise than the
        profile does, as a profile of its own."""
        if profile_id not in self._departures:
            data = self.suite.profiles[profile_id]
            rules = data["rules"]
            self._departures[profile_id] = [
                Departure(p, r, self.derive(profile_id, {**rules, p: r}))
                for p, r in house_options(self.suite, data["game"])
                if p in rules and rules[p] != r]
        return self._departures[profile_id]

    def reproducing(self, profile: Profile, vector: dict[str, Any],
                    got: dict[str, Any]) -> list[Departure]:
        """The house options under which the reference answer to the vector is ``got``."""
        return self.answering(profile, vector["op"], vector["request"], got, vector["rules"])

    def answering(self, profile: Profile, op: str, body: dict[str, Any], got: dict[str, Any],
                  first: list[str]) -> list[Departure]:
        """The house options under which the reference answer to ``body`` is ``got``
        (compared as the protocol compares answers). Every option is tried: the rule the
        attribution names (``first``) may be reproduced by coincidence where another option
        is the one the engine plays; :func:`cover` later keeps the readings that explain the
        whole run."""
        shape = definition("response", profile.game.id, op)
        wanted = canonical(shape, got)
        return [departure for departure, answer in self._answers(profile, op, body)
                if answer is not None and canonical(shape, answer.expect) == wanted]

    def refusing(self, profile: Profile, op: str, body: dict[str, Any],
                 move: str) -> list[Departure]:
        """The house options under which ``move`` (a card, or a call) is not legal after the
        request ``body`` of ``op`` (``legal-plays``, ``auction`` or ``doubling``): an engine
        refusing it plays one of them. (A reading under which the position itself is not
        reached is not one.)"""
        key = "cards" if op == "legal-plays" else "legal"
        return [departure for departure, answer in self._answers(profile, op, body)
                if answer is not None and move not in answer.expect.get(key, [])]

    def refusing_request(self, profile: Profile, vector: dict[str, Any]) -> list[Departure]:
        """The house options under which the reference refuses the vector's request as a whole
        (a contract, a score or a hand that reading does not allow)."""
        return [departure for departure, answer
                in self._answers(profile, vector["op"], vector["request"]) if answer is None]

    def _answers(self, profile: Profile, op: str, body: dict[str, Any]
                 ) -> Iterator[tuple[Departure, Answer | None]]:
        """The reference answer to ``body`` under each house option of the profile's game,
        or None where that reading cannot answer it. One request asked under one option
        after another: an answer is reused where the rules it read agree
        (:class:`trickrules.proofs.conformance.reads.ReusedAnswers`), as the suite was built."""
        conformance = kit_for_game(profile.game.id).conformance
        ask = ReusedAnswers(conformance.compiled_rules, conformance.answer_with_rules)
        request = {"op": op, **body}
        for departure in self.departures(profile.id):
            try:
                yield departure, ask(departure.profile, request)
            except (ValueError, KeyError):  # a question that reading cannot answer
                yield departure, None


def cover(candidates: list[list[tuple[str, str]]]) -> set[tuple[str, str]]:
    """Few readings that explain every failure: each failure lists the house readings that
    reproduce it. The reading reproducing most of the unexplained is taken first (then the
    one reproducing most in all, then by name), with every reading that reproduces exactly
    the same failures (the evidence cannot tell them apart), until each failure has one; then
    a reading taken earlier whose every failure the later ones explain too is let go. An
    engine that plays one option has its every failure reproduced by that option, while
    another reading reproduces only some by coincidence."""
    failures = [set(c) for c in candidates if c]
    found: dict[tuple[str, str], set[int]] = {}
    for index, readings in enumerate(failures):
        for reading in readings:
            found.setdefault(reading, set()).add(index)
    reproduces = {reading: frozenset(indices) for reading, indices in found.items()}
    taken: list[frozenset[int]] = []  # the failures each reading taken reproduces
    left = set(range(len(failures)))
    while left:
        best = min(reproduces, key=lambda r: (-len(reproduces[r] & left),
                                              -len(reproduces[r]), r))
        taken.append(reproduces[best])
        left -= reproduces[best]
    for explains in list(taken):  # the earliest first: let go what the others explain
        others = frozenset().union(*(t for t in taken if t is not explains))
        if explains <= others:
            taken.remove(explains)
    return {r for r, explains in reproduces.items() if explains in taken}
