"""Projects with hand-worked expectations: what a hand holds, the set declared, how two sides
compare under each reading, and when Baloot counts."""

from __future__ import annotations

from baloot_helpers import rules

from trickrules.engine.baloot.cards import mask, names, parse_many
from trickrules.engine.baloot.projects import (
    FIFTY,
    FOUR_HUNDRED,
    HUNDRED,
    SIRA,
    Project,
    baloot_counts,
    best_set,
    scoring_team,
)
from trickrules.engine.baloot.rules import HOKOM, SUN


def declared(hand: str, contract: str = SUN, seat: int = 0, declarer: int = 0,
             **overrides: str) -> list[tuple[str, list[str]]]:
    found = best_set(rules(**overrides), mask(parse_many(hand)), contract, seat, declarer)
    return sorted((p.kind, names(p.cards)) for p in found)


def test_runs_are_in_the_natural_order() -> None:
    assert declared("9S 10S JS 7H 9D KC QC 8D") == [(SIRA, ["9S", "10S", "JS"])]
    assert declared("QS KS AS 7H 9D 10C QC 8D") == [(SIRA, ["QS", "KS", "AS"])]
    assert declared("10S JS QS KS 7H 9D QC 8D") == [(FIFTY, ["10S", "JS", "QS", "KS"])]
    assert declared("7S 8S 9S 10S JS 7H 9D QC") == [(HUNDRED, ["7S", "8S", "9S", "10S", "JS"])]


def test_four_of_a_kind_and_four_aces() -> None:
    assert declared("KS KH KD KC 7H 9D QC 8D") == [(HUNDRED, ["KS", "KH", "KD", "KC"])]
    assert declared("9S 9H 9D 9C 7H JD QC 8S") == []
    assert declared("AS AH AD AC 7H 9D QC 8D") == [(FOUR_HUNDRED, ["AS", "AH", "AD", "AC"])]
    assert declared("AS AH AD AC 7H 9D QC 8D", HOKOM) == [(HUNDRED, ["AS", "AH", "AD", "AC"])]
    # the 400 for the declarer only
    assert declared("AS AH AD AC 7H 9D QC 8D", seat=1, declarer=0,
                    project__four_hundred_holder="declarer-only") == []


def test_no_card_in_two_projects_and_the_best_set() -> None:
    # a run of eight: a 100 and a Sira (24 in Sun) beat two 50s (20)
    hand = "7S 8S 9S 10S JS QS KS AS"
    assert [k for k, _ in declared(hand)] == [HUNDRED, SIRA]
    # KS in four Kings and in the run Q-K-A: the 100 (20) beats the Sira (4)
    assert declared("KS KH KD KC QS AS 7D 8C") == [(HUNDRED, ["KS", "KH", "KD", "KC"])]
    # two Siras and a 50 held: at most two projects under up-to-two
    three = "7S 8S 9S 7H 8H 9H JD QD"
    assert [k for k, _ in declared(three)] == [SIRA, SIRA]
    assert len(declared("7S 8S 9S 7H 8H 9H JD QD")) == 2
    all_three = "7S 8S 9S 7H 8H 9H 7D 8D"
    assert len(declared(all_three)) == 2
    assert len(declared(all_three, project__per_player="up-to-two")) == 2


def test_eight_cards_hold_at_most_two_projects() -> None:
    hand = "7S 8S 9S 7H 8H 9H 7D 8D"
    # two Siras and nothing else (7D 8D is no run): two either way
    assert len(declared(hand)) == 2
    hand = "7S 8S 9S 7H 8H 9H 7C 8C"
    assert len(declared(hand)) == 2
    # three disjoint runs need nine cards; a run and four of a kind and a run:
    kings = "KS KH KD KC 7S 8S 9S 7H"
    assert [k for k, _ in declared(kings)] == [HUNDRED, SIRA]


def p(kind: str, top: int, seat: int, suit: int | None = 0) -> Project:
    return Project(kind, 0, top, suit, seat)


def test_the_higher_project_wins_the_comparison() -> None:
    r = rules()
    order = {0: 0, 1: 1, 2: 2, 3: 3}
    assert scoring_team(r, [p(SIRA, 7, 0), p(FIFTY, 3, 1)], None, order) == 1
    # a run of five beats four of a kind under run-first, not under equal
    run, kind = p(HUNDRED, 4, 0), p(HUNDRED, 6, 1, None)
    assert scoring_team(r, [run, kind], None, order) == 0
    assert scoring_team(rules(project__hundred_order="equal"), [run, kind], None, order) == 1
    # four of a kind first (house): four Kings beat the run to the Ace, whatever the top card
    four_first = rules(project__hundred_order="four-of-a-kind-first")
    assert scoring_team(four_first, [run, kind], None, order) == 1
    ace_run = p(HUNDRED, 7, 0)
    assert scoring_team(four_first, [ace_run, p(HUNDRED, 3, 1, None)], None, order) == 1
    assert scoring_team(r, [ace_run, p(HUNDRED, 3, 1, None)], None, order) == 0


def test_equal_projects_compare_by_top_card_then_reading() -> None:
    order = {0: 0, 1: 1, 2: 2, 3: 3}
    low, high = p(SIRA, 5, 0, 0), p(SIRA, 6, 1, 1)
    assert scoring_team(rules(), [low, high], None, order) == 1
    same_a, same_b = p(SIRA, 6, 0, 0), p(SIRA, 6, 1, 1)
    assert scoring_team(rules(), [same_a, same_b], None, order) == 0  # declared first
    assert scoring_team(rules(), [same_a, same_b], None, {0: 1, 1: 0, 2: 2, 3: 3}) == 1
    neither = rules(project__tie_break="highest-card-then-neither")
    assert scoring_team(neither, [same_a, same_b], None, order) is None
    trump = rules(project__tie_break="trump-then-highest-card-then-first")
    assert scoring_team(trump, [p(SIRA, 7, 0, 0), p(SIRA, 5, 1, 1)], 1, order) == 1


def test_baloot_counts_unless_split_or_in_a_hundred() -> None:
    r = rules()
    hearts = 1
    assert baloot_counts(r, 0, 2, hearts, [])
    sira = Project(SIRA, mask(parse_many("JH QH KH")), 6, hearts, 0)
    assert baloot_counts(r, 0, 2, hearts, [sira])
    split = Project(SIRA, mask(parse_many("10H JH QH")), 5, hearts, 0)
    assert not baloot_counts(r, 0, 2, hearts, [split])
    one_in = Project(HUNDRED, mask(parse_many("KS KH KD KC")), 6, None, 0)
    assert not baloot_counts(r, 0, 2, hearts, [one_in])
    both = Project(HUNDRED, mask(parse_many("9H 10H JH QH KH")), 6, hearts, 0)
    assert not baloot_counts(r, 0, 2, hearts, [both])
    assert baloot_counts(rules(project__baloot_in_project="always"), 0, 2, hearts, [both])
    # only four Kings or four Queens cancel it (house): the split Sira and the 100 run do not
    majlis = rules(project__baloot_in_project="not-in-four-kings-or-queens")
    assert baloot_counts(majlis, 0, 2, hearts, [split])
    assert baloot_counts(majlis, 0, 2, hearts, [both])
    assert not baloot_counts(majlis, 0, 2, hearts, [one_in])
    queens = Project(HUNDRED, mask(parse_many("QS QH QD QC")), 5, None, 0)
    assert not baloot_counts(majlis, 0, 2, hearts, [queens])
    # another player's project does not block it
    assert baloot_counts(r, 0, 2, hearts, [both._replace(seat=1)])
    assert not baloot_counts(rules(project__baloot_holder="declarer-only"), 0, 2, hearts, [])


def test_a_run_and_four_of_a_kind_share_a_card_only_under_that_house_option() -> None:
    """``project.per-player = run-and-four-may-share``: KS in four Kings and in the run
    Q-K-A of spades makes both count (20 and 4 in Sun), where the ruling keeps the 100 alone;
    two runs still never share a card. Three projects fit in eight cards once a card is
    shared: two Siras A-K-Q and four Kings (the ruling declares the four Kings alone)."""
    share = "run-and-four-may-share"
    hand = "KS KH KD KC QS AS 7D 8C"
    assert declared(hand) == [(HUNDRED, ["KS", "KH", "KD", "KC"])]
    assert declared(hand, project__per_player=share) == [
        (HUNDRED, ["KS", "KH", "KD", "KC"]), (SIRA, ["QS", "KS", "AS"])]
    run = "7S 8S 9S 10S JS QS KS AS"
    assert [k for k, _ in declared(run, project__per_player=share)] == [HUNDRED, SIRA]
    three = "AS KS QS AH KH QH KD KC"
    assert [k for k, _ in declared(three)] == [HUNDRED]  # both Siras need a King
    assert [k for k, _ in declared(three, project__per_player=share)] == [HUNDRED, SIRA, SIRA]


def test_one_project_per_player_keeps_the_strongest() -> None:
    """``project.per-player = one-per-player`` (house): of two Siras only the higher, the
    A-K-Q of hearts over the 9-8-7 of spades; of a 100 and a Sira, the 100."""
    hand = "7S 8S 9S QH KH AH JD 8C"
    assert [k for k, _ in declared(hand)] == [SIRA, SIRA]
    one = "one-per-player"
    assert declared(hand, project__per_player=one) == [(SIRA, ["QH", "KH", "AH"])]
    run = "7S 8S 9S 10S JS QS KS AS"
    [(kind, cards)] = declared(run, project__per_player=one)
    assert kind == HUNDRED and "AS" in cards  # the 100 up to the Ace, not the Sira beside it
