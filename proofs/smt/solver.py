"""Thin typed helpers around Z3: one place for symbolic names, fixed seeds, resource limits,
and the three verdicts (proved, refuted with a witness, unknown)."""

from __future__ import annotations

import time

import z3

from trickrules.proofs.result import Result as Result
from trickrules.proofs.result import Verdict as Verdict

SEED = 20261122
RLIMIT = 20_000_000



class Names:
    """The only place symbolic names are made: ``<scope>!<name>``, unique per scope."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        self._made: set[str] = set()

    def _name(self, name: str) -> str:
        full = f"{self.scope}!{name}"
        if full in self._made:
            raise ValueError(f"symbolic name {full!r} made twice")
        self._made.add(full)
        return full

    def child(self, part: str) -> Names:
        """Names in a sub-scope (for a second structure of the same shape)."""
        return Names(f"{self.scope}/{part}")

    def int(self, name: str) -> z3.ArithRef:
        """A fresh integer."""
        return z3.Int(self._name(name))

    def bool(self, name: str) -> z3.BoolRef:
        """A fresh Boolean."""
        return z3.Bool(self._name(name))


RETRY_FACTOR = 10
"""An ``unknown`` (Z3 reports a spent resource limit as ``canceled`` or ``max. resource limit
exceeded``) is asked once more with this many times the limit:
Z3's search depends on the terms built before it in the process, so a query that fits the
limit alone can run out of it late in a long run."""


def fresh_context() -> None:
    """Start a new Z3 context for the terms built from here on.

    Z3's answers (which witness a satisfiable query yields, whether a hard one fits the
    resource limit) depend on the terms built before in the same context, so each unit of
    verify work starts from a fresh one: its results are then the same whichever process runs
    it and whatever ran there before. Terms of the old context must not be used after this.
    """
    z3.z3._main_ctx = None
    _SETTLED_BY[0] = "core"


TUNING = {"smt.arith.solver": 2, "smt.relevancy": 0}
"""Solver settings measured faster on this project's queries (situations of play: many
Booleans, pseudo-Boolean card counts, small integer arithmetic): the older arithmetic solver
and no relevancy filtering settle the disputes about a quarter faster. Fixed, so a run's
answers repeat like its seed."""


def make_solver(rlimit: int = RLIMIT) -> z3.Solver:
    """A solver with the project's fixed seed and resource limit, so results repeat."""
    solver = z3.Solver()
    solver.set("random_seed", SEED)
    solver.set("rlimit", rlimit)
    for name, value in TUNING.items():
        solver.set(name, value)
    return solver


def prove(claim: z3.BoolRef, assumptions: list[z3.BoolRef]) -> Result:
    """Prove ``claim`` under ``assumptions``: unsat negation is proved, sat is refuted (with the
    model), anything else is unknown and never counted as proved."""
    start = time.perf_counter()
    query = [*(z3.BoolVal(x) if isinstance(x, bool) else x for x in assumptions), z3.Not(claim)]
    answer, solver = _settle(query)
    seconds = time.perf_counter() - start
    if answer == z3.unsat:
        return Result("proved", seconds)
    if answer == z3.sat:
        model = solver.model()
        if model.ctx != query[-1].ctx:  # the core's model, the default solver gave none
            model = model.translate(query[-1].ctx)
        return Result("refuted", seconds, model)
    return Result("unknown", seconds, reason=solver.reason_unknown())


CORE_RLIMIT = RLIMIT // 4
"""The resource limit of the first attempt of :func:`_settle`."""
_SETTLED_BY = ["core"]
"""How the last claim of the job was settled (reset by :func:`fresh_context`)."""


def _settle(query: list[z3.BoolRef]) -> tuple[z3.CheckSatResult, z3.Solver]:
    """Whether ``query`` is satisfiable, and the solver that says so.

    Z3's incremental core alone settles most of this project's claims (points of play,
    unrolled auctions) several times faster than its default solver, whose preprocessing
    tactics cost more than they save on them; a few claims need those tactics. So the core is
    asked first, with :data:`CORE_RLIMIT`, then the default solver, unless the job's last
    claim was settled by the default solver (a job's claims come in families: one per reading
    or case). A satisfiable query's model is the default solver's wherever it gives one, so a
    witness does not depend on the order of the attempts. Then the larger limit."""
    ways = ("core", "default") if _SETTLED_BY[0] == "core" else ("default", "core")
    for way in ways:
        answer, solver = _core(query) if way == "core" else _default(query, RLIMIT)
        if answer == z3.unknown:
            continue
        if answer == z3.sat and way == "core":
            found, default = _default(query, RLIMIT)
            way, solver = ("default", default) if found == z3.sat else (way, solver)
        _SETTLED_BY[0] = way
        return answer, solver
    return _default(query, RLIMIT * RETRY_FACTOR)


def _default(query: list[z3.BoolRef], rlimit: int) -> tuple[z3.CheckSatResult, z3.Solver]:
    solver = make_solver(rlimit)
    solver.add(*query)
    return solver.check(), solver


def _core(query: list[z3.BoolRef]) -> tuple[z3.CheckSatResult, z3.Solver]:
    """``query`` asked of Z3's incremental core alone, on a copy of it in a context of its
    own, so that what the core leaves behind does not change the default solver's answers
    in the job's context."""
    context = z3.Context()
    solver = z3.Solver(ctx=context)
    solver.set("random_seed", SEED)
    solver.set("rlimit", CORE_RLIMIT)
    for name, value in TUNING.items():
        solver.set(name, value)
    solver.set("ignore_solver1", True)
    solver.add(*[term.translate(context) for term in query])
    return solver.check(), solver
