"""Which house option an engine plays, reading by reading.

For each parameter that has house options, the engine is asked the ``variant`` vectors that
exercise the parameter under the reconciled profile and under each house option of it (the
reconciled profile with that parameter at another reading), each time with that profile's
readings in the request. Only the vectors that separate the readings (holding under some and
not others) are evidence: the engine plays the one reading whose separating vectors it all
passes; an engine that reads the request's rules passes them under every reading (it follows
the request); otherwise the row says it is a tie, that no reading fits, or that the suite
cannot tell (no separating vector), never the reconciled reading by default.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from trickrules.kit.runner import Runner
from trickrules.kit.tally import Failure, Run
from trickrules.proofs.conformance.suite import EVERY, SuiteData
from trickrules.spec.model import Profile

PLAYS, FOLLOWS, TIE = "plays", "follows the request", "tie"
NO_FIT, CANNOT_TELL, NOT_ASKED = "no reading fits", "cannot tell", "not asked"
NOT_ANSWERED = "not answered"
"""The verdicts of a row: the engine plays one reading; it passes under every reading (it
reads the request's rules); several readings fit, not all; every reading fails a vector that
separates it from another; the suite has no vector whose answer differs between the readings
(so passing every vector says nothing about them); the run asked none of the parameter's
vectors that could tell (``--only`` left their question types out); the engine declined
every one it was asked (``unsupported``, or question types its hello leaves out)."""


def _separating(held: dict[str, set[str]]) -> set[str]:
    """Of the vectors held under each reading, those held under some and not others."""
    every = list(held.values())
    if not every:
        return set()
    common = every[0].intersection(*every[1:])
    return every[0].union(*every[1:]) - common


@dataclass
class ReadingRow:
    """One parameter: each reading's vectors (id -> passed) asked of the engine."""

    parameter: str
    outcomes: dict[str, dict[str, bool]] = field(default_factory=dict)
    default: str = ""
    held: dict[str, set[str]] = field(default_factory=dict)
    """Per reading, the vectors the suite holds under it (asked or not): what separates the
    readings is the suite's, never what an engine chose to answer."""
    excused: set[str] = field(default_factory=set)
    """Vectors the engine fails for another rule: the run charged their failure to other
    parameters only, so failing them says nothing of this one."""
    reproduced: dict[str, set[str]] = field(default_factory=dict)
    """Per failed vector, the readings of this parameter whose answer the engine gave."""
    requests: dict[str, str] = field(default_factory=dict)
    """Per vector, its request (as JSON): a vector of one reading and one of another with the
    same request are the same question answered differently."""
    left_out: dict[str, set[str]] = field(default_factory=dict)
    """Per reading, the parameter's variant vectors held under it that the run did not ask
    (``--only``): where they separate the readings, the suite can tell them apart and this
    run did not."""

    def separating(self) -> set[str]:
        """The vectors that hold under some readings and not others: only they tell the
        readings apart (a vector every reading expects the same of is no evidence). A reading
        the engine declines does not make the others' vectors separating."""
        return _separating(self.held)

    def evidence(self, reading: str) -> tuple[int, int]:
        """Passed and failed, on the vectors that separate this reading from another."""
        mine = self.outcomes[reading]
        asked = [mine[v] for v in self.separating()
                 if v in mine and (mine[v] or v not in self.excused)]
        return sum(asked), len(asked) - sum(asked)

    def tested(self) -> list[str]:
        """The readings that have separating vectors of their own."""
        separating = self.separating()
        return [r for r, mine in self.outcomes.items() if separating & set(mine)]

    @property
    def fits(self) -> list[str]:
        """The readings the evidence leaves: those whose own separating vectors the engine
        all passes; when every reading it answered fails some, a reading it declined whose
        answers are every wrong answer it gave, else the readings the suite has no separating
        vector for (left by elimination)."""
        tested = self.tested()
        passing = [r for r in tested if self.evidence(r)[1] == 0]
        if passing:
            return passing
        return self._untested_fits(tested)

    def _untested_fits(self, tested: list[str]) -> list[str]:
        """When no reading with separating vectors of its own passes them all: the declined
        readings whose answers are every wrong answer the engine gave, else those the suite
        has no separating vector for."""
        separating = self.separating()
        failed = {v for r in tested for v, ok in self.outcomes[r].items()
                  if v in separating and not ok and v not in self.excused}
        untested = [r for r in self.outcomes if r not in tested]
        by_answers = [r for r in untested if self._gave_every_wrong_answer(r, failed)]
        return by_answers or [r for r in untested if not self.held.get(r, set()) & separating]

    def _gave_every_wrong_answer(self, reading: str, failed: set[str]) -> bool:
        """Whether a reading the engine declined fits by its answers: every wrong answer it
        gave (``failed``) is that reading's, and no right answer it gave under the reconciled
        rules is one this reading changes."""
        return bool(failed and all(reading in self.reproduced.get(v, set()) for v in failed)
                    and not self._answered_otherwise(reading))

    def _answered_otherwise(self, reading: str) -> bool:
        """Whether the engine passed, under the reconciled rules, a question this reading
        answers otherwise (a question it cannot reach, which it refuses, is no evidence)."""
        passed = {v for v, ok in self.outcomes.get(self.default, {}).items() if ok}
        mine = self.held.get(reading, set())
        asked_here = {self.requests.get(v) for v in mine}
        return any(self.requests.get(v) in asked_here
                   for v in passed & (self.held.get(self.default, set()) - mine))

    @property
    def verdict(self) -> str:
        """One of :data:`PLAYS`, :data:`FOLLOWS`, :data:`TIE`, :data:`NO_FIT`,
        :data:`CANNOT_TELL`, :data:`NOT_ASKED`, :data:`NOT_ANSWERED`; never the reconciled
        reading for want of evidence."""
        separating = self.separating()
        if not separating:
            return NOT_ASKED if _separating(self.left_out) else CANNOT_TELL
        if not any(separating.intersection(mine) for mine in self.outcomes.values()):
            return NOT_ANSWERED
        fits, tested = self.fits, self.tested()
        if len(fits) == 1:
            return PLAYS
        if len(tested) > 1 and fits == tested:
            return FOLLOWS
        return TIE if fits else NO_FIT

    @property
    def best(self) -> str | None:
        """The reading the engine plays, when the evidence names exactly one."""
        return self.fits[0] if self.verdict == PLAYS else None

    def as_json(self) -> dict[str, Any]:
        """The row as JSON data: the verdict, and per reading all its vectors and the
        separating ones, passed and failed."""
        def counts(reading: str) -> dict[str, Any]:
            mine = self.outcomes[reading]
            passed, failed = self.evidence(reading)
            return {"passed": sum(mine.values()), "failed": len(mine) - sum(mine.values()),
                    "separating": {"passed": passed, "failed": failed}}

        return {"parameter": self.parameter, "reconciled": self.default,
                "verdict": self.verdict, "best": self.best, "fits": self.fits,
                "separating": len(self.separating()),
                "readings": {r: counts(r) for r in self.outcomes}}


def _holds(vector: dict[str, Any], profile: str) -> bool:
    named = vector["profiles"]
    return (profile in named) or (named == [EVERY] and profile not in vector["except"])


def house_table(runner: Runner, suite: SuiteData, game: str,
                only: Iterable[str] | None = None,
                failures: Iterable[Failure] = ()) -> list[ReadingRow]:
    """Every parameter of ``game`` with house options (or those of ``only``), and how the
    engine fares under each reading on the variant vectors that exercise it. ``failures``:
    the run's, so that a failure another rule explains is no evidence about a parameter it
    was not charged to, and a wrong answer a house reading gives is evidence for it."""
    charged, reproduced = _charges(failures)
    named = {reading for found in reproduced.values() for reading in found}
    default = suite.defaults[game]
    base_rules = suite.profiles[default]["rules"]
    options = _house_options(suite, game, default)
    variant = [v for v in suite.vectors if v["group"] == "variant" and v["game"] == game]
    rows = []
    runner.charging = False  # only passes and failures count here
    try:
        for parameter in sorted(options if only is None else set(options) & set(only)):
            row = _new_row(parameter, base_rules[parameter], charged, reproduced)
            readings = {base_rules[parameter]: default, **options[parameter]}
            for reading, profile_id in readings.items():
                _ask_reading(runner, row, reading, profile_id, variant, named)
            rows.append(row)
    finally:
        runner.charging = True
        runner.engine.stop()
    return rows


def _charges(failures: Iterable[Failure]
             ) -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]:
    """Per failed vector of the run, the rules its failure was charged to and the house
    readings (parameter, reading) whose answer the engine gave."""
    charged: dict[str, set[str]] = {}
    reproduced: dict[str, set[tuple[str, str]]] = {}
    for failure in failures:
        charged.setdefault(failure.vector["id"], set()).update(failure.rules)
        reproduced.setdefault(failure.vector["id"], set()).update(failure.readings or ())
    return charged, reproduced


def _new_row(parameter: str, reconciled: str, charged: dict[str, set[str]],
             reproduced: dict[str, set[tuple[str, str]]]) -> ReadingRow:
    """The row of one parameter before the engine is asked: excused, the failed vectors
    charged to other rules only; per failed vector, this parameter's readings it gave."""
    return ReadingRow(parameter, default=reconciled, excused={
        v for v, rules in charged.items() if parameter not in rules}, reproduced={
        v: {r for p, r in readings if p == parameter} for v, readings in reproduced.items()})


def _house_options(suite: SuiteData, game: str, default: str) -> dict[str, dict[str, str]]:
    """Per parameter, its house readings and the suite profile of each: the profiles of
    ``game`` that differ from the reconciled one ``default`` in that one parameter."""
    options: dict[str, dict[str, str]] = {}
    base_rules = suite.profiles[default]["rules"]
    for profile_id, data in suite.profiles.items():
        if data["game"] != game or profile_id == default:
            continue
        changed = [p for p, r in data["rules"].items() if base_rules.get(p) != r]
        if len(changed) == 1:
            options.setdefault(changed[0], {})[data["rules"][changed[0]]] = profile_id
    return options


def _ask_reading(runner: Runner, row: ReadingRow, reading: str, profile_id: str,
                 variant: list[dict[str, Any]], named: set[tuple[str, str]]) -> None:
    """Ask the engine, under the profile of one reading of the row's parameter, the variant
    vectors that exercise the parameter and hold there; record in ``row`` which it passed,
    which it was not asked (``--only``) and which another rule's reading explains."""
    parameter = row.parameter
    run = Run(runner.engine.command, [profile_id], runner.engine.timeout)
    profile = runner.profile_of(profile_id)
    asked: dict[str, bool] = {}
    row.held[reading], row.left_out[reading] = set(), set()
    for vector in variant:
        if parameter not in vector["rules"] or not _holds(vector, profile_id):
            continue
        if not runner.asks(vector):
            row.left_out[reading].add(vector["id"])
        else:
            row.held[reading].add(vector["id"])
            row.requests[vector["id"]] = json.dumps(vector["request"], sort_keys=True)
            passed, failed = run.passed, len(run.failures)
            runner.one(run, profile, vector)
            if run.vectors > len(asked):  # answered (not unsupported)
                asked[vector["id"]] = run.passed > passed
            if len(run.failures) > failed and _played_elsewhere(
                    runner, profile, vector, run.failures[-1], parameter, named):
                row.excused.add(vector["id"])
    row.outcomes[reading] = asked


def _played_elsewhere(runner: Runner, profile: Profile, vector: dict[str, Any],
                      failure: Failure, parameter: str, named: set[tuple[str, str]]) -> bool:
    """Whether a wrong answer under one reading of ``parameter`` is the reference answer
    under a house reading of another parameter that the run found the engine plays: one
    rule can hide another (a Baloot only the declarer may score says nothing of whether a
    project stops another seat's), so it is no evidence about ``parameter``."""
    if not isinstance(failure.got, dict) or not named:
        return False
    return any(d.parameter != parameter and (d.parameter, d.reading) in named
               for d in runner.charges.reproducing(profile, vector, failure.got))


def best_profile(rows: list[ReadingRow], suite: SuiteData, game: str) -> str:
    """The suite profile the engine matches best: the reconciled one with every option the
    evidence shows it plays otherwise (a tie or no fit leaves an option out; see the rows)."""
    default = suite.defaults[game]
    moved = [row for row in rows if row.best is not None and row.best != row.default]
    if not moved:
        return default
    return " + ".join(f"{default}[{row.parameter}={row.best}]" for row in moved)
