"""Each class of misstatement a ruling's reason or a core rule's citation can make, checked
against the data it speaks of: a majority has its count, a claim that two readings score the
same agrees with their dispute's verdict, a number said of a source is in that source's rule,
and a core rule does not rest on a claim its own source contradicts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.loader import family_catalogue
from trickrules.spec.source_profiles import stance

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "proofs" / "verify" / "expected" / "verdicts.json"
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
COUNT = r"(\d+|one|two|three|four|five|six|seven)"
SAME = re.compile(r"same (score )?in every hand|never differ|in play this is the same")
SOURCE = re.compile(r"\b(00[0-4][wg]?)(?:\.\d+\.\d+)?\b")
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
"""A quotation of the source's own words, checked against the text by the citation tests."""
GAME = re.compile(r"Kout( Bo)? \d")
SENTENCE_ID = re.compile(r"\b00[0-4][wg]?\.\d+\.\d+\b|\{[^}]*\}|<<[^>]*>>")


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<=[.;:])\s+", text) if c]


def _number(word: str) -> int:
    return WORDS.get(word, 0) if not word.isdigit() else int(word)


def _rulings(family: str) -> list[tuple[Catalogue, str, str, str]]:
    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    return [(catalogue, game, r.parameter, r.why) for r in catalogue.rulebook.rulings
            for game in r.games]


FAMILIES = ("baloot", "kout")


@pytest.mark.parametrize("family", FAMILIES)
def test_a_reason_that_says_the_majority_gives_its_count(family: str) -> None:
    """"The majority" is a count: the clause that says it gives one, N of M with N more than
    half, or N to M with N the larger."""
    for _, _, parameter, why in _rulings(family):
        for clause in _clauses(why):
            if "majority" not in clause.lower():
                continue
            of = re.search(COUNT + r" of (?:the )?" + COUNT, clause)
            to = re.search(COUNT + r" (?:to|against) " + COUNT, clause)
            ok = ((of is not None and 2 * _number(of[1]) > _number(of[2]))
                  or (to is not None and _number(to[1]) > _number(to[2])))
            assert ok, f"{parameter}: a majority without its count: {clause!r}"


def _verdicts() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(VERDICTS.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("family", FAMILIES)
def test_a_reason_that_says_two_readings_score_alike_agrees_with_the_dispute(family: str) -> None:
    """A reason saying the readings give the same score in every hand (or never differ) is
    held to the verdicts of its dispute: every pair of the ruled reading and another reading a
    text allows must be proved the same in every respect."""
    verdicts = _verdicts()
    for catalogue, game, parameter, why in _rulings(family):
        if not SAME.search(why):
            continue
        ruled = catalogue.rulebook.ruling(game, parameter).reading  # type: ignore[union-attr]
        others = {r for source in catalogue.sources.values() if game in source.games
                  for r in stance(catalogue, source.id, game, parameter).readings
                  if stance(catalogue, source.id, game, parameter).how != "silent"} - {ruled}
        assert others, parameter
        for other in sorted(others):
            key = next(k for k in (f"{game}/{parameter}/{ruled}-vs-{other}",
                                   f"{game}/{parameter}/{other}-vs-{ruled}") if k in verdicts)
            differs = [aspect for aspect, v in verdicts[key].items() if v != "same"]
            assert not differs, f"{parameter}: the reason says the same, but {key} differs " \
                                f"in {differs}"


def _source_words(catalogue: Catalogue, source: str, game: str, parameter: str) -> str:
    """Everything the book reads a source's rule on a parameter with: its claims touching the
    parameter (quotation, rows, note, why) and the sentences they cite."""
    parts = []
    for claim in catalogue.claims.values():
        if claim.source != source or game not in claim.games:
            continue
        if parameter not in claim.allowed() and parameter not in (claim.note or ""):
            continue
        parts += [claim.quote, claim.note or "", claim.why or ""]
    return " ".join(parts)


def _cited_words(catalogue: Catalogue, clause: str) -> str:
    """The claims (quotation, note, why) that read the sentences a clause cites."""
    cited = set(re.findall(r"\b00[0-4][wg]?\.\d+\.\d+\b", clause))
    assert catalogue.sentences is not None
    return " ".join(f"{c.quote} {c.note or ''} {c.why or ''}"
                    for c in catalogue.claims.values()
                    if cited & set(catalogue.sentences.claim_sentences.get(c.id, ())))


@pytest.mark.parametrize("family", FAMILIES)
def test_a_number_a_reason_gives_a_source_is_in_that_sources_rule(family: str) -> None:
    """In a clause that names one source, each number must be found in what the book reads
    that source's rule with (its claims on the parameter, or the sentences the clause
    cites)."""
    for catalogue, game, parameter, why in _rulings(family):
        for clause in _clauses(why):
            sources = {m[1] for m in SOURCE.finditer(clause)}
            if len(sources) != 1:
                continue
            source = sources.pop()
            words = (_source_words(catalogue, source, game, parameter) + " "
                     + _cited_words(catalogue, clause))
            told = GAME.sub(" ", QUOTED.sub(" ", SENTENCE_ID.sub(" ", clause)))
            for number in re.findall(r"(?<![\w.])(?<!a )\d+(?![\w.])", told):
                if number == source.rstrip("wg"):
                    continue
                assert re.search(rf"(?<!\d){number}(?!\d)", words), \
                    f"{parameter}: {number} is said of {source}, not in its rule: {clause!r}"


@pytest.mark.parametrize("family", FAMILIES)
def test_a_core_rule_rests_on_no_claim_its_source_contradicts(family: str) -> None:
    """A core rule, which no parameter varies, is read from claims that say it: none of them
    may be a claim recorded as contradicting its source's other rule (one that names the
    claims it conflicts with), which would be reading that sentence for what the other
    sentence says."""
    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    conflicted = {c.id for c in catalogue.claims.values() if c.conflicts_with}
    for core in catalogue.rulebook.core:
        for cid in core.claims:
            assert cid not in conflicted, f"core rule {core.id} rests on {cid}, which its " \
                                          "source contradicts"
