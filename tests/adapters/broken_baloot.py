"""The reference adapter over a Baloot engine with one rule broken on purpose, named by the
first argument; each must fail the Baloot suite on exactly the rules it breaks.

``sun-order-for-trump``: trumps rank as plain cards do (A 10 K Q J 9 8 7).
``no-duty-to-trump``: a player void in the suit led in Hokom may play any card.
``any-trump-follows``: any trump may follow a trump lead (trumps still rank rightly).
``five-up-in-hokom``: Hokom card points ending in 5 are rounded up.
``baloot-multiplied``: Baloot's 2 game points are multiplied with a doubled hand.
``four-aces-400-in-hokom``: four Aces are a 400 in Hokom too.
``both-sides-projects``: the projects of both sides score, not only the higher side's.
``last-trick-to-leader``: the last trick's 10 goes to the side that led it, not the one that
won it.
``jack-nine-swapped``: the trump Jack is worth 14 and the trump Nine 20 (the other way round).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any

import trickrules.engine.baloot.game
import trickrules.engine.baloot.projects
import trickrules.proofs.baloot.conformance.declaring
import trickrules.proofs.baloot.conformance.expect
import trickrules.proofs.baloot.conformance.played_hand
from trickrules.engine.baloot.rules import HokomConversion, HokomVoid, Rules, TrumpLed

from . import serve_broken


def _rules(change: Callable[[Rules], dict[str, Any]]) -> Callable[[], None]:
    """A break that compiles every profile's rules and then changes some fields."""
    def apply() -> None:
        game = trickrules.engine.baloot.game
        compile_rules: Callable[..., Rules] = getattr(game, "compile_rules")  # noqa: B009

        def broken(profile: Any) -> Rules:
            rules = compile_rules(profile)
            return dataclasses.replace(rules, **change(rules))

        setattr(trickrules.engine.baloot.game, "compile_rules", broken)  # noqa: B010

    return apply


def _sun_order(rules: Rules) -> dict[str, Any]:
    return {"trump_strength": tuple(8 + s for s in rules.plain_strength)}


def _four_aces(rules: Rules) -> dict[str, Any]:
    values = dict(rules.project_values)
    values["four-hundred-hokom"] = values["four-hundred-sun"]
    return {"project_values": values}


def _four_aces_anywhere() -> None:
    _rules(_four_aces)()
    candidates = trickrules.engine.baloot.projects.candidates

    def broken(hand: int, contract: str, seat: int, may_hold_400: bool) -> list[Any]:
        found = candidates(hand, contract, seat, may_hold_400)
        return [p._replace(kind="four-hundred") if p.kind == "hundred" and p.suit is None
                and p.top == trickrules.engine.baloot.cards.ACE else p for p in found]

    setattr(trickrules.engine.baloot.projects, "candidates", broken)  # noqa: B010


def _baloot_multiplied() -> None:
    score_hand = getattr(trickrules.proofs.baloot.conformance.expect, "score_hand")  # noqa: B009

    def broken(rules: Rules, facts: Any) -> Any:
        got = score_hand(rules, facts)
        times = 4 if facts.gahwa else facts.multiplier
        baloot = (got.baloot[0] * times, got.baloot[1] * times)
        total = (got.cards[0] + got.projects[0] + baloot[0],
                 got.cards[1] + got.projects[1] + baloot[1])
        return got._replace(baloot=baloot, total=total)

    setattr(trickrules.proofs.baloot.conformance.expect, "score_hand", broken)  # noqa: B010


def _both_sides_projects() -> None:
    compare = trickrules.proofs.baloot.conformance.declaring.project_compare

    def broken(rules: Rules, data: dict[str, Any]) -> Any:
        got = compare(rules, data)
        points = sum(trickrules.engine.baloot.projects.value(rules, p["kind"], data["contract"])
                     for p in data["declared"])
        return dataclasses.replace(got, expect={**got.expect, "points": points})

    setattr(trickrules.proofs.baloot.conformance.declaring, "project_compare", broken)  # noqa: B010


def _jack_nine_swapped(rules: Rules) -> dict[str, Any]:
    values = list(rules.trump_points)
    for suit in range(4):
        cards = trickrules.engine.baloot.cards
        jack, nine = suit * 8 + cards.JACK, suit * 8 + cards.NINE
        values[jack], values[nine] = values[nine], values[jack]
    return {"trump_points": tuple(values)}


def _last_trick_to_leader() -> None:
    setattr(trickrules.proofs.baloot.conformance.played_hand, "last_trick_side",  # noqa: B010
            lambda winner, leader: leader % 2)


BREAKS: dict[str, Callable[[], None]] = {
    "sun-order-for-trump": _rules(_sun_order),
    "no-duty-to-trump": _rules(lambda rules: {"hokom_void": HokomVoid.MAY_TRUMP}),
    "any-trump-follows": _rules(lambda rules: {"trump_led": TrumpLed.ANY_TRUMP}),
    "five-up-in-hokom": _rules(
        lambda rules: {"hokom_conversion": HokomConversion.NEAREST_TEN_HALF_UP}),
    "baloot-multiplied": _baloot_multiplied,
    "four-aces-400-in-hokom": _four_aces_anywhere,
    "both-sides-projects": _both_sides_projects,
    "last-trick-to-leader": _last_trick_to_leader,
    "jack-nine-swapped": _rules(_jack_nine_swapped),
}


if __name__ == "__main__":
    sys.exit(serve_broken(BREAKS, sys.argv[1:]))
