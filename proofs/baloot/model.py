"""The Baloot rules of play as Z3 terms, written from ``spec/baloot/`` (never from the engine).

A card is ``suit * 8 + rank``: suits S H D C (0..3), ranks in the order runs are read in,
7 8 9 10 J Q K A (0..7). The contract is :data:`SUN` or :data:`HOKOM`; the trump suit is
:data:`NO_TRUMP` in Sun. Rank orders, card points and every duty of play come from the
profile's readings; a reading the profile leaves open stays symbolic. The same functions give
plain Python values on concrete inputs (the term builders fold), so the model can also be
evaluated, which is how it is cross-checked against the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import z3

from trickrules.proofs.smt import build
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Reading

RANK_TOKENS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank tokens in the order of runs (the sources' A K Q J 10 9 8 7, lowest first)."""
CARDS = tuple(range(32))
SUN, HOKOM = 0, 1
NO_TRUMP = -1
TRUMP_BASE = 8
"""Every trump is stronger than every plain card."""


def suit(card: t.Int) -> t.Int:
    """The suit of a card. A symbolic card's suit is read off comparisons with the suits'
    first cards, not by integer division: the solver settles bounds on a card far more
    cheaply than the division's integer arithmetic."""
    if t.known(card):
        return card // 8
    return build.once("baloot-suit", card, lambda: _suit_of(card))


def _suit_of(card: z3.ArithRef) -> t.Int:
    out: t.Int = 3
    for s in (2, 1, 0):
        out = t.If(card < (s + 1) * 8, s, out)
    return out


def rank(card: t.Int) -> t.Int:
    """The rank of a card in the order of runs (0 = 7 .. 7 = A)."""
    if t.known(card):
        return card % 8
    return build.once("baloot-rank", card, lambda: card - 8 * suit(card))


def _suits(which: t.Int) -> list[t.Bool]:
    """For each suit, whether ``which`` is it (each condition made once)."""
    return [t.eq(which, s) for s in range(4)]


def card_name(card: int) -> str:
    """``AS``, ``10H``: the notation every layer shares."""
    return RANK_TOKENS[card % 8] + SUIT_LETTERS[card // 8]


def card_of(name: str) -> int:
    """The model's number of a card named in the notation."""
    return SUIT_LETTERS.index(name[-1]) * 8 + RANK_TOKENS.index(name[:-1])


def lookup(index: t.Int, table: Sequence[int]) -> t.Int:
    """``table[index]`` for an index that may be symbolic."""
    if t.known(index):
        return table[index]
    out: t.Int = table[-1]
    for i in range(len(table) - 2, -1, -1):
        out = t.If(t.eq(index, i), table[i], out)
    return out


def by_reading(sp: SymbolicProfile, parameter: str,
               make: Callable[[Reading], t.Int]) -> t.Int:
    """A value that depends on the reading of ``parameter``: ``make(reading)`` under each
    reading the profile allows."""
    allowed = sp.allowed[parameter]
    if len(allowed) == 1:  # the common case, asked a million times by the small-scope check
        sp.used.add(parameter)
        return make(sp.parameters[parameter].reading(allowed[0]))
    readings = [sp.parameters[parameter].reading(r) for r in allowed]
    out = make(readings[-1])
    for reading in reversed(readings[:-1]):
        out = t.If(sp.is_(parameter, reading.id), make(reading), out)
    if len(readings) == 1:
        sp.used.add(parameter)
    return out


def _order_index(reading: Reading, card_rank: t.Int) -> t.Int:
    return lookup(card_rank, _order_table(reading.order or ()))


@cache
def _order_table(order: tuple[str, ...]) -> tuple[int, ...]:
    """Each rank's place in a rank order (-100 for a rank it leaves out), worked out once
    per order: the small-scope check asks for it a million times."""
    return tuple(order.index(tok) if tok in order else -100 for tok in RANK_TOKENS)


def plain_strength(sp: SymbolicProfile, card: t.Int) -> t.Int:
    """Rule ``rank.plain``: the card's place in the plain order (0 lowest)."""
    return by_reading(sp, "rank.plain", lambda r: _order_index(r, rank(card)))


def trump_strength(sp: SymbolicProfile, card: t.Int) -> t.Int:
    """Rule ``rank.trump``: the card's place in the trump order, above every plain card."""
    return TRUMP_BASE + by_reading(sp, "rank.trump", lambda r: _order_index(r, rank(card)))


def strength(sp: SymbolicProfile, card: t.Int, led: t.Int, trump: t.Int) -> t.Int:
    """How strongly a card bids for a trick led in ``led``: a trump by the trump order, a
    card of the suit led by the plain order, any other card -1 (it cannot win)."""
    return t.If(suit(card) == trump, trump_strength(sp, card),
                t.If(suit(card) == led, plain_strength(sp, card), -1))


def winner_is(sp: SymbolicProfile, cards: Sequence[t.Int], trump: t.Int, index: int) -> t.Bool:
    """Rule of the trick: the card at ``index`` (play order) is stronger than every other."""
    led = suit(cards[0])
    mine = strength(sp, cards[index], led, trump)
    return t.And([mine > strength(sp, other, led, trump)
                  for i, other in enumerate(cards) if i != index])


def winners(sp: SymbolicProfile, cards: Sequence[t.Int], trump: t.Int) -> list[t.Bool]:
    """:func:`winner_is` for every card of the trick (each card's strength worked out once,
    not once per comparison)."""
    led = suit(cards[0])
    power = [strength(sp, card, led, trump) for card in cards]
    return [t.And([power[k] > power[i] for i in range(len(cards)) if i != k])
            for k in range(len(cards))]


def card_points(sp: SymbolicProfile, card: t.Int, trump: t.Int) -> t.Int:
    """Rule ``score.card-points``: a card's points as trump or as a plain card."""
    def make(kind: str) -> Callable[[Reading], t.Int]:
        return lambda r: lookup(rank(card), [r.number(f"{kind}-{tok}") for tok in RANK_TOKENS])

    return t.If(suit(card) == trump, by_reading(sp, "score.card-points", make("trump")),
                by_reading(sp, "score.card-points", make("plain")))


def last_trick_points(sp: SymbolicProfile) -> t.Int:
    """The last trick's bonus (``score.card-points``)."""
    return by_reading(sp, "score.card-points", lambda r: r.number("last-trick"))


def maybe_held(hand: Sequence[t.Bool]) -> list[int]:
    """The cards the hand may hold (all but those known absent: a concrete hand folds)."""
    return [c for c in CARDS if not (t.known(hand[c]) and not hand[c])]


def held(hand: Sequence[t.Bool], card: t.Int, maybe: Sequence[int] | None = None) -> t.Bool:
    """The hand (one Boolean per card) holds ``card``; ``maybe`` is :func:`maybe_held` of the
    hand, when already known."""
    if t.known(card):
        return hand[card]
    maybe = maybe_held(hand) if maybe is None else maybe
    return t.Or([t.And(t.eq(card, c), hand[c]) for c in maybe])


def holds_suit(hand: Sequence[t.Bool], which: t.Int,
               maybe: Sequence[int] | None = None) -> t.Bool:
    """The hand holds a card of suit ``which`` (``maybe`` as for :func:`held`)."""
    of = _suits(which)
    maybe = maybe_held(hand) if maybe is None else maybe
    return t.Or([t.And(hand[c], of[c // 8]) for c in maybe])


def _top_trump(sp: SymbolicProfile, trick: Sequence[t.Int], trump: t.Int) -> t.Int:
    top: t.Int = -1
    for card in trick:
        mine = t.If(suit(card) == trump, trump_strength(sp, card), -1)
        top = mine if t.known(top) and top == -1 else t.If(mine > top, mine, top)
    return top


def lock_binds(sp: SymbolicProfile, locked: t.Bool, seat: t.Int, declarer: t.Int) -> t.Bool:
    """Whether a locked Double or Four binds ``seat`` (``double.lock``): every seat, or the
    buyers' side only under ``no-trump-lead-buyers``."""
    return t.And(locked, t.Or(t.Not(sp.is_("double.lock", "no-trump-lead-buyers")),
                              (seat + 4 - declarer) % 2 == 0))


def legal(sp: SymbolicProfile, hand: Sequence[t.Bool], trick: Sequence[t.Int], trump: t.Int,
          locked: t.Bool, card: t.Int) -> t.Bool:
    """Whether the player to move, holding ``hand``, may play ``card`` to ``trick`` (the
    cards so far): ``play.follow-suit``, ``play.trump-led``, ``play.hokom-void``,
    ``play.hokom-ruff`` and a locked double's ``double.lock`` (``locked``: a lock binds the
    player, see :func:`lock_binds`)."""
    maybe = maybe_held(hand)
    mine = held(hand, card, maybe)
    if not trick:
        lock = t.And(locked, trump != NO_TRUMP, t.Or(sp.is_("double.lock", "no-trump-lead"),
                                                    sp.is_("double.lock", "no-trump-lead-buyers")))
        trumps = _suits(trump)
        others = t.Or([t.And(hand[c], t.Not(trumps[c // 8])) for c in maybe])
        return t.And(mine, t.Not(t.And(lock, others, suit(card) == trump)))
    led = suit(trick[0])
    follows = suit(card) == led
    top = _top_trump(sp, trick, trump)
    leds, trumps = _suits(led), _suits(trump)
    higher = t.Or([t.And(hand[c], leds[c // 8], trumps[c // 8],
                         trump_strength(sp, c) > top) for c in maybe])
    partner_winning: t.Bool = False
    if len(trick) >= 2:
        partner_winning = winner_is(sp, trick, trump, len(trick) - 2)
    # play.trump-led: a higher trump when held, always or unless the partner's trump wins
    owed = t.Or(sp.is_("play.trump-led", "must-overtrump"),
                t.And(sp.is_("play.trump-led", "must-overtrump-unless-partner-winning"),
                      t.Not(partner_winning)))
    overtrump = t.And(led == trump, owed, higher)
    when_following = t.And(follows, t.Implies(overtrump, trump_strength(sp, card) > top))
    has_trump = holds_suit(hand, trump, maybe)
    # play.hokom-void: the duty to trump; a partner winning the trick frees the third and
    # fourth to play, or the fourth and a third whose partner led the Ace
    ace_led = rank(trick[0]) == RANK_TOKENS.index("A")
    released = t.And(partner_winning, t.Or(
        sp.is_("play.hokom-void", "must-trump-unless-partner-winning"),
        t.And(sp.is_("play.hokom-void", "must-trump-unless-fourth-or-ace-led"),
              t.Or(len(trick) == 3, ace_led))))
    duty = t.And(trump != NO_TRUMP, has_trump, t.Not(sp.is_("play.hokom-void", "may-trump")),
                 t.Not(released))
    # play.hokom-ruff: a higher trump than the trick's (any trump beats none) when held,
    # unless any trump will do; without one, a trump, or any card where discarding is allowed
    # (always, or at the third seat only)
    higher_trump = t.Or([t.And(hand[c], trumps[c // 8], trump_strength(sp, c) > top)
                         for c in maybe])
    must_beat = t.And(higher_trump, t.Not(sp.is_("play.hokom-ruff", "any-trump")))
    discard = t.Or(sp.is_("play.hokom-ruff", "overtrump-or-discard"),
                   t.And(sp.is_("play.hokom-ruff", "overtrump-or-discard-third-seat"),
                         len(trick) == 2))
    may_discard = t.And(t.Not(higher_trump), discard)
    ruff = t.If(must_beat, t.And(suit(card) == trump, trump_strength(sp, card) > top),
                t.Or(suit(card) == trump, may_discard))
    when_void = t.Implies(duty, ruff)
    return t.And(mine, t.If(holds_suit(hand, led, maybe), when_following, when_void))
