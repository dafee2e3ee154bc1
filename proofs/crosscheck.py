"""The Z3 model evaluated on concrete situations, to compare with the engine's answers.

The model is given only the facts of a situation (cards held and played, the trick so far,
trump, contract, who leads); its meaning comes from :mod:`proofs.kout_model`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import z3

from proofs.kout_model import (
    Holding,
    Leader,
    joker_lead_permitted,
    legal_follow,
    legal_lead,
    trick_context,
    winner_is,
)
from proofs.parameters import SymbolicProfile
from proofs.solver import Names, make_solver
from spec.cards import Card
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

    @property
    def mover(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.players


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
        return Holding({c: z3.BoolVal(c in cards) for c in deck})

    def lead_permitted(self, s: Situation) -> z3.BoolRef:
        """Whether the card led to the current trick had Joker-lead permission."""
        if not s.trick:
            return z3.BoolVal(False)
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
                permitted = joker_lead_permitted(self.sp, z3.IntVal(c), leader, hand, played,
                                                 trump, z3.IntVal(s.bid))
                if self.true(legal_lead(self.sp, z3.IntVal(c), hand, permitted)):
                    out.append(c)
            return out
        ctx = trick_context(self.sp, [z3.IntVal(c) for c in s.trick], trump,
                            self.lead_permitted(s))
        return [c for c in sorted(s.hands[s.mover])
                if self.true(legal_follow(self.sp, z3.IntVal(c), hand, ctx))]

    def trick_winner(self, s: Situation, cards: Sequence[Card]) -> int:
        """The seat the model says wins the complete trick ``cards`` led by ``s.leader``."""
        terms = [z3.IntVal(c) for c in cards]
        probe = Situation(s.deck, s.players, s.trump, s.bid, s.declarer, s.leader, s.hands,
                          s.played, tuple(cards))
        ctx = trick_context(self.sp, terms, z3.IntVal(s.trump), self.lead_permitted(probe))
        winners = [k for k in range(len(cards)) if self.true(winner_is(k, terms, ctx))]
        if len(winners) != 1:
            raise AssertionError(f"model gives {len(winners)} winners for {cards}")
        return (s.leader + winners[0]) % s.players
