"""The source part of the verify report: each source profile's consistency, every dispute the
sources raise (assembled from the outcome of each kind), and the traceability graph."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trickrules.proofs.disputes import Dispute, dispute_from_outcomes
from trickrules.proofs.divergence import Outcome
from trickrules.proofs.traceability import build_graph, report
from trickrules.proofs.verify.source_checks import SourceRow
from trickrules.spec.loader import family_catalogue, game_catalogue
from trickrules.spec.registry import family_of


def assemble_disputes(questions: Sequence[tuple[str, str, str, str]],
                      outcomes: Mapping[tuple[str, str, str, str], Sequence[Outcome]]
                      ) -> list[Dispute]:
    """Each question's dispute, with its sources' stances (from the catalogue of its game's
    family) and its outcomes in kind order."""
    return [dispute_from_outcomes(game_catalogue(q[0]), *q, outcomes[q]) for q in questions]


def _merged(reports: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One traceability report over several families' graphs, each family's kept under
    ``families``."""
    every = list(reports.values())
    return {"nodes": sum(r["nodes"] for r in every), "edges": sum(r["edges"] for r in every),
            "orphan_claims": [c for r in every for c in r["orphan_claims"]],
            "untouched_parameters": [p for r in every for p in r["untouched_parameters"]],
            "rulings": {k: v for r in every for k, v in r["rulings"].items()},
            "families": reports}


def source_section(games: Sequence[str], consistency: Sequence[SourceRow],
                   disputes: Sequence[Dispute]) -> dict[str, Any]:
    """The report's ``sources`` part over the families of ``games``, each traced in its own
    catalogue. ``ok`` is false when anything is unknown, a witness does not replay or a
    dispute's verdict is not the stored one; a source's inconsistencies are findings, not
    failures."""
    from trickrules.proofs.verify.expectations import surprise_section

    traced = {}
    for family in dict.fromkeys(map(family_of, games)):
        catalogue = family_catalogue(family)
        mine = [d for d in disputes if d.game in catalogue.games]
        traced[family] = report(build_graph(catalogue, mine), catalogue)
    unexpected = surprise_section(disputes, games)
    return {"consistency": [r.as_json() for r in consistency],
            "disputes": [d.as_json() for d in disputes],
            "traceability": _merged(traced), "unexpected": unexpected,
            "ok": (all(r.ok for r in consistency) and all(d.ok for d in disputes)
                   and not unexpected["surprises"])}
