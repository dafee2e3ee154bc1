"""Kout 6, Kout 4 and Baloot as PettingZoo AEC environments with action masks (needs the
``ai`` extra: ``pettingzoo``): ``env(game_id, profile=None, variant="game", max_deals=50)``.

Agents are ``seat_0``..``seat_N-1`` in play order. Each observation is a dict of the engine's
observation tensor for that seat (:mod:`trickrules.engine.chance`) and a 0/1 mask over the game's
action space (``obs_type="dict"``, the default), or the tensor alone as a NumPy array with the
mask in the agent's ``infos`` (``obs_type="array"``); only the agent to act has a legal action
in its mask. The cards dealt (chance) are drawn by the environment from ``reset(seed)``.
Rewards come at the end: +1 each seat of the winning team, -1 the others, 0 on a draw.
``render()`` gives the public view as text; :func:`rules_policy` plays the engine's
rule-based player for any agent.
"""

from __future__ import annotations

import numbers
import operator
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from trickrules.engine.chance import (
    Variant,
    observation_size,
    observation_string,
    observation_tensor,
)
from trickrules.engine.players import player
from trickrules.engine.registry import load_game, new_chance_state

OBS_TYPES = ("dict", "array")
"""The observation shapes: a dict with the mask, or the tensor alone (mask in ``infos``)."""


class TrickEnv(AECEnv):  # type: ignore[misc]
    """One game (``kout6``, ``kout4``, ``baloot``) under a profile and variant."""

    metadata: ClassVar[dict[str, Any]] = {"name": "trickrules_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game_id: str, profile: str | None = None, variant: str = "game",
                 max_deals: int = Variant().max_deals, render_mode: str | None = "ansi",
                 obs_type: str = "dict") -> None:
        super().__init__()
        if variant not in ("game", "hand"):
            raise ValueError(f"variant: {variant!r} is not 'game' or 'hand'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: {render_mode!r} is not 'ansi' or None")
        if obs_type not in OBS_TYPES:
            raise ValueError(f"obs_type: {obs_type!r} is not one of {', '.join(OBS_TYPES)}")
        self.obs_type = obs_type
        self.game = load_game(game_id, profile)
        self.variant = Variant(one_hand=variant == "hand", max_deals=max_deals)
        self.render_mode = render_mode
        self.state = new_chance_state(self.game, self.variant)
        layout = self.state.layout
        self.possible_agents = [f"seat_{seat}" for seat in range(layout.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        tensor = spaces.Box(0.0, np.inf, (observation_size(layout),), np.float32)
        observation: spaces.Space[Any] = tensor if obs_type == "array" else spaces.Dict({
            "observation": tensor, "action_mask": spaces.Box(0, 1, (layout.actions,), np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(layout.actions) for a in self.possible_agents}
        self._rng = seeding.np_random(None)[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's whole action space; the mask says which actions are legal."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the deals."""
        if seed is not None:
            self._rng = seeding.np_random(seed)[0]
        self.state = new_chance_state(self.game, self.variant)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._deal()

    def _deal(self) -> None:
        """Draw chance outcomes until a player is to act or the game is over."""
        state = self.state
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(self._rng.integers(len(outcomes)))][0])
        if state.is_terminal():
            for agent, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        if self.obs_type == "array":
            for agent in self.agents:
                self.infos[agent] = {"action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> Any:
        """``agent``'s legal actions as a 0/1 mask: empty unless it is to act."""
        seat = self._seats[agent]
        mask = np.zeros(self.state.layout.actions, np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return mask

    def observe(self, agent: str) -> Any:
        """``agent``'s observation: its view as a NumPy array, with its mask in a dict
        (``obs_type="dict"``) or alone (``"array"``, the mask in ``infos``)."""
        tensor = np.asarray(observation_tensor(self.state, self._seats[agent]), np.float32)
        if self.obs_type == "array":
            return tensor
        return {"observation": tensor, "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(_action_id(action))
        self._deal()
        self._accumulate_rewards()
        if self.state.is_terminal():
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The public view as text (``render_mode="ansi"``, the default; None without)."""
        if self.render_mode is None:
            return None
        text: str = observation_string(self.state, None)
        return text

    def close(self) -> None:
        """Nothing to release."""


def _action_id(action: Any) -> int:
    """``action`` as an action id: an integer (a numpy integer, or a float with no
    fraction, as a policy's output may be); anything else is refused by name, never rounded
    to another action."""
    if isinstance(action, bool) or not isinstance(action, numbers.Real):
        raise ValueError(f"action: expected an integer action id, got {action!r}")
    if isinstance(action, numbers.Integral):
        return operator.index(action)
    whole = float(action)
    if not whole.is_integer():
        raise ValueError(f"action: {action!r} is not an action id (ids are whole numbers)")
    return int(whole)


class RulesPolicy:
    """The engine's rule-based player as a policy of an environment: ``policy(observation,
    agent)`` is the action it plays for ``agent`` (the agent to act), one of its mask's."""

    def __init__(self, table: TrickEnv, seed: int = 0) -> None:
        self.table = table
        self.player = player(table.game.game_id, "rules")
        self.rng = random.Random(f"trickrules/policy/{seed}")

    def __call__(self, observation: Any, agent: str) -> int:
        """The action for ``agent``, which must be the agent to act."""
        if agent != self.table.agent_selection or self.table.state.is_terminal():
            raise ValueError(f"agent: {agent!r} is not the agent to act")
        return int(self.player.choose(self.table.state, self.table.state.legal_actions(),
                                      self.rng))


def rules_policy(table: TrickEnv, seed: int = 0) -> RulesPolicy:
    """The rule-based policy of ``table`` (its choices drawn from ``seed``)."""
    return RulesPolicy(table, seed)


def env(game_id: str, **kwargs: Any) -> TrickEnv:
    """An AEC environment of ``game_id``; keyword arguments as :class:`TrickEnv`'s."""
    return TrickEnv(game_id, **kwargs)
