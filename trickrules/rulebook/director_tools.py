"""The director's handbook's tools: a scoresheet with a worked hand (scored by the engine from
one of the book's examples), the form on which a tournament announces its house options
before play (only options that can be played), and an index of the terms and rules."""

from __future__ import annotations

from typing import Any

from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.rule_examples import example_profile
from trickrules.rulebook.example_scenes import example_scene
from trickrules.rulebook.offered import offer
from trickrules.rulebook.rst import escape, heading, label, page_label, table
from trickrules.rulebook.rules_pages import rule_link
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import (
    family_name,
    numbered_rules,
    numbers,
    option_name,
    rule_title,
    rulebook_of,
)
from trickrules.spec.registry import family as family_record
from trickrules.spec.rule_examples import RuleExample
from trickrules.spec.rulings import Ruling

PARTS = {"director": "The director", "event": "Running an event", "deal": "The deal",
         "calls": "The calls", "play": "The play", "conduct": "Conduct", "claims": "Claims"}
"""The parts of the handbook, in order, by the ``part`` the rule data gives a procedure."""


def chapter_number(catalogue: Catalogue) -> int:
    """The irregularities come after the book's last chapter of rules."""
    return max(chapter.number for chapter in rulebook_of(catalogue).chapters) + 1


CONVERSIONS = ("score.sun-conversion", "score.hokom-conversion", "score.keep-total")
"""The rules that turn a Baloot hand's card points into game points, the last for both sides."""
BLANK_ROWS = 15
"""The empty rows of a printed scoresheet (a round's hands, with room to spare)."""


def _worked_example(catalogue: Catalogue) -> RuleExample | None:
    """The book's first example whose ruling states the scores after the hand."""
    book = catalogue.rulebook
    assert book is not None
    return next((e for e in book.examples if "totals" in (e.expect.get("score") or {})), None)


def _pair(value: Any) -> tuple[str, str]:
    return (str(value[0]), str(value[1])) if isinstance(value, list) else ("", "")


def worth_words(catalogue: Catalogue) -> str:
    """What "card-point worth" means (rule 708 and the scoresheet use it), in players' words,
    with each project's and Baloot's worth under the book's rules (the family's rule facts
    give them). Empty for a family scored in tricks."""
    book = catalogue.rulebook
    if family_name(catalogue) != "baloot" or book is None:
        return ""
    fact = kit_for_game("baloot").rule_fact("worth", (), catalogue.profile(book.profiles["baloot"]))
    return ("A project's card-point worth is what it would count as card points: its game "
            f"points times the card points one game point stands for {fact.words}.")


def scoresheet_lines(catalogue: Catalogue) -> list[str]:
    """A scoresheet to print: a row a hand, the worked hand first, then empty rows; the
    worked hand is one of the book's examples, scored by the engine under the book's rules."""
    family = family_name(catalogue)
    side = family_record(family).partnership
    example = _worked_example(catalogue)
    lines = [*label(page_label(family, "scoresheet")), *heading("Scoresheet", 1)]
    worth = worth_words(catalogue)
    if worth:
        lines += [escape(worth), ""]
    if example is None:
        return lines
    ruling = kit_for_game(example.game).rule_on(example.state, example.then,
                                                example_profile(catalogue, example))
    score = ruling.score or {}
    cards = "card_points" in score
    header = ["Hand", "Contract and calls", *((f"Card points, {side} 0", f"Card points, {side} 1")
                                              if cards else ("Tricks, bidders", "Made")),
              f"{side.title()} 0", f"{side.title()} 1", f"Total, {side} 0",
              f"Total, {side} 1", "Notes"]
    gained = score.get("game_points") if cards else (
        [score["points"], 0] if score.get("team") == 0 else [0, score.get("points", 0)])
    middle = _pair(score.get("card_points")) if cards else (
        str(score.get("tricks_won", ["", ""])[score.get("bidders", 0)]),
        "yes" if score.get("made") else "no")
    made = "made" if score.get("made") else "failed"
    worked = ["1", escape(example_scene(example).header.rstrip(".")), *middle, *_pair(gained),
              *_pair(score.get("totals")), made if cards else ""]
    blank = "\u00a0"  # a cell to write in
    rows = [worked, *([str(n), *[blank] * 8] for n in range(2, BLANK_ROWS + 2))]
    noted = "whether the contract was made or failed, a sweep, and " if cards else ""
    if cards:
        conversions = " and ".join(rule_link(catalogue, r) for r in CONVERSIONS[:2])
        lines += [f"Game points come from card points by {conversions}, the two sides' "
                  f"together as {rule_link(catalogue, CONVERSIONS[2])} says: a side's figure "
                  "in a conversion table is not always what it scores.", ""]
    lines += [_fill_in(side), "",
              f"One row a hand. The first row is a worked hand: {escape(example.says)} The "
              "engine scored it under this book's rules when the book was built. In the notes: "
              f"{noted}the reason for any score the director adjusted (the irregularities' "
              "procedures say when).", ""]
    return [*lines, *table(header, rows, widths=(9, 23, 9, 9, 8, 8, 9, 9, 16)),
            "Signed, after the last hand: for each side \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_ and "
            "\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_; the director \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_.", ""]


def _fill_in(side: str) -> str:
    """The lines above a scoresheet's rows, to fill in before play."""
    gap = "\\_" * 10
    return (f"Event {gap} Round {gap} Table {gap} | {side.title()} 0 {gap} "
            f"| {side.title()} 1 {gap}")


def _tick(catalogue: Catalogue, ruling: Ruling, reading: str) -> str:
    """The box to tick for one reading, with what it is played with; empty when no game of
    the ruling offers it."""
    offers = [o for o in (offer(catalogue, g, ruling.parameter, reading) for g in ruling.games)
              if o.offered]
    needs = "".join(f" (with {option_name(catalogue, p, r)})" for o in offers for p, r in o.needs)
    return f"\u2610 {option_name(catalogue, ruling.parameter, reading)}{needs}" if offers else ""


def _ticks(catalogue: Catalogue, ruling: Ruling) -> list[str]:
    """The boxes of a ruling's house options that can be played."""
    others = [r for r in catalogue.parameters[ruling.parameter].reading_ids if r != ruling.reading]
    return [box for box in (_tick(catalogue, ruling, r) for r in others) if box]


def announcement_lines(catalogue: Catalogue) -> list[str]:
    """The form a tournament fills in and shows before play: each rule with house options
    that can be played, the book's rule, and the options to tick."""
    book = catalogue.rulebook
    assert book is not None
    family = family_name(catalogue)
    lines = [*label(page_label(family, "announcement")),
             *heading("Announcing the house options", 1),
             "Before play the director fills in this form and shows it to every table: a tick "
             "against each house option the tournament plays instead of the book's rule. A rule "
             "left unticked is played as the book rules it; at most one option of a rule may be "
             "ticked. What each option says is under its rule in the players' edition, whose "
             "rule numbers are those of every edition. Only options that can be played with "
             "the book's other rules are listed, and an option changes only its own rule: the "
             "procedures of this handbook stay as they are.", ""]
    order = numbers(catalogue)
    rows = []
    for ruling in sorted(book.rulings, key=lambda r: order[r.parameter]):
        options = _ticks(catalogue, ruling)
        if options:  # the rule's number alone: the same in every edition; the form prints alone
            rows.append([str(order[ruling.parameter]),
                         escape(rule_title(catalogue, ruling.parameter)), ", ".join(options)])
    return [*lines, *table(["Rule", "Subject", "Options played (tick)"], rows,
                           widths=(10, 50, 40)),
            "Tournament: ____________________  Director: ____________________  "
            "Date: ____________", ""]


def _procedure_numbers(catalogue: Catalogue) -> list[tuple[Any, str]]:
    """Each procedure of the handbook with its number, in the handbook's order (by part)."""
    ordered = [i for part in PARTS for i in catalogue.irregularities if i.part == part]
    chapter = chapter_number(catalogue)
    return [(item, f"{chapter}{n:02d}") for n, item in enumerate(ordered, start=1)]


def _index_entries(catalogue: Catalogue) -> list[tuple[str, list[str]]]:
    """Each rule by its subject, then each glossary term not already a subject, with its
    rules in the book's order."""
    book = rulebook_of(catalogue)
    order = numbers(catalogue)
    entries = [(rule_title(catalogue, rule.id), [rule.id]) for rule in numbered_rules(catalogue)]
    seen = {name.casefold() for name, _ in entries}
    entries += [(t.term, sorted(t.rules, key=lambda r: order[r])) for t in book.glossary
                if t.rules and t.term.casefold() not in seen]
    return entries


def index_lines(catalogue: Catalogue) -> list[str]:
    """An index: every rule by its subject, every glossary term and every procedure of the
    handbook, in alphabetical order, each with the numbers to read (the same in every
    edition)."""
    family = family_name(catalogue)
    order = numbers(catalogue)
    entries = _index_entries(catalogue)
    handbook = [(item.title, number) for item, number in _procedure_numbers(catalogue)]
    lines = [*label(page_label(family, "index")), *heading("Index", 1)]
    listed = [(name, "rule" + ("s " if len(rules) > 1 else " ")
               + ", ".join(str(order[r]) for r in rules)) for name, rules in entries]
    listed += [(title, f"procedure {number}") for title, number in handbook]
    for name, where in sorted(listed, key=lambda e: e[0].casefold()):
        lines += [f"| {escape(name)}: {where}"]  # numbers: the same in every edition
    return [*lines, ""]
