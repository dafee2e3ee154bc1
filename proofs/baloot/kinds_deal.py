"""Differences in the Baloot deal between two readings: what the player on the dealer's left
may do with the pack (``deal.cut``), and what a card turned face up while dealing does
(``deal.exposed-card``).

Seats are numbered in turn order (counter-clockwise): the dealer's left is the dealer + 3.
Witnesses are replayed by driving engine states through their public API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.proofs.baloot.examples import cut_choices, engines
from trickrules.proofs.baloot.model import by_reading, card_name
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

ACE = 7
"""The Ace's place in the order of runs (7 8 9 10 J Q K A), as in
:mod:`trickrules.proofs.baloot.model`."""


def cutter_choices(question: Question) -> tuple[str, ...]:
    """Every choice some reading of ``deal.cut`` names, in the spec's order."""
    return cut_choices(question.base)


def may_choose(sp: Any, choice: str) -> Any:
    """Whether the cutter may choose ``choice`` (its entry in the reading's table)."""
    return by_reading(sp, "deal.cut", lambda r: r.number(choice)) == 1


@dataclass(frozen=True)
class CutterChoices:
    """What the player on the dealer's left may do with the shuffled pack (``deal.cut``)."""

    name: str = "cut"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """A dealer, and the choices allowed under each reading; the key is the dealer."""
        dealer = names.int("dealer")
        choices = cutter_choices(question)
        fa = [t.lift(may_choose(d.a, c)) for c in choices]
        fb = [t.lift(may_choose(d.b, c)) for c in choices]
        differ = z3.Or([x != y for x, y in zip(fa, fb, strict=True)])
        return [Built([dealer >= 0, dealer <= 3, differ], dealer, (dealer, choices, fa, fb))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The choices by the model and the cutter's legal actions at the start of an engine
        game dealt by that seat (the engine cuts by itself when the cutter has no choice)."""
        dealer_t, choices, fa, fb = found.data
        dealer = number(found.model, dealer_t)
        model = {side: [c for c, f in zip(choices, flags, strict=True) if truth(found.model, f)]
                 for side, flags in (("a", fa), ("b", fb))}
        witness = {"dealer": dealer, "cutter": (dealer + 3) % 4}
        return replayed(self.name, model, engines(self.name, witness, found), witness)


def may_keep(sp: Any, rank: Any) -> Any:
    """Whether the holder may keep an exposed card of ``rank``: never under ``redeal``; a card
    other than an Ace always; an Ace too under ``ace-refusable``, where refusing it is his."""
    return by_reading(sp, "deal.exposed-card", lambda r: (
        0 if r.id == "redeal" else 1 if r.id == "ace-refusable" else z3.If(rank == ACE, 0, 1))) == 1


def may_redeal(sp: Any, rank: Any) -> Any:
    """Whether the same dealer may (or must) deal again after an exposed card of ``rank``:
    always under ``redeal``, for an Ace under the two other readings."""
    return by_reading(sp, "deal.exposed-card",
                      lambda r: 1 if r.id == "redeal" else z3.If(rank == ACE, 1, 0)) == 1


@dataclass(frozen=True)
class ExposedCard:
    """What may follow a card turned face up while dealing (``deal.exposed-card``): the holder
    keeps it, the same dealer deals again, or the holder chooses."""

    name: str = "exposed"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """A card of the first five of some seat; the key prefers low ranks."""
        card, seat, dealer = names.int("card"), names.int("seat"), names.int("dealer")
        setting = [card >= 0, card <= 31, seat >= 0, seat <= 3, dealer >= 0, dealer <= 3]
        flags = {side: (t.lift(may_keep(sp, card % 8)), t.lift(may_redeal(sp, card % 8)))
                 for side, sp in (("a", d.a), ("b", d.b))}
        differ = z3.Or([x != y for x, y in zip(flags["a"], flags["b"], strict=True)])
        key = (card % 8) * 64 + seat * 16 + dealer * 4 + card / 8
        return [Built([*setting, differ], key, (card, seat, dealer, flags))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """By the model and by exposing the card in an engine state dealt that way."""
        card_t, seat_t, dealer_t, flags = found.data
        card = card_name(number(found.model, card_t))
        seat, dealer = number(found.model, seat_t), number(found.model, dealer_t)
        model = {side: [c for c, f in zip(("keep", "redeal"), pair, strict=True)
                        if truth(found.model, f)] for side, pair in flags.items()}
        witness = {"card": card, "seat": seat, "dealer": dealer}
        return replayed(self.name, model, engines(self.name, witness, found), witness)
