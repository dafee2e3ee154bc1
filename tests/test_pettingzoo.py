"""The games as PettingZoo AEC environments (``trickrules.frameworks.pettingzoo``):
PettingZoo's own ``api_test`` and ``seed_test``, masks that are the legal actions, each
agent's own view (never the mover's), NumPy observations, ``render()`` and the rule-based
policy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from trickrules.engine.chance import observation_pieces
from trickrules.frameworks.pettingzoo import env, rules_policy

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
    with pytest.raises(ValueError, match="render_mode"):
        env(game_id, render_mode="human")
    with pytest.raises(ValueError, match="obs_type"):
        env(game_id, obs_type="image")


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


def hand_piece(table: object, observation: np.ndarray) -> int:
    """The cards of an observation's ``hand`` part, as a set of card ids."""
    layout = table.state.layout  # type: ignore[attr-defined]
    start = 0
    for name, size in observation_pieces(layout):
        if name == "hand":
            return sum(1 << int(c) for c in np.flatnonzero(observation[start:start + size]))
        start += size
    raise AssertionError("no hand part")


@pytest.mark.parametrize("game_id", ["kout4", "baloot"])
def test_every_agent_sees_its_own_hand_in_both_observation_shapes(game_id: str) -> None:
    """Each seat's observation holds that seat's cards (the engine's hands, read off the
    state), for every seat at every step, not only the mover's; the array shape gives the
    mask in infos, the same as the dict shape's."""
    tables = [env(game_id, variant="hand", obs_type=kind) for kind in ("dict", "array")]
    for table in tables:
        table.reset(seed=7)
    for _ in range(30):
        shaped, flat = tables
        if shaped.terminations[shaped.agent_selection]:
            break
        for seat, agent in enumerate(shaped.agents):
            view = shaped.observe(agent)
            assert hand_piece(shaped, view["observation"]) == shaped.state.held(seat), agent
            assert isinstance(flat.observe(agent), np.ndarray)
            assert np.array_equal(flat.observe(agent), view["observation"])
            assert np.array_equal(flat.infos[agent]["action_mask"], view["action_mask"])
        action = shaped.state.legal_actions()[-1]
        for table in tables:
            table.step(action)


def test_the_array_shape_passes_api_test_without_the_numpy_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("kout4", variant="hand", obs_type="array"), num_cycles=300)
    assert not [w for w in caught if "NumPy" in str(w.message)]


@pytest.mark.parametrize("game_id", ["kout6", "baloot"])
def test_the_rule_based_policy_plays_a_hand_from_the_masks(game_id: str) -> None:
    table = env(game_id, variant="hand")
    table.reset(seed=2)
    policy = rules_policy(table, seed=1)
    for agent in table.agent_iter():
        observation, _, done, _, _ = table.last()
        if done:
            table.step(None)
            continue
        action = policy(observation, agent)
        assert observation["action_mask"][action] == 1
        table.step(action)
    assert table.state.is_terminal()
    with pytest.raises(ValueError, match="agent"):
        policy(None, "seat_0")
    assert table.render() is not None and env(game_id, render_mode=None).render() is None
