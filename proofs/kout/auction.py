"""The auction as Z3 constraints over a bounded sequence of calls, written from the spec.

Seats are counted from the first speaker (0) to the dealer (N-1). Each step holds what the
rest of the auction depends on (who speaks, the high bid and its seat, who has passed for
good, passes since the last bid, whether the auction is over) and one call: a pass (0), a bid
(5..9), or nothing (-1) once the auction is over. Every reading of ``auction.*`` is honoured.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names

PASS, NO_CALL, MIN_BID, MAX_BID = 0, -1, 5, 9


@dataclass
class Step:
    """The auction before one call (each field a constant while the calls so far fix it)."""

    turn: t.Int
    high: t.Int
    high_seat: t.Int
    out: list[t.Bool]
    passes: t.Int
    over: t.Bool
    forced_contract: t.Bool


@dataclass
class SymbolicAuction:
    """``length`` calls of one auction and the steps between them."""

    players: int
    calls: list[z3.ArithRef]
    steps: list[Step]
    constraints: list[z3.BoolRef] = field(default_factory=list)

    @property
    def end(self) -> Step:
        """The auction after the last call."""
        return self.steps[-1]


def max_calls(players: int) -> int:
    """An upper bound on the calls of any auction: passes before the first bid, then at most
    five rising bids each followed by fewer passes than there are players."""
    return players - 1 + (MAX_BID - MIN_BID + 1) * players


def _next_speaker(turn: t.Int, out: list[t.Bool], players: int, skip_out: t.Bool) -> t.Int:
    """The next seat after ``turn``, passing over seats that are out when ``skip_out``."""
    result: t.Int = 0
    for seat in range(players):
        after = [(seat + d) % players for d in range(1, players)]
        choice: t.Int = seat
        for other in reversed(after):
            choice = t.If(out[other], choice, other)
        result = t.If(t.eq(turn, seat), t.If(skip_out, choice, after[0]), result)
    return result


def call_is_legal(sp: SymbolicProfile, step: Step, call: t.Int, index: int,
                  players: int) -> t.Bool:
    """Rules ``auction.bid-range``, ``auction.bid-must-exceed`` and
    ``auction.dealer-forced-bid``: ``call`` may be made at ``step`` (the ``index``-th call)."""
    forced = t.And(t.eq(step.high, 0), index == players - 1)
    bid = t.And(call >= MIN_BID, call <= MAX_BID)
    forced_call = t.If(sp.is_("auction.dealer-forced-bid", "exactly-5"), t.eq(call, MIN_BID),
                       bid)
    free_call = t.Or(t.eq(call, PASS), t.And(bid, call > step.high))
    return t.If(step.over, t.eq(call, NO_CALL), t.If(forced, forced_call, free_call))


def symbolic_auction(sp: SymbolicProfile, names: Names, players: int,
                     length: int | None = None,
                     calls: list[z3.ArithRef] | None = None) -> SymbolicAuction:
    """Every legal sequence of ``length`` calls (default: enough for any auction). Given
    ``calls``, the auction is read over those call variables (two rule sets over one
    sequence of calls). What the readings and the calls so far fix is folded to constants
    (the terms builders of :mod:`trickrules.proofs.smt.terms`), so the solver is given less."""
    length = max_calls(players) if length is None else length
    calls = calls or [names.int(f"call{index}") for index in range(length)]
    step = Step(0, 0, -1, [False] * players, 0, False, False)
    steps, rules = [step], []
    for index, call in enumerate(calls):
        rules.append(t.lift(call_is_legal(sp, step, call, index, players)))
        step = _after(sp, step, call, index, players)
        steps.append(step)
    return SymbolicAuction(players, calls, steps, rules)


def _after(sp: SymbolicProfile, step: Step, call: t.Int, index: int, players: int) -> Step:
    """The auction once ``call`` is made at ``step`` (nothing changes once it is over)."""
    continuing = sp.is_("auction.shape", "continuing")
    final = t.And(continuing, sp.is_("auction.pass", "final"))
    dealer = players - 1
    forced = t.And(t.eq(step.high, 0), index == players - 1)
    is_bid = call >= MIN_BID
    out = [t.Or(flag, t.And(t.eq(call, PASS), final, t.eq(step.turn, s)))
           for s, flag in enumerate(step.out)]
    high = t.If(is_bid, call, step.high)
    nxt = _next_speaker(step.turn, out, players, t.And(final, high > 0))
    passes = t.If(is_bid, 0, step.passes + 1)
    everyone_else_out = t.And([t.Or(flag, t.eq(step.high_seat, s)) for s, flag in enumerate(out)])
    closes_on_bid = t.Or(forced, t.eq(call, MAX_BID),
                         t.And(t.Not(continuing), t.eq(step.turn, dealer)),
                         t.And(final, t.eq(nxt, step.turn)))
    closes_on_pass = t.If(
        t.Not(continuing), t.And(t.eq(step.turn, dealer), step.high > 0),
        t.If(final, t.And(step.high > 0, everyone_else_out),
             t.And(step.high > 0, t.eq(passes, players - 1))))
    closes = t.If(is_bid, closes_on_bid, closes_on_pass)
    live = t.Not(step.over)
    return Step(
        turn=t.If(live, nxt, step.turn),
        high=high,
        high_seat=t.If(is_bid, step.turn, step.high_seat),
        out=[t.If(live, o, f) for o, f in zip(out, step.out, strict=True)],
        passes=t.If(live, passes, step.passes),
        over=t.Or(step.over, closes),
        forced_contract=t.Or(step.forced_contract, t.And(live, forced)))


def call_code(label: str) -> int:
    """The call number of a graph edge label (``pass`` or ``bid N``)."""
    return PASS if label == "pass" else int(label.split()[1])
