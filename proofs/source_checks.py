"""The theorems run on each source's profile: is what a source says consistent with itself?

A source profile leaves some parameters open. The Z3 theorems take the open parameters as they
are (a proof covers every reading the source allows; a witness names the readings it used).
What an encoding needs concrete is expanded reading by reading: the deck and the hand size
for everything that deals cards, and the auction readings for the auction theorems. Where a
reading's deck does not deal out evenly, the theorems about points of play are not run on it
(with no deal they would hold vacuously) and are listed as not run with the reason.
The engine-versus-model cross-checks are not run here; they check our two encodings against
each other on the shipped profiles, not what a source says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from proofs.divergence import STRUCTURAL
from proofs.kout.situation import NoDealError
from proofs.kout.theorems import THEOREMS, Theorem
from proofs.verify.rows import Row
from spec.model import Profile

AUCTION = ("auction.shape", "auction.pass", "auction.dealer-forced-bid", "auction.malzoom")
NEEDS = {theorem: STRUCTURAL + AUCTION for theorem in (
    "auction.one-contract", "auction.ends-in-contract", "auction.dealer-must-bid")}
"""The auction graph needs concrete auction readings; the Z3 auction over all sixteen
combinations at once exceeds the solver's resource limit, one combination at a time does not."""


def consistency_theorems() -> tuple[Theorem, ...]:
    """The theorems about a rule set (every theorem but the engine-model cross-checks)."""
    return tuple(t for t in THEOREMS if not t.id.startswith("crosscheck."))


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
    for theorem in consistency_theorems() if theorems is None else theorems:
        for chosen, concrete in profile.expand(NEEDS.get(theorem.id, STRUCTURAL)):
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
