"""Differences between two Baloot readings in which side's projects score: two projects held
by players of opposite sides, compared by level, trump, top card and declaration order
(``project.hundred-order``, ``project.tie-break``, ``project.declaration-order``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.proofs.baloot import projects as pj
from trickrules.proofs.baloot.examples import engines
from trickrules.proofs.baloot.model import NO_TRUMP
from trickrules.proofs.divergence import (
    Built,
    Dual,
    Found,
    Outcome,
    Question,
    number,
    replayed,
    truth,
)
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.solver import Names

LENGTH = {pj.SIRA: 3, pj.FIFTY: 4, pj.HUNDRED: 5}
ENGINE_KIND = {pj.SIRA: "sira", pj.FIFTY: "fifty", pj.HUNDRED: "hundred",
               pj.FOUR_HUNDRED: "four-hundred"}


@dataclass
class Held:
    """One symbolic project and the seat that declares it."""

    seat: z3.ArithRef
    kind: z3.ArithRef
    run: z3.BoolRef
    top: z3.ArithRef
    suit: z3.ArithRef


def held(names: Names, tag: str) -> Held:
    return Held(names.int(f"{tag}-seat"), names.int(f"{tag}-kind"), names.bool(f"{tag}-run"),
                 names.int(f"{tag}-top"), names.int(f"{tag}-suit"))


def valid(p: Held, trump: z3.ArithRef) -> list[Any]:
    """A project a hand can hold: a run of 3, 4 or 5 in one suit, four 10s to Ks (or Aces: a
    100 in Hokom, a 400 in Sun)."""
    length = z3.If(p.kind == pj.SIRA, 3, z3.If(p.kind == pj.FIFTY, 4, 5))
    return [p.seat >= 0, p.seat <= 3, p.suit >= 0, p.suit <= 3, p.top >= 0, p.top <= 7,
            z3.Or([p.kind == k for k in (pj.SIRA, pj.FIFTY, pj.HUNDRED, pj.FOUR_HUNDRED)]),
            z3.Implies(p.run, z3.And(p.kind != pj.FOUR_HUNDRED, p.top >= length - 1)),
            z3.Implies(z3.Not(p.run), z3.And(p.suit == 0, z3.Or(
                z3.And(p.kind == pj.HUNDRED, p.top >= 3, p.top <= 6),
                z3.And(p.kind == pj.HUNDRED, p.top == 7, trump != NO_TRUMP),
                z3.And(p.kind == pj.FOUR_HUNDRED, p.top == 7, trump == NO_TRUMP))))]


def project_cards(p: Held) -> list[Any]:
    """For each card id (suit*8 + rank), whether the project uses it."""
    length = z3.If(p.kind == pj.SIRA, 3, z3.If(p.kind == pj.FIFTY, 4, 5))
    out = []
    for c in range(32):
        s, r = c // 8, c % 8
        in_run = z3.And(p.run, p.suit == s, r <= p.top, r > p.top - length)
        out.append(z3.Or(in_run, z3.And(z3.Not(p.run), p.top == r)))
    return out


def engine_project(m: z3.ModelRef, h: Held, seat: int) -> Any:
    """The engine's project for a symbolic one under a model, held by ``seat``."""
    from trickrules.engine.baloot.projects import Project

    kind, top, run, suit = number(m, h.kind), number(m, h.top), truth(m, h.run), number(m, h.suit)
    cards = ([suit * 8 + r for r in range(top - LENGTH[kind] + 1, top + 1)] if run
             else [s * 8 + top for s in range(4)])
    return Project(ENGINE_KIND[kind], sum(1 << c for c in cards), top, suit if run else None,
                   seat)


def _place(sp: Any, seat: Any, leader: Any, declarer: Any) -> Any:
    """The seat's place in the declaration order (``project.declaration-order``)."""
    return z3.If(t.lift(sp.is_("project.declaration-order", "play-order")),
                 (seat - leader + 4) % 4, (declarer - seat + 4) % 4)


def _scoring_side(sp: Any, p: Held, q: Held, trump: Any, leader: Any, declarer: Any) -> Any:
    def project(h: Held) -> pj.Project:
        return pj.Project(h.kind, h.run, h.top, z3.And(h.run, h.suit == trump),
                          _place(sp, h.seat, leader, declarer))

    a, b = project(p), project(q)
    up, down = t.lift(pj.higher(sp, a, b)), t.lift(pj.higher(sp, b, a))
    return z3.If(up, p.seat % 2, z3.If(down, q.seat % 2, -1))


@dataclass(frozen=True)
class ProjectComparison:
    """The side whose projects score when two players of opposite sides declare one each."""

    name: str = "projects"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """Two valid projects sharing no card, on opposite sides; the key prefers low kinds."""
        p, q = held(names, "p"), held(names, "q")
        trump, leader, declarer = names.int("trump"), names.int("leader"), names.int("declarer")
        setting = [trump >= NO_TRUMP, trump <= 3, leader >= 0, leader <= 3, declarer >= 0,
                   declarer <= 3, p.seat % 2 == 0, q.seat % 2 == 1,
                   *valid(p, trump), *valid(q, trump),
                   z3.Not(z3.Or([z3.And(x, y) for x, y in zip(project_cards(p), project_cards(q),
                                                              strict=True)]))]
        sa = _scoring_side(d.a, p, q, trump, leader, declarer)
        sb = _scoring_side(d.b, p, q, trump, leader, declarer)
        key = (p.kind + q.kind) * 100 + p.top + q.top
        return [Built([*setting, sa != sb], key, (p, q, trump, leader, declarer, sa, sb))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The scoring side by the model and by the engine's ``scoring_team``, each seat's
        place in the declaration order taken as the engine's hand takes it."""
        p, q, trump_t, leader_t, declarer_t, sa, sb = found.data
        m = found.model
        trump, leader, declarer = (number(m, trump_t), number(m, leader_t),
                                   number(m, declarer_t))
        projects = [engine_project(m, h, number(m, h.seat)) for h in (p, q)]
        model = {"a": number(m, sa), "b": number(m, sb)}
        witness = {"contract": "sun" if trump == NO_TRUMP else "hokom", "trump": trump,
                   "leader": leader, "declarer": declarer,
                   "projects": [{"seat": x.seat, "kind": x.kind, "top": x.top, "suit": x.suit}
                                for x in projects]}
        return replayed(self.name, model, engines(self.name, witness, found), witness)
