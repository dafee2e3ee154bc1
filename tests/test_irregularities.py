"""The irregularities chapter: the book's own tournament procedures, each example's ruling
computed by the engine and held to what the rule data says, the data checked where it is
written."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import copy_family, edit_spec, spec_error

from trickrules.rulebook.director_tools import chapter_number
from trickrules.rulebook.irregularities_page import irregularities_page, ruling_of
from trickrules.rulebook.prerequisites import RulebookError
from trickrules.rulings.question import judge_question
from trickrules.spec.loader import family_catalogue

FAMILIES = ("kout", "baloot")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_example_is_ruled_as_the_data_says(family: str) -> None:
    catalogue = family_catalogue(family)
    assert {"revoke", "out-of-turn", "exposed-card", "claim", "misdeal"} <= {
        i.id for i in catalogue.irregularities}
    for item in catalogue.irregularities:
        for question in item.questions:
            answer = ruling_of(question, judge_question)["answer"]
            assert {k: answer[k] for k in question.expect} == dict(question.expect)


def test_a_claim_and_a_revoke_are_checked_by_the_engine() -> None:
    """The claim stands because the search finds no defence; the revoked card is not among
    the legal ones; the revoke's score gives the other side every card point."""
    baloot = {i.id: i for i in family_catalogue("baloot").irregularities}
    claim = ruling_of(baloot["claim"].questions[0], judge_question)["answer"]
    assert claim["holds"] is True and len(claim["line"]) == 12
    card, score = (ruling_of(q, judge_question)["answer"] for q in baloot["revoke"].questions)
    assert "7D" not in card["cards"] and score["total"] == [0, 16]


def test_a_ruling_that_contradicts_the_words_stops_the_build() -> None:
    revoke = {i.id: i for i in family_catalogue("kout").irregularities}["revoke"]
    wrong = replace(revoke.questions[1], expect={"made": False})
    with pytest.raises(RulebookError, match=r"irregularities.toml line \d+: .* is ruled"):
        ruling_of(wrong, judge_question)


@pytest.mark.parametrize(("old", "new", "says"), [
    ('file = "irregularities/revoke-card.json"', 'file = "irregularities/no-such.json"',
     "no-such.json"),
    ("{play.follow-suit}", "{play.follows-suit}", "{play.follows-suit} names no rule"),
])
def test_a_mistake_in_the_data_names_its_line(tmp_path: Path, old: str, new: str,
                                              says: str) -> None:
    copy = copy_family("baloot", tmp_path / "baloot")
    line = edit_spec(copy / "irregularities.toml", old, new)
    error = spec_error(copy)
    assert error.file.endswith("irregularities.toml") and error.line == line
    assert says in str(error)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_chapter_follows_the_rules_and_says_whose_procedures_they_are(family: str) -> None:
    catalogue = family_catalogue(family)
    page = "\n".join(irregularities_page(catalogue, judge_question))
    number = chapter_number(catalogue)
    assert f"{number}. The director's handbook" in page and f"{number}01. " in page
    # said once, at the chapter's start, in the book's own words (no "Source:" line a
    # procedure, no engine)
    assert page.count("These procedures are this book's own") == 1
    assert "*Source:*" not in page and "by the engine" not in page
    shown = "each trick from the player who leads it: trick 1: "
    assert f"The claim holds; a line of play that makes it, {shown}" in page
    assert f"The claim does not hold; a line of play that beats it, {shown}" in page
    players = {"kout": 6, "baloot": 4}[family]  # every claim example is at a full table
    for line in (line for line in page.splitlines() if shown in line):
        tricks = ("trick 1: " + line.split(shown)[1]).rstrip(".").split("; ")
        assert all(t.split(": ", 1)[1].count(", ") == players - 1 for t in tricks), line
    assert page.count("   | The rules that decide it: :ref:`rule ") == sum(
        len(i.questions) for i in catalogue.irregularities)
    # every ruling in players' words: no "field: value" line of the engine's answer
    ruled = [line for line in page.splitlines() if line.startswith("   | ")
             and "The rules that decide it" not in line]
    assert ruled and not any(re.match(r"   \| [a-z ]+: ", line) for line in ruled), ruled


@pytest.mark.parametrize("family", FAMILIES)
def test_the_handbook_covers_what_a_tournament_needs(family: str) -> None:
    """The director's powers, adjusted scores and appeals; a misdeal, an illegal call, slow
    play and signalling beside the play's irregularities and claims, each in its part, with a
    penalty where there is one; a scoresheet whose worked hand the engine scored; the form to
    announce house options; an index."""
    catalogue = family_catalogue(family)
    page = "\n".join(irregularities_page(catalogue, judge_question))
    parts = [page.index(f"\n{title}\n") for title in
             ("The director", "The deal", "The calls", "The play", "Conduct", "Claims")]
    assert parts == sorted(parts)
    ids = {i.id for i in catalogue.irregularities}
    assert {"director", "adjusted-score", "appeal", "score-correction", "event-format",
            "shorter-event", "individual-event", "misdeal", "signalling", "slow-play",
            "player-leaves", "revoke", "out-of-turn", "tricks-in-order", "exposed-card",
            "claim"} <= ids
    assert ids & {"illegal-bid", "illegal-call"}
    assert page.count("*Penalty:*") == sum(bool(i.penalty) for i in catalogue.irregularities) > 3
    for heading in ("Scoresheet", "Announcing the house options", "Index"):
        assert f"\n{heading}\n" in page
    sheet = page[page.index("\nScoresheet\n"):page.index("\nAnnouncing the house options")]
    assert "It was scored by this book's rules when the book was built" in sheet
    # the worked hand is printed apart: the sheet's own rows are all blank, from hand 1
    assert sheet.count("   * - Example") == 1 and "   * - 1\n     - \u00a0" in sheet
    assert sheet.count("   * - ") >= 10
    form = page[page.index("\nAnnouncing the house options"):page.index("\nIndex\n")]
    assert "\u2610" in form
    for line in ("| Director ", "Deputy director", "| Appeals committee", "Time for a round"):
        assert line in form


def test_the_baloot_scoresheet_sends_the_scorer_to_the_conversion_of_both_sides() -> None:
    """A scorer reading one side's figure off a conversion table can be a point out (the
    defenders are converted first, the buyers take the rest): the sheet names the rules."""
    from trickrules.rulebook.director_tools import scoresheet_lines

    sheet = "\n".join(scoresheet_lines(family_catalogue("baloot")))
    for number, rule in ((702, "score.sun-conversion"), (703, "score.hokom-conversion"),
                         (704, "score.keep-total")):
        assert f":ref:`rule {number} <baloot-rule-{rule}>`" in sheet
    assert "Game points come from" not in "\n".join(scoresheet_lines(family_catalogue("kout")))


def test_the_form_offers_no_pack_that_cannot_be_dealt() -> None:
    """Kout Bo 6's packs of 38, 36 and 48 cards and twelve cards each are not on the form; Kout
    Bo 4's 48-card pack is, with its twelve cards each."""
    page = "\n".join(irregularities_page(family_catalogue("kout"), judge_question))
    form = page[page.index("\nAnnouncing the house options"):page.index("\nIndex\n")]
    deck = form[form.index("   * - 102"):]
    deck = deck[:deck.index("   * - ", 10)]
    assert "**102D** (with 205B)" in deck and "102B" not in deck and "102C" not in deck


def test_a_baloot_claim_of_some_tricks_is_scored_and_marked_the_committees() -> None:
    """The handbook scores a partial Baloot claim in card points (the ruling computed when the
    book is built, checked against the data) and says the rule is the committee's."""
    catalogue = family_catalogue("baloot")
    claim = next(i for i in catalogue.irregularities if i.id == "claim")
    assert claim.committee and not any(i.committee for i in catalogue.irregularities
                                       if i.id != "claim")
    page = "\n".join(irregularities_page(catalogue, judge_question))
    assert page.count("*Decided by:* the rules committee") == 1
    assert ("Card points of the cards still to play, side 0 then side 1: 21 and 51."
            in page)
    partial = next(q for q in claim.questions if q.file.endswith("two-of-three.json"))
    assert partial.question["tricks"] < len(partial.question["situation"]["hands"][1])


def test_card_point_worth_is_defined_as_the_engine_counts_it() -> None:
    """The scoresheet's definition of card-point worth gives each project the worth the
    engine adds towards the threshold (rule 708) under the book's rules."""
    from trickrules.engine.baloot.scoring import HandFacts, threshold_lead
    from trickrules.proofs.baloot.replay import engine_rules
    from trickrules.proofs.baloot.rule_facts import WORTH_NAMES
    from trickrules.rulebook.director_tools import worth_words

    catalogue = family_catalogue("baloot")
    assert catalogue.rulebook is not None
    rules = engine_rules(catalogue.profile(catalogue.rulebook.profiles["baloot"]))
    words = worth_words(catalogue)
    for key, value in rules.project_values.items():
        project, _, contract = key.rpartition("-")
        facts = HandFacts(contract, 0, 1, False, (0, 0), 0, value, (0, 0))
        assert f"{WORTH_NAMES[project]} in {contract.title()} {threshold_lead(rules, facts)}" \
            in words, key
    assert worth_words(family_catalogue("kout")) == ""


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 16])
def test_the_schedule_has_every_side_meet_every_other_once(sides: int) -> None:
    """An event's schedule: each round seats every side once, each pair of sides meets in
    exactly one round, and no side is always named first (it keeps the scoresheet)."""
    from trickrules.rulebook.director_tools import round_robin

    rounds = round_robin(sides)
    assert len(rounds) == sides - 1
    met = [frozenset(pair) for pairs in rounds for pair in pairs]
    for pairs in rounds:
        assert sorted(side for pair in pairs for side in pair) == list(range(1, sides + 1))
    assert len(met) == len(set(met)) == sides * (sides - 1) // 2
    first = [pairs[0][0] for pairs in rounds]
    assert len(set(first)) > 1


@pytest.mark.parametrize("family", FAMILIES)
def test_the_event_prints_its_schedule(family: str) -> None:
    """The event of four tables prints its seven rounds as a table, round 1 as the words
    before it say (side 8 against side 1 at table 1)."""
    catalogue = family_catalogue(family)
    page = "\n".join(irregularities_page(catalogue, judge_question))
    schedule = page[page.index("The schedule: "):page.index("A shorter event")]
    assert "        - Table 4" in schedule and "        - Table 5" not in schedule
    assert schedule.count("      * - ") == 8  # the header and seven rounds
    assert "      * - 1\n        - 8 v 1\n        - 2 v 7\n        - 3 v 6\n        - 4 v 5" \
        in schedule


def test_the_form_says_what_each_option_plays_and_marks_common_play() -> None:
    """Each option on the form says what it plays; rule 711's 44-point sweep, which most of
    the public engines and rule pages read play, is marked, and the book's own rule is not."""
    page = "\n".join(irregularities_page(family_catalogue("baloot"), judge_question))
    form = page[page.index("\nAnnouncing the house options"):page.index("\nIndex\n")]
    sweep = form[form.index("   * - 711"):]
    sweep = sweep[:sweep.index("   * - ", 10)]
    assert "The book: The game points of its card points" in sweep
    assert "**711B**: 44 game points in Sun or 25 in Hokom" in sweep
    assert sweep.count("*Common play.*") == 1
    assert sweep.index("*Common play.*") < sweep.index("**711C**")


def test_the_index_lists_each_entry_by_its_word_not_its_article() -> None:
    """An organiser looks up "misdeal" under M, not under A: the index drops a leading
    article and stays in alphabetical order."""
    from trickrules.rulebook.director_tools import index_lines

    lines = [line[2:] for line in index_lines(family_catalogue("baloot")) if line.startswith("| ")]
    names = [line.rsplit(": ", 1)[0] for line in lines]
    assert "Misdeal" in names and "A misdeal" not in names
    assert not any(n.split(" ", 1)[0] in ("A", "An", "The") for n in names)
    assert names == sorted(names, key=str.casefold)
