"""Baloot's table questions in the conformance protocol: who deals the next hand
(``dealer.rotation``, ``auction.all-pass``), who leads the first trick (``play.first-lead``),
what the cutter may choose (``deal.cut``) and what may follow a card exposed in the deal
(``deal.exposed-card``).

Each answer is what an engine game reaches when it is played to that point from an explicit
deal (:mod:`trickrules.proofs.baloot.table_play`), under the request's compiled rules: a question no
hand reaches under them (a Kawesh where none is allowed) is refused as unreachable.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from trickrules.engine.baloot.game import BalootGame
from trickrules.engine.baloot.rules import Rules
from trickrules.engine.errors import EngineError
from trickrules.proofs.baloot import table_play
from trickrules.proofs.baloot.conformance import GAME
from trickrules.proofs.baloot.conformance.situation import SEATS, read_card, read_seat
from trickrules.proofs.baloot.examples import cut_choices
from trickrules.proofs.conformance.build import Case
from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError, PerReadings
from trickrules.spec.model import Profile

game_for = PerReadings(lambda profile: BalootGame(GAME, profile))
"""The engine's game under a concrete profile."""
TABLE_OPS = ("next-dealer", "first-lead", "cut", "exposed-card")


def answer(profile: Profile, rules: Rules, request: dict[str, Any]) -> Answer:
    """The answer to a table question under ``profile``, whose compiled rules are ``rules``
    (a stand-in that notes what the answer reads, see
    :mod:`trickrules.proofs.conformance.reads`)."""
    game = copy.copy(game_for(profile))
    game.rules = rules
    op = request.get("op")
    dealer = read_seat(request.get("dealer"), "dealer")
    try:
        if op == "next-dealer":
            return _next_dealer(game, rules, dealer, str(request.get("ended")))
        if op == "first-lead":
            declarer = read_seat(request.get("declarer"), "declarer")
            leader = table_play.first_leader(game, dealer, declarer, str(request.get("contract")))
            return Answer({"leader": leader}, {"leader": "play.first-lead"})
        if op == "cut":
            choices = table_play.cutter_choices(game, dealer, cut_choices(profile))
            return Answer({"choices": choices}, {"choices": "deal.cut"})
        if op == "exposed-card":
            seat, card = read_seat(request.get("seat"), "seat"), request.get("card")
            read_card(card, "card")
            outcomes = table_play.exposed_outcomes(game, dealer, seat, str(card))
            return Answer({"outcomes": outcomes}, {"outcomes": "deal.exposed-card"})
    except InvalidRequestError:
        raise
    except (ValueError, EngineError) as exc:
        raise InvalidRequestError(f"no hand under {profile.id} reaches this: {exc}") from None
    raise InvalidRequestError(f"Baloot answers no {op!r} table question")


def _next_dealer(game: BalootGame, rules: Rules, dealer: int, ended: str) -> Answer:
    """Who deals after the hand; after every player passed twice, ``auction.all-pass`` decides
    whether the deal moves on, and ``dealer.rotation`` to whom."""
    seat = table_play.next_dealer(game, dealer, ended)
    if ended != "all-passed":
        rule = ["dealer.rotation"]
    elif rules.all_pass_same_dealer:
        rule = ["auction.all-pass"]
    else:
        rule = ["auction.all-pass", "dealer.rotation"]
    return Answer({"dealer": seat}, {"dealer": rule})


EXPOSED_CARDS = ("7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "AH", "AD", "AC")
"""Cards turned face up in the exposed-card grid: every rank of one suit, and every Ace."""


def table_cases() -> Iterator[Case]:
    """The table's questions: the next dealer after every dealer's hand however it ended, the
    first leader for every dealer, declarer and contract, the cutter's choices
    before every dealer's deal, and each card of :data:`EXPOSED_CARDS` exposed as it is dealt
    to each seat in turn."""
    for dealer, ended in itertools.product(range(SEATS), table_play.ENDINGS):
        yield Case(GAME, {"op": "next-dealer", "dealer": dealer, "ended": ended}, "grid")
    for dealer, declarer, contract in itertools.product(range(SEATS), range(SEATS),
                                                        ("sun", "hokom")):
        yield Case(GAME, {"op": "first-lead", "dealer": dealer, "declarer": declarer,
                          "contract": contract}, "grid")
    for dealer in range(SEATS):
        yield Case(GAME, {"op": "cut", "dealer": dealer}, "grid")
    for k, card in enumerate(EXPOSED_CARDS):
        yield Case(GAME, {"op": "exposed-card", "dealer": 0, "seat": k % SEATS, "card": card},
                   "grid")
