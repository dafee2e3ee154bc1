"""What the rule data says about its sources, checked against the sentences it cites.

A ruling's reason, a claim's note or ``why``, and an inherited section's quotation state what a
source says. Such a text names the sentences it rests on by id (``004g.186.6``, the ids of
``spec/sentences.py``) and puts the words it quotes in double quotes. A claim's own text may
also quote the sentences its quotation is in (and its rows). Checked here: every cited
sentence is in the family's sentence index, and every quoted phrase is in one of the sentences
the text cites or stands on (a quotation cut with "..." is checked part by part). A phrase
quoted from the rule data itself, such as a reading's name, is not in double quotes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.sentences import Sentence, normalise

CITATION = re.compile(r"(?<![\w.])(\d{3}[a-z]?\.\d+\.\d+)(?![\w]|\.\d)")
"""A sentence id inside prose."""
QUOTED = re.compile(r"\"([^\"]+)\"|\u201c([^\u201d]+)\u201d|\u300c([^\u300d]+)\u300d"
                    r"|(?<![\w'])'([^'\s](?:[^']*[^'\s])?)'(?![\w])")
"""A quoted phrase: in straight or curly double quotes, in single quotes (opening after no
letter, closing before none, so an apostrophe is no quotation mark), or in Japanese corner
brackets."""
_CUT = re.compile(r"\s*(?:\.\.\.|\u2026)\s*")


@dataclass(frozen=True)
class Statement:
    """One text of the rule data that may speak of a source."""

    where: str
    """What it is, for a message: ``ruling double.split (baloot, why)``, ``claim 004g.x (note)``."""
    text: str
    stands_on: tuple[str, ...]
    """Sentences the text may quote without citing them: its claim's own."""

    @property
    def cited(self) -> tuple[str, ...]:
        """The sentence ids the text names, in order."""
        return tuple(CITATION.findall(self.text))

    @property
    def quotations(self) -> tuple[str, ...]:
        """The phrases the text quotes."""
        return tuple(next(g for g in m.groups() if g is not None)
                     for m in QUOTED.finditer(self.text))


def statements(catalogue: Catalogue) -> Iterator[Statement]:
    """Every ruling reason, claim note and ``why``, and inheritance quotation of a family."""
    book = catalogue.sentences
    own = book.claim_sentences if book is not None else {}
    if catalogue.rulebook is not None:
        for ruling in catalogue.rulebook.rulings:
            yield Statement(f"ruling {ruling.parameter} ({'/'.join(ruling.games)}, why)",
                            ruling.why, ())
    for claim in catalogue.claims.values():
        for name in ("note", "why"):
            text = getattr(claim, name)
            if text:
                yield Statement(f"claim {claim.id} ({name})", text,
                                tuple(own.get(claim.id, ())))
    for source in catalogue.sources.values():
        for inheritance in source.inherits:
            yield Statement(f"source {source.id} ({inheritance.game} inherits from "
                            f"{inheritance.parent})", f'"{inheritance.quote}" '
                            f"({inheritance.sentence})", ())


def _contains(sentence: str, phrase: str) -> bool:
    words = normalise(sentence).casefold()
    return all(normalise(part).casefold() in words for part in _CUT.split(phrase) if part)


def problems(catalogue: Catalogue, texts: Mapping[str, Sentence] | None) -> list[str]:
    """What is wrong with the family's statements about its sources: a cited sentence not in
    the index, and (given the sentences' words, ``texts``) a quoted phrase in none of the
    sentences its text cites or stands on (or their English glosses), or quoted with nothing
    cited to find it in."""
    book = catalogue.sentences
    indexed = ({row[0] for rows in book.sentences.values() for row in rows}
               if book is not None else set())
    glosses = book.glosses if book is not None else {}
    out: list[str] = []
    for statement in statements(catalogue):
        out += [f"{statement.where}: cites {sid}, a sentence not in the index"
                for sid in statement.cited if sid not in indexed]
        if texts is not None:
            out += _quotation_problems(statement, texts, glosses)
    return out


def _quotation_problems(statement: Statement, texts: Mapping[str, Sentence],
                        glosses: Mapping[str, str]) -> list[str]:
    """Each phrase a statement quotes that is in none of the sentences it cites or stands
    on (nor their glosses), or that it quotes while citing no sentence."""
    where = [sid for sid in (*statement.cited, *statement.stands_on) if sid in texts]
    words = [texts[sid].text for sid in where] + [glosses[sid] for sid in where
                                                   if sid in glosses]
    out = []
    for phrase in statement.quotations:
        if not where:
            out.append(f"{statement.where}: quotes \"{phrase}\" and cites no sentence")
        elif not any(_contains(text, phrase) for text in words):
            out.append(f"{statement.where}: \"{phrase}\" is in none of "
                       + ", ".join(where))
    return out


_EVERY = re.compile(r"\b(?:both texts|every (?:source|text)|all (?:the |three |four )?(?:English )?"
                    r"(?:sources|texts))\b(?! that)", re.IGNORECASE)
"""Words that speak of every source ("every source that ..." speaks of some)."""
_SILENT = (r"(?:(?:,| and| nor| or) \d{3}[a-z]?)* (?:is silent|are silent|does not say|do not say"
           r"|says nothing|states no|gives no|gives none)")
"""Words saying that a source says nothing (nothing to cite; rulings' are checked apart)."""


def sources_named(catalogue: Catalogue, text: str) -> set[str]:
    """The sources a text speaks of: by id (``004g``, ``000's``; not a claim or sentence id,
    which go on with a dot), or all of them (``both texts``, ``every source``)."""
    named = {sid for sid in catalogue.sources
             if re.search(rf"(?<![\w.]){re.escape(sid)}(?![\w]|\.\w)(?!'s)(?!{_SILENT})",
                          text)
             or re.search(rf"(?<![\w.]){re.escape(sid)}'s", text)}
    if _EVERY.search(text):
        named |= set(catalogue.sources)
    return named


def uncited(catalogue: Catalogue) -> list[str]:
    """Statements that speak of a source without citing one of its sentences (a claim's own
    sentences count for its own source)."""
    out = []
    for statement in statements(catalogue):
        cited = {sid.rsplit(".", 2)[0] for sid in (*statement.cited, *statement.stands_on)}
        missing = sorted(sources_named(catalogue, statement.text) - cited)
        if missing:
            out.append(f"{statement.where}: speaks of {', '.join(missing)} and cites none of "
                       "its sentences")
    return out


_SAYS_SILENT = re.compile(r"(?<![\w.])(\d{3}[a-z]?)((?:(?:,| and| nor| or) \d{3}[a-z]?)*) "
                          r"(?:is silent|are silent|does not say|do not say|says nothing)")


def stated_silences(catalogue: Catalogue) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Each source a ruling's reason calls silent on its rule: (where, source, parameter,
    games), to be checked against what the source's claims touch."""
    out = []
    for ruling in catalogue.rulebook.rulings if catalogue.rulebook is not None else ():
        for match in _SAYS_SILENT.finditer(ruling.why):
            for sid in [match.group(1), *re.findall(r"\d{3}[a-z]?", match.group(2))]:
                if sid in catalogue.sources:
                    out.append((f"ruling {ruling.parameter} ({'/'.join(ruling.games)}, why)",
                                sid, ruling.parameter, ruling.games))
    return out
