"""The game API contract every registered game keeps (OpenSpiel-shaped), checked through the
registry only, so a new family inherits these tests by registering its games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from trickrules.engine.api import GameType
from trickrules.engine.errors import EngineError
from trickrules.engine.registry import game_type, game_types, load_game, state_from_json
from trickrules.spec.loader import game_catalogue

GAME_TYPES = game_types()
SEEDS = (1, 2, 3)


def _snapshot(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("kind", GAME_TYPES, ids=lambda k: k.short_name)
def test_game_type_record_matches_the_game(kind: GameType) -> None:
    game = load_game(kind.short_name)
    assert game_type(kind.short_name) == kind
    assert game.num_players() == kind.players
    assert game.num_distinct_actions() == kind.num_distinct_actions
    catalogue = game_catalogue(kind.short_name)
    assert catalogue.profile(kind.reconciled_profile).game.id == kind.short_name
    assert game.new_initial_state(1).to_json()["format"] == kind.state_format


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", GAME_TYPES, ids=lambda k: k.short_name)
def test_a_whole_game_keeps_the_contract(kind: GameType, seed: int) -> None:
    """Play a seeded random game to its end; at every step the legal actions are sorted ids
    of the action space, an illegal action raises and changes nothing, a clone is
    independent, and the JSON form round-trips."""
    game = load_game(kind.short_name)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        assert not state.is_chance_node()
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert all(0 <= a < kind.num_distinct_actions for a in legal)
        assert 0 <= state.current_player() < kind.players
        illegal = next((a for a in range(kind.num_distinct_actions) if a not in legal), None)
        if illegal is not None:
            before = _snapshot(state)
            with pytest.raises(EngineError):
                state.apply_action(illegal)
            assert _snapshot(state) == before
        if steps % 7 == 0:
            again = state_from_json(state.to_json())
            assert _snapshot(again) == _snapshot(state)
            assert again.legal_actions() == legal
        clone = state.clone()
        action = rng.choice(legal)
        state.apply_action(action)
        assert clone.history() == state.history()[:-1]
        steps += 1
    assert state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == kind.players and sorted(set(returns)) == [-1.0, 1.0]
    assert state.history() and all(isinstance(a, int) for a in state.history())


@pytest.mark.parametrize("kind", GAME_TYPES, ids=lambda k: k.short_name)
def test_the_same_seed_gives_the_same_game(kind: GameType) -> None:
    def history(seed: int) -> list[int]:
        state = load_game(kind.short_name).new_initial_state(seed)
        rng = random.Random(0)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return list(state.history())

    assert history(5) == history(5)
    assert history(5) != history(6)


def test_a_state_naming_an_unknown_game_is_refused() -> None:
    with pytest.raises(EngineError, match="unknown game 'chess'"):
        state_from_json({"format": "x", "game": "chess"})
