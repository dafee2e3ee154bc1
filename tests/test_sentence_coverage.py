"""Every sentence of every source is cited by a claim or marked as stating no rule; quotations
are in their sentences; the committed sentence index matches the seed files."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from helpers import copy_family

from trickrules.spec.coverage import INDEX_FILE, build_index, index_text, odds_citations
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import family_catalogue, load_catalogue
from trickrules.spec.registry import family_dir
from trickrules.spec.sentences import read_sentences, sources_directory

COVERED = ("kout", "baloot")
"""The families whose sources are accounted for sentence by sentence."""


def _seed_files() -> Path:
    found = sources_directory()
    if found is None or not found.is_dir():
        pytest.skip("the seed files are not beside this checkout (set TRICKRULES_SOURCES)")
    return found


@pytest.mark.parametrize("family", COVERED)
def test_every_sentence_is_cited_or_marked(family: str) -> None:
    catalogue = family_catalogue(family)
    assert catalogue.sentences is not None
    for source in catalogue.sources:
        coverage = catalogue.sentences.coverage(source)
        assert coverage.total > 0 and coverage.missing == (), (source, coverage.missing)
        assert coverage.cited + sum(coverage.marked.values()) >= coverage.total


@pytest.mark.parametrize("family", COVERED)
def test_every_sentence_not_in_english_has_a_gloss(family: str) -> None:
    catalogue = family_catalogue(family)
    assert catalogue.sentences is not None
    for source in catalogue.sources.values():
        if source.language == "en":
            continue
        ids = [row[0] for row in catalogue.sentences.sentences[source.id]]
        assert ids and [sid for sid in ids if sid not in catalogue.sentences.glosses] == []


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_the_sentence_index_matches_the_seed_files(family: str) -> None:
    where = _seed_files()
    base = family_dir(family)
    catalogue = load_catalogue(base, sentences=False)
    index = build_index(catalogue.sources, {**catalogue.claims, **odds_citations(base)}, where)
    assert index_text(index) == (base / INDEX_FILE).read_text(encoding="utf-8"), \
        "stale sentence index: run `make sentences`"


def test_a_quotation_not_in_its_source_is_named() -> None:
    where = _seed_files()
    catalogue = family_catalogue("baloot")
    claim = catalogue.claims["004w.sun-double"]
    broken = {claim.id: dataclasses.replace(claim, quote=claim.quote.replace("100", "101"))}
    with pytest.raises(ValueError, match=r"004w\.sun-double.*in no sentence of source 004w"):
        build_index(catalogue.sources, broken, where)
    vague = {claim.id: dataclasses.replace(claim, quote="Sun")}
    with pytest.raises(ValueError, match="in several sentences"):
        build_index(catalogue.sources, vague, where)


def test_the_splitter_keeps_table_rows_whole_and_joins_wrapped_lines() -> None:
    where = _seed_files()
    kout = family_catalogue("kout")
    sentences = {s.id: s.text for s in read_sentences(kout.sources["000"], where)}
    assert sentences["000.30.1"] == "Malzolm (5) | 5 | 5 |"
    assert sentences["000.8.2"].startswith("If this last, required bid, is for the minimum five")
    baloot = family_catalogue("baloot")
    text = {s.id: s.text for s in read_sentences(baloot.sources["004g"], where)}
    assert text["004g.165.13"] == "Hokom Contract"  # a heading run on to a sentence's end
    assert all(sid.startswith("004g.") for sid in text)  # the text after the marker only


def _baloot_copy(tmp_path: Path) -> Path:
    return copy_family("baloot", tmp_path)


def test_an_unmarked_sentence_is_reported_missing(tmp_path: Path) -> None:
    base = _baloot_copy(tmp_path)
    marks = base / "sentences.toml"
    marks.write_text(marks.read_text().replace('"004w.42.3", ', ""))
    book = load_catalogue(base).sentences
    assert book is not None and book.coverage("004w").missing == ("004w.42.3",)


@pytest.mark.parametrize(("change", "message"), [
    (('"004w.42.3", ', '"004w.42.3", "004w.999.1", '), "no sentence '004w.999.1' in the index"),
    (('"004w.42.3", ', '"004w.42.3", "004w.39.1", '), "claim '004w.sun-over-hokom' cites it"),
    (('"004w.118.2"]', '"004w.118.2", "004w.42.3"]'), "'004w.42.3' is marked twice"),
    (('reason = "advice"', 'reason = "chatter"'), "unknown reason 'chatter'"),
])
def test_a_bad_mark_is_refused_at_its_line(tmp_path: Path, change: tuple[str, str],
                                           message: str) -> None:
    base = _baloot_copy(tmp_path)
    marks = base / "sentences.toml"
    text = marks.read_text()
    assert change[0] in text
    marks.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(SpecError, match=message) as error:
        load_catalogue(base)
    assert error.value.file.endswith("sentences.toml") and error.value.line is not None


def test_a_claim_missing_from_the_index_asks_for_make_sentences(tmp_path: Path) -> None:
    base = _baloot_copy(tmp_path)
    claims = base / "claims.toml"
    claims.write_text(claims.read_text().replace('id = "004w.gahwa"', 'id = "004w.gahwa-new"'))
    with pytest.raises(SpecError, match=r"004w\.gahwa-new.*make sentences"):
        load_catalogue(base)


def test_the_sources_command_shows_coverage_and_each_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    from trickrules.cli import main

    assert main(["sources", "--json"]) == 0
    rows = {(r["source"], r["game"]): r for r in json.loads(capsys.readouterr().out)["sources"]}
    assert rows[("004w", "baloot")]["sentences"]["missing"] == []
    assert rows[("004g", "baloot")]["sentences"]["total"] == 217
    assert rows[("000", "kout6")]["sentences"]["missing"] == []
    assert main(["sources", "--sentences", "004w", "--json"]) == 0
    listed = {r["id"]: r for r in json.loads(capsys.readouterr().out)["sentences"]}
    assert listed["004w.39.1"]["claims"] == ["004w.sun-over-hokom"]
    assert listed["004w.42.3"]["no_rule"] == "advice" and not listed["004w.42.3"]["claims"]
    assert listed["004w.52.1"]["claims"] == ["004w.point-lists"]  # a row read with its claim
    assert main(["sources", "--sentences", "003", "--json"]) == 0
    japanese = {r["id"]: r for r in json.loads(capsys.readouterr().out)["sentences"]}
    assert japanese["003.5.2"]["claims"] == ["003.k4.cards-used"]
    assert japanese["003.5.2"]["gloss"] == "The cards taken out are not used in the game."
    assert main(["sources", "--sentences", "009"]) == 2
    assert "no source '009'" in capsys.readouterr().err


def test_explain_and_diff_find_the_baloot_family(capsys: pytest.CaptureFixture[str]) -> None:
    from trickrules.cli import main

    assert main(["explain", "baloot/double.sun/one-side-above-100-vs-one-above-other-below-100",
                 "--json"]) == 0
    dispute = json.loads(capsys.readouterr().out)
    assert dispute["verdict"] == "differs"
    assert any(o["kind"] == "doubling" and o["replayed"] for o in dispute["outcomes"])


def test_sentences_show_no_words_the_index_does_not_hold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A seed text that differs from the one indexed (one line inserted): ``sources
    --sentences`` says so and shows no sentence's words where the index holds another
    sentence (it once showed 134 sentences of 004w with their neighbours' words, exit 0);
    a seed that lacks the marker its source is cut at is named."""
    from trickrules.cli.main import main

    seeds = _seed_files()
    source = family_catalogue("baloot").sources["004w"]
    copy = tmp_path / "seeds"
    shutil.copytree(seeds, copy)
    monkeypatch.setenv("TRICKRULES_SOURCES", str(copy))
    assert main(["sources", "--sentences", "004w", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["differing_from_index"] == 0
    seed = copy / source.file
    seed.write_text("An inserted line.\n" + seed.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["sources", "--sentences", "004w", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    indexed = {s.id: s.text for s in read_sentences(source, seeds)}
    assert shown["differing_from_index"] > 100
    assert all(row["text"] in (None, indexed.get(row["id"])) for row in shown["sentences"])
    assert main(["sources", "--sentences", "004w"]) == 0
    assert "differs from the one indexed" in capsys.readouterr().out
    assert source.until is not None or source.after is not None
    marker = source.until or source.after
    assert marker is not None
    seed.write_text(seed.read_text(encoding="utf-8").replace(marker, ""), encoding="utf-8")
    assert main(["sources", "--sentences", "004w"]) == 2
    assert f"{seed}: lacks" in capsys.readouterr().err
