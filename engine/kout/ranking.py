"""Who wins a trick: the ranking of cards under a trump and a suit to follow.

Highest first: red Joker, Ace of trump, black Joker, the rest of trump by rank, the suit to
follow by rank; any other card (and a worthless Joker) cannot win.
"""

from __future__ import annotations

from collections.abc import Sequence

from trickrules.engine.masks import CardSet
from trickrules.spec.cards import ACE, RED_JOKER, Card, Suit

NO_SUIT: Suit = -1

RED_JOKER_STRENGTH = 100
TRUMP_ACE_STRENGTH = 99
BLACK_JOKER_STRENGTH = 98
TRUMP_BASE_STRENGTH = 80
FOLLOW_BASE_STRENGTH = 40
CANNOT_WIN = 0
WORTHLESS = -1


def card_strength(card: Card, trump: Suit, follow: Suit, worthless: CardSet = 0) -> int:
    """Strength of ``card`` in a trick (rule ``trick.winner``); higher beats lower.

    ``trump`` is the trump of this trick, ``follow`` the suit to follow (``NO_SUIT`` if none),
    ``worthless`` the Jokers of this trick that have lost their rank.
    """
    if card >= 52:
        if worthless >> card & 1:
            return WORTHLESS
        return RED_JOKER_STRENGTH if card == RED_JOKER else BLACK_JOKER_STRENGTH
    suit, rank = divmod(card, 13)
    if suit == trump:
        return TRUMP_ACE_STRENGTH if rank == ACE else TRUMP_BASE_STRENGTH + rank
    if suit == follow:
        return FOLLOW_BASE_STRENGTH + rank
    return CANNOT_WIN


def winning_index(cards: Sequence[Card], trump: Suit, follow: Suit, worthless: CardSet) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick."""
    best = -2
    best_index = 0
    for index, card in enumerate(cards):
        strength = card_strength(card, trump, follow, worthless)
        if strength > best:
            best = strength
            best_index = index
    return best_index
