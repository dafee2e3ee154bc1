"""Buying and doubling with hand-worked expectations, from an explicit deal (dealer seat 0, so
seat 1 speaks first, then 2, 3 and the dealer)."""

from __future__ import annotations

import json

import pytest
from baloot_helpers import STOCK, baloot, calls, deal, names_of

from trickrules.engine.baloot.cards import parse
from trickrules.engine.baloot.state import DOUBLE, PLAY, TRUMP
from trickrules.engine.errors import IllegalActionError

KAWESH_DEAL = ("10S JS QS KS AS", "7S 8S 9S 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D")


def contract(state: object) -> tuple[str, int, str | None]:
    hand = state.hand  # type: ignore[attr-defined]
    assert hand is not None
    return hand.contract, hand.declarer, hand.trump


def test_the_dealers_right_speaks_first_with_every_first_round_call() -> None:
    state = deal()
    assert state.current_player() == 1
    # seat 1 has no right to Ashkal: called anyway, it is a Sun for seat 1 (forced-sun)
    assert names_of(state) == ["pass", "hokom", "sun", "ashkal"]
    refused = deal(baloot(auction__wrong_ashkal="refused"))
    assert names_of(refused) == ["pass", "hokom", "sun"]  # Ashkal is not seat 1's call


def test_sun_takes_over_hokom_and_higher_priority_takes_over_sun() -> None:
    state = calls(deal(), "hokom", "pass", "sun")
    # seat 3's Sun: seats 1 and 2 have higher priority and may still take it (seat 1 also by
    # a wrong Ashkal, a Sun for seat 1)
    assert state.current_player() == 1 and names_of(state) == ["pass", "sun", "ashkal"]
    calls(state, "pass", "sun")
    assert state.phase == PLAY and contract(state) == ("sun", 2, None)
    final = calls(deal(baloot(auction__sun_over_sun="final")), "hokom", "pass", "sun")
    assert final.phase in (DOUBLE, PLAY) and final.auction.bid.declarer == 3  # type: ignore


def test_a_lower_priority_player_cannot_take_sun() -> None:
    state = calls(deal(), "sun")  # seat 1, the highest priority: nobody may take it
    assert state.phase in (DOUBLE, PLAY) and state.auction.bid.declarer == 1  # type: ignore


def test_ashkal_gives_sun_to_the_partner() -> None:
    state = calls(deal(), "pass", "pass", "pass", "ashkal")  # the dealer, seat 0
    assert state.auction.bid.kind == "sun" and state.auction.bid.declarer == 2  # type: ignore
    # seats 1 and 3 have higher priority than the dealer and may still take it as Sun
    assert state.current_player() == 1
    calls(state, "pass")
    assert state.current_player() == 3
    calls(state, "pass")
    # the dealer's partner takes the public card and two more; the dealer gets three
    assert state.phase == PLAY and contract(state) == ("sun", 2, None)
    assert state.hands[2] >> parse("JD") & 1  # the public card


def test_a_wrong_or_ace_ashkal_is_sun_for_the_caller() -> None:
    wrong = calls(deal(), "ashkal")  # seat 1 has no right to Ashkal: a Sun for seat 1
    assert wrong.auction.bid.kind == "sun"  # type: ignore[union-attr]
    assert wrong.auction.bid.declarer == 1  # type: ignore[union-attr]
    not_allowed = deal(baloot(auction__wrong_ashkal="refused"))
    assert "ashkal" not in names_of(not_allowed)  # refused (house): the call is not allowed
    ace = calls(deal(public="AD", stock="QD KD JD 7C 8C 9C 10C JC QC KC AC"),
                "pass", "pass", "pass", "ashkal")
    assert ace.auction.bid.declarer == 0  # type: ignore[union-attr]
    allowed = calls(deal(baloot(auction__ashkal_on_ace="allowed"), public="AD",
                         stock="QD KD JD 7C 8C 9C 10C JC QC KC AC"),
                    "pass", "pass", "pass", "ashkal")
    assert allowed.auction.bid.declarer == 2  # type: ignore[union-attr]
    # refused (house): on the Ace of diamonds the dealer (seat 0) has no Ashkal to call, the
    # same dealer on the 7 of hearts has
    refused = baloot(auction__ashkal_on_ace="refused")
    on_ace = calls(deal(refused, public="AD", stock="QD KD JD 7C 8C 9C 10C JC QC KC AC"),
                   "pass", "pass", "pass")
    assert names_of(on_ace) == ["pass", "hokom", "sun"]
    assert "ashkal" in names_of(calls(deal(refused), "pass", "pass", "pass"))


def test_the_two_ashkal_readings_name_the_same_seats() -> None:
    for reading in ("dealer-and-left", "third-and-fourth-to-act"):
        game = baloot(auction__ashkal_callers=reading, auction__wrong_ashkal="refused")
        state = deal(game)
        entitled = []
        for _ in range(4):
            if "ashkal" in names_of(state):
                entitled.append(state.current_player())
            calls(state, "pass")
        assert entitled == [3, 0]


def test_second_round_hokom_in_another_suit() -> None:
    state = calls(deal(), "pass", "pass", "pass", "pass")
    assert state.auction.round == 2  # type: ignore[union-attr]
    assert names_of(state) == ["pass", "sun", "suit-S", "suit-H", "suit-C"]  # not diamonds
    calls(state, "suit-H", "pass", "pass", "pass")
    assert state.auction.bid.trump == 1  # type: ignore[union-attr]
    later = calls(deal(baloot(auction__second_round_hokom="named-after-buying")),
                  "pass", "pass", "pass", "pass", "hokom", "pass", "pass", "pass")
    assert later.phase == TRUMP and later.current_player() == 1
    assert names_of(later) == ["suit-S", "suit-H", "suit-C"]


def test_a_second_round_hokom_is_answered_by_every_other_player() -> None:
    """Seat 1 says no in the second round, seat 2 bids Hokom: seat 1 is still asked first and
    may take Sun (``auction.sun-over-hokom = any-other-player``)."""
    state = calls(deal(), "pass", "pass", "pass", "pass", "pass", "suit-H")
    assert state.current_player() == 1 and "sun" in names_of(state)
    calls(state, "sun")
    assert contract(state) == ("sun", 1, None)


def test_a_second_round_no_bars_the_sun_under_that_house_option() -> None:
    """``not-after-second-round-no``: seat 1 said no before seat 2's Hokom, so seats 3 and 0
    answer it; after three noes the dealer's Hokom stands at once."""
    house = baloot(auction__sun_over_hokom="not-after-second-round-no")
    state = calls(deal(house), "pass", "pass", "pass", "pass", "pass", "suit-H")
    assert state.current_player() == 3
    calls(state, "pass", "pass")
    assert state.phase == DOUBLE and state.auction.bid.declarer == 2  # type: ignore[union-attr]
    last = calls(deal(house), *["pass"] * 7, "suit-S")
    assert last.phase == DOUBLE and last.auction.bid.declarer == 0  # type: ignore[union-attr]
    assert calls(deal(), *["pass"] * 7, "suit-S").current_player() == 1  # the ruling asks seat 1


def test_a_second_round_sun_is_final() -> None:
    state = calls(deal(), "pass", "pass", "pass", "pass", "pass", "pass", "sun")
    assert state.phase in (DOUBLE, PLAY) and state.auction.bid.declarer == 3  # type: ignore


@pytest.mark.parametrize(("reading", "next_dealer"), [("next-dealer", 1), ("same-dealer", 0)])
def test_all_pass_twice_redeals(reading: str, next_dealer: int) -> None:
    state = calls(deal(baloot(auction__all_pass=reading)), *["pass"] * 8)
    assert state.records[-1]["void"] == "all-passed" and state.records[-1]["contract"] is None
    assert state.dealer == next_dealer and state.scores == [0, 0]


def test_ashkal_in_the_second_round_only_under_that_house_option() -> None:
    """``auction.ashkal-round``: after four passes, seat 3 (the dealer's left) may call Ashkal
    in the second round only under ``both-rounds``, where it buys a final Sun for seat 1."""
    for reading, open_to_seat_3 in (("first-round", False), ("both-rounds", True)):
        state = calls(deal(baloot(auction__ashkal_round=reading)),
                      "pass", "pass", "pass", "pass", "pass", "pass")
        assert ("ashkal" in names_of(state)) == open_to_seat_3, reading
    state = calls(deal(baloot(auction__ashkal_round="both-rounds")),
                  "pass", "pass", "pass", "pass", "pass", "pass", "ashkal")
    assert contract(state) == ("sun", 1, None) and state.phase == PLAY  # final; 0-0: no double


def test_ashkal_whatever_stands_and_only_over_the_other_sides_hokom_under_the_house_option(
        ) -> None:
    """``auction.ashkal-when``: seat 3 (the dealer's left) may call Ashkal before any bid and
    over his partner seat 1's Hokom; under ``over-opponents-hokom`` he may do neither, while
    the dealer, seat 0, may call it over seat 1's Hokom and buys the Sun for seat 2. Over the
    dealer's Sun, seat 3 may call it only under the ruling."""
    house = baloot(auction__ashkal_when="over-opponents-hokom")
    assert "ashkal" in names_of(calls(deal(), "pass", "pass"))
    assert "ashkal" not in names_of(calls(deal(house), "pass", "pass"))
    assert "ashkal" in names_of(calls(deal(), "hokom", "pass"))
    state = calls(deal(house), "hokom", "pass")
    assert state.current_player() == 3 and "ashkal" not in names_of(state)
    calls(state, "pass")
    assert state.current_player() == 0 and "ashkal" in names_of(state)
    calls(state, "ashkal")
    bid = state.auction.bid  # type: ignore[union-attr]
    assert bid is not None and (bid.kind, bid.caller, bid.declarer) == ("sun", 0, 2)
    for rules, open_over_sun in ((None, True), (house, False)):  # the dealer's Sun, seat 3
        over_sun = calls(deal(rules), "pass", "pass", "pass", "sun", "pass", "pass")
        assert over_sun.current_player() == 3
        assert ("ashkal" in names_of(over_sun)) == open_over_sun


def test_a_hokom_passed_over_stands_and_goes_back_to_its_buyer_under_the_house_option(
        ) -> None:
    """``auction.hokom-confirmation``: seat 1's Hokom, passed over by seats 2, 3 and 0, stands
    at once; under ``buyer-keeps-or-takes-sun`` seat 1 is asked once more, where a pass keeps
    the Hokom and a Sun makes it a Sun nobody may take (not even seat 0, of higher priority).
    A second-round Hokom is not asked again. (Trumps: 2 is diamonds, the public card's suit;
    1 is hearts.)"""
    house = baloot(auction__hokom_confirmation="buyer-keeps-or-takes-sun")

    def bought(state: object) -> tuple[str, int, int | None] | None:
        auction = state.auction  # type: ignore[attr-defined]
        if state.phase not in (DOUBLE, PLAY):  # type: ignore[attr-defined]
            return None
        return auction.bid.kind, auction.bid.declarer, auction.bid.trump

    assert bought(calls(deal(), "hokom", "pass", "pass", "pass")) == ("hokom", 1, 2)
    asked = calls(deal(house), "hokom", "pass", "pass", "pass")
    assert bought(asked) is None and asked.current_player() == 1
    assert names_of(asked) == ["pass", "sun"]
    assert bought(calls(asked, "pass")) == ("hokom", 1, 2)
    assert bought(calls(deal(house), "hokom", "pass", "pass", "pass", "sun")) == ("sun", 1, None)
    second = calls(deal(house), *["pass"] * 4, "suit-H", "pass", "pass", "pass")
    assert bought(second) == ("hokom", 1, 1)


def test_on_an_ace_only_the_first_to_speak_turns_his_hokom_into_sun_under_the_house_option(
        ) -> None:
    """``auction.hokom-confirmation = buyer-keeps-or-takes-sun-not-on-ace``: with the Ace of
    diamonds shown, seat 2's Hokom passed over by seats 3, 0 and 1 goes back to seat 2, who may
    only keep it; seat 1 (the first to speak) may still take the card as Sun, and so may seat 2
    when the public card is the Jack. Under ``buyer-keeps-or-takes-sun`` the Ace bars no one."""
    barred = baloot(auction__hokom_confirmation="buyer-keeps-or-takes-sun-not-on-ace")
    open_ = baloot(auction__hokom_confirmation="buyer-keeps-or-takes-sun")
    stock = STOCK.replace("AD", "JD")
    later = calls(deal(barred, public="AD", stock=stock), "pass", "hokom", "pass", "pass", "pass")
    assert later.current_player() == 2 and names_of(later) == ["pass"]
    first = calls(deal(barred, public="AD", stock=stock), "hokom", "pass", "pass", "pass")
    assert first.current_player() == 1 and names_of(first) == ["pass", "sun"]
    jack = calls(deal(barred), "pass", "hokom", "pass", "pass", "pass")
    assert jack.current_player() == 2 and names_of(jack) == ["pass", "sun"]
    unbarred = calls(deal(open_, public="AD", stock=stock), "pass", "hokom", "pass", "pass", "pass")
    assert names_of(unbarred) == ["pass", "sun"]


def test_a_hokom_is_taken_by_a_hokom_only_under_the_house_option() -> None:
    """``auction.hokom-over-hokom``: over seat 2's first-round Hokom, seat 1 (ahead of it in
    priority) may answer only with Sun or a pass; under ``higher-priority`` it may call Hokom
    and buy the card, seats 2, 3 and 0 then asked again; seat 3, behind the buyer, may not."""
    house = baloot(auction__hokom_over_hokom="higher-priority")
    assert "hokom" not in names_of(calls(deal(), "pass", "hokom"))
    taken = calls(deal(house), "pass", "hokom")
    assert taken.current_player() == 1 and "hokom" in names_of(taken)
    calls(taken, "hokom")
    assert taken.current_player() == 2
    bid = taken.auction.bid  # type: ignore[union-attr]
    assert bid is not None and (bid.kind, bid.caller) == ("hokom", 1)
    behind = calls(deal(house), "pass", "hokom", "pass")
    assert behind.current_player() == 3 and "hokom" not in names_of(behind)


def test_kawesh_annuls_the_hand_in_the_first_round_only() -> None:
    state = deal(hands=KAWESH_DEAL)
    assert "kawesh" in names_of(state)
    calls(state, "kawesh")
    assert state.records[-1]["void"] == "kawesh" and state.dealer == 1
    second = calls(deal(hands=KAWESH_DEAL), *["pass"] * 4)
    assert "kawesh" not in names_of(second)
    assert "kawesh" not in names_of(deal(baloot(auction__kawesh="none"), hands=KAWESH_DEAL))
    assert "kawesh" not in names_of(calls(deal(hands=KAWESH_DEAL), "pass", "pass", "pass"))


def test_kawesh_at_any_turn_only_under_that_house_option() -> None:
    """``auction.kawesh = any-turn``: the holder (seat 1) may still call Kawesh at a turn of
    the second round, before a bid and when seat 2's second-round Hokom comes back to him first;
    the hand is void and the deal passes on. Under the ruling (first round only) neither turn
    offers it."""
    for reading, open_later in (("first-round", False), ("any-turn", True)):
        game = baloot(auction__kawesh=reading)
        second = calls(deal(game, hands=KAWESH_DEAL), *["pass"] * 4)
        assert ("kawesh" in names_of(second)) == open_later, reading
        after_bid = calls(deal(game, hands=KAWESH_DEAL), *["pass"] * 5, "suit-S")
        assert ("kawesh" in names_of(after_bid)) == open_later, reading
    state = calls(deal(baloot(auction__kawesh="any-turn"), hands=KAWESH_DEAL),
                  *["pass"] * 5, "suit-S", "kawesh")
    assert state.records[-1]["void"] == "kawesh" and state.records[-1]["contract"] is None
    assert state.dealer == 1 and state.scores == [0, 0]


def test_the_doubling_ladder() -> None:
    state = calls(deal(), "hokom", "pass", "pass", "pass")
    assert state.phase == DOUBLE and state.current_player() == 2
    assert names_of(state) == ["pass", "double", "double-locked"]
    calls(state, "double")
    assert state.current_player() == 1 and names_of(state) == ["pass", "triple"]
    calls(state, "triple")
    assert state.current_player() == 2 and names_of(state) == ["pass", "four", "four-locked"]
    calls(state, "four-locked")
    assert state.current_player() == 1 and names_of(state) == ["pass", "gahwa"]
    calls(state, "gahwa")
    assert state.phase == PLAY and state.hand is not None
    assert state.hand.multiplier == 4 and state.hand.gahwa and not state.hand.locked


def test_the_declarers_partner_raises_only_under_that_house_option() -> None:
    """``double.buyer-raises = either-buyer``: seat 1 bought; when he passes a Double, his
    partner (seat 3) may Triple, and when he passes a Four, his partner may call Gahwa. Under
    the ruling the declarer's pass ends the doubling."""
    ruled = calls(deal(), "hokom", "pass", "pass", "pass", "double", "pass")
    assert ruled.phase == PLAY and ruled.hand is not None and ruled.hand.multiplier == 2
    state = calls(deal(baloot(double__buyer_raises="either-buyer")), "hokom", "pass", "pass",
                  "pass", "double", "pass")
    assert state.phase == DOUBLE and state.current_player() == 3
    assert names_of(state) == ["pass", "triple"]
    calls(state, "triple")
    assert state.current_player() == 2 and names_of(state) == ["pass", "four", "four-locked"]
    calls(state, "four", "pass")
    assert state.current_player() == 3 and names_of(state) == ["pass", "gahwa"]
    calls(state, "pass")
    assert state.phase == PLAY and state.hand is not None
    assert state.hand.multiplier == 4 and not state.hand.gahwa


def test_a_locked_double_cannot_be_raised_under_no_raise() -> None:
    state = calls(deal(baloot(double__lock="no-raise")), "hokom", "pass", "pass", "pass",
                  "double-locked")
    assert state.phase == PLAY and state.hand is not None and state.hand.locked
    open_double = calls(deal(), "hokom", "pass", "pass", "pass", "double-locked")
    assert open_double.phase == DOUBLE


@pytest.mark.parametrize(("scores", "loose", "strict", "at_100"), [
    ((0, 0), False, False, False), ((120, 50), True, True, True),
    ((120, 100), True, False, False), ((120, 130), False, False, False),
    ((50, 101), True, True, True), ((100, 50), False, False, True),
    ((50, 100), False, False, True), ((100, 99), False, False, True)])
def test_sun_is_doubled_only_when_one_side_is_above_100(scores: tuple[int, int], loose: bool,
                                                         strict: bool, at_100: bool) -> None:
    """At 100 and 50 only the house option of one side at 100 or more lets the Sun be
    doubled; at 120 and 100 only 004w's one side above 100."""
    for reading, expected in (("one-side-above-100", loose),
                              ("one-above-other-below-100", strict),
                              ("one-at-100-other-below-100", at_100)):
        state = calls(deal(baloot(double__sun=reading), scores=scores), "sun")
        assert (state.phase == DOUBLE) == expected
        if expected:
            assert names_of(state) == ["pass", "double"]
            calls(state, "double")
            assert state.phase == PLAY  # Sun goes no higher than Double


@pytest.mark.parametrize(("buying", "scores", "buyers_ahead"), [
    (("sun",), (50, 101), True),  # seat 1 buys: its side, side 1, is the side above 100
    (("sun",), (120, 50), False),  # the defenders, side 0, are above 100
    (("pass", "sun", "pass"), (120, 50), True),  # seat 2 buys (seat 1 lets it): side 0 buys
    (("pass", "sun", "pass"), (50, 101), False)])
def test_the_side_above_100_may_have_to_be_the_buyers(buying: tuple[str, ...],
                                                      scores: tuple[int, int],
                                                      buyers_ahead: bool) -> None:
    """``double.sun-ahead``: either side may be the one above 100, or only the buyers; the
    other condition (the other side below 100) holds in every case."""
    for reading, expected in (("either-side", True), ("buyers", buyers_ahead)):
        state = calls(deal(baloot(double__sun_ahead=reading), scores=scores), *buying)
        assert (state.phase == DOUBLE) == expected, reading


def test_an_illegal_call_names_its_rule_and_changes_nothing() -> None:
    state = calls(deal(), "hokom")
    before = json.dumps(state.to_json(), sort_keys=True)
    for action, rule in ((33, "auction.second-round-hokom"), (36, "auction.kawesh"), (0, None)):
        with pytest.raises(IllegalActionError) as caught:
            state.apply_action(action)
        if rule:
            assert caught.value.rule == rule
        assert json.dumps(state.to_json(), sort_keys=True) == before
    for bad in (True, 34.0, "34", None):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)  # type: ignore[arg-type]
        assert json.dumps(state.to_json(), sort_keys=True) == before


def test_the_taker_gets_the_public_card_and_two_more() -> None:
    state = calls(deal(), "hokom", "pass", "pass", "pass", "pass", "pass")
    assert state.phase == PLAY and state.hand is not None
    dealt = state.hand.dealt
    assert all(h.bit_count() == 8 for h in dealt)
    from trickrules.engine.baloot.cards import parse_many

    assert dealt[1] >> parse("JD") & 1
    # from the dealer's right: seat 1 takes QD KD, seat 2 AD 7C 8C, seat 3 9C 10C JC, 0 the rest
    rest = parse_many(STOCK)
    assert all(dealt[1] >> c & 1 for c in rest[:2])
    assert all(dealt[2] >> c & 1 for c in rest[2:5])
    assert all(dealt[0] >> c & 1 for c in rest[8:])
