"""Each rule example's own picture: examples about different things (a different situation,
other answers stated, other tricks in focus) get different pictures, and a scoring example's
picture shows every trick with card points that add up to the sides' totals the engine gives
and the example states."""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.rule_examples import example_profile
from trickrules.rulebook.example_scenes import focus_key, scene_kind
from trickrules.rulebook.rule_examples_page import drawing
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import family_catalogue
from trickrules.spec.registry import FAMILIES
from trickrules.spec.rule_examples import RuleExample, load_rule_examples

SPEC = Path(__file__).resolve().parent.parent / "spec"


@cache
def _pictures(family: str) -> tuple[tuple[RuleExample, str], ...]:
    book = family_catalogue(family).rulebook
    assert book is not None
    return tuple((e, drawing(e)) for e in book.examples)


@pytest.mark.parametrize("family", FAMILIES)
def test_examples_of_different_focus_get_different_pictures(family: str) -> None:
    same = [(a.id, b.id) for (a, one), (b, other) in combinations(_pictures(family), 2)
            if focus_key(a) != focus_key(b) and one == other]
    assert same == []


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _tricks_shown(svg: str) -> list[tuple[int, int]]:
    """Each trick drawn: the seat that won it and its card points, as the picture writes them."""
    out = []
    for group in re.findall(r'<g class="trick">(.*?)</g>', svg):
        words = " ".join(_texts(group))
        winner = re.search(r"won by seat (\d+)", words)
        points = re.search(r"(\d+) card points", words)
        assert winner and points, words
        out.append((int(winner.group(1)), int(points.group(1))))
    return out


def _tally(svg: str) -> dict[str, tuple[int, int]]:
    group = re.search(r'<g class="tally">(.*?)</g>', svg)
    assert group is not None
    words = _texts(group.group(1))[4:]  # the two sides' names and seats come first
    return {words[i]: (int(words[i + 1]), int(words[i + 2])) for i in range(0, len(words), 3)}


def test_a_scoring_picture_adds_up_to_the_sides_card_points() -> None:
    catalogue = family_catalogue("baloot")
    scoring = [(e, svg) for e, svg in _pictures("baloot") if scene_kind(e) == "score"]
    assert len(scoring) >= 10
    for example, svg in scoring:
        ruling = kit_for_game(example.game).rule_on(
            example.state, example.then, example_profile(catalogue, example))
        assert ruling.score is not None
        tricks = _tricks_shown(svg)
        assert len(tricks) == 8, example.id
        sides = [sum(p for seat, p in tricks if seat % 2 == side) for side in (0, 1)]
        assert sides == ruling.score["card_points"], example.id
        assert _tally(svg)["Card points"] == tuple(sides), example.id
        stated = example.expect.get("score", {}).get("card_points")
        assert stated in (None, sides), example.id


def _examples_file(tmp_path: Path, focus: str) -> Path:
    (tmp_path / "examples").mkdir()
    situation = "examples/sun-last-trick.json"
    (tmp_path / situation).write_text((SPEC / "baloot" / situation).read_text("utf-8"), "utf-8")
    (tmp_path / "examples.toml").write_text(
        '[[example]]\nid = "one"\nrule = "trick.winner"\n'
        'says = "The King of diamonds wins the last trick."\n'
        f'situation = "{situation}"\n{focus}\nexpect.tricks = [1]\n', "utf-8")
    return tmp_path


def test_a_focus_on_a_trick_the_hand_lacks_is_refused(tmp_path: Path) -> None:
    base = _examples_file(tmp_path, "focus.tricks = [9]")
    with pytest.raises(SpecError, match=r"trick 9 is not one of the 8 tricks") as caught:
        load_rule_examples(base, ["trick.winner"], ["baloot"])
    assert "examples.toml" in str(caught.value) and ":6" in str(caught.value)


def test_a_focus_on_a_trick_is_read(tmp_path: Path) -> None:
    base = _examples_file(tmp_path, "focus.tricks = [5, 8]")
    (example,) = load_rule_examples(base, ["trick.winner"], ["baloot"])
    assert example.focus_tricks == (5, 8)
