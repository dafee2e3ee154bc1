"""The Baloot game API (OpenSpiel-shaped): :class:`BalootGame` makes states, and
:class:`BalootState` is the state of a whole game with its JSON form."""

from __future__ import annotations

from typing import Any

from engine.baloot.actions import NUM_ACTIONS
from engine.baloot.rules import Rules, compile_rules
from engine.baloot.state import BalootStateCore
from engine.table import first_dealer
from spec.loader import family_catalogue
from spec.model import Profile


class BalootState(BalootStateCore):
    """A whole game in progress, with its JSON form."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see :mod:`engine.baloot.codec`)."""
        from engine.baloot.codec import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any], profile: Profile | None = None) -> BalootState:
        """Rebuild a state from its JSON form (optionally under another ``profile``'s rules);
        bad input raises :class:`~engine.errors.StateError`."""
        from engine.baloot.codec import state_from_json

        state = state_from_json(data, profile, BalootGame)
        assert isinstance(state, BalootState)
        return state


class BalootGame:
    """Baloot under one concrete profile (by default ``baloot-default``)."""

    def __init__(self, game_id: str = "baloot", profile: Profile | str | None = None) -> None:
        known = family_catalogue("baloot")
        if profile is None:
            profile = known.default_profile(game_id)
        elif isinstance(profile, str):
            profile = known.profile(profile)
        if profile.game.id != game_id:
            raise ValueError(f"profile {profile.id!r} is for {profile.game.id}, not {game_id}")
        self.profile = profile
        self.rules: Rules = compile_rules(profile)

    game_id = "baloot"
    state_class = BalootState

    def num_players(self) -> int:
        """Four players."""
        return 4

    def num_distinct_actions(self) -> int:
        """Size of the fixed action space."""
        return NUM_ACTIONS

    def new_initial_state(self, seed: int = 0) -> BalootState:
        """A new game: the first dealer drawn and the first pack shuffled from ``seed``."""
        return BalootState(self, seed, first_dealer(self.rules, seed))

    def __repr__(self) -> str:
        return f"BalootGame(profile={self.profile.id!r})"
