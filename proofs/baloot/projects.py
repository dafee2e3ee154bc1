"""How two projects compare, as Z3 terms from ``spec/baloot/`` (``project.hundred-order``,
``project.tie-break``, ``project.values``).

A project is described by its kind (:data:`SIRA` 1, :data:`FIFTY` 2, :data:`HUNDRED` 3,
:data:`FOUR_HUNDRED` 5), whether it is a run, its top card's rank in the order of runs, whether
it is a run in the trump suit, and its holder's place in the declaration order (0 first).
"""

from __future__ import annotations

from dataclasses import dataclass

from proofs.smt import terms as t
from proofs.smt.parameters import SymbolicProfile

SIRA, FIFTY, HUNDRED, FOUR_HUNDRED = 1, 2, 3, 5
KIND_NAMES = {SIRA: "sira", FIFTY: "fifty", HUNDRED: "hundred", FOUR_HUNDRED: "four-hundred"}


@dataclass
class Project:
    """One declared project (any field may be symbolic)."""

    kind: t.Int
    run: t.Bool
    top: t.Int
    in_trump: t.Bool
    order: t.Int


def level(sp: SymbolicProfile, p: Project) -> t.Int:
    """Sira 1, 50 2, 100 3 (a run of five 4 under ``run-first``), 400 5."""
    run_first = t.And(p.run, sp.is_("project.hundred-order", "run-first"))
    return t.If(p.kind == HUNDRED, t.If(run_first, 4, 3), p.kind)


def higher(sp: SymbolicProfile, p: Project, q: Project) -> t.Bool:
    """Project ``p`` is higher than project ``q`` (``project.tie-break``)."""
    lp, lq = level(sp, p), level(sp, q)
    trump_first = sp.is_("project.tie-break", "trump-then-highest-card-then-first")
    neither = sp.is_("project.tie-break", "highest-card-then-neither")
    trump_p = t.And(trump_first, p.in_trump)
    trump_q = t.And(trump_first, q.in_trump)
    by_order = t.And(t.Not(neither), p.order < q.order)
    by_top = t.Or(p.top > q.top, t.And(p.top == q.top, by_order))
    by_trump = t.Or(t.And(trump_p, t.Not(trump_q)), t.And(trump_p == trump_q, by_top))
    return t.Or(lp > lq, t.And(lp == lq, by_trump))


def value(sp: SymbolicProfile, kind: t.Int, contract: t.Int) -> t.Int:
    """A project's game points in a contract (``project.values``; 0 where it does not count)."""
    from proofs.baloot.model import SUN, by_reading

    def make(name: str) -> t.Int:
        return by_reading(sp, "project.values",
                          lambda r: t.If(contract == SUN, r.number(f"{name}-sun"),
                                         r.number(f"{name}-hokom")))

    return t.If(kind == SIRA, make("sira"), t.If(kind == FIFTY, make("fifty"), t.If(
        kind == HUNDRED, make("hundred"), make("four-hundred"))))
