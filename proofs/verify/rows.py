"""Run every theorem over profiles and collect a report (what ``trickrules verify`` prints)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from trickrules.proofs.kit import Theorem, kit
from trickrules.proofs.smt.solver import Verdict
from trickrules.spec.model import Profile
from trickrules.spec.registry import family_of


@dataclass
class Row:
    """One theorem on one profile."""

    profile: str
    theorem: str
    statement: str
    verdict: Verdict
    seconds: float
    witness: dict[str, Any]
    expect: Verdict = "proved"
    replay: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        """The verdict is the expected one and any witness replays in the engine as the model
        predicts; ``unknown`` is never ok."""
        replays = self.replay is None or bool(self.replay["replayed"])
        return self.verdict == self.expect and self.verdict != "unknown" and replays

    def as_json(self) -> dict[str, Any]:
        """The row as JSON data; a witness carries its engine state and ``replayed`` flag."""
        out = {"profile": self.profile, "id": self.theorem, "statement": self.statement,
               "verdict": self.verdict, "expected": self.expect, "ok": self.ok,
               "seconds": round(self.seconds, 3), "witness": self.witness or None}
        if self.replay is not None:
            out["witness_state"] = self.replay["state"]
            out["replayed"] = self.replay["replayed"]
            out["replay"] = {k: v for k, v in self.replay.items() if k != "state"}
        return out


def run_theorems(profiles: Iterable[Profile], theorems: tuple[Theorem, ...] | None = None,
                 on_row: Callable[[Row], None] | None = None) -> list[Row]:
    """Every theorem (of each profile's family, or ``theorems``) on every profile, in order;
    ``on_row`` sees each result as it lands."""
    rows = []
    for profile in profiles:
        chosen = kit(family_of(profile.game.id)).theorems if theorems is None else theorems
        for theorem in chosen:
            result = theorem.check(profile)
            row = Row(profile.id, theorem.id, theorem.statement, result.verdict, result.seconds,
                      result.witness, theorem.expect, result.replay)
            rows.append(row)
            if on_row is not None:
                on_row(row)
    return rows


def failed(rows: list[Row]) -> list[Row]:
    """Rows that are not as expected: an unexpected verdict, an unknown (never counted as
    proved), or a witness that does not replay in the engine."""
    return [row for row in rows if not row.ok]
