"""The score of a hand: card points to game points (``score.*-conversion``), made or failed
(``score.*-threshold``), doubling (``double.*``), projects and Baloot. Pure functions of the
hand's facts, so the rules can be checked at every boundary."""

from __future__ import annotations

from typing import NamedTuple

from trickrules.engine.baloot.rules import (
    SUN,
    FailedBaloot,
    HokomConversion,
    KeepTotal,
    RaisedTie,
    Rules,
    SunConversion,
    SunThreshold,
)


def game_points(rules: Rules, contract: str, points: int) -> int:
    """A side's card points converted to game points."""
    if contract == SUN:
        if rules.sun_conversion is SunConversion.FIVE_KEPT_DIV_5 and points % 10 == 5:
            return points // 5
        half = 4 if rules.sun_conversion is SunConversion.NEAREST_TEN_HALF_DOWN_X2 else 5
        return (points + half) // 10 * 2
    half = 4 if rules.hokom_conversion is HokomConversion.NEAREST_TEN_HALF_DOWN else 5
    return (points + half) // 10


def made(rules: Rules, contract: str, declarer_points: int, defender_points: int,
         multiplier: int, lead: int = 0, gahwa: bool = False) -> bool:
    """Whether the declarer's side made the contract with these card points (tricks and last
    trick). ``lead`` (card points, from ``score.threshold-counts``) is what the projects and
    Baloot add to its side less the defenders': the threshold then asks the same margin over
    the defenders as of the cards alone, so half of it counts against a threshold. With no
    threshold a doubled hand goes to the side with more points (``double.split =
    winner-takes-all``: the team with most points takes all). A raised hand (``multiplier``
    above 1, 4 with a ``gahwa``) the two sides tie goes as ``double.tie`` says."""
    if multiplier > 1 and declarer_points + lead == defender_points:
        tie = rules.raised_tie  # read only at a tie (judge expands what is read)
        if tie is RaisedTie.BUYERS_LOSE:
            return False
        if tie is RaisedTie.DOUBLER_LOSES:
            return True
        if tie is RaisedTie.LAST_RAISER_LOSES:  # the defenders Double and Four
            return multiplier in (2, 4) and not gahwa
    if contract == SUN:
        if rules.sun_threshold in (SunThreshold.AT_LEAST_66_CARD_POINTS,
                                   SunThreshold.AT_LEAST_65_CARD_POINTS):
            return 2 * declarer_points + lead >= 2 * rules.sun_threshold_value
        if rules.sun_threshold is SunThreshold.MORE_THAN_13_GAME_POINTS:
            return (2 * game_points(rules, contract, declarer_points)
                    + lead // SUN_POINTS_PER_GAME >= 2 * rules.sun_threshold_value)
    elif rules.hokom_threshold:
        return 2 * declarer_points + lead >= 2 * rules.hokom_threshold
    if multiplier > 1 and rules.doubled_winner_takes_all:
        return declarer_points + lead > defender_points
    return True


SUN_POINTS_PER_GAME, HOKOM_POINTS_PER_GAME = 5, 10
"""The card points one game point stands for: a Sun side's points are doubled tens, Hokom's
tens."""


def threshold_lead(rules: Rules, facts: HandFacts) -> int:
    """``score.threshold-counts``: the card-point worth of the declarer's side's counted
    projects and Baloot less the defenders', which the threshold test adds to its card points
    (0 when only the card points count)."""
    if (facts.project_team is None or not facts.project_points) and not any(facts.baloot):
        return 0  # nothing to count: the rule is not read (judge expands what is read)
    with_projects, with_baloot = rules.threshold_counts
    per_game = SUN_POINTS_PER_GAME if facts.contract == SUN else HOKOM_POINTS_PER_GAME
    worth = [0, 0]
    if with_projects and facts.project_team is not None:
        worth[facts.project_team] += facts.project_points * per_game
    if with_baloot:
        # Baloot, a Hokom project: its card points, or its game points in Hokom tens
        each = rules.baloot_value * (1 if rules.baloot_card_points else HOKOM_POINTS_PER_GAME)
        worth = [worth[side] + each * facts.baloot[side] for side in (0, 1)]
    d = facts.declarer_team
    return worth[d] - worth[1 - d]


class HandFacts(NamedTuple):
    """What a finished hand's score depends on."""

    contract: str
    declarer_team: int
    multiplier: int
    gahwa: bool
    card_points: tuple[int, int]
    """Each side's card points from its tricks, the last trick included."""
    project_team: int | None
    """The side that won the project comparison (None: nobody declared, or a tie)."""
    project_points: int
    """That side's projects in game points, before any multiplier."""
    baloot: tuple[int, int]
    """How many Baloots each side announced."""
    sweep: int | None = None
    """The side that won all eight tricks, if one did (``score.sweep``)."""
    buyer_first_with_ace: bool = False
    """Whether the buyer called the contract for himself as the first to speak in the buying
    and held an Ace among his eight cards (a reverse sweep's condition, ``score.sweep``)."""


class HandScore(NamedTuple):
    """What a hand adds to each side's score, and how."""

    made: bool
    cards: tuple[int, int]
    projects: tuple[int, int]
    baloot: tuple[int, int]
    total: tuple[int, int]
    game_winner: int | None
    """The side a Gahwa hands the game to (None when the game goes on)."""


def _pair_hokom(cards: list[int], raw: list[int], whole: int) -> None:
    """``score.keep-total = pair-rounding``: two Hokom sides rounded on their own that do
    not come to the hand's game points are put right by the side whose card points have the
    larger remainder over a ten (at equal remainders, the side with more card points)."""
    gap = cards[0] + cards[1] - whole
    if gap:
        side = 0 if (raw[0] % 10, raw[0]) >= (raw[1] % 10, raw[1]) else 1
        cards[side] -= gap


def sweeping_side(rules: Rules, facts: HandFacts, made_it: bool) -> int | None:
    """``score.sweep``: the side whose sweep the reading scores at a fixed value: the side that
    won all eight tricks, or (judged on points) the buyers when they made their contract
    (``made_it``) and the defenders took no card point; None for none, or under the reading
    that scores a sweep's card points."""
    if rules.sweep_points is None:
        return None
    if rules.sweep_by_points:
        buyers = facts.declarer_team
        return buyers if made_it and facts.card_points[1 - buyers] == 0 else None
    return facts.sweep


def _shared_cards(rules: Rules, facts: HandFacts, multiplier: int, full: int,
                  extra: list[int]) -> tuple[list[int], list[int]]:
    """Each side's card and Baloot game points when both sides score their own cards: a made
    hand undoubled, or doubled where ``double.split`` does not hand all to one side."""
    cp = facts.card_points
    inside = extra if multiplier == 1 else [0, 0]
    baloot = [game_points(rules, facts.contract, x) if multiplier > 1 else 0 for x in extra]
    raw = [cp[0] + inside[0], cp[1] + inside[1]]
    return _kept_total(rules, facts, raw, full + sum(inside)), baloot


def _kept_total(rules: Rules, facts: HandFacts, raw: list[int], whole: int) -> list[int]:
    """``score.keep-total``: each side's card points (``raw``) as game points, rounded on their
    own or with one side given the rest of the hand's ``whole`` card points."""
    if rules.keep_total in (KeepTotal.EACH_SIDE_ROUNDED, KeepTotal.PAIR_ROUNDING):
        cards = [game_points(rules, facts.contract, p) for p in raw]
        if rules.keep_total is KeepTotal.PAIR_ROUNDING and facts.contract != SUN:
            _pair_hokom(cards, raw, game_points(rules, facts.contract, whole))
        return cards
    cards = [0, 0]
    d = facts.declarer_team
    first = d if rules.keep_total == KeepTotal.DEFENDERS_GET_REST else 1 - d
    cards[first] = game_points(rules, facts.contract, raw[first])
    cards[1 - first] = game_points(rules, facts.contract, whole) - cards[first]
    return cards


def _card_scores(rules: Rules, facts: HandFacts, made_it: bool, multiplier: int, full: int,
                 total: int, extra: list[int]) -> tuple[list[int], list[int]]:
    """Each side's card and Baloot game points before a sweep and the multiplier: shared by
    their cards, or the hand's ``total`` to one side (a failed or winner-takes-all hand)."""
    if made_it and (multiplier == 1 or not rules.doubled_winner_takes_all):
        return _shared_cards(rules, facts, multiplier, full, extra)
    d = facts.declarer_team
    cards = [0, 0]
    cards[d if made_it else 1 - d] = total
    return cards, [game_points(rules, facts.contract, x) for x in extra]


def _swept_scores(rules: Rules, facts: HandFacts, sweeper: int,
                  sweep_points: tuple[int, int, int], extra: list[int],
                  baloot: list[int]) -> tuple[list[int], list[int]]:
    """``score.sweep`` at a fixed value: the card game points all to the ``sweeper``, and the
    Baloot game points no longer counted inside the cards' points."""
    cards = [0, 0]
    # the defenders' sweep of a Sun: its own value, under one reading only on conditions
    reverse = facts.buyer_first_with_ace or not rules.reverse_needs_first_buyer_ace
    which = (1 if facts.contract != SUN
             else 2 if sweeper != facts.declarer_team and reverse else 0)
    cards[sweeper] = sweep_points[which]
    if rules.baloot_card_points:  # no longer inside the cards' points
        baloot = [game_points(rules, facts.contract, x) for x in extra]
    return cards, baloot


def _baloot_scores(rules: Rules, facts: HandFacts, made_it: bool,
                   baloot: list[int]) -> list[int]:
    """Each side's Baloot game points, with a failed declarer's Baloot as
    ``score.failed-baloot`` says."""
    if not rules.baloot_card_points:
        baloot = [rules.baloot_value * n for n in facts.baloot]
    d = facts.declarer_team
    if not made_it and baloot[d] and rules.failed_baloot is not FailedBaloot.KEPT_BY_HOLDER:
        if rules.failed_baloot is FailedBaloot.TO_DEFENDERS:
            baloot[1 - d] += baloot[d]
        baloot[d] = 0
    return baloot


def _project_scores(rules: Rules, facts: HandFacts, made_it: bool,
                    multiplier: int) -> list[int]:
    """Each side's project game points: the comparison's winner's projects, passed on or lost
    when the hand fails or the defenders hold them, multiplied as ``double.*`` says."""
    projects = [0, 0]
    if facts.project_team is None:
        return projects
    d = facts.declarer_team
    e = 1 - d
    to = facts.project_team
    if not made_it:
        to = e if not (to == d and rules.failed_declarer_projects_lost) else -1
    elif to == e and rules.projects_need_hand_won:
        to = -1  # the defenders hold the higher project, but the buyers won the hand
    if to >= 0:
        factor = (2 if multiplier > 1 else 1) if rules.projects_double_only else multiplier
        projects[to] = facts.project_points * factor
    return projects


def _gahwa_winner(rules: Rules, facts: HandFacts, made_it: bool, alone: bool) -> int | None:
    """The side a Gahwa hands the game to: the buyers when they made it, else the defenders
    unless the reading needs the Gahwa made (None when the game goes on)."""
    if not facts.gahwa or alone:
        return None
    if made_it:
        return facts.declarer_team
    if not rules.gahwa_needs_made:
        return 1 - facts.declarer_team
    return None


def score_hand(rules: Rules, facts: HandFacts) -> HandScore:
    """The game points each side takes from a finished hand."""
    d = facts.declarer_team
    trump = None if facts.contract == SUN else 0
    full = rules.total_card_points(trump)
    total = game_points(rules, facts.contract, full)
    cp = facts.card_points
    mult = 4 if facts.gahwa else facts.multiplier
    # a side that took every trick has made whatever the threshold counts besides the cards
    ok = facts.sweep == d or made(rules, facts.contract, cp[d], cp[1 - d], mult,
                                  threshold_lead(rules, facts), facts.gahwa)
    extra = [0, 0]
    if rules.baloot_card_points:
        extra = [rules.baloot_value * n for n in facts.baloot]
    cards, baloot = _card_scores(rules, facts, ok, mult, full, total, extra)
    sweeper = sweeping_side(rules, facts, ok)
    alone = sweeper is not None and rules.sweep_alone
    if sweeper is not None and rules.sweep_points is not None:
        cards, baloot = _swept_scores(rules, facts, sweeper, rules.sweep_points, extra, baloot)
    baloot = _baloot_scores(rules, facts, ok, baloot)
    if sweeper is None or rules.sweep_multiplied:
        cards = [c * mult for c in cards]
    projects = _project_scores(rules, facts, ok, mult)
    if alone:
        baloot, projects = [0, 0], [0, 0]  # the sweep's value is all the hand scores
    winner = _gahwa_winner(rules, facts, ok, alone)
    summed = (cards[0] + projects[0] + baloot[0], cards[1] + projects[1] + baloot[1])
    return HandScore(ok, (cards[0], cards[1]), (projects[0], projects[1]),
                     (baloot[0], baloot[1]), summed, winner)


def game_winner(rules: Rules, scores: tuple[int, int], declarer_team: int | None,
                gahwa_winner: int | None) -> int | None:
    """The side that wins the game once a hand is scored (``game.target``, ``game.both-reach``,
    a Gahwa), or None when the game goes on; ``declarer_team`` is None after a void hand."""
    if gahwa_winner is not None:
        return gahwa_winner
    reached = [s >= rules.target for s in scores]
    if reached == [True, True]:
        if rules.both_reach_declarer and declarer_team is not None:
            return declarer_team
        if scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return None
    if any(reached):
        return reached.index(True)
    return None
