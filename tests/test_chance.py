"""Deals as explicit chance nodes (``trickrules.engine.registry.new_chance_state``): outcomes and
probabilities, the deal they build, one hand or a whole game, and the cap on deals."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from trickrules.engine.chance import CHANCE_PLAYER, Variant
from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.engine.registry import load_game, new_chance_state

GAMES = ("kout6", "kout4", "baloot")


def _play(state: Any, seed: int, stop: int | None = None) -> Any:
    """Play ``state`` on with random outcomes and actions (at most ``stop`` actions)."""
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deal_is_drawn_card_by_card_with_uniform_probabilities(game_id: str) -> None:
    state = new_chance_state(load_game(game_id), Variant(one_hand=True))
    if game_id == "baloot":  # the cutter (the dealer's left, seat 2) first chooses the cut
        assert not state.is_chance_node() and state.current_player() == 2
        choices = {state.action_to_string(a): a for a in state.legal_actions()}
        assert set(choices) == {f"cutter:{c}" for c in (
            "cut", "go", "shuffle", "public-first", "top-three", "bottom-three-self",
            "bottom-three-partner")}
        state.apply_action(choices["cutter:cut"])
    deck = len(state.legal_actions())
    assert deck == (36 if game_id == "kout4" else 54 if game_id == "kout6" else 32)
    assert state.is_chance_node() and state.current_player() == CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    first = outcomes[5][0]
    state.apply_action(first)
    assert first not in state.legal_actions()
    assert state.chance_outcomes()[0][1] == pytest.approx(1 / (deck - 1))
    with pytest.raises(IllegalActionError):
        state.apply_action(first)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == 0 and state.chance_outcomes() == []
    held = [state.held(seat) for seat in range(state.layout.players)]
    assert sum(h.bit_count() for h in held) + (game_id == "baloot") == (
        deck if game_id != "baloot" else 21)
    assert len({h.bit_count() for h in held}) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_one_hand_ends_after_the_first_scored_hand(game_id: str) -> None:
    state = _play(new_chance_state(load_game(game_id), Variant(one_hand=True)), 3)
    assert state.is_terminal() and len(state.records) >= 1
    lead = state.scores[0] - state.scores[1]  # the game's only scored hand
    assert lead != 0 and state.returns()[0] == (1.0 if lead > 0 else -1.0)
    assert sum(state.returns()) == 0 and set(state.returns()) == {-1.0, 1.0}
    assert len(state.history()) <= state.layout.max_game_length


def test_the_deal_cap_ends_a_game_with_the_team_ahead_or_a_draw() -> None:
    seen = set()
    for seed in range(6):
        state = _play(new_chance_state(load_game("kout4"), Variant(max_deals=2)), seed)
        assert len(state.records) == 2
        lead = state.scores[0] - state.scores[1]
        assert state.returns() == [float((lead > 0) - (lead < 0)) * (1 if seat % 2 == 0 else -1)
                                   for seat in range(4)]
        seen.add(lead == 0)
    assert seen == {True, False}
    with pytest.raises(ValueError, match="max_deals"):
        Variant(max_deals=0)


def test_a_baloot_completion_is_drawn_after_the_buying() -> None:
    state = new_chance_state(load_game("baloot"), Variant(one_hand=True))
    rng = random.Random(1)
    while True:
        before = state.phase
        state.apply_action(rng.choice(state.legal_actions()))
        if before == "auction" and state.is_chance_node():
            break
    assert state.hand_index == 0 and state.auction is not None and state.auction.bid
    assert [state.held(seat).bit_count() for seat in range(4)].count(6) == 1
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert [state.held(seat).bit_count() for seat in range(4)] == [8, 8, 8, 8]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_plays_on_apart(game_id: str) -> None:
    state = _play(new_chance_state(load_game(game_id)), 2, stop=60)
    copy = state.clone()
    _play(copy, 9, stop=80)
    assert len(state.history()) == 60 and len(state.log[-1]) <= 60
    assert copy.history()[:60] == state.history()


def test_a_baloot_hand_copied_in_its_first_trick_is_its_own() -> None:
    """A hand in play copied while the first trick's projects are being declared, and the
    copy played on: no list or table of the hand is shared with the copy, and the original's
    hand is as it was, field by field."""
    state, rng = new_chance_state(load_game("baloot")), random.Random(7)
    while not (state.phase == "play" and state.hand is not None and len(state.hand.trick) == 2):
        state.apply_action(rng.choice(state.legal_actions()))
    before = copy.deepcopy(vars(state.hand))  # a snapshot of its fields, copied generically
    other = state.clone()
    shared = [name for name, value in vars(state.hand).items()
              if isinstance(value, (list, dict)) and getattr(other.hand, name) is value]
    assert shared == []
    _play(other, 3, stop=len(state.history()) + 40)
    assert len(other.hand.tricks) > len(state.hand.tricks) if other.hand else other.records
    assert vars(state.hand) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_state_is_never_a_chance_node(game_id: str) -> None:
    state = load_game(game_id).new_initial_state(1)
    assert not state.is_chance_node() and state.chance_outcomes() == []
    assert state.current_player() >= 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_json_form_waits_for_the_deal_to_be_complete(game_id: str) -> None:
    """Kout's deal is complete at the auction; Baloot's once the contract is bought and the
    stock dealt (while buying, the stock has not been drawn)."""
    state, rng = new_chance_state(load_game(game_id)), random.Random(4)
    complete = "play" if game_id == "baloot" else "auction"
    while state.phase != complete:
        if state.is_chance_node() or state.phase == "auction":
            with pytest.raises(StateError, match="no JSON form"):
                state.to_json()
        state.apply_action(rng.choice(state.legal_actions()))
    again = state.game.state_class.from_json(state.to_json())
    assert again.legal_actions() == state.legal_actions() and again.phase == state.phase
    assert again.hand_masks() == state.hand_masks() if game_id != "baloot" else (
        again.hands == state.hands)
