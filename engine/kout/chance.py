"""Kout dealt by explicit chance nodes (for game-AI frameworks): each card of a deal is a
chance outcome, one card at a time from the seat after the dealer (rule ``deal.order``).

The first dealer is the last seat, so seat 0 speaks first; the dealer then rotates as in any
game. Seeded states (:meth:`KoutGame.new_initial_state`) never reach this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from trickrules.engine.chance import (
    CHANCE_PLAYER,
    NOT_DEALT,
    Event,
    Layout,
    Variant,
    Views,
    cap_winner,
    hand_winner,
)
from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.engine.kout.actions import NUM_ACTIONS, action_to_string
from trickrules.engine.kout.game import KoutState
from trickrules.engine.kout.state import AUCTION, GAME_OVER
from trickrules.engine.masks import BIT, iter_cards
from trickrules.spec.cards import NUM_CARDS

if TYPE_CHECKING:
    from trickrules.engine.kout.game import KoutGame

DEAL = "deal"


def layout(game: KoutGame, variant: Variant) -> Layout:
    """The sizes of a Kout game's views: a deal logs its cards, at most six calls per seat
    (five raises, a pass between each), the trump and the cards played."""
    rules = game.rules
    deck = len(rules.deck)
    calls = 6 * rules.players + 1
    return Layout(rules.game_id, rules.players, NUM_CARDS, NUM_ACTIONS, 2 * deck + calls,
                  rules.target, variant.max_deals, rules.hand_size, calls, False, False)


class KoutChanceState(Views, KoutState):
    """A Kout game whose deals are chance nodes; ``variant`` says one hand or a whole game."""

    def __init__(self, game: KoutGame, variant: Variant) -> None:
        self.variant = variant
        self.layout = layout(game, variant)
        self.log: list[list[Event]] = []
        self.dealers: list[int] = []
        self.texts: dict[tuple[int | None, int], str] = {}
        """Each finished deal's line of the information-state string, by seat and deal."""
        self._undealt = 0
        self._dealt = 0
        self._before = (0, 0)
        super().__init__(game, 0, game.rules.players - 1, [0] * game.rules.players, 0, (0, 0))

    def _start_hand(self, dealer: int, hands: list[int], hand_index: int) -> None:
        """Start a hand with empty hands: its cards come from the chance nodes that follow."""
        super()._start_hand(dealer, hands, hand_index)
        self.phase = DEAL
        self._undealt = self.rules.deck_mask
        self._dealt = 0
        self._before = (self.scores[0], self.scores[1])
        self.log.append([])
        self.dealers.append(dealer)

    def _next_hand(self, dealer: int, index: int) -> None:
        """End a one-hand game, or a game at the deal cap; else deal the next hand by chance."""
        if self.variant.one_hand or index >= self.variant.max_deals:
            self.winner = (hand_winner(self._before, self.scores) if self.variant.one_hand
                           else cap_winner(self.scores))
            self.phase = GAME_OVER
            return
        self._start_hand(dealer, [0] * self.rules.players, index)

    def to_json(self) -> dict[str, Any]:
        """The JSON form of the situation (read back, it is a seeded game: later deals come
        from its seed); none while a deal is being drawn."""
        if self.phase == DEAL:
            raise StateError("a deal drawn by chance nodes has no JSON form until it is dealt")
        return super().to_json()

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE_PLAYER` while dealing, -4 once the game is over."""
        return CHANCE_PLAYER if self.phase == DEAL else super().current_player()

    def is_chance_node(self) -> bool:
        """Whether the next action is a card dealt by chance."""
        return self.phase == DEAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet dealt with its probability (uniform); empty off a chance node."""
        if self.phase != DEAL:
            return []
        cards = list(iter_cards(self._undealt))
        return [(card, 1.0 / len(cards)) for card in cards]

    def legal_actions(self) -> list[int]:
        """The legal actions; at a chance node, the cards still to deal."""
        if self.phase == DEAL:
            return list(iter_cards(self._undealt))
        return super().legal_actions()

    def apply_action(self, action: int) -> None:
        """Deal a card at a chance node, otherwise play as any state; each action is logged."""
        if self.phase != DEAL:
            actor = self.current_player()
            deal = self.log[-1]
            super().apply_action(action)
            deal.append((actor, action, NOT_DEALT))
            return
        if isinstance(action, bool) or not isinstance(action, int) or not (
                0 <= action < NUM_CARDS and self._undealt & BIT[action]):
            raise IllegalActionError(-1, repr(action), CHANCE_PLAYER, "deal.order",
                                     "a chance outcome is a card not yet dealt", self.summary())
        seat = (self.dealer + 1 + self._dealt) % self.rules.players
        self.hands_at_auction[seat] |= BIT[action]
        self._undealt &= ~BIT[action]
        self._dealt += 1
        self._history.append(action)
        self.log[-1].append((CHANCE_PLAYER, action, seat))
        if not self._undealt:
            self.deal = tuple(self.hands_at_auction)
            self.phase = AUCTION

    def action_to_string(self, action: int) -> str:
        """The name of ``action``; a dealt card reads ``deal AS``."""
        name = action_to_string(action)
        return "deal " + name if self.phase == DEAL else name

    def action_name(self, action: int) -> str:
        """The name of ``action``, a card the same dealt or played."""
        return action_to_string(action)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a set (after the last hand, what it kept)."""
        if self.phase == GAME_OVER and self.position is not None:
            return self.position.hands[seat]
        return self.hand_masks()[seat]

    def shown(self, seat: int) -> int:
        """Cards ``seat`` has shown from its hand: none in Kout."""
        return 0

    def clone(self) -> Self:
        """An independent copy."""
        other = super().clone()
        other.log = [list(deal) for deal in self.log]
        other.dealers = list(self.dealers)
        other.texts = dict(self.texts)
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """A deep copy is a clone: the game and its rules are shared, never copied."""
        return self.clone()
