"""The table every game of the family shares: seats in play order, teams, the dealer and its
rotation, and the seeded deal. Every random choice comes from the game's seed.

Seats are numbered 0..N-1 in play order (counter-clockwise at the table); the team of a seat is
``seat % 2``, so partners sit opposite.
"""

from __future__ import annotations

import random
from typing import Protocol

from trickrules.engine.masks import BIT, CardSet
from trickrules.spec.cards import Card


class TableRules(Protocol):
    """What the table needs of a game's compiled rules."""

    @property
    def players(self) -> int:
        """Seats at the table."""

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards dealt, in card-id order."""

    @property
    def dealer_step(self) -> int:
        """How many seats the deal moves on after each hand (in play order)."""


def team_of(seat: int) -> int:
    """The team of a seat: partners sit opposite, so the team is the seat's parity."""
    return seat % 2


def first_dealer(rules: TableRules, seed: int) -> int:
    """Rule ``dealer.first``: a random draw, reproducible from ``seed``."""
    return random.Random(f"trickrules/{seed}/first-dealer").randrange(rules.players)


def next_dealer(rules: TableRules, dealer: int) -> int:
    """Rule ``dealer.rotation``: the dealer of the following hand."""
    return (dealer + rules.dealer_step) % rules.players


def shuffled(deck: tuple[Card, ...], seed: int, key: str) -> list[Card]:
    """The cards of ``deck`` in the order a shuffle drawn from ``(seed, key)`` leaves them."""
    cards = list(deck)
    random.Random(f"trickrules/{seed}/{key}").shuffle(cards)
    return cards


def deal_hands(rules: TableRules, seed: int, hand_index: int, dealer: int) -> list[CardSet]:
    """Rule ``deal.order``: shuffle by ``(seed, hand_index)``, deal one at a time from the
    player after the dealer."""
    cards = shuffled(rules.deck, seed, f"hand/{hand_index}")
    hands = [0] * rules.players
    for index, card in enumerate(cards):
        hands[(dealer + 1 + index) % rules.players] |= BIT[card]
    return hands
