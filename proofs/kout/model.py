"""The Kout rules as Z3 terms, written from the spec (never from the engine).

Cards are integers 0..53 as in :mod:`trickrules.spec.cards`. The ranking is a tier list read off the
sources: red Joker, Ace of trump, black Joker, the rest of trump by rank, the suit to follow by
rank; other cards cannot win. Play is encoded for one trick: the cards so far, the context they
fix (suit to follow, trump of the trick, worthless Jokers), the winner, and card legality.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trickrules.proofs.smt import build
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.spec.cards import ACE, BLACK_JOKER, JACK, KING, QUEEN, RED_JOKER, SUITS, make_card

NO_SUIT = -1
HONOURS = {"ace-king-queen-jack": (ACE, KING, QUEEN, JACK), "ace": (ACE,)}


def is_joker(card: t.Int) -> t.Bool:
    """The card is one of the Jokers."""
    return card >= BLACK_JOKER


def suit(card: t.Int) -> t.Int:
    """Suit of a suited card (4 for a Joker, which no suit equals). A symbolic card's suit is
    read off comparisons with the suits' first cards, not by integer division: the solver
    settles bounds on a card far more cheaply than the division's integer arithmetic."""
    if t.known(card):
        return card // 13
    return build.once("kout-suit", card, lambda: _suit_of(card))


def _suit_of(card: t.Int) -> t.Int:
    out: t.Int = len(SUITS)
    for s in reversed(SUITS):
        out = t.If(card < (s + 1) * 13, s, out)
    return out


def odd(seat: t.Int, players: int) -> t.Bool:
    """The seat (or trick index) is odd, i.e. on the second team: for a symbolic seat, as
    the seats it may be rather than by integer remainder (cheaper for the solver)."""
    if t.known(seat):
        return seat % 2 == 1
    return t.Or([seat == k for k in range(1, players, 2)])


def rank(card: t.Int, of_suit: t.Int | None = None) -> t.Int:
    """Rank index of a suited card (the Jokers 0 and 1); ``of_suit`` is its suit if known."""
    if t.known(card):
        return card % 13
    return build.once("kout-rank", card, lambda: card - 13 * (suit(card) if of_suit is None
                                                          else of_suit))


def tier(card: t.Int, trump: t.Int, follow: t.Int,
         worthless: t.Bool) -> t.Int:
    """Tier of a card in a trick: 5 red Joker, 4 Ace of trump, 3 black Joker, 2 other trump,
    1 suit to follow, 0 cannot win (off-suit cards and worthless Jokers)."""
    of_suit = suit(card)
    return t.If(is_joker(card),
                 t.If(worthless, 0, t.If(card == RED_JOKER, 5, 3)),
                 t.If(of_suit == trump, t.If(rank(card, of_suit) == ACE, 4, 2),
                       t.If(of_suit == follow, 1, 0)))


def beats(a: t.Int, b: t.Int, trump: t.Int, follow: t.Int,
          a_worthless: t.Bool | None = None,
          b_worthless: t.Bool | None = None) -> t.Bool:
    """Card ``a`` beats card ``b``: a higher tier, or the same ranked tier and a higher rank."""
    no = False
    ta = tier(a, trump, follow, no if a_worthless is None else a_worthless)
    tb = tier(b, trump, follow, no if b_worthless is None else b_worthless)
    return outranks(ta, rank(a), tb, rank(b))


def outranks(tier_a: t.Int, rank_a: t.Int, tier_b: t.Int,
             rank_b: t.Int) -> t.Bool:
    """Rule ``trick.winner`` on tiers: a higher tier wins; within the trump tier or the tier of
    the suit to follow, the higher rank wins (the other tiers hold one card or cannot win)."""
    return t.Or(tier_a > tier_b, t.And(tier_a == tier_b, t.Or(tier_a == 1, tier_a == 2),
                                         rank_a > rank_b))


@dataclass
class TrickContext:
    """What the cards of a trick so far fix."""

    follow: t.Int
    trick_trump: t.Int
    worthless: list[t.Bool]
    live_joker_lead: t.Bool


def trick_context(sp: SymbolicProfile, cards: Sequence[t.Int], trump: t.Int,
                  lead_permitted: t.Bool) -> TrickContext:
    """Rules ``joker.*`` on a trick: which Jokers are worthless, the suit to follow, and the trump
    of the trick, after the cards in ``cards`` (play order). ``lead_permitted`` says whether
    a Joker lead had permission (see :func:`joker_lead_permitted`)."""
    first = cards[0]
    lead_joker = is_joker(first)
    live = t.And(lead_joker, lead_permitted)
    worthless_lead = t.And(lead_joker, t.Not(lead_permitted))
    must_trump = sp.is_("joker.legal-lead-calls-trump", "must-play-trump")
    follow: t.Int = t.If(t.Not(lead_joker), suit(first),
                                t.If(t.And(live, must_trump), trump, NO_SUIT))
    trick_trump: t.Int = trump
    worthless = [worthless_lead]
    fixed: t.Bool = t.Not(worthless_lead)
    second_normal = sp.is_("joker.second-joker", "normal")
    second_anywhere = sp.is_("joker.second-joker", "worthless-anywhere")
    for card in cards[1:]:
        joker = is_joker(card)
        waiting = t.Not(fixed)
        worthless.append(t.Or(t.And(waiting, joker, t.Not(second_normal)),
                               t.And(fixed, worthless_lead, joker, second_anywhere)))
        fixes = t.And(waiting, t.Or(t.Not(joker), second_normal))
        follow = t.If(fixes, t.If(joker, trump, suit(card)), follow)
        trick_trump = t.If(
            t.And(fixes, t.Not(joker), sp.is_("joker.after-worthless-lead", "trump-for-trick")),
            suit(card), trick_trump)
        fixed = t.Or(fixed, fixes)
    return TrickContext(follow, trick_trump, worthless, live)


def winner_is(index: int, cards: Sequence[t.Int], ctx: TrickContext) -> t.Bool:
    """Rule ``trick.winner``: the card at ``index`` beats every other card of the trick."""
    return _beats_all(index, *_standing(cards, ctx))


def winners(cards: Sequence[t.Int], ctx: TrickContext) -> list[t.Bool]:
    """:func:`winner_is` for every card of the trick (each card's tier and rank are worked
    out once, not once per comparison)."""
    levels, ranks = _standing(cards, ctx)
    return [_beats_all(k, levels, ranks) for k in range(len(cards))]


def _standing(cards: Sequence[t.Int], ctx: TrickContext) -> tuple[list[t.Int], list[t.Int]]:
    """The tier and the rank of each card of the trick."""
    levels = [tier(c, ctx.trick_trump, ctx.follow, w)
              for c, w in zip(cards, ctx.worthless, strict=True)]
    return levels, [rank(c) for c in cards]


def _beats_all(index: int, levels: list[t.Int], ranks: list[t.Int]) -> t.Bool:
    return t.And([outranks(levels[index], ranks[index], levels[j], ranks[j])
                  for j in range(len(levels)) if j != index])


@dataclass
class Holding:
    """The cards one player holds, as one Boolean per card of the deck. Terms asked for
    again (a suit held, a set of cards held) are built once and reused."""

    has: dict[int, t.Bool]
    memo: dict[object, t.Bool] = field(default_factory=dict, repr=False, compare=False)
    _keep: list[object] = field(default_factory=list, repr=False, compare=False)

    def any_of(self, cards: Sequence[int]) -> t.Bool:
        """Holds at least one of ``cards`` (only those in the deck count)."""
        key = ("any", tuple(cards))
        if key not in self.memo:
            present = [self.has[c] for c in cards if c in self.has]
            self.memo[key] = t.Or(present) if present else False
        return self.memo[key]

    def key(self, kind: str, term: t.Int) -> tuple[str, object]:
        """A memo key for a term: a Z3 term by its id (and, the first time, kept alive: a Z3
        id names its term only while the term lives)."""
        if t.known(term):
            return kind, term
        key = kind, term.get_id()
        if key not in self.memo:
            self._keep.append(term)
        return key

    def holds_suit(self, suit_expr: t.Int) -> t.Bool:
        """Holds a card of the (symbolic) suit."""
        key = self.key("suit", suit_expr)
        if key not in self.memo:
            self.memo[key] = t.Or([t.And(t.eq(suit_expr, s),
                                         self.any_of([make_card(s, r) for r in range(13)]))
                                   for s in SUITS])
        return self.memo[key]

    def holds(self, card: t.Int) -> t.Bool:
        """Holds the (symbolic) card."""
        if t.known(card):
            return self.has.get(card, False)
        key = self.key("card", card)
        if key not in self.memo:
            self.memo[key] = t.Or([t.And(t.eq(card, c), b) for c, b in self.has.items()])
        return self.memo[key]

    def plain(self) -> Holding:
        """The holding without its Jokers (built once)."""
        key = ("plain", 0)
        if key not in self.memo:
            self.memo[key] = Holding({c: b for c, b in self.has.items() if c < BLACK_JOKER})
        plain: Holding = self.memo[key]
        return plain

    def before(self, card: t.Int) -> Holding:
        """The holding before ``card`` left it (built once per card)."""
        key = self.key("before", card)
        if key not in self.memo:
            self.memo[key] = Holding({c: t.Or(b, t.eq(card, c)) for c, b in self.has.items()})
        before: Holding = self.memo[key]
        return before


def bid_allows(sp: SymbolicProfile, card: t.Int, bid: t.Int) -> t.Bool:
    """Rule ``joker.lead-by-bid``: the bid lets its holder lead this Joker."""
    red = card == RED_JOKER
    return t.Or(
        t.And(sp.is_("joker.lead-by-bid", "8-red-9-either"),
               t.Or(bid == 9, t.And(bid == 8, red))),
        t.And(sp.is_("joker.lead-by-bid", "8-or-9-either"), bid >= 8),
        t.And(sp.is_("joker.lead-by-bid", "9-either"), bid == 9))


def honours_played(sp: SymbolicProfile, played: Holding, trump: t.Int) -> t.Bool:
    """Rule ``joker.lead-after-trumps-played``: the trump cards it names were played before."""
    options = []
    for suit_index in SUITS:
        per_reading = []
        for reading, ranks in HONOURS.items():
            cards = [make_card(suit_index, r) for r in ranks]
            per_reading.append(t.And(sp.is_("joker.lead-after-trumps-played", reading),
                                      *[played.has[c] for c in cards if c in played.has]))
        every = [played.has[make_card(suit_index, r)] for r in range(13)
                 if make_card(suit_index, r) in played.has]
        per_reading.append(t.And(sp.is_("joker.lead-after-trumps-played", "all-trumps"),
                                  *every))
        options.append(t.And(trump == suit_index, t.Or(per_reading)))
    return t.Or(options)


@dataclass
class Leader:
    """Who leads, relative to the contract."""

    on_bidding_team: t.Bool
    is_declarer: t.Bool


def joker_lead_permitted(sp: SymbolicProfile, card: t.Int, leader: Leader,
                         hand: Holding, played: Holding, trump: t.Int,
                         bid: t.Int) -> t.Bool:
    """Rules ``joker.lead-by-bid``, ``joker.lead-bid-holder``, ``joker.lead-after-trumps-played``
    and ``joker.declarer-without-ace``: this Joker may be led with its rank."""
    holder = t.Or(
        t.And(sp.is_("joker.lead-bid-holder", "bidding-team"), leader.on_bidding_team),
        t.And(sp.is_("joker.lead-bid-holder", "declarer"), leader.is_declarer),
        sp.is_("joker.lead-bid-holder", "any-player"))
    ace = t.Or([t.And(trump == s, hand.has[make_card(s, ACE)]) for s in SUITS])
    return t.Or(t.And(holder, bid_allows(sp, card, bid)),
                 honours_played(sp, played, trump),
                 t.And(sp.is_("joker.declarer-without-ace", "may-lead"), leader.is_declarer,
                        t.Not(ace)))


def legal_lead(sp: SymbolicProfile, card: t.Int, hand: Holding,
               permitted: t.Bool) -> t.Bool:
    """Rules ``play.card-in-hand`` and ``joker.unqualified-lead`` for the leader."""
    only_jokers = t.And([t.Not(b) for c, b in hand.has.items() if c < BLACK_JOKER])
    return t.And(hand.holds(card), t.Or(
        t.Not(is_joker(card)), permitted, only_jokers,
        sp.is_("joker.unqualified-lead", "any-time")))


def legal_follow(sp: SymbolicProfile, card: t.Int, hand: Holding,
                 ctx: TrickContext) -> t.Bool:
    """Rules ``play.follow-suit``, ``joker.play-to-trick``, ``joker.legal-lead-calls-trump``,
    ``joker.counts-as-trump`` and ``joker.to-joker-lead`` for a player who is not leading."""
    plain = hand.plain()
    # joker.to-joker-lead: to a Joker led with permission, the other Joker counts as not held
    # by a player who holds another card
    barred = t.And(ctx.live_joker_lead, sp.is_("joker.to-joker-lead", "not-allowed"),
                   plain.any_of(list(plain.has)))
    return t.And(hand.holds(card), t.If(barred, t.And(t.Not(is_joker(card)),
                                                       _follow_allowed(sp, card, plain, ctx)),
                                         _follow_allowed(sp, card, hand, ctx)))


def _follow_allowed(sp: SymbolicProfile, card: t.Int, hand: Holding,
                    ctx: TrickContext) -> t.Bool:
    """Whether ``card``, if held, follows the rules of following with ``hand``."""
    follow, tt = ctx.follow, ctx.trick_trump
    joker = is_joker(card)
    holds_joker = hand.any_of([BLACK_JOKER, RED_JOKER])
    any_time = sp.is_("joker.play-to-trick", "any-time")
    else_trump = sp.is_("play.follow-suit", "follow-else-trump")
    jokers_owed = t.Or(t.Not(any_time), sp.is_("joker.counts-as-trump", "counts"))
    holds_follow = t.Or(hand.holds_suit(follow),
                         t.And(jokers_owed, follow == tt, holds_joker))
    in_follow = t.Or(t.And(t.Not(joker), suit(card) == follow),
                      t.And(joker, t.Or(any_time, follow == tt)))
    holds_tt = t.Or(hand.holds_suit(tt), t.And(jokers_owed, holds_joker))
    in_tt = t.Or(t.And(t.Not(joker), suit(card) == tt), joker)
    return t.If(follow == NO_SUIT, True,
                t.If(holds_follow, in_follow, t.If(t.And(else_trump, holds_tt), in_tt, True)))
