"""Which house option an engine plays, reading by reading.

For each parameter that has house options, the engine is asked the ``variant`` vectors that
exercise the parameter under the reconciled profile and under each house option of it (the
reconciled profile with that parameter at another reading), each time with that profile's
readings in the request. The reading whose expectations the engine meets best is the one it
plays; an engine that plays one house option consistently is named by it, and an engine that
reads the request's rules passes under every reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from proofs.conformance.runner import Run, Runner
from proofs.conformance.suite import EVERY, SuiteData


@dataclass
class ReadingRow:
    """One parameter: the vectors passed and failed under each of its readings."""

    parameter: str
    counts: dict[str, list[int]] = field(default_factory=dict)
    default: str = ""

    @property
    def best(self) -> str:
        """The reading the engine meets best (fewest failures; the reconciled one on a tie)."""
        def rank(reading: str) -> tuple[float, int]:
            passed, failed = self.counts[reading]
            share = failed / (passed + failed) if passed + failed else 1.0
            return (share, reading != self.default)

        return min(self.counts, key=rank)

    def as_json(self) -> dict[str, Any]:
        """The row as JSON data."""
        return {"parameter": self.parameter, "reconciled": self.default, "best": self.best,
                "readings": {r: {"passed": p, "failed": f} for r, (p, f) in self.counts.items()}}


def _holds(vector: dict[str, Any], profile: str) -> bool:
    named = vector["profiles"]
    return (profile in named) or (named == [EVERY] and profile not in vector["except"])


def house_table(runner: Runner, suite: SuiteData, game: str) -> list[ReadingRow]:
    """Every parameter of ``game`` with house options, and how the engine fares under each
    reading on the variant vectors that exercise it."""
    default = suite.defaults[game]
    options: dict[str, dict[str, str]] = {}
    base_rules = suite.profiles[default]["rules"]
    for profile_id, data in suite.profiles.items():
        if data["game"] != game or profile_id == default:
            continue
        changed = [p for p, r in data["rules"].items() if base_rules.get(p) != r]
        if len(changed) == 1:
            options.setdefault(changed[0], {})[data["rules"][changed[0]]] = profile_id
    variant = [v for v in suite.vectors if v["group"] == "variant" and v["game"] == game]
    rows = []
    try:
        for parameter in sorted(options):
            row = ReadingRow(parameter, default=base_rules[parameter])
            readings = {base_rules[parameter]: default, **options[parameter]}
            for reading, profile_id in readings.items():
                run = Run(runner.engine.command, [profile_id], runner.engine.timeout)
                profile = runner.profile_of(profile_id)
                for vector in variant:
                    if parameter in vector["rules"] and _holds(vector, profile_id):
                        runner.one(run, profile, vector)
                row.counts[reading] = [run.passed, len(run.failures)]
            rows.append(row)
    finally:
        runner.engine.stop()
    return rows


def best_profile(rows: list[ReadingRow], suite: SuiteData, game: str) -> str:
    """The suite profile the engine matches best: the reconciled one, or the house option of
    the one parameter whose best reading is not the reconciled one; with several, their list."""
    default = suite.defaults[game]
    moved = [row for row in rows if row.best != row.default]
    if not moved:
        return default
    return " + ".join(f"{default}[{row.parameter}={row.best}]" for row in moved)
