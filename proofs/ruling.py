"""What a family's proof kit answers about a situation under one concrete profile: the
record the judge (``trickrules.rulings``) gathers across profiles, defined here so that each
family's kit and the judge above it import it, not each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Ruling:
    """What the engine says under one concrete profile (each family's proof kit rules on a
    situation in its engine's JSON state form)."""

    status: str
    legal: list[str] = field(default_factory=list)
    then: list[str] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    score: dict[str, Any] | None = None
    winner: int | None = None
    error: str = ""
    bought: dict[str, Any] | None = None
    """The contract the buying calls of ``then`` settled (None: they settled none)."""
    hands: dict[str, list[str]] | None = None
    """The cards each seat holds once ``then`` is played (None: not reported)."""
    depends: list[str] | None = None
    """The parameters whose rules the engine read for this answer (None: not known, so every
    parameter may matter); not part of the answer."""
    cites: dict[str, list[str]] = field(default_factory=dict)
    """For each part of the answer (a field, or ``error``) the ids of the rules deciding it;
    not part of the answer."""
    words: dict[str, str] = field(default_factory=dict)
    """The family's plain words for the parts that need them (``legal``, ``bought``,
    ``score``, ``winner``); derived from the answer, so not part of it."""

    def as_json(self) -> dict[str, Any]:
        """The ruling as JSON data."""
        out: dict[str, Any] = {"status": self.status, "legal": self.legal, "then": self.then,
                               "bought": self.bought, "tricks": self.tricks,
                               "score": self.score, "winner": self.winner}
        if self.error:
            out["error"] = self.error
        return out
