"""The Z3 model evaluated on concrete situations, to compare with the engine's answers.

The model is given only the facts of a situation (cards held and played, the trick so far,
trump, contract, who leads); its meaning comes from :mod:`trickrules.proofs.kout.model`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trickrules.proofs.kout.model import (
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
from trickrules.proofs.kout.scoring import hand_end
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.proofs.smt.terms import Bool, Int
from trickrules.spec.cards import BLACK_JOKER, Card
from trickrules.spec.model import Profile


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


class ModelEvaluator:
    """The model's terms evaluated for one profile with every parameter fixed.

    With every reading and every fact of the situation known, the encoding's term builders
    (:mod:`trickrules.proofs.smt.terms`) fold each rule to a plain value, so a question costs
    microseconds instead of building and evaluating Z3 terms; the rules applied are the model's own.
    """

    def __init__(self, profile: Profile) -> None:
        if not profile.is_concrete:
            raise ValueError(f"profile {profile.id!r} leaves {', '.join(profile.symbolic)} "
                             "open; the model is evaluated on concrete profiles only")
        self.names = Names(f"eval:{profile.id}")
        self.sp = SymbolicProfile(profile, self.names)

    @staticmethod
    def true(term: Bool) -> bool:
        """Whether ``term`` holds (a term left symbolic is simplified by Z3)."""
        return t.truth(term)

    def _holding(self, deck: tuple[Card, ...], cards: frozenset[Card]) -> Holding:
        return Holding({c: c in cards for c in deck})

    def lead_permitted(self, s: Situation) -> Bool:
        """Whether the card led to the current trick had Joker-lead permission."""
        if not s.trick or s.trick[0] < BLACK_JOKER:
            return False  # permission only matters for a Joker lead
        leader_hand = s.hands[s.leader] | {s.trick[0]}
        return joker_lead_permitted(
            self.sp, s.trick[0], self._leader(s, s.leader),
            self._holding(s.deck, leader_hand), self._holding(s.deck, s.played),
            s.trump, s.bid)

    def _leader(self, s: Situation, seat: int) -> Leader:
        return Leader(seat % 2 == s.declarer % 2, seat == s.declarer)

    def legal_cards(self, s: Situation) -> list[Card]:
        """The cards the model allows the seat to move to play."""
        hand = self._holding(s.deck, s.hands[s.mover])
        trump = s.trump
        out = []
        if not s.trick:
            leader = self._leader(s, s.mover)
            played = self._holding(s.deck, s.played)
            for c in sorted(s.hands[s.mover]):
                # permission only matters for a Joker; any other card is led on its own merit
                permitted = False if c < BLACK_JOKER else joker_lead_permitted(
                    self.sp, c, leader, hand, played, trump, s.bid)
                if self.true(legal_lead(self.sp, c, hand, permitted)):
                    out.append(c)
            return out
        ctx = self._context(s, s.trick)
        return [c for c in sorted(s.hands[s.mover])
                if self.true(legal_follow(self.sp, c, hand, ctx))]

    def hand_end(self, scores: tuple[int, int], bidders: int, bid: int, malzoom: bool,
                 bidders_won: int, first_hand: bool) -> tuple[bool, tuple[int, int], int | None]:
        """Whether the bid was made, the scores after the hand, and the game's winner (None
        while the game goes on), as the model computes them."""
        end = hand_end(self.sp, scores, bidders, bid, malzoom, bidders_won, first_hand)
        after = (self.number(end.scores[0]), self.number(end.scores[1]))
        winner = self.number(end.winner)
        return self.true(end.made), after, None if winner < 0 else winner

    @staticmethod
    def number(term: Int) -> int:
        """The value of an integer term under the profile's readings."""
        return t.number(term)

    def _context(self, s: Situation, cards: Sequence[Card]) -> TrickContext:
        """The trick context of ``cards`` led by ``s.leader``, each part evaluated to a
        constant so the terms built on it stay small."""
        probe = replace(s, trick=tuple(cards))
        ctx = trick_context(self.sp, list(cards), s.trump,
                            self.lead_permitted(probe))
        return TrickContext(self.number(ctx.follow), self.number(ctx.trick_trump),
                            [self.true(w) for w in ctx.worthless],
                            self.true(ctx.live_joker_lead))

    def trick_winner(self, s: Situation, cards: Sequence[Card]) -> int:
        """The seat the model says wins the complete trick ``cards`` led by ``s.leader``."""
        ctx = self._context(s, cards)
        tiers = [(self.number(tier(c, ctx.trick_trump, ctx.follow,
                                            ctx.worthless[k]))) for k, c in enumerate(cards)]
        ranks = [(self.number(rank(c))) for c in cards]
        winners = [k for k in range(len(cards))
                   if all(self.true(outranks(tiers[k], ranks[k], tiers[j], ranks[j]))
                          for j in range(len(cards)) if j != k)]
        if len(winners) != 1:
            raise AssertionError(f"model gives {len(winners)} winners for {cards}")
        return (s.leader + winners[0]) % s.players
