"""The conformance runner's verdicts an engine's author can trust: right answers in another
order pass, and (below) a wrong answer is charged to the reading that reproduces it."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from test_conformance import conform, suite_subset

REORDERED = f"{sys.executable} -m tests.adapters.reordered"
SET_OPS = ("legal-plays", "auction", "doubling", "projects")


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_right_answers_in_another_order_pass(tmp_path: Path, family: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Legal cards, legal calls and projects (and a project's cards) are sets: an engine that
    lists them in another order has no failure (with lists compared as they come, the same
    engine failed every such vector)."""
    seen: Counter[str] = Counter()

    def keep(vector: dict[str, object]) -> bool:
        op = str(vector["op"])
        if op not in SET_OPS or seen[op] >= 12:
            return False
        seen[op] += 1
        return True

    root = suite_subset(tmp_path, family, keep)
    code, report, _ = conform("--engine", REORDERED, "--game", family, "--suite", str(root))
    assert report["vectors"] >= 24 and report["failed"] == 0, report["rules"]
    assert code == 0


def test_unsupported_questions_are_counted_apart(tmp_path: Path) -> None:
    """An engine that answers some question types only (its hello lists them; an
    ``unsupported`` reply for another) is charged nothing for the rest: those are counted
    apart, and ``--only`` asks the chosen types alone."""
    from test_conformance import MISBEHAVING, small_suite

    root = small_suite(tmp_path)  # a score, two legal-plays, two trick winners
    code, report, _ = conform("--engine", f"{MISBEHAVING} partial", "--suite", str(root))
    assert report["unsupported"] == {"hand-score": 1, "trick-winner": 2}
    assert (report["vectors"], report["failed"], report["problems"]) == (2, 0, {})
    assert code == 0 and not any(t["failed"] for t in report["rules"].values())
    code, report, _ = conform("--engine", f"{MISBEHAVING} partial", "--suite", str(root),
                              "--only", "legal-plays")
    assert (code, report["vectors"], report["unsupported"], report["only"]) == (
        0, 2, {}, ["legal-plays"])
    code, _, _ = conform("--engine", f"{MISBEHAVING} partial", "--suite", str(root),
                         "--only", "guess-the-card")
    assert code == 2
