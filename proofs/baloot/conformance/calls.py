"""Baloot's calls in the conformance protocol: the auction's two rounds (Hokom, Sun, Ashkal,
Kawesh, and in the second round a Hokom with or without its suit) and the doubling after it.

An auction request gives the dealer, the public card, the five cards each seat holds before
the deal is completed (a Kawesh depends on them) and the calls so far; the answer is the seat
to speak and the calls open to it, and the contract once the calls end the auction. A
doubling request gives the contract, its declarer, the scores before the hand (Sun may be
doubled only in some standings) and the doubling calls so far. Calls are named as the
engine names them (``pass``, ``hokom``, ``sun``, ``ashkal``, ``kawesh``, ``suit-H``;
``double``, ``double-locked``, ``triple``, ``four``, ``four-locked``, ``gahwa``).
"""

from __future__ import annotations

from typing import Any

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.auction import (
    Auction,
    Doubling,
    apply_call,
    apply_doubling,
    legal_calls,
    legal_doubling,
    over_opponents_hokom,
    start,
    start_doubling,
)
from trickrules.engine.baloot.cards import ACE, BCard, CardMask, name
from trickrules.engine.baloot.rules import HOKOM, SUN, Rules
from trickrules.proofs.baloot.conformance.situation import read_card, read_seat
from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError
from trickrules.spec.cards import SUIT_LETTERS

AUCTION_CALLS = ("pass", "hokom", "sun", "ashkal", "kawesh",
                 *(f"suit-{s}" for s in SUIT_LETTERS))
DOUBLING_CALLS = ("pass", "double", "double-locked", "triple", "four", "four-locked", "gahwa")
ACTIONS = {act.action_name(a): a for a in range(act.PASS, act.NUM_ACTIONS)}
SEAT_RULES = {2: "double.buyer-raises", 3: "double.four-caller", 4: "double.buyer-raises"}
"""The rule that says who speaks at each doubling level (the defenders first, a Double's
buyer and perhaps his partner, a Triple's doubler and perhaps his partner)."""
FIRST_CARDS = 5
"""Cards each seat holds during the auction (the deal is completed after it)."""


def _hands(data: dict[str, Any], public: BCard) -> list[CardMask]:
    raw = data.get("hands")
    if not isinstance(raw, list) or len(raw) != 4:
        raise InvalidRequestError("hands: expected the four seats' first five cards")
    seen = {public}
    out = []
    for s, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != FIRST_CARDS:
            raise InvalidRequestError(f"hands[{s}]: expected {FIRST_CARDS} cards")
        mask = 0
        for token in hand:
            c = read_card(token, f"hands[{s}]")
            if c in seen:
                raise InvalidRequestError(f"hands[{s}]: {name(c)} is dealt twice")
            seen.add(c)
            mask |= 1 << c
        out.append(mask)
    return out


def _ashkal_rule(auction: Auction) -> str:
    """The rule that makes Ashkal open or closed to the seat to speak: the round, an Ace
    shown, whose bid stands, or who may call it."""
    if auction.round == 2:
        return "auction.ashkal-round"
    seat = auction.queue[0]
    entitled = auction.priority(seat) >= 2  # the dealer's left and the dealer
    if entitled and auction.public & 7 == ACE:
        return "auction.ashkal-on-ace"
    return "auction.ashkal-when" if entitled and not over_opponents_hokom(auction, seat) \
        else "auction.ashkal-callers"


def _bid_rule(auction: Auction, call: str) -> str:
    """The rule that makes a pass, a Hokom (with its suit or not) or a Sun open or closed to
    the seat to speak."""
    if call.startswith("suit-") or (call == "hokom" and auction.round == 2):
        return "auction.second-round-hokom"
    if call == "hokom" and auction.bid is not None:
        return "auction.hokom-over-hokom"
    if call == "sun":
        return ("auction.sun-over-sun" if auction.bid is not None and auction.bid.kind == SUN
                else "auction.sun-over-hokom")
    return "auction.order"


def call_rule(rules: Rules, auction: Auction, call: str) -> str:
    """The rule that makes ``call`` open or closed to the seat to speak."""
    if auction.confirming:
        return "auction.hokom-confirmation"
    if call == "kawesh":
        return "auction.kawesh"
    if call == "ashkal":
        return _ashkal_rule(auction)
    return _bid_rule(auction, call)


def _contract(auction: Auction) -> dict[str, Any] | None:
    if not auction.done or auction.bid is None or auction.annulled:
        return None
    bid = auction.bid
    return {"kind": bid.kind, "declarer": bid.declarer,
            "trump": None if bid.trump is None else SUIT_LETTERS[bid.trump]}


def auction(rules: Rules, data: dict[str, Any]) -> Answer:
    """The seat to speak and the calls open to it, or the contract once the auction is over
    (no seat then): who speaks is part of the answer (``auction.order``)."""
    dealer = read_seat(data.get("dealer"), "dealer")
    public = read_card(data.get("public"), "public")
    hands = _hands(data, public)
    calls = data.get("calls")
    if not isinstance(calls, list):
        raise InvalidRequestError("calls: expected a list of calls")
    bidding = start(dealer, public)
    why: dict[str, Any] = {}
    for k, call in enumerate(calls):
        if bidding.done:
            raise InvalidRequestError(f"call {k} ({call}): the auction is over")
        seat = bidding.queue[0]
        action = ACTIONS.get(str(call))
        if action is None or action not in legal_calls(rules, bidding, hands[seat]):
            raise InvalidRequestError(f"call {k} ({call}) is not open to seat {seat}")
        why[f"call {k}"] = call_rule(rules, bidding, str(call))
        apply_call(rules, bidding, action)
    legal: list[str] = []
    if not bidding.done:
        legal = [act.action_name(a) for a in
                 legal_calls(rules, bidding, hands[bidding.queue[0]])]
        why["calls"] = {c: call_rule(rules, bidding, c) for c in AUCTION_CALLS}
    contract = _contract(bidding)
    why["seat"] = "auction.order"
    why["contract"] = ("auction.kawesh" if bidding.annulled else
                       "auction.all-pass" if bidding.done and bidding.bid is None else
                       why.get(f"call {len(calls) - 1}", "auction.order"))
    speaker = None if bidding.done else bidding.queue[0]
    return Answer({"legal": legal, "seat": speaker, "contract": contract}, why)


def doubling_rule(doubling: Doubling, call: str, scores: tuple[int, int]) -> str:
    """The rule that makes a doubling call open or closed: for a Sun, which side is ahead
    where only the defenders are above 100 (and the other condition holds), else the
    condition on the scores."""
    if doubling.contract == SUN:
        buyers = doubling.declarer % 2
        if scores[1 - buyers] > 100 >= scores[buyers] and min(scores) < 100:
            return "double.sun-ahead"
        return "double.sun"
    if call == "gahwa":
        return "double.gahwa"
    return "double.lock"


def _read_scores(data: dict[str, Any]) -> tuple[int, int]:
    """The two sides' scores before the hand, each a whole number of points from 0."""
    scores = data.get("scores")
    if (not isinstance(scores, list) or len(scores) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                       for s in scores)):
        raise InvalidRequestError("scores: expected the two sides' scores before the hand")
    return scores[0], scores[1]


def _replay_doubling(rules: Rules, state: Doubling, calls: list[Any]) -> None:
    """Make the request's doubling calls, each of which must be open to the seat to speak."""
    for k, call in enumerate(calls):
        if not state.queue:
            raise InvalidRequestError(f"call {k} ({call}): the doubling is over")
        action = ACTIONS.get(str(call))
        if action is None or action not in legal_doubling(state):
            raise InvalidRequestError(f"call {k} ({call}) is not open to seat "
                                      f"{state.queue[0]}")
        apply_doubling(rules, state, action)


def doubling(rules: Rules, data: dict[str, Any]) -> Answer:
    """The doubling calls open to the seat to speak, and where the doubling stands."""
    contract = data.get("contract")
    if contract not in (SUN, HOKOM):
        raise InvalidRequestError(f"contract: {contract!r} is not sun or hokom")
    declarer = read_seat(data.get("declarer"), "declarer")
    read_seat(data.get("dealer"), "dealer")  # given for engines that start a hand from it
    scores = _read_scores(data)
    calls = data.get("calls")
    if not isinstance(calls, list):
        raise InvalidRequestError("calls: expected a list of calls")
    state = start_doubling(rules, declarer, contract, scores)
    _replay_doubling(rules, state, calls)
    legal = ([act.action_name(a) for a in legal_doubling(state)] if state.queue else [])
    expect = {"legal": legal, "seat": state.queue[0] if state.queue else None,
              "multiplier": state.level, "locked": state.locked, "gahwa": state.gahwa}
    why = {"calls": {c: doubling_rule(state, c, scores) for c in DOUBLING_CALLS},
           "seat": SEAT_RULES.get(state.level, "double.ladder"),
           "multiplier": "double.sun" if contract == SUN else "double.lock"}
    return Answer(expect, why)
