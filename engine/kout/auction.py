"""The auction: who may bid what, the dealer's forced bid, and the contract it ends in.

Seats speak in play order starting after the dealer. A bid of 9 ends the auction at once
(nothing can outbid it), and so does the dealer's forced bid (every other player has passed).
"""

from __future__ import annotations

from trickrules.engine.kout.actions import MAX_BID, MIN_BID
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import Rules

PASS_BID = 0


class Auction:
    """The bidding of one hand; ``calls`` holds ``(seat, bid)`` with bid 0 for a pass."""

    __slots__ = ("_active", "_passes_in_row", "calls", "contract", "dealer", "high_bid",
                 "high_seat", "rules", "turn")

    def __init__(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.turn = (dealer + 1) % rules.players
        self.calls: list[tuple[int, int]] = []
        self.high_bid = 0
        self.high_seat = -1
        self.contract: Contract | None = None
        self._active = set(range(rules.players))
        self._passes_in_row = 0

    @property
    def forced(self) -> bool:
        """Whether the player to speak is the dealer and everyone else passed without a bid."""
        players = self.rules.players
        return (self.contract is None and self.high_bid == 0 and self.turn == self.dealer
                and len(self.calls) == players - 1)

    def legal_bids(self) -> list[int]:
        """Legal calls for the player to speak, ascending, 0 (pass) first when allowed."""
        if self.contract is not None:
            return []
        if self.forced:
            return [MIN_BID] if self.rules.forced_exactly_5 else list(range(MIN_BID, MAX_BID + 1))
        return [PASS_BID, *range(max(MIN_BID, self.high_bid + 1), MAX_BID + 1)]

    def forbidding_rule(self, bid: int) -> tuple[str, str]:
        """For an illegal call: the rule id that forbids it and why."""
        if self.contract is not None:
            return "auction.shape", "the auction is over"
        if self.forced:
            if bid == PASS_BID:
                return "auction.dealer-forced-bid", "every other player passed: the dealer must bid"
            return "auction.dealer-forced-bid", "the dealer's forced bid must be exactly 5"
        if not MIN_BID <= bid <= MAX_BID:
            return "auction.bid-range", f"bids run from {MIN_BID} to {MAX_BID}"
        return "auction.bid-must-exceed", f"bid {bid} does not exceed the high bid {self.high_bid}"

    def apply(self, bid: int) -> None:
        """Record a legal call (0 = pass) by the player to speak and move the turn on."""
        rules = self.rules
        seat = self.turn
        forced = self.forced
        self.calls.append((seat, bid))
        if bid == PASS_BID:
            self._passes_in_row += 1
            if rules.pass_final:
                self._active.discard(seat)
        else:
            self.high_bid = bid
            self.high_seat = seat
            self._passes_in_row = 0
        if forced or bid == MAX_BID or self._finished(seat):
            self._close(forced)
            return
        self.turn = self._next_speaker(seat)

    def _finished(self, seat: int) -> bool:
        players = self.rules.players
        if not self.rules.auction_continuing:
            return seat == self.dealer and self.high_bid > 0
        if self.high_bid == 0:
            return False
        if self.rules.pass_final:
            return self._active == {self.high_seat}
        return self._passes_in_row == players - 1

    def _next_speaker(self, seat: int) -> int:
        players = self.rules.players
        nxt = (seat + 1) % players
        if self.rules.auction_continuing and self.rules.pass_final and self.high_bid > 0:
            while nxt not in self._active:
                nxt = (nxt + 1) % players
        return nxt

    def _close(self, forced: bool) -> None:
        bid = self.high_bid
        malzoom = forced and (bid == MIN_BID or self.rules.malzoom_any_forced)
        self.contract = Contract(self.high_seat, bid, forced, malzoom)
