"""The director's handbook's tools: a scoresheet with a worked hand (scored by the engine from
one of the book's examples), the form on which a tournament announces its house options
before play (only options that can be played), and an index of the terms and rules."""

from __future__ import annotations

from typing import Any

from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.rule_examples import example_profile
from trickrules.rulebook.example_scenes import example_scene
from trickrules.rulebook.offered import offer
from trickrules.rulebook.rst import escape, heading, keep_with_picture, label, page_label, table
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
from trickrules.spec.ruling_policy import Decision, decisions
from trickrules.spec.rulings import Ruling

PARTS = {"director": "The director", "event": "Running an event", "deal": "The deal",
         "calls": "The calls", "play": "The play", "conduct": "Conduct", "claims": "Claims"}
"""The parts of the handbook, in order, by the ``part`` the rule data gives a procedure."""


def chapter_number(catalogue: Catalogue) -> int:
    """The irregularities come after the book's last chapter of rules."""
    return max(chapter.number for chapter in rulebook_of(catalogue).chapters) + 1


CONVERSIONS = ("score.sun-conversion", "score.hokom-conversion", "score.keep-total")
"""The rules that turn a Baloot hand's card points into game points, the last for both sides."""
FULL_PAGE = 2000
"""Points no page has left: in print the scoresheet and the form each start a page of their
own, to be copied alone."""
BLANK_ROWS = 15
"""The empty rows of a printed scoresheet (a round's hands, with room to spare)."""


def _worked_example(catalogue: Catalogue) -> RuleExample | None:
    """The book's first example whose ruling states the scores after the hand."""
    book = catalogue.rulebook
    assert book is not None
    return next((e for e in book.examples if "totals" in (e.expect.get("score") or {})), None)


def round_robin(sides: int) -> list[list[tuple[int, int]]]:
    """The rounds of an event in which each of ``sides`` (an even number) meets every other
    once: in round r the last side plays side r at table 1 (named first in odd rounds, so
    that it does not always keep the scoresheet), and at table k + 1 side r + k plays side
    r - k, counted round the other sides (the circle method). The side named first sits at
    side 0's seats."""
    others = sides - 1

    def around(n: int) -> int:
        return (n - 1) % others + 1

    return [[(sides, r) if r % 2 else (r, sides),
             *((around(r + k), around(r - k)) for k in range(1, sides // 2))]
            for r in range(1, sides)]


def schedule_lines(sides: int, team: str) -> list[str]:
    """The schedule of an event of ``sides`` as a table: a row a round, a column a table,
    each cell the two sides' numbers (the first at the seats of its family's side 0)."""
    rounds = round_robin(sides)
    header = ["Round", *(f"Table {n}" for n in range(1, sides // 2 + 1))]
    rows = [[str(r), *(f"{a} v {b}" for a, b in pairs)]
            for r, pairs in enumerate(rounds, start=1)]
    intro = (f"The schedule: in each cell the {team} named first sits at the seats of "
             f"{team} 0.")
    return [intro, "", *table(header, rows)]


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
    worked = ["Example", escape(example_scene(example).header.rstrip(".")), *middle,
              *_pair(gained),
              *_pair(score.get("totals")), made if cards else ""]
    blank = "\u00a0"  # a cell to write in
    rows = [[str(n), *[blank] * 8] for n in range(1, BLANK_ROWS + 2)]
    noted = "whether the contract was made or failed, a sweep, and " if cards else ""
    if cards:
        conversions = " and ".join(rule_link(catalogue, r) for r in CONVERSIONS[:2])
        lines += [f"Game points come from card points by {conversions}, the two sides' "
                  f"together as {rule_link(catalogue, CONVERSIONS[2])} says: a side's figure "
                  "in a conversion table is not always what it scores.", ""]
    widths = (9, 23, 9, 9, 8, 8, 9, 9, 16) if cards else (9, 20, 12, 9, 8, 8, 9, 9, 16)
    lines += [f"One row a hand, the contract with its calls (and any Double) in the second "
              f"column. A hand as it is written: {escape(example.says)} It was scored by this "
              "book's rules when the book was built. In the notes: "
              f"{noted}the reason for any score the director adjusted (the irregularities' "
              "procedures say when).", "",
              *table(header, [worked], widths=(widths[0] + 3, widths[1] - 3, *widths[2:])),
              *keep_with_picture(FULL_PAGE), _fill_in(side), ""]
    gap = "\\_" * 10
    return [*lines, *table(header, rows, widths=widths),
            f"Signed, after the last hand: a player of each {side} {gap} and {gap}; the "
            f"director {gap}.", ""]


def _fill_in(side: str) -> str:
    """The lines above a scoresheet's rows, to fill in before play."""
    gap = "\\_" * 10
    return (f"Event {gap} Round {gap} Table {gap} | {side.title()} 0 {gap} "
            f"| {side.title()} 1 {gap}")


def most_played(catalogue: Catalogue, ruling: Ruling,
                policy: dict[tuple[str, str], Decision]) -> str:
    """The reading most of the public engines and rule pages read for this book play, when
    most of them play another than the book's ruling in one of its games (empty otherwise)."""
    return next((most for most in (policy[(game, ruling.parameter)].common_reading(
        ruling.reading) for game in ruling.games) if most), "")


def _tick(catalogue: Catalogue, ruling: Ruling, reading: str, common: str) -> str:
    """The box to tick for one reading, with what it is played with and what it says; empty
    when no game of the ruling offers it."""
    offers = [o for o in (offer(catalogue, g, ruling.parameter, reading) for g in ruling.games)
              if o.offered]
    if not offers:
        return ""
    needs = "".join(f" (with {option_name(catalogue, p, r)})" for o in offers for p, r in o.needs)
    meaning = catalogue.parameters[ruling.parameter].reading(reading).meaning.rstrip(".")
    mark = " *Common play.*" if reading == common else ""
    return (f"\u2610 **{option_name(catalogue, ruling.parameter, reading)}**{needs}: "
            f"{escape(meaning)}.{mark}")


def _ticks(catalogue: Catalogue, ruling: Ruling,
           policy: dict[tuple[str, str], Decision]) -> list[str]:
    """The boxes of a ruling's house options that can be played."""
    common = most_played(catalogue, ruling, policy)
    others = [r for r in catalogue.parameters[ruling.parameter].reading_ids if r != ruling.reading]
    return [box for box in (_tick(catalogue, ruling, r, common) for r in others) if box]


def announcement_lines(catalogue: Catalogue) -> list[str]:
    """The form a tournament fills in and shows before play: each rule with house options
    that can be played, what the book rules and what each option says, the options most
    tables play marked, and the event's times and officials."""
    book = catalogue.rulebook
    assert book is not None
    family = family_name(catalogue)
    gap = "\\_" * 12
    lines = [*keep_with_picture(FULL_PAGE), *label(page_label(family, "announcement")),
             *heading("Announcing the house options", 1),
             "Before play the director fills in this form and shows it to every table: a tick "
             "against each house option the tournament plays instead of the book's rule. A rule "
             "left unticked is played as the book rules it; at most one option of a rule may be "
             "ticked. Only options that can be played with the book's other rules are listed, "
             "and an option changes only its own rule: the procedures of this handbook stay as "
             "they are. Where most of the public engines and rule pages read for this book play "
             "an option rather than the book's rule, the option is marked *common play*: "
             "players used to it should be told which rule is played. An option's letter is "
             "its place among the rule's readings in every edition; a letter left out is the "
             "book's own rule or a reading that cannot be played as an option.", "",
             f"| Tournament {gap} Date {gap}",
             f"| Director {gap} Deputy director {gap}",
             f"| Appeals committee {gap}, {gap}, {gap}",
             f"| Rounds {gap} Time for a round {gap} minutes", ""]
    order = numbers(catalogue)
    policy = decisions(catalogue)
    rows = []
    for ruling in sorted(book.rulings, key=lambda r: order[r.parameter]):
        options = _ticks(catalogue, ruling, policy)
        if options:  # the rule's number alone: the same in every edition; the form prints alone
            ruled = catalogue.parameters[ruling.parameter].reading(ruling.reading).meaning
            rows.append([str(order[ruling.parameter]),
                         f"**{escape(rule_title(catalogue, ruling.parameter))}.** "
                         f"The book: {escape(ruled)}", "| " + "\n       | ".join(options)])
    return [*lines, *table(["Rule", "Subject and the book's rule", "Options played (tick one "
                                                                     "at most)"], rows,
                           widths=(8, 44, 48)),
            f"Signed, the director {gap}", ""]


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


def index_word(title: str) -> str:
    """A title as an index lists it, by its first word that means something: "A misdeal" as
    "Misdeal", "The cut before the deal" as "Cut before the deal"."""
    first, _, rest = title.partition(" ")
    if first.casefold() in ("a", "an", "the") and rest:
        return rest[:1].upper() + rest[1:]
    return title


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
    entries_by_word = sorted(((index_word(name), where) for name, where in listed),
                             key=lambda e: e[0].casefold())
    for name, where in entries_by_word:
        lines += [f"| {escape(name)}: {where}"]  # numbers: the same in every edition
    return [*lines, ""]
