"""The auction as Z3 constraints over a bounded sequence of calls, written from the spec.

Seats are counted from the first speaker (0) to the dealer (N-1). Each step holds what the
rest of the auction depends on (who speaks, the high bid and its seat, who has passed for
good, passes since the last bid, whether the auction is over) and one call: a pass (0), a bid
(5..9), or nothing (-1) once the auction is over. Every reading of ``auction.*`` is honoured.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from proofs.smt.parameters import SymbolicProfile
from proofs.smt.solver import Names

PASS, NO_CALL, MIN_BID, MAX_BID = 0, -1, 5, 9


@dataclass
class Step:
    """The auction before one call."""

    turn: z3.ArithRef
    high: z3.ArithRef
    high_seat: z3.ArithRef
    out: list[z3.BoolRef]
    passes: z3.ArithRef
    over: z3.BoolRef
    forced_contract: z3.BoolRef


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


def _next_speaker(turn: z3.ArithRef, out: list[z3.BoolRef], players: int,
                  skip_out: z3.BoolRef) -> z3.ArithRef:
    """The next seat after ``turn``, passing over seats that are out when ``skip_out``."""
    result: z3.ArithRef = z3.IntVal(0)
    for seat in range(players):
        after = [(seat + d) % players for d in range(1, players)]
        choice: z3.ArithRef = z3.IntVal(seat)
        for other in reversed(after):
            choice = z3.If(out[other], choice, z3.IntVal(other))
        result = z3.If(turn == seat, z3.If(skip_out, choice, z3.IntVal(after[0])), result)
    return result


def call_is_legal(sp: SymbolicProfile, step: Step, call: z3.ArithRef, index: int,
                  players: int) -> z3.BoolRef:
    """Rules ``auction.bid-range``, ``auction.bid-must-exceed`` and
    ``auction.dealer-forced-bid``: ``call`` may be made at ``step`` (the ``index``-th call)."""
    forced = z3.And(step.high == 0, index == players - 1)
    bid = z3.And(call >= MIN_BID, call <= MAX_BID)
    forced_call = z3.If(sp.is_("auction.dealer-forced-bid", "exactly-5"), call == MIN_BID, bid)
    free_call = z3.Or(call == PASS, z3.And(bid, call > step.high))
    return z3.If(step.over, call == NO_CALL, z3.If(forced, forced_call, free_call))


def symbolic_auction(sp: SymbolicProfile, names: Names, players: int,
                     length: int | None = None,
                     calls: list[z3.ArithRef] | None = None) -> SymbolicAuction:
    """Every legal sequence of ``length`` calls (default: enough for any auction). Given
    ``calls``, the auction is read over those call variables (two rule sets over one
    sequence of calls)."""
    length = max_calls(players) if length is None else length
    calls = calls or [names.int(f"call{index}") for index in range(length)]
    continuing = sp.is_("auction.shape", "continuing")
    final = z3.And(continuing, sp.is_("auction.pass", "final"))
    dealer = players - 1
    step = Step(z3.IntVal(0), z3.IntVal(0), z3.IntVal(-1), [z3.BoolVal(False)] * players,
                z3.IntVal(0), z3.BoolVal(False), z3.BoolVal(False))
    steps, rules = [step], []
    for index, call in enumerate(calls):
        rules.append(call_is_legal(sp, step, call, index, players))
        forced = z3.And(step.high == 0, index == players - 1)
        is_bid = call >= MIN_BID
        out = [z3.Or(flag, z3.And(call == PASS, final, step.turn == s))
               for s, flag in enumerate(step.out)]
        high = z3.If(is_bid, call, step.high)
        nxt = _next_speaker(step.turn, out, players, z3.And(final, high > 0))
        passes = z3.If(is_bid, 0, step.passes + 1)
        everyone_else_out = z3.And([z3.Or(flag, step.high_seat == s)
                                    for s, flag in enumerate(out)])
        closes_on_bid = z3.Or(forced, call == MAX_BID,
                              z3.And(z3.Not(continuing), step.turn == dealer),
                              z3.And(final, nxt == step.turn))
        closes_on_pass = z3.If(
            z3.Not(continuing), z3.And(step.turn == dealer, step.high > 0),
            z3.If(final, z3.And(step.high > 0, everyone_else_out),
                  z3.And(step.high > 0, passes == players - 1)))
        closes = z3.If(is_bid, closes_on_bid, closes_on_pass)
        live = z3.Not(step.over)
        step = Step(
            turn=z3.If(live, nxt, step.turn),
            high=high,
            high_seat=z3.If(is_bid, step.turn, step.high_seat),
            out=[z3.If(live, o, f) for o, f in zip(out, step.out, strict=True)],
            passes=z3.If(live, passes, step.passes),
            over=z3.Or(step.over, closes),
            forced_contract=z3.Or(step.forced_contract, z3.And(live, forced)))
        steps.append(step)
    return SymbolicAuction(players, calls, steps, rules)


def call_code(label: str) -> int:
    """The call number of a graph edge label (``pass`` or ``bid N``)."""
    return PASS if label == "pass" else int(label.split()[1])
