"""The units of verify work: one theorem on one shipped profile, one theorem on one source
profile (every combination of the readings it needs concrete), or one group of kinds of
outcome of one dispute. Each is a pure function of the rule data and code, run in a fresh Z3
context, so its result does not depend on the process that runs it or on what ran before.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, Any, Literal

from trickrules.proofs.smt.solver import fresh_context
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile
from trickrules.spec.registry import family_of

if TYPE_CHECKING:
    from pathlib import Path

    from trickrules.proofs.disputes import DisputeBook, GroupSettler
    from trickrules.proofs.divergence import Outcome, Question, Reads
    from trickrules.proofs.verify.cache import ResultCache

JobKind = Literal["theorem", "source", "outcome"]


@dataclass(frozen=True)
class Job:
    """One unit of work, named by plain strings (it crosses process boundaries)."""

    kind: JobKind
    game: str
    profile: str = ""
    theorem: str = ""
    parameter: str = ""
    a: str = ""
    b: str = ""
    outcome: str = ""

    @property
    def key(self) -> str:
        """The job's identity, part of its cache key."""
        return "|".join((self.kind, self.game, self.profile, self.theorem, self.parameter,
                         self.a, self.b, self.outcome))

    @property
    def label(self) -> str:
        """A short readable name for progress lines."""
        if self.kind == "outcome":
            return f"{self.game}/{self.parameter}/{self.a}-vs-{self.b} {self.outcome}"
        return f"{self.profile} {self.theorem}"


@dataclass(frozen=True)
class Plan:
    """What one verification runs."""

    theorem_jobs: tuple[Job, ...]
    source_jobs: tuple[Job, ...]
    questions: tuple[tuple[str, str, str, str], ...]
    """(game, parameter, a, b) of every dispute, in report order."""
    outcome_jobs: tuple[Job, ...]

    @property
    def jobs(self) -> tuple[Job, ...]:
        """Every job of the plan."""
        return (*self.theorem_jobs, *self.source_jobs, *self.outcome_jobs)


def plan(catalogue: Catalogue, games: list[str], profiles: list[Profile],
         with_sources: bool) -> Plan:
    """The jobs of a verification: every theorem on ``profiles`` and, ``with_sources``, every
    consistency theorem on each source profile of ``games`` and every outcome kind of every
    dispute they raise."""
    from trickrules.proofs.kit import kit_for_game, sources_verified

    theorem_jobs = tuple(Job("theorem", p.game.id, p.id, t.id)
                         for p in profiles for t in kit_for_game(p.game.id).theorems)
    if not with_sources:
        return Plan(theorem_jobs, (), (), ())
    read = [g for g in games if sources_verified(g)]
    source_jobs = _source_jobs(read)
    questions = _dispute_questions(read)
    return Plan(theorem_jobs, source_jobs, questions, _outcome_jobs(questions))


def _source_jobs(games: list[str]) -> tuple[Job, ...]:
    """A job for every consistency theorem on every source profile of ``games`` (the games
    whose sources are verified)."""
    from trickrules.proofs.kit import consistency_theorems
    from trickrules.spec.source_profiles import source_profiles

    return tuple(Job("source", p.game.id, p.id, t.id)
                 for game in games
                 for p in source_profiles(_catalogue(game)).values() if p.game.id == game
                 for t in consistency_theorems(family_of(p.game.id)))


def _dispute_questions(games: list[str]) -> tuple[tuple[str, str, str, str], ...]:
    """(game, parameter, a, b) of every dispute the sources of ``games`` raise, in report
    order."""
    from trickrules.proofs.disputes import dispute_questions

    return tuple((game, *q) for game in games
                 for q in dispute_questions(_catalogue(game), game))


def _outcome_jobs(questions: tuple[tuple[str, str, str, str], ...]) -> tuple[Job, ...]:
    """A job for every group of kinds of outcome of every dispute's question."""
    from trickrules.proofs.kit import kit_for_game

    return tuple(Job("outcome", game, "", "", parameter, a, b, "+".join(group))
                 for game, parameter, a, b in questions
                 for group in kit_for_game(game).groups)


def _catalogue(game: str) -> Catalogue:
    from trickrules.spec.loader import game_catalogue

    return game_catalogue(game)


@cache
def _source_profile(game: str, profile_id: str) -> Profile:
    from trickrules.spec.source_profiles import source_profiles

    return source_profiles(_catalogue(game))[profile_id]


VERDICTS = ("proved", "refuted", "unknown")


def _is_row(row: Any) -> bool:
    from trickrules.proofs.verify.rows import Row

    return (isinstance(row, Row) and row.verdict in VERDICTS and row.expect in VERDICTS
            and isinstance(row.seconds, (int, float)) and isinstance(row.witness, dict)
            and (row.replay is None or isinstance(row.replay, dict)))


def is_result_of(job: Job, result: Any) -> bool:
    """Whether ``result`` has the shape of what :func:`execute` returns for ``job`` (a cached
    entry that does not is ignored and the job run again)."""
    if job.kind == "theorem":
        return _is_row(result) and result.theorem == job.theorem \
            and result.profile == job.profile
    if not isinstance(result, list):
        return False
    if job.kind == "source":
        return _is_source_result(result)
    return _is_outcome_result(job, result)


def _is_source_result(result: list[Any]) -> bool:
    """Whether ``result`` is a source job's: a row of the source check for each combination
    of readings, with its theorem row when the check ran."""
    from trickrules.proofs.verify.source_checks import SourceRow

    return all(isinstance(r, SourceRow) and (r.row is None or _is_row(r.row))
               and isinstance(r.readings, dict) for r in result)


def _is_outcome_result(job: Job, result: list[Any]) -> bool:
    """Whether ``result`` is an outcome job's: one outcome with a verdict for each kind of
    its group, in the group's order."""
    from trickrules.proofs.divergence import Outcome

    return ([getattr(o, "kind", None) for o in result] == job.outcome.split("+")
            and all(isinstance(o, Outcome) and o.verdict in VERDICTS for o in result))


def execute(job: Job) -> Any:
    """Run one job in a fresh Z3 context: a :class:`~trickrules.proofs.verify.rows.Row`, a list of
    :class:`~trickrules.proofs.verify.source_checks.SourceRow`, or the
    :class:`~trickrules.proofs.divergence.Outcome` of each kind of its group. A fault inside the job
    (an assertion of the model, an engine exception) is that job's finding, not the end of the
    run: its result is ``unknown`` (never ok), naming the fault."""
    fresh_context()
    try:
        return _execute(job)
    except Exception as exc:  # a fault of the rules' encodings, reported as a finding
        return faulted(job, f"{type(exc).__name__}: {exc}")


def faulted(job: Job, fault: str) -> Any:
    """The result of ``job`` when it raised ``fault``: unknown, with the fault as its
    witness or error."""
    from trickrules.proofs.divergence import Outcome
    from trickrules.proofs.verify.rows import Row
    from trickrules.proofs.verify.source_checks import SourceRow

    said = f"the check raised {fault}"
    if job.kind == "theorem":
        return Row(job.profile, job.theorem, said, "unknown", 0.0, {"fault": fault})
    if job.kind == "source":
        return [SourceRow(Row(job.profile, job.theorem, said, "unknown", 0.0, {"fault": fault}),
                          job.profile, job.theorem, {})]
    return [Outcome(kind, "unknown", 0.0, said, error=said) for kind in job.outcome.split("+")]


def is_fault(result: Any) -> bool:
    """Whether ``result`` is what :func:`faulted` makes (asking again would raise again)."""
    items = result if isinstance(result, list) else [result]
    for item in items:
        witness = getattr(getattr(item, "row", item), "witness", None)
        if isinstance(witness, dict) and "fault" in witness:
            return True
        if str(getattr(item, "error", "")).startswith("the check raised "):
            return True
    return False


def _execute(job: Job) -> Any:
    if job.kind == "theorem":
        from trickrules.proofs.kit import kit_for_game
        from trickrules.proofs.verify.rows import run_theorems

        theorem = next(t for t in kit_for_game(job.game).theorems if t.id == job.theorem)
        return run_theorems([_catalogue(job.game).profile(job.profile)], (theorem,))[0]
    if job.kind == "source":
        from trickrules.proofs.kit import consistency_theorems
        from trickrules.proofs.verify.source_checks import check_source_profile

        chosen = tuple(t for t in consistency_theorems(family_of(job.game))
                       if t.id == job.theorem)
        return check_source_profile(_source_profile(job.game, job.profile), chosen)
    return _outcome(job)


_READS: dict[tuple[str, str], frozenset[str]] = {}


def _outcome(job: Job) -> Any:
    from trickrules.proofs.divergence import Question, settle_afresh
    from trickrules.proofs.kit import group_kinds

    base = _catalogue(job.game).default_profile(job.game)
    return settle_afresh(group_kinds(job.game, job.outcome.split("+")),
                         Question(base, job.parameter, job.a, job.b), _READS)


def cached_settler(results: ResultCache) -> GroupSettler:
    """A :data:`~trickrules.proofs.disputes.GroupSettler` that answers a group of a dispute about
    the shipped rules from ``verify``'s result cache (the same job, the same key), and settles and
    stores it otherwise; a dispute about other rules is always settled afresh."""
    from trickrules.proofs.disputes import settle_group

    def settle(game: str, question: Question, group: Sequence[str],
               reads: Reads) -> list[Outcome]:
        if question.base != _catalogue(game).default_profile(game):
            return settle_group(game, question, group, reads)
        job = Job("outcome", game, "", "", question.parameter, question.a, question.b,
                  "+".join(group))
        hit = results.get(job.key, partial(is_result_of, job))
        if hit is not None:
            found: list[Outcome] = hit
            return found
        result = settle_group(game, question, group, reads)
        if all(o.verdict != "unknown" for o in result):  # an unknown is never kept
            with contextlib.suppress(OSError):  # a cache that cannot be written only costs time
                results.put(job.key, result)
        return result

    return settle


def cached_book(catalogue: Catalogue, directory: Path) -> DisputeBook:
    """A dispute book that takes what ``verify`` already settled from its result cache in
    ``directory`` (the same job, the same key), and stores what it settles for the next."""
    from trickrules.proofs.disputes import DisputeBook
    from trickrules.proofs.verify.cache import ResultCache, environment_digest, inputs_digest

    cache = ResultCache(directory, environment_digest(inputs_digest()))
    return DisputeBook(catalogue, cached_settler(cache))
