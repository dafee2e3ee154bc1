"""The ruling page's words in the reader's language: its own sentences and the protocol's
(question titles, field labels and help) from the program's catalogue, and the rules that
decide an answer from the players' edition's catalogue, the same translation the printed
rules carry. A text without a translation is shown as it is (English)."""

from __future__ import annotations

import re
from functools import cache

from trickrules.locale import PAGES_DOMAIN, languages, translation
from trickrules.rulings.question import QUESTION_TITLES

REFERENCE = re.compile(r":ref:`([^`<]*?)\s*<[^`>]+>`")
"""A link of the players' pages, ``:ref:`rule 501 <kout-players-rule-joker.lead>```."""
MARKUP = re.compile(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|\\")
"""Emphasis and escapes of the players' pages' sentences, which the page's text lacks."""


def _(language: str, text: str) -> str:
    """``text`` (a sentence of the page) in ``language``."""
    return translation(language).gettext(text)


def words(language: str, text: str) -> str:
    """A text of the question protocol (a title, a label, a help line) in ``language``."""
    return translation(language).gettext(text) if text else text


def plain(sentence: str) -> str:
    """A sentence of the players' pages as plain text: links as their words, no emphasis."""
    return MARKUP.sub("", REFERENCE.sub(r"\1", sentence))


@cache
def rule_words(language: str) -> dict[str, str]:
    """The players' edition's sentences in ``language``, by their English as plain text: how a
    rule's text or heading the page shows is looked up."""
    if language == "en":
        return {}
    catalogue = translation(language, PAGES_DOMAIN)
    out = {}
    for english, translated in getattr(catalogue, "_catalog", {}).items():
        if isinstance(english, str) and english and translated:
            out[plain(english)] = plain(str(translated))
    return out


def rule_text(language: str, text: str) -> str:
    """A rule's text in ``language``, as the players' edition words it (English if it has no
    translation there)."""
    return rule_words(language).get(text, text)


def rule_heading(language: str, number: object, title: str) -> str | None:
    """A rule's title in ``language`` from its heading in the players' edition, ``403.
    Following the suit led`` (None if there is none)."""
    found = rule_words(language).get(f"{number}. {title}")
    if found is None:
        return None
    return found.split(" ", 1)[1] if found.startswith(f"{number}.") else found


def page_languages() -> tuple[str, ...]:
    """The languages the page is offered in: English and every one with a catalogue."""
    return ("en", *languages())


def answer_keys() -> list[str]:
    """The names of the answers' fields, as the page shows them (``tricks won``)."""
    from trickrules.proofs.conformance.protocol import schema

    keys = {key for shape in schema("response").get("$defs", {}).values()
            for key in shape.get("properties", {})}
    return sorted(key.replace("_", " ") for key in keys)


def page_vocabulary() -> list[str]:
    """Every text of the question protocol the page shows: the questions' titles and help, the
    forms' labels and help, the answers' field names (for the catalogue)."""
    from trickrules.serve.forms import Field, question_fields, question_help
    from trickrules.serve.situations import game_facts
    from trickrules.spec.registry import game_ids

    out = [*QUESTION_TITLES.values(), *answer_keys()]

    def walk(fields: tuple[Field, ...] | list[Field]) -> None:
        for item in fields:
            out.extend(text for text in (item.label, item.help) if text)
            walk(item.children)

    for game in game_ids():
        facts = game_facts(game)
        out.append(facts.name)
        for op in facts.ops:
            out.append(question_help(game, op))
            walk(question_fields(game, op, facts.players))
    return list(dict.fromkeys(out))


def page_language(request: object) -> str:
    """The language a page is asked in: the path's first part (``/ar/``), else the first
    of the browser's ``Accept-Language`` the page is offered in, else English."""
    path = str(getattr(getattr(request, "url", None), "path", "/"))
    first = path.strip("/").split("/", 1)[0]
    offered = page_languages()
    if first in offered:
        return first
    headers = getattr(request, "headers", {})
    for choice in _accepted(str(headers.get("accept-language", ""))):
        if choice in offered:
            return choice
    return "en"


def _accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (``q=0`` refused)."""
    ranked = []
    for at, part in enumerate(header.split(",")):
        tag, _sep, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            ranked.append((-weight, at, tag.split("-")[0].lower()))
    return [tag for _w, _at, tag in sorted(ranked)]
