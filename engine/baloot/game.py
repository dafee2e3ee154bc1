"""The Baloot game API (OpenSpiel-shaped): :class:`BalootGame` makes states, and
:class:`BalootState` is the state of a whole game with its JSON form."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trickrules.engine.api import resolve_profile
from trickrules.engine.baloot.actions import NUM_ACTIONS
from trickrules.engine.baloot.rules import Rules, compile_rules
from trickrules.engine.baloot.state import BalootStateCore
from trickrules.engine.errors import StateError
from trickrules.engine.table import first_dealer
from trickrules.spec.model import Profile


class BalootState(BalootStateCore):
    """A whole game in progress, with its JSON form."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see :mod:`trickrules.engine.baloot.codec`)."""
        from trickrules.engine.baloot.codec import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any], profile: Profile | None = None) -> BalootState:
        """Rebuild a state from its JSON form (optionally under another ``profile``'s rules);
        bad input raises :class:`~trickrules.engine.errors.StateError`."""
        from trickrules.engine.baloot.codec import state_from_json
        from trickrules.engine.codec import guarded_read

        state = guarded_read(lambda: state_from_json(data, profile, BalootGame))
        assert isinstance(state, BalootState)
        return state


class BalootGame:
    """Baloot under one concrete profile (by default ``baloot-default``)."""

    def __init__(self, game_id: str = "baloot", profile: Profile | str | None = None) -> None:
        self.profile = resolve_profile("baloot", game_id, profile)
        self.rules: Rules = compile_rules(self.profile)

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

    def state_from_deal(self, dealer: int, hands: Sequence[str], public: str, stock: str,
                        scores: tuple[int, int] = (0, 0), seed: int = 0) -> BalootState:
        """A game whose current hand starts from an explicit deal: each seat's five cards (a
        string of cards per seat), the public card, and the eleven cards still to deal in
        order. The following hands are drawn from ``seed``. Bad input raises ``StateError``."""
        from trickrules.engine.baloot.cards import BalootCardError, mask, parse, parse_many
        from trickrules.engine.baloot.deal import FirstDeal

        if (isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4
                or len(hands) != 4):
            raise StateError("deal: expected a dealer 0..3 and four hands")
        try:
            held = [parse_many(h) for h in hands]
            top, rest = parse(public), parse_many(stock)
        except BalootCardError as exc:
            raise StateError(f"deal: {exc}") from None
        every = [c for h in held for c in h] + [top] + rest
        if any(len(h) != 5 for h in held) or len(rest) != 11 or len(set(every)) != 32:
            raise StateError("deal: expected five cards each, the public card and eleven more, "
                             "every card of the pack once")
        state = BalootState(self, seed, dealer, scores)
        state.load_deal(FirstDeal((mask(held[0]), mask(held[1]), mask(held[2]),
                                   mask(held[3])), top, tuple(rest)))
        state.cut_choice = None
        return state

    def __repr__(self) -> str:
        return f"BalootGame(profile={self.profile.id!r})"
