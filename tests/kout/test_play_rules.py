"""Card-play rules, one test per rule id; expectations are worked out by hand from the sources."""

from __future__ import annotations

import pytest
from helpers import legal, play, situation, variant

from trickrules.engine.errors import IllegalActionError
from trickrules.spec.cards import parse_card


def test_play_follow_suit_holding_the_suit() -> None:
    state = play(situation(hands={0: "5H 2C", 1: "2H AS"}), "5H")
    assert legal(state) == ["2H"]


def test_play_follow_suit_void_may_play_anything() -> None:
    state = play(situation(hands={0: "5H 2C", 1: "AS 3C"}), "5H")
    assert legal(state) == ["AS", "3C"]


def test_play_follow_suit_else_trump_variant() -> None:
    game = variant(play__follow_suit="follow-else-trump")
    state = play(situation(game, hands={0: "5H 2C", 1: "AS 3C"}), "5H")
    assert legal(state) == ["AS"]
    state = play(situation(game, hands={0: "5H 2C", 1: "3D 3C"}), "5H")
    assert legal(state) == ["3D", "3C"]


def test_play_card_in_hand_is_rule_id_of_error() -> None:
    state = play(situation(hands={0: "5H 2C", 1: "2H AS"}), "5H")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("KD"))
    assert info.value.rule == "play.card-in-hand"
    assert "KD is not in seat 1's hand" in str(info.value)


def test_joker_play_to_trick_any_time() -> None:
    state = play(situation(hands={0: "5H 2C", 1: "2H RJ"}), "5H")
    assert legal(state) == ["2H", "RJ"]


def test_joker_play_to_trick_as_trump_variant() -> None:
    game = variant(joker__play_to_trick="as-trump")
    state = play(situation(game, hands={0: "5H 2C", 1: "2H RJ"}), "5H")
    assert legal(state) == ["2H"]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("RJ"))
    assert info.value.rule == "joker.play-to-trick"
    trump_lead = play(situation(game, hands={0: "5S 2C", 1: "3C RJ"}), "5S")
    assert legal(trump_lead) == ["RJ"]


def test_joker_to_joker_lead_allowed() -> None:
    """The red Joker led on a 9 bid: the other Joker may follow it, beside the trumps."""
    state = play(situation(hands={0: "RJ 2C 5C", 1: "BJ 3S 4H"}, bid=9), "RJ")
    assert legal(state) == ["3S", "BJ"]


def test_joker_to_joker_lead_is_the_rule_the_kit_charges() -> None:
    """The kit's reference answer names rule joker.to-joker-lead for the other Joker played
    to a Joker led with permission (and joker.play-to-trick for a Joker played otherwise), so
    an engine that bars it is charged to the rule it reads otherwise."""
    from trickrules.proofs.kout.conformance.expect import card_rules

    state = play(situation(hands={0: "RJ 2C 5C", 1: "BJ 3S 4H"}, bid=9), "RJ")
    assert state.position is not None
    assert card_rules(state.position) == {"3S": "joker.legal-lead-calls-trump",
                                          "4H": "joker.legal-lead-calls-trump",
                                          "BJ": "joker.to-joker-lead"}
    other = play(situation(hands={0: "5H 2C", 1: "2H RJ"}), "5H")
    assert other.position is not None
    assert card_rules(other.position)["RJ"] == "joker.play-to-trick"


def test_joker_to_joker_lead_not_allowed_variant() -> None:
    """003 read the other way: the other Joker counts as not held, unless it is the last card."""
    game = variant(joker__to_joker_lead="not-allowed")
    state = play(situation(game, hands={0: "RJ 2C 5C", 1: "BJ 3S 4H"}, bid=9), "RJ")
    assert legal(state) == ["3S"]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("BJ"))
    assert info.value.rule == "joker.to-joker-lead"
    no_trump = play(situation(game, hands={0: "RJ 2C 5C", 1: "BJ 4H 5D"}, bid=9), "RJ")
    assert legal(no_trump) == ["4H", "5D"]  # the Joker is not owed as a trump either
    last = play(situation(game, hands={0: "RJ", 1: "BJ"}, bid=9), "RJ")
    assert legal(last) == ["BJ"]


@pytest.mark.parametrize(
    ("bid", "leader", "expected"),
    [
        (7, 0, ["2H"]),
        (8, 0, ["2H", "RJ"]),
        (9, 0, ["2H", "BJ", "RJ"]),
        (9, 2, ["2H", "BJ", "RJ"]),  # the declarer's partner
        (9, 1, ["2H"]),  # an opponent
    ],
)
def test_joker_lead_by_bid(bid: int, leader: int, expected: list[str]) -> None:
    holder = 3 if leader != 3 else 4  # someone still holds the Jack of trump
    state = situation(hands={leader: "RJ BJ 2H", holder: "JS 3C 4C"}, declarer=0, bid=bid,
                      leader=leader)
    assert legal(state) == expected


def test_joker_lead_by_bid_readings() -> None:
    hands = {0: "RJ BJ 2H", 1: "3C 4C 5C", 2: "3D 4D 5D", 3: "6C 7C 8C", 4: "6D 7D 8D",
             5: "9C JS JC"}
    assert legal(situation(variant(joker__lead_by_bid="8-or-9-either"), hands=hands,
                           bid=8)) == ["2H", "BJ", "RJ"]
    assert legal(situation(variant(joker__lead_by_bid="9-either"), hands=hands, bid=8)) == ["2H"]
    assert legal(situation(variant(joker__lead_by_bid="never"), hands=hands, bid=9)) == ["2H"]


def test_joker_lead_bid_holder_declarer_only() -> None:
    hands = {2: "RJ BJ 2H", 0: "3C 4C 5C", 1: "3D 4D 5D", 3: "6C 7C 8C", 4: "6D 7D 8D",
             5: "9C JS JC"}
    game = variant(joker__lead_bid_holder="declarer")
    assert legal(situation(game, hands=hands, bid=9, leader=2)) == ["2H"]
    assert legal(situation(hands=hands, bid=9, leader=2)) == ["2H", "BJ", "RJ"]


def _honours_hands(extra_for_seat_3: str) -> dict[int, str]:
    return {1: "RJ 2H", 0: "3C 4C", 2: "3D 4D", 3: extra_for_seat_3, 4: "6D 7D", 5: "9C 10C"}


def test_joker_lead_after_trumps_played() -> None:
    # AS KS QS JS are not in any hand, so they were played in earlier tricks.
    assert legal(situation(hands=_honours_hands("6C 7C"), leader=1)) == ["2H", "RJ"]
    # the Jack of trump is still out: no Joker lead
    assert legal(situation(hands=_honours_hands("JS 7C"), leader=1)) == ["2H"]


def test_joker_lead_after_trumps_played_readings() -> None:
    only_ace = variant(joker__lead_after_trumps_played="ace")
    assert legal(situation(only_ace, hands=_honours_hands("JS 7C"), leader=1)) == ["2H", "RJ"]
    assert legal(situation(only_ace, hands=_honours_hands("AS 7C"), leader=1)) == ["2H"]
    every = variant(joker__lead_after_trumps_played="all-trumps")
    assert legal(situation(every, hands=_honours_hands("6C 7C"), leader=1)) == ["2H", "RJ"]
    assert legal(situation(every, hands=_honours_hands("2S 7C"), leader=1)) == ["2H"]
    never = variant(joker__lead_after_trumps_played="never")
    assert legal(situation(never, hands=_honours_hands("6C 7C"), leader=1)) == ["2H"]


def test_joker_declarer_without_ace() -> None:
    hands = {0: "RJ 2H", 1: "3C 4C", 2: "3D 4D", 3: "AS 7C", 4: "6D 7D", 5: "9C 10C"}
    game = variant(joker__declarer_without_ace="may-lead")
    assert legal(situation(game, hands=hands)) == ["2H", "RJ"]
    assert legal(situation(hands=hands)) == ["2H"]
    holds_ace = {**hands, 0: "RJ AS", 3: "2H 7C"}
    assert legal(situation(game, hands=holds_ace)) == ["AS"]


def test_joker_unqualified_lead_only_jokers_left() -> None:
    hands = {0: "RJ", 1: "2H", 2: "3S", 3: "4H", 4: "5C", 5: "6D"}
    state = situation(hands=hands)
    assert legal(state) == ["RJ"]
    with pytest.raises(IllegalActionError) as info:
        play(situation(hands={0: "RJ 2C", 1: "2H 3H", 2: "JS 4S", 3: "4H 5H", 4: "5C 6C",
                               5: "6D 7D"}), "RJ")
    assert info.value.rule == "joker.unqualified-lead"


def test_joker_unqualified_lead_any_time_variant_is_worthless() -> None:
    game = variant(joker__unqualified_lead="any-time")
    hands = {0: "RJ 2C", 1: "2H 3H", 2: "JS 4S", 3: "4H 5H", 4: "5C 6C", 5: "6D 7D"}
    state = situation(game, hands=hands)
    assert legal(state) == ["2C", "RJ"]
    play(state, "RJ 2H JS 4H 5C 6D")
    # worthless Joker; 2H fixes hearts as trump for the trick, so 4H beats the spade
    assert state.position is not None
    assert state.position.tricks[-1].winner == 3


# The Jack of trump is still out (seat 2 holds it), so the lone red Joker is led by force.
WORTHLESS_LEAD = {0: "RJ", 1: "2H", 2: "JS", 3: "4H", 4: "5C", 5: "6D"}


def test_joker_after_worthless_lead_trump_for_trick() -> None:
    state = play(situation(hands=WORTHLESS_LEAD), "RJ 2H JS 4H 5C 6D")
    assert state.records[-1].tricks[-1].winner == 3


def test_joker_after_worthless_lead_led_suit() -> None:
    game = variant(joker__after_worthless_lead="led-suit")
    state = play(situation(game, hands=WORTHLESS_LEAD), "RJ 2H JS 4H 5C 6D")
    assert state.records[-1].tricks[-1].winner == 2


def test_joker_after_worthless_lead_next_player_may_play_anything() -> None:
    hands = {0: "RJ BJ", 1: "2H 3D", 2: "3H JS", 3: "4H 5H", 4: "5C 6C", 5: "6D 7D"}
    state = play(situation(hands=hands), "RJ")
    assert legal(state) == ["2H", "3D"]
    play(state, "2H")
    assert legal(state) == ["3H"]  # hearts now fix the suit to follow


def test_joker_lead_refused_while_other_cards_held() -> None:
    state = situation(hands={0: "RJ 9C", 2: "JS 4S"})
    assert legal(state) == ["9C"]


SECOND_RIGHT_AFTER = {0: "RJ", 1: "BJ", 2: "2H", 3: "5H", 4: "JS", 5: "4C"}
SECOND_LATER = {0: "RJ", 1: "2H", 2: "BJ", 3: "5H", 4: "JS", 5: "4C"}


def _winner(game_overrides: dict[str, str], hands: dict[int, str], cards: str) -> int:
    game = variant(**game_overrides) if game_overrides else None
    state = play(situation(game, hands=hands), cards)
    return state.records[-1].tricks[-1].winner


def test_joker_second_joker_worthless_if_immediately_after() -> None:
    assert _winner({}, SECOND_RIGHT_AFTER, "RJ BJ 2H 5H JS 4C") == 3
    assert _winner({}, SECOND_LATER, "RJ 2H BJ 5H JS 4C") == 2


def test_joker_second_joker_worthless_anywhere() -> None:
    over = {"joker__second_joker": "worthless-anywhere"}
    assert _winner(over, SECOND_RIGHT_AFTER, "RJ BJ 2H 5H JS 4C") == 3
    assert _winner(over, SECOND_LATER, "RJ 2H BJ 5H JS 4C") == 3


def test_joker_second_joker_normal() -> None:
    over = {"joker__second_joker": "normal"}
    assert _winner(over, SECOND_RIGHT_AFTER, "RJ BJ 2H 5H JS 4C") == 1
    assert _winner(over, SECOND_LATER, "RJ 2H BJ 5H JS 4C") == 2


def test_joker_legal_lead_calls_trump() -> None:
    hands = {0: "RJ 2D", 1: "2S 3H", 2: "3D 4D", 3: "6C 7C", 4: "6D 7D", 5: "9C 10C"}
    state = play(situation(hands=hands, bid=9), "RJ")
    assert legal(state) == ["2S"]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("3H"))
    assert info.value.rule == "joker.legal-lead-calls-trump"
    free = play(situation(variant(joker__legal_lead_calls_trump="no-obligation"), hands=hands,
                          bid=9), "RJ")
    assert legal(free) == ["2S", "3H"]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("2H BJ AS KS 3H AH", 2),  # trump Ace beats the black Joker
        ("2H BJ KS 3H AH QS", 1),  # black Joker beats the King of trump
        ("2H 3H RJ AS BJ AH", 2),  # red Joker beats everything
        ("2H 3H 4H AC 5H 6H", 5),  # off-suit Ace cannot win; highest heart does
        ("2H 2S 4H AH 5H 6H", 1),  # the lowest trump beats the led suit's Ace
    ],
)
def test_trick_winner_ranking(cards: str, winner: int) -> None:
    tokens = cards.split()
    hands = {seat: token for seat, token in enumerate(tokens)}
    state = play(situation(hands=hands), cards)
    assert state.records[-1].tricks[-1].winner == winner


def test_hand_early_stop() -> None:
    hands = {0: "AH 2C", 1: "2H 3C", 2: "3H 4C", 3: "4H 5C", 4: "5H 6C", 5: "6H 7C"}
    stop = variant(hand__early_stop="stop-when-decided")
    state = play(situation(stop, hands=hands, declarer=0, bid=5, won=(4, 3)),
                 "AH 2H 3H 4H 5H 6H")
    assert state.hand_index == 1 and len(state.records[-1].tricks) == 1
    assert state.records[-1].result.made
    full = play(situation(hands=hands, declarer=0, bid=5, won=(4, 3)), "AH 2H 3H 4H 5H 6H")
    assert full.hand_index == 0 and full.current_player() == 0
