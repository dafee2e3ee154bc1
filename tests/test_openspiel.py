"""The games registered in OpenSpiel (``trickrules.frameworks.openspiel``): OpenSpiel's own
``random_sim_test`` with serialization, the game records, parameters and observers."""

from __future__ import annotations

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest

from trickrules.engine.chance import information_state_tensor
from trickrules.frameworks.openspiel import GAMES, short_name

GAME_STRINGS = [f"{short_name(g)}(variant=hand)" for g in GAMES] + [
    "trickrules_kout4(max_deals=2)"]


@pytest.mark.parametrize("game_string", GAME_STRINGS)
def test_random_sim_test_passes_with_serialization(game_string: str) -> None:
    """A game with a cap of two deals also crosses from one deal to the next."""
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_records_say_what_the_games_are(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    kind, players = game.get_type(), (6 if game_id == "kout6" else 4)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == players
    assert game.max_chance_outcomes() == (32 if game_id == "baloot" else 54)
    assert game.num_distinct_actions() == (56 if game_id == "baloot" else 64)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == 50 * (94 if game_id == "baloot" else
                                           145 if game_id == "kout6" else 97)
    assert game.get_parameters()["variant"] == "game"


def test_a_profile_with_pinned_readings_is_a_game_parameter() -> None:
    """Given as in the engine (a dict) or in a game string (``:`` for ``=``), it serializes
    to a game string that loads the same rules."""
    name = "baloot-default[play.hokom-void=may-trump]"
    game = pyspiel.load_game("trickrules_baloot", {"profile": name, "variant": "hand"})
    assert game.engine_game.profile.id == name
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.engine_game.profile.id == name
    pyspiel.random_sim_test(again, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="variant"):
        pyspiel.load_game("trickrules_kout6", {"variant": "rubber"})
    with pytest.raises(ValueError, match="is for kout4"):
        pyspiel.load_game("trickrules_kout6", {"profile": "kout4-default"})


def test_observers_give_the_engines_views_and_hide_private_cards() -> None:
    game = pyspiel.load_game("trickrules_kout4(variant=hand)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    expected = information_state_tensor(state.inner, 1)
    assert np.array_equal(np.asarray(state.information_state_tensor(1), np.float32),
                          np.asarray(expected, np.float32))
    assert "?>0" in state.information_state_string(1)
    public = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 1)
    assert public.dict["hand"].sum() == 0 and public.dict["seat"].sum() == 0
    assert "hand -" in public.string_from(state, 1)
    assert state.observation_tensor(1)[4 + 5 + 4 + 3:][:54].count(1.0) == 9
    with pytest.raises(ValueError, match="every player"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_serialized_state_comes_back_with_the_same_views(game_id: str) -> None:
    game = pyspiel.load_game(f"{short_name(game_id)}(variant=hand)")
    state, rng = game.new_initial_state(), np.random.RandomState(2)
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history()
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert again.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_is_given_its_own_view_not_the_movers(game_id: str) -> None:
    """At every step of a hand, each seat's observation holds that seat's cards (the engine's
    hands) and its information state names its own dealt cards and hides the others'."""
    from trickrules.engine.chance import observation_pieces

    game = pyspiel.load_game(f"{short_name(game_id)}(variant=hand)")
    state, rng = game.new_initial_state(), np.random.RandomState(6)
    pieces = observation_pieces(state.inner.layout)
    start = sum(size for name, size in pieces[:[n for n, _ in pieces].index("hand")])
    cards = state.inner.layout.cards
    for _ in range(45 if game_id == "kout6" else 40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    while not state.is_terminal():
        for seat in range(game.num_players()):
            hand = np.asarray(state.observation_tensor(seat))[start:start + cards]
            assert sum(1 << int(c) for c in np.flatnonzero(hand)) == state.inner.held(seat)
            dealt = state.information_state_string(seat).split("\n")[-1]
            assert f">{seat}" in dealt and "?>" + str(seat) not in dealt
        state.apply_action(int(rng.choice(state.legal_actions())))
