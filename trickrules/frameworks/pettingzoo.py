"""Kout 6, Kout 4 and Baloot as PettingZoo AEC environments with action masks (needs the
``ai`` extra: ``pettingzoo``): ``env(game_id, profile=None, variant="game", max_deals=50)``.

Agents are ``seat_0``..``seat_N-1`` in play order. Each observation is a dict of the engine's
observation tensor for that seat (:mod:`engine.chance`) and a 0/1 mask over the game's
action space; the cards dealt (chance) are drawn by the environment from ``reset(seed)``.
Rewards come at the end: +1 each seat of the winning team, -1 the others, 0 on a draw.
"""

from __future__ import annotations

import numbers
import operator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from engine.chance import Variant, observation_size, observation_string, observation_tensor
from engine.registry import load_game, new_chance_state


class TrickEnv(AECEnv):  # type: ignore[misc]
    """One game (``kout6``, ``kout4``, ``baloot``) under a profile and variant."""

    metadata: ClassVar[dict[str, Any]] = {"name": "trickrules_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game_id: str, profile: str | None = None, variant: str = "game",
                 max_deals: int = Variant().max_deals, render_mode: str | None = None) -> None:
        super().__init__()
        if variant not in ("game", "hand"):
            raise ValueError(f"variant: {variant!r} is not 'game' or 'hand'")
        self.game = load_game(game_id, profile)
        self.variant = Variant(one_hand=variant == "hand", max_deals=max_deals)
        self.render_mode = render_mode
        self.state = new_chance_state(self.game, self.variant)
        layout = self.state.layout
        self.possible_agents = [f"seat_{seat}" for seat in range(layout.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (observation_size(layout),), np.float32),
            "action_mask": spaces.Box(0, 1, (layout.actions,), np.int8)})
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

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and, when it is to act, its legal actions as a mask."""
        seat = self._seats[agent]
        mask = np.zeros(self.state.layout.actions, np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": np.asarray(observation_tensor(self.state, seat), np.float32),
                "action_mask": mask}

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
        """The public view as text (``render_mode="ansi"``)."""
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


def env(game_id: str, **kwargs: Any) -> TrickEnv:
    """An AEC environment of ``game_id``; keyword arguments as :class:`TrickEnv`'s."""
    return TrickEnv(game_id, **kwargs)
