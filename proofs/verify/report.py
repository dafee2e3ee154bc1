"""The verify report: every theorem on the chosen profiles and the source checks, as JSON,
stamped with a digest of the rule data and code it was computed from so a rulebook built
from it can tell when it is stale. The work runs as jobs (:mod:`trickrules.proofs.verify.jobs`) on
every core and through the result cache; what lands is reported item by item to a callback, so the
presentation (a bar, or a line per item) stays with the command line."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from trickrules.proofs.disputes import Dispute, outcomes_verdict
from trickrules.proofs.divergence import Outcome
from trickrules.proofs.verify.cache import ResultCache, inputs_digest
from trickrules.proofs.verify.jobs import Job, Plan, plan
from trickrules.proofs.verify.rows import Row
from trickrules.proofs.verify.run import Done, default_workers, run_jobs
from trickrules.proofs.verify.source_checks import SourceRow
from trickrules.proofs.verify.sources import assemble_disputes, source_section
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile


@dataclass(frozen=True)
class Item:
    """One finished item of a verification, for progress: a theorem on a profile, a theorem
    on a source profile, or a whole dispute."""

    label: str
    verdict: str
    seconds: float
    cached: bool


@dataclass
class Verification:
    """A finished verification: the JSON report and the objects it was made from."""

    report: dict[str, Any]
    rows: list[Row]
    consistency: list[SourceRow] = field(default_factory=list)
    disputes: list[Dispute] = field(default_factory=list)
    computed: int = 0
    cached: int = 0


def work_items(catalogue: Catalogue, games: Iterable[str], profiles: list[Profile] | None,
               with_sources: bool) -> int:
    """How many items :func:`verify` reports (the length of a progress bar)."""
    games = list(games)
    p = plan(catalogue, games, _profiles(catalogue, games, profiles), with_sources)
    return len(p.theorem_jobs) + len(p.source_jobs) + len(p.questions)


def _profiles(catalogue: Catalogue, games: list[str],
              profiles: list[Profile] | None) -> list[Profile]:
    if profiles is not None:
        return profiles
    from trickrules.spec.loader import game_catalogue

    catalogues = {id(c): c for c in (catalogue, *(game_catalogue(g) for g in games))}
    return [p for c in catalogues.values() for p in c.profiles.values()
            if p.game.id in games and p.is_concrete]


def _source_verdict(rows: list[SourceRow]) -> str:
    if not all(r.ok for r in rows):
        return "unknown"
    if any(r.finding for r in rows):
        return "finding"
    return "not run" if all(r.row is None for r in rows) else "as expected"


def verify(catalogue: Catalogue, games: Iterable[str], profiles: list[Profile] | None,
           with_sources: bool, cache: ResultCache | None = None, workers: int | None = None,
           on_item: Callable[[Item], None] | None = None,
           on_part: Callable[[Item], None] | None = None) -> Verification:
    """Run the theorems (on ``profiles``, or every concrete shipped profile of ``games``) and,
    if asked, the source checks; results come from ``cache`` where it has them. ``on_item``
    hears of each finished item (a theorem, a source check, a dispute); ``on_part`` of each
    group of a dispute's outcomes that lands before its last (its verdict: ``n/m parts``)."""
    games = list(games)
    profiles = _profiles(catalogue, games, profiles)
    work = plan(catalogue, games, profiles, with_sources)
    emit = on_item or (lambda _: None)
    waiting = _outcome_jobs_per_question(work)
    outcomes: dict[tuple[str, str, str, str], dict[str, list[Outcome]]] = {
        q: {} for q in waiting}

    def landed(done: Done) -> None:
        job = done.job
        if job.kind == "theorem":
            emit(Item(job.label, done.result.verdict, done.seconds, done.cached))
        elif job.kind == "source":
            emit(Item(job.label, _source_verdict(done.result), done.seconds, done.cached))
        else:
            q = _question(job)
            outcomes[q][job.outcome] = done.result
            label = f"{q[0]}/{q[1]}/{q[2]}-vs-{q[3]}"
            if len(outcomes[q]) == waiting[q]:
                every = [o for group in outcomes[q].values() for o in group]
                seconds = sum(o.seconds for o in every)
                emit(Item(label, outcomes_verdict(every), seconds, done.cached))
            elif on_part is not None:
                on_part(Item(f"{label} {job.outcome}", f"{len(outcomes[q])}/{waiting[q]} parts",
                             done.seconds, done.cached))

    done = run_jobs(work.jobs, cache, workers or default_workers(), landed)
    rows: list[Row] = [done[j].result for j in work.theorem_jobs]
    report = _theorems_report(games, profiles, rows)
    result = Verification(report, rows, computed=sum(not d.cached for d in done.values()),
                          cached=sum(d.cached for d in done.values()))
    if with_sources:
        _add_sources(result, work, done, games)
    seal(report)
    return result


def _outcome_jobs_per_question(work: Plan) -> dict[tuple[str, str, str, str], int]:
    """How many outcome jobs each dispute's question waits for before its verdict is whole."""
    return {q: len([j for j in work.outcome_jobs if _question(j) == q])
            for q in work.questions}


def _theorems_report(games: list[str], profiles: list[Profile],
                     rows: list[Row]) -> dict[str, Any]:
    """The report's theorem part: what it was made from, every row, and the verdicts
    counted."""
    return {
        "inputs": inputs_digest(), "games": list(games),
        "profiles": [p.id for p in profiles], "results": [r.as_json() for r in rows],
        "proved": sum(r.verdict == "proved" for r in rows),
        "refuted": sum(r.verdict == "refuted" for r in rows),
        "unknown": sum(r.verdict == "unknown" for r in rows)}


def _add_sources(result: Verification, work: Plan, done: dict[Job, Done],
                 games: list[str]) -> None:
    """The source checks and the disputes, gathered from their finished jobs in report
    order, put in ``result`` and its report's source section."""
    result.consistency = [r for j in work.source_jobs for r in done[j].result]
    ordered = {q: [o for j in work.outcome_jobs if _question(j) == q for o in done[j].result]
               for q in work.questions}
    result.disputes = assemble_disputes(work.questions, ordered)
    result.report["sources"] = source_section(games, result.consistency, result.disputes)


SEAL = "seal"
"""The report's own digest: the SHA-256 of its canonical JSON without this field."""


def _content_digest(report: dict[str, Any]) -> str:
    import hashlib
    import json

    content = {k: v for k, v in report.items() if k != SEAL}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def seal(report: dict[str, Any]) -> None:
    """Set the report's seal to the digest of what it now holds (a report edited after
    ``verify`` wrote it no longer matches, and is refused rather than half read)."""
    report[SEAL] = _content_digest(report)


def seal_holds(report: dict[str, Any]) -> bool:
    """Whether ``report`` is what ``verify`` wrote: its seal matches its content."""
    return report.get(SEAL) == _content_digest(report)


def _question(job: Job) -> tuple[str, str, str, str]:
    return job.game, job.parameter, job.a, job.b
