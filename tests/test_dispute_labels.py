"""The label each dispute carries in the Disputes chapter, checked against the claims: a
disagreement when a text states (or implies) each reading, an ambiguity when a reading stands
only on words that allow others too, a gap when one reading stands only on a silence, and a
house reading when no text states either, or when every witness needs a house reading of
another rule. The disputes are built from the claims alone (nothing is solved)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from trickrules.proofs.disputes import Dispute, _stances, dispute_questions
from trickrules.rulebook.disputes_page import dispute_kind
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.loader import family_catalogue


def _unsolved(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Every dispute of the family as the chapter reads it, with no outcome settled."""
    out = {}
    for game in catalogue.games:
        for parameter, a, b in dispute_questions(catalogue, game):
            dispute = Dispute(f"{game}/{parameter}/{a}-vs-{b}", game, parameter, a, b,
                              _stances(catalogue, game, parameter))
            out[dispute.id] = dispute.as_json()
    return out


@pytest.fixture(scope="module")
def baloot() -> tuple[Catalogue, dict[str, dict[str, Any]]]:
    catalogue = family_catalogue("baloot")
    return catalogue, _unsolved(catalogue)


EXPECTED = {
    # 004g names no choice for the cutter, nor what follows a wrong Ashkal, nor how a doubled
    # hand is shared; its history of locking states no rule: each other reading is a silence.
    "baloot/deal.cut/cut-vs-cutter-chooses": "gap",
    "baloot/auction.wrong-ashkal/forced-sun-vs-refused": "gap",
    "baloot/double.split/winner-takes-all-vs-each-side-own": "gap",
    "baloot/double.lock/no-trump-lead-vs-no-raise": "gap",
    "baloot/double.lock/no-raise-vs-no-trump-lead-buyers": "gap",
    # Neither text states either reading.
    "baloot/double.tie/as-any-hand-vs-buyers-lose": "house",
    "baloot/double.tie/as-any-hand-vs-doubler-loses": "house",
    "baloot/double.tie/as-any-hand-vs-last-raiser-loses": "house",
    "baloot/game.both-reach/higher-total-vs-declarers-side": "house",
    "baloot/auction.kawesh/any-turn-vs-none": "house",
    "baloot/auction.ashkal-on-ace/allowed-vs-refused": "house",
    "baloot/project.baloot-in-project/always-vs-not-in-four-kings-or-queens": "house",
    "baloot/play.trump-led/any-trump-vs-must-overtrump-unless-partner-winning": "house",
    "baloot/score.threshold-counts/with-projects-and-baloot-vs-with-projects": "house",
    ("baloot/auction.hokom-confirmation/buyer-keeps-or-takes-sun-vs-"
     "buyer-keeps-or-takes-sun-not-on-ace"): "house",
    # 004w's comparison of same-level projects allows two readings; 004g only implies trump
    # first, and for 100s.
    ("baloot/project.tie-break/highest-card-then-first-vs-"
     "trump-then-highest-card-then-first"): "ambiguity",
    "baloot/project.tie-break/highest-card-then-first-vs-highest-card-then-neither": "ambiguity",
    # Each reading stated, or implied, by a text: 004g's first lead, both ways; 004g's up to
    # two projects a player against 004w's no card in two projects (an inference).
    "baloot/play.first-lead/dealers-right-vs-declarer": "disagreement",
    "baloot/project.per-player/any-disjoint-vs-up-to-two": "disagreement",
}


def test_the_disputes_the_texts_do_not_hold_are_labelled_so(
        baloot: tuple[Catalogue, dict[str, dict[str, Any]]]) -> None:
    catalogue, disputes = baloot
    for key, kind in EXPECTED.items():
        assert dispute_kind(catalogue, disputes[key]) == kind, key


def test_a_reading_allowed_only_by_ambiguous_words_is_no_disagreement() -> None:
    """002's "twice the number of Lamas" allows twice the tricks won beside twice the bid; no
    text states twice the tricks."""
    catalogue = family_catalogue("kout")
    disputes = _unsolved(catalogue)
    assert dispute_kind(catalogue,
                        disputes["kout6/score.failed/double-bid-vs-double-tricks-won"]) \
        == "ambiguity"


def test_a_pair_whose_every_witness_needs_a_house_reading_is_that_house_readings(
        baloot: tuple[Catalogue, dict[str, dict[str, Any]]]) -> None:
    """Baloot's 2 game points and its 20 card points (004g's words allow both) differ only
    when the two sides' Hokom scores are rounded as one pair (score.keep-total =
    pair-rounding, which no text states); a witness under the texts' own readings would make
    it the texts' dispute again."""
    catalogue, disputes = baloot
    dispute = copy.deepcopy(disputes["baloot/project.baloot-value/2-game-points-vs-20-card-points"])
    assert dispute_kind(catalogue, dispute) == "ambiguity"
    dispute["outcomes"] = [{"kind": "score", "verdict": "refuted",
                            "context": {"score.keep-total": "pair-rounding"}}]
    assert dispute_kind(catalogue, dispute) == "house"
    dispute["outcomes"].append({"kind": "score", "verdict": "refuted", "context": {}})
    assert dispute_kind(catalogue, dispute) == "ambiguity"


def _named(catalogue: Catalogue, game: str, parameter: str) -> tuple[set[str], set[str], bool]:
    """The readings of ``parameter`` in ``game`` that some claim states or implies, those some
    claim's words allow among others, and whether some text is silent on it."""
    stated: set[str] = set()
    allowed: set[str] = set()
    speaking: set[str] = set()
    for claim in catalogue.claims.values():
        if game not in claim.games:
            continue
        if claim.kind == "ambiguous" and parameter in claim.readings:
            allowed |= set(claim.readings[parameter])
            speaking.add(claim.source)
        elif claim.kind != "ambiguous" and parameter in claim.fixes:
            stated.add(claim.fixes[parameter])
            speaking.add(claim.source)
    texts = {s.id for s in catalogue.sources.values() if game in s.games}
    return stated, allowed - stated, bool(texts - speaking)


def test_every_label_agrees_with_the_claims(
        baloot: tuple[Catalogue, dict[str, dict[str, Any]]]) -> None:
    catalogue, disputes = baloot
    for key, dispute in disputes.items():
        stated, allowed, silence = _named(catalogue, dispute["game"], dispute["parameter"])
        pair = set(dispute["readings"])
        named = pair & (stated | allowed)
        kind = dispute_kind(catalogue, dispute)
        if kind == "disagreement":
            assert pair <= stated, key
        elif kind == "ambiguity":
            assert named == pair and pair & allowed, key
        elif kind == "gap":
            assert len(named) == 1 and silence, key
        else:
            assert not named or (len(named) == 1 and not silence), key
