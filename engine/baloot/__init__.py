"""Baloot: the executable rules, driven by ``spec/baloot/``.

The registry (:mod:`trickrules.engine.registry`) reaches the family through :func:`game_types`,
:func:`game_type`, :func:`load_game` and :func:`state_from_json`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickrules.engine.api import GameType
from trickrules.engine.chance import Variant
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.engine.baloot.chance import BalootChanceState
    from trickrules.engine.baloot.game import BalootGame, BalootState
    from trickrules.engine.baloot.players import BalootRulesPlayer

STATE_FORMAT = "trickrules/baloot-state/1"


def game_types() -> list[GameType]:
    """The one Baloot game, from the rule data."""
    from trickrules.engine.baloot.actions import NUM_ACTIONS
    from trickrules.spec.loader import family_catalogue

    known = family_catalogue("baloot")
    return [GameType(game.id, game.name, "baloot", game.players, NUM_ACTIONS, STATE_FORMAT,
                     known.default_profile(game.id).id) for game in known.games.values()]


def game_type(game_id: str) -> GameType:
    """The record of the Baloot game."""
    for kind in game_types():
        if kind.short_name == game_id:
            return kind
    raise KeyError(f"no Baloot game {game_id!r}")


def load_game(game_id: str, profile: Profile | str | None = None) -> BalootGame:
    """A :class:`~trickrules.engine.baloot.game.BalootGame`."""
    from trickrules.engine.baloot.game import BalootGame

    return BalootGame(game_id, profile)


def state_from_json(data: dict[str, Any], profile: Profile | None = None) -> BalootState:
    """A :class:`~trickrules.engine.baloot.game.BalootState` from its JSON form."""
    from trickrules.engine.baloot.game import BalootState

    return BalootState.from_json(data, profile)


def random_game_record(game: BalootGame, seed: int) -> dict[str, Any]:
    """A whole game played by random legal players from ``seed``, as the JSON record
    ``trickrules play --json`` prints."""
    from trickrules.engine.baloot.record import game_to_json, play_random_game

    return game_to_json(play_random_game(game, seed))


def chance_state(game: Any, variant: Variant) -> BalootChanceState:
    """A new game of ``game`` whose deals are explicit chance nodes (see
    :mod:`trickrules.engine.baloot.chance`)."""
    from trickrules.engine.baloot.chance import BalootChanceState

    return BalootChanceState(game, variant)


def rules_player(game_id: str) -> BalootRulesPlayer:
    """The rule-based player (see :mod:`trickrules.engine.baloot.players`)."""
    from trickrules.engine.baloot.players import BalootRulesPlayer

    return BalootRulesPlayer()


def hand_results(state: BalootState) -> list[tuple[tuple[int, int], bool | None]]:
    """Each finished hand: the game points it gave each side, and whether the contract was
    made (None for a hand all passed or annulled by Kawesh)."""
    out: list[tuple[tuple[int, int], bool | None]] = []
    for record in state.records:
        points = record["game_points"]
        out.append(((int(points[0]), int(points[1])), record.get("made")))
    return out
