"""The theorems run on each source's profile: is what a source says consistent with itself?

A source profile leaves some parameters open. The Z3 theorems take the open parameters as they
are (a proof covers every reading the source allows; a witness names the readings it used).
What an encoding needs concrete (the parameters the rule data marks ``concrete``, as each
theorem asks: the deal for everything that deals cards, the auction for the auction graph) is
expanded reading by reading. Where a
reading's deck does not deal out evenly, the theorems about points of play are not run on it
(with no deal they would hold vacuously) and are listed as not run with the reason.
The engine-versus-model cross-checks are not run here; they check our two encodings against
each other on the shipped profiles, not what a source says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trickrules.proofs.kit import NoDealError, Theorem, consistency_theorems
from trickrules.proofs.verify.rows import Row
from trickrules.spec.model import Profile
from trickrules.spec.registry import family_of


@dataclass
class SourceRow:
    """One theorem on one source profile under one choice of its open structural readings."""

    row: Row | None
    profile: str
    theorem: str
    readings: dict[str, str]
    not_run: str = ""

    @property
    def finding(self) -> bool:
        """The theorem did not come out as it does for a consistent rule set."""
        return self.row is not None and self.row.verdict != self.row.expect

    @property
    def ok(self) -> bool:
        """Settled: not unknown, and any witness replays in the engine."""
        if self.row is None:
            return True
        replays = self.row.replay is None or bool(self.row.replay["replayed"])
        return self.row.verdict != "unknown" and replays

    def as_json(self) -> dict[str, Any]:
        """The row as JSON data."""
        out: dict[str, Any] = {"profile": self.profile, "id": self.theorem,
                               "readings": self.readings, "finding": self.finding,
                               "ok": self.ok}
        if self.row is None:
            out["not_run"] = self.not_run
        else:
            out.update({k: v for k, v in self.row.as_json().items()
                        if k not in ("profile", "id", "ok")})
        return out


def check_source_profile(profile: Profile, theorems: tuple[Theorem, ...] | None = None,
                         on_row: Callable[[SourceRow], None] | None = None) -> list[SourceRow]:
    """Every consistency theorem (or those of ``theorems``) on one source profile."""
    rows = []
    if theorems is None:
        theorems = consistency_theorems(family_of(profile.game.id))
    for theorem in theorems:
        for chosen, concrete in profile.expand(profile.concrete(*theorem.concrete)):
            try:
                result = theorem.check(concrete)
            except NoDealError as exc:
                rows.append(SourceRow(None, profile.id, theorem.id, chosen, str(exc)))
            else:
                row = Row(profile.id, theorem.id, theorem.statement, result.verdict,
                          result.seconds, result.witness, theorem.expect, result.replay)
                rows.append(SourceRow(row, profile.id, theorem.id, chosen))
            if on_row is not None:
                on_row(rows[-1])
    return rows
