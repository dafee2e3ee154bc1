"""Differences at the table between two Baloot readings: who deals the next hand
(``dealer.rotation``, ``auction.all-pass``) and who leads the first trick
(``play.first-lead``).

Seats are numbered in turn order (counter-clockwise): the dealer's right is the dealer + 1. The
witness is replayed by driving a whole engine state from an explicit deal through the engine's
public API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.proofs.baloot.examples import engines
from trickrules.proofs.baloot.model import by_reading
from trickrules.proofs.divergence import Built, Dual, Found, Outcome, Question, number, replayed
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.solver import Names

PLAYED, ALL_PASS, KAWESH = 0, 1, 2
ENDINGS = {PLAYED: "played", ALL_PASS: "all passed", KAWESH: "kawesh"}


def next_dealer_term(sp: Any, dealer: z3.ArithRef, ended: z3.ArithRef) -> Any:
    """The next dealer: the same after four passes twice under ``same-dealer``, else the
    seat ``dealer.rotation`` names (the dealer's right, or his left)."""
    step = by_reading(sp, "dealer.rotation", lambda r: 1 if r.id == "to-the-right" else 3)
    same = z3.And(ended == ALL_PASS, t.lift(sp.is_("auction.all-pass", "same-dealer")))
    return z3.If(same, dealer, (dealer + step) % 4)


def first_leader_term(sp: Any, dealer: Any, declarer: Any) -> Any:
    """Who leads the first trick (``play.first-lead``): the dealer's right, or the declarer."""
    return z3.If(t.lift(sp.is_("play.first-lead", "dealers-right")), (dealer + 1) % 4, declarer)


@dataclass(frozen=True)
class NextDealer:
    """Who deals the next hand, after a hand played, four passes twice, or a Kawesh."""

    name: str = "next-dealer"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The dealer and how the hand ended; the key prefers a played hand."""
        dealer, ended = names.int("dealer"), names.int("ended")
        setting = [dealer >= 0, dealer <= 3, ended >= PLAYED, ended <= KAWESH]
        for sp in (d.a, d.b):  # a Kawesh only where both readings allow one
            setting.append(z3.Implies(ended == KAWESH, t.lift(t.Not(
                sp.is_("auction.kawesh", "none")))))
        na, nb = next_dealer_term(d.a, dealer, ended), next_dealer_term(d.b, dealer, ended)
        return [Built([*setting, na != nb], ended * 4 + dealer, (dealer, ended, na, nb))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The next dealer by the model and by an engine game played through that hand."""
        dealer_t, ended_t, na, nb = found.data
        dealer, ended = number(found.model, dealer_t), number(found.model, ended_t)
        model = {"a": number(found.model, na), "b": number(found.model, nb)}
        witness = {"dealer": dealer, "hand": ENDINGS[ended]}
        return replayed(self.name, model, engines(self.name, witness, found), witness)


@dataclass(frozen=True)
class FirstLead:
    """Who leads the first trick: the dealer's right, or the declarer."""

    name: str = "first-lead"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The dealer and the declarer (not the dealer's right, who speaks first and so could
        be either); the key prefers the lowest seats."""
        dealer, declarer = names.int("dealer"), names.int("declarer")
        setting = [dealer >= 0, dealer <= 3, declarer >= 0, declarer <= 3]
        leads = [first_leader_term(sp, dealer, declarer) for sp in (d.a, d.b)]
        return [Built([*setting, leads[0] != leads[1]], dealer * 4 + declarer,
                      (dealer, declarer, leads))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The first leader by the model and by an engine hand: every seat passes until the
        declarer buys Sun, nobody doubles."""
        dealer_t, declarer_t, leads = found.data
        dealer, declarer = number(found.model, dealer_t), number(found.model, declarer_t)
        model = {"a": number(found.model, leads[0]), "b": number(found.model, leads[1])}
        witness = {"dealer": dealer, "declarer": declarer, "contract": "sun"}
        return replayed(self.name, model, engines(self.name, witness, found), witness)
