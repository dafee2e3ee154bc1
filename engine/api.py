"""The game API every family's engine offers (OpenSpiel-shaped), and the record that
describes a game type.

A game (:class:`Game`) makes states; a state (:class:`State`) answers whose turn it is, which
actions are legal (sorted ints of one fixed action space per family: cards first, then calls),
applies an action (an illegal one raises and changes nothing), clones itself, and has a JSON
form that round-trips.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from trickrules.spec.model import Profile


@dataclass(frozen=True)
class GameType:
    """What a game is, OpenSpiel's ``GameType`` style: names, table, actions, state format."""

    short_name: str
    long_name: str
    family: str
    players: int
    num_distinct_actions: int
    state_format: str
    reconciled_profile: str


class State(Protocol):
    """A state of a game in progress."""

    def current_player(self) -> int:
        """The seat to act (a negative value when the game is over)."""

    def is_chance_node(self) -> bool:
        """Whether chance acts next: never in a seeded game (its deals come from the seed);
        while dealing in one made by ``trickrules.engine.registry.new_chance_state``."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node each outcome (a card to deal) with its probability; else empty."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted."""

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises and leaves the state as it was."""

    def returns(self) -> list[float]:
        """Each seat's result (+1 win, -1 loss) once the game is over."""

    def history(self) -> list[int]:
        """The actions applied so far."""

    def action_to_string(self, action: int) -> str:
        """The readable name of an action."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form of the state."""


class Game(Protocol):
    """A game under one concrete profile: it makes states."""

    def num_players(self) -> int:
        """Seats at the table."""

    def num_distinct_actions(self) -> int:
        """The size of the family's fixed action space."""

    def new_initial_state(self, seed: int = 0) -> Any:
        """A new game, every random choice drawn from ``seed``."""


def resolve_profile(family: str, game_id: str, profile: Profile | str | None) -> Profile:
    """The profile a game of ``family`` is made under: the one given, the one named (pinned
    readings allowed), or by default the game's ``-default`` profile; it must be of the game."""
    from trickrules.spec.loader import family_catalogue

    known = family_catalogue(family)
    if profile is None:
        profile = known.default_profile(game_id)
    elif isinstance(profile, str):
        profile = known.profile(profile)
    if profile.game.id != game_id:
        raise ValueError(f"profile {profile.id!r} is for {profile.game.id}, not {game_id}")
    return profile


def play_random(game: Game, seed: int) -> Any:
    """A whole game with every player choosing uniformly among legal actions, from ``seed``."""
    state = game.new_initial_state(seed)
    rng = random.Random(f"trickrules/{seed}/players")
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state
