"""Perft: count the play sequences of a given length from a position, chess-perft style.

A sequence ends early only when the hand ends; such a sequence is not counted at a greater
depth (as a checkmate ends a chess line). Leaves are counted in bulk from the legal set.
"""

from __future__ import annotations

from engine.deal import deal_hands, first_dealer
from engine.masks import iter_cards
from engine.play import Contract, PlayPosition
from engine.rules import Rules
from spec.cards import Card


def perft(position: PlayPosition, depth: int) -> int:
    """The number of legal card sequences of exactly ``depth`` plays."""
    if depth <= 0:
        return 1
    legal = position.legal_mask()
    if depth == 1:
        return legal.bit_count()
    total = 0
    push, pop = position.push, position.pop
    while legal:
        low = legal & -legal
        legal ^= low
        push(low.bit_length() - 1)
        total += perft(position, depth - 1)
        pop()
    return total


def divide(position: PlayPosition, depth: int) -> list[tuple[Card, int]]:
    """Perft split by first card: ``[(card, count), ...]`` in card order."""
    rows = []
    for card in iter_cards(position.legal_mask()):
        position.push(card)
        rows.append((card, perft(position, depth - 1)))
        position.pop()
    return rows


def perft_position(rules: Rules, seed: int, *, bid: int = 5, declarer: int | None = None,
                   trump: int = 0) -> PlayPosition:
    """The fixed start of play for a seed: hand 0's deal; by default the seat after the dealer
    bid 5 (not forced) and named spades, and leads."""
    dealer = first_dealer(rules, seed)
    hands = deal_hands(rules, seed, 0, dealer)
    seat = (dealer + 1) % rules.players if declarer is None else declarer
    contract = Contract(seat, bid, False, False)
    return PlayPosition(rules, trump, contract, hands, seat)
