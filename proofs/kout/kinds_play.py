"""Differences in play between two readings: the mover's legal cards, the winner of a trick,
and whether the hand goes on after a trick.

The point of play is one reachable situation under both rule copies (every card so far legal
under each), so the engine can be put in it under either reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.engine.errors import EngineError
from trickrules.engine.kout.game import KoutState
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
from trickrules.proofs.kout.evaluator import Situation
from trickrules.proofs.kout.model import odd, trick_context
from trickrules.proofs.kout.model import winners as trick_winners
from trickrules.proofs.kout.replay import engine_state, last_trick_winner
from trickrules.proofs.kout.scoring import decided as hand_decided
from trickrules.proofs.kout.situation import (
    SymbolicSituation,
    in_deck,
    profile_hand_size,
    symbolic_situation,
    under,
)
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import SUIT_LETTERS, Card, card_name


def facts(s: Situation) -> dict[str, Any]:
    """A concrete situation as readable JSON: contract, hands, earlier cards, the trick."""
    return {"trump": SUIT_LETTERS[s.trump], "bid": s.bid, "declarer": s.declarer,
            "leader": s.leader, "mover": s.mover, "tricks_won": list(s.tricks_won),
            "hands": {str(seat): [card_name(c) for c in sorted(h)]
                      for seat, h in enumerate(s.hands)},
            "played": [card_name(c) for c in sorted(s.played)],
            "trick": [card_name(c) for c in s.trick]}


def _pair(question: Question, d: Dual, names: Names,
          position: int) -> tuple[SymbolicSituation, SymbolicSituation]:
    """The situation with ``position`` cards of the trick down under each reading (built once
    per dual: the kinds settled together share it)."""
    def build() -> tuple[SymbolicSituation, SymbolicSituation]:
        a = symbolic_situation(question.base, names.child(f"p{position}"), position, d.a)
        return a, under(a, d.b)

    return d.once(("pair", position), build)


def _at(rule: z3.BoolRef, card: z3.ArithRef, value: int) -> z3.BoolRef:
    """``rule`` (a term over the symbolic ``card``) with ``card`` fixed to ``value``: the
    legality of each card read off the one term the search was given, not built again."""
    return z3.substitute(rule, (card, z3.IntVal(value)))


def _state(found: Found, side: str, s: Situation) -> tuple[KoutState | None, str]:
    try:
        return engine_state(found.dual.profile(found.model, side), s), ""
    except EngineError as exc:
        return None, f"reading {side}: not a reachable engine state: {exc}"


@dataclass(frozen=True)
class LegalCards:
    """The cards the player to move may play."""

    name: str = "legal"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """One point per trick position; the key is the number of finished tricks."""
        out = []
        for position in range(question.players):
            a, b = _pair(question, d, names, position)
            card = names.int(f"card{position}")
            legal = (a.legal(card), b.legal(card))
            differ = z3.And(in_deck(card, a.deck), z3.Xor(*legal))
            out.append(Built([*a.constraints, *b.constraints, differ], a.done,
                             (a, card, legal)))
        return out

    def replay(self, question: Question, found: Found) -> Outcome:
        """Legal cards under each reading, in the model and in the engine."""
        a, card, legal = found.data
        s = a.decode(found.model)
        model = {side: [card_name(c) for c in a.deck if truth(found.model, _at(rule, card, c))]
                 for side, rule in zip(("a", "b"), legal, strict=True)}
        witness = {**facts(s), "card": card_name(number(found.model, card))}
        engine: dict[str, Any] = {}
        for side in ("a", "b"):
            state, error = _state(found, side, s)
            if state is None:
                return replayed(self.name, model, engine, witness, error)
            engine[side] = [card_name(c) for c in state.legal_actions()]
            witness.setdefault("state", state.to_json())
        return replayed(self.name, model, engine, witness)


@dataclass(frozen=True)
class Complete:
    """A reachable trick with one card to come, legal under both readings: the situation
    under each reading, the last card, the constraints, and the winning index under each."""

    a: SymbolicSituation
    b: SymbolicSituation
    last: z3.ArithRef
    constraints: list[z3.BoolRef]
    winners: list[z3.ArithRef]


def _complete(question: Question, d: Dual, names: Names) -> Complete:
    """The complete trick of ``question`` (built once per dual)."""
    def build() -> Complete:
        a, b = _pair(question, d, names, question.players - 1)
        last = names.int("last")
        cards = [*a.trick, last]
        winners = []
        for sit in (a, b):
            ctx = trick_context(sit.sp, cards, sit.trump, sit.lead_permitted)
            winners.append(z3.Sum([z3.If(flag, k, 0)
                                   for k, flag in enumerate(trick_winners(cards, ctx))]))
        return Complete(a, b, last,
                        [*a.constraints, *b.constraints, a.legal(last), b.legal(last)], winners)

    return d.once("complete", build)


def _play_last(found: Found, s: Situation, last: Card) -> tuple[dict[str, Any], str, Any]:
    """Under each reading, put the engine at ``s``, play ``last``: the trick's winner and
    whether the hand is over."""
    out: dict[str, Any] = {}
    first_state = None
    for side in ("a", "b"):
        state, error = _state(found, side, s)
        if state is None:
            return out, error, first_state
        first_state = first_state or state.to_json()
        hand = state.hand_index
        try:
            state.apply_action(last)
        except EngineError as exc:
            return out, f"reading {side}: engine refused {card_name(last)}: {exc}", first_state
        out[side] = (last_trick_winner(state, hand),
                     state.hand_index != hand or state.is_terminal())
    return out, "", first_state


def _replay_last(kind: str, found: Found, part: int) -> Outcome:
    """Play the trick's last card in the engine under each reading and compare one part of
    what follows (0: the trick's winner, 1: whether the hand is over) with the model."""
    a, last, terms = found.data
    s = a.decode(found.model)
    card = number(found.model, last)
    read = truth if part else number
    predicted = {side: read(found.model, term)
                 for side, term in zip(("a", "b"), terms, strict=True)}
    played, error, state = _play_last(found, s, card)
    engine = {side: value[part] for side, value in played.items()}
    witness = {**facts(s), "then": card_name(card), "state": state}
    return replayed(kind, predicted, engine, witness, error)


@dataclass(frozen=True)
class TrickWinner:
    """The seat that wins a complete trick."""

    name: str = "winner"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The last card of a trick; the key is the number of finished tricks."""
        c = _complete(question, d, names)
        return [Built([*c.constraints, c.winners[0] != c.winners[1]], c.a.done,
                      (c.a, c.last, c.winners))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The trick's winner under each reading."""
        return _replay_last(self.name, found, 0)


@dataclass(frozen=True)
class HandOver:
    """Whether the hand ends with the trick just completed."""

    name: str = "hand-over"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The last card of a trick; the key is the number of finished tricks."""
        c = _complete(question, d, names)
        size = profile_hand_size(question.base)
        over = []
        for sit, winner in zip((c.a, c.b), c.winners, strict=True):
            second = odd(sit.declarer, sit.players)
            took = z3.If(odd(winner, sit.players) == second, 1, 0)
            mine = z3.If(second, sit.won[1], sit.won[0]) + took
            theirs = sit.done + 1 - mine
            decided = t.lift(hand_decided(mine, theirs, sit.bid, size))
            over.append(z3.Or(sit.done + 1 == size,
                              z3.And(sit.sp.is_("hand.early-stop", "stop-when-decided"),
                                     decided)))
        return [Built([*c.constraints, over[0] != over[1]], c.a.done, (c.a, c.last, over))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """Whether the hand is over after the trick, under each reading."""
        return _replay_last(self.name, found, 1)
