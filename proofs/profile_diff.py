"""Every divergence between two profiles of one game, as the disputes their readings raise.

Two profiles differ on a parameter when they allow different sets of readings; each pair of
readings (one allowed by each, not equal) is a dispute, settled once. The profiles are
equivalent when every such dispute is proved to change nothing: each dispute is proved under
every reading of the other parameters, so changing the parameters one at a time from one
profile to the other never changes an outcome.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trickrules.proofs.disputes import Dispute, DisputeBook, DisputeVerdict
from trickrules.spec.model import Profile
from trickrules.spec.profile_index import every_profile as every_profile
from trickrules.spec.profile_index import find_profile as find_profile


def combined(verdicts: Iterable[DisputeVerdict]) -> DisputeVerdict:
    """``differs`` if any part differs, else ``unknown`` if any is unknown, else
    ``equivalent``."""
    seen = set(verdicts)
    if "differs" in seen:
        return "differs"
    return "unknown" if "unknown" in seen else "equivalent"


@dataclass
class ParameterDiff:
    """One parameter on which the two profiles allow different readings."""

    parameter: str
    a: tuple[str, ...]
    b: tuple[str, ...]
    disputes: list[Dispute]

    @property
    def verdict(self) -> DisputeVerdict:
        """``differs`` if any of its disputes differs, ``equivalent`` if all are proved."""
        return combined(d.verdict for d in self.disputes)


@dataclass
class ProfileDiff:
    """The comparison of two profiles."""

    a: Profile
    b: Profile
    parameters: list[ParameterDiff]

    @property
    def verdict(self) -> DisputeVerdict:
        """``equivalent`` when no parameter's difference changes an outcome."""
        return combined(p.verdict for p in self.parameters)

    @property
    def unknown(self) -> int:
        """Disputes left unknown."""
        return sum(d.verdict == "unknown" for p in self.parameters for d in p.disputes)

    def as_json(self) -> dict[str, Any]:
        """The comparison as JSON data, each dispute in full."""
        return {"a": self.a.id, "b": self.b.id, "game": self.a.game.id,
                "verdict": self.verdict,
                "parameters": [{"parameter": p.parameter, "a": list(p.a), "b": list(p.b),
                                "verdict": p.verdict,
                                "disputes": [d.as_json() for d in p.disputes]}
                               for p in self.parameters]}


def diff_profiles(book: DisputeBook, a: Profile, b: Profile) -> ProfileDiff:
    """Every parameter where ``a`` and ``b`` allow different readings, with its disputes."""
    if a.game.id != b.game.id:
        raise ValueError(f"profiles {a.id!r} ({a.game.id}) and {b.id!r} ({b.game.id}) are for "
                         f"different games")
    rows = []
    for parameter in book.catalogue.parameters_for(a.game.id):
        ra, rb = tuple(a.values[parameter.id]), tuple(b.values[parameter.id])
        if set(ra) == set(rb):
            continue
        pairs = sorted({tuple(sorted((x, y), key=parameter.reading_ids.index))
                        for x in ra for y in rb if x != y})
        rows.append(ParameterDiff(parameter.id, ra, rb,
                                  [book.settle(a.game.id, parameter.id, x, y)
                                   for x, y in pairs]))
    return ProfileDiff(a, b, rows)
