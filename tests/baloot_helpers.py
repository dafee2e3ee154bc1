"""Helpers for the Baloot tests: variant rules and games, and explicit deals."""

from __future__ import annotations

import random
from typing import Any

from trickrules.engine.baloot.game import BalootGame, BalootState
from trickrules.engine.baloot.rules import Rules, compile_rules
from trickrules.spec.loader import family_catalogue


def named(overrides: dict[str, str]) -> dict[str, str]:
    """``score__sun_conversion`` style keys to parameter ids (``score.sun-conversion``)."""
    return {key.replace("__", ".").replace("_", "-"): value for key, value in overrides.items()}


def baloot(**overrides: str) -> BalootGame:
    """``baloot-default`` with parameters overridden."""
    base = family_catalogue("baloot").default_profile("baloot")
    return BalootGame("baloot", base.pin(named(overrides)))


def rules(**overrides: str) -> Rules:
    """The compiled rules of :func:`baloot`."""
    base = family_catalogue("baloot").default_profile("baloot")
    return compile_rules(base.pin(named(overrides)))


DEAL = ("7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D")
PUBLIC = "JD"
STOCK = "QD KD AD 7C 8C 9C 10C JC QC KC AC"


def deal(game: BalootGame | None = None, dealer: int = 0,
         hands: tuple[str, str, str, str] = DEAL, public: str = PUBLIC, stock: str = STOCK,
         scores: tuple[int, int] = (0, 0)) -> BalootState:
    """A game at the start of buying over an explicit deal."""
    return (game or baloot()).state_from_deal(dealer, hands, public, stock, scores)


def calls(state: BalootState, *names: str) -> BalootState:
    """Apply calls by name (``pass``, ``sun``, ``hokom``, ``suit-H``, ``double``, ...)."""
    for call in names:
        by_name = {state.action_to_string(a): a for a in state.legal_actions()}
        assert call in by_name, f"{call} is not legal: {sorted(by_name)}"
        state.apply_action(by_name[call])
    return state


def names_of(state: BalootState) -> list[str]:
    """The legal actions by name."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def situation(seed: int, steps: int) -> tuple[BalootState, dict[str, Any], list[str]]:
    """A random game ``steps`` actions in: its JSON state, the actions played on to the end of
    that hand, and the state once they are played."""
    state = BalootGame().new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    start = state.to_json()
    hands, then = len(state.records), []
    while len(state.records) == hands:
        action = rng.choice(state.legal_actions())
        then.append(state.action_to_string(action))
        state.apply_action(action)
    return state, start, then
