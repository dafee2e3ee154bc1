"""Kout 6, Kout 4 and Baloot registered in OpenSpiel as ``trickrules_kout6``,
``trickrules_kout4`` and ``trickrules_baloot`` (needs the ``ai`` extra: ``open_spiel``).

Importing this module registers the games. Parameters: ``profile`` (any profile of the game,
pinned readings included, spelled with ``:`` in a game string, which splits at ``=``:
``trickrules_baloot(profile=baloot-default[play.hokom-void:may-trump])``; default the
reconciled one), ``variant`` (``game``: to the target,
or ``hand``: one hand) and ``max_deals`` (the cap on deals, redeals included; default 50).
Sequential, explicit chance (every dealt card), imperfect information, zero-sum (+1 each seat
of the winning team, -1 the others, 0 all on a draw), terminal rewards. Golden playthroughs
in OpenSpiel's format (:func:`playthrough`, :func:`replay`) are checked by the tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from engine.chance import (
    CHANCE_PLAYER,
    Layout,
    Variant,
    information_state_pieces,
    information_state_string,
    information_state_tensor,
    observation_pieces,
    observation_string,
    observation_tensor,
)
from engine.registry import game_type, game_types, load_game, new_chance_state

GAMES = tuple(kind.short_name for kind in game_types())
"""Every registered game: ``kout6``, ``kout4``, ``baloot``."""
DEFAULT_MAX_DEALS = Variant().max_deals


def short_name(game_id: str) -> str:
    """The name a game is registered under in OpenSpiel."""
    return f"trickrules_{game_id}"


def _game_type(game_id: str) -> Any:
    kind = game_type(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"trickrules {kind.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=kind.players, min_num_players=kind.players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"profile": kind.reconciled_profile, "variant": "game",
                                 "max_deals": DEFAULT_MAX_DEALS})


def _variant(params: dict[str, Any]) -> Variant:
    if params["variant"] not in ("game", "hand"):
        raise ValueError(f"variant: {params['variant']!r} is not 'game' or 'hand'")
    return Variant(one_hand=params["variant"] == "hand", max_deals=params["max_deals"])


class TrickGame(pyspiel.Game):  # type: ignore[misc]
    """One of the three games under a profile and variant (OpenSpiel's ``Game``)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = _game_type(self.game_id)
        params = dict(params or {})
        if "profile" in params:  # OpenSpiel's game strings split at "=": pins use ":"
            params["profile"] = str(params["profile"]).replace("=", ":")
        given = {**kind.parameter_specification, **params}
        self.engine_game = load_game(self.game_id, given["profile"].replace(":", "="))
        self.variant = _variant(given)
        self.layout: Layout = new_chance_state(self.engine_game, self.variant).layout
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.actions, max_chance_outcomes=self.layout.cards,
            num_players=self.layout.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0, max_game_length=self.layout.max_game_length)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> TrickState:
        """A new game: the first deal's cards are chance nodes."""
        return TrickState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """The observer of an observation type (perfect recall: the information state)."""
        return Observer(self.layout, iig_obs_type, params)


class TrickState(pyspiel.State):  # type: ignore[misc]
    """A state: the engine's state dealt by chance nodes, behind OpenSpiel's ``State``."""

    def __init__(self, game: TrickGame) -> None:
        super().__init__(game)
        self.inner = new_chance_state(game.engine_game, game.variant)

    def current_player(self) -> int:
        """The seat to act, chance while dealing, terminal at the end."""
        player = self.inner.current_player()
        if self.inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if player == CHANCE_PLAYER else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        legal: list[int] = self.inner.legal_actions()
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still to deal with its probability."""
        outcomes: list[tuple[int, float]] = self.inner.chance_outcomes()
        return outcomes

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        name: str = self.inner.action_name(action)
        return f"deal {name}" if player == int(pyspiel.PlayerId.CHANCE) else name

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        """+1 each seat of the winning team, -1 the others; 0 all before the end or a draw."""
        return [float(r) for r in self.inner.returns()]

    def __str__(self) -> str:
        return information_state_string(self.inner, None)


class Observer:
    """OpenSpiel's observer interface: a flat ``tensor``, its named parts in ``dict``."""

    def __init__(self, layout: Layout, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observation shows every player's private cards")
        self.perfect_recall = bool(kind.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        pieces = (information_state_pieces if self.perfect_recall
                  else observation_pieces)(layout)
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def _seat(self, player: int) -> int | None:
        return int(player) if self.private else None

    def set_from(self, state: TrickState, player: int) -> None:
        """Fill the tensor with ``state`` as ``player`` sees it (or the public view)."""
        build = information_state_tensor if self.perfect_recall else observation_tensor
        self.tensor[:] = build(state.inner, self._seat(player))

    def string_from(self, state: TrickState, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        build = information_state_string if self.perfect_recall else observation_string
        return build(state.inner, self._seat(player))


GOLDEN = {
    "kout6_hand.txt": "trickrules_kout6(variant=hand)",
    "kout4_hand.txt": "trickrules_kout4(variant=hand)",
    "baloot_hand.txt": "trickrules_baloot(variant=hand)",
}
"""Each golden file and the game string it plays."""
SEED = 1


def _generator() -> Any:
    """OpenSpiel's playthrough writer, with its flags read (it consults one)."""
    from absl import flags
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        generate_playthrough,
    )

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    return generate_playthrough


def playthrough(game_string: str, actions: list[str] | None = None) -> str:
    """The playthrough of ``game_string`` from :data:`SEED`, or of the named ``actions``."""
    text: str = _generator().playthrough(game_string, actions, seed=SEED)
    return text


def replay(path: Path, game_string: str | None = None) -> tuple[str, str]:
    """A golden file's text and the text the engine gives now for the same actions (under
    ``game_string`` when given, to see the playthrough change with the rules)."""
    generator = _generator()
    original = path.read_text(encoding="utf-8")
    params = generator._playthrough_params(original.splitlines())
    return original, playthrough(game_string or params["game_string"],
                                 params["action_sequence"])


def _register(game_id: str) -> type[TrickGame]:
    game_class = type(f"Trick{game_id.capitalize()}Game", (TrickGame,), {"game_id": game_id})
    pyspiel.register_game(_game_type(game_id), game_class)
    return game_class


REGISTERED = {game_id: _register(game_id) for game_id in GAMES}
"""Each game's OpenSpiel class, by game id."""
