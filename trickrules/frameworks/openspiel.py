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

Games and states pickle (as the game string and the history), ``clone()`` copies the engine's
state, and ``resample_from_infostate`` draws a world the seat cannot tell apart
(:mod:`trickrules.frameworks.resample`), so OpenSpiel's ISMCTS bot plays every game. The
engine's players are bots too: ``rules_bot(game, seat)`` plays the family's rule-based player
(it reads only what its seat may know), ``engine_bot(game, seat, "random")`` the uniform one.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from trickrules.engine.chance import (
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
from trickrules.engine.players import PLAYER_NAMES, Player, player
from trickrules.engine.registry import game_type, game_types, load_game, new_chance_state
from trickrules.frameworks.resample import resample

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
        self.initial = new_chance_state(self.engine_game, self.variant)
        """The engine's state before the first deal, copied for each new game."""
        self.layout: Layout = self.initial.layout
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.actions, max_chance_outcomes=self.layout.cards,
            num_players=self.layout.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0, max_game_length=self.layout.max_game_length)
        super().__init__(kind, info, params)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string (a worker process loads the same game)."""
        return (load_trick_game, (str(self),))

    def new_initial_state(self) -> TrickState:
        """A new game: the first deal's cards are chance nodes."""
        return TrickState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """The observer of an observation type (perfect recall: the information state)."""
        return Observer(self.layout, iig_obs_type, params)


class TrickState(pyspiel.State):  # type: ignore[misc]
    """A state: the engine's state dealt by chance nodes, behind OpenSpiel's ``State``."""

    def __init__(self, game: TrickGame, inner: Any = None) -> None:
        super().__init__(game)
        self.inner = inner if inner is not None else copy.deepcopy(game.initial)

    def __deepcopy__(self, memo: dict[int, object]) -> TrickState:
        """A copy of the engine's state (OpenSpiel's ``clone()``), never a replay."""
        return TrickState(self.get_game(), copy.deepcopy(self.inner, memo))

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        """Pickled as its game string and history (replayed when loaded)."""
        return (load_trick_state, (str(self.get_game()), self.history()))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrickState:
        """A state ``player_id`` cannot tell from this one (the same information-state
        string), the cards hidden from it drawn uniformly among the consistent deals;
        ``probability_sampler()`` (OpenSpiel's, a float in [0, 1)) seeds the draw."""
        seed = int(float(probability_sampler()) * 2 ** 53)
        return TrickState(self.get_game(),
                          resample(self.inner, int(player_id), random.Random(seed)))

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
        self.tensor[:] = np.fromiter(build(state.inner, self._seat(player)), np.float32,
                                     len(self.tensor))

    def string_from(self, state: TrickState, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        build = information_state_string if self.perfect_recall else observation_string
        return build(state.inner, self._seat(player))


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot that asks one of the engine's players for each action of its seat."""

    def __init__(self, game: TrickGame, seat: int, chooser: Player, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, TrickGame):
            raise ValueError(f"game: {game!r} is not a trickrules game")
        if isinstance(seat, bool) or not 0 <= seat < game.num_players():
            raise ValueError(f"seat: {seat!r} is not a seat 0..{game.num_players() - 1}")
        self.seat, self.chooser = seat, chooser
        self.rng = random.Random(f"trickrules/bot/{seed}/seat/{seat}")

    def step(self, state: TrickState) -> int:
        """The action of this bot's seat in ``state``."""
        if state.current_player() != self.seat:
            raise ValueError(f"state: seat {state.current_player()} is to act, not this "
                             f"bot's seat {self.seat}")
        return self.chooser.choose(state.inner, state.legal_actions(), self.rng)

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: the bot keeps no memory between actions."""

    def provides_policy(self) -> bool:
        """A bot of one action at a time, with no policy to report."""
        return False


def engine_bot(game: TrickGame, seat: int, name: str = "rules", seed: int = 0) -> EngineBot:
    """The engine's player ``name`` (``rules`` or ``random``) as a bot for ``seat``."""
    if name not in PLAYER_NAMES:
        raise ValueError(f"player: {name!r} is not one of {', '.join(PLAYER_NAMES)}")
    return EngineBot(game, seat, player(game.game_id, name), seed)


def rules_bot(game: TrickGame, seat: int, seed: int = 0) -> EngineBot:
    """The family's rule-based player as a bot for ``seat``."""
    return engine_bot(game, seat, "rules", seed)


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


def load_trick_game(game_string: str) -> TrickGame:
    """The game of ``game_string`` (how a pickled game is loaded again)."""
    game: TrickGame = pyspiel.load_game(game_string)
    return game


def load_trick_state(game_string: str, history: list[int]) -> TrickState:
    """The state of ``game_string`` after ``history`` (how a pickled state is loaded again)."""
    state = load_trick_game(game_string).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def _register(game_id: str) -> type[TrickGame]:
    game_class = type(f"Trick{game_id.capitalize()}Game", (TrickGame,), {"game_id": game_id})
    pyspiel.register_game(_game_type(game_id), game_class)
    return game_class


REGISTERED = {game_id: _register(game_id) for game_id in GAMES}
"""Each game's OpenSpiel class, by game id."""
