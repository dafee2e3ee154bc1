"""What the rule data says about its sources cites the sentences it rests on (issue 33, item 1):
every cited sentence is in the index, every quoted phrase is in a sentence the text cites,
every source a reason or note speaks of is cited, a source a ruling calls silent is silent, and
a theorem a reason or note names gives the verdict it states."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from trickrules.proofs.kit import kit
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.citations import problems, stated_silences, statements, uncited
from trickrules.spec.loader import family_catalogue
from trickrules.spec.rulings import Ruling
from trickrules.spec.sentences import Sentence, read_sentences, sources_directory
from trickrules.spec.source_profiles import source_profile, stance

FAMILIES = ("kout", "baloot")


def _words(catalogue: Catalogue) -> dict[str, Sentence]:
    where = sources_directory()
    if where is None or not Path(where).is_dir():
        pytest.skip("the seed files are not beside this checkout (set TRICKRULES_SOURCES)")
    return {s.id: s for source in catalogue.sources.values()
            for s in read_sentences(source, Path(where))}


def _with_why(catalogue: Catalogue, parameter: str, why: str) -> Catalogue:
    assert catalogue.rulebook is not None
    rulings = tuple(dataclasses.replace(r, why=why) if r.parameter == parameter else r
                    for r in catalogue.rulebook.rulings)
    return dataclasses.replace(catalogue, rulebook=dataclasses.replace(
        catalogue.rulebook, rulings=rulings))


def _ruling(catalogue: Catalogue, parameter: str) -> Ruling:
    assert catalogue.rulebook is not None
    return next(r for r in catalogue.rulebook.rulings if r.parameter == parameter)


@pytest.mark.parametrize("family", FAMILIES)
def test_each_cited_sentence_is_indexed_and_each_quotation_is_in_one(family: str) -> None:
    catalogue = family_catalogue(family)
    assert problems(catalogue, _words(catalogue)) == []
    assert sum(len(s.cited) for s in statements(catalogue)) > 100


@pytest.mark.parametrize("family", FAMILIES)
def test_each_source_a_reason_or_note_speaks_of_is_cited(family: str) -> None:
    assert uncited(family_catalogue(family)) == []


@pytest.mark.parametrize("family", FAMILIES)
def test_a_source_a_ruling_calls_silent_is_silent(family: str) -> None:
    catalogue = family_catalogue(family)
    said = stated_silences(catalogue)
    assert said
    for where, source, parameter, games in said:
        for game in games:
            if game in catalogue.sources[source].games:
                assert stance(catalogue, source, game, parameter).how == "silent", (where, source)


QUOTE_CITED = re.compile(r"[\"']([^\"']{8,}?)[\"'],? \((\d{3}[a-z]?)\.\d+\.\d+")
"""A quotation followed by the sentence it is from: 'words' (004g.187.3)."""

SAID_SILENT = ("is silent", "does not say", "says nothing", "neither text says", "says only")
"""How a reason says that a source it quotes does not decide its rule."""


def _quoted_yet_silent(catalogue: Catalogue) -> list[str]:
    """Rulings whose reason quotes a source for their rule while the rule data counts that
    source silent on it (and the reason does not say so): a reading the source states but no
    claim of it records."""
    assert catalogue.rulebook is not None
    out = []
    for ruling in catalogue.rulebook.rulings:
        if any(words in ruling.why.lower() for words in SAID_SILENT):
            continue
        for match in QUOTE_CITED.finditer(ruling.why):
            source = match.group(2)
            for game in ruling.games:
                if (game in catalogue.sources[source].games
                        and stance(catalogue, source, game, ruling.parameter).how == "silent"):
                    out.append(f"{ruling.parameter} ({game}): quotes {source} "
                               f"({match.group(1)!r}), which no claim makes speak on it")
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_a_source_a_reason_quotes_for_its_rule_speaks_on_it(family: str) -> None:
    assert _quoted_yet_silent(family_catalogue(family)) == []


def test_a_quoted_source_counted_silent_is_caught() -> None:
    """Rule 411's reason quotes 004g's Triple sentence; without the claims that record it,
    the rulebook said '004g is silent' beside the quotation, as it once did."""
    catalogue = family_catalogue("baloot")
    claims = {k: c for k, c in catalogue.claims.items()
              if k not in ("004g.triple-by-declarer", "004g.gahwa-by-declarer")}
    found = _quoted_yet_silent(dataclasses.replace(catalogue, claims=claims))
    assert found and all(f.startswith("double.buyer-raises (baloot): quotes 004g") for f in found)


def _theorem_claims(catalogue: Catalogue, family: str) -> list[tuple[str, str, str, str]]:
    """(where, theorem, profile, verdict) for each theorem a reason or note names: refuted
    for the source it names after 'is refuted for', else proved on each game's book profile."""
    theorems = kit(family).theorems
    ids = {t.id for t in theorems}
    games = {r.why: r.games for r in catalogue.rulebook.rulings} if catalogue.rulebook else {}
    out = []
    for statement in statements(catalogue):
        for theorem in sorted(ids):
            for match in re.finditer(rf"(?<![\w.-]){re.escape(theorem)}(?![\w.-])"
                                     r"(?: is refuted for (\d{3}[a-z]?))?", statement.text):
                for game in games.get(statement.text, tuple(catalogue.games)):
                    if match.group(1):
                        if game in catalogue.sources[match.group(1)].games:
                            out.append((statement.where, theorem,
                                        f"src{match.group(1)}-{game}", "refuted"))
                    else:
                        out.append((statement.where, theorem, f"{game}-default", "proved"))
    return out


def _verdict(catalogue: Catalogue, family: str, theorem: str, profile: str) -> str:
    checks = {t.id: t.check for t in kit(family).theorems}
    if profile.startswith("src"):
        source, game = profile[3:].split("-", 1)
        chosen = source_profile(catalogue, source, game)
    else:
        chosen = catalogue.profile(profile)
    return checks[theorem](chosen).verdict


@pytest.mark.parametrize("family", FAMILIES)
def test_each_theorem_a_reason_or_note_names_gives_the_verdict_stated(family: str) -> None:
    catalogue = family_catalogue(family)
    named = _theorem_claims(catalogue, family)
    assert named
    for where, theorem, profile, verdict in named:
        assert _verdict(catalogue, family, theorem, profile) == verdict, (where, theorem)


def test_an_altered_quotation_and_a_removed_sentence_are_caught() -> None:
    """The shipped reason of project.baloot-holder quotes 004g.186.6: altering a word of the
    quotation, or taking the sentence out of the index, is named."""
    catalogue = family_catalogue("baloot")
    words = _words(catalogue)
    why = _ruling(catalogue, "project.baloot-holder").why
    assert '"Opponents are unable to claim this bonus' in why
    altered = _with_why(catalogue, "project.baloot-holder",
                        why.replace("Opponents are unable", "Opponents are able"))
    assert problems(altered, words) == [
        'ruling project.baloot-holder (baloot, why): "Opponents are able to claim this bonus, '
        'as it is reserved for the declarer" is in none of 004w.111.1, 004w.116.3, 004g.186.6, '
        "004w.118.1"]
    book = catalogue.sentences
    assert book is not None
    removed = dataclasses.replace(catalogue, sentences=dataclasses.replace(book, sentences={
        source: tuple(row for row in rows if row[0] != "004g.186.6")
        for source, rows in book.sentences.items()}))
    found = problems(removed, None)
    assert "ruling project.baloot-holder (baloot, why): cites 004g.186.6, a sentence not in " \
           "the index" in found
    assert "claim 004g.baloot-reserved (note): cites 004g.186.6, a sentence not in the index" \
           in found


def test_an_uncited_source_a_false_silence_and_a_wrong_verdict_are_caught() -> None:
    catalogue = family_catalogue("baloot")
    bare = _with_why(catalogue, "double.split", "004w says the winner takes all.")
    assert uncited(bare) == ["ruling double.split (baloot, why): speaks of 004w and cites none "
                             "of its sentences"]
    assert uncited(_with_why(catalogue, "double.split", "Both texts say so (004w.126.3).")) == [
        "ruling double.split (baloot, why): speaks of 004g and cites none of its sentences"]
    silent = _with_why(catalogue, "double.split", "004w is silent (004g.187.2).")
    where, source, parameter, games = next(s for s in stated_silences(silent)
                                           if s[2] == "double.split")
    assert (where, source) == ("ruling double.split (baloot, why)", "004w")
    assert stance(silent, source, games[0], parameter).how == "states"
    kout = family_catalogue("kout")
    wrong = _with_why(kout, "score.made", "Proved by the theorem score.one-team is refuted for "
                      "001 (001.24.1).")
    named = [c for c in _theorem_claims(wrong, "kout") if c[0].startswith("ruling score.made")]
    assert named == [("ruling score.made (kout6/kout4, why)", "score.one-team",
                      "src001-kout6", "refuted"),
                     ("ruling score.made (kout6/kout4, why)", "score.one-team",
                      "src001-kout4", "refuted")]
    assert _verdict(kout, "kout", "score.one-team", "src001-kout6") == "proved"
