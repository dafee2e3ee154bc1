"""Baloot's score as Z3 terms, from ``spec/baloot/``: card points to game points
(``score.*-conversion``), made or failed (``score.*-threshold``), the split of a doubled hand
(``double.split``), projects (which side scores them, ``project.scoring-side``) and their
multiplier (``double.projects``), Baloot (and where
a failed side's goes, ``score.failed-baloot``), Gahwa
(``double.gahwa``), a sweep (``score.sweep``) and game end (``game.*``). Concrete inputs give
plain values."""

from __future__ import annotations

from dataclasses import dataclass

from trickrules.proofs.baloot.model import HOKOM, SUN, by_reading
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile

SUN_TOTAL, HOKOM_TOTAL = 130, 162
"""The card points of a hand, last trick included (theorem ``score.card-points-total``)."""


def round_ten(points: t.Int, five_up: t.Bool) -> t.Int:
    """``points`` to the nearest ten, in tens; a 5 goes up when ``five_up``."""
    return t.If(five_up, t.div(points + 5, 10), t.div(points + 4, 10))


def game_points(sp: SymbolicProfile, contract: t.Int, points: t.Int) -> t.Int:
    """A side's card points as game points under the contract's conversion reading."""
    ends_in_five = points % 10 == 5
    sun = t.If(sp.is_("score.sun-conversion", "five-kept-div-5"),
               t.If(ends_in_five, t.div(points, 5), round_ten(points, True) * 2),
               round_ten(points, sp.is_("score.sun-conversion", "nearest-ten-half-up-x2")) * 2)
    hokom = round_ten(points, sp.is_("score.hokom-conversion", "nearest-ten-half-up"))
    return t.If(contract == SUN, sun, hokom)


def full_game_points(sp: SymbolicProfile, contract: t.Int) -> t.Int:
    """The game points of a whole hand's cards: 26 in Sun, 16 in Hokom."""
    return t.If(contract == SUN, game_points(sp, SUN, SUN_TOTAL),
                game_points(sp, HOKOM, HOKOM_TOTAL))


def made(sp: SymbolicProfile, contract: t.Int, declarer: t.Int, defenders: t.Int,
         multiplier: t.Int, lead: t.Int | int = 0, gahwa: t.Bool | bool = False) -> t.Bool:
    """Whether the declarer's side made the contract with these card points. ``lead`` (card
    points, from ``score.threshold-counts``) is its projects and Baloot less the defenders':
    the buyers need the margin over the defenders that the threshold asks of the cards alone.
    With no threshold a doubled hand under ``winner-takes-all`` goes to the side with more
    points."""
    no_threshold_doubled = t.And(multiplier > 1, sp.is_("double.split", "winner-takes-all"))
    fallback = t.If(no_threshold_doubled, declarer + lead > defenders, True)
    by_card_points = t.Or(sp.is_("score.sun-threshold", "at-least-66-card-points"),
                          sp.is_("score.sun-threshold", "at-least-65-card-points"))
    sun = t.If(by_card_points, declarer * 2 + lead >= sp.value("score.sun-threshold") * 2,
               t.If(sp.is_("score.sun-threshold", "more-than-13-game-points"),
                    game_points(sp, SUN, declarer) * 2 + t.div(lead, SUN_GAME_POINT)
                    >= sp.value("score.sun-threshold") * 2,
                    fallback))
    hokom = t.If(sp.is_("score.hokom-threshold", "none"), fallback,
                 declarer * 2 + lead >= sp.value("score.hokom-threshold") * 2)
    # double.tie: a raised hand whose sides tie, unless the threshold decides it as any hand
    tie = t.And(multiplier > 1, declarer + lead == defenders,
                t.Not(sp.is_("double.tie", "as-any-hand")))
    by_tie = t.If(sp.is_("double.tie", "buyers-lose"), False,
                  t.If(sp.is_("double.tie", "doubler-loses"), True,
                       t.And(t.Or(multiplier == 2, multiplier == 4), t.Not(gahwa))))
    return t.If(tie, by_tie, t.If(contract == SUN, sun, hokom))


SUN_GAME_POINT, HOKOM_GAME_POINT = 5, 10
"""Card points per game point: Sun doubles its tens, Hokom counts them."""


@dataclass
class Hand:
    """The facts of a finished hand (each may be symbolic), side 0 and side 1."""

    contract: t.Int
    declarer_side: t.Int
    multiplier: t.Int
    gahwa: t.Bool
    points: tuple[t.Int, t.Int]
    project_side: t.Int
    """The side whose projects won the comparison; -1 for none."""
    project_points: t.Int
    baloots: tuple[t.Int, t.Int]
    sweep: t.Int = -1
    """The side that won all eight tricks; -1 for none."""
    buyer_first_with_ace: t.Bool = False
    """Whether the buyer called the contract for himself as the first to speak in the buying
    and held an Ace among his eight cards (a reverse sweep's condition under one reading)."""


@dataclass
class Score:
    """What a hand adds to each side, by part."""

    made: t.Bool
    cards: tuple[t.Int, t.Int]
    projects: tuple[t.Int, t.Int]
    baloot: tuple[t.Int, t.Int]
    game_winner: t.Int
    """The side a Gahwa hands the game to, or -1."""

    @property
    def total(self) -> tuple[t.Int, t.Int]:
        """Each side's game points from the hand."""
        return (self.cards[0] + self.projects[0] + self.baloot[0],
                self.cards[1] + self.projects[1] + self.baloot[1])


def contract_made(sp: SymbolicProfile, hand: Hand) -> t.Bool:
    """Whether the buyers made their contract: by the threshold, or by winning every trick,
    which makes it whatever else the threshold counts."""
    d = hand.declarer_side
    p_d = t.If(d == 0, hand.points[0], hand.points[1])
    p_e = t.If(d == 0, hand.points[1], hand.points[0])
    mult = t.If(hand.gahwa, 4, hand.multiplier)
    return t.Or(hand.sweep == d, made(sp, hand.contract, p_d, p_e, mult,
                                      threshold_lead(sp, hand), hand.gahwa))


def sweeping_side(sp: SymbolicProfile, hand: Hand) -> t.Int:
    """``score.sweep``: the side whose sweep counts, or -1: the side that won all eight tricks,
    or, judged on points, the buyers when they made their contract and the defenders took no
    card point."""
    d = hand.declarer_side
    p_e = t.If(d == 0, hand.points[1], hand.points[0])
    return t.If(sp.is_("score.sweep", "44-sun-25-hokom-by-points"),
                t.If(t.And(p_e == 0, contract_made(sp, hand)), d, -1), hand.sweep)


def sweep_worth(sp: SymbolicProfile, hand: Hand) -> tuple[t.Bool, t.Int]:
    """``score.sweep``: whether a side won every trick under a reading that scores that at a
    fixed value for the cards, and that value (before any multiplier)."""
    side = sweeping_side(sp, hand)
    swept = t.And(side >= 0, t.Not(sp.is_("score.sweep", "card-points")))
    # the defenders swept (a reverse Kaboot); one reading asks its buyer to have called it
    # first with an Ace, or it is worth a sweep's value
    reverse = t.And(side != hand.declarer_side, t.Or(
        hand.buyer_first_with_ace, t.Not(sp.is_("score.sweep", "44-sun-25-hokom-88-reverse-sun"))))
    value = by_reading(sp, "score.sweep", lambda r: t.If(
        hand.contract == SUN, t.If(reverse, r.number("reverse-sun") or r.number("sun"),
                                   r.number("sun")), r.number("hokom")))
    return swept, value


def cards_multiplier(sp: SymbolicProfile, hand: Hand) -> t.Int:
    """What the cards' game points are multiplied by: the stakes (a Gahwa 4), or 1 for a
    sweep's fixed value that is never multiplied (``score.sweep``)."""
    swept, _ = sweep_worth(sp, hand)
    flat = t.And(swept, t.Or(*(sp.is_("score.sweep", r) for r in UNMULTIPLIED_SWEEPS)))
    return t.If(flat, 1, t.If(hand.gahwa, 4, hand.multiplier))


UNMULTIPLIED_SWEEPS = ("44-sun-25-hokom-not-multiplied", "44-sun-25-hokom-88-reverse-sun",
                       "44-sun-25-hokom-88-reverse-sun-alone")
"""The readings of ``score.sweep`` whose fixed value no Double or Gahwa multiplies."""


def sweep_alone(sp: SymbolicProfile, hand: Hand) -> t.Bool:
    """``score.sweep``: a side won every trick under the reading that makes the sweep's value
    all the hand scores (no projects, no Baloot, no Gahwa's game)."""
    swept, _ = sweep_worth(sp, hand)
    return t.And(swept, sp.is_("score.sweep", "44-sun-25-hokom-88-reverse-sun-alone"))


def _pair(side: t.Int, mine: t.Int, other: t.Int) -> tuple[t.Int, t.Int]:
    """``mine`` to ``side`` and ``other`` to the other side."""
    return (t.If(side == 0, mine, other), t.If(side == 0, other, mine))


def threshold_lead(sp: SymbolicProfile, hand: Hand) -> t.Int:
    """``score.threshold-counts``: in card points, the declarer's side's projects (when they
    won the comparison) and Baloot less the defenders', for the threshold test; 0 under
    ``card-points``. Baloot, a Hokom project, counts its card points or its game points in
    Hokom tens. Products by constants only, so the model stays linear."""
    d = hand.declarer_side
    worth = t.If(hand.contract == SUN, hand.project_points * SUN_GAME_POINT,
                 hand.project_points * HOKOM_GAME_POINT)
    counts_baloot = sp.is_("score.threshold-counts", "with-projects-and-baloot")
    counts_projects = t.Or(counts_baloot, sp.is_("score.threshold-counts", "with-projects"))
    projects = t.If(t.And(counts_projects, hand.project_side >= 0),
                    t.If(hand.project_side == d, worth, -worth), 0)
    net = t.If(d == 0, hand.baloots[0] - hand.baloots[1], hand.baloots[1] - hand.baloots[0])
    baloot = by_reading(sp, "project.baloot-value", lambda r: net * (
        (r.value or 0) if r.id == "20-card-points" else (r.value or 0) * HOKOM_GAME_POINT))
    return projects + t.If(counts_baloot, baloot, 0)


def score(sp: SymbolicProfile, hand: Hand) -> Score:
    """The hand's score: see the parameters of ``spec/baloot/parameters.toml``."""
    d = hand.declarer_side
    mult = t.If(hand.gahwa, 4, hand.multiplier)
    p_d = t.If(d == 0, hand.points[0], hand.points[1])
    p_e = t.If(d == 0, hand.points[1], hand.points[0])
    total = full_game_points(sp, hand.contract)
    as_points = sp.is_("project.baloot-value", "20-card-points")
    n_d = t.If(d == 0, hand.baloots[0], hand.baloots[1])
    n_e = t.If(d == 0, hand.baloots[1], hand.baloots[0])
    # each side's Baloots times their value, a product by a constant under each reading
    b_d = by_reading(sp, "project.baloot-value", lambda r: n_d * (r.value or 0))
    b_e = by_reading(sp, "project.baloot-value", lambda r: n_e * (r.value or 0))
    ok = contract_made(sp, hand)
    shared = t.And(ok, t.Or(mult == 1, sp.is_("double.split", "each-side-own")))
    inside = t.And(as_points, mult == 1, shared)
    raw_d = p_d + t.If(inside, b_d, 0)
    raw_e = p_e + t.If(inside, b_e, 0)
    full = t.If(hand.contract == SUN, SUN_TOTAL, HOKOM_TOTAL)
    whole = game_points(sp, hand.contract, full + t.If(inside, b_d + b_e, 0))
    own_d = game_points(sp, hand.contract, raw_d)
    own_e = game_points(sp, hand.contract, raw_e)
    # pair-rounding: two Hokom sides rounded on their own that miss the hand's game points
    # are put right by the side with the larger remainder over a ten (then more points)
    paired = t.And(sp.is_("score.keep-total", "pair-rounding"), hand.contract != SUN)
    gap = own_d + own_e - whole
    rem_d, rem_e = raw_d % 10, raw_e % 10
    d_moves = t.Or(rem_d > rem_e, t.And(rem_d == rem_e, raw_d >= raw_e))
    g_d = t.If(sp.is_("score.keep-total", "declarers-get-rest"), whole - own_e,
               t.If(t.And(paired, d_moves), own_d - gap, own_d))
    g_e = t.If(sp.is_("score.keep-total", "defenders-get-rest"), whole - own_d,
               t.If(t.And(paired, t.Not(d_moves)), own_e - gap, own_e))
    swept, sweep_value = sweep_worth(sp, hand)
    times = cards_multiplier(sp, hand)
    by_d = sweeping_side(sp, hand) == d
    card_d = t.If(swept, t.If(by_d, sweep_value, 0),
                  t.If(shared, g_d, t.If(ok, total, 0))) * times
    card_e = t.If(swept, t.If(by_d, 0, sweep_value),
                  t.If(shared, g_e, t.If(ok, 0, total))) * times
    # Baloot: never multiplied; 20 card points outside the shared conversion (or after a
    # sweep's fixed value took the cards' place) are 2 game points
    apart = t.Or(t.Not(inside), swept)

    def apart_points(count: t.Int) -> t.Int:
        """``count`` Baloots (at most one a side) in game points, each by itself: its game
        points, or its card points converted (a constant under each reading and contract)."""
        return by_reading(sp, "project.baloot-value", lambda r: (
            t.If(apart, t.If(hand.contract == SUN,
                             count * game_points(sp, SUN, r.value or 0),
                             count * game_points(sp, HOKOM, r.value or 0)), 0)
            if r.id == "20-card-points" else count * (r.value or 0)))

    own_bal_d, own_bal_e = apart_points(n_d), apart_points(n_e)
    # a failed contract: the buyers' Baloot to the defenders, to nobody, or kept
    kept = t.Or(ok, sp.is_("score.failed-baloot", "kept-by-holder"))
    alone = sweep_alone(sp, hand)
    bal_d = t.If(t.Or(alone, t.Not(kept)), 0, own_bal_d)
    bal_e = t.If(alone, 0, t.If(t.And(t.Not(kept), sp.is_("score.failed-baloot", "to-defenders")),
                                own_bal_e + own_bal_d, own_bal_e))
    factor = t.If(sp.is_("double.projects", "double-only"), t.If(mult > 1, 2, 1), mult)
    lost = t.And(t.Not(ok), hand.project_side == d,
                 sp.is_("score.failed", "defenders-keep-own-projects"))
    # a made contract over the defenders' higher project: scored only if the comparison's
    # winner need not win the hand too (project.scoring-side)
    unclaimed = t.And(hand.project_side == 1 - d, sp.is_("project.scoring-side", "hand-winner"))
    project_to = t.If(t.Or(hand.project_side < 0, alone), -1,
                      t.If(ok, t.If(unclaimed, -1, hand.project_side),
                           t.If(lost, -1, 1 - d)))
    proj = hand.project_points * factor
    gahwa_lost = t.If(sp.is_("double.gahwa", "hand-winner-wins-game"), 1 - d, -1)
    winner = t.If(t.And(hand.gahwa, t.Not(alone)), t.If(ok, d, gahwa_lost), -1)
    return Score(ok, _pair(d, card_d, card_e),
                 (t.If(project_to == 0, proj, 0), t.If(project_to == 1, proj, 0)),
                 _pair(d, bal_d, bal_e), winner)


def game_winner(sp: SymbolicProfile, before: tuple[t.Int, t.Int], gained: tuple[t.Int, t.Int],
                declarer_side: t.Int, gahwa_winner: t.Int) -> t.Int:
    """The side that wins the game after a hand (``game.target``, ``game.both-reach``), or
    -1 when the game goes on."""
    target = sp.value("game.target")
    after = (before[0] + gained[0], before[1] + gained[1])
    both = t.And(after[0] >= target, after[1] >= target)
    higher = t.If(after[0] > after[1], 0, t.If(after[1] > after[0], 1, -1))
    on_both = t.If(sp.is_("game.both-reach", "declarers-side"), declarer_side, higher)
    reached = t.If(both, on_both, t.If(after[0] >= target, 0, t.If(after[1] >= target, 1, -1)))
    return t.If(gahwa_winner >= 0, gahwa_winner, reached)
