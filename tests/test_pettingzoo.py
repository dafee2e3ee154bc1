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


@pytest.mark.parametrize("game_id", ["kout6", "baloot"])
def test_only_the_agent_to_act_is_given_a_mask(game_id: str) -> None:
    """Every other agent's mask is empty: a mask that leaks the mover's legal actions to the
    others (which PettingZoo's api_test does not notice) fails here."""
    table = env(game_id)
    table.reset(seed=3)
    for _ in range(40):
        mover = table.agent_selection
        if table.terminations[mover]:
            break
        for agent in table.agents:
            mask = table.observe(agent)["action_mask"]
            if agent == mover:
                assert list(np.flatnonzero(mask)) == table.state.legal_actions()
            else:
                assert not mask.any(), agent
        table.step(table.state.legal_actions()[0])


@pytest.mark.parametrize("action", [54.7, "3", True, None])
def test_an_action_that_is_not_an_id_is_refused_by_name(action: object) -> None:
    table = env("kout6")
    table.reset(seed=1)
    before = table.state.to_json()
    with pytest.raises(ValueError, match="action"):
        table.step(action)  # type: ignore[arg-type]
    assert table.state.to_json() == before


def test_a_whole_float_or_numpy_integer_is_the_action_it_names() -> None:
    table = env("kout6")
    table.reset(seed=1)
    first = table.state.legal_actions()[0]
    table.step(np.int64(first))  # type: ignore[arg-type]
    second = table.state.legal_actions()[0]
    table.step(float(second))  # type: ignore[arg-type]
    assert table.state.history()[-2:] == [first, second]
