"""The deal: packets from the dealer's right, the cutter's choices, an exposed card, Baloot
announced in play, and the rule data's errors naming file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from baloot_helpers import baloot, calls, deal, rules
from helpers import edit_spec, spec_error

from trickrules.engine.baloot.cards import mask, names, parse, parse_many
from trickrules.engine.baloot.deal import CUTTER_CHOICES, first_deal
from trickrules.engine.baloot.hand import Hand
from trickrules.engine.baloot.projects import baloot_counts, best_set
from trickrules.engine.baloot.rules import HOKOM
from trickrules.engine.errors import StateError
from trickrules.spec.registry import family_dir

ORDER = list(range(32))  # the unshuffled pack: 7S 8S ... AS 7H ... AC, top card first


def test_three_then_two_from_the_dealers_right_then_the_public_card() -> None:
    dealt = first_deal(ORDER, 0, "go", 0, 0)
    # seat 1 (the dealer's right) takes cards 0-2 and 12-13, seat 0 (the dealer) 9-11, 18-19
    assert dealt.hands[1] == mask([0, 1, 2, 12, 13])
    assert dealt.hands[0] == mask([9, 10, 11, 18, 19])
    assert dealt.public == 20 and dealt.rest == tuple(range(21, 32))


def test_the_cutters_choices() -> None:
    cutter, partner = 3, 1  # the dealer's left, and his partner
    top = first_deal(ORDER, 0, "top-three", 0, 0)
    assert top.hands[cutter] & 0b111 == 0b111
    self_ = first_deal(ORDER, 0, "bottom-three-self", 0, 0)
    assert self_.hands[cutter] >> 29 == 0b111
    give = first_deal(ORDER, 0, "bottom-three-partner", 0, 0)
    assert give.hands[partner] >> 29 == 0b111
    public = first_deal(ORDER, 0, "public-first", 0, 0)
    assert public.public == 0
    for choice in CUTTER_CHOICES:
        made = first_deal(ORDER, 0, choice, 0, 0)
        every = [*(h for h in made.hands), 1 << made.public, mask(made.rest)]
        assert sum(m.bit_count() for m in every) == 32
        assert all(h.bit_count() == 5 for h in made.hands)
    state = baloot(deal__cut="cutter-chooses").new_initial_state(0)
    assert state.phase == "cut" and state.current_player() == (state.dealer + 3) % 4
    assert len(state.legal_actions()) == len(CUTTER_CHOICES)


def test_an_exposed_card() -> None:
    state = deal()
    assert state.expose(parse("10S")) is False and state.phase == "auction"
    ace = deal()
    before = ace.deal_index
    assert ace.expose(parse("AS")) is True and ace.deal_index == before + 1
    assert ace.dealer == 0  # the same dealer deals again
    strict = deal(baloot(deal__exposed_card="redeal"))
    assert strict.expose(parse("10S")) is True
    with pytest.raises(StateError):
        calls(deal(), "pass").expose(parse("10S"))
    assert state.exposed_choices(parse("AS")) == ("redeal",)
    with pytest.raises(StateError, match="may not be refused"):
        deal().expose(parse("10S"), refuse=True)


def test_an_exposed_ace_its_holder_may_refuse() -> None:
    """004w read as a right: the holder of an exposed Ace keeps it or has it dealt again."""
    rules = baloot(deal__exposed_card="ace-refusable")
    kept = deal(rules)
    assert kept.exposed_choices(parse("AS")) == ("keep", "redeal")
    assert kept.expose(parse("AS")) is False and kept.phase == "auction"
    refused = deal(rules)
    before = refused.deal_index
    assert refused.expose(parse("AS"), refuse=True) is True
    assert refused.deal_index == before + 1 and refused.dealer == 0
    assert deal(rules).exposed_choices(parse("10S")) == ("keep",)
    with pytest.raises(StateError, match="may not be refused"):
        deal(rules).expose(parse("10S"), refuse=True)


BALOOT_DEAL = ("KH QH 7S 8S 9C 10C JC QC", "AH 10H JS QS 7C 8C 9D 10D",
               "JH 9H KS AS KC AC JD QD", "8H 7H 9S 10S 7D 8D KD AD")
BALOOT_PLAY = ("KH", "AH", "JH", "8H",  # seat 2's Jack of trump wins
               "KS", "9S", "8S", "JS",  # seat 2 again
               "QD", "KD", "QH")        # seat 0, void in diamonds, trumps with the Queen


def _play_baloot_deal(**overrides: str) -> Hand:
    r = rules(**overrides)
    dealt = [mask(parse_many(h)) for h in BALOOT_DEAL]
    hand = Hand(HOKOM, 1, 1, 1, False, False, dealt, leader=0)
    hands = list(dealt)
    for c in BALOOT_PLAY:
        from trickrules.engine.baloot.play import legal_mask

        seat = hand.to_move
        assert legal_mask(r, hands[seat], hand.trick, 1, False) >> parse(c) & 1, c
        if c == "QH":
            assert hand.baloot == []  # nothing before the second card
        hand.play(r, hands, parse(c))
    return hand


def test_baloot_is_announced_with_the_second_card() -> None:
    assert _play_baloot_deal().baloot == [0]


def test_baloot_for_the_declarer_only() -> None:
    # seat 1 declared here, so seat 0's King and Queen do not count under that reading
    assert _play_baloot_deal(project__baloot_holder="declarer-only").baloot == []


def test_baloot_inside_a_declared_hundred_does_not_count() -> None:
    r = rules()
    dealt = mask(parse_many("9H 10H JH QH KH 7S 8C 7D"))
    offered = best_set(r, dealt, HOKOM, 0, 0)
    assert [names(p.cards) for p in offered] == [["9H", "10H", "JH", "QH", "KH"]]
    hearts = 1
    assert not baloot_counts(r, 0, 0, hearts, list(offered))
    assert baloot_counts(r, 0, 0, hearts, [])  # the same King and Queen, undeclared: it counts


def test_a_spec_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    copy = tmp_path / "baloot"
    shutil.copytree(family_dir("baloot"), copy)
    line = edit_spec(copy / "profiles.toml",
                     '"play.hokom-void" = "must-trump-unless-partner-winning"',
                     '"play.hokom-void" = "always-trump"')
    error = spec_error(copy)
    assert error.file.endswith("profiles.toml") and error.line == line
    assert "always-trump" in str(error) and "must-trump" in str(error)
