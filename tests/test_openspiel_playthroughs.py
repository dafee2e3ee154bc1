"""Golden playthroughs (``tests/playthroughs``, OpenSpiel's format, written by
``python -m benchmarks.frameworks --playthroughs``): each replays to the same text, and a
changed rule changes it."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from trickrules.frameworks.openspiel import GOLDEN, replay

FOLDER = Path(__file__).resolve().parent / "playthroughs"


def _first_difference(original: str, now: str) -> str:
    diff = difflib.unified_diff(original.splitlines(), now.splitlines(), "golden", "now",
                                n=0, lineterm="")
    return "\n".join(list(diff)[:12])


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_golden_playthrough_replays_unchanged(name: str) -> None:
    original, now = replay(FOLDER / name)
    assert original == now, f"{name} is stale (regenerate it):\n" + _first_difference(
        original, now)


def test_a_changed_kout_scoring_rule_changes_the_playthrough(monkeypatch: Any) -> None:
    """A made contract scoring one point more (``score.made`` misread) shows in the file."""
    import trickrules.engine.kout.state as kout
    from trickrules.engine.kout.scoring import HandScore, score_hand

    def one_more(*args: Any) -> HandScore:
        result = score_hand(*args)
        return result._replace(points=result.points + 1)

    monkeypatch.setattr(kout, "score_hand", one_more)
    original, now = replay(FOLDER / "kout4_hand.txt")
    assert original != now and "scores" in _first_difference(original, now)


def test_a_changed_baloot_play_rule_changes_the_playthrough(monkeypatch: Any) -> None:
    """Any held card allowed (``play.follow-suit`` forgotten) shows in the legal actions."""
    import trickrules.engine.baloot.state as baloot

    monkeypatch.setattr(baloot, "legal_mask", lambda rules, hand, *rest: hand)
    original, now = replay(FOLDER / "baloot_hand.txt")
    assert original != now and "LegalActions" in _first_difference(original, now)
