"""The games as PettingZoo AEC environments (``trickrules.frameworks.pettingzoo``):
PettingZoo's own ``api_test`` and ``seed_test``, and masks that are the legal actions."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from trickrules.frameworks.pettingzoo import env

pytestmark = pytest.mark.filterwarnings(
    # api_test warns of any dict observation outside PettingZoo's own list of games
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")
CASES = [("kout6", "hand"), ("kout4", "hand"), ("baloot", "hand"), ("baloot", "game")]


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_api_test_and_seed_test_pass(game_id: str, variant: str) -> None:
    api_test(env(game_id, variant=variant), num_cycles=2000)
    seed_test(lambda: env(game_id, variant=variant), num_cycles=2000)


@pytest.mark.parametrize("game_id", ["kout6", "baloot"])
def test_a_whole_game_ends_with_team_rewards_and_masks_are_the_legal_actions(
        game_id: str) -> None:
    table = env(game_id, render_mode="ansi")
    table.reset(seed=5)
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, done, _, _ = table.last()
        if done:
            rewards[agent] = reward
            table.step(None)
            continue
        mask = observation["action_mask"]
        assert list(np.flatnonzero(mask)) == table.state.legal_actions()
        table.step(int(table.action_space(agent).sample(mask)))
    winner = table.state.winner
    assert winner is not None and table.state.is_terminal()
    assert rewards == {f"seat_{s}": 1.0 if s % 2 == winner else -1.0
                       for s in range(len(rewards))}
    assert "public" in str(table.render())
    with pytest.raises(ValueError, match="variant"):
        env(game_id, variant="rubber")
