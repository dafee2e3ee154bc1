"""Rule texts that cannot disagree with the machine rules (issue 32, item 2): every number,
formula, table and permission a rule states is a placeholder checked against the engine and
the Z3 model, and a sentence broken as 702.1 and 304.1 once were is caught."""

from __future__ import annotations

import re

import pytest

from trickrules.proofs.rule_facts import check_rule_text, rule_facts, rule_texts
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.loader import family_catalogue


@pytest.fixture(scope="module")
def baloot() -> Catalogue:
    """Baloot's rule data with its rulebook."""
    return family_catalogue("baloot")


REQUIRED = {"score.sun-conversion": "game-points", "score.hokom-conversion": "game-points",
            "auction.sun-over-sun": "may", "double.ladder": "doubling-ladder",
            "project.values": "project-values", "score.hokom-threshold": "number",
            "score.sun-threshold": "number", "score.keep-total": "number",
            "score.card-points": "card-points", "game.target": "target"}
"""Baloot rules whose statement the machine checks: each must keep its placeholder, so the
statement cannot be put back into free words."""


def test_checked_rules_keep_their_placeholders(baloot: Catalogue) -> None:
    """Each rule of :data:`REQUIRED` states its number, formula or permission through a
    placeholder of its kind."""
    from trickrules.proofs.rule_facts import placeholders

    for rule_id, kind in REQUIRED.items():
        kinds = {k for _, k, _ in placeholders(_text(baloot, rule_id))}
        assert kind in kinds, f"{rule_id} no longer states its {kind} through a placeholder"


def _text(catalogue: Catalogue, rule_id: str) -> str:
    return next(text for rid, _, text in rule_texts(catalogue) if rid == rule_id)


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_every_rule_text_agrees_with_the_machine_rules(family: str) -> None:
    """No rule text of either family states a formula or a permission in free words, and
    every checked statement holds in the engine and the model."""
    catalogue = family_catalogue(family)
    book = catalogue.rulebook
    assert book is not None
    problems = [f"{rid}: {p}" for rid, game, text in rule_texts(catalogue)
                for p in check_rule_text(catalogue, game, text)]
    assert problems == []
    assert set(rule_facts(catalogue)) >= {whole for _, _, text in rule_texts(catalogue)
                                          for whole in _placeholders(text)}


def _placeholders(text: str) -> list[str]:
    from trickrules.proofs.rule_facts import placeholders

    return [whole for whole, _, _ in placeholders(text)]


def test_the_conversion_tables_are_the_engines(baloot: Catalogue) -> None:
    """Rule 702's table: 77 card points make 16 game points and 75 make 15 (the engine's
    rounding, not the old text's 15.4); 130 make 26."""
    facts = rule_facts(baloot)
    sun = next(f for key, f in facts.items() if key.startswith("<<game-points:sun"))
    rows = {cards: game for row in sun.table[1:] for cards, game in [row]}
    assert rows["76\u201384"] == "16" and rows["75"] == "15" and rows["126\u2013130"] == "26"
    assert "divided by 5" in sun.words and "ending in 5" in sun.words


@pytest.mark.parametrize("broken", [
    "In Sun each side's card points are doubled and divided by 10, a 5 left over kept, so 130 "
    "card points make 26 game points.",
    "In Sun each side's card points are <<game-points:sun:double,divide-by-10>>.",
    "In Sun each side's card points are <<game-points:sun:round-ten-half-up,divide-by-5>>.",
])
def test_a_sun_conversion_broken_as_702_1_was_fails(baloot: Catalogue, broken: str) -> None:
    """The old text of 702.1, in free words or as stated steps, and a rounding that differs at
    a 5, are each caught."""
    assert check_rule_text(baloot, "baloot", broken)


def test_the_takeover_broken_as_304_1_was_fails(baloot: Catalogue) -> None:
    """Rule 305 (once 304): giving the takeover to a player "who has not yet spoken" is caught
    in free words and as a stated qualifier (pass, Sun: the player who passed may take it)."""
    text = _text(baloot, "auction.sun-over-sun")
    assert check_rule_text(baloot, "baloot", text) == []
    free = text.replace("may still call Sun", "who has not yet spoken may still call Sun")
    assert any("who" in p for p in check_rule_text(baloot, "baloot", free))
    stated = text.replace("spoke-before,not-passed-on-sun", "spoke-before,not-yet-spoken")
    problems = check_rule_text(baloot, "baloot", stated)
    assert any("Seat 0 passes, seat 1 calls Sun" in p for p in problems), problems


def test_a_permission_shows_its_use_and_its_limit(baloot: Catalogue) -> None:
    """The takeover rule carries an example of the permission used (a player who passed takes
    the Sun) and one of its limit (a player after the caller may not), both from the engine."""
    facts = rule_facts(baloot)
    fact = next(f for key, f in facts.items() if key.startswith("<<may:sun-after-sun"))
    assert [e.allowed for e in fact.examples] == [True, False]
    assert fact.examples[0].words.startswith("Seat 0 passes, seat 1 calls Sun")


def test_a_wrong_threshold_or_project_table_cannot_be_stated(baloot: Catalogue) -> None:
    """Numbers come from the engine's behaviour: the Hokom threshold is 81 and the project
    table's Sira is worth 4 in Sun and 2 in Hokom."""
    facts = rule_facts(baloot)
    assert facts["<<number:hokom-threshold>>"].words == "81"
    projects = facts["<<project-values>>"].table
    assert projects[1][1:] == ("4", "2")


def test_kout_scores_and_targets_are_the_engines() -> None:
    """Kout's score table (a made Bawan 36, a failed 7 gives the other team 14, a failed
    Malzoom 5) and the game's targets come from the engine and keep their placeholders; a
    formula in free words is caught."""
    kout = family_catalogue("kout")
    facts = rule_facts(kout)
    table = {row[0]: row[1:] for row in facts["<<score-table>>"].table[1:]}
    assert table["9"][0] == "36" and table["7"][1] == "14" and table["5 (Malzoom)"][1] == "5"
    assert facts["<<number:target>>"].words == "101"
    assert check_rule_text(kout, "kout6", "A made Bawan scores 36 points, doubled and kept.")
    from trickrules.proofs.rule_facts import placeholders

    for rule_id, kind in {"score.made": "score-table", "score.bawan-made": "number",
                          "game.target": "number", "game.shutout": "number"}.items():
        assert kind in {k for _, k, _ in placeholders(_text(kout, rule_id))}, rule_id


PERMISSION = re.compile(r"\b(may|must|only|cannot)\b")
"""Words by which a rule text grants a permission or states a duty."""

NOT_SHOWN_AT_ITS_LIMIT = {
    "baloot": {
        "play.no-signals": "table conduct: the engine has no way to signal",
        "project.late-showing": "the engine takes projects before a player's first card only"},
    "kout": {
        "deck.cards": "the pack is fixed: no situation lets it be otherwise",
        "deal.hand-size": "nine cards each is a fixed fact of the deal",
        "seating.partners": "the seating is fixed before any situation",
        "deal.order": "the deal comes before any state the judge reads",
        "hand.early-stop": "the duty to play all nine tricks has no exception"},
}
"""Rules that say may, must or only but are not shown at both their use and their limit,
each with the reason."""


def _permission_rules(family: str) -> list[str]:
    catalogue = family_catalogue(family)
    return sorted({rid for rid, _, text in rule_texts(catalogue) if PERMISSION.search(text)})


USE_AND_LIMIT = [(family, rule_id) for family in ("baloot", "kout")
                 for rule_id in _permission_rules(family)
                 if rule_id not in NOT_SHOWN_AT_ITS_LIMIT[family]]
"""Every rule whose text grants a permission or states a duty is shown both at work and at
its limit, each by an example replayed in the engine and the model: through its checked
statement's examples or through written ones (one of them marked ``limit``)."""


@pytest.mark.parametrize("family", ["baloot", "kout"])
def test_the_rules_not_shown_at_their_limit_still_say_may_or_must(family: str) -> None:
    """The exceptions are rules of the book that still state a permission or duty, so the
    list cannot keep a rule that was renamed or reworded."""
    assert set(NOT_SHOWN_AT_ITS_LIMIT[family]) <= set(_permission_rules(family))
    assert len(USE_AND_LIMIT) >= 40


@pytest.mark.parametrize(("family", "rule_id"), USE_AND_LIMIT)
def test_a_permission_is_shown_used_and_at_its_limit(family: str, rule_id: str) -> None:
    """For instance who may call Ashkal (the dealer's left may, the dealer's partner may not),
    or Kout's dealer who must bid (after five passes, not after a bid): an example of each,
    and the printed example of the limit says so."""
    from trickrules.rulebook.rule_examples_page import rule_example_lines

    catalogue = family_catalogue(family)
    book = catalogue.rulebook
    assert book is not None
    written = book.examples_of(rule_id)
    facts = [f for key, f in rule_facts(catalogue).items()
             if key in _text(catalogue, rule_id) and f.examples]
    kinds = {e.limit for e in written} | {not e.allowed for f in facts for e in f.examples}
    assert kinds == {False, True}, rule_id
    for example in written:
        lead = "*Example of the limit:*" if example.limit else "*Example:*"
        assert any(line.startswith(lead) for line in rule_example_lines(family, example))
