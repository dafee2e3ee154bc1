"""Players: who chooses an action among a state's legal actions, and a whole game played by
them.

A player is anything with a ``name`` and ``choose(state, legal, rng)``: it sees the state (its
public API and what it exposes) and must return one of ``legal``. Every random choice comes
from the ``random.Random`` it is handed, seeded per game and seat, so a game is a function of
its seed and its players. ``"random"`` chooses uniformly; ``"rules"`` is each family's
rule-based player, reached through the registry (:func:`trickrules.engine.registry.rules_player`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

PLAYER_NAMES = ("random", "rules")
"""The players :func:`player` knows by name."""

MAX_ACTIONS = 200_000
"""A game that has not ended after this many actions is a bug of a player or the engine: it
is stopped with an error instead of running for ever."""


class Player(Protocol):
    """Chooses one action of a state's legal actions (sorted ints) with the given generator."""

    name: str

    def choose(self, state: Any, legal: list[int], rng: random.Random) -> int:
        """One action of ``legal``, the legal actions of ``state``'s player to act."""


class RandomPlayer:
    """Chooses uniformly among the legal actions: the baseline every study compares with."""

    name = "random"

    def choose(self, state: Any, legal: list[int], rng: random.Random) -> int:
        """A uniformly drawn legal action."""
        return legal[rng.randrange(len(legal))]


def player(game_id: str, name: str) -> Player:
    """The player called ``name`` (``random`` or ``rules``) for ``game_id``; an unknown name
    is a :class:`ValueError` listing the known ones."""
    if name == "random":
        return RandomPlayer()
    if name == "rules":
        from trickrules.engine.registry import rules_player

        found: Player = rules_player(game_id)
        return found
    raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYER_NAMES)}")


def seat_generators(seed: int, seats: int) -> list[random.Random]:
    """One generator per seat, each drawn from ``seed`` and the seat alone, so that what one
    seat draws never shifts another seat's choices."""
    return [random.Random(f"trickrules/{seed}/seat/{seat}") for seat in range(seats)]


def play_game(game: Any, seed: int, players: Sequence[Player], state: Any = None) -> Any:
    """A whole game of ``game`` from ``seed``, seat ``s`` played by ``players[s % len]``
    (two players: one per team); the finished state. ``state`` starts from another state (a
    game dealt by chance nodes: its deals are drawn from ``seed`` too)."""
    if state is None:
        state = game.new_initial_state(seed)
    seats = game.num_players()
    rngs = seat_generators(seed, seats)
    chance = random.Random(f"trickrules/{seed}/chance")
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            state.apply_action(chance.choices(actions, [p for _, p in outcomes])[0])
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        state.apply_action(players[seat % len(players)].choose(state, legal, rngs[seat]))
    raise RuntimeError(f"{game!r} seed {seed}: no end after {MAX_ACTIONS} actions")
