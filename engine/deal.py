"""Seeded dealer choice and shuffling: every random choice comes from the game's seed."""

from __future__ import annotations

import random

from engine.masks import BIT, CardSet
from engine.rules import Rules


def first_dealer(rules: Rules, seed: int) -> int:
    """Rule ``dealer.first``: a random draw, reproducible from ``seed``."""
    return random.Random(f"trickrules/{seed}/first-dealer").randrange(rules.players)


def next_dealer(rules: Rules, dealer: int) -> int:
    """Rule ``dealer.rotation``: the dealer of the following hand."""
    return (dealer + rules.dealer_step) % rules.players


def deal_hands(rules: Rules, seed: int, hand_index: int, dealer: int) -> list[CardSet]:
    """Rule ``deal.order``: shuffle by ``(seed, hand_index)``, deal one at a time from the
    player after the dealer."""
    cards = list(rules.deck)
    random.Random(f"trickrules/{seed}/hand/{hand_index}").shuffle(cards)
    hands = [0] * rules.players
    for index, card in enumerate(cards):
        hands[(dealer + 1 + index) % rules.players] |= BIT[card]
    return hands
