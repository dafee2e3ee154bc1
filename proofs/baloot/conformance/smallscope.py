"""Baloot's small-scope cases for the suite: the end of a hand, exhaustively, over a handful of
decisive cards, as whole situations any engine can be asked about.

The scope is the seventh trick. Its cards come from a pool that shows every difference the
rules make in play: the Jack, 9 and Ace of hearts (in that order as trumps, the reverse as a
plain suit) and a low, a middle and a high spade. The player to move holds two cards, from the
pool or a diamond that follows nothing in it, so that being void of the suit led is a choice
between trumping and throwing off. The other seats hold diamonds and clubs; every other card
is in the six finished tricks. Seat 0 leads and declares. Asked: the legal cards of every
ordered trick prefix and two-card hand, in Sun and in Hokom of hearts (a Hokom lead also under
a locked double), and the winner of every ordered four-card trick from the pool, played as
the last trick of the hand (so every card of it was the only one its player held).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from trickrules.engine.baloot.cards import NUM_CARDS, BCard, parse, suit
from trickrules.proofs.baloot.conformance import GAME
from trickrules.proofs.baloot.conformance.situation import SEATS, BalootPlay
from trickrules.proofs.conformance.build import Case
from trickrules.spec.cards import SUIT_LETTERS

ORIGIN = "small-scope"
POOL: tuple[BCard, ...] = tuple(parse(c) for c in ("JH", "9H", "AH", "7S", "QS", "AS"))
THROW_OFF = parse("KD")
"""The card of an unled suit the player to move may hold."""
FILLERS: tuple[BCard, ...] = tuple(
    c for c in range(NUM_CARDS)
    if suit(c) in (SUIT_LETTERS.index("D"), SUIT_LETTERS.index("C")) and c != THROW_OFF)
CONTRACTS: tuple[tuple[str, int | None], ...] = (("sun", None), ("hokom", SUIT_LETTERS.index("H")))
MOVER_CARDS = 2
"""Cards the player to move holds: two, so that every duty has a card to choose against."""


def position(contract: str, trump: int | None, trick: tuple[BCard, ...],
             mover_hand: tuple[BCard, ...], locked: bool = False) -> BalootPlay:
    """Seat 0 has led ``trick``; the seat to move holds ``mover_hand``; the seats that have
    played keep one filler, the others as many as the mover; the rest is in finished tricks."""
    size = len(mover_hand)
    fillers = iter(FILLERS)
    hands: list[tuple[BCard, ...]] = []
    for seat in range(SEATS):
        if seat == len(trick):
            hands.append(tuple(sorted(mover_hand)))
            continue
        need = size - 1 if seat < len(trick) else size
        hands.append(tuple(sorted(next(fillers) for _ in range(need))))
    held = {c for h in hands for c in h} | set(trick)
    played = tuple(c for c in range(NUM_CARDS) if c not in held)
    return BalootPlay(contract, trump, 0, locked, tuple(hands), played, 0, trick)


def legal_cases() -> Iterator[Case]:
    """The legal cards of every trick prefix (up to three cards) and two-card hand."""
    for contract, trump in CONTRACTS:
        for size in range(SEATS):
            for trick in itertools.permutations(POOL, size):
                rest = [c for c in POOL if c not in trick] + [THROW_OFF]
                for hand in itertools.combinations(rest, MOVER_CARDS):
                    locks = (False, True) if contract == "hokom" and size == 0 else (False,)
                    for locked in locks:
                        play = position(contract, trump, trick, hand, locked)
                        yield Case(GAME, {"op": "legal-plays", "situation": play.as_json()},
                                   ORIGIN)


def trick_cases() -> Iterator[Case]:
    """The winner of every ordered four-card trick from the pool, as the hand's last trick."""
    for contract, trump in CONTRACTS:
        for trick in itertools.permutations(POOL, SEATS):
            play = position(contract, trump, trick[:-1], trick[-1:])
            situation = play.as_json()
            situation["trick"] = [*situation["trick"], situation["hands"][SEATS - 1].pop()]
            yield Case(GAME, {"op": "trick-winner", "situation": situation}, ORIGIN)


def small_scope() -> Iterator[Case]:
    """Every case of the scope, legal cards first."""
    yield from legal_cases()
    yield from trick_cases()
