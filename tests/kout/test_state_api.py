"""The game API: OpenSpiel-shaped calls, illegal actions, the JSON form and its errors."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers import play, situation

from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.engine.kout.actions import NUM_ACTIONS, PASS, bid_action
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.record import play_random_game
from trickrules.engine.kout.state import TERMINAL_PLAYER
from trickrules.spec.cards import parse_card


def test_openspiel_surface() -> None:
    game = KoutGame("kout6")
    assert game.num_players() == 6 and game.num_distinct_actions() == NUM_ACTIONS == 64
    state = game.new_initial_state(3)
    assert not state.is_chance_node() and not state.is_terminal()
    assert state.legal_actions() == sorted(state.legal_actions())
    assert state.returns() == [0.0] * 6
    clone = state.clone()
    state.apply_action(PASS)
    assert clone.history() == [] and state.history() == [PASS]
    assert state.action_to_string(bid_action(9)) == "bid 9"


def test_finished_game_returns_and_terminal_player() -> None:
    state = play_random_game(KoutGame("kout4"), 5)
    assert state.is_terminal() and state.current_player() == TERMINAL_PLAYER
    assert state.legal_actions() == []
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]
    assert state.returns()[state.winner or 0] == 1.0


def test_same_seed_same_game_other_seed_other_game() -> None:
    one = play_random_game(KoutGame("kout6"), 42)
    assert play_random_game(KoutGame("kout6"), 42).history() == one.history()
    assert play_random_game(KoutGame("kout6"), 43).history() != one.history()


def _illegal(state: KoutState, action: int) -> IllegalActionError:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return info.value


def test_illegal_play_names_action_seat_rule_and_state_and_changes_nothing() -> None:
    state = play(situation(hands={0: "5H 2C", 1: "2H AS"}), "5H")
    error = _illegal(state, parse_card("AS"))
    assert (error.action, error.seat, error.rule) == (parse_card("AS"), 1, "play.follow-suit")
    assert str(error).startswith("illegal action AS (12) by seat 1: AS does not follow suit H")
    assert "trick led by 0: 5H" in str(error) and "seat 1 holds" in str(error)


def test_illegal_actions_of_the_wrong_kind() -> None:
    state = KoutGame("kout6").new_initial_state(1)
    assert _illegal(state, parse_card("AS")).rule == "auction.shape"
    assert _illegal(state, 999).rule == "play.card-in-hand"
    state.apply_action(bid_action(9))
    assert _illegal(state, PASS).rule == "contract.trump-choice"
    done = play_random_game(KoutGame("kout4"), 1)
    assert _illegal(done, PASS).rule == "game.target"


def test_json_round_trip_through_a_whole_game() -> None:
    game = KoutGame("kout6")
    state = game.new_initial_state(8)
    import random

    rng = random.Random(0)
    while not state.is_terminal():
        data = json.loads(json.dumps(state.to_json()))
        again = KoutState.from_json(data)
        assert again.to_json() == data
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player() == state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
    final = state.to_json()
    assert KoutState.from_json(final).to_json() == final


def _mid_hand() -> dict[str, Any]:
    return play(situation(hands={0: "5H 2C", 1: "2H AS"}), "5H").to_json()


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(format="x"), "state.format: expected 'trickrules/kout-state/1'"),
    (lambda d: d["hands"]["1"].__setitem__(0, "ZZ"), "state.hands[1][0]: bad card 'ZZ'"),
    (lambda d: d["hands"]["1"].append("5H"), "trick: 5H is also in hands[1]"),
    (lambda d: d.update(trump="X"), "state.trump: 'X' is not one of S H D C"),
    (lambda d: d.update(phase="bidding"), "state.phase: 'bidding' is not one of"),
    (lambda d: d["trick"]["plays"][0].update(seat=3),
     "state.trick.plays[0].seat: 3 is out of turn"),
    (lambda d: d.update(tricks_won=[0, 6]), "tricks_won [0, 6] means 36"),
    (lambda d: d.update(profile="nope"), "unknown profile 'nope'"),
    (lambda d: d["contract"].update(bid=11), "contract bid: 11 is outside 5..9"),
    (lambda d: d.update(dealer=6), "dealer: 6 is not a seat 0..5"),
    (lambda d: d.update(scores=[1]), "state.scores: expected two team scores"),
    (lambda d: d.pop("hands"), "state.hands: missing"),
])
def test_bad_json_states_are_named(mutate: Any, message: str) -> None:
    data = copy.deepcopy(_mid_hand())
    mutate(data)
    with pytest.raises(StateError) as info:
        KoutState.from_json(data)
    assert message in str(info.value)


def test_json_illegal_trick_is_rejected_with_rule() -> None:
    data = play(situation(hands={0: "5H 2C", 1: "2H AS"}), "5H").to_json()
    data["hands"]["1"] = ["2H"]
    data["trick"]["plays"].append({"seat": 1, "card": "AS"})
    with pytest.raises(StateError, match=r"AS by seat 1 is illegal.*\[rule play.follow-suit\]"):
        KoutState.from_json(data)


def test_json_auction_out_of_turn_is_rejected() -> None:
    data = KoutGame("kout6").new_initial_state(1).to_json()
    wrong = (data["dealer"] + 2) % 6
    data["auction"] = [{"seat": wrong, "bid": 5}]
    with pytest.raises(StateError, match=rf"state.auction\[0\].seat: {wrong} speaks out of turn"):
        KoutState.from_json(data)
