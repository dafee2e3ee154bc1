"""The source part of ``trickrules verify``: each source profile's consistency, every dispute
the sources raise, and the traceability graph, as one JSON-ready report."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from proofs.disputes import Dispute, DisputeBook, source_questions
from proofs.source_checks import check_source_profile
from proofs.traceability import build_graph, report
from spec.model import Catalogue
from spec.source_profiles import source_profiles


def source_work(catalogue: Catalogue, games: Sequence[str]) -> int:
    """How many steps :func:`verify_sources` takes (for a progress bar)."""
    profiles = [p for p in source_profiles(catalogue).values() if p.game.id in games]
    return len(profiles) + sum(len(source_questions(catalogue, g)) for g in games)


def verify_sources(catalogue: Catalogue, games: Sequence[str],
                   on_step: Callable[[str], None] | None = None,
                   settled: Sequence[Dispute] | None = None) -> dict[str, Any]:
    """Run the theorems on every source profile of ``games``, settle every dispute their
    readings raise, and build the traceability report. ``ok`` is false when anything is
    unknown or a witness does not replay; a source's inconsistencies are findings, not
    failures. ``settled`` gives disputes already settled (of exactly these games) to reuse."""
    step = on_step or (lambda _: None)
    consistency = []
    for profile in source_profiles(catalogue).values():
        if profile.game.id in games:
            consistency += check_source_profile(profile)
            step(profile.id)
    book = DisputeBook(catalogue)
    disputes: list[Dispute] = list(settled or [])
    for game in games if settled is None else ():
        for question in source_questions(catalogue, game):
            disputes.append(book.settle(game, *question))
            step(disputes[-1].id)
    graph = build_graph(catalogue, disputes)
    return {"consistency": [r.as_json() for r in consistency],
            "disputes": [d.as_json() for d in disputes],
            "traceability": report(graph, catalogue),
            "ok": all(r.ok for r in consistency) and all(d.ok for d in disputes)}
