"""Sets of cards as bitmasks (bit ``c`` set = card ``c`` present), python-chess style."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trickrules.spec.cards import BLACK_JOKER, RED_JOKER, SUITS, Card

CardSet = int

BIT: tuple[CardSet, ...] = tuple(1 << card for card in range(54))
SUIT_MASK: tuple[CardSet, ...] = tuple(0x1FFF << (13 * suit) for suit in SUITS)
JOKER_MASK: CardSet = BIT[BLACK_JOKER] | BIT[RED_JOKER]
ALL_MASK: CardSet = (1 << 54) - 1


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of a set, in ascending id order."""
    return list(iter_cards(mask))


def iter_cards(mask: CardSet) -> Iterator[Card]:
    """Iterate the cards of a set, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
