"""A reachable point of play as Z3 terms, from ``spec/baloot/``: every card in one place (a
hand, an earlier trick, the trick in progress), hand sizes matching the tricks played, and each
card of the trick legal when it was played. A witness decodes to concrete hands and a trick."""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from trickrules.proofs.baloot.model import CARDS, NO_TRUMP, card_name, legal, lock_binds
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.model import Profile

PLAYED, IN_TRICK = 4, 5
"""Places of a card beside the four hands."""


@dataclass
class Situation:
    """A symbolic situation with ``len(trick)`` cards of the trick down."""

    sp: SymbolicProfile
    trump: z3.ArithRef
    locked: z3.BoolRef
    declarer: z3.ArithRef
    leader: z3.ArithRef
    done: z3.ArithRef
    """Tricks already played."""
    place: list[z3.ArithRef]
    trick: list[z3.ArithRef]
    constraints: list[z3.BoolRef] = field(default_factory=list)

    @property
    def mover(self) -> z3.ArithRef:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    def hand(self, seat: t.Int) -> list[t.Bool]:
        """The cards ``seat`` holds now."""
        return [self.place[c] == seat for c in CARDS]

    def legal(self, card: t.Int) -> t.Bool:
        """The mover may play ``card``."""
        return legal(self.sp, self.hand(self.mover), self.trick, self.trump,
                     lock_binds(self.sp, self.locked, self.mover, self.declarer), card)

    def decode(self, model: z3.ModelRef) -> dict[str, object]:
        """The situation a model gives, in card notation."""
        def value(x: z3.ArithRef) -> int:
            return int(model.eval(x, model_completion=True).as_long())

        where = [value(p) for p in self.place]
        return {
            "contract": "sun" if value(self.trump) == NO_TRUMP else "hokom",
            "trump": value(self.trump), "locked": z3.is_true(model.eval(
                self.locked, model_completion=True)), "declarer": value(self.declarer),
            "leader": value(self.leader), "tricks done": value(self.done),
            "hands": {str(s): [card_name(c) for c in CARDS if where[c] == s] for s in range(4)},
            "trick": [card_name(value(c)) for c in self.trick]}


def situation(profile: Profile, names: Names, down: int,
              sp: SymbolicProfile | None = None) -> Situation:
    """A reachable situation of play with ``down`` cards of the trick played, under the rules
    ``sp`` (a fresh symbolic copy of ``profile`` when not given)."""
    sp = sp if sp is not None else SymbolicProfile(profile, names)
    s = Situation(sp, names.int("trump"), names.bool("locked"), names.int("declarer"),
                  names.int("leader"),
                  names.int("done"), [names.int(f"place{c}") for c in CARDS],
                  [names.int(f"trick{i}") for i in range(down)])
    cs = [*sp.constraints(), s.trump >= NO_TRUMP, s.trump <= 3,
          z3.Implies(s.trump == NO_TRUMP, z3.Not(s.locked)), s.leader >= 0, s.leader <= 3,
          s.declarer >= 0, s.declarer <= 1,
          s.done >= 0, s.done <= 7]
    cs += [z3.And(p >= 0, p <= IN_TRICK) for p in s.place]
    for i, card in enumerate(s.trick):
        cs += [card >= 0, card < 32,
               z3.Or([z3.And(card == c, s.place[c] == IN_TRICK) for c in CARDS])]
        if i:
            cs.append(z3.Distinct(*s.trick[:i + 1]))
    def count(where: int) -> z3.ArithRef:
        return z3.Sum([z3.If(p == where, 1, 0) for p in s.place])

    cs += [count(IN_TRICK) == down, count(PLAYED) == 4 * s.done]
    for seat in range(4):
        played = z3.Or([(s.leader + i) % 4 == seat for i in range(down)])
        cs.append(count(seat) == 8 - s.done - z3.If(played, 1, 0))
    s.constraints = cs + _trick_legal(s)
    return s


def _trick_legal(s: Situation) -> list[z3.BoolRef]:
    """Each card of the trick was legal when it was played, under the situation's rules."""
    out = []
    for i, card in enumerate(s.trick):
        player = (s.leader + i) % 4
        before = [z3.Or(s.place[c] == player, card == c) for c in CARDS]
        out.append(t.lift(legal(s.sp, before, s.trick[:i], s.trump,
                                lock_binds(s.sp, s.locked, player, s.declarer), card)))
    return out


def under(s: Situation, sp: SymbolicProfile) -> Situation:
    """The same cards read under other rules ``sp``: its constraints are only what the trick's
    legality under ``sp`` adds (the shared layout stays with the first)."""
    view = Situation(sp, s.trump, s.locked, s.declarer, s.leader, s.done, s.place, s.trick)
    view.constraints = _trick_legal(view)
    return view
