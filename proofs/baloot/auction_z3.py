"""The buying in Z3, from ``spec/baloot/``: a state of symbolic integers and Booleans, the calls
a state allows and the state each call leads to, unrolled over a bounded number of calls. With
concrete inputs the terms fold, so the graph of :mod:`trickrules.proofs.baloot.auction_graph` can be
checked against it node by node.

Seats are named by priority (0 speaks first, 3 is the dealer); the seats still to speak are a
set, spoken in priority order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile

PASS, SUN, ASHKAL, KAWESH, HOKOM = 0, 1, 2, 3, 4
OTHER_SUIT = (5, 6, 7)
"""A second-round Hokom named with the bid, in one of the three other suits."""
CALLS = (PASS, SUN, ASHKAL, KAWESH, HOKOM, *OTHER_SUIT)
CALL_NAMES = {PASS: "pass", SUN: "sun", ASHKAL: "ashkal", KAWESH: "kawesh", HOKOM: "hokom",
              5: "hokom-1", 6: "hokom-2", 7: "hokom-3"}
NO_BID, HOKOM_BID, SUN_BID = 0, 1, 2
OPEN, CONTRACT, REDEAL = 0, 1, 2


@dataclass
class Buying:
    """A state of the buying (any field may be symbolic)."""

    round: t.Int
    pending: tuple[t.Bool, ...]
    bid: t.Int
    declarer: t.Int
    declined: tuple[t.Bool, ...]
    end: t.Int
    confirming: t.Bool = False
    """A first-round Hokom nobody took awaits its buyer's word (``auction.hokom-confirmation``):
    he passes to keep it or calls Sun."""


def start() -> Buying:
    """The first round, every seat to speak."""
    return Buying(1, (True, True, True, True), NO_BID, -1, (False,) * 4, OPEN)


def speaker(b: Buying) -> t.Int:
    """The first seat still to speak."""
    return t.If(b.pending[0], 0, t.If(b.pending[1], 1, t.If(b.pending[2], 2, 3)))


DEALERS_LEFT, DEALER = 2, 3
"""The priorities of the dealer's left and the dealer (counter-clockwise from the right)."""


def entitled(sp: SymbolicProfile, seat: t.Int) -> t.Bool:
    """Whether ``seat`` may call Ashkal (``auction.ashkal-callers``): the dealer and his left,
    or the third and fourth to act."""
    return t.If(sp.is_("auction.ashkal-callers", "dealer-and-left"),
                t.Or(t.eq(seat, DEALERS_LEFT), t.eq(seat, DEALER)), seat >= 2)


def allowed(sp: SymbolicProfile, b: Buying, call: t.Int, kawesh: tuple[t.Bool, ...],
            ace: t.Bool) -> t.Bool:
    """Whether the speaker may make ``call``; ``kawesh`` says which seats hold a Kawesh hand,
    ``ace`` whether the public card is an Ace."""
    seat = speaker(b)
    first = t.eq(b.round, 1)
    # auction.ashkal-when: whatever stands, or only over a Hokom the other side bought
    over_opponent = t.And(t.eq(b.bid, HOKOM_BID), (b.declarer + seat) % 2 == 1)
    ashkal = t.And(t.Or(first, sp.is_("auction.ashkal-round", "both-rounds")),
                   t.Or(entitled(sp, seat), sp.is_("auction.wrong-ashkal", "forced-sun")),
                   t.Or(sp.is_("auction.ashkal-when", "any-standing-bid"), over_opponent),
                   t.Not(t.And(ace, sp.is_("auction.ashkal-on-ace", "refused"))))
    may_kawesh = t.And(t.Or(t.And(first, sp.is_("auction.kawesh", "first-round")),
                            sp.is_("auction.kawesh", "any-turn")),
                       t.Or([t.And(t.eq(seat, s), kawesh[s]) for s in range(4)]))
    named = sp.is_("auction.second-round-hokom", "named-with-bid")
    # auction.hokom-over-hokom: a first-round Hokom taken by a player ahead of its buyer
    over = t.And(first, t.eq(b.bid, HOKOM_BID), seat < b.declarer,
                 sp.is_("auction.hokom-over-hokom", "higher-priority"))
    hokom = t.Or(t.And(t.eq(b.bid, NO_BID), t.Or(first, t.Not(named))), over)
    other = t.And(t.eq(b.bid, NO_BID), t.Not(first), named)
    # auction.hokom-confirmation: on a public Ace one reading lets only the first to speak
    # turn his Hokom into Sun
    confirm_sun = t.Not(t.And(ace, seat != 0, sp.is_("auction.hokom-confirmation",
                                                     "buyer-keeps-or-takes-sun-not-on-ace")))
    is_pass, is_sun = t.eq(call, PASS), t.eq(call, SUN)
    return t.And(t.eq(b.end, OPEN), t.If(b.confirming, t.Or(is_pass, t.And(is_sun, confirm_sun)),
                                         t.Or(is_pass, is_sun, t.And(t.eq(call, ASHKAL), ashkal),
                                              t.And(t.eq(call, KAWESH), may_kawesh),
                                              t.And(t.eq(call, HOKOM), hokom),
                                              t.And(call >= OTHER_SUIT[0],
                                                    call <= OTHER_SUIT[-1], other))))


def _set(flags: tuple[t.Bool, ...], seat: t.Int, value: t.Bool) -> tuple[t.Bool, ...]:
    return tuple(t.If(t.eq(seat, s), value, flags[s]) for s in range(4))


def after(sp: SymbolicProfile, b: Buying, call: t.Int, ace: t.Bool) -> Buying:
    """The state an allowed call leads to."""
    seat = speaker(b)
    rest = _set(b.pending, seat, False)
    any_rest = t.Or(rest)
    # pass
    # declined: a Sun declined in the first round, or a no before any bid in the second
    declines = t.Or(t.eq(b.bid, SUN_BID), t.And(t.eq(b.bid, NO_BID), t.eq(b.round, 2)))
    declined = tuple(t.If(declines, x, y)
                     for x, y in zip(_set(b.declined, seat, True), b.declined, strict=True))
    fresh = t.And(t.eq(b.bid, NO_BID), t.Not(any_rest))
    # auction.hokom-confirmation: a first-round Hokom nobody took goes back to its buyer
    ask_buyer = t.And(t.Not(sp.is_("auction.hokom-confirmation", "none")),
                      t.Not(b.confirming), t.Not(any_rest), t.eq(b.bid, HOKOM_BID),
                      t.eq(b.round, 1))
    pass_state = Buying(
        t.If(t.And(fresh, t.eq(b.round, 1)), 2, b.round),
        tuple(t.If(t.And(fresh, t.eq(b.round, 1)), True,
                   t.If(ask_buyer, t.eq(b.declarer, s), rest[s])) for s in range(4)),
        b.bid, b.declarer, tuple(t.If(t.And(fresh, t.eq(b.round, 1)), False, declined[s])
                                 for s in range(4)),
        t.If(t.Or(any_rest, ask_buyer), OPEN,
             t.If(t.Not(t.eq(b.bid, NO_BID)), CONTRACT, t.If(t.eq(b.round, 1), OPEN, REDEAL))),
        ask_buyer)
    # hokom (any form)
    # hokom (any form); auction.sun-over-hokom: a second-round no may bar the answer
    barred = sp.is_("auction.sun-over-hokom", "not-after-second-round-no")
    answer = tuple(t.And(s != seat if t.known(seat) else t.Not(t.eq(seat, s)),
                         t.Not(t.And(barred, b.declined[s]))) for s in range(4))
    hokom_state = Buying(b.round, answer, HOKOM_BID, seat, b.declined,
                         t.If(t.Or(answer), OPEN, CONTRACT))
    # sun, or ashkal: a Sun for the partner when entitled and not on an Ace
    forced = t.And(ace, sp.is_("auction.ashkal-on-ace", "forced-sun"))
    declarer = t.If(t.And(t.eq(call, ASHKAL), entitled(sp, seat), t.Not(forced)), (seat + 2) % 4,
                    seat)
    final = t.Or(t.eq(b.round, 2), sp.is_("auction.sun-over-sun", "final"), b.confirming)
    queue = tuple(t.And(s < seat, t.Not(b.declined[s]), t.Not(t.eq(declarer, s))) for s in range(4))
    sun_state = Buying(b.round, tuple(t.And(t.Not(final), q) for q in queue), SUN_BID,
                       declarer, b.declined, t.If(t.Or(final, t.Not(t.Or(queue))), CONTRACT,
                                                  OPEN))
    kawesh_state = Buying(b.round, (False,) * 4, NO_BID, -1, b.declined, REDEAL)

    def pick(field: str) -> Any:
        def choose(p: Any, h: Any, s: Any, k: Any) -> Any:
            return t.If(t.eq(call, PASS), p, t.If(t.eq(call, KAWESH), k, t.If(
                t.Or(t.eq(call, SUN), t.eq(call, ASHKAL)), s, h)))
        values = [getattr(x, field) for x in (pass_state, hokom_state, sun_state, kawesh_state)]
        if isinstance(values[0], tuple):
            return tuple(choose(*(v[i] for v in values)) for i in range(4))
        return choose(*values)

    return Buying(*(pick(f) for f in ("round", "pending", "bid", "declarer", "declined",
                                       "end", "confirming")))


STEPS = 16
"""Calls unrolled: more than any sequence of the buying can make (two rounds of four, three
answers to a Hokom in each, three chances to take a Sun)."""


def unrolled(sp: SymbolicProfile, calls: list[t.Int], kawesh: tuple[t.Bool, ...],
             ace: t.Bool) -> tuple[list[t.Bool], Buying]:
    """The buying after ``calls``: for each step, the condition that its call was allowed (or
    the buying was over), and the final state."""
    b = start()
    ok = []
    for call in calls:
        ok.append(t.Or(t.Not(t.eq(b.end, OPEN)), allowed(sp, b, call, kawesh, ace)))
        nxt = after(sp, b, call, ace)
        over = t.Not(t.eq(b.end, OPEN))
        b = Buying(t.If(over, b.round, nxt.round),
                   tuple(t.If(over, b.pending[s], nxt.pending[s]) for s in range(4)),
                   t.If(over, b.bid, nxt.bid), t.If(over, b.declarer, nxt.declarer),
                   tuple(t.If(over, b.declined[s], nxt.declined[s]) for s in range(4)),
                   t.If(over, b.end, nxt.end), t.If(over, b.confirming, nxt.confirming))
    return ok, b
