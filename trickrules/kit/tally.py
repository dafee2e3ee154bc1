"""What a run of the suite against an engine records: each failure, each rule's passes and
failures with its smallest failing case, and the whole run's counts; and how the failures are
charged to rules once the run is whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trickrules.kit.charges import cover


@dataclass
class Failure:
    """One vector the engine got wrong under one profile."""

    vector: dict[str, Any]
    profile: str
    rules: list[str]
    reason: str
    got: Any = None
    detail: str = ""
    rests_on: list[list[str]] = field(default_factory=list)
    """For each differing card, the rank orders its legality rests on (empty when some card
    rests on none): the failure goes to those orders if they fail on their own."""
    readings: list[tuple[str, str]] | None = None
    """For a wrong answer: the house readings under which it is the reference answer (empty
    when none is); None for other failures (an engine problem, a perft count)."""

    def as_json(self) -> dict[str, Any]:
        """The failure as JSON data (the vector's request and expectation included)."""
        return {"vector": self.vector["id"], "profile": self.profile, "rules": self.rules,
                "reason": self.reason, "size": self.vector["size"],
                "request": {"op": self.vector["op"], **self.vector["request"]},
                "expected": self.vector["expect"], "got": self.got, "detail": self.detail}


@dataclass
class RuleTally:
    """Passes and failures charged to one rule, with its smallest failing case."""

    passed: int = 0
    failed: int = 0
    smallest: Failure | None = None


@dataclass
class Run:
    """The outcome of a whole run."""

    engine: str
    profiles: list[str]
    timeout: float
    vectors: int = 0
    passed: int = 0
    failures: list[Failure] = field(default_factory=list)
    rules: dict[str, RuleTally] = field(default_factory=dict)
    problems: dict[str, int] = field(default_factory=dict)
    causes: dict[str, str] = field(default_factory=dict)
    """The first detail of each kind of engine problem (an exit status, the engine's last
    standard-error lines, a command not found), so the summary names the cause."""
    groups: dict[str, list[int]] = field(default_factory=dict)
    ops: dict[str, list[int]] = field(default_factory=dict)
    starts: int = 0
    seconds: float = 0.0
    pending: list[Failure] = field(default_factory=list)
    unsupported: dict[str, int] = field(default_factory=dict)
    """Questions the engine does not answer, by type (its ``unsupported`` reply, or a type
    its hello leaves out): counted apart, never a failure."""
    only: list[str] | None = None
    """The question types asked (``--only``), or None for every type."""
    fitted: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per parameter, the house readings that reproduced a wrong answer, and how often."""
    no_fit: int = 0
    """Wrong answers no reading of the rules gives."""
    reference_differs: list[str] = field(default_factory=list)
    """The vectors on which this product's own reference answers otherwise than the suite
    (a stale suite, or a reference engine gone wrong): their failures are charged to no rule
    and no reading, since the reference that would charge them is not the suite's."""

    @property
    def ok(self) -> bool:
        """Every vector passed."""
        return not self.failures and self.vectors > 0

    @property
    def nothing_asked(self) -> bool:
        """No vector was asked and nothing went wrong: the question types ``--only`` names
        have no vector under these profiles, or the engine's hello leaves every one out."""
        return self.vectors == 0 and not self.failures and not self.problems

    def failing_rules(self) -> list[str]:
        """The rules charged with at least one failure."""
        return sorted(r for r, t in self.rules.items() if t.failed)

    def as_json(self) -> dict[str, Any]:
        """The run as JSON data."""
        return {
            "engine": self.engine, "profiles": self.profiles, "timeout": self.timeout,
            "ok": self.ok, "nothing_asked": self.nothing_asked, "vectors": self.vectors,
            "passed": self.passed,
            "failed": len(self.failures), "groups": {
                g: {"passed": p, "failed": f} for g, (p, f) in sorted(self.groups.items())},
            "ops": {o: {"passed": p, "failed": f} for o, (p, f) in sorted(self.ops.items())},
            "problems": dict(sorted(self.problems.items())),
            "problem_causes": dict(sorted(self.causes.items())), "engine_starts": self.starts,
            "unsupported": dict(sorted(self.unsupported.items())), "only": self.only,
            "answers_fit": {p: dict(sorted(r.items())) for p, r in sorted(self.fitted.items())},
            "no_reading_fits": self.no_fit, "reference_differs": self.reference_differs,
            "seconds": round(self.seconds, 1),
            "rules": {r: {"passed": t.passed, "failed": t.failed,
                          "smallest": t.smallest.as_json() if t.smallest else None}
                      for r, t in sorted(self.rules.items())}}


def charge(run: Run, failure: Failure) -> None:
    """Count ``failure`` against each of its rules (none for a failure on a vector the
    reference answers otherwise)."""
    for rule in failure.rules:
        tally = run.rules.setdefault(rule, RuleTally())
        tally.failed += 1
        if tally.smallest is None or _smaller(failure, tally.smallest):
            tally.smallest = failure


def settle(run: Run) -> None:
    """Charge every failure once the run is whole: each wrong answer that house readings
    reproduce to the fewest readings that explain them all (:func:`cover`); a legal card that
    rests on rank orders to those orders when each also failed on its own under the same
    profile; everything else as judged."""
    _cover_readings(run.failures)
    _count_fits(run)
    alone = _failing_alone(run.failures)
    for failure in run.pending:
        _charge_to_orders(failure, alone.get(failure.profile, set()))
        charge(run, failure)
    run.pending.clear()


def _cover_readings(failures: list[Failure]) -> None:
    """Per profile, keep on each reproduced wrong answer only the fewest house readings that
    explain every such answer, and charge it to their parameters."""
    by_profile: dict[str, list[Failure]] = {}
    for failure in failures:
        if failure.readings:
            by_profile.setdefault(failure.profile, []).append(failure)
    for same_profile in by_profile.values():
        chosen = cover([f.readings or [] for f in same_profile])
        for failure in same_profile:
            failure.readings = [r for r in failure.readings or [] if r in chosen]
            failure.rules = sorted({p for p, _ in failure.readings})


def _count_fits(run: Run) -> None:
    """Count, per parameter, how often each house reading reproduced a wrong answer."""
    for failure in run.failures:
        for parameter, reading in failure.readings or []:
            fits = run.fitted.setdefault(parameter, {})
            fits[reading] = fits.get(reading, 0) + 1


def _failing_alone(failures: list[Failure]) -> dict[str, set[str]]:
    """Per profile, the rules charged with a failure that rests on no rank order."""
    alone: dict[str, set[str]] = {}
    for failure in failures:
        if not failure.rests_on:
            alone.setdefault(failure.profile, set()).update(failure.rules)
    return alone


def _charge_to_orders(failure: Failure, failing: set[str]) -> None:
    """Charge a legal card that rests on rank orders to those orders, noting why, when each
    of them also fails on its own (``failing``) under the same profile."""
    if failure.rests_on and all(failing.intersection(o) for o in failure.rests_on):
        orders = sorted({r for o in failure.rests_on for r in failing.intersection(o)})
        note = (f"the legality rests on {', '.join(orders)}, which the engine also gets "
                f"wrong on its own")
        failure.detail = f"{failure.detail}; {note}" if failure.detail else note
        failure.rules = orders


def _smaller(a: Failure, b: Failure) -> bool:
    """Whether ``a`` is a smaller failing case than ``b`` (by its vector's size, then id)."""
    return (a.vector["size"], a.vector["id"]) < (b.vector["size"], b.vector["id"])
