"""Games dealt by explicit chance nodes, for game-AI frameworks: the variant (one hand or a
whole game, with a cap on deals), the event log every such state keeps, and the bounds.

A state made with chance nodes draws each card of a deal as a chance outcome (uniform over
the cards not yet dealt) instead of from a seed; seeded play (``new_initial_state(seed)``)
is unchanged. Each action is logged as an :data:`Event` ``(actor, action, to)``: ``actor``
is the seat or :data:`CHANCE_PLAYER`, ``to`` the seat a dealt card goes to, :data:`PUBLIC`
for a card turned face up for everyone, or :data:`NOT_DEALT` for a player's action.
"""

from __future__ import annotations

from dataclasses import dataclass

CHANCE_PLAYER = -1
"""The player id of a chance node (OpenSpiel's ``kChancePlayerId``)."""
PUBLIC = -1
NOT_DEALT = -2

Event = tuple[int, int, int]
"""``(actor, action, to)``: one logged action."""


@dataclass(frozen=True)
class Variant:
    """How long a game dealt by chance lasts: one hand, or a whole game to the target; either
    way at most ``max_deals`` deals (a redeal after all pass counts), after which the team
    ahead wins and equal scores are a draw."""

    one_hand: bool = False
    max_deals: int = 50

    def __post_init__(self) -> None:
        if isinstance(self.max_deals, bool) or not isinstance(self.max_deals, int) \
                or self.max_deals < 1:
            raise ValueError(f"max_deals: {self.max_deals!r} is not a whole number >= 1")

    @property
    def name(self) -> str:
        """``hand`` or ``game``, as the frameworks' parameter spells it."""
        return "hand" if self.one_hand else "game"


@dataclass(frozen=True)
class Layout:
    """The sizes the views are built on: seats, card ids, actions, the most events one deal
    can log, the game target, the deal cap, tricks and calls per deal, and how cards show."""

    game_id: str
    players: int
    cards: int
    actions: int
    events_per_deal: int
    target: int
    max_deals: int
    tricks: int
    """Tricks in a hand (each seat's hand size)."""
    calls_per_deal: int
    """The most actions other than cards a deal can hold."""
    shows_cards: bool
    """Whether players show cards from their hands (Baloot's projects)."""
    completes: bool
    """Whether the deal is completed after the buying (Baloot)."""

    @property
    def max_game_length(self) -> int:
        """The most actions (chance outcomes included) a game can take."""
        return self.max_deals * self.events_per_deal


def cap_winner(scores: list[int]) -> int | None:
    """The winning team when the deal cap ends a game: the team ahead, None when equal."""
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def hand_winner(before: tuple[int, int], scores: list[int]) -> int | None:
    """The winner of a one-hand game: the team that scored more in the hand, None if equal."""
    return cap_winner([scores[0] - before[0], scores[1] - before[1]])
