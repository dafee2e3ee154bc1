"""Card notation and action names."""

from __future__ import annotations

import pytest

from trickrules.engine.kout.actions import NUM_ACTIONS, PASS, action_to_string, string_to_action
from trickrules.spec.cards import (
    ALL_CARDS,
    BLACK_JOKER,
    RED_JOKER,
    CardParseError,
    card_name,
    parse_card,
    parse_cards,
)


def test_every_card_round_trips() -> None:
    assert [parse_card(card_name(c)) for c in ALL_CARDS] == list(ALL_CARDS)
    assert len({card_name(c) for c in ALL_CARDS}) == 54


def test_notation_examples() -> None:
    assert card_name(parse_card("10H")) == "10H"
    assert parse_card("rj") == RED_JOKER and parse_card("BJ") == BLACK_JOKER
    assert parse_cards("AS, 10h qd") == [parse_card("AS"), parse_card("10H"), parse_card("QD")]


@pytest.mark.parametrize(("token", "detail"), [
    ("1H", "unknown rank '1'"), ("AX", "unknown suit 'X'"), ("Z", "too short"),
    ("", "too short"), ("11S", "unknown rank '11'"),
])
def test_bad_card_names_the_token(token: str, detail: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(token)
    assert repr(token) in str(info.value) and detail in str(info.value)


def test_actions_round_trip() -> None:
    for action in range(NUM_ACTIONS):
        assert string_to_action(action_to_string(action)) == action
    assert action_to_string(PASS) == "pass"
