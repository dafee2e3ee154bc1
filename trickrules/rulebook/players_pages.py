"""The players' edition: the whole game in order and in players' words, one page per chapter.

Each rule is its checked text with the tables it brings, the house options a table may
announce instead (only those that can be played), one plain line where the book's ruling
differs from what most public engines and rule pages play, and at most one example drawn only
as far as it needs. No ids, citations, sources or file names: those are the committee
edition's, which one line at the front points to."""

from __future__ import annotations

import html
from dataclasses import replace

from trickrules.proofs.rule_facts import RuleFact, fill, rule_facts
from trickrules.rulebook.example_pictures import picture_height, scene_svg
from trickrules.rulebook.example_scenes import Scene, example_scene
from trickrules.rulebook.narrow_pictures import narrow_svg
from trickrules.rulebook.offered import offer
from trickrules.rulebook.rst import escape, heading, keep_with_picture, label, ref
from trickrules.rulebook.rules_pages import fact_table
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import (
    NumberedRule,
    family_name,
    numbered_rules,
    numbers,
    option_name,
    rule_title,
    rulebook_of,
)
from trickrules.spec.practice import HOUSE
from trickrules.spec.rule_examples import RuleExample
from trickrules.spec.ruling_policy import Decision, decisions
from trickrules.spec.rulings import RULE_REFERENCE, Ruling

PRINT_SCALE = 70
"""How large the pictures print, in percent of the size a screen shows them at."""
CHAPTER_CONTENTS = (".. only:: html", "", "   .. contents:: In this chapter", "      :local:",
                    "      :depth: 1", "")
"""On screen, each chapter starts with the list of its rules (a long chapter on a phone is
many screens); the printed edition has its page numbers instead."""
CHAPTER_KEEP = 170
"""Points a chapter's title needs left on its page in print, to start with its first rule."""
MOST_TRICKS = 2
"""The most tricks a score's picture draws: those its rule is about, else none."""
PLAYERS = "players"
"""The folder of the players' pages inside a family's part, and the edition's root page."""


def players_label(family: str, what: str) -> str:
    """A target inside the players' edition (its rules are apart from the committee's)."""
    return f"{family}-players-{what}"


def players_rule_link(catalogue: Catalogue, rule_id: str) -> str:
    """A link to a rule of the players' edition, shown by its number."""
    return ref(players_label(family_name(catalogue), f"rule-{rule_id}"),
               f"rule {numbers(catalogue)[rule_id]}")


def players_text(catalogue: Catalogue, text: str, linked: bool = True) -> str:
    """A rule text with ``{rule-id}`` references turned into links to the players' rules (or,
    not ``linked``, into their numbers: the quick reference prints alone)."""
    out, last = [], 0
    for match in RULE_REFERENCE.finditer(text):
        rule = match.group(1)
        out += [escape(text[last:match.start()]),
                players_rule_link(catalogue, rule) if linked
                else f"rule {numbers(catalogue)[rule]}"]
        last = match.end()
    return "".join([*out, escape(text[last:])])


def compact_scene(scene: Scene, about_deal: bool = False) -> Scene:
    """The example's picture drawn only as far as it needs: the hand of the player to move,
    not every hand; the trick the rule is about, not every trick of the hand; the score; the
    calls of a buying, and the cards taken after it only for a rule of the deal
    (``about_deal``)."""
    if scene.kind == "play":
        mover = scene.mover if scene.mover is not None else min(scene.hands)
        return replace(scene, hands={mover: scene.hands.get(mover, ())})
    if scene.kind == "buying":
        return _compact_buying(scene, about_deal)
    about = tuple(t for t in scene.tricks if t.number in scene.highlighted)
    if scene.kind == "trick":
        return replace(scene, hands={}, tricks=about or scene.tricks[-1:])
    # a score: the tally, with the trick or two the rule is about (a whole hand is not drawn)
    return replace(scene, hands={}, tricks=about if len(about) <= MOST_TRICKS else ())


def _compact_buying(scene: Scene, about_deal: bool) -> Scene:
    """A buying's picture: the calls; the hands (and the cards taken) only where the deal
    is the point."""
    if scene.marks_mean and about_deal:
        return scene
    return replace(scene, hands={}, marked={}, marks_mean="")


def players_drawing_name(family: str, example: RuleExample) -> str:
    """The file name of an example's compact picture, under ``_cards``."""
    return f"players-example-{family}-{example.id}.svg"


def players_print_name(family: str, example: RuleExample) -> str:
    """The file name of an example's compact picture for print, under ``_cards``."""
    return f"players-print-{family}-{example.id}.svg"


def players_drawings(example: RuleExample) -> tuple[str, str]:
    """An example's compact pictures, replayed in the engine like the committee's: narrow for
    a screen, and laid out across the page for print."""
    scene = compact_scene(example_scene(example), example.rule.startswith("deal."))
    return narrow_svg(scene), scene_svg(scene)


def _example_lines(family: str, example: RuleExample) -> list[str]:
    screen, printed = players_drawings(example)
    title = screen[screen.index("<title>") + 7:screen.index("</title>")]
    points = picture_height(printed) * 3 * PRINT_SCALE // 400
    alt = f":alt: {escape(html.unescape(title))}"
    return [*keep_with_picture(min(points + 50, 600)),
            f"*Example:* {escape(example.says)}", "",
            ".. only:: html", "", "   .. container:: players-picture", "",
            f"      .. image:: /_cards/{players_drawing_name(family, example)}",
            f"         {alt}", "",
            ".. only:: pdf", "", f"   .. image:: /_cards/{players_print_name(family, example)}",
            f"      {alt}", f"      :scale: {PRINT_SCALE}%", ""]


def _games_prefix(catalogue: Catalogue, games: tuple[str, ...]) -> str:
    """``In Kout Bo 4:`` before a rule that holds in some of the family's games only."""
    if set(games) == set(catalogue.games):
        return ""
    return "In " + " and ".join(catalogue.games[g].name for g in games) + ": "


def _option_words(catalogue: Catalogue, game: str, parameter: str, reading: str) -> str:
    meaning = catalogue.parameters[parameter].reading(reading).meaning.rstrip(".")
    chosen = offer(catalogue, game, parameter, reading)
    needs = "".join(f" (with {option_name(catalogue, p, r)})" for p, r in chosen.needs)
    return f"**{option_name(catalogue, parameter, reading)}**{needs} {escape(meaning)}"


def offered_options(catalogue: Catalogue, ruling: Ruling) -> list[tuple[str, str]]:
    """The house options of a ruling the book offers (in at least one of its games), each
    with the first game it is offered in."""
    out = []
    for reading in catalogue.parameters[ruling.parameter].reading_ids:
        if reading == ruling.reading:
            continue
        games = [g for g in ruling.games if offer(catalogue, g, ruling.parameter, reading).offered]
        if games:
            out.append((reading, games[0]))
    return out


def _house_line(catalogue: Catalogue, ruling: Ruling) -> list[str]:
    options = offered_options(catalogue, ruling)
    if not options:
        return []
    words = "; ".join(_option_words(catalogue, game, ruling.parameter, reading)
                      for reading, game in options)
    return [f"*House options:* {words}.", ""]


def common_play(catalogue: Catalogue, ruling: Ruling, decision: Decision) -> str:
    """One plain line when most of the public engines and rule pages read for this book play
    another reading than the ruling, naming the house option that plays it, or when practice
    decided the ruling (empty otherwise)."""
    against, playing = decision.against_practice(ruling.reading)
    if decision.step == "practice" and decision.reading == ruling.reading:
        return (f"*Common play:* this is the rule most of the public engines and rule pages "
                f"read for this book play ({playing - against} of the {playing}).")
    most = decision.common_reading(ruling.reading)
    if not most:
        return ""
    sources = dict(decision.practice)[most]
    share = (f"*Common play:* {against} of the {playing} public engines and rule pages read "
             "for this book play another rule")
    if most.startswith(HOUSE):
        return f"{share}; the one most of them play is not among this book's options."
    meaning = catalogue.parameters[ruling.parameter].reading(most).meaning.rstrip(".")
    name = option_name(catalogue, ruling.parameter, most)
    offered = offer(catalogue, decision.game, ruling.parameter, most).offered
    return (f"{share}; most often ({len(sources)} of them): "
            f"{escape(meaning[:1].lower() + meaning[1:])}"
            + (f" (house option {name})." if offered else "."))


def _text_lines(catalogue: Catalogue, prefix: str, text: str,
                facts: dict[str, RuleFact]) -> list[str]:
    filled, shown = fill(text, facts)
    lines = [f"{escape(prefix)}{players_text(catalogue, filled)}", ""]
    for fact in shown:
        if fact.table:
            lines += [line[3:] for line in fact_table(fact.table)]
    return lines


def _rule_lines(catalogue: Catalogue, rule: NumberedRule, facts: dict[str, RuleFact],
                policy: dict[tuple[str, str], Decision]) -> list[str]:
    family = family_name(catalogue)
    lines = [*keep_with_picture(90), *label(players_label(family, f"rule-{rule.id}")),
             *heading(f"{rule.number}. {rule_title(catalogue, rule.id)}", 1)]
    if rule.core is not None:
        lines += _text_lines(catalogue, _games_prefix(catalogue, rule.core.games),
                             rule.core.rule, facts)
    else:
        for ruling in rulebook_of(catalogue).rulings_for(rule.id):
            lines += _text_lines(catalogue, _games_prefix(catalogue, ruling.games),
                                 ruling.rule, facts)
            said = {common_play(catalogue, ruling, policy[(g, rule.id)]) for g in ruling.games}
            lines += [line for said_line in sorted(said - {""}) for line in (said_line, "")]
            lines += _house_line(catalogue, ruling)
    written = rulebook_of(catalogue).examples_of(rule.id)
    if written:
        lines += _example_lines(family, written[0])
    return lines


def players_chapters(catalogue: Catalogue) -> dict[str, list[str]]:
    """One page per chapter, ``players/rules-<n>``, every rule of the chapter in order."""
    family = family_name(catalogue)
    facts, policy = rule_facts(catalogue), decisions(catalogue)
    pages: dict[str, list[str]] = {}
    chapters = [c.number for c in rulebook_of(catalogue).chapters]
    for rule in numbered_rules(catalogue):
        name = f"{PLAYERS}/rules-{rule.chapter.number}"
        if name not in pages:
            way = _way_around(family, chapters, rule.chapter.number)
            pages[name] = [*keep_with_picture(CHAPTER_KEEP),
                           *label(players_label(family, f"chapter-{rule.chapter.number}")),
                           *heading(f"{rule.chapter.number}. {rule.chapter.title}", 0),
                           *way, *CHAPTER_CONTENTS]
        pages[name] += _rule_lines(catalogue, rule, facts, policy)
    for number in chapters:
        pages[f"{PLAYERS}/rules-{number}"] += _way_around(family, chapters, number)
    return pages


def _way_around(family: str, chapters: list[int], number: int) -> list[str]:
    """On screen, the links a reader on a phone needs at a chapter's top and foot: the
    edition's contents, the quick reference, the chapters before and after."""
    links = [ref(players_label(family, "front"), "Contents"),
             ref(players_label(family, "quick"), "Quick reference")]
    at = chapters.index(number)
    if at > 0:
        links.append(ref(players_label(family, f"chapter-{chapters[at - 1]}"), "Previous chapter"))
    if at + 1 < len(chapters):
        links.append(ref(players_label(family, f"chapter-{chapters[at + 1]}"), "Next chapter"))
    return [".. only:: html", "", "   " + " \u00b7 ".join(links), ""]


def players_examples(catalogue: Catalogue) -> dict[str, str]:
    """The compact pictures the players' chapters show (on screen and in print), by file
    name."""
    family = family_name(catalogue)
    book = rulebook_of(catalogue)
    out = {}
    for rule in numbered_rules(catalogue):
        written = book.examples_of(rule.id)
        if written:
            screen, printed = players_drawings(written[0])
            out[players_drawing_name(family, written[0])] = screen
            out[players_print_name(family, written[0])] = printed
    return out
