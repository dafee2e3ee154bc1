"""Exact project odds for one 8-card hand from the 32-card pack, by counting hands suit by
suit (a generating function over the 256 holdings of a suit), not by listing 10,518,300 hands.

A suit's holding gives its size, the lengths of its maximal runs (A K Q J 10 9 8 7) and which
of 10, J, Q, K, A it holds; a hand holds four of a kind of a rank when every suit holds it.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any, NamedTuple

from trickrules.spec.registry import family_dir

RUN3, RUN4, RUN5 = 1, 2, 4
"""Flags: the hand holds a maximal run of exactly three, of exactly four, of five or more."""
HANDS = comb(32, 8)


def _runs(pattern: int) -> int:
    flags, length = 0, 0
    for bit in range(9):
        if bit < 8 and pattern >> bit & 1:
            length += 1
            continue
        if length >= 5:
            flags |= RUN5
        elif length in (3, 4):
            flags |= RUN3 if length == 3 else RUN4
        length = 0
    return flags


def hand_classes() -> Counter[tuple[int, int]]:
    """The number of 8-card hands by (run flags, the five-bit set of ranks 10..A held in
    every suit)."""
    groups: Counter[tuple[int, int, int]] = Counter()
    for pattern in range(256):
        groups[(pattern.bit_count(), _runs(pattern), pattern >> 3)] += 1
    ways: Counter[tuple[int, int, int]] = Counter({(0, 0, 31): 1})
    for _ in range(4):
        step: Counter[tuple[int, int, int]] = Counter()
        for (n, flags, every), w in ways.items():
            for (size, runs, high), c in groups.items():
                if n + size <= 8:
                    step[(n + size, flags | runs, every & high)] += w * c
        ways = step
    return Counter({(flags, every): w for (n, flags, every), w in ways.items() if n == 8})


class Odds(NamedTuple):
    """One event: the hands that hold it out of all hands."""

    event: str
    definition: str
    hands: int

    @property
    def probability(self) -> float:
        """The chance of the event in one hand."""
        return self.hands / HANDS

    @property
    def odds_against(self) -> float:
        """Odds against, N to 1."""
        return (HANDS - self.hands) / self.hands


def project_odds() -> list[Odds]:
    """The chance of each project in one hand, and of the Baloot pair in a named suit."""
    classes = hand_classes()

    def count(test: object) -> int:
        assert callable(test)
        return sum(w for (flags, every), w in classes.items() if test(flags, every))

    aces, four_10_to_k = 1 << 4, 0b1111
    return [
        Odds("sira", "a run of exactly three cards in a suit (A K Q J 10 9 8 7)",
             count(lambda f, e: f & RUN3)),
        Odds("fifty", "a run of exactly four cards in a suit", count(lambda f, e: f & RUN4)),
        Odds("run-of-three-or-more", "a run of three or more cards in a suit",
             count(lambda f, e: f)),
        Odds("run-of-four-or-more", "a run of four or more cards in a suit",
             count(lambda f, e: f & (RUN4 | RUN5))),
        Odds("hundred-run", "a run of five or more cards in a suit",
             count(lambda f, e: f & RUN5)),
        Odds("four-of-a-kind", "four 10s, Js, Qs or Ks", count(lambda f, e: e & four_10_to_k)),
        Odds("hundred-sun", "a 100 in Sun: a run of five or more, or four 10s, Js, Qs or Ks",
             count(lambda f, e: f & RUN5 or e & four_10_to_k)),
        Odds("hundred-hokom", "a 100 in Hokom: as in Sun, or four Aces",
             count(lambda f, e: f & RUN5 or e & (four_10_to_k | aces))),
        Odds("four-hundred", "four Aces (a 400 in Sun)", count(lambda f, e: e & aces)),
        Odds("any-project-sun", "at least one project in Sun",
             count(lambda f, e: f or e & (four_10_to_k | aces))),
        Odds("baloot-named-suit", "the King and Queen of one named suit (the trump)",
             comb(30, 6)),
    ]


class Verdict(NamedTuple):
    """One claim of a text about an event's chance, and whether the exact figure bears it out."""

    source: str
    quote: str
    event: str
    claimed: str
    exact: str
    right: bool
    note: str


def _claimed(row: dict[str, Any]) -> str:
    if "percent" in row:
        return f"{row['percent']:.{row['decimals']}f}%"
    if "range" in row:
        return f"{row['range'][0]:g}-{row['range'][1]:g}%"
    if "below" in row:
        return f"under {row['below']:g}%"
    if "one_in" in row:
        return f"1 in {row['one_in']}"
    return f"{row['odds']}:1"


def judge(row: dict[str, Any], odds: Odds) -> Verdict:
    """Check one claim (a row of ``spec/baloot/odds.toml``) against the exact count."""
    pct = 100 * odds.probability
    note = ""
    if "percent" in row:
        exact = f"{pct:.{row['decimals'] + 2}f}%"
        right = round(pct, row["decimals"]) == round(row["percent"], row["decimals"])
    elif "range" in row:
        exact = f"{pct:.3f}%"
        right = row["range"][0] <= pct <= row["range"][1]
    elif "below" in row:
        exact = f"{pct:.4f}%"
        right = pct < row["below"]
    elif "one_in" in row:
        exact = f"1 in {1 / odds.probability:.1f}"
        right = round(1 / odds.probability) == row["one_in"]
    else:
        exact = f"{odds.odds_against:.1f}:1 (1 in {1 / odds.probability:.1f})"
        right = round(odds.odds_against) == row["odds"]
        if not right and round(1 / odds.probability) == row["odds"]:
            note = "right as 1 in N; the odds against are one less"
    return Verdict(row["source"], row["quote"], odds.event, _claimed(row), exact, right, note)


def claims() -> list[dict[str, Any]]:
    """The texts' claims about project odds (``spec/baloot/odds.toml``), validated: a file
    that breaks its schema, or a claim about an event that is not counted here, is refused
    naming the file and the line (:class:`~trickrules.spec.errors.SpecError`)."""
    from trickrules.spec.document import SpecDocument

    document = SpecDocument(family_dir("baloot") / "odds.toml")
    document.validate("odds.schema.json")
    rows: list[dict[str, Any]] = document.data["claim"]
    events = [o.event for o in project_odds()]
    for index, row in enumerate(rows):
        if row["event"] not in events:
            raise document.error(("claim", index, "event"),
                                 f"no event {row['event']!r} is counted (known: "
                                 f"{', '.join(events)})")
    return rows


def verdicts() -> list[Verdict]:
    """Every claim judged against the exact figures."""
    by_event = {o.event: o for o in project_odds()}
    return [judge(row, by_event[row["event"]]) for row in claims()]
