"""How two projects compare, as Z3 terms from ``spec/baloot/`` (``project.hundred-order``,
``project.tie-break``, ``project.values``).

A project is described by its kind (:data:`SIRA` 1, :data:`FIFTY` 2, :data:`HUNDRED` 3,
:data:`FOUR_HUNDRED` 5), whether it is a run, its top card's rank in the order of runs, whether
it is a run in the trump suit, and its holder's place in the declaration order (0 first).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile

SIRA, FIFTY, HUNDRED, FOUR_HUNDRED = 1, 2, 3, 5
KIND_NAMES = {SIRA: "sira", FIFTY: "fifty", HUNDRED: "hundred", FOUR_HUNDRED: "four-hundred"}


@dataclass
class Project:
    """One declared project (any field may be symbolic)."""

    kind: t.Int
    run: t.Bool
    top: t.Int
    in_trump: t.Bool
    order: t.Int


def level(sp: SymbolicProfile, p: Project) -> t.Int:
    """Sira 1, 50 2, 100 3 (a run of five 4 under ``run-first``, four of a kind 4 under
    ``four-of-a-kind-first``), 400 5."""
    run_first = t.And(p.run, sp.is_("project.hundred-order", "run-first"))
    four_first = t.And(t.Not(p.run), sp.is_("project.hundred-order", "four-of-a-kind-first"))
    return t.If(p.kind == HUNDRED, t.If(t.Or(run_first, four_first), 4, 3), p.kind)


def higher(sp: SymbolicProfile, p: Project, q: Project) -> t.Bool:
    """Project ``p`` is higher than project ``q`` (``project.tie-break``)."""
    lp, lq = level(sp, p), level(sp, q)
    trump_first = sp.is_("project.tie-break", "trump-then-highest-card-then-first")
    neither = sp.is_("project.tie-break", "highest-card-then-neither")
    trump_p = t.And(trump_first, p.in_trump)
    trump_q = t.And(trump_first, q.in_trump)
    by_order = t.And(t.Not(neither), p.order < q.order)
    by_top = t.Or(p.top > q.top, t.And(p.top == q.top, by_order))
    by_trump = t.Or(t.And(trump_p, t.Not(trump_q)), t.And(trump_p == trump_q, by_top))
    return t.Or(lp > lq, t.And(lp == lq, by_trump))


def value(sp: SymbolicProfile, kind: t.Int, contract: t.Int) -> t.Int:
    """A project's game points in a contract (``project.values``; 0 where it does not count)."""
    from trickrules.proofs.baloot.model import SUN, by_reading

    def make(name: str) -> t.Int:
        return by_reading(sp, "project.values",
                          lambda r: t.If(contract == SUN, r.number(f"{name}-sun"),
                                         r.number(f"{name}-hokom")))

    return t.If(kind == SIRA, make("sira"), t.If(kind == FIFTY, make("fifty"), t.If(
        kind == HUNDRED, make("hundred"), make("four-hundred"))))


def _value_of(sp: SymbolicProfile, kind: int, contract: int) -> int:
    got = value(sp, kind, contract)
    assert t.known(got), "project detection needs a concrete project.values reading"
    return int(got)


def _runs(mine: set[int]) -> list[tuple[int, frozenset[int]]]:
    """Every run of three or more in a suit among the cards ``mine``, overlapping ones
    included, by suit and then from its lowest card: a Sira, a 50 or a 100 by its length."""
    found: list[tuple[int, frozenset[int]]] = []
    for s in range(4):
        present = [r for r in range(8) if s * 8 + r in mine]
        for i, low in enumerate(present):
            for j in range(i + 2, len(present)):
                if present[j] - low != j - i:  # a gap: no longer a run
                    break
                length = j - i + 1
                kind = SIRA if length == 3 else FIFTY if length == 4 else HUNDRED
                found.append((kind, frozenset(s * 8 + r for r in present[i:j + 1])))
    return found


def _fours(sp: SymbolicProfile, mine: set[int], contract: int,
           declarer: bool) -> list[tuple[int, frozenset[int]]]:
    """Every four of a kind among the cards ``mine`` that is a project: four 10s, Js, Qs or
    Ks; four Aces, a 100 in Hokom and a 400 in Sun (for the declarer only under
    ``project.four-hundred-holder = declarer-only``)."""
    from trickrules.proofs.baloot.model import SUN

    found: list[tuple[int, frozenset[int]]] = []
    any_player = sp.is_("project.four-hundred-holder", "any-player") is True
    for r in (3, 4, 5, 6, 7):  # 10, J, Q, K, A
        four = frozenset(s * 8 + r for s in range(4))
        if four <= mine:
            if r != 7 or contract != SUN:
                found.append((HUNDRED, four))
            elif declarer or any_player:
                found.append((FOUR_HUNDRED, four))
    return found


def holdings(sp: SymbolicProfile, hand: list[int], contract: int,
             declarer: bool) -> list[tuple[int, frozenset[int]]]:
    """Every project a hand holds, overlapping ones included (``project.values``): each run
    of three or more in a suit, in the order of runs; four 10s, Js, Qs or Ks; four Aces, a 100
    in Hokom and a 400 in Sun (for the declarer only under ``project.four-hundred-holder =
    declarer-only``). Cards are numbered as in :mod:`trickrules.proofs.baloot.model`."""
    mine = set(hand)
    return _runs(mine) + _fours(sp, mine, contract, declarer)


def declared(sp: SymbolicProfile, hand: list[int], contract: int,
             declarer: bool) -> tuple[int, list[int]]:
    """:func:`declared_groups` as (game points, kinds sorted)."""
    points, groups = declared_groups(sp, hand, contract, declarer)
    return points, sorted(kind for kind, _ in groups)


def declared_groups(sp: SymbolicProfile, hand: list[int], contract: int,
                    declarer: bool) -> tuple[int, list[tuple[int, frozenset[int]]]]:
    """What a player declares: of all sets of projects sharing no card (at most two under
    ``project.per-player = up-to-two``, one under ``one-per-player``; under
    ``run-and-four-may-share`` a run and a four of a kind may share one), the one with the most
    game points, then the fewest projects; returned as (game points, each project's kind and
    cards)."""
    pool = [p for p in holdings(sp, hand, contract, declarer)
            if _value_of(sp, p[0], contract) > 0]
    share = sp.is_("project.per-player", "run-and-four-may-share") is True
    # disjoint, three projects need nine cards, so eight cards hold at most two
    most = 2 if sp.is_("project.per-player", "up-to-two") is True else (
        1 if sp.is_("project.per-player", "one-per-player") is True else (
            len(pool) if share else len(hand) // 3))
    best: tuple[int, int, list[tuple[int, frozenset[int]]]] = (0, 0, [])
    for size in range(1, most + 1):
        for chosen in itertools.combinations(pool, size):
            if not _apart(chosen, share):
                continue
            points = sum(_value_of(sp, kind, contract) for kind, _ in chosen)
            if (points, -size) > best[:2]:
                best = (points, -size, list(chosen))
    return best[0], best[2]


def _apart(chosen: tuple[tuple[int, frozenset[int]], ...], share: bool) -> bool:
    """Whether no card is in two of the projects; when ``share``, only no card in two runs
    (four of a kind never share a card, being of different ranks)."""
    groups = [group for _, group in chosen if not share or len({c // 8 for c in group}) == 1]
    cards = [c for group in groups for c in group]
    return len(cards) == len(set(cards))


def baloot_counts(sp: SymbolicProfile, holder_declares: t.Bool, king_in: t.Bool,
                  queen_in: t.Bool, kind: t.Int, run: t.Bool) -> t.Bool:
    """Whether the holder of the trump King and Queen scores Baloot, given whether each of the
    two is in one declared project of his, that project's kind and whether it is a run
    (``project.baloot-holder``, ``project.baloot-in-project``)."""
    anyone = sp.is_("project.baloot-holder", "any-player")
    apart = t.And(king_in == queen_in, t.Not(t.And(king_in, queen_in, kind >= HUNDRED)))
    in_four = t.And(t.Or(king_in, queen_in), t.Not(run))
    inside = t.If(sp.is_("project.baloot-in-project", "not-in-four-kings-or-queens"),
                  t.Not(in_four), apart)
    return t.And(t.Or(anyone, holder_declares),
                 t.Or(sp.is_("project.baloot-in-project", "always"), inside))
