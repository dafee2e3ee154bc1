"""Game id -> family -> engine: the only way shared code reaches a family's engine.

Each family's engine package (named by its :class:`~trickrules.spec.registry.Family` record)
provides ``game_types()`` (one :class:`~trickrules.engine.api.GameType` per game),
``load_game(game_id, profile)``, ``state_from_json``, ``random_game_record``, ``rules_player`` and
``hand_results``. The package is imported only when a game of the family is asked for.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from trickrules.engine.api import GameType
from trickrules.engine.chance import Variant
from trickrules.spec.model import Profile
from trickrules.spec.registry import FAMILIES, family, family_of


def _engine(name: str) -> ModuleType:
    return importlib.import_module(family(name).engine)


def game_types() -> list[GameType]:
    """The type record of every registered game, family by family."""
    return [t for family in FAMILIES for t in _engine(family).game_types()]


def game_type(game_id: str) -> GameType:
    """The type record of one game."""
    found: GameType = _engine(family_of(game_id)).game_type(game_id)
    return found


def load_game(game_id: str, profile: Profile | str | None = None) -> Any:
    """The game ``game_id`` under ``profile`` (a profile, its id, or by default the game's
    reconciled profile)."""
    return _engine(family_of(game_id)).load_game(game_id, profile)


def state_from_json(data: dict[str, Any], profile: Profile | None = None) -> Any:
    """A state from its JSON form, by the game it names (``StateError`` for bad input)."""
    from trickrules.engine.errors import StateError

    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str):
        raise StateError("state.game: expected a game id")
    try:
        name = family_of(game)
    except KeyError as exc:
        raise StateError(f"state.game: {exc.args[0]}") from None
    return _engine(name).state_from_json(data, profile)


def random_game_record(game: Any, seed: int) -> dict[str, Any]:
    """A whole game of ``game`` played by random legal players from ``seed``, as the JSON
    record ``trickrules play --json`` prints."""
    result: dict[str, Any] = _engine(family_of(game.game_id)).random_game_record(game, seed)
    return result


def rules_player(game_id: str) -> Any:
    """The family's rule-based player for ``game_id`` (an
    :class:`trickrules.engine.players.Player`)."""
    return _engine(family_of(game_id)).rules_player(game_id)


def hand_results(state: Any) -> list[tuple[tuple[int, int], bool | None]]:
    """Each finished hand of ``state``'s game: the points it gave each team, and whether the
    contract was made (None for a hand nobody bought)."""
    found: list[tuple[tuple[int, int], bool | None]] = _engine(
        family_of(state.game.game_id)).hand_results(state)
    return found


def new_chance_state(game: Any, variant: Variant | None = None) -> Any:
    """A new game of ``game`` whose deals are explicit chance nodes, for game-AI frameworks
    (one hand or a whole game: ``variant``); seeded states are made by the game itself."""
    state = _engine(family_of(game.game_id)).chance_state(game, variant or Variant())
    return state
