"""Differences in Baloot's play between two readings: the mover's legal cards and the winner of
a trick.

The point of play is one reachable situation under both rule copies (every card of the trick
legal under each, the hands matching the tricks played), so each reading's engine rules can
be asked about the same cards.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from trickrules.proofs.baloot.examples import engines
from trickrules.proofs.baloot.model import CARDS, card_name
from trickrules.proofs.baloot.model import winners as trick_winners
from trickrules.proofs.baloot.situation import Situation, situation, under
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


def _pair(question: Question, d: Dual, names: Names, down: int) -> tuple[Situation, Situation]:
    """The situation with ``down`` cards of the trick played, under each reading (built once
    per dual: the kinds settled together share it)."""
    def build() -> tuple[Situation, Situation]:
        a = situation(question.base, names.child(f"p{down}"), down, d.a)
        return a, under(a, d.b)

    return d.once(("pair", down), build)


def _in_play(card: z3.ArithRef) -> z3.BoolRef:
    return z3.And(card >= 0, card < len(CARDS))


@dataclass(frozen=True)
class LegalCards:
    """The cards the player to move may play (``rank.*``, ``play.*``, ``double.lock``)."""

    name: str = "legal"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """One point per trick position; the key is the number of finished tricks."""
        out = []
        for down in range(4):
            a, b = _pair(question, d, names, down)
            card = names.int(f"card{down}")
            legal = (t.lift(a.legal(card)), t.lift(b.legal(card)))
            differ = z3.And(_in_play(card), legal[0] != legal[1])
            out.append(Built([*a.constraints, *b.constraints, differ], a.done,
                             (a, card, legal)))
        return out

    def replay(self, question: Question, found: Found) -> Outcome:
        """The mover's legal cards under each reading, in the model and in the engine."""
        a, card, legal = found.data
        s = a.decode(found.model)
        mover = str((int(s["leader"]) + len(s["trick"])) % 4)
        model = {side: [card_name(c) for c in CARDS if card_name(c) in s["hands"][mover]
                        and truth(found.model, z3.substitute(rule, (card, z3.IntVal(c))))]
                 for side, rule in zip(("a", "b"), legal, strict=True)}
        witness = {**s, "mover": int(mover), "card": card_name(number(found.model, card))}
        return replayed(self.name, model, engines(self.name, witness, found), witness)


@dataclass(frozen=True)
class TrickWinner:
    """The seat that wins a complete trick (``rank.*``)."""

    name: str = "winner"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The last card of a trick, legal under both readings; the key is the number of
        finished tricks."""
        a, b = _pair(question, d, names, 3)
        last = names.int("last")
        cards = [*a.trick, last]
        winners = []
        for sit in (a, b):
            winners.append(z3.Sum([z3.If(t.lift(flag), k, 0) for k, flag
                                   in enumerate(trick_winners(sit.sp, cards, sit.trump))]))
        constraints = [*a.constraints, *b.constraints, _in_play(last),
                       t.lift(a.legal(last)), t.lift(b.legal(last)), winners[0] != winners[1]]
        return [Built(constraints, a.done, (a, last, winners))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The trick's winning seat under each reading, in the model and in the engine."""
        a, last, winners = found.data
        s = a.decode(found.model)
        card = card_name(number(found.model, last))
        leader = int(s["leader"])
        model = {side: (leader + number(found.model, term)) % 4
                 for side, term in zip(("a", "b"), winners, strict=True)}
        witness = {**s, "then": card}
        return replayed(self.name, model, engines(self.name, witness, found), witness)
