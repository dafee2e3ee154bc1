"""What the Sources chapter says of a check a source's own rules fail: a witness that no deal
can reach (a project whose cards do not match its kind) is said to be one, and the readings a
witness takes where the source is silent are named as such, not laid on the text."""

from __future__ import annotations

from typing import Any

from trickrules.rulebook.sources_page import _own_failures, unreachable_project
from trickrules.spec.loader import family_catalogue

FOUR_ACES_WITH_KING_AND_QUEEN = {"kind": "four-hundred", "a run": False, "king in it": True,
                                 "queen in it": True}
"""The witness 004g's rules gave for project.baloot-apart."""


def _report(profile: str, theorem: str, witness: dict[str, Any]) -> dict[str, Any]:
    return {"sources": {"consistency": [{"profile": profile, "id": theorem, "readings": {},
                                         "finding": True, "verdict": "refuted",
                                         "witness": witness}]}}


def test_a_project_whose_cards_do_not_match_its_kind_is_unreachable() -> None:
    assert unreachable_project(FOUR_ACES_WITH_KING_AND_QUEEN) is not None
    assert unreachable_project({"kind": "hundred", "a run": False, "king in it": True,
                                "queen in it": True}) is not None
    assert unreachable_project({"kind": "hundred", "a run": False, "king in it": True,
                                "queen in it": False}) is None
    assert unreachable_project({"kind": "sira", "a run": True, "king in it": True,
                                "queen in it": True}) is None


def test_the_chapter_says_an_unreachable_witness_says_nothing_of_play() -> None:
    catalogue = family_catalogue("baloot")
    lines = _own_failures(catalogue, "004g",
                          _report("src004g-baloot", "project.baloot-apart",
                                  FOUR_ACES_WITH_KING_AND_QUEEN))
    assert len(lines) == 1 and "no hand that can be dealt" in lines[0]
    assert "four Aces" in lines[0]


def test_the_readings_a_witness_takes_on_a_silence_are_named_as_the_texts_silence() -> None:
    """004w states no Sun threshold and no sweep score; it does state the cards' conversion
    only as two readings of its words (not a silence)."""
    catalogue = family_catalogue("baloot")
    witness = {"sweep": 1, "reading score.sun-threshold": "none",
               "reading score.sweep": "44-sun-25-hokom-88-reverse-sun-alone",
               "reading score.sun-conversion": "nearest-ten-half-up-x2"}
    line, = _own_failures(catalogue, "004w",
                          _report("src004w-baloot", "score.made-xor-failed", witness))
    assert "rules 004w is silent on" in line
    silent = line.split("silent on (")[1].split(")")[0]
    assert "score.sun-threshold = none" in silent and "score.sweep" in silent
    assert "score.sun-conversion" not in silent
