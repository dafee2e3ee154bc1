"""Card vocabulary shared by every layer: ids, suits, ranks and the ``AS``/``10H``/``RJ`` notation.

A card is an ``int``: ``suit * 13 + rank`` for the 52 suited cards (rank 0 is the 2, rank 12
the Ace), then ``BLACK_JOKER = 52`` and ``RED_JOKER = 53``. Suits are numbered
spades, hearts, diamonds, clubs.
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int
Suit = int
Rank = int

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JACK, QUEEN, KING, ACE = 9, 10, 11, 12

BLACK_JOKER: Card = 52
RED_JOKER: Card = 53
JOKERS: tuple[Card, Card] = (BLACK_JOKER, RED_JOKER)
NUM_CARDS = 54
ALL_CARDS: tuple[Card, ...] = tuple(range(NUM_CARDS))


class CardParseError(ValueError):
    """A card token that is not in the notation; the message names the token."""

    def __init__(self, token: str, why: str = "") -> None:
        self.token = token
        detail = f": {why}" if why else ""
        super().__init__(
            f"bad card {token!r}{detail} (expected rank 2-10/J/Q/K/A then suit S/H/D/C, "
            "or RJ / BJ for the red and black Jokers)"
        )


class SuitParseError(CardParseError):
    """A suit token that is neither a suit letter nor a suit symbol."""

    def __init__(self, token: str) -> None:
        self.token = token
        ValueError.__init__(self, f"unknown suit {token!r} (expected S, H, D or C, or a "
                                  "suit symbol)")


def make_card(suit: Suit, rank: Rank) -> Card:
    """The card of ``rank`` (0 = 2 .. 12 = Ace) in ``suit``."""
    return suit * 13 + rank


def suit_of(card: Card) -> Suit:
    """The suit of a suited card (Jokers have none; callers test ``is_joker`` first)."""
    return card // 13


def rank_of(card: Card) -> Rank:
    """The rank index of a suited card, 0 for the 2 up to 12 for the Ace."""
    return card % 13


def is_joker(card: Card) -> bool:
    """Whether ``card`` is one of the two Jokers."""
    return card >= BLACK_JOKER


def card_name(card: Card) -> str:
    """The notation of a card: ``AS``, ``10H``, ``RJ``."""
    if card == RED_JOKER:
        return "RJ"
    if card == BLACK_JOKER:
        return "BJ"
    if not 0 <= card < 52:
        raise ValueError(f"card id {card} is outside 0..53")
    return RANK_NAMES[rank_of(card)] + SUIT_LETTERS[suit_of(card)]


def card_symbol(card: Card) -> str:
    """A card with its Unicode suit symbol, for people: ``A\u2660``, ``10\u2665``."""
    if is_joker(card):
        return card_name(card)
    return RANK_NAMES[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


_BY_NAME: dict[str, Card] = {card_name(c): c for c in range(NUM_CARDS)}
"""Every card by the name :func:`card_name` gives it, so reading a card as written is a lookup."""


def parse_rank(token: str) -> Rank:
    """The rank index of a rank token (``2``..``10``, ``J``, ``Q``, ``K``, ``A``)."""
    upper = token.strip().upper()
    if upper == "T":
        upper = "10"
    if upper not in RANK_NAMES:
        raise CardParseError(token, f"unknown rank {token!r}")
    return RANK_NAMES.index(upper)


def parse_suit(token: str) -> Suit:
    """The suit of a suit letter or symbol."""
    stripped = token.strip()
    upper = stripped.upper()
    if len(upper) == 1 and upper in SUIT_LETTERS:
        return SUIT_LETTERS.index(upper)
    if len(stripped) == 1 and stripped in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(stripped)
    raise SuitParseError(token)


def parse_card(token: str) -> Card:
    """Parse one card token; raises :class:`CardParseError` naming the token.

    >>> parse_card("10H"), parse_card("AS"), parse_card("RJ")
    (21, 12, 53)
    """
    if not isinstance(token, str):
        raise CardParseError(repr(token), "not a string")
    named = _BY_NAME.get(token)
    if named is not None:  # the usual case: a card as card_name writes it
        return named
    text = token.strip().upper()
    if text == "RJ":
        return RED_JOKER
    if text == "BJ":
        return BLACK_JOKER
    if len(text) < 2:
        raise CardParseError(token, "too short")
    try:
        return make_card(parse_suit(text[-1]), parse_rank(text[:-1]))
    except CardParseError as exc:
        raise CardParseError(token, str(exc).split(": ", 1)[-1].split(" (")[0]) from None


def parse_cards(tokens: Iterable[str] | str) -> list[Card]:
    """Parse a list of tokens, or one string of tokens separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse_card(token) for token in tokens]


def expand_pattern(pattern: str) -> list[Card]:
    """Cards named by a deck pattern: a card (``6H``), or a rank in every suit (``5*``)."""
    text = pattern.strip()
    if text.endswith("*"):
        rank = parse_rank(text[:-1])
        return [make_card(suit, rank) for suit in SUITS]
    return [parse_card(text)]
