"""Baloot's reference answers for the conformance protocol, against answers worked out by
hand from the reconciled rules (and from a house option where one changes the answer)."""

from __future__ import annotations

from typing import Any

import pytest

from trickrules.kit.reference_adapter import respond
from trickrules.proofs.conformance.protocol import InvalidRequestError, definition, schema_errors
from trickrules.proofs.kit import kit_for_game
from trickrules.spec.loader import game_catalogue
from trickrules.spec.model import Profile

ALL = [f"{r}{s}" for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]


def _profile(**readings: str) -> Profile:
    base = game_catalogue("baloot").default_profile("baloot")
    return base.derive("house", readings) if readings else base


def _ask(request: dict[str, Any], profile: Profile | None = None) -> Any:
    """The reference answer; a request the answer accepts follows the request schema and the
    answer the response schema, and the reference adapter gives the same answer."""
    profile = profile or _profile()
    got = kit_for_game("baloot").conformance.answer(profile, request)
    op = str(request["op"])
    whole = {"id": 1, "game": "baloot", "profile": profile.id,
             "rules": {pid: profile.value(pid) for pid in profile.values}, **request}
    assert schema_errors("request", whole, definition("request", "baloot", op)) == []
    assert schema_errors("request", whole) == []
    response = {"id": 1, **got.expect}
    assert schema_errors("response", response, definition("response", "baloot", op)) == []
    assert respond(whole) == response
    return got


def situation(hands: list[str], trick: str = "", leader: int = 0, contract: str = "hokom",
              trump: str | None = "S", locked: bool = False) -> dict[str, Any]:
    """A point of play: the given hands (space-separated cards) and trick, every other card
    in finished tricks."""
    held = [h.split() for h in hands]
    down = trick.split()
    played = [c for c in ALL if c not in {*down, *(c for h in held for c in h)}]
    return {"contract": contract, "trump": trump if contract == "hokom" else None,
            "declarer": 0, "locked": locked, "hands": held, "played": played,
            "leader": leader, "trick": down}


# Two cards each after six tricks; seat 1 leads.
VOID = situation(["7C 8C", "AH 7H", "JS 7D", "10D 9D"], trick="AH", leader=1)
"""Seat 2 has no heart, one trump (JS) and a diamond."""


def test_a_player_void_in_the_suit_led_must_trump_in_hokom() -> None:
    got = _ask({"op": "legal-plays", "situation": {**VOID, "hands": [
        ["7C", "8C"], ["7H"], ["JS", "7D"], ["10D", "9D"]]}})
    assert got.expect == {"cards": ["JS"]}
    assert got.why == {"cards": {"JS": "play.hokom-void", "7D": "play.hokom-void"}}
    house = _ask({"op": "legal-plays", "situation": {**VOID, "hands": [
        ["7C", "8C"], ["7H"], ["JS", "7D"], ["10D", "9D"]]}},
        _profile(**{"play.hokom-void": "may-trump"}))
    assert house.expect == {"cards": ["JS", "7D"]}


def test_a_trump_led_must_be_overtrumped_when_possible() -> None:
    # trumps rank J 9 A 10 K Q 8 7: over the 9 of trumps only the Jack
    higher = situation(["9S 8C", "JS 7S", "7D 8D", "9D 10D"], trick="9S", leader=0)
    higher["hands"][0] = ["8C"]
    got = _ask({"op": "legal-plays", "situation": higher})
    assert got.expect == {"cards": ["JS"]}
    assert got.why["cards"] == {"JS": "play.trump-led", "7S": "play.trump-led"}
    lower = situation(["9S 8C", "AS 7S", "7D 8D", "9D 10D"], trick="9S", leader=0)
    lower["hands"][0] = ["8C"]
    assert _ask({"op": "legal-plays", "situation": lower}).expect == {"cards": ["7S", "AS"]}


def test_cards_whose_legality_rests_on_a_rank_order_name_it() -> None:
    # two trumps under a trump lead: whichever beats the 9 depends on the trump order
    two = situation(["9S 8C", "JS 7S", "7D 8D", "9D 10D"], trick="9S", leader=0)
    two["hands"][0] = ["8C"]
    assert _ask({"op": "legal-plays", "situation": two}).why["ranks"] == {
        "JS": ["rank.trump"], "7S": ["rank.trump"]}
    # ... not when any trump may follow, nor with a single trump (it is forced)
    anyone = _profile(**{"play.trump-led": "any-trump"})
    assert "ranks" not in _ask({"op": "legal-plays", "situation": two}, anyone).why
    one = situation(["9S 8C", "JS 7D", "7S 8D", "9D 10D"], trick="9S", leader=0)
    one["hands"][0] = ["8C"]
    assert "ranks" not in _ask({"op": "legal-plays", "situation": one}).why
    # void with a trump when the partner may be winning: whether the partner's Ace of hearts
    # beats the King is the plain order's to say, and it frees the diamond
    partner = _profile(**{"play.hokom-void": "must-trump-unless-partner-winning"})
    ahead = situation(["KH 8C", "AH 9C", "7C 10C", "JS 7D"], trick="KH AH 7C", leader=0)
    ahead["hands"][:3] = [["8C"], ["9C"], ["10C"]]
    got = _ask({"op": "legal-plays", "situation": ahead}, partner)
    assert got.expect == {"cards": ["JS", "7D"]}
    assert got.why["ranks"] == {"7D": ["rank.plain"]}
    must = _profile(**{"play.hokom-void": "must-trump"})
    assert "ranks" not in _ask({"op": "legal-plays", "situation": ahead}, must).why
    # a partner who threw off a club is not winning under any order
    behind = situation(["KH 8C", "7C 9C", "AH 10C", "JS 7D"], trick="KH 7C AH", leader=0)
    behind["hands"][:3] = [["8C"], ["9C"], ["10C"]]
    got = _ask({"op": "legal-plays", "situation": behind}, partner)
    assert got.expect == {"cards": ["JS"]} and "ranks" not in got.why


def test_a_locked_double_forbids_leading_trumps_while_other_cards_are_held() -> None:
    locked = situation(["JS 7H", "8H 9H", "7D 8D", "9D 10D"], locked=True)
    got = _ask({"op": "legal-plays", "situation": locked})
    assert got.expect == {"cards": ["7H"]}
    assert got.why == {"cards": {"JS": "double.lock", "7H": "double.lock"}}


def test_the_trick_goes_to_the_trump_and_in_sun_the_ten_beats_the_king() -> None:
    trumped = situation(["7C 8C", "AH 7H", "7S 7D", "10D 9D"], trick="AH 7S 9D 8C",
                        leader=1)
    trumped["hands"] = [["7C"], ["7H"], ["7D"], ["10D"]]
    got = _ask({"op": "trick-winner", "situation": trumped})
    assert got.expect == {"winner": 2}
    assert got.why == {"seats": {"1": "trick.winner", "2": "trick.winner",
                                 "3": "trick.winner", "0": "trick.winner"}}
    sun = situation(["7C 8C", "KH 7S", "10H 7D", "9D 10D"], trick="KH 10H 9D 8C",
                    leader=1, contract="sun")
    sun["hands"] = [["7C"], ["7S"], ["7D"], ["10D"]]
    got = _ask({"op": "trick-winner", "situation": sun})
    assert got.expect == {"winner": 2} and got.why["seats"]["1"] == "rank.plain"
    natural = _ask({"op": "trick-winner", "situation": sun},
                   _profile(**{"rank.plain": "natural"}))
    assert natural.expect == {"winner": 1}


def test_perft_counts_the_last_two_tricks() -> None:
    """Each player holds a heart and a spade: whichever the leader plays, the others follow
    with their one card of that suit, and the winner leads the last card."""
    last = situation(["AH 7S", "KH 8S", "QH 9S", "JH 10S"], contract="sun")
    got = _ask({"op": "perft", "situation": last, "depth": 5})
    assert got.expect == {"nodes": 2, "divide": {"7S": 1, "AH": 1}}
    assert "trick.winner" in got.why["rules"] and "play.follow-suit" in got.why["rules"]


def _score(**facts: Any) -> dict[str, Any]:
    base = {"op": "hand-score", "contract": "hokom", "declarer_team": 0, "multiplier": 1,
            "gahwa": False, "card_points": [81, 81], "projects": {"team": None, "points": 0},
            "baloot": [0, 0]}
    return {**base, **facts}


def test_hand_scores_at_the_thresholds() -> None:
    # Sun: 75 keeps its five and is divided by 5 (15); the defenders get the rest of 26
    sun = _ask(_score(contract="sun", card_points=[75, 55])).expect
    assert sun["made"] and sun["cards"] == [15, 11] and sun["total"] == [15, 11]
    # Hokom: 82 of 162 makes it; 82 rounds down to 8, the defenders get the rest of 16
    made = _ask(_score(declarer_team=1, card_points=[80, 82], baloot=[0, 1])).expect
    assert made["made"] and made["cards"] == [8, 8] and made["baloot"] == [0, 2]
    assert made["total"] == [8, 10]
    # 81, exactly half, makes it: 81 rounds half down to 8 and the defenders get the rest
    half = _ask(_score(card_points=[81, 81])).expect
    assert half["made"] and half["cards"] == [8, 8] and half["total"] == [8, 8]
    # Baloot counts towards the contract: 71 and its 20 against 91 makes it (half of all) ...
    low = _ask(_score(card_points=[71, 91], baloot=[1, 0])).expect
    assert low["made"] and low["cards"] == [7, 9] and low["total"] == [9, 9]
    # ... 70 and its 20 against 92 fails: the defenders take all 16 and the buyers' Baloot;
    # the buyers score nothing
    failed = _ask(_score(card_points=[70, 92], baloot=[1, 0]))
    assert not failed.expect["made"] and failed.expect["cards"] == [0, 16]
    assert failed.expect["total"] == [0, 18]
    assert failed.why["made"] == ["score.hokom-threshold", "score.threshold-counts"]
    kept = _ask(_score(card_points=[70, 92], baloot=[1, 0]),
                _profile(**{"score.failed-baloot": "kept-by-holder"})).expect
    assert kept["total"] == [2, 16]
    # the card points alone (house): 80 with a Baloot fails
    cards_only = _ask(_score(card_points=[80, 82], baloot=[1, 0]),
                      _profile(**{"score.threshold-counts": "card-points"})).expect
    assert not cards_only["made"] and cards_only["total"] == [0, 18]
    higher = _ask(_score(card_points=[81, 81]),
                  _profile(**{"score.hokom-threshold": "at-least-82"})).expect
    assert not higher["made"]


def test_the_defenders_higher_project_on_a_made_hand_is_read_by_its_own_rule() -> None:
    """The defenders' 50 on a made Hokom: scored under the ruling, not under ``hand-winner``,
    and the projects' part names ``project.scoring-side`` (the failure rule, not read here,
    was named before), with the stakes' rule beside it on a raised hand."""
    # 110 against the defenders' 52 and their 50 (which counts towards the contract): made
    ask = _score(card_points=[110, 52], projects={"team": 1, "points": 5})
    ruled = _ask(ask)
    assert ruled.expect["made"]
    assert ruled.expect["projects"] == [0, 5] and ruled.why["projects"] == "project.scoring-side"
    house = _ask(ask, _profile(**{"project.scoring-side": "hand-winner"})).expect
    assert house["projects"] == [0, 0] and house["total"] == [11, 5]
    doubled = _ask({**ask, "multiplier": 2}).why["projects"]
    assert doubled == ["project.scoring-side", "double.projects"]
    assert _ask({**ask, "projects": {"team": 0, "points": 5}}).why["projects"] == "score.failed"


def test_a_raised_tie_names_the_tie_rule_beside_the_threshold() -> None:
    """81 each in a Tripled Hokom: made under the ruling, failed where the last raiser loses;
    the made part names ``double.tie`` only at a tie of a raised hand."""
    tripled = _ask(_score(multiplier=3))
    assert tripled.expect["made"] and tripled.why["made"] == ["score.hokom-threshold",
                                                              "double.tie"]
    house = _ask(_score(multiplier=3), _profile(**{"double.tie": "last-raiser-loses"})).expect
    assert not house["made"] and house["total"] == [0, 48]
    assert _ask(_score()).why["made"] == "score.hokom-threshold"
    assert _ask(_score(multiplier=3, card_points=[82, 80])).why["made"] == "score.hokom-threshold"


def test_the_game_ends_at_152_and_the_higher_total_wins_when_both_reach_it() -> None:
    ask = {"op": "game-end", "declarer_team": 1, "gahwa_winner": None}
    assert _ask({**ask, "scores": [152, 100]}).expect == {"winner": 0}
    assert _ask({**ask, "scores": [151, 100]}).expect == {"winner": None}
    both = _ask({**ask, "scores": [160, 155]})
    assert both.expect == {"winner": 0} and both.why == {"winner": "game.both-reach"}
    declarers = _profile(**{"game.both-reach": "declarers-side"})
    assert _ask({**ask, "scores": [160, 155]}, declarers).expect == {"winner": 1}


@pytest.mark.parametrize(("change", "message"), [
    ({"trick": ["AH", "AH"]}, "AH in two places"),
    ({"hands": [["7C"], ["AH", "7H", "8C"], ["JS", "7D"], ["10D", "9D"]]}, "the play so far"),
    ({"trump": None}, "not a suit letter"),
    ({"hands": [["7C", "8C"], ["AH", "7H"], ["JS", "7D"], ["10D", "2D"]]}, "32-card"),
])
def test_a_situation_no_hand_reaches_is_refused_by_name(change: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(InvalidRequestError, match=message):
        _ask({"op": "legal-plays", "situation": {**VOID, "trick": [], **change}})


FIRST_HANDS = [["10S", "JS", "QS", "KS", "AS"], ["7S", "8S", "9S", "7D", "8D"],
               ["10H", "JH", "QH", "KH", "AH"], ["9D", "10D", "JD", "QD", "KD"]]
"""Five cards each before the deal is completed; seat 1 holds only 7s, 8s and 9s."""


def _auction(calls: list[str], profile: Profile | None = None) -> Any:
    return _ask({"op": "auction", "dealer": 0, "public": "7H", "hands": FIRST_HANDS,
                 "calls": calls}, profile)


def test_the_first_caller_may_buy_pass_or_annul_a_hand_of_low_cards() -> None:
    # seat 1 (the dealer's right) speaks first; it is not an Ashkal seat, but an Ashkal it
    # calls is a Sun for itself (auction.wrong-ashkal = forced-sun), and its hand allows a
    # Kawesh
    got = _auction([])
    assert got.expect == {"legal": ["pass", "hokom", "sun", "ashkal", "kawesh"],
                          "seat": 1, "contract": None}
    assert got.why["calls"]["kawesh"] == "auction.kawesh"
    no_kawesh = _auction([], _profile(**{"auction.kawesh": "none"}))
    assert "kawesh" not in no_kawesh.expect["legal"]
    refused = _auction([], _profile(**{"auction.wrong-ashkal": "refused"}))
    assert refused.expect["legal"] == ["pass", "hokom", "sun", "kawesh"]
    sun = _auction(["ashkal"])  # a Sun by the first to speak: nobody may take it
    assert sun.expect["contract"] == {"kind": "sun", "declarer": 1, "trump": None}


def test_a_hokom_bought_in_the_first_round_takes_the_public_cards_suit() -> None:
    got = _auction(["hokom", "pass", "pass", "pass"])
    assert got.expect == {"legal": [], "seat": None,  # the buying is over: nobody speaks
                          "contract": {"kind": "hokom", "declarer": 1, "trump": "H"}}
    nobody = _auction(["pass"] * 8)
    assert nobody.expect == {"legal": [], "seat": None, "contract": None}
    assert nobody.why["contract"] == "auction.all-pass"
    with pytest.raises(InvalidRequestError, match="not open to seat 1"):
        _auction(["double"])


def test_doubling_a_hokom_and_a_sun_only_when_the_scores_allow() -> None:
    ask = {"op": "doubling", "contract": "hokom", "declarer": 1, "dealer": 0, "scores": [0, 0],
           "calls": []}
    got = _ask(ask).expect
    assert got == {"legal": ["pass", "double", "double-locked"], "seat": 2, "multiplier": 1,
                   "locked": False, "gahwa": False}
    doubled = _ask({**ask, "calls": ["double"]}).expect
    assert doubled["seat"] == 1 and doubled["legal"] == ["pass", "triple"]
    assert doubled["multiplier"] == 2
    sun = {**ask, "contract": "sun"}
    assert _ask(sun).expect["legal"] == []  # neither side above 100
    assert _ask({**sun, "scores": [110, 50]}).expect["legal"] == ["pass", "double"]


def test_a_hand_declares_its_best_disjoint_projects() -> None:
    ask = {"op": "projects", "contract": "hokom", "trump": "S", "declarer": 0, "seat": 0,
           "hand": ["7H", "8H", "9H", "10H", "JS", "QS", "KS", "AD"]}
    assert _ask(ask).expect == {"projects": [
        {"kind": "sira", "cards": ["JS", "QS", "KS"]},
        {"kind": "fifty", "cards": ["7H", "8H", "9H", "10H"]}], "baloot": True}
    aces = {**ask, "contract": "sun", "trump": None, "seat": 1,
            "hand": ["AS", "AH", "AD", "AC", "7S", "9H", "JD", "KC"]}
    assert _ask(aces).expect == {"projects": [
        {"kind": "four-hundred", "cards": ["AS", "AH", "AD", "AC"]}], "baloot": False}
    declarer_only = _profile(**{"project.four-hundred-holder": "declarer-only"})
    assert _ask(aces, declarer_only).expect == {"projects": [], "baloot": False}


def test_the_projects_answer_says_whether_the_seat_scores_baloot() -> None:
    """``baloot``: the trump King and Queen held score for any seat (``project.baloot-holder``)
    unless a project takes one of them without the other or both in a 100
    (``project.baloot-in-project``); each house option answers otherwise where it reads."""
    kings = {"op": "projects", "contract": "hokom", "trump": "S", "declarer": 0, "seat": 1,
             "hand": ["KS", "KH", "KD", "KC", "QS", "7H", "8D", "9C"]}
    got = _ask(kings)
    assert got.expect == {"projects": [{"kind": "hundred", "cards": ["KS", "KH", "KD", "KC"]}],
                          "baloot": False}  # the King in the 100 and the Queen apart
    assert got.why["baloot"] == ["project.baloot-holder", "project.baloot-in-project"]
    always = _profile(**{"project.baloot-in-project": "always"})
    assert _ask(kings, always).expect["baloot"] is True
    plain = {**kings, "hand": ["KS", "QS", "7H", "9H", "JD", "KD", "8C", "AC"]}
    assert _ask(plain).expect["baloot"] is True  # not the declarer: any player may
    declarer_only = _profile(**{"project.baloot-holder": "declarer-only"})
    assert _ask(plain, declarer_only).expect["baloot"] is False
    assert _ask({**plain, "seat": 0}, declarer_only).expect["baloot"] is True
    assert _ask({**plain, "contract": "sun", "trump": None}).expect["baloot"] is False


def test_equal_projects_go_to_the_first_to_declare() -> None:
    """Two Siras topped by a 9: seat 1 leads the first trick and so declares first."""
    ask = {"op": "project-compare", "contract": "hokom", "trump": "S", "declarer": 0,
           "first_leader": 1, "declared": [
               {"seat": 0, "kind": "sira", "cards": ["7D", "8D", "9D"]},
               {"seat": 1, "kind": "sira", "cards": ["7H", "8H", "9H"]}]}
    got = _ask(ask)
    assert got.expect == {"team": 1, "points": 2} and got.why["team"] == "project.tie-break"
    from_declarer = _profile(**{"project.declaration-order": "declarer-then-clockwise"})
    assert _ask(ask, from_declarer).expect == {"team": 0, "points": 2}
    neither = _profile(**{"project.tie-break": "highest-card-then-neither"})
    assert _ask(ask, neither).expect == {"team": None, "points": 0}
    with pytest.raises(InvalidRequestError, match="is not a 'fifty'"):
        _ask({**ask, "declared": [{"seat": 0, "kind": "fifty", "cards": ["7D", "8D", "9D"]}]})


def test_the_model_confirms_the_engines_answers_and_catches_a_wrong_one() -> None:
    """While the suite is built, the Z3 model recomputes the reconciled profile's legal cards,
    trick winners and scores; an answer it does not share stops the build."""
    from trickrules.proofs.baloot.conformance.model_check import BalootModelCheck
    from trickrules.proofs.conformance.build import Case

    check = BalootModelCheck(_profile())
    hands = [["7C", "8C"], ["7H"], ["JS", "7D"], ["10D", "9D"]]
    legal = Case("baloot", {"op": "legal-plays", "situation": {**VOID, "hands": hands}},
                 "random:1")
    check.confirm(legal, _ask(legal.body))
    score = Case("baloot", _score(contract="sun", card_points=[75, 55]), "grid")
    check.confirm(score, _ask(score.body))
    assert check.checked == 2
    wrong = _ask(legal.body)
    with pytest.raises(AssertionError, match="engine and model disagree"):
        check.confirm(legal, type(wrong)({"cards": ["JS", "7D"]}, wrong.why))
