"""A finished Baloot hand given as the eight tricks played, for a hand-score request that asks
the card points as well as the score.

A request that gives the card points checks how an engine turns them into game points; one that
gives the tricks also checks what each card is worth, which side takes each trick and who gets
the last trick's bonus (``score.card-points``, ``trick.winner``): an engine that gives the bonus
to the side that led the last trick, or swaps the trump Jack's and Nine's values, answers such
a request wrongly. Every card of every trick is checked to be legal where it was played (a
request no hand can reach is refused, naming the trick and the card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trickrules.engine.baloot.cards import NUM_CARDS, BCard, name
from trickrules.engine.baloot.play import legal_mask, lock_binds, winning_index
from trickrules.engine.baloot.rules import Rules
from trickrules.proofs.baloot.conformance.situation import (
    HAND,
    SEATS,
    read_cards,
    read_contract,
    read_seat,
)
from trickrules.proofs.conformance.protocol import InvalidRequestError


@dataclass(frozen=True)
class PlayedTrick:
    """One trick: the seat that led it and its four cards in the order played."""

    leader: int
    cards: tuple[BCard, ...]


@dataclass(frozen=True)
class PlayedHand:
    """The eight tricks of a hand, its trump (None in Sun), whether a double locked it, and the
    buyers' side (a lock may bind the buyers only)."""

    trump: int | None
    locked: bool
    tricks: tuple[PlayedTrick, ...]
    buyers: int = 0


def read_played_hand(data: dict[str, Any]) -> PlayedHand:
    """The ``trump``, ``locked`` and ``tricks`` of a hand-score request, checked in shape:
    eight tricks of four cards, every card of the pack once."""
    _, trump = read_contract(data)
    locked = data.get("locked")
    if not isinstance(locked, bool):
        raise InvalidRequestError(f"locked: {locked!r} is not true or false")
    raw = data.get("tricks")
    if not isinstance(raw, list) or len(raw) != HAND:
        raise InvalidRequestError(f"tricks: expected the {HAND} tricks of the hand")
    tricks = []
    for k, trick in enumerate(raw):
        where = f"tricks[{k}]"
        if not isinstance(trick, dict):
            raise InvalidRequestError(f"{where}: expected an object with leader and cards")
        cards = read_cards(trick.get("cards"), f"{where}.cards")
        if len(cards) != SEATS:
            raise InvalidRequestError(f"{where}.cards: {len(cards)} cards, not {SEATS}")
        tricks.append(PlayedTrick(read_seat(trick.get("leader"), f"{where}.leader"), cards))
    every = [c for t in tricks for c in t.cards]
    if len(set(every)) != NUM_CARDS:
        twice = sorted({name(c) for c in every if every.count(c) > 1})
        raise InvalidRequestError(f"tricks: {', '.join(twice)} played twice")
    buyers = data.get("declarer_team", 0)
    return PlayedHand(trump, locked, tuple(tricks), buyers if buyers in (0, 1) else 0)


@dataclass(frozen=True)
class PlayedPoints:
    """What the tricks give each side: tricks won and card points (the last trick's bonus
    included)."""

    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    won: tuple[int, int] = (0, 0)
    """The cards each side's tricks took."""


def last_trick_side(winner: int, leader: int) -> int:
    """The side that takes the last trick's bonus: the side that wins that trick."""
    return winner % 2


def replay(rules: Rules, hand: PlayedHand) -> PlayedPoints:
    """Play the tricks in order, each card checked legal from what its seat still holds and
    each trick led by the winner of the one before; count each side's tricks and points."""
    holding = [0] * SEATS
    for trick in hand.tricks:
        for k, card in enumerate(trick.cards):
            holding[(trick.leader + k) % SEATS] |= 1 << card
    if any(mask.bit_count() != HAND for mask in holding):
        raise InvalidRequestError(f"tricks: each seat must play one card to each of the {HAND}"
                                  " tricks")
    won, points, taken = [0, 0], [0, 0], [0, 0]
    leader = hand.tricks[0].leader
    for k, trick in enumerate(hand.tricks):
        if trick.leader != leader:
            raise InvalidRequestError(f"tricks[{k}].leader: {trick.leader}, but seat {leader} "
                                      "won the trick before and leads")
        for i, card in enumerate(trick.cards):
            seat = (leader + i) % SEATS
            if not legal_mask(rules, holding[seat], list(trick.cards[:i]), hand.trump,
                              lock_binds(rules, hand.locked, seat, hand.buyers)) >> card & 1:
                raise InvalidRequestError(f"tricks[{k}].cards[{i}]: {name(card)} by seat "
                                          f"{seat} is not a legal play there")
            holding[seat] &= ~(1 << card)
        winner = (leader + winning_index(rules, trick.cards, hand.trump)) % SEATS
        won[winner % 2] += 1
        for c in trick.cards:
            taken[winner % 2] |= 1 << c
        points[winner % 2] += sum(rules.points(c, hand.trump) for c in trick.cards)
        if k == HAND - 1:
            points[last_trick_side(winner, leader)] += rules.last_trick
        leader = winner
    return PlayedPoints((won[0], won[1]), (points[0], points[1]), (taken[0], taken[1]))


def tricks_json(tricks: list[tuple[int, list[BCard]]]) -> list[dict[str, Any]]:
    """The ``tricks`` of a request from (leader, cards) pairs."""
    return [{"leader": leader, "cards": [name(c) for c in cards]} for leader, cards in tricks]


def trick_requests(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The trick-winner requests a hand-score request with its tricks rests on: each trick
    complete, the cards of the later tricks still held (the declarer's seat taken as the first
    of its side: rules of play read only the side, for a lock that binds the buyers). Empty
    for a request that gives no tricks or cannot be read."""
    try:
        hand = read_played_hand(data)
    except InvalidRequestError:
        return []
    held_later: list[list[BCard]] = [[] for _ in range(SEATS)]  # cards of the later tricks
    out: list[dict[str, Any]] = []
    for k in range(len(hand.tricks) - 1, -1, -1):
        trick = hand.tricks[k]
        played = [c for earlier in hand.tricks[:k] for c in earlier.cards]
        out.append({"op": "trick-winner", "situation": {
            "contract": data["contract"], "trump": data.get("trump"),
            "declarer": data.get("declarer_team", 0), "locked": hand.locked,
            "hands": [[name(c) for c in sorted(h)] for h in held_later],
            "played": [name(c) for c in sorted(played)], "leader": trick.leader,
            "trick": [name(c) for c in trick.cards]}})
        for i, card in enumerate(trick.cards):
            held_later[(trick.leader + i) % SEATS].append(card)
    return out[::-1]
