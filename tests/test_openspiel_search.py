"""What a researcher's search and workers need of the OpenSpiel games: worlds resampled from
a seat's information state (consistent with it, and uniform), OpenSpiel's ISMCTS bot playing
every game, games and states that pickle, and the engine's players offered as bots."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from trickrules.engine.chance import CHANCE_PLAYER
from trickrules.frameworks.openspiel import GAMES, engine_bot, rules_bot, short_name


def hand_game(game_id: str) -> pyspiel.Game:
    """One hand of ``game_id``."""
    return pyspiel.load_game(f"{short_name(game_id)}(variant=hand)")


def played(game: pyspiel.Game, seed: int, actions: int) -> pyspiel.State:
    """``game`` after ``actions`` random players' actions from ``seed`` (and the chance
    outcomes before the next one)."""
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if not state.is_chance_node():
            if actions == 0:
                break
            actions -= 1
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def match(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> list[float]:
    """The returns of a game of ``bots``, one per seat, the deals drawn from ``seed``."""
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns


def sampler(seed: int) -> pyspiel.UniformProbabilitySampler:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resampled_world_looks_the_same_to_the_seat_and_differs_elsewhere(
        game_id: str) -> None:
    game = hand_game(game_id)
    state = played(game, 4, 30)
    assert not state.is_terminal() and not state.is_chance_node()
    seat = state.current_player()
    draws = [state.resample_from_infostate(seat, sampler(n)) for n in range(6)]
    for world in draws:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.inner.held(seat) == state.inner.held(seat)
    # the cards hidden from the seat are drawn again: some other seat's hand changes
    assert any(world.inner.held(other) != state.inner.held(other)
               for world in draws for other in range(game.num_players()) if other != seat)


def test_a_hidden_card_is_equally_likely_in_each_hand_that_may_hold_it() -> None:
    """Kout 4 just dealt: a card seat 0 does not hold is in each other hand a third of the
    time (900 draws: each count within 4 standard deviations of 300)."""
    game = hand_game("kout4")
    state = played(game, 2, 0)
    assert state.current_player() == 0
    card = next(c for c in range(54) if state.inner.held(1) >> c & 1)
    holders = Counter(next(s for s in (1, 2, 3) if world.inner.held(s) >> card & 1)
                      for n in range(900)
                      for world in [state.resample_from_infostate(0, sampler(n))])
    assert set(holders) == {1, 2, 3}
    assert all(abs(count - 300) <= 4 * (900 * (1 / 3) * (2 / 3)) ** 0.5
               for count in holders.values()), holders


def test_a_card_a_seat_has_played_stays_with_it_and_a_void_is_respected() -> None:
    """Late in a Kout 6 hand every card already played is where it was, and no world gives
    a seat that failed to follow a suit a card of that suit it could have followed with."""
    game = hand_game("kout6")
    state = played(game, 9, 40)
    seat = state.current_player()
    deal = state.inner.log[-1]
    plays = [(actor, action) for actor, action, _ in deal if actor != CHANCE_PLAYER]
    for n in range(20):
        world = state.resample_from_infostate(seat, sampler(n))
        world_plays = [(a, x) for a, x, _ in world.inner.log[-1] if a != CHANCE_PLAYER]
        assert world_plays == plays  # every action replayed legally on the drawn cards


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_ismcts_bot_plays_a_hand_of_every_game(game_id: str) -> None:
    game = hand_game(game_id)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.5, 4, random_state=np.random.RandomState(s))
            if s == 0 else pyspiel.make_uniform_random_bot(s, s)
            for s in range(game.num_players())]
    returns = match(game, bots, 3)
    assert sorted(set(returns)) in ([-1.0, 1.0], [0.0])


@pytest.mark.parametrize("game_id", GAMES)
def test_games_and_states_pickle(game_id: str) -> None:
    game = pyspiel.load_game(f"{short_name(game_id)}(max_deals=3)")
    state = played(game, 5, 40)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    copied = state.clone()
    copied.apply_action(copied.legal_actions()[0])
    assert len(copied.history()) == len(state.history()) + 1  # the original is untouched


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rule_based_bot_plays_legal_actions_for_its_seat_only(game_id: str) -> None:
    game = hand_game(game_id)
    bots = [rules_bot(game, s) if s % 2 == 0 else engine_bot(game, s, "random")
            for s in range(game.num_players())]
    returns = match(game, bots, 1)
    assert len(returns) == game.num_players()
    state = played(game, 1, 12)
    mover = state.current_player()
    assert bots[mover].step(state) in state.legal_actions()
    with pytest.raises(ValueError, match="to act"):
        bots[(mover + 1) % game.num_players()].step(state)
    with pytest.raises(ValueError, match="player"):
        engine_bot(game, 0, "oracle")
    with pytest.raises(ValueError, match="seat"):
        rules_bot(game, game.num_players())
