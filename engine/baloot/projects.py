"""Projects (mashari'): which a hand holds, the best set a player declares, how the two sides'
projects compare, and whether Baloot (King and Queen of trump) counts.

Runs are read in the natural order A K Q J 10 9 8 7 whatever the contract's rank order; a run
of three is a Sira, of four a 50, of five or more a 100. Four 10s, Js, Qs or Ks are a 100;
four Aces a 100 in Hokom and a 400 in Sun. No card is in two projects of one player, except
a card in a run and a four of a kind under ``project.per-player = run-and-four-may-share``;
under ``one-per-player`` a player declares only his strongest project.
"""

from __future__ import annotations

from typing import NamedTuple

from trickrules.engine.baloot.cards import ACE, KING, QUEEN, SUIT_MASK, TEN, CardMask, card
from trickrules.engine.baloot.rules import (
    SUN,
    BalootInProject,
    HundredOrder,
    PerPlayer,
    Rules,
    TieBreak,
)

SIRA, FIFTY, HUNDRED, FOUR_HUNDRED = "sira", "fifty", "hundred", "four-hundred"
KINDS = (SIRA, FIFTY, HUNDRED, FOUR_HUNDRED)


class Project(NamedTuple):
    """One project of one player: its kind, its cards, its top card's natural rank, its suit
    (a run's suit; None for four of a kind) and the seat that holds it."""

    kind: str
    cards: CardMask
    top: int
    suit: int | None
    seat: int

    @property
    def is_run(self) -> bool:
        """Whether the project is a run in one suit (not four of a kind)."""
        return self.suit is not None


def _run_kind(length: int) -> str:
    return SIRA if length == 3 else FIFTY if length == 4 else HUNDRED


def candidates(hand: CardMask, contract: str, seat: int, may_hold_400: bool) -> list[Project]:
    """Every project the hand holds, overlapping ones included: each run window of three or
    more cards, each four of a kind that counts."""
    found: list[Project] = []
    for s in range(4):
        bits = (hand & SUIT_MASK[s]) >> (8 * s)
        for low in range(8):
            for high in range(low + 2, 8):
                window = ((1 << (high - low + 1)) - 1) << low
                if bits & window != window:
                    break
                found.append(Project(_run_kind(high - low + 1), window << (8 * s), high, s, seat))
    for r in range(TEN, ACE + 1):
        four = sum(1 << card(s, r) for s in range(4))
        if hand & four != four:
            continue
        if r != ACE or contract != SUN:
            found.append(Project(HUNDRED, four, r, None, seat))
        elif may_hold_400:
            found.append(Project(FOUR_HUNDRED, four, r, None, seat))
    return found


def value(rules: Rules, kind: str, contract: str) -> int:
    """The game points of a project in a contract (``project.values``)."""
    return rules.project_values.get(f"{kind}-{contract}", 0)


def best_set(rules: Rules, hand: CardMask, contract: str, seat: int,
             declarer: int) -> tuple[Project, ...]:
    """The projects a player declares: the set sharing no card with the most game points
    (then the fewest projects, then the highest project), at most two under
    ``project.per-player = up-to-two`` and one under ``one-per-player``; under
    ``run-and-four-may-share`` only two runs may not share a card."""
    may_400 = not rules.four_hundred_declarer_only or seat == declarer
    pool = [p for p in candidates(hand, contract, seat, may_400) if value(rules, p.kind, contract)]
    limit = {PerPlayer.UP_TO_TWO: 2, PerPlayer.ONE_PER_PLAYER: 1}.get(rules.per_player,
                                                                      len(pool))
    share = rules.per_player is PerPlayer.RUN_AND_FOUR_MAY_SHARE
    best: tuple[int, int, tuple[int, int], tuple[Project, ...]] = (0, 0, (0, 0), ())

    def search(start: int, runs: CardMask, fours: CardMask, chosen: tuple[Project, ...],
               points: int) -> None:
        nonlocal best
        high = max(((level(rules, p), p.top) for p in chosen), default=(0, 0))
        if (points, -len(chosen), high) > best[:3]:
            best = (points, -len(chosen), high, chosen)
        if len(chosen) == limit:
            return
        for i in range(start, len(pool)):
            p = pool[i]
            taken = (runs if p.is_run else fours) if share else runs | fours
            if not p.cards & taken:
                search(i + 1, runs | (p.cards if p.is_run else 0),
                       fours | (0 if p.is_run else p.cards), (*chosen, p),
                       points + value(rules, p.kind, contract))

    search(0, 0, 0, (), 0)
    return best[3]


def level(rules: Rules, project: Project) -> int:
    """The project's level: Sira 1, 50 2, 100 3 (a run of five 4 under ``run-first``, four
    of a kind 4 under ``four-of-a-kind-first``), 400 5."""
    if project.kind == HUNDRED:
        first = {HundredOrder.RUN_FIRST: True, HundredOrder.FOUR_OF_A_KIND_FIRST: False}
        return 4 if first.get(rules.hundred_order) is project.is_run else 3
    return {SIRA: 1, FIFTY: 2, FOUR_HUNDRED: 5}[project.kind]


def rank_key(rules: Rules, project: Project, trump: int | None,
             order: int) -> tuple[int, ...]:
    """The key that orders projects (``project.tie-break``); ``order`` is the declaring
    player's place in the declaration order (0 first)."""
    if rules.tie_break is TieBreak.HIGHEST_CARD_THEN_NEITHER:
        return (level(rules, project), project.top)
    if rules.tie_break is TieBreak.TRUMP_THEN_HIGHEST_CARD_THEN_FIRST:
        in_trump = int(trump is not None and project.suit == trump)
        return (level(rules, project), in_trump, project.top, -order)
    return (level(rules, project), project.top, -order)


def scoring_team(rules: Rules, declared: list[Project], trump: int | None,
                 order: dict[int, int]) -> int | None:
    """The side whose projects score: the side holding the single highest project; None when
    nobody declared one or the best of each side are equal (``highest-card-then-neither``)."""
    best: dict[int, tuple[int, ...]] = {}
    for p in declared:
        key = rank_key(rules, p, trump, order[p.seat])
        team = p.seat % 2
        if team not in best or key > best[team]:
            best[team] = key
    if not best:
        return None
    if len(best) == 1:
        return next(iter(best))
    if best[0] == best[1]:
        return None
    return 0 if best[0] > best[1] else 1


def proven(rules: Rules, scoring: list[Project], won: CardMask) -> list[Project]:
    """``project.proof``: of the scoring side's projects, those that score given ``won``, the
    cards its tricks took: every one when shown is enough; only those whose cards it took back
    (``in-won-tricks``); none when it won no trick (``side-won-a-trick``)."""
    if rules.projects_in_won_tricks:
        scoring = [p for p in scoring if p.cards & won == p.cards]
    if rules.projects_need_a_trick and not won:
        scoring = []  # the side won no trick (Baloot, not a project, still counts)
    return scoring


def baloot_counts(rules: Rules, seat: int, declarer: int, trump: int,
                  declared: list[Project]) -> bool:
    """Whether the holder of the trump King and Queen may score Baloot
    (``project.baloot-holder``, ``project.baloot-in-project``)."""
    if rules.baloot_declarer_only and seat != declarer:
        return False
    if rules.baloot_in_project is BalootInProject.ALWAYS:
        return True
    king, queen = 1 << card(trump, KING), 1 << card(trump, QUEEN)
    for p in declared:
        if p.seat != seat or not p.cards & (king | queen):
            continue
        if rules.baloot_in_project is BalootInProject.NOT_IN_FOUR_KINGS_OR_QUEENS:
            if not p.is_run:
                return False
        elif p.cards & (king | queen) != king | queen or p.kind in (HUNDRED, FOUR_HUNDRED):
            return False
    return True
