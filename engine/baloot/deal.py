"""The Baloot deal: the shuffle, the cutter's choice (``deal.cut``), five cards each in packets
of three and two from the dealer's right, the public card, and the completion once the public
card is taken (``deal.completion``). Every random choice comes from the game's seed."""

from __future__ import annotations

import random
from typing import NamedTuple

from trickrules.engine.baloot.cards import DECK, BCard, CardMask
from trickrules.engine.table import shuffled

CUTTER_CHOICES = ("cut", "go", "shuffle", "public-first", "top-three", "bottom-three-self",
                  "bottom-three-partner")
"""What the cutter may do under ``deal.cut = cutter-chooses`` (only ``cut`` otherwise)."""


class FirstDeal(NamedTuple):
    """The deal before buying: five cards each, the public card, and the eleven cards left in
    the order they will be dealt."""

    hands: tuple[CardMask, CardMask, CardMask, CardMask]
    public: BCard
    rest: tuple[BCard, ...]


def pack(seed: int, deal_index: int) -> list[BCard]:
    """The shuffled pack of one deal (a redeal has its own ``deal_index``)."""
    return shuffled(DECK, seed, f"baloot-deal/{deal_index}")


def first_deal(order: list[BCard], dealer: int, choice: str, seed: int,
               deal_index: int) -> FirstDeal:
    """Deal from ``order`` (top card first) after the cutter's ``choice``; the cutter sits on
    the dealer's left."""
    cards, packets, public = _cut(list(order), (dealer + 3) % 4, choice, seed, deal_index)
    hands = [0, 0, 0, 0]
    seats = [(dealer + 1 + i) % 4 for i in range(4)]
    for seat in seats:
        packet = packets.get(seat) or [cards.pop(0) for _ in range(3)]
        for c in packet:
            hands[seat] |= 1 << c
    for seat in seats:
        for _ in range(2):
            hands[seat] |= 1 << cards.pop(0)
    if public is None:
        public = cards.pop(0)
    return FirstDeal((hands[0], hands[1], hands[2], hands[3]), public, tuple(cards))


def _cut(cards: list[BCard], cutter: int, choice: str, seed: int,
         deal_index: int) -> tuple[list[BCard], dict[int, list[BCard]], BCard | None]:
    """The cutter's ``choice`` carried out on the pack: the cards left to deal, the packets
    of three it hands a seat, and the public card when it is taken first."""
    packets: dict[int, list[BCard]] = {}
    public: BCard | None = None
    if choice == "cut":
        at = random.Random(f"trickrules/{seed}/baloot-cut/{deal_index}").randrange(1, 32)
        cards = cards[at:] + cards[:at]
    elif choice == "shuffle":
        random.Random(f"trickrules/{seed}/baloot-reshuffle/{deal_index}").shuffle(cards)
    elif choice == "public-first":
        public = cards.pop(0)
    elif choice == "top-three":
        packets[cutter] = cards[:3]
        cards = cards[3:]
    elif choice in ("bottom-three-self", "bottom-three-partner"):
        to = cutter if choice == "bottom-three-self" else (cutter + 2) % 4
        packets[to] = cards[-3:]
        cards = cards[:-3]
    elif choice != "go":
        raise ValueError(f"unknown cutter choice {choice!r}")
    return cards, packets, public


def complete(hands: list[CardMask], public: BCard, rest: tuple[BCard, ...], dealer: int,
             taker: int) -> list[CardMask]:
    """The eight-card hands: the taker gets the public card and two more, every other player
    three, dealt from the dealer's right."""
    out = list(hands)
    out[taker] |= 1 << public
    cards = list(rest)
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        for _ in range(2 if seat == taker else 3):
            out[seat] |= 1 << cards.pop(0)
    return out
