"""A point in the play of a Baloot hand as the conformance protocol writes it, read and checked.

The situation names the contract (``sun``, or ``hokom`` with its trump suit), the declarer,
whether a double locked the hand (``double.lock``), what each seat holds now, the cards of the
finished tricks, and the current trick from its leader on. Cards are written ``7S`` .. ``AC``.
A situation that no hand can reach (a card twice or missing, hands of the wrong sizes) is
refused with :class:`~trickrules.proofs.conformance.protocol.InvalidRequestError` naming what is
wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trickrules.engine.baloot.cards import NUM_CARDS, BCard, name, parse
from trickrules.proofs.conformance.protocol import InvalidRequestError
from trickrules.spec.cards import SUIT_LETTERS, CardParseError

SEATS = 4
HAND = NUM_CARDS // SEATS
CONTRACTS = ("sun", "hokom")


@dataclass(frozen=True)
class BalootPlay:
    """A point of play: contract, trump (None in Sun), declarer, lock, hands, the cards of
    finished tricks, and the current trick's cards from its leader on."""

    contract: str
    trump: int | None
    declarer: int
    locked: bool
    hands: tuple[tuple[BCard, ...], ...]
    played: tuple[BCard, ...]
    leader: int
    trick: tuple[BCard, ...]

    @property
    def mover(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def size(self) -> int:
        """Cards still in play (held or in the trick): how small the case is."""
        return sum(len(h) for h in self.hands) + len(self.trick)

    def as_json(self) -> dict[str, Any]:
        """The situation object of the protocol."""
        return {"contract": self.contract,
                "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
                "declarer": self.declarer, "locked": self.locked,
                "hands": [_names(h) for h in self.hands], "played": _names(self.played),
                "leader": self.leader, "trick": _names(self.trick)}


def _names(cards: tuple[BCard, ...]) -> list[str]:
    return [name(c) for c in cards]


def read_card(value: Any, where: str) -> BCard:
    """One card of a request, or :class:`InvalidRequestError` naming where it is."""
    try:
        return parse(str(value))
    except CardParseError as exc:
        raise InvalidRequestError(f"{where}: {exc}") from None


def read_cards(value: Any, where: str) -> tuple[BCard, ...]:
    """A list of cards of a request."""
    if not isinstance(value, list):
        raise InvalidRequestError(f"{where}: expected a list of cards")
    return tuple(read_card(token, where) for token in value)


def read_seat(value: Any, where: str) -> int:
    """A seat of a request (0-3)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise InvalidRequestError(f"{where}: {value!r} is not a seat (0-3)")
    return value


def read_contract(data: dict[str, Any], where: str = "") -> tuple[str, int | None]:
    """The contract of a request and its trump (None in Sun)."""
    contract = data.get("contract")
    if contract not in CONTRACTS:
        raise InvalidRequestError(f"{where}contract: {contract!r} is not sun or hokom")
    letter = data.get("trump")
    if contract == "sun":
        if letter is not None:
            raise InvalidRequestError(f"{where}trump: a Sun contract has no trump")
        return contract, None
    if letter not in tuple(SUIT_LETTERS):
        raise InvalidRequestError(f"{where}trump: {letter!r} is not a suit letter")
    return contract, SUIT_LETTERS.index(letter)


def read_play(data: Any) -> BalootPlay:
    """The situation of a request, checked to be a point some hand of Baloot can reach."""
    if not isinstance(data, dict):
        raise InvalidRequestError("situation: expected an object")
    contract, trump = read_contract(data, "situation.")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != SEATS:
        raise InvalidRequestError("situation.hands: expected four hands")
    hands = tuple(tuple(sorted(read_cards(h, f"situation.hands[{s}]")))
                  for s, h in enumerate(hands_raw))
    played = read_cards(data.get("played"), "situation.played")
    trick = read_cards(data.get("trick"), "situation.trick")
    play = BalootPlay(contract, trump, read_seat(data.get("declarer"), "situation.declarer"),
                      bool(data.get("locked", False)), hands, played,
                      read_seat(data.get("leader"), "situation.leader"), trick)
    _check(play)
    return play


def _check(play: BalootPlay) -> None:
    """Every card once, whole tricks played, and each hand the size its turns leave it."""
    every = [c for h in play.hands for c in h] + list(play.played) + list(play.trick)
    seen: set[BCard] = set()
    again: set[BCard] = set()
    for c in every:
        (again if c in seen else seen).add(c)
    twice = sorted(name(c) for c in again)
    if twice:
        raise InvalidRequestError(f"situation: {', '.join(twice)} in two places")
    if len(every) != NUM_CARDS:
        raise InvalidRequestError(f"situation: {len(every)} cards, not the 32 of the pack")
    if len(play.played) % SEATS:
        raise InvalidRequestError("situation.played: not a whole number of tricks")
    if len(play.trick) >= SEATS:
        raise InvalidRequestError("situation.trick: a trick holds at most three cards "
                                  "before its last is played")
    left = HAND - len(play.played) // SEATS
    for k in range(SEATS):
        seat = (play.leader + k) % SEATS
        want = left - (1 if k < len(play.trick) else 0)
        if len(play.hands[seat]) != want:
            raise InvalidRequestError(f"situation.hands[{seat}]: {len(play.hands[seat])} "
                                      f"cards, the play so far leaves {want}")


def before(situation: dict[str, Any], k: int) -> tuple[dict[str, Any], int]:
    """A situation (its trick may be complete) with only the first ``k`` cards of its trick
    played, the others back in their players' hands; and the seat that played card ``k``."""
    leader, trick = int(situation["leader"]), list(situation["trick"])
    hands = [list(h) for h in situation["hands"]]
    for i in range(k, len(trick)):
        hands[(leader + i) % SEATS].append(trick[i])
    ordered = [[name(c) for c in sorted(parse(token) for token in h)] for h in hands]
    return {**situation, "hands": ordered, "trick": trick[:k]}, (leader + k) % SEATS
