"""The card drawings of the rulebook: the two Jokers are told apart by shape and word, not by
colour alone (a grey print loses the red)."""

from __future__ import annotations

import re

from trickrules.rulebook.cards_svg import BLACK, RED, card


def _without_colour(svg: str) -> str:
    return svg.replace(RED, "#000").replace(BLACK, "#000")


def test_the_jokers_differ_in_more_than_colour() -> None:
    red, black = card("RJ", 0, 0), card("BJ", 0, 0)
    assert _without_colour(red) != _without_colour(black)
    assert ">RED<" in red and ">BLACK<" in black
    assert 'fill="none"' in black and 'fill="none"' not in red  # the black star in outline


def test_a_suit_card_shows_its_rank_and_pip() -> None:
    drawn = card("10H", 0, 0)
    assert ">10<" in drawn and RED in drawn and len(re.findall("<path", drawn)) == 1


def test_a_card_is_named_in_players_words() -> None:
    """One card in a sentence is named in words, its rank spelled out: ``the King of clubs``,
    not ``KC`` or ``the K of clubs``; the deal's witnesses name their one card so."""
    from trickrules.proofs.outcome_words import card_words, witness_text

    assert [card_words(c) for c in ("KC", "10H", "AS", "7D", "RJ", "BJ")] == [
        "King of clubs", "10 of hearts", "Ace of spades", "7 of diamonds", "red Joker",
        "black Joker"]
    exposed = witness_text("baloot", "exposed", {"card": "7S", "seat": 0})
    assert exposed == "While dealing, the 7 of spades (seat 0's) is turned face up."
    auction = witness_text("baloot", "auction", {"dealer": 3, "public": "AS", "calls": [],
                                                 "first_cards": {"0": ["7S", "8S"]}})
    assert "the public card is the Ace of spades." in auction
