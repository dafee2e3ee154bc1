"""The Kout game API (OpenSpiel-shaped): :class:`KoutGame` makes states, and
:class:`KoutState` is the state of a whole game with its JSON form."""

from __future__ import annotations

from typing import Any

from trickrules.engine.api import resolve_profile
from trickrules.engine.codec import guarded_read
from trickrules.engine.kout.actions import NUM_ACTIONS
from trickrules.engine.kout.codec import state_from_json, state_to_json
from trickrules.engine.kout.rules import Rules, compile_rules
from trickrules.engine.kout.state import KoutStateCore
from trickrules.engine.table import deal_hands, first_dealer
from trickrules.spec.model import Profile


class KoutState(KoutStateCore):
    """A whole game in progress: the current hand (auction, trump, play) and the scores."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see :mod:`trickrules.engine.kout.codec`)."""
        return state_to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any], profile: Profile | None = None) -> KoutState:
        """Rebuild a state from its JSON form (optionally under another ``profile``'s rules);
        bad input raises :class:`~trickrules.engine.errors.StateError`."""
        state = guarded_read(lambda: state_from_json(data, profile, KoutGame))
        assert isinstance(state, KoutState)
        return state


class KoutGame:
    """A Kout game under one concrete profile (by default the game's ``-default`` profile)."""

    def __init__(self, game_id: str = "kout6", profile: Profile | str | None = None) -> None:
        self.profile = resolve_profile("kout", game_id, profile)
        self.rules: Rules = compile_rules(self.profile)

    @property
    def game_id(self) -> str:
        """``kout6`` or ``kout4``."""
        return self.rules.game_id

    state_class = KoutState

    def num_players(self) -> int:
        """Players at the table."""
        return self.rules.players

    def num_distinct_actions(self) -> int:
        """Size of the fixed action space (cards, bids, pass, trump suits)."""
        return NUM_ACTIONS

    def new_initial_state(self, seed: int = 0) -> KoutState:
        """A new game: first dealer drawn and first hand dealt from ``seed``."""
        dealer = first_dealer(self.rules, seed)
        hands = deal_hands(self.rules, seed, 0, dealer)
        return KoutState(self, seed, dealer, hands, hand_index=0, scores=(0, 0))

    def __repr__(self) -> str:
        return f"KoutGame({self.game_id!r}, profile={self.profile.id!r})"
