"""The players' edition around its chapters: the front page (how to read the rules, where the
committee edition is), the one-page quick reference and the glossary, all in players' words
and every rule text computed from the rule data as in the chapters."""

from __future__ import annotations

from trickrules.proofs.rule_facts import RuleFact, fill, rule_facts
from trickrules.rulebook.players_pages import (
    PLAYERS,
    players_chapters,
    players_label,
    players_text,
)
from trickrules.rulebook.rst import escape, heading, keep_with_picture, label, ref
from trickrules.rulebook.rules_pages import fact_table
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import family_name, numbered_rules, numbers, rulebook_of
from trickrules.spec.registry import family as family_record

QUICK_TABLE_KEEP = 200
"""Points a quick-reference table needs left on its page in print (its header and rows)."""
PAGE_BREAK = (".. raw:: pdf", "", "   PageBreak", "")
"""In print, a new page (the quick reference has a side of its own; the HTML ignores it)."""


def _seat_words(catalogue: Catalogue, side: str) -> str:
    """Who partners whom, each game of the family in a sentence."""
    out = []
    for game in catalogue.games.values():
        teams = [", ".join(str(s) for s in range(t, game.players, 2)) for t in (0, 1)]
        out.append(f"in {game.name} seats {teams[0]} are one {side} and seats {teams[1]} "
                   "the other")
    return "; ".join(out)


def players_front(catalogue: Catalogue, title: str) -> list[str]:
    """The edition's first page: what it holds, how to read it, where the committee edition
    is (its one pointer), and its table of contents."""
    family = family_name(catalogue)
    side = family_record(family).partnership
    first = numbered_rules(catalogue)[0]
    chapters = rulebook_of(catalogue).chapters
    contents = [("quick", "Quick reference"),
                *((f"chapter-{c.number}", f"{c.number}. {c.title}") for c in chapters),
                ("glossary", "Glossary")]
    return [":orphan:", "", *label(players_label(family, "front")),
            *heading(f"{title}: the rules for players", 0),
            "The whole game in the order it is played: dealing, buying, play and scoring, with "
            "the tables a player needs at the table and a quick reference on one page.", "",
            f"The committee edition ({family}-rulebook.pdf, or the {title} part of the site) "
            "gives the sources behind every rule and how each was settled.", "",
            *heading("Reading these rules", 1),
            f"Rules are numbered by chapter: rule {first.number + 1} is the second rule of "
            f"chapter {first.chapter.number}. **Must** is a duty, **may** a "
            "choice, **may not** a prohibition.", "",
            f"The examples number the seats from 0 in the order of play; "
            f"{_seat_words(catalogue, side)}. Cards are named by rank and suit, and drawn as "
            "they look.", "",
            "A club or tournament may play a *house option* instead of a rule: it names the "
            "option by the rule's number and a letter, and announces it before play. Each rule "
            "lists the options a table may play.", "",
            *heading("Contents", 1),
            *(f"- {ref(players_label(family, what), text)}" for what, text in contents), "",
            ".. toctree::", "   :hidden:", "", f"   {PLAYERS}/quick",
            *(f"   {PLAYERS}/rules-{c.number}" for c in chapters), f"   {PLAYERS}/glossary", ""]


def _quick_rule(catalogue: Catalogue, rule_id: str, facts: dict[str, RuleFact]) -> list[str]:
    lines = []
    for text in _rule_texts(catalogue, rule_id):
        filled, shown = fill(text, facts)
        lines += [f"- **{numbers(catalogue)[rule_id]}** "
                  f"{players_text(catalogue, filled, linked=False)}", ""]
        for fact in (f for f in shown if f.table):  # a table kept with its header in print
            lines += [*keep_with_picture(QUICK_TABLE_KEEP),
                      *(line[3:] for line in fact_table(fact.table))]
    return lines


def _rule_texts(catalogue: Catalogue, rule_id: str) -> list[str]:
    """A rule's texts: the core rule's, or one a ruling of it."""
    book = rulebook_of(catalogue)
    core = next((c for c in book.core if c.id == rule_id), None)
    return [core.rule] if core is not None else [r.rule for r in book.rulings_for(rule_id)]


def quick_page(catalogue: Catalogue, title: str) -> list[str]:
    """The one-page quick reference: the rules a player looks up during play, as the book
    states them, grouped as ``rulings.toml``'s ``quick`` sections say."""
    family = family_name(catalogue)
    facts = rule_facts(catalogue)
    lines = [*PAGE_BREAK, *label(players_label(family, "quick")),
             *heading(f"{title}: quick reference", 0)]
    for section in rulebook_of(catalogue).quick:
        lines += [f"**{escape(section.title)}**", ""]
        for rule_id in section.rules:
            lines += _quick_rule(catalogue, rule_id, facts)
    return [*lines, *PAGE_BREAK]


def players_glossary(catalogue: Catalogue) -> list[str]:
    """Every term of the book with its meaning, in alphabetical order (the committee's
    glossary adds how each source writes it)."""
    terms = sorted(rulebook_of(catalogue).glossary, key=lambda t: t.term.casefold())
    lines = [*label(players_label(family_name(catalogue), "glossary")),
             *heading("Glossary", 0)]
    for term in terms:
        lines += [f"**{escape(term.term)}**", f"   {escape(term.meaning)}", ""]
    return lines


def players_edition(catalogue: Catalogue, title: str) -> dict[str, list[str]]:
    """Every page of the players' edition, by name inside the family's part."""
    pages = {PLAYERS: players_front(catalogue, title), f"{PLAYERS}/quick": quick_page(
        catalogue, title), f"{PLAYERS}/glossary": players_glossary(catalogue)}
    pages.update(players_chapters(catalogue))
    return pages
