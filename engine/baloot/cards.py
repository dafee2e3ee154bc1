"""Baloot's 32 cards: ids, bitmasks and the shared ``AS``/``10H``/``7C`` notation.

A card is ``suit * 8 + rank`` with suits spades, hearts, diamonds, clubs (as everywhere in the
project) and ranks in the natural order 7, 8, 9, 10, J, Q, K, A (0..7), the order runs are read
in. A set of cards is a 32-bit mask. A card outside the 32-card deck is refused by name.
"""

from __future__ import annotations

from collections.abc import Iterable

from trickrules.engine.errors import EngineError
from trickrules.engine.masks import cards_of, mask_of
from trickrules.spec.cards import (
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    CardParseError,
    is_joker,
    parse_card,
    rank_of,
    suit_of,
)

BCard = int
CardMask = int

RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank tokens in the natural order (the order of runs), lowest first."""
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
NUM_CARDS = 32
DECK: tuple[BCard, ...] = tuple(range(NUM_CARDS))
FULL_MASK: CardMask = (1 << NUM_CARDS) - 1
SUIT_MASK: tuple[CardMask, ...] = tuple(0xFF << (8 * suit) for suit in range(4))
_SHARED_SEVEN = 5
"""The shared rank index of the 7 (``trickrules.spec.cards`` counts ranks from the 2)."""


class BalootCardError(EngineError, CardParseError):
    """A card token that is not one of Baloot's 32 cards; the message names it."""

    def __init__(self, token: str, why: str) -> None:
        self.token = token
        ValueError.__init__(self, f"bad card {token!r}: {why}")


def card(suit: int, rank: int) -> BCard:
    """The card of ``rank`` (0 = 7 .. 7 = A) in ``suit``."""
    return suit * 8 + rank


def suit(c: BCard) -> int:
    """The suit of a card."""
    return c >> 3


def rank(c: BCard) -> int:
    """The natural rank of a card, 0 for the 7 up to 7 for the Ace."""
    return c & 7


def name(c: BCard) -> str:
    """The notation of a card: ``AS``, ``10H``, ``7C``."""
    if not 0 <= c < NUM_CARDS:
        raise ValueError(f"Baloot card id {c} is outside 0..31")
    return RANKS[c & 7] + SUIT_LETTERS[c >> 3]


_BY_NAME: dict[str, BCard] = {name(c): c for c in range(NUM_CARDS)}
"""Every card by the name :func:`name` gives it, so reading a card as written is a lookup."""


def symbol(c: BCard) -> str:
    """A card with its suit symbol, for people: ``A\u2660``."""
    return RANKS[c & 7] + SUIT_SYMBOLS[c >> 3]


def parse(token: str) -> BCard:
    """A card from its notation; a card outside the 32-card deck is refused by name."""
    named = _BY_NAME.get(token) if isinstance(token, str) else None
    if named is not None:
        return named
    shared = parse_card(token)
    if is_joker(shared) or rank_of(shared) < _SHARED_SEVEN:
        raise BalootCardError(str(token), "not in the 32-card Baloot deck (7 to A in each suit)")
    return card(suit_of(shared), rank_of(shared) - _SHARED_SEVEN)


def parse_many(tokens: Iterable[str] | str) -> list[BCard]:
    """Several cards, as a list of tokens or one string separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse(token) for token in tokens]


mask = mask_of
"""The set holding some cards (the shared bitmask helper: a Baloot id is a bit like any other)."""
cards_in = cards_of
"""The cards of a set, lowest id first."""


def names(m: CardMask) -> list[str]:
    """The notation of every card of a set, lowest id first."""
    return [name(c) for c in cards_in(m)]
