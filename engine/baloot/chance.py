"""Baloot dealt by explicit chance nodes (for game-AI frameworks): after the cutter's choice
(a player's action where ``deal.cut`` lets the cutter choose), five cards each in packets of
three and two from the dealer's right and the public card are chance outcomes, and so is
each card of the completion once the contract is bought (``deal.completion``).

Cutting or reshuffling a pack no one has seen leaves every deal equally likely, so the cut is
no separate node: each card is drawn uniformly from those not yet dealt. The first dealer is
seat 3, so seat 0 speaks first. Seeded states never reach this module.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.cards import NUM_CARDS
from trickrules.engine.baloot.deal import FirstDeal
from trickrules.engine.baloot.game import BalootState
from trickrules.engine.baloot.state import AUCTION, CUT, GAME_OVER
from trickrules.engine.chance import (
    CHANCE_PLAYER,
    NOT_DEALT,
    PUBLIC,
    Event,
    Layout,
    Variant,
    Views,
    cap_winner,
    hand_winner,
)
from trickrules.engine.errors import IllegalActionError, StateError

if TYPE_CHECKING:
    from trickrules.engine.baloot.game import BalootGame

DEAL = "deal"
MAX_CALLS = 24
"""More than the buying's longest call sequence (16 calls, proved in Z3) and the doubling's."""


SHARED = (int, str, tuple, type(None), Variant, Layout)
"""Values a copy of a state shares: never changed in place (the tuples hold numbers)."""


def layout(game: BalootGame, variant: Variant) -> Layout:
    """The sizes of a Baloot game's views: a deal logs the cutter's choice, 32 dealt cards,
    the calls, the trump, four project choices and 32 cards played."""
    calls = 1 + MAX_CALLS + 1 + 4
    return Layout("baloot", 4, NUM_CARDS, act.NUM_ACTIONS, 32 + calls + 32, game.rules.target,
                  variant.max_deals, 8, calls, True, True)


class BalootChanceState(Views, BalootState):
    """A Baloot game whose deals are chance nodes; ``variant`` says one hand or a game."""

    def __init__(self, game: BalootGame, variant: Variant) -> None:
        self.variant = variant
        self.layout = layout(game, variant)
        self.log: list[list[Event]] = []
        self.dealers: list[int] = []
        self.texts: dict[tuple[int | None, int], str] = {}
        """Each finished deal's line of the information-state string, by seat and deal."""
        self._plan: list[int] = []
        self._undealt = 0
        self._before = (0, 0)
        self._completing = False
        super().__init__(game, 0, 3)

    def _new_deal(self) -> None:
        """Open a deal in the log (the cutter's choice, if any, comes first)."""
        self.log.append([])
        self.dealers.append(self.dealer)
        self._before = (self.scores[0], self.scores[1])
        super()._new_deal()

    def _deal(self, choice: str) -> None:
        """After the cut: three cards, then two, to each seat from the dealer's right, then
        the public card, each a chance node."""
        self.cut_choice = choice
        seats = [(self.dealer + 1 + i) % 4 for i in range(4)]
        self._plan = [s for s in seats for _ in range(3)] + [s for s in seats for _ in range(2)]
        self._plan.append(PUBLIC)
        self._undealt = (1 << NUM_CARDS) - 1
        self._completing = False
        self.phase = DEAL

    def _complete_deal(self, taker: int) -> None:
        """The taker gets the public card; the completion's cards are chance nodes."""
        self.hands[taker] |= 1 << self.public
        seats = [(self.dealer + 1 + i) % 4 for i in range(4)]
        self._plan = [s for s in seats for _ in range(2 if s == taker else 3)]
        self._completing = True
        self.phase = DEAL

    def _next_deal(self, same_dealer: bool) -> None:
        """End a one-hand game after its scored hand, or any game at the deal cap."""
        if (self.variant.one_hand and self.hand is not None) \
                or self.deal_index + 1 >= self.variant.max_deals:
            self.winner = (hand_winner(self._before, self.scores) if self.variant.one_hand
                           else cap_winner(self.scores))
            self.phase = GAME_OVER
            self.hands = [0, 0, 0, 0]
            return
        super()._next_deal(same_dealer)

    def to_json(self) -> dict[str, Any]:
        """The JSON form of the situation (read back, it is a seeded game: later deals come
        from its seed); none before the deal is complete, as the stock is drawn only then."""
        if self.phase in (CUT, DEAL, AUCTION):
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
        cards = self.legal_actions() if self.phase == DEAL else []
        return [(c, 1.0 / len(cards)) for c in cards]

    def legal_actions(self) -> list[int]:
        """The legal actions; at a chance node, the cards still to deal."""
        if self.phase == DEAL:
            return [c for c in range(NUM_CARDS) if self._undealt >> c & 1]
        return super().legal_actions()

    def apply_action(self, action: int) -> None:
        """Deal a card at a chance node, otherwise play as any state; each action is logged."""
        if self.phase != DEAL:
            actor, deal = self.current_player(), self.log[-1]
            super().apply_action(action)
            deal.append((actor, action, NOT_DEALT))
            return
        if isinstance(action, bool) or not isinstance(action, int) or not (
                0 <= action < NUM_CARDS and self._undealt >> action & 1):
            raise IllegalActionError(-1, repr(action), CHANCE_PLAYER, "deal.order",
                                     "a chance outcome is a card not yet dealt", self.summary())
        to = self._plan.pop(0)
        self._undealt &= ~(1 << action)
        self._history.append(action)
        self.log[-1].append((CHANCE_PLAYER, action, to))
        if to == PUBLIC:
            self.public = action
        else:
            self.hands[to] |= 1 << action
        if self._plan:
            return
        if self._completing:
            self._after_completion()
        else:
            hands = self.hands
            self.hands = [0, 0, 0, 0]
            self.load_deal(FirstDeal((hands[0], hands[1], hands[2], hands[3]), self.public, ()))

    def action_to_string(self, action: int) -> str:
        """The name of ``action``; a dealt card reads ``deal AS``."""
        name = act.action_name(action)
        return "deal " + name if self.phase == DEAL else name

    def action_name(self, action: int) -> str:
        """The name of ``action``, a card the same dealt or played."""
        return act.action_name(action)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a set."""
        return self.hands[seat]

    def shown(self, seat: int) -> int:
        """The cards of ``seat``'s declared projects, shown to all once the first trick is
        over (until then only the declaration is public)."""
        hand = self.hand
        if hand is None or not hand.tricks:
            return 0
        cards = 0
        for project in hand.declared.get(seat, ()):
            cards |= project.cards
        return cards

    def _written_once(self) -> list[object]:
        """The parts of the hand in play that never change once written: its completed
        tricks, its declared projects and the calls made (a copy shares them)."""
        parts: list[object] = []
        if self.hand is not None:
            parts += [*self.hand.tricks, *self.hand.declared.values()]
        for calls in (self.auction, self.doubling):
            if calls is not None:
                parts += calls.calls
        return parts

    def __deepcopy__(self, memo: dict[int, object]) -> BalootChanceState:
        """A deep copy that shares the game, its rules and every value never changed in place
        (numbers, strings, tuples, the finished records and tricks): a framework's search
        copies states at every step."""
        memo[id(self.game)], memo[id(self.rules)] = self.game, self.rules
        for written in self._written_once():
            memo[id(written)] = written
        other = type(self).__new__(type(self))
        memo[id(self)] = other
        # the event log and the history hold tuples and numbers: copied one level deep
        flat = {"log": [list(deal) for deal in self.log], "records": list(self.records),
                "_history": list(self._history), "texts": dict(self.texts)}
        for key, value in self.__dict__.items():
            if key in flat:
                value = flat[key]
            elif isinstance(value, list) and all(isinstance(v, SHARED) for v in value):
                value = list(value)
            elif not isinstance(value, SHARED):
                value = copy.deepcopy(value, memo)
            setattr(other, key, value)
        return other
