"""Information states and observations of games dealt by chance (``trickrules.engine.chance``):
sizes as documented, a round trip through the action history, and no hidden card revealed."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from trickrules.engine.chance import (
    CHANCE_PLAYER,
    Variant,
    information_state_size,
    observation_size,
)
from trickrules.engine.errors import IllegalActionError
from trickrules.engine.registry import load_game, new_chance_state

GAMES = ("kout6", "kout4", "baloot")


def _replay(game_id: str, history: list[int]) -> Any:
    state = new_chance_state(load_game(game_id), Variant(one_hand=True))
    for action in history:
        state.apply_action(action)
    return state


def _views(state: Any, seat: int | None) -> tuple[Any, ...]:
    return (state.information_state_string(seat), state.information_state_tensor(seat),
            state.observation_string(seat), state.observation_tensor(seat))


def _midplay(game_id: str, seed: int, cards_played: int) -> Any:
    state = new_chance_state(load_game(game_id), Variant(one_hand=True))
    rng = random.Random(seed)
    while sum(1 for actor, action, _ in state.log[-1]
              if actor >= 0 and action < state.layout.cards) < cards_played:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_views_have_their_documented_sizes_and_round_trip(game_id: str) -> None:
    state = _midplay(game_id, 4, 6)
    copy = _replay(game_id, state.history())
    for seat in [None, *range(state.layout.players)]:
        views = _views(state, seat)
        assert len(views[1]) == information_state_size(state.layout)
        assert len(views[3]) == observation_size(state.layout)
        assert _views(copy, seat) == views
    with pytest.raises(ValueError, match="seat"):
        state.observation_tensor(state.layout.players)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_view_reveals_another_seats_hidden_cards(game_id: str) -> None:
    """Swap two unplayed cards between two other seats' deals: the viewer's and the public
    views stay the same, the holders' change."""
    state = _midplay(game_id, 11, 5)
    history, log = state.history(), state.log[-1]
    played = {action for actor, action, _ in log if actor >= 0 and action < state.layout.cards}
    shown = 0
    for seat in range(state.layout.players):
        shown |= state.shown(seat)
    dealt = [(i, action, to) for i, (actor, action, to) in enumerate(log)
             if actor == CHANCE_PLAYER and to >= 0 and action not in played
             and not shown >> action & 1 and state.held(to) >> action & 1]
    viewer, checked = 0, 0
    for (i, x, a), (j, y, b) in itertools.pairwise(dealt):
        if viewer in (a, b) or a == b:
            continue
        swapped = list(history)
        swapped[i], swapped[j] = y, x
        try:
            other = _replay(game_id, swapped)
        except IllegalActionError:  # the swap made a later card illegal: try the next
            continue
        for view in (viewer, None):
            assert _views(other, view) == _views(state, view)
        for seat in (a, b):
            assert other.information_state_string(seat) != state.information_state_string(seat)
            assert other.observation_tensor(seat) != state.observation_tensor(seat)
        checked += 1
    assert checked >= 3
