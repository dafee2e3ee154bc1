"""A point in the play of a Baloot hand as the conformance protocol writes it, read and checked.

The situation names the contract (``sun``, or ``hokom`` with its trump suit), the declarer,
whether a double locked the hand (``double.lock``), what each seat holds now, the cards of the
finished tricks, and the current trick from its leader on. Cards are written ``7S`` .. ``AC``.
A situation that no hand can reach (a card twice or missing, hands of the wrong sizes) is
refused with :class:`~proofs.conformance.protocol.InvalidRequestError` naming what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.baloot.cards import NUM_CARDS, BCard, name, parse
from proofs.conformance.protocol import InvalidRequestError
from spec.cards import SUIT_LETTERS, CardParseError

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

    def before(self, k: int) -> BalootPlay:
        """The same point with only the first ``k`` cards of the trick played."""
        back = {(self.leader + i) % SEATS: c for i, c in enumerate(self.trick) if i >= k}
        hands = tuple(tuple(sorted((*h, back[s]) if s in back else h))
                      for s, h in enumerate(self.hands))
        return BalootPlay(self.contract, self.trump, self.declarer, self.locked, hands,
                          self.played, self.leader, self.trick[:k])

    def as_json(self) -> dict[str, Any]:
        """The situation object of the protocol."""
        return {"contract": self.contract,
                "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
                "declarer": self.declarer, "locked": self.locked,
                "hands": [_names(h) for h in self.hands], "played": _names(self.played),
                "leader": self.leader, "trick": _names(self.trick)}


def _names(cards: tuple[BCard, ...]) -> list[str]:
    return [name(c) for c in cards]


def _cards(value: Any, where: str) -> tuple[BCard, ...]:
    if not isinstance(value, list):
        raise InvalidRequestError(f"{where}: expected a list of cards")
    try:
        return tuple(parse(token) for token in value)
    except (CardParseError, TypeError, AttributeError) as exc:
        raise InvalidRequestError(f"{where}: {exc}") from None


def _seat(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise InvalidRequestError(f"{where}: {value!r} is not a seat (0-3)")
    return value


def read_play(data: Any) -> BalootPlay:
    """The situation of a request, checked to be a point some hand of Baloot can reach."""
    if not isinstance(data, dict):
        raise InvalidRequestError("situation: expected an object")
    contract = data.get("contract")
    if contract not in CONTRACTS:
        raise InvalidRequestError(f"situation.contract: {contract!r} is not sun or hokom")
    letter = data.get("trump")
    if contract == "sun":
        if letter is not None:
            raise InvalidRequestError("situation.trump: a Sun contract has no trump")
        trump = None
    elif letter not in tuple(SUIT_LETTERS):
        raise InvalidRequestError(f"situation.trump: {letter!r} is not a suit letter")
    else:
        trump = SUIT_LETTERS.index(letter)
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != SEATS:
        raise InvalidRequestError("situation.hands: expected four hands")
    hands = tuple(tuple(sorted(_cards(h, f"situation.hands[{s}]")))
                  for s, h in enumerate(hands_raw))
    played = _cards(data.get("played"), "situation.played")
    trick = _cards(data.get("trick"), "situation.trick")
    play = BalootPlay(contract, trump, _seat(data.get("declarer"), "situation.declarer"),
                      bool(data.get("locked", False)), hands, played,
                      _seat(data.get("leader"), "situation.leader"), trick)
    _check(play)
    return play


def _check(play: BalootPlay) -> None:
    """Every card once, whole tricks played, and each hand the size its turns leave it."""
    every = [c for h in play.hands for c in h] + list(play.played) + list(play.trick)
    twice = sorted({name(c) for c in every if every.count(c) > 1})
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
