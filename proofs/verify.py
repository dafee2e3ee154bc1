"""Run every theorem over profiles and collect a report (what ``trickrules verify`` prints)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from proofs.solver import Verdict
from proofs.theorems import THEOREMS, Theorem
from spec.model import Profile


@dataclass
class Row:
    """One theorem on one profile."""

    profile: str
    theorem: str
    statement: str
    verdict: Verdict
    seconds: float
    witness: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        """The row as JSON data."""
        return {"profile": self.profile, "id": self.theorem, "statement": self.statement,
                "verdict": self.verdict, "seconds": round(self.seconds, 3),
                "witness": self.witness or None}


def run_theorems(profiles: Iterable[Profile], theorems: tuple[Theorem, ...] = THEOREMS,
                 on_row: Callable[[Row], None] | None = None) -> list[Row]:
    """Every theorem on every profile, in order; ``on_row`` sees each result as it lands."""
    rows = []
    for profile in profiles:
        for theorem in theorems:
            result = theorem.check(profile)
            row = Row(profile.id, theorem.id, theorem.statement, result.verdict, result.seconds,
                      result.witness)
            rows.append(row)
            if on_row is not None:
                on_row(row)
    return rows


def failed(rows: list[Row]) -> list[Row]:
    """Rows that are not proved: refuted or unknown (unknown never counts as proved)."""
    return [row for row in rows if row.verdict != "proved"]
