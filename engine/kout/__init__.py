"""Kout Bo (Kout 6 and Kout 4): the executable rules, driven by ``spec/kout/``.

The registry (:mod:`trickrules.engine.registry`) reaches the family through :func:`game_types`,
:func:`game_type` and :func:`load_game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickrules.engine.api import GameType
from trickrules.engine.chance import Variant
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.engine.kout.chance import KoutChanceState
    from trickrules.engine.kout.game import KoutGame, KoutState
    from trickrules.engine.kout.players import KoutRulesPlayer

STATE_FORMAT = "trickrules/kout-state/1"


def game_types() -> list[GameType]:
    """One record per Kout game, from the rule data."""
    from trickrules.engine.kout.actions import NUM_ACTIONS
    from trickrules.spec.loader import family_catalogue

    known = family_catalogue("kout")
    return [GameType(game.id, game.name, "kout", game.players, NUM_ACTIONS, STATE_FORMAT,
                     known.default_profile(game.id).id) for game in known.games.values()]


def game_type(game_id: str) -> GameType:
    """The record of one Kout game."""
    for kind in game_types():
        if kind.short_name == game_id:
            return kind
    raise KeyError(f"no Kout game {game_id!r}")


def load_game(game_id: str, profile: Profile | str | None = None) -> KoutGame:
    """A :class:`~trickrules.engine.kout.game.KoutGame`."""
    from trickrules.engine.kout.game import KoutGame

    return KoutGame(game_id, profile)


def state_from_json(data: dict[str, Any], profile: Profile | None = None) -> KoutState:
    """A :class:`~trickrules.engine.kout.game.KoutState` from its JSON form."""
    from trickrules.engine.kout.game import KoutState

    return KoutState.from_json(data, profile)


def random_game_record(game: KoutGame, seed: int) -> dict[str, Any]:
    """A whole game played by random legal players from ``seed``, as the JSON record
    ``trickrules play --json`` prints."""
    from trickrules.engine.kout.record import game_to_json, play_random_game

    return game_to_json(play_random_game(game, seed))


def chance_state(game: Any, variant: Variant) -> KoutChanceState:
    """A new game of ``game`` whose deals are explicit chance nodes (see
    :mod:`trickrules.engine.kout.chance`)."""
    from trickrules.engine.kout.chance import KoutChanceState

    return KoutChanceState(game, variant)


def rules_player(game_id: str) -> KoutRulesPlayer:
    """The rule-based player (see :mod:`trickrules.engine.kout.players`)."""
    from trickrules.engine.kout.players import KoutRulesPlayer

    return KoutRulesPlayer()


def hand_results(state: KoutState) -> list[tuple[tuple[int, int], bool | None]]:
    """Each finished hand: the points it gave each team, and whether the bid was made."""
    out: list[tuple[tuple[int, int], bool | None]] = []
    for record in state.records:
        score = [0, 0]
        score[record.result.team] = record.result.points
        out.append(((score[0], score[1]), record.result.made))
    return out
