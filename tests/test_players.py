"""The players (:mod:`trickrules.engine.players`): the rule-based player of every family plays
legally under every registered profile and every single house reading, games are a function of their
seed, and it beats random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from trickrules.engine.errors import ProfileError
from trickrules.engine.players import PLAYER_NAMES, Player, RandomPlayer, play_game, player
from trickrules.engine.registry import game_types, load_game, new_chance_state
from trickrules.spec.loader import game_catalogue

GAMES = [kind.short_name for kind in game_types()]


def _profiles(game_id: str) -> list[str]:
    """The game's registered profiles, then its default with each other reading of each
    parameter pinned alone (a pinning the engine cannot play is left out)."""
    catalogue = game_catalogue(game_id)
    names = [p.id for p in catalogue.profiles.values() if p.game.id == game_id]
    default = catalogue.default_profile(game_id)
    for parameter in catalogue.parameters_for(game_id):
        for reading in parameter.reading_ids:
            if (reading,) != tuple(default.values[parameter.id]):
                names.append(f"{default.id}[{parameter.id}={reading}]")
    return names


class _Checked:
    """Wraps a player and checks that every action it chooses is among the legal ones."""

    def __init__(self, inner: Any) -> None:
        """Wrap ``inner``."""
        self.inner = inner
        self.name = inner.name
        self.choices = 0

    def choose(self, state: Any, legal: list[int], rng: random.Random) -> int:
        """The wrapped player's choice, checked against ``legal``."""
        action: int = self.inner.choose(state, legal, rng)
        assert action in legal, f"{self.name} chose {action} outside {legal}: {state}"
        self.choices += 1
        return action


@pytest.mark.parametrize("game_id", GAMES)
def test_rule_based_player_plays_legally_under_every_profile(game_id: str) -> None:
    """Two seeded games per profile (rules against random, then rules against rules) reach
    their end with only legal choices."""
    played = 0
    for name in _profiles(game_id):
        try:
            game = load_game(game_id, name)
        except ProfileError:
            continue
        rules = _Checked(player(game_id, "rules"))
        table: list[list[Player]] = [[rules, RandomPlayer()], [rules]]
        for seed, seats in enumerate(table, 1):
            state = play_game(game, seed, seats)
            assert state.is_terminal() and sorted(set(state.returns())) == [-1.0, 1.0]
        assert rules.choices > 0
        played += 1
    assert played > 3


@pytest.mark.parametrize("game_id", GAMES)
def test_rule_based_player_plays_a_game_dealt_by_chance(game_id: str) -> None:
    """The state game-AI frameworks use (deals as chance nodes) is played to its end too."""
    game = load_game(game_id)
    rules = _Checked(player(game_id, "rules"))
    state = play_game(game, 4, [rules, RandomPlayer()], new_chance_state(game))
    assert state.is_terminal() and rules.choices > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_is_a_function_of_its_seed(game_id: str) -> None:
    """The same seed and players play the same game; another seed another."""
    game = load_game(game_id)
    seats = [player(game_id, "rules"), player(game_id, "random")]
    first, again = play_game(game, 5, seats), play_game(game, 5, seats)
    assert first.history() == again.history()
    assert play_game(game, 6, seats).history() != first.history()


@pytest.mark.parametrize("game_id", GAMES)
def test_rule_based_team_beats_random_team(game_id: str) -> None:
    """Over a few games on each side of the table the rule-based team wins nearly always
    (``benchmarks/players.py`` measures it over 10,000 games)."""
    game = load_game(game_id)
    rules, rand = player(game_id, "rules"), player(game_id, "random")
    wins = 0
    for seed in range(12):
        team = seed % 2
        state = play_game(game, seed, [rules, rand] if team == 0 else [rand, rules])
        wins += state.winner == team
    assert wins >= 10


def test_unknown_player_is_named() -> None:
    """An unknown player name is refused with the known names."""
    with pytest.raises(ValueError, match=r"unknown player 'smart'.*random, rules"):
        player("kout6", "smart")
    assert PLAYER_NAMES == ("random", "rules")
