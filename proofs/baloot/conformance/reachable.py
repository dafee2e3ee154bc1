"""Whether a point of play can be reached in a real hand of Baloot under a profile: a deal of
eight cards to each seat and finished tricks, each led by the winner of the one before (the
first by a seat that may lead it), with every card legal when it was played.

A situation says what each seat holds now and which cards the finished tricks took, not who
held them. The search plays the finished tricks forwards, giving each played card to a seat as
it is played; a seat's hand when it plays is what it holds now and the cards it will play
later. A card is legal from such a hand exactly when that hand holds none of the cards that
would oblige another play (one of the suit led, a trump, a higher trump, a plain card for a
locked lead): so each card played keeps from the seat's later cards every card that, held with
it, would have made it illegal, which is asked of the engine's own legal mask. Whether the
cards still to be played can be shared out to the seats that may take them is checked at every
trick (Hall's condition over the four seats), so a dead end is seen at once. A history found is
replayed from its deal through the engine before it is accepted.

The question of a Baloot contract being bought is not asked: the declarer's eight cards can
always hold a public card that lets him buy it (of the trump suit for a first-round Hokom, of
another for a second-round one, any for a Sun); a lock needs a Hokom (a Sun is doubled only
open).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from trickrules.engine.baloot.cards import NUM_CARDS, BCard, CardMask, name, names, parse
from trickrules.engine.baloot.play import legal_mask, lock_binds, winning_index
from trickrules.engine.baloot.rules import Rules
from trickrules.engine.masks import cards_of, mask_of
from trickrules.proofs.baloot.conformance.situation import SEATS, BalootPlay, read_play

NODE_BUDGET = 6_000_000
"""Cards tried before the search gives up: it then says it cannot decide, never a verdict."""
ATTEMPTS = 21
"""Searches made: short ones first, then one with what is left of the budget."""
SHORT = 2_000
"""Cards tried in each of the short searches (most situations need a few hundred)."""


Choice = tuple[tuple[BCard, ...], tuple[CardMask, ...]]
"""A trick's cards and, after it, the cards each seat may still take."""


class UndecidedError(Exception):
    """The search ran out of its budget: neither a history nor a proof that none exists."""


@dataclass(frozen=True)
class History:
    """How a situation was reached: each seat's eight dealt cards, and the finished tricks in
    order, each with its leader."""

    deal: tuple[CardMask, ...]
    tricks: tuple[tuple[int, tuple[BCard, ...]], ...]


def _now(play: BalootPlay) -> list[CardMask]:
    """Each seat's cards when the current trick was led."""
    hands = [mask_of(h) for h in play.hands]
    for i, c in enumerate(play.trick):
        hands[(play.leader + i) % SEATS] |= 1 << c
    return hands


def first_leaders(rules: Rules, play: BalootPlay) -> tuple[int, ...]:
    """The seats that may lead a hand's first trick (``play.first-lead``): the declarer, or
    the dealer's right, which is any seat for some dealer."""
    return (play.declarer,) if rules.first_lead_declarer else tuple(range(SEATS))


def why_unreachable(rules: Rules, play: BalootPlay) -> str | None:
    """What the situation's own cards make impossible, or None: a lock on a Sun, a card of the
    current trick its player could not have played, or a hand with no finished trick led by
    a seat that may not lead the first."""
    if play.locked and play.trump is None:
        return "a Sun is never doubled locked"
    refused = _play_out(rules, play, _now(play), play.leader, play.trick)
    if refused is not None:
        return f"seat {refused[0]} could not have played card {refused[1] + 1} of the trick"
    if not play.played and play.leader not in first_leaders(rules, play):
        return f"seat {play.leader} may not lead the first trick"
    return None


def _play_out(rules: Rules, play: BalootPlay, hands: list[CardMask], leader: int,
              cards: tuple[BCard, ...]) -> tuple[int, int] | None:
    """Play ``cards`` from ``leader`` on out of ``hands`` (taken out as they are played): the
    seat and place of the first card its holder could not play, or None when all are legal."""
    for i, c in enumerate(cards):
        seat = (leader + i) % SEATS
        if not legal_mask(rules, hands[seat], list(cards[:i]), play.trump,
                          lock_binds(rules, play.locked, seat, play.declarer)) >> c & 1:
            return seat, i
        hands[seat] &= ~(1 << c)
    return None


def find_history(rules: Rules, play: BalootPlay, budget: int = NODE_BUDGET) -> History | None:
    """A history that reaches ``play`` under ``rules``, or None when none does; raises
    :class:`UndecidedError` when the search needs more than ``budget`` cards tried."""
    if why_unreachable(rules, play) is not None:
        return None
    pool = mask_of(play.played)
    if not pool:
        return History(tuple(_now(play)), ())
    allowed = tuple(pool for _ in range(SEATS))
    open_firsts = list(first_leaders(rules, play))
    dead: set[tuple[int, CardMask, tuple[CardMask, ...]]] = set()  # proved, so shared
    barred: dict[tuple[int, tuple[BCard, ...], BCard], int] = {}  # facts of the play: shared
    for attempt in range(ATTEMPTS):
        # short searches in turn, each from another first leader and with its ties broken
        # at random: a long one can spend itself below one early choice
        if not open_firsts:
            return None  # every first leader searched to the end
        first = open_firsts[attempt % len(open_firsts)]
        # short tries while they last; the last try spends what is left of the budget
        share = SHORT if attempt < ATTEMPTS - 1 else budget - SHORT * (ATTEMPTS - 1)
        search = _Search(rules, play, share, random.Random(attempt), dead, barred)
        try:
            tricks = search.forward(first, pool, allowed)
        except UndecidedError:
            continue
        if tricks is None:
            open_firsts.remove(first)  # searched to the end: no history from this leader
            continue
        history = _history(play, tricks)
        if not replays(rules, play, history):
            raise AssertionError("a history the search found does not replay")
        return history
    if not open_firsts:
        return None
    raise UndecidedError("the search for a history ran out of its budget")


class _Search:
    """The forward search over the finished tricks, with the cards each seat may still take."""

    def __init__(self, rules: Rules, play: BalootPlay, budget: int, rng: random.Random,
                 dead: set[tuple[int, CardMask, tuple[CardMask, ...]]],
                 barred: dict[tuple[int, tuple[BCard, ...], BCard], int]) -> None:
        self.rules, self.play, self.budget, self.rng = rules, play, budget, rng
        self.now = _now(play)
        self.dead = dead
        """States searched to the end without a history: a fact, whatever the order."""
        self.barred = barred
        """:func:`_barredcards_of` by seat, trick and card: a fact of the play and the rules,
        kept from one attempt to the next."""

    def _barred(self, seat: int, trick: tuple[BCard, ...], c: BCard) -> int:
        """:func:`_barred_cards` for ``seat`` playing ``c`` to ``trick``, computed once."""
        key = (seat, trick, c)
        found = self.barred.get(key)
        if found is None:
            found = _barredcards_of(self.rules, self.now[seat] | 1 << c, list(trick),
                                  self.play.trump,
                                  lock_binds(self.rules, self.play.locked, seat,
                                             self.play.declarer), c)
            self.barred[key] = found
        return found

    def forward(self, leader: int, pool: CardMask, allowed: tuple[CardMask, ...]
                ) -> list[tuple[int, tuple[BCard, ...]]] | None:
        """Tricks from ``leader`` on that take ``pool``, each seat taking only cards of its
        ``allowed``, and leave the situation's leader to lead; None when none do."""
        if not pool:
            return [] if leader == self.play.leader else None
        key = (leader, pool, tuple(a & pool for a in allowed))
        if key in self.dead:
            return None
        for cards, after in self._tricks(leader, pool, allowed):
            winner = (leader + winning_index(self.rules, list(cards), self.play.trump)) % SEATS
            rest = self.forward(winner, pool & ~mask_of(cards), after)
            if rest is not None:
                return [(leader, cards), *rest]
        self.dead.add(key)
        return None

    def _tricks(self, leader: int, pool: CardMask,
                allowed: tuple[CardMask, ...]) -> Iterator[Choice]:
        """Each trick ``leader`` could lead from ``pool`` and the seats' allowed cards after
        it, the cards that keep most choices open first."""
        left = pool.bit_count() // SEATS - 1  # cards each seat takes after this trick

        def extend(trick: list[BCard], pool: CardMask,
                   allowed: tuple[CardMask, ...]) -> Iterator[Choice]:
            if len(trick) == SEATS:
                yield tuple(trick), allowed
                return
            seat = (leader + len(trick)) % SEATS
            mine = allowed[seat] & pool
            options = []
            for c in cards_of(mine):
                self.budget -= 1
                if self.budget < 0:
                    raise UndecidedError("the search for a history ran out of its budget")
                barred = self._barred(seat, tuple(trick), c)
                if barred < 0:
                    continue
                # the seat's later cards: none that, held with c, would have made c illegal
                keep = allowed[seat] & ~(1 << c) & ~barred
                after = (*allowed[:seat], keep, *allowed[seat + 1:])
                rest = pool & ~(1 << c)
                if not _shareable(rest, after, seat, leader, len(trick), left):
                    continue
                options.append((-(keep & rest).bit_count(), self.rng.random(), c, after))
            options.sort()
            for _, _, c, after in options:
                yield from extend([*trick, c], pool & ~(1 << c), after)

        return extend([], pool, allowed)


def _barredcards_of(rules: Rules, held: CardMask, trick: list[BCard], trump: int | None,
                  locked: bool, c: BCard) -> int:
    """The cards that, held beside ``held`` (which holds ``c``), would make ``c`` illegal to
    play to ``trick``; -1 when ``c`` is illegal already."""
    if not legal_mask(rules, held, trick, trump, locked) >> c & 1:
        return -1
    return sum(1 << d for d in range(NUM_CARDS) if not held >> d & 1
               and not legal_mask(rules, held | 1 << d, trick, trump, locked) >> c & 1)


def _shareable(pool: CardMask, allowed: tuple[CardMask, ...], seat: int, leader: int,
               played: int, left: int) -> bool:
    """Whether the cards of ``pool`` can be shared out so that each seat takes only cards it
    is allowed and exactly as many as it still plays (Hall's condition over sets of seats):
    this trick's seats after ``seat`` one more than ``left``."""
    need = _needs(leader, played, left)
    a0, a1, a2, a3 = allowed
    a01, a23 = a0 | a1, a2 | a3
    # taken[m]: the cards some seat of the set m (bit s for seat s) may take
    taken = (0, a0, a1, a01, a2, a0 | a2, a1 | a2, a01 | a2,
             a3, a0 | a3, a1 | a3, a01 | a3, a23, a0 | a23, a1 | a23, a01 | a23)
    if pool.bit_count() != need[FULL] or pool & ~taken[FULL]:
        return False  # a card no seat may take
    # the cards only the seats of a set may take must fit in what they still take
    return all((pool & ~taken[FULL ^ subset]).bit_count() <= need[subset]
               for subset in range(1, FULL))


FULL = (1 << SEATS) - 1
"""The set of every seat, as a bit set."""


@cache
def _needs(leader: int, played: int, left: int) -> tuple[int, ...]:
    """For each set of seats (a bit set), the cards its seats still take: ``left`` each, and
    one more for each seat still to play to this trick (``played`` cards in it)."""
    need = [left + ((s - leader) % SEATS > played) for s in range(SEATS)]
    return tuple(sum(need[s] for s in range(SEATS) if subset >> s & 1)
                 for subset in range(FULL + 1))


def _history(play: BalootPlay, tricks: list[tuple[int, tuple[BCard, ...]]]) -> History:
    """The history of ``tricks``: each seat dealt what it holds now and the cards it played."""
    deal = _now(play)
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            deal[(leader + i) % SEATS] |= 1 << c
    return History(tuple(deal), tuple(tricks))


def replays(rules: Rules, play: BalootPlay, history: History) -> bool:
    """Whether ``history`` played forwards from its deal reaches ``play``: every card legal,
    each trick led by the winner of the one before, the first by a seat that may lead it, the
    current trick's cards legal too, and the hands left as the situation says."""
    hands = list(history.deal)
    if any(bin(h).count("1") != NUM_CARDS // SEATS for h in hands):
        return False
    tricks = [*history.tricks, (play.leader, tuple(play.trick))]
    if tricks[0][0] not in first_leaders(rules, play):
        return False
    leader = tricks[0][0]
    for trick_leader, cards in tricks:
        if trick_leader != leader or _play_out(rules, play, hands, leader, cards) is not None:
            return False
        if len(cards) == SEATS:
            leader = (leader + winning_index(rules, list(cards), play.trump)) % SEATS
    return hands == [mask_of(h) for h in play.hands]


# ------------------------------------------------------------------ stored histories
def situation_key(profile_id: str, situation: dict[str, Any]) -> str:
    """What a stored history answers: the profile and the situation, as one digest."""
    text = json.dumps({"profile": profile_id, "situation": situation}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def history_json(history: History) -> dict[str, Any]:
    """A history as JSON: each seat's dealt cards and the finished tricks."""
    return {"deal": [names(h) for h in history.deal],
            "tricks": [[leader, [name(c) for c in cards]] for leader, cards in history.tricks]}


def read_history(data: dict[str, Any]) -> History:
    """A history read back from :func:`history_json`."""
    return History(tuple(sum(1 << parse(c) for c in h) for h in data["deal"]),
                   tuple((int(leader), tuple(parse(c) for c in cards))
                         for leader, cards in data["tricks"]))


PLAY_OPS = ("legal-plays", "trick-winner", "perft")


def play_of(vector: dict[str, Any]) -> BalootPlay:
    """The point of play a play vector asks about (a trick-winner's before its last card)."""
    from trickrules.proofs.baloot.conformance.expect import _read_complete

    situation = vector["request"]["situation"]
    if vector["op"] == "trick-winner":
        return _read_complete(situation)[0]
    return read_play(situation)


def questions(vectors: list[dict[str, Any]], default: str) -> list[tuple[str, dict[str, Any]]]:
    """Each play vector with each profile it is checked under: the profiles it names, or the
    reconciled one for a vector every profile is asked."""
    out = []
    for v in vectors:
        if v["op"] in PLAY_OPS:
            named = [p for p in v["profiles"] if p != "*"]
            for profile_id in named or [default]:
                out.append((profile_id, v))
    return out


def suite_rules(profiles: dict[str, Any], profile_id: str) -> Rules:
    """The engine's rules of a profile of the suite (``profiles.json``: house options too)."""
    from trickrules.engine.baloot.rules import compile_rules
    from trickrules.proofs.conformance.protocol import profile_for

    return compile_rules(profile_for({"game": "baloot", "profile": profile_id,
                                      "rules": profiles[profile_id]["rules"]}))


def main(argv: list[str]) -> None:
    """Search a history for every play vector of the Baloot suite and store them in the file
    ``argv[0]`` names, for a test to replay (``tests/baloot/reachable.json``)."""
    from trickrules.proofs.conformance.suite import load_suite, suite_dir

    suite = load_suite(suite_dir("baloot"))
    stored: dict[str, Any] = {}
    unreachable = []
    for profile_id, vector in questions(suite.vectors, suite.defaults["baloot"]):
        rules = suite_rules(suite.profiles, profile_id)
        history = find_history(rules, play_of(vector))
        if history is None:
            unreachable.append(f"{vector['id']} ({vector['origin']}) under {profile_id}")
            continue
        stored[situation_key(profile_id, vector["request"]["situation"])] = history_json(history)
    out = Path(argv[0])
    out.write_text(json.dumps(stored, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{len(stored)} histories written to {out}")
    for line in unreachable:
        print(f"no hand reaches {line}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["tests/baloot/reachable.json"])
