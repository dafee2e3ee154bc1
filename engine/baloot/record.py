"""Game records: a whole game as JSON (what ``trickrules play --game baloot --json`` prints;
each finished hand's record is made by the state as the hand ends), and a whole game played by
random legal players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickrules.engine.api import play_random

if TYPE_CHECKING:
    from trickrules.engine.baloot.game import BalootGame, BalootState
    from trickrules.engine.baloot.state import BalootStateCore


def play_random_game(game: BalootGame, seed: int) -> BalootState:
    """A whole game with random legal players, from ``seed``
    (:func:`trickrules.engine.api.play_random`)."""
    state: BalootState = play_random(game, seed)
    return state


def game_to_json(state: BalootStateCore) -> dict[str, Any]:
    """The record of a game: its settings, every hand, and the final result."""
    return {
        "game": "baloot",
        "profile": state.rules.profile_id,
        "seed": state.seed,
        "players": 4,
        "hands": state.records,
        "final": {"scores": list(state.scores), "winner": state.winner},
    }
