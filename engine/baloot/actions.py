"""Baloot's fixed action space: the 32 cards, then buying calls and suits, doubling calls,
project declarations and the cutter's choices."""

from __future__ import annotations

from trickrules.engine.baloot.cards import NUM_CARDS, name
from trickrules.engine.baloot.deal import CUTTER_CHOICES
from trickrules.spec.cards import SUIT_LETTERS

PASS = NUM_CARDS
HOKOM = PASS + 1
"""Hokom in the public card's suit (first round), or with the suit named later."""
SUN = PASS + 2
ASHKAL = PASS + 3
KAWESH = PASS + 4
SUIT_BASE = PASS + 5
"""``SUIT_BASE + s``: Hokom in suit ``s`` (second round), or naming ``s`` as trump."""
DOUBLE = SUIT_BASE + 4
DOUBLE_LOCKED = DOUBLE + 1
TRIPLE = DOUBLE + 2
FOUR = DOUBLE + 3
FOUR_LOCKED = DOUBLE + 4
GAHWA = DOUBLE + 5
DECLARE = GAHWA + 1
"""Declare one's projects (the best set the hand holds) in the first trick."""
NO_DECLARE = DECLARE + 1
CUT_BASE = NO_DECLARE + 1
"""``CUT_BASE + i``: the cutter's choice ``CUTTER_CHOICES[i]``."""
NUM_ACTIONS = CUT_BASE + len(CUTTER_CHOICES)

_NAMES = {PASS: "pass", HOKOM: "hokom", SUN: "sun", ASHKAL: "ashkal", KAWESH: "kawesh",
          DOUBLE: "double", DOUBLE_LOCKED: "double-locked", TRIPLE: "triple", FOUR: "four",
          FOUR_LOCKED: "four-locked", GAHWA: "gahwa", DECLARE: "declare-projects",
          NO_DECLARE: "no-projects"}


def action_name(action: int) -> str:
    """The readable name of an action: a card (``AS``), a call (``sun``), ``hokom-H``,
    ``cutter:go``."""
    if 0 <= action < NUM_CARDS:
        return name(action)
    if action in _NAMES:
        return _NAMES[action]
    if SUIT_BASE <= action < SUIT_BASE + 4:
        return "suit-" + SUIT_LETTERS[action - SUIT_BASE]
    if CUT_BASE <= action < NUM_ACTIONS:
        return "cutter:" + CUTTER_CHOICES[action - CUT_BASE]
    return f"action {action}"
