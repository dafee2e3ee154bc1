"""The source part of the verify report: each source profile's consistency, every dispute the
sources raise (assembled from the outcome of each kind), and the traceability graph."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from proofs.disputes import Dispute, dispute_from_outcomes
from proofs.divergence import Outcome
from proofs.traceability import build_graph, report
from proofs.verify.source_checks import SourceRow
from spec.model import Catalogue


def assemble_disputes(catalogue: Catalogue, questions: Sequence[tuple[str, str, str, str]],
                      outcomes: Mapping[tuple[str, str, str, str], Sequence[Outcome]]
                      ) -> list[Dispute]:
    """Each question's dispute, with its sources' stances and its outcomes in kind order."""
    return [dispute_from_outcomes(catalogue, *q, outcomes[q]) for q in questions]


def source_section(catalogue: Catalogue, consistency: Sequence[SourceRow],
                   disputes: Sequence[Dispute]) -> dict[str, Any]:
    """The report's ``sources`` part. ``ok`` is false when anything is unknown or a witness
    does not replay; a source's inconsistencies are findings, not failures."""
    graph = build_graph(catalogue, list(disputes))
    return {"consistency": [r.as_json() for r in consistency],
            "disputes": [d.as_json() for d in disputes],
            "traceability": report(graph, catalogue),
            "ok": all(r.ok for r in consistency) and all(d.ok for d in disputes)}
