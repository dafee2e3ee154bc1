"""The Kout rules as Z3 terms, written from the spec (never from the engine).

Cards are integers 0..53 as in :mod:`spec.cards`. The ranking is a tier list read off the
sources: red Joker, Ace of trump, black Joker, the rest of trump by rank, the suit to follow by
rank; other cards cannot win. Play is encoded for one trick: the cards so far, the context they
fix (suit to follow, trump of the trick, worthless Jokers), the winner, and card legality.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import z3

from proofs.parameters import SymbolicProfile
from spec.cards import ACE, BLACK_JOKER, JACK, KING, QUEEN, RED_JOKER, SUITS, make_card

NO_SUIT = -1
HONOURS = {"ace-king-queen-jack": (ACE, KING, QUEEN, JACK), "ace": (ACE,)}


def is_joker(card: z3.ArithRef) -> z3.BoolRef:
    """The card is one of the Jokers."""
    return card >= BLACK_JOKER


def suit(card: z3.ArithRef) -> z3.ArithRef:
    """Suit of a suited card (4 for a Joker, which no suit equals)."""
    return card / 13


def rank(card: z3.ArithRef) -> z3.ArithRef:
    """Rank index of a suited card."""
    return card % 13


def tier(card: z3.ArithRef, trump: z3.ArithRef, follow: z3.ArithRef,
         worthless: z3.BoolRef) -> z3.ArithRef:
    """Tier of a card in a trick: 5 red Joker, 4 Ace of trump, 3 black Joker, 2 other trump,
    1 suit to follow, 0 cannot win (off-suit cards and worthless Jokers)."""
    return z3.If(is_joker(card),
                 z3.If(worthless, 0, z3.If(card == RED_JOKER, 5, 3)),
                 z3.If(suit(card) == trump, z3.If(rank(card) == ACE, 4, 2),
                       z3.If(suit(card) == follow, 1, 0)))


def beats(a: z3.ArithRef, b: z3.ArithRef, trump: z3.ArithRef, follow: z3.ArithRef,
          a_worthless: z3.BoolRef | None = None,
          b_worthless: z3.BoolRef | None = None) -> z3.BoolRef:
    """Card ``a`` beats card ``b``: a higher tier, or the same ranked tier and a higher rank."""
    no = z3.BoolVal(False)
    ta = tier(a, trump, follow, no if a_worthless is None else a_worthless)
    tb = tier(b, trump, follow, no if b_worthless is None else b_worthless)
    return outranks(ta, rank(a), tb, rank(b))


def outranks(tier_a: z3.ArithRef, rank_a: z3.ArithRef, tier_b: z3.ArithRef,
             rank_b: z3.ArithRef) -> z3.BoolRef:
    """Rule ``trick.winner`` on tiers: a higher tier wins; within the trump tier or the tier of
    the suit to follow, the higher rank wins (the other tiers hold one card or cannot win)."""
    return z3.Or(tier_a > tier_b, z3.And(tier_a == tier_b, z3.Or(tier_a == 1, tier_a == 2),
                                         rank_a > rank_b))


@dataclass
class TrickContext:
    """What the cards of a trick so far fix."""

    follow: z3.ArithRef
    trick_trump: z3.ArithRef
    worthless: list[z3.BoolRef]
    live_joker_lead: z3.BoolRef


def trick_context(sp: SymbolicProfile, cards: Sequence[z3.ArithRef], trump: z3.ArithRef,
                  lead_permitted: z3.BoolRef) -> TrickContext:
    """Rules ``joker.*`` on a trick: which Jokers are worthless, the suit to follow, and the trump
    of the trick, after the cards in ``cards`` (play order). ``lead_permitted`` says whether
    a Joker lead had permission (see :func:`joker_lead_permitted`)."""
    first = cards[0]
    lead_joker = is_joker(first)
    live = z3.And(lead_joker, lead_permitted)
    worthless_lead = z3.And(lead_joker, z3.Not(lead_permitted))
    must_trump = sp.is_("joker.legal-lead-calls-trump", "must-play-trump")
    follow: z3.ArithRef = z3.If(z3.Not(lead_joker), suit(first),
                                z3.If(z3.And(live, must_trump), trump, z3.IntVal(NO_SUIT)))
    trick_trump: z3.ArithRef = trump
    worthless = [worthless_lead]
    fixed: z3.BoolRef = z3.Not(worthless_lead)
    second_normal = sp.is_("joker.second-joker", "normal")
    second_anywhere = sp.is_("joker.second-joker", "worthless-anywhere")
    for card in cards[1:]:
        joker = is_joker(card)
        waiting = z3.Not(fixed)
        worthless.append(z3.Or(z3.And(waiting, joker, z3.Not(second_normal)),
                               z3.And(fixed, worthless_lead, joker, second_anywhere)))
        fixes = z3.And(waiting, z3.Or(z3.Not(joker), second_normal))
        follow = z3.If(fixes, z3.If(joker, trump, suit(card)), follow)
        trick_trump = z3.If(
            z3.And(fixes, z3.Not(joker), sp.is_("joker.after-worthless-lead", "trump-for-trick")),
            suit(card), trick_trump)
        fixed = z3.Or(fixed, fixes)
    return TrickContext(follow, trick_trump, worthless, live)


def winner_is(index: int, cards: Sequence[z3.ArithRef], ctx: TrickContext) -> z3.BoolRef:
    """Rule ``trick.winner``: the card at ``index`` beats every other card of the trick."""
    return z3.And([beats(cards[index], cards[j], ctx.trick_trump, ctx.follow,
                         ctx.worthless[index], ctx.worthless[j])
                   for j in range(len(cards)) if j != index])


@dataclass
class Holding:
    """The cards one player holds, as one Boolean per card of the deck."""

    has: dict[int, z3.BoolRef]

    def any_of(self, cards: Sequence[int]) -> z3.BoolRef:
        """Holds at least one of ``cards`` (only those in the deck count)."""
        present = [self.has[c] for c in cards if c in self.has]
        return z3.Or(present) if present else z3.BoolVal(False)

    def holds_suit(self, suit_expr: z3.ArithRef) -> z3.BoolRef:
        """Holds a card of the (symbolic) suit."""
        return z3.Or([z3.And(suit_expr == s, self.any_of([make_card(s, r) for r in range(13)]))
                      for s in SUITS])

    def holds(self, card: z3.ArithRef) -> z3.BoolRef:
        """Holds the (symbolic) card."""
        return z3.Or([z3.And(card == c, b) for c, b in self.has.items()])


def bid_allows(sp: SymbolicProfile, card: z3.ArithRef, bid: z3.ArithRef) -> z3.BoolRef:
    """Rule ``joker.lead-by-bid``: the bid lets its holder lead this Joker."""
    red = card == RED_JOKER
    return z3.Or(
        z3.And(sp.is_("joker.lead-by-bid", "8-red-9-either"),
               z3.Or(bid == 9, z3.And(bid == 8, red))),
        z3.And(sp.is_("joker.lead-by-bid", "8-or-9-either"), bid >= 8),
        z3.And(sp.is_("joker.lead-by-bid", "9-either"), bid == 9))


def honours_played(sp: SymbolicProfile, played: Holding, trump: z3.ArithRef) -> z3.BoolRef:
    """Rule ``joker.lead-after-trumps-played``: the trump cards it names were played before."""
    options = []
    for suit_index in SUITS:
        per_reading = []
        for reading, ranks in HONOURS.items():
            cards = [make_card(suit_index, r) for r in ranks]
            per_reading.append(z3.And(sp.is_("joker.lead-after-trumps-played", reading),
                                      *[played.has[c] for c in cards if c in played.has]))
        every = [played.has[make_card(suit_index, r)] for r in range(13)
                 if make_card(suit_index, r) in played.has]
        per_reading.append(z3.And(sp.is_("joker.lead-after-trumps-played", "all-trumps"),
                                  *every))
        options.append(z3.And(trump == suit_index, z3.Or(per_reading)))
    return z3.Or(options)


@dataclass
class Leader:
    """Who leads, relative to the contract."""

    on_bidding_team: z3.BoolRef
    is_declarer: z3.BoolRef


def joker_lead_permitted(sp: SymbolicProfile, card: z3.ArithRef, leader: Leader,
                         hand: Holding, played: Holding, trump: z3.ArithRef,
                         bid: z3.ArithRef) -> z3.BoolRef:
    """Rules ``joker.lead-by-bid``, ``joker.lead-bid-holder``, ``joker.lead-after-trumps-played``
    and ``joker.declarer-without-ace``: this Joker may be led with its rank."""
    holder = z3.Or(
        z3.And(sp.is_("joker.lead-bid-holder", "bidding-team"), leader.on_bidding_team),
        z3.And(sp.is_("joker.lead-bid-holder", "declarer"), leader.is_declarer))
    ace = z3.Or([z3.And(trump == s, hand.has[make_card(s, ACE)]) for s in SUITS])
    return z3.Or(z3.And(holder, bid_allows(sp, card, bid)),
                 honours_played(sp, played, trump),
                 z3.And(sp.is_("joker.declarer-without-ace", "may-lead"), leader.is_declarer,
                        z3.Not(ace)))


def legal_lead(sp: SymbolicProfile, card: z3.ArithRef, hand: Holding,
               permitted: z3.BoolRef) -> z3.BoolRef:
    """Rules ``play.card-in-hand`` and ``joker.unqualified-lead`` for the leader."""
    only_jokers = z3.And([z3.Not(b) for c, b in hand.has.items() if c < BLACK_JOKER])
    return z3.And(hand.holds(card), z3.Or(
        z3.Not(is_joker(card)), permitted, only_jokers,
        sp.is_("joker.unqualified-lead", "any-time")))


def legal_follow(sp: SymbolicProfile, card: z3.ArithRef, hand: Holding,
                 ctx: TrickContext) -> z3.BoolRef:
    """Rules ``play.follow-suit``, ``joker.play-to-trick`` and ``joker.legal-lead-calls-trump``
    for a player who is not leading."""
    follow, tt = ctx.follow, ctx.trick_trump
    joker = is_joker(card)
    holds_joker = hand.any_of([BLACK_JOKER, RED_JOKER])
    any_time = sp.is_("joker.play-to-trick", "any-time")
    else_trump = sp.is_("play.follow-suit", "follow-else-trump")
    holds_follow = z3.Or(hand.holds_suit(follow),
                         z3.And(z3.Not(any_time), follow == tt, holds_joker))
    in_follow = z3.Or(z3.And(z3.Not(joker), suit(card) == follow),
                      z3.And(joker, z3.Or(any_time, follow == tt)))
    holds_tt = z3.Or(hand.holds_suit(tt), z3.And(z3.Not(any_time), holds_joker))
    in_tt = z3.Or(z3.And(z3.Not(joker), suit(card) == tt), joker)
    allowed = z3.If(follow == NO_SUIT, z3.BoolVal(True),
                    z3.If(holds_follow, in_follow,
                          z3.If(z3.And(else_trump, holds_tt), in_tt, z3.BoolVal(True))))
    return z3.And(hand.holds(card), allowed)
