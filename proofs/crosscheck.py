"""The Z3 model evaluated on concrete situations, to compare with the engine's answers.

The model is given only the facts of a situation (cards held and played, the trick so far,
trump, contract, who leads); its meaning comes from :mod:`proofs.kout_model`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import z3

from proofs.kout_model import (
    Holding,
    Leader,
    TrickContext,
    joker_lead_permitted,
    legal_follow,
    legal_lead,
    outranks,
    rank,
    tier,
    trick_context,
)
from proofs.kout_scoring import hand_end
from proofs.parameters import SymbolicProfile
from proofs.solver import Names, make_solver
from spec.cards import BLACK_JOKER, Card, suit_of
from spec.model import Profile


@dataclass(frozen=True)
class Situation:
    """A concrete point of play, as plain data (no engine objects)."""

    deck: tuple[Card, ...]
    players: int
    trump: int
    bid: int
    declarer: int
    leader: int
    hands: tuple[frozenset[Card], ...]
    played: frozenset[Card]
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int] = (0, 0)

    @property
    def mover(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.players


class ConcreteHolding(Holding):
    """A holding of known cards: asked about a known card or suit it answers with a constant
    instead of a disjunction over the deck (the same value, a much smaller term)."""

    def holds(self, card: z3.ArithRef) -> z3.BoolRef:
        """Holds the card (a constant when the card is known)."""
        simple = z3.simplify(card)
        if z3.is_int_value(simple):
            return z3.BoolVal(z3.is_true(self.has.get(simple.as_long(), z3.BoolVal(False))))
        return super().holds(card)

    def holds_suit(self, suit_expr: z3.ArithRef) -> z3.BoolRef:
        """Holds a card of the suit (a constant when the suit is known)."""
        simple = z3.simplify(suit_expr)
        if z3.is_int_value(simple):
            wanted = simple.as_long()
            return z3.BoolVal(any(z3.is_true(b) and c < BLACK_JOKER and suit_of(c) == wanted
                                  for c, b in self.has.items()))
        return super().holds_suit(suit_expr)


class ModelEvaluator:
    """Evaluates model terms for one profile with every parameter fixed."""

    def __init__(self, profile: Profile) -> None:
        self.names = Names(f"eval:{profile.id}")
        self.sp = SymbolicProfile(profile, self.names)
        solver = make_solver()
        solver.add(*self.sp.constraints())
        if solver.check() != z3.sat:
            raise ValueError(f"profile {profile.id!r} has no reading")
        self.model = solver.model()

    def true(self, term: z3.BoolRef) -> bool:
        """Whether ``term`` holds under the profile's readings."""
        return bool(z3.is_true(self.model.eval(term, model_completion=True)))

    def _holding(self, deck: tuple[Card, ...], cards: frozenset[Card]) -> Holding:
        return ConcreteHolding({c: z3.BoolVal(c in cards) for c in deck})

    def lead_permitted(self, s: Situation) -> z3.BoolRef:
        """Whether the card led to the current trick had Joker-lead permission."""
        if not s.trick or s.trick[0] < BLACK_JOKER:
            return z3.BoolVal(False)  # permission only matters for a Joker lead
        leader_hand = s.hands[s.leader] | {s.trick[0]}
        return joker_lead_permitted(
            self.sp, z3.IntVal(s.trick[0]), self._leader(s, s.leader),
            self._holding(s.deck, leader_hand), self._holding(s.deck, s.played),
            z3.IntVal(s.trump), z3.IntVal(s.bid))

    def _leader(self, s: Situation, seat: int) -> Leader:
        return Leader(z3.BoolVal(seat % 2 == s.declarer % 2), z3.BoolVal(seat == s.declarer))

    def legal_cards(self, s: Situation) -> list[Card]:
        """The cards the model allows the seat to move to play."""
        hand = self._holding(s.deck, s.hands[s.mover])
        trump = z3.IntVal(s.trump)
        out = []
        if not s.trick:
            leader = self._leader(s, s.mover)
            played = self._holding(s.deck, s.played)
            for c in sorted(s.hands[s.mover]):
                # permission only matters for a Joker; any other card is led on its own merit
                permitted = z3.BoolVal(False) if c < BLACK_JOKER else joker_lead_permitted(
                    self.sp, z3.IntVal(c), leader, hand, played, trump, z3.IntVal(s.bid))
                if self.true(legal_lead(self.sp, z3.IntVal(c), hand, permitted)):
                    out.append(c)
            return out
        ctx = self._context(s, s.trick)
        return [c for c in sorted(s.hands[s.mover])
                if self.true(legal_follow(self.sp, z3.IntVal(c), hand, ctx))]

    def hand_end(self, scores: tuple[int, int], bidders: int, bid: int, malzoom: bool,
                 bidders_won: int, first_hand: bool) -> tuple[bool, tuple[int, int], int | None]:
        """Whether the bid was made, the scores after the hand, and the game's winner (None
        while the game goes on), as the model computes them."""
        end = hand_end(self.sp, (z3.IntVal(scores[0]), z3.IntVal(scores[1])),
                       z3.IntVal(bidders), z3.IntVal(bid), z3.BoolVal(malzoom),
                       z3.IntVal(bidders_won), z3.BoolVal(first_hand))
        after = (self.number(end.scores[0]), self.number(end.scores[1]))
        winner = self.number(end.winner)
        return self.true(end.made), after, None if winner < 0 else winner

    def number(self, term: z3.ArithRef) -> int:
        """The value of an integer term under the profile's readings."""
        return int(self.model.eval(term, model_completion=True).as_long())

    def _context(self, s: Situation, cards: Sequence[Card]) -> TrickContext:
        """The trick context of ``cards`` led by ``s.leader``, each part evaluated to a
        constant so the terms built on it stay small."""
        probe = replace(s, trick=tuple(cards))
        ctx = trick_context(self.sp, [z3.IntVal(c) for c in cards], z3.IntVal(s.trump),
                            self.lead_permitted(probe))
        return TrickContext(z3.IntVal(self.number(ctx.follow)),
                            z3.IntVal(self.number(ctx.trick_trump)),
                            [z3.BoolVal(self.true(w)) for w in ctx.worthless],
                            z3.BoolVal(self.true(ctx.live_joker_lead)))

    def trick_winner(self, s: Situation, cards: Sequence[Card]) -> int:
        """The seat the model says wins the complete trick ``cards`` led by ``s.leader``."""
        ctx = self._context(s, cards)
        tiers = [z3.IntVal(self.number(tier(z3.IntVal(c), ctx.trick_trump, ctx.follow,
                                            ctx.worthless[k]))) for k, c in enumerate(cards)]
        ranks = [z3.IntVal(self.number(rank(z3.IntVal(c)))) for c in cards]
        winners = [k for k in range(len(cards))
                   if all(self.true(outranks(tiers[k], ranks[k], tiers[j], ranks[j]))
                          for j in range(len(cards)) if j != k)]
        if len(winners) != 1:
            raise AssertionError(f"model gives {len(winners)} winners for {cards}")
        return (s.leader + winners[0]) % s.players
