"""A completed trick, as every family records it: its leader, its cards in play order, and the
seat that won it."""

from __future__ import annotations

from typing import NamedTuple

from trickrules.spec.cards import Card


class Trick(NamedTuple):
    """A completed trick: its leader, its cards in play order, the winning seat."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
