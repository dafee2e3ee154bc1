"""Every point of play the Baloot suite asks about is reachable in a real hand under the
profile it is asked of: a deal of eight cards each and finished tricks, every card legal and
each trick led by the winner of the one before. Each vector's history, found once by the
search of :mod:`trickrules.proofs.baloot.conformance.reachable` and stored in ``reachable.json``
beside this test (``python -m trickrules.proofs.baloot.conformance.reachable`` writes it again), is
replayed here from its deal through the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import shipped_suite

from trickrules.proofs.baloot.conformance.reachable import (
    find_history,
    play_of,
    questions,
    read_history,
    replays,
    situation_key,
    suite_rules,
    why_unreachable,
)
from trickrules.proofs.baloot.conformance.situation import read_play

SUITE = shipped_suite("baloot")
STORED: dict[str, Any] = json.loads((Path(__file__).parent / "reachable.json").read_text())
QUESTIONS = questions(SUITE.vectors, SUITE.defaults["baloot"])
SHARDS = 4


def _rules(profile_id: str) -> Any:
    return suite_rules(SUITE.profiles, profile_id)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_play_vector_replays_from_a_deal(shard: int) -> None:
    """Each play vector (legal cards, a trick's winner, perft), under each profile it is
    checked under, has a stored history that replays from its deal to its situation."""
    rules: dict[str, Any] = {}
    missing, wrong = [], []
    for profile_id, vector in QUESTIONS[shard::SHARDS]:
        stored = STORED.get(situation_key(profile_id, vector["request"]["situation"]))
        if stored is None:
            missing.append((vector["id"], profile_id))
            continue
        if profile_id not in rules:
            rules[profile_id] = _rules(profile_id)
        if not replays(rules[profile_id], play_of(vector), read_history(stored)):
            wrong.append((vector["id"], profile_id))
    assert not missing, ("no stored history (python -m "
                         f"trickrules.proofs.baloot.conformance.reachable "
                         f"stores them): {missing[:5]}")
    assert not wrong, f"a stored history does not reach its situation: {wrong[:5]}"


def test_the_play_questions_cover_the_suite() -> None:
    """Every play vector is checked, the variant ones under each profile they name."""
    ids = {v["id"] for _, v in QUESTIONS}
    plays = {v["id"] for v in SUITE.vectors if v["op"] in ("legal-plays", "trick-winner",
                                                           "perft")}
    assert ids == plays and len(plays) > 4000


def _situation(**changes: Any) -> dict[str, Any]:
    base = {"contract": "hokom", "trump": "H", "declarer": 0, "locked": False,
            "hands": [["7S", "AS"], ["7D", "8D"], ["9D", "10D"], ["JD", "QD"]],
            "played": ["8S", "9S", "10S", "JS", "QS", "KS", "7H", "8H", "9H", "10H", "JH",
                       "QH", "KH", "AH", "KD", "AD", "7C", "8C", "9C", "10C", "JC", "QC",
                       "KC", "AC"], "leader": 0, "trick": []}
    return {**base, **changes}


def test_the_search_finds_a_history_and_refuses_what_no_hand_reaches() -> None:
    """A late Hokom position is reached (and replays); a locked Sun, a card its player could
    not have played, or a first trick led by a seat that may not lead it is reached by no
    hand; a history changed by one card no longer replays."""
    rules = _rules(SUITE.defaults["baloot"])
    play = read_play(_situation())
    history = find_history(rules, play)
    assert history is not None and replays(rules, play, history)
    swapped = history.tricks[0][1][::-1]
    changed = type(history)(history.deal, ((history.tricks[0][0], swapped),
                                           *history.tricks[1:]))
    assert not replays(rules, play, changed)
    sun = read_play(_situation(contract="sun", trump=None, locked=True))
    assert find_history(rules, sun) is None and "locked" in str(why_unreachable(rules, sun))
    # seat 1 follows seat 0's spade lead with a diamond while holding a spade
    played = [("8D" if c == "8S" else c) for c in _situation()["played"]]
    revoke = read_play(_situation(hands=[["7S"], ["8S"], ["9D", "10D"], ["JD", "QD"]],
                                  played=played, trick=["AS", "7D"]))
    assert find_history(rules, revoke) is None
    assert "seat 1 could not have played" in str(why_unreachable(rules, revoke))
    declarer_leads = _rules_first_lead_declarer()
    opening = read_play(_situation(
        hands=[["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
               ["7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
               ["7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
               ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]],
        played=[], leader=2, declarer=0))
    assert find_history(declarer_leads, opening) is None
    assert find_history(rules, opening) is not None


def _rules_first_lead_declarer() -> Any:
    base = SUITE.profiles[SUITE.defaults["baloot"]]
    profiles = {"first-lead-declarer": {**base, "rules": {**base["rules"],
                                                          "play.first-lead": "declarer"}}}
    return suite_rules(profiles, "first-lead-declarer")
