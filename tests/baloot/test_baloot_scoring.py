"""Scoring rules with hand-worked expectations: conversion at every rounding boundary under each
reading, thresholds, failure, doubling, projects and Baloot."""

from __future__ import annotations

import pytest
from baloot_helpers import rules

from trickrules.engine.baloot.rules import HOKOM, SUN
from trickrules.engine.baloot.scoring import HandFacts, game_points, made, score_hand

# card points -> game points, worked by hand from each reading's words
SUN_TABLE = {
    #                      34  35  36  64  65  66  130
    "nearest-ten-half-up-x2": (6, 8, 8, 12, 14, 14, 26),
    "nearest-ten-half-down-x2": (6, 6, 8, 12, 12, 14, 26),
    "five-kept-div-5": (6, 7, 8, 12, 13, 14, 26),
}
HOKOM_TABLE = {
    #                       34 35 36 81 85 86 162
    "nearest-ten-half-down": (3, 3, 4, 8, 8, 9, 16),
    "nearest-ten-half-up": (3, 4, 4, 8, 9, 9, 16),
}


@pytest.mark.parametrize("reading", sorted(SUN_TABLE))
def test_sun_conversion_boundaries(reading: str) -> None:
    r = rules(score__sun_conversion=reading)
    got = tuple(game_points(r, SUN, p) for p in (34, 35, 36, 64, 65, 66, 130))
    assert got == SUN_TABLE[reading]


@pytest.mark.parametrize("reading", sorted(HOKOM_TABLE))
def test_hokom_conversion_boundaries(reading: str) -> None:
    r = rules(score__hokom_conversion=reading)
    got = tuple(game_points(r, HOKOM, p) for p in (34, 35, 36, 81, 85, 86, 162))
    assert got == HOKOM_TABLE[reading]


def test_the_card_points_of_a_hand_are_130_in_sun_and_162_in_hokom() -> None:
    r = rules()
    assert r.total_card_points(None) == 130
    assert all(r.total_card_points(t) == 162 for t in range(4))


@pytest.mark.parametrize(("reading", "made_at"), [
    ("at-least-81", 81), ("at-least-82", 82), ("more-than-76", 77), ("more-than-81", 82),
    ("none", 0)])
def test_hokom_threshold(reading: str, made_at: int) -> None:
    r = rules(score__hokom_threshold=reading)
    for points in (made_at - 1, made_at):
        if points >= 0:
            assert made(r, HOKOM, points, 162 - points, 1) == (points >= made_at)


def test_sun_thresholds() -> None:
    cards = rules(score__sun_threshold="at-least-66-card-points")
    assert not made(cards, SUN, 65, 65, 1) and made(cards, SUN, 66, 64, 1)
    # more than 13 game points: 65 is 13 under the 5-kept reading, 66 is 14
    games = rules(score__sun_threshold="more-than-13-game-points")
    assert not made(games, SUN, 65, 65, 1) and made(games, SUN, 66, 64, 1)
    # ... but 65 is 14 when a 5 rounds up, so the same cards make the contract
    up = rules(score__sun_threshold="more-than-13-game-points",
               score__sun_conversion="nearest-ten-half-up-x2")
    assert made(up, SUN, 65, 65, 1)
    assert made(rules(score__sun_threshold="none"), SUN, 0, 130, 1)


def facts(contract: str = HOKOM, declarer_team: int = 0, multiplier: int = 1,
          gahwa: bool = False, cards: tuple[int, int] = (100, 62),
          project_team: int | None = None, project_points: int = 0,
          baloot: tuple[int, int] = (0, 0), sweep: int | None = None,
          buyer_first_with_ace: bool = False) -> HandFacts:
    return HandFacts(contract, declarer_team, multiplier, gahwa, cards, project_team,
                     project_points, baloot, sweep, buyer_first_with_ace)


def test_a_made_hokom_is_shared_and_the_total_kept_at_16() -> None:
    # 86 / 76: 9 + 8 = 17 rounded on their own; kept at 16, the defenders' 76 is converted
    # (8) and the buyers get the rest (8), or the buyers' 86 first (9) and the defenders 7
    assert score_hand(rules(), facts(cards=(86, 76))).total == (8, 8)
    buyers_first = rules(score__keep_total="defenders-get-rest")
    assert score_hand(buyers_first, facts(cards=(86, 76))).total == (9, 7)
    own = rules(score__keep_total="each-side-rounded")
    assert score_hand(own, facts(cards=(86, 76))).total == (9, 8)


def test_pair_rounding_takes_the_extra_point_from_the_larger_remainder() -> None:
    """``score.keep-total = pair-rounding`` (house): Hokom sides rounded on their own that come
    to 17 give the point back from the side with the larger remainder over a ten, on equal
    remainders from the side with more card points; Sun sides are rounded on their own."""
    paired = rules(score__keep_total="pair-rounding")
    assert score_hand(paired, facts(cards=(86, 76))).total == (8, 8)  # 9 + 8, the 86 gives
    assert score_hand(paired, facts(cards=(96, 66))).total == (9, 7)
    assert score_hand(paired, facts(cards=(100, 62))).total == (10, 6)  # 16: nothing moves
    # the buyers on the smaller side only when no threshold stops them: there the ruling
    # (the buyers get the rest) and pair rounding part
    free = {"score__hokom_threshold": "none"}
    low = facts(cards=(76, 86))
    assert score_hand(rules(score__keep_total="pair-rounding", **free), low).total == (8, 8)
    assert score_hand(rules(**free), low).total == (7, 9)
    half_up = rules(score__keep_total="pair-rounding",
                    score__hokom_conversion="nearest-ten-half-up")
    assert score_hand(half_up, facts(cards=(85, 77))).total == (9, 7)  # 9 + 8: 7 beats 5
    sun = rules(score__keep_total="pair-rounding", score__sun_conversion="nearest-ten-half-up-x2",
                score__sun_threshold="at-least-65-card-points")
    assert score_hand(sun, facts("sun", cards=(65, 65))).total == (14, 14)  # Sun: each alone


def test_a_failed_contract_gives_the_defenders_everything() -> None:
    # 60 and the Sira's 20 against 102: failed, though the Sira counts towards the contract
    result = score_hand(rules(), facts(cards=(60, 102), project_team=0, project_points=2))
    assert not result.made and result.total == (0, 18)  # 16 and the declarer's Sira
    lost = rules(score__failed="defenders-keep-own-projects")
    assert score_hand(lost, facts(cards=(60, 102), project_team=0, project_points=2)).total \
        == (0, 16)


def test_a_failed_sides_baloot_goes_to_the_defenders_to_nobody_or_stays() -> None:
    # side 0 bought Hokom and took 44 of 162; both sides announced Baloot (2 each)
    failed = facts(cards=(44, 118), baloot=(1, 1))
    assert score_hand(rules(), failed).baloot == (0, 4)
    assert score_hand(rules(), failed).total == (0, 20)  # the defenders' 16, then 2 and 2
    assert score_hand(rules(score__failed_baloot="lost"), failed).baloot == (0, 2)
    assert score_hand(rules(score__failed_baloot="kept-by-holder"), failed).baloot == (2, 2)
    # a made contract keeps each Baloot with its side under every reading
    for reading in ("to-defenders", "lost", "kept-by-holder"):
        made = score_hand(rules(score__failed_baloot=reading), facts(cards=(90, 72),
                                                                     baloot=(1, 1)))
        assert made.made and made.baloot == (2, 2)
    # Baloot as 20 card points, outside the cards once the hand failed: 2 game points moved
    as_points = rules(project__baloot_value="20-card-points")
    assert score_hand(as_points, facts(cards=(44, 118), baloot=(1, 0))).baloot == (0, 2)


def test_the_defenders_higher_project_scores_on_a_made_hand_unless_the_hand_winner_claims() -> None:
    # side 0 bought Hokom and made it with 110 of 162 (against the defenders' 52 and their
    # 50, which counts towards the contract); the defenders' 50 won the comparison
    made = facts(cards=(110, 52), project_team=1, project_points=5)
    assert score_hand(rules(), made).projects == (0, 5)
    hand_winner = rules(project__scoring_side="hand-winner")
    assert score_hand(hand_winner, made).projects == (0, 0)
    assert score_hand(hand_winner, made).total == (11, 5)
    # the buyers' own higher project, and a failed hand's, score alike under both readings
    own = facts(cards=(100, 62), project_team=0, project_points=5)
    failed = facts(cards=(44, 118), project_team=1, project_points=5)
    for reading in ("comparison-winner", "hand-winner"):
        chosen = rules(project__scoring_side=reading)
        assert score_hand(chosen, own).projects == (5, 0)
        assert score_hand(chosen, failed).projects == (0, 5)


def test_a_raised_hand_the_sides_tie_goes_by_the_threshold_or_the_house_tie_rule() -> None:
    # 81 each: a doubled Hokom is made (half makes it); 65 each: a doubled Sun too (half
    # makes it), but not where a Sun needs 66
    hokom, sun = facts(cards=(81, 81), multiplier=2), facts(SUN, cards=(65, 65), multiplier=2)
    assert score_hand(rules(), hokom).made and score_hand(rules(), sun).made
    assert not score_hand(rules(score__sun_threshold="at-least-66-card-points"), sun).made
    buyers_lose = rules(double__tie="buyers-lose")
    assert not score_hand(buyers_lose, hokom).made and not score_hand(buyers_lose, sun).made
    doubler_loses = rules(double__tie="doubler-loses")
    assert score_hand(doubler_loses, hokom).made and score_hand(doubler_loses, sun).made
    last = rules(double__tie="last-raiser-loses")
    made_by_stakes = {(m, g): score_hand(last, facts(cards=(81, 81), multiplier=m, gahwa=g)).made
                      for m, g in ((2, False), (3, False), (4, False), (4, True))}
    assert made_by_stakes == {(2, False): True, (3, False): False, (4, False): True,
                              (4, True): False}
    # no tie, or nobody raised: the tie rule is not read
    for reading in ("buyers-lose", "doubler-loses", "last-raiser-loses"):
        chosen = rules(double__tie=reading)
        assert score_hand(chosen, facts(cards=(81, 81))).made
        assert not score_hand(chosen, facts(cards=(80, 82), multiplier=3)).made
        assert score_hand(chosen, facts(cards=(82, 80), multiplier=3)).made


def test_winning_every_trick_scores_its_cards_unless_the_house_plays_kaboot() -> None:
    # the buyers take all eight tricks of a Hokom with a Sira: 16 and 2, as any hand
    assert score_hand(rules(), facts(cards=(162, 0), project_team=0, project_points=2,
                                     sweep=0)).total == (18, 0)
    kaboot = rules(score__sweep="44-sun-25-hokom")
    assert score_hand(kaboot, facts(cards=(162, 0), project_team=0, project_points=2,
                                    sweep=0)).total == (27, 0)
    # every card point without every trick (a pointless trick lost) is no sweep
    assert score_hand(kaboot, facts(cards=(162, 0))).total == (16, 0)
    # doubled, and won by the defenders: the 25 goes to them, multiplied
    assert score_hand(kaboot, facts(multiplier=2, cards=(0, 162), sweep=1)).total == (0, 50)
    assert score_hand(kaboot, facts(SUN, cards=(130, 0), sweep=0)).total == (44, 0)
    # Baloot's 20 card points no longer sit inside the cards' points: 2 game points apart
    as_points = rules(score__sweep="44-sun-25-hokom", project__baloot_value="20-card-points")
    assert score_hand(as_points, facts(cards=(162, 0), baloot=(1, 0), sweep=0)).total == (27, 0)
    # never multiplied (house): the doubled sweep is 25, its Sira still doubled to 4
    flat = rules(score__sweep="44-sun-25-hokom-not-multiplied")
    assert score_hand(flat, facts(multiplier=2, cards=(0, 162), sweep=1)).total == (0, 25)
    assert score_hand(flat, facts(multiplier=2, cards=(162, 0), project_team=0,
                                  project_points=2, sweep=0)).total == (29, 0)
    assert score_hand(flat, facts(SUN, cards=(130, 0), sweep=0)).total == (44, 0)
    # the reverse Kaboot (house, sakkah-baloot): defenders who sweep a Sun take 88 when its
    # buyer called it first and held an Ace, else a sweep's 44; the buyers' sweep is 44
    reverse = rules(score__sweep="44-sun-25-hokom-88-reverse-sun")
    assert score_hand(reverse, facts(SUN, cards=(0, 130), sweep=1,
                                     buyer_first_with_ace=True)).total == (0, 88)
    assert score_hand(reverse, facts(SUN, cards=(0, 130), sweep=1)).total == (0, 44)
    assert score_hand(reverse, facts(SUN, cards=(130, 0), sweep=0,
                                     buyer_first_with_ace=True)).total == (44, 0)
    assert score_hand(reverse, facts(cards=(0, 162), sweep=1,
                                     buyer_first_with_ace=True)).total == (0, 25)
    # ... and never multiplied either: doubled, still 88; the Sira doubled
    assert score_hand(reverse, facts(SUN, multiplier=2, cards=(0, 130), sweep=1,
                                     buyer_first_with_ace=True)).total == (0, 88)
    # the other reverse reading (baloot-arena) has no conditions
    alone = rules(score__sweep="44-sun-25-hokom-88-reverse-sun-alone")
    assert score_hand(alone, facts(SUN, cards=(0, 130), sweep=1)).total == (0, 88)
    assert score_hand(reverse, facts(multiplier=2, cards=(162, 0), project_team=0,
                                     project_points=2, sweep=0)).total == (29, 0)


def test_a_sweep_judged_on_points_is_the_buyers_taking_every_card_point() -> None:
    """qusaigazz/Balote: 44 or 25 when the defenders take no card point, a trick worth
    nothing won or not; the defenders' sweep is any failed hand."""
    points = rules(score__sweep="44-sun-25-hokom-by-points")
    # the defenders won a trick of four cards worth nothing: the buyers still take 25
    assert score_hand(points, facts(cards=(162, 0))).total == (25, 0)
    assert score_hand(rules(score__sweep="44-sun-25-hokom"), facts(cards=(162, 0))).total == (16, 0)
    # doubled, with the buyers' Sira: 25 and 2, both doubled
    assert score_hand(points, facts(multiplier=2, cards=(162, 0), project_team=0,
                                    project_points=2, sweep=0)).total == (54, 0)
    # the defenders sweep a Sun: 26 to them, as any failed Sun (Kaboot gives them 44)
    assert score_hand(points, facts(SUN, cards=(0, 130), sweep=1)).total == (0, 26)
    assert score_hand(rules(score__sweep="44-sun-25-hokom"),
                      facts(SUN, cards=(0, 130), sweep=1)).total == (0, 44)
    # buyers on side 1
    assert score_hand(points, facts(SUN, declarer_team=1, cards=(0, 130))).total == (0, 44)
    # every card point, but the defenders' 400 counts towards the threshold and fails the
    # buyers: no sweep, the defenders take the Sun's 26 and their 40
    counted = rules(score__sweep="44-sun-25-hokom-by-points",
                    score__threshold_counts="with-projects")
    assert score_hand(counted, facts(SUN, cards=(130, 0), project_team=1,
                                     project_points=40)).total == (0, 66)


def test_a_sweep_that_is_the_whole_score_drops_projects_baloot_and_the_gahwa() -> None:
    """baloot-arena: 25 or 44 (88 for the defenders' sweep of a Sun) and nothing else."""
    alone = rules(score__sweep="44-sun-25-hokom-88-reverse-sun-alone")
    # a Hokom swept with a Sira (2) and Baloot (2): 25 alone, where Kaboot gives 29
    assert score_hand(alone, facts(cards=(162, 0), project_team=0, project_points=2,
                                   baloot=(1, 0), sweep=0)).total == (25, 0)
    assert score_hand(rules(score__sweep="44-sun-25-hokom"), facts(
        cards=(162, 0), project_team=0, project_points=2, baloot=(1, 0), sweep=0)).total == (29, 0)
    # the defenders sweep a doubled Sun in which the buyers held a 50 (10 doubled): 88 alone
    assert score_hand(alone, facts(SUN, multiplier=2, cards=(0, 130), project_team=0,
                                   project_points=10, sweep=1)).total == (0, 88)
    # a Gahwa swept: 25, and the game goes on
    swept = score_hand(alone, facts(gahwa=True, cards=(162, 0), sweep=0))
    assert swept.total == (25, 0) and swept.game_winner is None
    assert score_hand(rules(), facts(gahwa=True, cards=(162, 0), sweep=0)).game_winner == 0
    # a hand with no sweep is scored as any hand
    assert score_hand(alone, facts(cards=(100, 62), project_team=0,
                                   project_points=2)).total == (12, 6)


def test_projects_and_baloot_count_towards_the_threshold_only_in_their_readings() -> None:
    # Hokom, the buyers take 71 of 162 with a Fifty (5 game points, 50 card points)
    fifty = facts(cards=(71, 91), project_team=0, project_points=5)
    cards_only = rules(score__threshold_counts="card-points")
    assert not score_hand(cards_only, fifty).made  # 71 < 81: the projects do not help
    assert score_hand(rules(), fifty).made  # the ruling counts them: 121 against 91
    counted = rules(score__threshold_counts="with-projects")
    assert score_hand(counted, fifty).made  # 121 against 91
    assert score_hand(counted, fifty).total == (7 + 5, 9)
    # the defenders' winning Sira counts for them: 92 against 70 + 20 is made, 81 against
    # 81 + 20 is not
    assert score_hand(counted, facts(cards=(92, 70), project_team=1, project_points=2)).made
    assert not score_hand(counted, facts(cards=(81, 81), project_team=1,
                                         project_points=2)).made
    # Baloot only under with-projects-and-baloot: 71 + 20 against 91, half of all, is made
    baloot = facts(cards=(71, 91), baloot=(1, 0))
    assert not score_hand(counted, baloot).made
    both = rules(score__threshold_counts="with-projects-and-baloot")
    assert score_hand(both, baloot).made
    assert not score_hand(both, facts(cards=(71, 91))).made
    assert not score_hand(both, facts(cards=(81, 81), baloot=(0, 1))).made
    # a Sun at 66 asks more than half: 56 + 20 (a Sira) against 74 is made, 55 + 20 against
    # 75 not; at 65 (the ruling) half makes it: 55 + 20 against 75 is made, 54 + 20 not
    more = rules(score__threshold_counts="with-projects",
                 score__sun_threshold="at-least-66-card-points")
    assert score_hand(more, facts(SUN, cards=(56, 74), project_team=0, project_points=4)).made
    assert not score_hand(more, facts(SUN, cards=(55, 75), project_team=0,
                                      project_points=4)).made
    assert score_hand(rules(), facts(SUN, cards=(55, 75), project_team=0,
                                     project_points=4)).made
    assert not score_hand(rules(), facts(SUN, cards=(54, 76), project_team=0,
                                         project_points=4)).made
    # a threshold in game points counts the projects in game points: 12 + 4 against 14
    in_game = rules(score__threshold_counts="with-projects",
                    score__sun_threshold="more-than-13-game-points")
    sira = facts(SUN, cards=(60, 70), project_team=0, project_points=4)
    assert score_hand(in_game, sira).made
    assert not score_hand(rules(score__sun_threshold="more-than-13-game-points",
                                score__threshold_counts="card-points"), sira).made
    # every trick taken makes it, whatever the defenders' projects: 130 against a Four Hundred
    assert score_hand(counted, facts(SUN, cards=(130, 0), project_team=1, project_points=40,
                                     sweep=0)).made


def test_a_side_that_wins_no_trick_scores_no_project_only_in_the_house_option() -> None:
    """Seat 1's fifty (7 to 10 of clubs), the only project declared, in a Hokom whose
    every trick side 0 wins: worth 5 game points when a project needs only be shown (the
    ruling); nothing when its side must also win a trick (``side-won-a-trick``, qusaigazz/
    Balote), while seat 1's Baloot still counts; one trick won is enough."""
    from trickrules.engine.baloot.cards import mask, parse
    from trickrules.engine.baloot.hand import Hand
    from trickrules.engine.baloot.projects import Project

    clubs = [parse(n) for n in ("7C", "8C", "9C", "10C")]
    fifty = Project("fifty", mask(clubs), max(c % 8 for c in clubs), clubs[0] // 8, 1)
    one_trick = mask([parse(n) for n in ("7D", "8D", "9D", "10D")])

    def facts(reading: str, won_by_1: int) -> HandFacts:
        hand = Hand(HOKOM, 0, 0, 1, False, False, [0, 0, 0, 0], 0)
        hand.declare(1, (fifty,))
        hand.baloot.append(1)
        hand.won[1], hand.won[0] = won_by_1, ((1 << 32) - 1) & ~won_by_1
        return hand.facts(rules(project__proof=reading))[0]

    shown = facts("shown", 0)
    assert (shown.project_team, shown.project_points, shown.baloot) == (1, 5, (0, 1))
    none = facts("side-won-a-trick", 0)
    assert (none.project_team, none.project_points, none.baloot) == (None, 0, (0, 1))
    kept = facts("side-won-a-trick", one_trick)
    assert (kept.project_team, kept.project_points) == (1, 5)


def test_a_doubled_hand_goes_whole_to_the_winner() -> None:
    # made: 110 against the defenders' 52 and their 50
    result = score_hand(rules(), facts(multiplier=2, cards=(110, 52), project_team=1,
                                       project_points=5))
    assert result.total == (32, 10)  # 16 x 2, and the defenders' 50 x 2
    shared = rules(double__split="each-side-own")
    assert score_hand(shared, facts(multiplier=2, cards=(100, 62))).total == (20, 12)


def test_projects_are_multiplied_by_the_reading_but_baloot_never() -> None:
    base = facts(multiplier=3, cards=(120, 42), project_team=0, project_points=5, baloot=(1, 0))
    assert score_hand(rules(), base).total == (48 + 15 + 2, 0)
    assert score_hand(rules(double__projects="double-only"), base).total == (48 + 10 + 2, 0)


@pytest.mark.parametrize("keep", ["each-side-rounded", "defenders-get-rest",
                                  "declarers-get-rest"])
def test_baloot_as_twenty_card_points_is_worth_two_game_points(keep: str) -> None:
    """20 card points added before rounding to tens is 2 game points after it, whatever the
    split, the holder and the stakes: the two readings of ``project.baloot-value`` agree."""
    two = rules(score__keep_total=keep, score__hokom_threshold="none")
    twenty = rules(score__keep_total=keep, score__hokom_threshold="none",
                   project__baloot_value="20-card-points")
    for points in range(0, 163):
        for holder in ((1, 0), (0, 1)):
            for multiplier in (1, 2):
                hand = facts(cards=(points, 162 - points), baloot=holder, multiplier=multiplier)
                assert score_hand(two, hand).total == score_hand(twenty, hand).total
    # and the value is there: the holder's side has 2 more than without it
    plain = score_hand(two, facts(cards=(100, 62))).total
    assert score_hand(twenty, facts(cards=(100, 62), baloot=(1, 0))).total == (
        plain[0] + 2, plain[1])


def test_gahwa_ends_the_game() -> None:
    won = score_hand(rules(), facts(gahwa=True, cards=(100, 62)))
    assert won.game_winner == 0 and won.total[0] == 64
    lost = score_hand(rules(), facts(gahwa=True, cards=(60, 102)))
    assert lost.game_winner == 1
    strict = rules(double__gahwa="declarer-wins-if-made")
    assert score_hand(strict, facts(gahwa=True, cards=(60, 102))).game_winner is None


def test_a_hand_knows_whether_its_buyer_called_first_and_held_an_ace() -> None:
    """The reverse Kaboot's condition, from the buying and the eight cards (dealer seat 0, so
    seat 1 speaks first; seats 1 and 2 hold an Ace): seat 1's own Sun meets it; seat 2's
    Sun does not (not the first to speak), nor seat 3's Ashkal, though it makes seat 1 the
    declarer (the buyer is the caller)."""
    from baloot_helpers import calls, deal

    hands = ("7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH QH AH", "KH 7D 8D 9D 10D")

    def condition(*names: str) -> bool:
        state = calls(deal(hands=hands), *names)
        while state.hand is None:  # nobody doubles
            calls(state, "pass")
        return state.hand.facts(rules())[0].buyer_first_with_ace

    assert condition("sun")
    assert not condition("pass", "sun", "pass")
    assert not condition("pass", "pass", "ashkal", "pass")
