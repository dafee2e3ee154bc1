"""A symbolic point of play in a hand, constrained to be reachable, and its decoding.

Seat 0 leads the current trick (any table can be rotated so), ``position`` cards of it are
already down, and ``done`` earlier tricks are over. The constraints are the facts a real hand
guarantees: every card of the deck is in exactly one place, each hand holds the cards the
count of tricks leaves it, the earlier tricks hold ``done x players`` cards, the hand is not
over, and each card of the trick so far was legal when played (so a worthless Joker lead means
its leader held nothing but Jokers, unless the profile lets anyone lead one). The trump honours
a Joker lead may depend on are read from the cards of earlier tricks, so their history is the
same set the engine reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import z3

from trickrules.proofs.kit import NoDealError
from trickrules.proofs.kout.evaluator import Situation
from trickrules.proofs.kout.model import (
    Holding,
    Leader,
    TrickContext,
    joker_lead_permitted,
    legal_follow,
    legal_lead,
    odd,
    trick_context,
)
from trickrules.proofs.smt import build
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import Card, card_name
from trickrules.spec.model import Profile


def profile_deck(profile: Profile) -> tuple[Card, ...]:
    """The cards of the profile's deck (a profile leaving the deck open is refused)."""
    return profile.reading("deck.cards").deck()


def profile_hand_size(profile: Profile) -> int:
    """The profile's number of cards dealt to each player (refused if left open)."""
    return profile.reading("deal.hand-size").value or 0


def in_deck(card: z3.ArithRef, deck: tuple[Card, ...]) -> z3.BoolRef:
    """The symbolic card is one of ``deck``."""
    return t.lift(t.Or([t.eq(card, c) for c in deck]))


@dataclass
class SymbolicSituation:
    """A reachable point of play with ``position`` cards of the current trick down."""

    profile: Profile
    sp: SymbolicProfile
    deck: tuple[Card, ...]
    position: int
    hands: list[Holding]
    played: Holding
    trick: list[z3.ArithRef]
    trump: z3.ArithRef
    bid: z3.ArithRef
    declarer: z3.ArithRef
    done: z3.ArithRef
    won: tuple[z3.ArithRef, z3.ArithRef]
    lead_permitted: z3.BoolRef
    context: TrickContext | None
    constraints: list[z3.BoolRef] = field(default_factory=list)

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.profile.game.players

    @property
    def mover(self) -> int:
        """The seat to play next."""
        return self.position

    def leader_role(self, seat: int) -> Leader:
        """Whether ``seat`` is on the bidding team and whether it declared."""
        second = odd(self.declarer, self.players)
        return Leader(second if seat % 2 else z3.Not(second), self.declarer == seat)

    def legal(self, card: z3.ArithRef) -> z3.BoolRef:
        """The mover may play ``card`` now."""
        hand = self.hands[self.mover]
        if self.context is None:
            permitted = joker_lead_permitted(self.sp, card, self.leader_role(0), hand,
                                             self.played, self.trump, self.bid)
            return legal_lead(self.sp, card, hand, permitted)
        return legal_follow(self.sp, card, hand, self.context)

    def decode(self, model: z3.ModelRef) -> Situation:
        """The concrete situation a solver model describes."""

        def num(term: z3.ArithRef) -> int:
            return int(model.eval(term, model_completion=True).as_long())

        def cards(holding: Holding) -> frozenset[Card]:
            return frozenset(c for c, b in holding.has.items()
                             if z3.is_true(model.eval(b, model_completion=True)))

        return Situation(self.deck, self.players, num(self.trump), num(self.bid),
                         num(self.declarer), 0, tuple(cards(h) for h in self.hands),
                         cards(self.played), tuple(num(c) for c in self.trick),
                         (num(self.won[0]), num(self.won[1])))


def symbolic_situation(profile: Profile, names: Names, position: int,
                       sp: SymbolicProfile | None = None) -> SymbolicSituation:
    """A reachable situation of ``profile`` with ``position`` cards of the trick down."""
    sp = sp or SymbolicProfile(profile, names)
    deck = profile_deck(profile)
    players, size = profile.game.players, profile_hand_size(profile)
    if len(deck) != players * size:
        raise NoDealError(f"profile {profile.id!r}: a deck of {len(deck)} cards does not deal "
                     f"{size} to each of {players} players, so no point of play exists")
    hands = [Holding({c: names.bool(f"hand{s}:{card_name(c)}") for c in deck})
             for s in range(players)]
    played = Holding({c: names.bool(f"played:{card_name(c)}") for c in deck})
    trick = [names.int(f"trick{k}") for k in range(position)]
    trump, bid, declarer = names.int("trump"), names.int("bid"), names.int("declarer")
    done = names.int("done")
    won = (names.int("won0"), names.int("won1"))
    layout: list[z3.BoolRef] = [trump >= 0, trump <= 3, bid >= 5, bid <= 9,
                                declarer >= 0, declarer < players, done >= 0, done < size,
                                won[0] >= 0, won[1] >= 0, won[0] + won[1] == done]
    layout += [in_deck(c, deck) for c in trick]
    layout += _one_place_each(deck, hands, played, trick)
    layout += _cards_held(hands, played, done, size, position)
    situation = SymbolicSituation(profile, sp, deck, position, hands, played, trick, trump, bid,
                                  declarer, done, won, z3.BoolVal(False), None, layout)
    return _with_rules(situation, sp)


def _one_place_each(deck: tuple[Card, ...], hands: list[Holding], played: Holding,
                    trick: list[z3.ArithRef]) -> list[z3.BoolRef]:
    """Every card of the deck in exactly one place: a hand, the earlier tricks, or the
    trick so far."""
    layout = []
    for c in deck:
        places = [h.has[c] for h in hands] + [played.has[c]] + [t.eq(k, c) for k in trick]
        layout.append(build.Counted(places).exactly(1))
    return layout


def _cards_held(hands: list[Holding], played: Holding, done: z3.ArithRef, size: int,
                position: int) -> list[z3.BoolRef]:
    """The count of cards each place holds after ``done`` tricks and ``position`` cards of
    the trick: a hand what the tricks leave it, the earlier tricks ``done x players``. Stated
    for each number of tricks done as pseudo-Boolean counts with constant bounds, which the
    solver propagates card by card, rather than as sums equal to a term over ``done`` (its
    integer arithmetic settles a point of play two to three times slower)."""
    players = len(hands)
    counted = [build.Counted(list(h.has.values())) for h in (*hands, played)]
    layout = []
    for tricks in range(size):
        now = build.equals(done, tricks)
        for seat, hand in enumerate(counted[:-1]):
            held = size - tricks - (1 if seat < position else 0)
            layout.append(build.implication(now, hand.exactly(held)))
        layout.append(build.implication(now, counted[-1].exactly(tricks * players)))
    return layout


def _with_rules(situation: SymbolicSituation, sp: SymbolicProfile) -> SymbolicSituation:
    """Add to ``situation`` what makes it reachable under the rules ``sp``: the profile's
    readings, the hand not yet decided (under stop-when-decided), and every card of the trick
    so far legal when played; the trick context follows those rules."""
    s = situation
    size = profile_hand_size(s.profile)
    rules = [*sp.constraints()]
    bidders = z3.If(odd(s.declarer, s.players), s.won[1], s.won[0])
    others = s.done - bidders
    rules.append(z3.Implies(sp.is_("hand.early-stop", "stop-when-decided"),
                            z3.And(bidders < s.bid, others <= size - s.bid)))
    permitted: z3.BoolRef = z3.BoolVal(False)
    context = None
    if s.position:
        lead = s.trick[0]
        before = s.hands[0].before(lead)
        permitted = joker_lead_permitted(sp, lead, s.leader_role(0), before, s.played,
                                         s.trump, s.bid)
        rules.append(legal_lead(sp, lead, before, permitted))
        for k in range(1, s.position):
            ctx = trick_context(sp, s.trick[:k], s.trump, permitted)
            rules.append(legal_follow(sp, s.trick[k], s.hands[k].before(s.trick[k]), ctx))
        context = trick_context(sp, s.trick, s.trump, permitted)
    return replace(s, sp=sp, lead_permitted=permitted, context=context,
                   constraints=[*s.constraints, *rules])


def under(situation: SymbolicSituation, sp: SymbolicProfile) -> SymbolicSituation:
    """The same cards and contract read under other rules ``sp``: a view whose constraints
    are only what reachability under ``sp`` adds (the shared layout stays with the first)."""
    bare = replace(situation, constraints=[])
    return _with_rules(bare, sp)
