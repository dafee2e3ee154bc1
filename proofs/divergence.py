"""Does one parameter's reading change the game? Two copies of the rules, identical but for one
parameter, asked whether any reachable point of play gives a different outcome.

A :class:`Question` names a base profile, a parameter and two of its readings. Every other
parameter is shared by both copies: first held at the base profile's readings, then (only if
no difference appears there) left open over every reading, so an answer of *proved* means the
difference never matters under any setting of the other rules. A difference found is a
*witness*: the earliest point (fewest finished tricks, then fewest cards of the trick down,
or the shortest auction, the lowest bid or score), decoded into concrete facts, replayed in
the engine under both readings, and accepted only if the engine gives the outcomes the model
predicts for each reading and those outcomes differ.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import z3

from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import (
    RETRY_FACTOR,
    RLIMIT,
    Names,
    Verdict,
    fresh_context,
    make_solver,
)
from trickrules.proofs.smt.terms import Bool, Int, known
from trickrules.spec.model import Profile

T = TypeVar("T")


@dataclass(frozen=True)
class Question:
    """Does changing ``parameter`` from reading ``a`` to reading ``b`` change any outcome, the
    other parameters shared (at ``base``'s readings, or open)?"""

    base: Profile
    parameter: str
    a: str
    b: str

    @property
    def players(self) -> int:
        """Seats in the game."""
        return self.base.game.players


@dataclass
class Dual:
    """Both copies of the rules: ``a`` and ``b`` share every variable but the parameter's."""

    a: SymbolicProfile
    b: SymbolicProfile
    parameter: str
    open_context: bool
    memo: dict[Any, Any] = field(default_factory=dict)
    """Structures built on this dual, shared by the kinds of outcome settled together."""

    def once(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, built once per dual under ``key`` and shared by the kinds of outcome
        settled together (the situations of play)."""
        if key not in self.memo:
            self.memo[key] = make()
        built: T = self.memo[key]
        return built

    def constraints(self) -> list[z3.BoolRef]:
        """The readings each copy allows."""
        return [*self.a.constraints(), *self.b.constraints()]

    def profile(self, model: z3.ModelRef, side: str) -> Profile:
        """The concrete profile of one side under a model: its reading of the parameter and
        the model's readings of every shared parameter."""
        sp = self.a if side == "a" else self.b
        values = {pid: sp.reading_of(model, pid) for pid in sp.parameters}
        base = sp.profile
        return base.derive(f"{base.id}[{self.parameter}={values[self.parameter]}]", values)

    def deviation(self) -> z3.ArithRef:
        """How many shared parameters differ from the base profile's reading (a witness in an
        opened context departs from the base rules as little as it can)."""
        return z3.Sum([z3.If(at, 0, 1) for at in self._at_base()])

    def departs_at_most(self, count: int) -> z3.BoolRef:
        """At most ``count`` shared parameters differ from the base profile's reading: the
        bound on :meth:`deviation` as a cardinality constraint, which the solver propagates
        reading by reading (as an arithmetic sum it settles the search twice as slowly)."""
        return z3.AtMost(*[z3.Not(at) for at in self._at_base()], count)

    def _at_base(self) -> list[z3.BoolRef]:
        """For each shared parameter, whether it takes the base profile's reading."""
        base, sp = self.a.profile, self.a
        return [z3.Or([sp.vars[pid] == sp.parameters[pid].reading_ids.index(r)
                       for r in base.values[pid]])
                for pid in sp.parameters if pid != self.parameter]

    def context(self, model: z3.ModelRef) -> dict[str, str]:
        """Shared readings the model chose that differ from the base profile's."""
        out = {}
        for pid in self.a.parameters:
            if pid == self.parameter:
                continue
            reading = self.a.reading_of(model, pid)
            if (reading,) != tuple(self.a.profile.values[pid]):
                out[pid] = reading
        return out


def dual(question: Question, names: Names, open_context: bool) -> Dual:
    """Two symbolic profiles for ``question``: the parameter pinned to ``a`` and ``b``; every
    other parameter shared, at the base readings or (``open_context``) any reading except the
    structural ones."""
    allowed: dict[str, tuple[str, ...]] = {}
    # the deal's shape is read concretely by the situation encodings: always the base's
    structural = question.base.concrete("deal")
    for pid, choice in question.base.values.items():
        parameter = question.base.parameters[pid]
        if pid == question.parameter:
            allowed[pid] = (question.a,)
        elif open_context and pid not in structural:
            allowed[pid] = parameter.reading_ids
        else:
            allowed[pid] = tuple(choice)
    a = SymbolicProfile(question.base, names, allowed)
    b = a.rebind(question.parameter, (question.b,), names)
    return Dual(a, b, question.parameter, open_context)


@dataclass
class Outcome:
    """One kind of outcome compared under both readings."""

    kind: str
    verdict: Verdict
    seconds: float
    how: str
    witness: dict[str, Any] | None = None
    context: dict[str, str] = field(default_factory=dict)
    model: dict[str, Any] = field(default_factory=dict)
    engine: dict[str, Any] = field(default_factory=dict)
    replayed: bool | None = None
    minimal: bool = True
    error: str = ""

    @property
    def ok(self) -> bool:
        """Settled: proved, or refuted with a witness the engine replays as predicted, the
        outcomes differing."""
        if self.verdict == "proved":
            return True
        return self.verdict == "refuted" and bool(self.replayed)

    def as_json(self) -> dict[str, Any]:
        """The outcome as JSON data."""
        out: dict[str, Any] = {"kind": self.kind, "verdict": self.verdict, "how": self.how,
                               "seconds": round(self.seconds, 3), "ok": self.ok}
        if self.verdict == "refuted":
            out.update(witness=self.witness, context=self.context, model=self.model,
                       engine=self.engine, replayed=self.replayed, minimal=self.minimal)
        if self.error:
            out["error"] = self.error
        return out


@dataclass
class Built:
    """One point to search: the constraints saying the outcomes differ there, the key to
    minimise (fewest finished tricks, lowest bid, ...), and what replay needs."""

    constraints: list[z3.BoolRef]
    key: z3.ArithRef
    data: Any


@dataclass
class Found:
    """A model showing a difference, the dual it was found with, and the point's data."""

    model: z3.ModelRef
    dual: Dual
    data: Any
    minimal: bool


class Kind(Protocol):
    """One kind of outcome: how to state a difference at each point, and how to replay it."""

    @property
    def name(self) -> str:
        """The outcome's id (``legal``, ``winner``, ...)."""

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The points to search, earliest first."""

    def replay(self, question: Question, found: Found) -> Outcome:
        """The witness in the engine under both readings, compared with the model."""


def core_solver(constraints: Sequence[z3.BoolRef]) -> z3.Solver:
    """A solver holding ``constraints`` that asks everything of Z3's incremental core: the
    points of play and auctions searched here are settled there several times faster than
    by the default solver (whose preprocessing tactics cost more than they save on them), and
    the core keeps what it learns from one check to the next, as a minimisation asks the
    same point again under a tighter bound."""
    solver = make_solver()
    solver.set("ignore_solver1", True)
    solver.add(*constraints)
    return solver


def ask(solver: z3.Solver, extra: Sequence[z3.BoolRef] = ()) -> z3.CheckSatResult:
    """``solver.check(*extra)`` with the resource limit, then once more with the larger
    limit if it ran out (see :data:`~trickrules.proofs.smt.solver.RETRY_FACTOR`)."""
    answer = solver.check(*extra)
    if answer == z3.unknown:
        solver.set("rlimit", RLIMIT * RETRY_FACTOR)
        answer = solver.check(*extra)
        solver.set("rlimit", RLIMIT)
    return answer


def minimise(solver: z3.Solver, key: z3.ArithRef,
             extra: Sequence[z3.BoolRef] = ()) -> tuple[z3.ModelRef | None, str, bool]:
    """A model of ``solver`` with the least ``key``: (model, answer, minimal). The answer is
    ``sat``, ``unsat`` or ``unknown: reason``; a model found before an unknown is kept (a real
    witness, perhaps not the least)."""
    answer = ask(solver, extra)
    if answer == z3.unknown:
        return None, f"unknown: {solver.reason_unknown()}", False
    if answer == z3.unsat:
        return None, "unsat", True
    best = solver.model()
    while True:
        bound = best.eval(key, model_completion=True)
        solver.set("rlimit", RLIMIT)
        answer = ask(solver, [*extra, key < bound])
        if answer == z3.sat:
            best = solver.model()
        else:
            return best, "sat", answer == z3.unsat


def first_model(solver: z3.Solver,
                extra: Sequence[z3.BoolRef] = ()) -> tuple[z3.ModelRef | None, str, bool]:
    """Any model of ``solver`` (not minimised): (model, answer, False)."""
    answer = ask(solver, extra)
    if answer == z3.unknown:
        return None, f"unknown: {solver.reason_unknown()}", False
    if answer == z3.unsat:
        return None, "unsat", True
    return solver.model(), "sat", False


def search(kind: Kind, question: Question, d: Dual, names: Names) -> Found | str:
    """The earliest difference on the dual ``d``: in the base context the least key over the
    points, ties going to the earlier point; in the opened context first the fewest other
    parameters departing from the base readings, then the least key. Returns a
    :class:`Found`, ``"unsat"``, or ``"unknown: reason"``.

    The opened context is first asked whether any difference exists at all: most outcomes
    that reach it have none, and that one question proves it (no bound on the departures to
    reason about); a difference found bounds the departures the least witness needs."""
    points = Points(d, kind.build(question, d, names))
    if not d.open_context:
        return points.least([])
    first = points.least([], minimise_key=False)
    if not isinstance(first, Found):
        return first  # no difference under any reading of the other parameters
    unknown = ""
    for limit in range(1, number(first.model, d.deviation()) + 1):
        found = points.least([d.departs_at_most(limit)])
        if isinstance(found, Found):
            found.minimal = found.minimal and not unknown
            return found
        if found != "unsat":
            unknown = found
    first.minimal = False  # a real difference, but the fewest departures are not known
    return first


class Points:
    """The points of one search on one dual, each with a solver of its own, made once and
    asked again under each bound the search tries (what it learned is kept)."""

    def __init__(self, d: Dual, points: list[Built]) -> None:
        self.dual = d
        self.points = points
        self.solvers: dict[int, z3.Solver] = {}

    def solver(self, index: int) -> z3.Solver:
        """The solver of point ``index``: both copies' readings and the point's constraints."""
        if index not in self.solvers:
            self.solvers[index] = core_solver(
                [*self.dual.constraints(), *self.points[index].constraints])
        return self.solvers[index]

    def least(self, bound: list[z3.BoolRef], minimise_key: bool = True) -> Found | str:
        """The least key over the points under the extra constraints ``bound`` (with
        ``minimise_key`` false, the first point that has any difference at all)."""
        best: Found | None = None
        best_key: z3.ArithRef | None = None
        unknown = ""
        for index, point in enumerate(self.points):
            extra = [*bound] if best_key is None else [*bound, point.key < best_key]
            solver = self.solver(index)
            if minimise_key:
                model, answer, minimal = minimise(solver, point.key, extra)
            else:
                model, answer, minimal = first_model(solver, extra)
            if model is not None:
                best = Found(model, self.dual, point.data, minimal and not unknown)
                best_key = model.eval(point.key, model_completion=True)
                if not minimise_key:
                    return best
            elif answer != "unsat":
                unknown = answer
                if best is not None:
                    best.minimal = False
        if best is not None:
            return best
        return unknown or "unsat"


Reads = dict[tuple[str, str], frozenset[str]]
UNREAD = "the rules for this outcome do not read the parameter"
"""How an outcome is proved the same when its encoding never reads the parameter."""


def reads(kind: Kind, base: Profile, cache: Reads | None = None) -> frozenset[str]:
    """The parameters the encoding of this kind of outcome reads (built once per profile and
    ``cache``)."""
    cache = {} if cache is None else cache
    key = (kind.name, base.id)
    if key not in cache:
        names = Names(f"reads:{kind.name}")
        pid = next(iter(base.values))
        reading = base.values[pid][0]
        d = dual(Question(base, pid, reading, reading), names, open_context=True)
        kind.build(Question(base, pid, reading, reading), d, names)
        cache[key] = frozenset(d.a.used)
    return cache[key]


def settle(kind: Kind, question: Question, cache: Reads | None = None) -> Outcome:
    """Whether the question's two readings ever give a different outcome of this kind: proved
    (never, or the encoding does not read the parameter), refuted with a replayed witness, or
    unknown. The context is first held at the base readings, then opened."""
    return settle_together((kind,), question, cache)[0]


def settle_afresh(kinds: Sequence[Kind], question: Question,
                  cache: Reads | None = None) -> list[Outcome]:
    """:func:`settle_together` in a fresh Z3 context (what each kind reads is found in a
    context of its own first), so the answer, witnesses included, is the same whatever ran
    before in the process: ``verify``, ``explain`` and ``diff`` give the same witnesses."""
    fresh_context()
    for kind in kinds:
        reads(kind, question.base, cache)
    fresh_context()
    return settle_together(kinds, question, cache)


def settle_together(kinds: Sequence[Kind], question: Question,
                    cache: Reads | None = None) -> list[Outcome]:
    """:func:`settle` for several kinds of outcome at once, on shared duals: what they build
    alike (the situations of play) is built once."""
    outcomes: dict[str, Outcome] = {}
    todo = []
    for kind in kinds:
        start = time.perf_counter()
        if question.parameter not in reads(kind, question.base, cache):
            outcomes[kind.name] = Outcome(kind.name, "proved", time.perf_counter() - start,
                                          UNREAD)
        else:
            todo.append(kind)
    spent = dict.fromkeys((k.name for k in todo), 0.0)
    group = "+".join(k.name for k in kinds)
    for open_context in (False, True):
        if not todo:
            break
        names = Names(f"diverge:{group}:{'open' if open_context else 'base'}")
        d = dual(question, names, open_context)
        for kind in list(todo):
            start = time.perf_counter()
            found = search(kind, question, d, names)
            if isinstance(found, Found):
                outcome = kind.replay(question, found)
                outcome.minimal = found.minimal
                outcome.context = found.dual.context(found.model)
            elif found != "unsat":
                outcome = Outcome(kind.name, "unknown", 0.0, "solver", error=found)
            else:
                spent[kind.name] += time.perf_counter() - start
                continue
            outcome.seconds = spent[kind.name] + time.perf_counter() - start
            outcomes[kind.name] = outcome
            todo.remove(kind)
    for kind in todo:
        outcomes[kind.name] = Outcome(
            kind.name, "proved", spent[kind.name],
            "solver: no difference under any reading of the other parameters")
    return [outcomes[k.name] for k in kinds]


def number(model: z3.ModelRef, term: Int) -> int:
    """An integer term's value in a model (a term folded to a constant is its own value)."""
    if known(term):
        return int(term)
    return int(model.eval(term, model_completion=True).as_long())


def truth(model: z3.ModelRef, term: Bool) -> bool:
    """A Boolean term's value in a model (a term folded to a constant is its own value)."""
    if isinstance(term, bool):
        return term
    return bool(z3.is_true(model.eval(term, model_completion=True)))


def replayed(kind: str, model: dict[str, Any], engine: dict[str, Any],
             witness: dict[str, Any], error: str = "") -> Outcome:
    """An outcome whose witness replays when the engine gives, under each reading, what the
    model predicts, and the two readings' outcomes differ."""
    agree = not error and engine == model and model.get("a") != model.get("b")
    if not error and not agree:
        error = ("engine and model disagree" if engine != model
                 else "the outcomes do not differ")
    return Outcome(kind, "refuted", 0.0, "solver", witness, model=model, engine=engine,
                   replayed=agree, error=error)
