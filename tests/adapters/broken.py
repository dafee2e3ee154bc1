"""The reference adapter over an engine with one rule broken on purpose, named by the first
argument; each must fail the suite on exactly the rules it breaks.

``no-follow-suit``: any card may follow a suit led (the Jokers keep their own rules).
``ace-below-black-joker``: the trump Ace ranks between the black Joker and the King of trump.
``jokers-never-led``: a Joker may not be led while other cards are held.
``malzoom-double``: a failed Malzoom scores double the bid, like any failed bid.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any

import trickrules.engine.kout.game
import trickrules.engine.kout.ranking
import trickrules.engine.kout.rules
from trickrules.engine.kout.play import NORMAL_LEAD, PlayPosition
from trickrules.engine.masks import JOKER_MASK

from . import serve_broken

_legal_mask = PlayPosition.legal_mask


def _no_follow_suit(self: PlayPosition) -> int:
    legal = _legal_mask(self)
    if self.over or not self.trick or self.lead_kind != NORMAL_LEAD:
        return legal
    return (self.hands[self.turn] & ~JOKER_MASK) | (legal & JOKER_MASK)


def _jokers_never_led(self: PlayPosition) -> int:
    legal = _legal_mask(self)
    hand = self.hands[self.turn]
    if self.over or self.trick or hand & JOKER_MASK == hand:
        return legal
    return legal & ~JOKER_MASK


def _ace_below_black_joker() -> None:
    ranking = trickrules.engine.kout.ranking
    ranking.TRUMP_ACE_STRENGTH = ranking.BLACK_JOKER_STRENGTH - 1


def _malzoom_double() -> None:
    compile_rules: Callable[..., Any] = trickrules.engine.kout.rules.compile_rules

    def compile_without_malzoom(profile: Any) -> Any:
        return dataclasses.replace(compile_rules(profile), malzoom_failed_points=None)

    setattr(trickrules.engine.kout.game, "compile_rules", compile_without_malzoom)  # noqa: B010


def _patch(name: str, method: Callable[[PlayPosition], int]) -> Callable[[], None]:
    def apply() -> None:
        setattr(PlayPosition, name, method)

    return apply


BREAKS: dict[str, Callable[[], None]] = {
    "no-follow-suit": _patch("legal_mask", _no_follow_suit),
    "ace-below-black-joker": _ace_below_black_joker,
    "jokers-never-led": _patch("legal_mask", _jokers_never_led),
    "malzoom-double": _malzoom_double,
}


if __name__ == "__main__":
    sys.exit(serve_broken(BREAKS, sys.argv[1:]))
