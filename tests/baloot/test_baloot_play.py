"""Play rules with hand-worked expectations: rank orders, trick winners, following suit, the
Hokom duties to trump and overtrump under each reading, and the locked double."""

from __future__ import annotations

import pytest
from baloot_helpers import rules

from trickrules.engine.baloot.cards import mask, names, parse, parse_many
from trickrules.engine.baloot.play import legal_mask, lock_binds, winning_index

HEARTS, SPADES = 1, 0


def legal(hand: str, trick: str, trump: int | None, locked: bool = False, **overrides: str
          ) -> list[str]:
    r = rules(**overrides)
    return names(legal_mask(r, mask(parse_many(hand)), parse_many(trick), trump, locked))


def winner(trick: str, trump: int | None, **overrides: str) -> str:
    cards = parse_many(trick)
    return trick.split()[winning_index(rules(**overrides), cards, trump)]


def test_sun_ranks_ten_above_king_and_ace_above_ten() -> None:
    assert winner("KS 10S 9S AS", None) == "AS"
    assert winner("KS 10S 9S JS", None) == "10S"
    assert winner("JS QS 9S 8S", None) == "QS"
    # the natural reading puts the 10 below the Jack
    assert winner("KS 10S 9S JS", None, rank__plain="natural") == "KS"


def test_an_off_suit_card_never_wins_in_sun() -> None:
    assert winner("7S AH AD AC", None) == "7S"


def test_hokom_trump_order_jack_nine_ace_ten() -> None:
    assert winner("AH JH 9H 10H", HEARTS) == "JH"
    assert winner("AH 10H 9H KH", HEARTS) == "9H"
    assert winner("AH 10H QH KH", HEARTS) == "AH"
    assert winner("AS 7H KS QS", HEARTS) == "7H"  # the lowest trump beats the plain Ace


def test_follow_suit() -> None:
    assert legal("AS 7S KH 9D", "10S", None) == ["7S", "AS"]
    assert legal("KH 9D", "10S", None) == ["KH", "9D"]


@pytest.mark.parametrize(("reading", "expected"), [
    ("must-trump", ["7H"]),
    ("may-trump", ["7H", "9D", "KC"]),
    ("must-trump-unless-partner-winning", ["7H", "9D", "KC"]),
])
def test_hokom_void_duty(reading: str, expected: list[str]) -> None:
    # spades led by seat 0 (AS), seat 1 played 8S, seat 2 (partner of seat 0... of the leader)
    # the player to move is seat 3; his partner, seat 1, played 8S: not winning. Seat 2's
    # partner is seat 0, who leads with AS and is winning when seat 2 is to play.
    assert legal("7H 9D KC", "AS 8S", HEARTS, play__hokom_void=reading) == expected


def test_partner_winning_releases_only_that_reading() -> None:
    # seat 3 to play; its partner seat 1 played the winning AS after 8S from seat 0
    assert legal("7H 9D", "8S AS KS", HEARTS) == ["7H", "9D"]  # the rulebook's reading
    assert legal("7H 9D", "8S AS KS", HEARTS, play__hokom_void="must-trump") == ["7H"]
    # the opponent winning: the duty stays
    assert legal("7H 9D", "AS 8S KS", HEARTS) == ["7H"]


def test_the_fourth_seat_or_ace_led_release() -> None:
    """``play.hokom-void = must-trump-unless-fourth-or-ace-led`` (house): a partner winning the
    trick frees the fourth to play, and the third only when that partner led the Ace."""
    def house(hand: str, trick: str) -> list[str]:
        return legal(hand, trick, HEARTS, play__hokom_void="must-trump-unless-fourth-or-ace-led")

    assert house("7H 9D", "8S AS KS") == ["7H", "9D"]  # fourth to play, partner's AS wins
    assert house("7H 9D", "AS 8S") == ["7H", "9D"]  # third, the partner led the AS
    assert house("7H 9D", "KS 8S") == ["7H"]  # third, the partner led the KS: trump
    assert legal("7H 9D", "KS 8S", HEARTS) == ["7H", "9D"]  # the ruling frees him
    assert house("7H 9D", "AS 8H") == ["7H"]  # the partner's Ace trumped: the duty holds


def test_trump_led_must_overtrump() -> None:
    assert legal("7H 8H JH 9D", "KH", HEARTS) == ["JH"]
    assert legal("7H 8H JH 9D", "KH", HEARTS, play__trump_led="any-trump") == ["7H", "8H", "JH"]
    # nothing higher: any trump
    assert legal("7H 8H 9D", "JH", HEARTS) == ["7H", "8H"]
    # the highest trump so far counts, not the card led
    assert legal("AH 10H", "KH 9H", HEARTS) == ["10H", "AH"]


def test_trump_led_partner_winning_releases_only_that_reading() -> None:
    unless = "must-overtrump-unless-partner-winning"
    # seat 3 to play; its partner seat 1 is winning with the 10H over the KH led
    assert legal("7H AH 9D", "KH 10H 8H", HEARTS) == ["AH"]  # the rulebook's reading
    assert legal("7H AH 9D", "KH 10H 8H", HEARTS, play__trump_led=unless) == ["7H", "AH"]
    # an opponent winning (the AH led), or no partner's card yet: the duty stays
    assert legal("7H 9H 9D", "AH 10H 8H", HEARTS, play__trump_led=unless) == ["9H"]
    assert legal("7H 8H JH 9D", "KH", HEARTS, play__trump_led=unless) == ["JH"]


@pytest.mark.parametrize(("reading", "beating", "none_beating"), [
    ("any-trump", ["7H", "JH"], ["7H", "8H"]),
    ("must-overtrump", ["JH"], ["7H", "8H"]),
    ("overtrump-or-discard", ["JH"], ["7H", "8H", "9D"]),
    ("overtrump-or-discard-third-seat", ["JH"], ["7H", "8H", "9D"]),
])
def test_hokom_ruff_after_an_opponents_trump(reading: str, beating: list[str],
                                             none_beating: list[str]) -> None:
    # the partner led AS, the opponent ruffed with 9H: the player to move has no spade
    assert legal("7H JH 9D", "AS 9H", HEARTS, play__hokom_ruff=reading) == beating
    assert legal("7H 8H 9D", "AS 9H", HEARTS, play__hokom_ruff=reading) == none_beating
    # no trump in the trick yet: any trump, whatever the reading
    assert legal("7H JH 9D", "AS 8S", HEARTS, play__hokom_ruff=reading,
                 play__hokom_void="must-trump") == ["7H", "JH"]


def test_only_the_third_seat_throws_off_under_that_house_option() -> None:
    """``overtrump-or-discard-third-seat``: after a spade lead trumped by the second player
    (the 9 of hearts), the third player unable to beat it may throw off the 9 of diamonds; the
    fourth, after the lead, a ruff and a spade, must play a trump, any trump."""
    third = "overtrump-or-discard-third-seat"
    assert legal("7H 8H 9D", "AS 9H", HEARTS, play__hokom_ruff=third) == ["7H", "8H", "9D"]
    assert legal("7H 8H 9D", "KS 9H 8S", HEARTS, play__hokom_ruff=third,
                 play__hokom_void="must-trump") == ["7H", "8H"]
    assert legal("7H 8H 9D", "KS 9H 8S", HEARTS, play__hokom_ruff="overtrump-or-discard",
                 play__hokom_void="must-trump") == ["7H", "8H", "9D"]
    assert legal("7H JH 9D", "KS 9H 8S", HEARTS, play__hokom_ruff=third,
                 play__hokom_void="must-trump") == ["JH"]


def test_hokom_ruff_yields_to_the_partner_exemption() -> None:
    # seat 1 (the partner of the player to move) ruffed with 8H and is winning
    for reading in ("must-overtrump", "overtrump-or-discard"):
        assert legal("7H JH 9D", "KS 8H 9S", HEARTS, play__hokom_ruff=reading) == [
            "7H", "JH", "9D"]
        # without the exemption the partner's trump must be beaten too
        assert legal("7H JH 9D", "KS 8H 9S", HEARTS, play__hokom_ruff=reading,
                     play__hokom_void="must-trump") == ["JH"]


def test_locked_double_forbids_leading_trump() -> None:
    assert legal("7H 8H 9D", "", HEARTS, locked=True) == ["9D"]
    assert legal("7H 8H", "", HEARTS, locked=True) == ["7H", "8H"]
    assert legal("7H 8H 9D", "", HEARTS, locked=False) == ["7H", "8H", "9D"]
    assert legal("7H 8H 9D", "", HEARTS, locked=True, double__lock="no-raise") == [
        "7H", "8H", "9D"]


def test_a_lock_that_binds_the_buyers_only() -> None:
    """``no-trump-lead-buyers``: the lock binds seats of the declarer's side, not the
    defenders; the ruling binds every seat."""
    buyers_only = rules(double__lock="no-trump-lead-buyers")
    for seat, declarer, bound in ((0, 2, True), (1, 3, True), (1, 0, False), (2, 3, False)):
        assert lock_binds(buyers_only, True, seat, declarer) is bound
        assert lock_binds(rules(), True, seat, declarer) is True
        assert lock_binds(buyers_only, False, seat, declarer) is False
    hand = mask(parse_many("7H 8H 9D"))
    assert names(legal_mask(buyers_only, hand, [], HEARTS,
                            lock_binds(buyers_only, True, 1, 0))) == ["7H", "8H", "9D"]
    assert names(legal_mask(buyers_only, hand, [], HEARTS,
                            lock_binds(buyers_only, True, 0, 0))) == ["9D"]


def test_card_points() -> None:
    r = rules()
    assert [r.points(parse(c), None) for c in ("AS", "10S", "KS", "QS", "JS", "9S", "8S")] == [
        11, 10, 4, 3, 2, 0, 0]
    assert [r.points(parse(c), SPADES) for c in ("JS", "9S", "AS", "10S", "KS", "QS", "8S")] == [
        20, 14, 11, 10, 4, 3, 0]
