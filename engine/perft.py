"""Perft: count the play sequences of a given length from a position, chess-perft style.

A sequence ends early only when the hand ends; such a sequence is not counted at a greater
depth (as a checkmate ends a chess line). Leaves are counted in bulk from the legal set.
"""

from __future__ import annotations

from typing import Protocol

from trickrules.engine.masks import CardSet, iter_cards
from trickrules.spec.cards import Card


class Position(Protocol):
    """A point of play that can list its legal cards and play and take back a card."""

    def legal_mask(self) -> CardSet:
        """The legal cards of the player to move, as a set."""

    def push(self, card: Card) -> None:
        """Play ``card``."""

    def pop(self) -> Card:
        """Take back the last card played (and return it)."""


def perft(position: Position, depth: int) -> int:
    """The number of legal card sequences of exactly ``depth`` plays."""
    if depth <= 0:
        return 1
    legal = position.legal_mask()
    if depth == 1:
        return legal.bit_count()
    total = 0
    push, pop = position.push, position.pop
    if depth == 2:  # the last ply counted in bulk without a call per position
        legal_mask = position.legal_mask
        while legal:
            low = legal & -legal
            legal ^= low
            push(low.bit_length() - 1)
            total += legal_mask().bit_count()
            pop()
        return total
    while legal:
        low = legal & -legal
        legal ^= low
        push(low.bit_length() - 1)
        total += perft(position, depth - 1)
        pop()
    return total


def divide(position: Position, depth: int) -> list[tuple[Card, int]]:
    """Perft split by first card: ``[(card, count), ...]`` in card order."""
    rows = []
    for card in iter_cards(position.legal_mask()):
        position.push(card)
        rows.append((card, perft(position, depth - 1)))
        position.pop()
    return rows
