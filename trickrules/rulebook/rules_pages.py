"""The rules chapters, the house options and the glossary, as reStructuredText."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from trickrules.proofs.outcome_words import is_play, outcome_text, witness_text
from trickrules.proofs.rule_facts import RuleFact, fill, rule_facts
from trickrules.rulebook.cards_svg import describe, play_witness
from trickrules.rulebook.example_pictures import picture_height
from trickrules.rulebook.examples import Example
from trickrules.rulebook.offered import Offer, offer
from trickrules.rulebook.policy_page import ruling_policy_lines
from trickrules.rulebook.rst import (
    cjk_class,
    claim_label,
    dispute_label,
    escape,
    file_slug,
    has_cjk,
    heading,
    keep_with_picture,
    label,
    page_label,
    ref,
    rule_label,
    table,
)
from trickrules.rulebook.rule_examples_page import rule_example_lines
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
from trickrules.spec.ruling_policy import Decision, decisions
from trickrules.spec.rulings import RULE_REFERENCE, Ruling, Term
from trickrules.spec.source_profiles import Stance, speaking_texts, stance

HOW_WORDS = {"states": "states it", "implies": "leans to it by an inference",
             "ambiguous": "allows it among others",
             "contradicts": "contradicts itself", "silent": "is silent"}


def normative(catalogue: Catalogue, text: str, facts: dict[str, RuleFact]) -> list[str]:
    """A rule's text as an indented paragraph, its checked statements in words, then the
    tables and the examples they bring (see :mod:`trickrules.proofs.rule_facts`)."""
    filled, shown = fill(text, facts)
    lines = [f"   {rule_text(catalogue, filled)}", ""]
    for fact in shown:
        if fact.table:
            lines += fact_table(fact.table)
        for example in fact.examples:
            lead = "Example" if example.allowed else "Example of the limit"
            lines += [f"   *{lead}:* {escape(example.words)}", ""]
    return lines


def keep_with_table(text: str, facts: dict[str, RuleFact]) -> list[str]:
    """Before a rule part: in print, a new page unless the part's first lines (and the table
    its text brings) fit on this one, so that no heading or part number ends a page alone (a
    break inside the indented part has no effect)."""
    return keep_with_picture(part_height(text, facts))


PART_START = 110
"""Points a rule part needs on its page to start there: its heading, its number and the first
lines of its text."""
CHAPTER_TITLE = 60
"""Points a chapter's title takes above its first rule."""


def part_height(text: str, facts: dict[str, RuleFact]) -> int:
    """Points a rule part whose text is ``text`` needs to start on a page: its first lines,
    and the table the text brings, if any (up to 25 rows)."""
    rows = sum(line.strip().startswith("* -") for fact in fill(text, facts)[1] if fact.table
               for line in fact_table(fact.table))
    return 140 + 22 * min(rows, 25) if rows else PART_START


def _first_text(catalogue: Catalogue, rule: NumberedRule) -> str:
    """The text of a rule's first part."""
    if rule.core is not None:
        return rule.core.rule
    return rulebook_of(catalogue).rulings_for(rule.id)[0].rule


def fact_table(rows: tuple[tuple[str, ...], ...]) -> list[str]:
    """A checked table, indented under its rule; a long two-column table is set in three
    column pairs (headed in short words, to fit a phone), read down each pair."""
    header, body = rows[0], list(rows[1:])
    if len(header) == 2 and len(body) > 12:
        depth = -(-len(body) // 3)
        columns = [body[i * depth:(i + 1) * depth] for i in range(3)]
        body = [tuple(cell for column in columns
                      for cell in (column[i] if i < len(column) else ("", "")))
                for i in range(depth)]
        header = ("Cards", "Game") * 3
    return ["   " + line if line else "" for line in table(header, [tuple(escape(c) for c in r)
                                                                 for r in body])]


def rule_text(catalogue: Catalogue, text: str) -> str:
    """Rule or reason text with ``{rule-id}`` references turned into numbered links."""
    out, last = [], 0
    for match in RULE_REFERENCE.finditer(text):
        out.append(escape(text[last:match.start()]))
        out.append(rule_link(catalogue, match.group(1)))
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


def rule_link(catalogue: Catalogue, rule_id: str) -> str:
    """A link to a rule of the catalogue's family, shown by its number."""
    return ref(rule_label(family_name(catalogue), rule_id),
               f"rule {numbers(catalogue)[rule_id]}")


def cite(claim_id: str) -> str:
    """A citation: a link to the claim in the Sources chapter."""
    return ref(claim_label(claim_id), f"[{claim_id}]")


def game_names(catalogue: Catalogue, games: Iterable[str], sep: str = " and ") -> str:
    """The games' names as the rule data gives them (``Kout Bo 6 and Kout Bo 4``)."""
    return sep.join(catalogue.games[g].name for g in games)


def sources_lines(catalogue: Catalogue, ruling: Ruling) -> list[str]:
    """The *Sources* line of a ruling in each of its games: what each source says, with its
    claims, then the ruling's other citations ("see also"), each claim cited once."""
    lines = []
    for game in ruling.games:
        parts = []
        shown: set[str] = set()
        for source in catalogue.sources.values():
            if game not in source.games:
                continue
            s = stance(catalogue, source.id, game, ruling.parameter)
            cited = " ".join(cite(c) for c in s.claims)
            shown.update(s.claims)
            parts.append(f"{source.id} {_stance_words(s, ruling.reading)}"
                         f"{' ' + cited if cited else ''}")
        extra = " ".join(cite(c) for c in ruling.cites if c not in shown)
        lines.append(f"   *Sources ({catalogue.games[game].name}):* " + "; ".join(parts)
                     + (f"; see also {extra}" if extra else "") + ".")
        lines.append("")
    return lines


def _stance_words(s: Stance, reading: str) -> str:
    """What a source says of the ruling's ``reading``: how it takes its stance, or that it
    states (or leans to) another reading."""
    agrees = reading in s.readings
    if s.how == "states" and not agrees:
        return "states another reading"
    if s.how == "implies" and not agrees:
        return "leans to another reading by an inference"
    return HOW_WORDS[s.how]


def example_image(family: str, rule: str) -> str:
    """The drawing's file name of a rule's example, under ``_cards``."""
    return f"example-{family}-{file_slug(rule)}.svg"


def example_lines(catalogue: Catalogue, example: Example) -> list[str]:
    """The example paragraph of a rule: the witness (drawn as cards when it is a situation of
    play, else told), the outcome under the rule and under the house option."""
    game, kind, w = example.game, example.kind, example.witness
    told = witness_text(game, kind, w)
    if is_play(w):
        points = picture_height(play_witness(w, kind, told)) * 3 // 5  # 0.75 pt a pixel, 80%
        lines = [*keep_with_picture(min(points + 60, 700)),
                 f"*Example* ({catalogue.games[game].name}):", "",
                 f".. image:: /_cards/{example_image(family_name(catalogue), example.rule)}",
                 "   :scale: 80%", f"   :alt: {escape(_alt(example, told))}", "",
                 escape(f"{told} {_situation(example)}")]
    else:
        lines = [f"*Example* ({catalogue.games[game].name}): {escape(told)}"]
    context = [_option_words(catalogue, k, v) for k, v in example.context.items()]
    if context:  # the difference needs another option: with the book's rules it never arises
        many = "s" if len(context) > 1 else ""
        lines[-1] += (" With the book's other rules no such difference arises: this one needs "
                      f"house option{many} {escape('; '.join(context))} as well.")
    ours = outcome_text(game, kind, example.outcome, describe, sep=", ")
    theirs = outcome_text(game, kind, example.other_outcome, describe, sep=", ")
    other = option_name(catalogue, example.rule, example.other)
    lines += ["", f"Under {rule_link(catalogue, example.rule)}: {escape(ours)}. Under house "
              f"option {other}: {escape(theirs)} "
              f"({ref(dispute_label(example.dispute), 'the dispute')}).", ""]
    return lines


def _option_words(catalogue: Catalogue, parameter: str, reading: str) -> str:
    """A house option named for players: its name and what it says."""
    meaning = catalogue.parameters[parameter].reading(reading).meaning.rstrip(".")
    return f"{option_name(catalogue, parameter, reading)} ({meaning[:1].lower()}{meaning[1:]})"


def _situation(example: Example) -> str:
    w = example.witness
    if example.kind == "legal":
        return (f"Seat {w['mover']} is to play (highlighted): may it play the "
                f"{describe(w['card'])}?")
    return f"Seat {(w['leader'] + len(w['trick'])) % len(w['hands'])} completes the trick " \
           f"with the {describe(w['then'])} (dashed)."


def _alt(example: Example, told: str) -> str:
    return f"Hands and trick of the example for rule {example.rule}. {told}"


def _house_lines(catalogue: Catalogue, ruling: Ruling,
                 disputes: list[dict[str, Any]]) -> list[str]:
    """A ruling's house options, a bullet per other reading of its rule with what it means
    and where it plays differently or which sources allow it."""
    parameter = catalogue.parameters[ruling.parameter]
    others = [r for r in parameter.readings if r.id != ruling.reading]
    if not others:
        return ["   *House options:* none; no other reading is known.", ""]
    lines = []  # each item names itself a house option: no label left alone in print
    mine = _ruling_disputes(ruling, disputes)
    texts = {game: speaking_texts(catalogue, game).get(ruling.parameter, ())
             for game in ruling.games}
    for reading in others:
        chosen = [offer(catalogue, game, ruling.parameter, reading.id) for game in ruling.games]
        if not any(o.offered for o in chosen):  # cannot be played: among the disputes only
            continue
        shown = _option_backing(ruling, reading.id, mine, texts)
        name = _offered_name(catalogue, ruling, reading.id, chosen)
        lines.append(f"   - **House option {name}:** {escape(reading.meaning)}{shown}")
    if not lines:
        return ["   *House options:* none that can be played with the book's other rules.", ""]
    return [*lines, ""]


def _ruling_disputes(ruling: Ruling, disputes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The disputes about a ruling's parameter in one of its games."""
    return [d for d in disputes
            if d["parameter"] == ruling.parameter and set(ruling.games) & {d["game"]}]


def _offered_name(catalogue: Catalogue, ruling: Ruling, reading: str,
                  chosen: list[Offer]) -> str:
    """A house option's name, with the other options it needs to be played in each game
    where it is offered."""
    return option_name(catalogue, ruling.parameter, reading) + "".join(
        f" (with {option_name(catalogue, p, r)})" for o in chosen if o.offered
        for p, r in o.needs)


def _option_backing(ruling: Ruling, reading: str, mine: list[dict[str, Any]],
                    texts: dict[str, tuple[tuple[str, tuple[str, ...]], ...]]) -> str:
    """What stands behind one house option, said after its meaning: the dispute where it
    plays differently from the ruling, else the sources that allow it (and a dispute their
    readings meet in), else that no source states it."""
    links = [ref(dispute_label(d["id"]), "where it plays differently") for d in mine
             if set(d["readings"]) == {ruling.reading, reading}]
    allowing = sorted({source for stands in texts.values()
                       for source, readings in stands if reading in readings})
    if links:
        return f" See {links[0]}."
    if allowing:
        against = [ref(dispute_label(d["id"]), "where the texts' readings differ")
                   for d in mine if reading in d["readings"]]
        return (f" {' and '.join(allowing)} allow{'s' if len(allowing) == 1 else ''} it"
                + (f"; see {against[0]}." if against else "."))
    return " No source states it."


def _rule_section(catalogue: Catalogue, rule: NumberedRule, disputes: list[dict[str, Any]],
                  examples: dict[str, Example], facts: dict[str, RuleFact],
                  policy: dict[tuple[str, str], Decision]) -> list[str]:
    book = rulebook_of(catalogue)
    lines = keep_with_table(_first_text(catalogue, rule), facts)  # heading, words, table
    lines += label(rule_label(family_name(catalogue), rule.id))
    lines += heading(f"{rule.number}. {rule_title(catalogue, rule.id)}", 2)
    if rule.core is not None:
        games = game_names(catalogue, rule.core.games)
        lines += [f"**{rule.number}.1** ({games})", "",
                  *normative(catalogue, rule.core.rule, facts),
                  "   *Sources:* " + " ".join(cite(c) for c in rule.core.claims) + ".", "",
                  "   No source disagrees; every profile shares this rule.", ""]
        for written in book.examples_of(rule.id):
            lines += rule_example_lines(family_name(catalogue), written)
        return lines
    parameter = catalogue.parameters[rule.id]
    lines += [f"*{escape(parameter.meaning)}*", ""]
    for sub, ruling in enumerate(book.rulings_for(rule.id), start=1):
        reading = parameter.reading(ruling.reading)
        lines += [*(keep_with_table(ruling.rule, facts) if sub > 1 else []),
                  f"**{rule.number}.{sub}** ({game_names(catalogue, ruling.games)})", "",
                  *normative(catalogue, ruling.rule, facts),
                  f"   *Ruling:* {escape(reading.meaning)}", "",
                  f"   *Why:* {rule_text(catalogue, ruling.why)}", ""]
        lines += ruling_policy_lines(catalogue, ruling.games, ruling.parameter, policy)
        lines += sources_lines(catalogue, ruling)
        lines += _house_lines(catalogue, ruling, disputes)
    if rule.id in examples:
        lines += example_lines(catalogue, examples[rule.id])
    for written in book.examples_of(rule.id):
        lines += rule_example_lines(family_name(catalogue), written)
    return lines


def rules_pages(catalogue: Catalogue, disputes: list[dict[str, Any]],
                examples: dict[str, Example]) -> dict[str, list[str]]:
    """One page per chapter, ``rules-<n>.rst``, with every rule of that chapter."""
    pages: dict[str, list[str]] = {}
    facts = rule_facts(catalogue)
    policy = decisions(catalogue)
    for rule in numbered_rules(catalogue):
        name = f"rules-{rule.chapter.number}"
        if name not in pages:
            first = part_height(_first_text(catalogue, rule), facts)
            pages[name] = [*keep_with_picture(first + CHAPTER_TITLE),  # the title with a rule
                           *label(page_label(family_name(catalogue),
                                             f"chapter-{rule.chapter.number}")),
                           *heading(f"{rule.chapter.number}. {rule.chapter.title}", 0)]
        pages[name] += _rule_section(catalogue, rule, disputes, examples, facts, policy)
    return pages


def house_page(catalogue: Catalogue, disputes: list[dict[str, Any]]) -> list[str]:
    """Every reading the rulebook does not take, as an option a house may announce."""
    book = rulebook_of(catalogue)
    lines = [*label(page_label(family_name(catalogue), "house-options")),
             *heading("House options", 0),
             "A house, club or tournament may replace a ruling with another reading of the "
             "same rule. It should announce each option before play by its name, the rule's "
             f"number and a letter (for example: \u201cwe play option {_first_option(catalogue)}"
             "\u201d). Every "
             "option below is a reading some source states, allows or lists as a variant, or "
             "one a careful reader might take; the link with it shows the first situation "
             "where it plays differently.", ""]
    order = numbers(catalogue)
    for ruling in sorted(book.rulings, key=lambda r: order[r.parameter]):  # in rule order
        parameter = catalogue.parameters[ruling.parameter]
        if len(parameter.readings) == 1:
            continue
        ruled = parameter.reading(ruling.reading).meaning.rstrip(".")
        title = (f"{rule_link(catalogue, ruling.parameter)}, "
                 f"*{escape(rule_title(catalogue, ruling.parameter))}* "
                 f"({game_names(catalogue, ruling.games)}). The book rules: "
                 f"{escape(ruled[:1].lower() + ruled[1:])}.")
        lines += [title, ""]
        lines += _house_lines(catalogue, ruling, disputes)
    return lines


def _sort_key(text: str) -> str:
    """A term's place in alphabetical order: without accents, case or leading punctuation."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold().lstrip("'\u2018")


def _first_option(catalogue: Catalogue) -> str:
    """The name of the book's first house option, to show how one is announced."""
    for ruling in rulebook_of(catalogue).rulings:
        for reading in catalogue.parameters[ruling.parameter].readings:
            if reading.id != ruling.reading:
                return option_name(catalogue, ruling.parameter, reading.id)
    raise ValueError("the book has no house option")


def glossary_page(catalogue: Catalogue) -> list[str]:
    """The glossary in alphabetical order: each term, its meaning, how each source spells it
    and the rules using it; each other spelling in Latin letters is an entry of its own that
    sends the reader to the term."""
    book = rulebook_of(catalogue)
    lines = [*label(page_label(family_name(catalogue), "glossary")), *heading("Glossary", 0),
             "Each term as this book uses it, in alphabetical order with every other way the "
             "sources write it, followed by the way each source writes it. Arabic words reach "
             "the sources through different transliterations." + _katakana_note(book.glossary),
             "", ".. glossary::", ""]
    entries = _glossary_entries(catalogue, book.glossary)
    for _, body in sorted(entries, key=lambda entry: _sort_key(entry[0])):
        lines += body
    return lines


def _katakana_note(glossary: tuple[Term, ...]) -> str:
    """The glossary's note on the sources that write its terms in katakana; empty when no
    source does."""
    japanese = sorted({source for term in glossary for s in term.spellings
                       if has_cjk(s.text) for source in s.sources})
    return (f" The Japanese source ({', '.join(japanese)}) writes them in katakana, given "
            "here with a romanisation." if japanese else "")


def _glossary_entries(catalogue: Catalogue,
                      glossary: tuple[Term, ...]) -> list[tuple[str, list[str]]]:
    """The glossary's entries, unsorted: each term's, then an entry sending the reader to it
    for each other spelling in Latin letters that is not a term or an entry already."""
    entries: list[tuple[str, list[str]]] = []
    names = {t.term.casefold() for t in glossary}
    seen: set[str] = set()
    for term in glossary:
        entries.append((term.term, _term_entry(catalogue, term)))
        for spelling in term.spellings:
            key = spelling.text.casefold()
            if has_cjk(spelling.text) or key in names or key in seen:
                continue
            seen.add(key)
            entries.append((spelling.text, [f"   {spelling.text}",
                                            f"      See :term:`{term.term}`.", ""]))
    return entries


def _term_entry(catalogue: Catalogue, term: Term) -> list[str]:
    """One term's glossary entry: its meaning, each source's spelling of it, and the rules
    using it in the book's order."""
    body = [f"   {term.term}", f"      {escape(term.meaning)}", ""]
    body += cjk_class(" ".join(s.text for s in term.spellings), "      ")
    for spelling in term.spellings:
        note = f" ({escape(spelling.note)})" if spelling.note else ""
        where = (f"source {', '.join(spelling.sources)}" if spelling.sources
                 else f"a public engine, {escape(spelling.practice or '')}")
        body.append(f"      - {escape(spelling.text)} \u2014 {where}{note}")
    if not term.spellings:
        body.append("      This book's word, for its own procedures and rules.")
    body.append("")
    if term.rules:
        order = numbers(catalogue)  # in the book's order, as a reader looks them up
        links = ", ".join(rule_link(catalogue, r)
                          for r in sorted(term.rules, key=lambda r: order[r]))
        body += [f"      Used in {links}.", ""]
    return body
