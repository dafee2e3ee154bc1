"""Source claims: loading errors name file and line; source profiles keep silences and
ambiguities open; the counts `trickrules sources` shows follow from the claims."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import edit_spec, spec_error

from trickrules.cli import main
from trickrules.proofs.kout.theorems import deck_matches_deal
from trickrules.spec.loader import family_catalogue
from trickrules.spec.source_profiles import source_profile, source_profiles, stance, summary


def test_claim_with_an_unknown_reading_names_file_and_line(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "claims.toml", 'fixes = { "deck.cards" = "full-54" }',
                 'fixes = { "deck.cards" = "full-52" }')
    error = spec_error(spec_copy)
    assert f"claims.toml:{line}:" in str(error) and "'full-52' is not a reading" in str(error)


def test_japanese_quotation_without_gloss_is_refused(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "claims.toml",
                 'gloss = "Two Jokers are used besides the usual 52 cards."\n', "")
    error = spec_error(spec_copy)
    assert "needs a gloss" in str(error) and error.line is not None and error.line < line


def test_ambiguous_claim_needs_its_readings(spec_copy: Path) -> None:
    edit_spec(spec_copy / "claims.toml",
          'readings = { "joker.unqualified-lead" = ["only-jokers-left", "any-time"] }\n', "")
    error = spec_error(spec_copy)
    assert "schema" in str(error) and "claims.toml" in str(error)


def test_silence_leaves_every_reading_open() -> None:
    catalogue = family_catalogue("kout")
    profile = source_profile(catalogue, "000", "kout6")
    assert "joker.second-joker" in summary(catalogue, "000", "kout6").silences
    assert profile.values["joker.second-joker"] == catalogue.parameters[
        "joker.second-joker"].reading_ids
    assert profile.values["joker.unqualified-lead"] == ("only-jokers-left", "any-time")
    assert profile.values["auction.shape"] == ("single-round",)


def test_variants_of_source_000_are_profiles() -> None:
    profiles = source_profiles(family_catalogue("kout"))
    assert profiles["src000-kout6-ace-only"].values["joker.lead-after-trumps-played"] == ("ace",)
    assert profiles["src000-kout6-ace-only"].values["joker.declarer-without-ace"] == (
        "may-lead",)
    assert profiles["src000-kout6-bid-only"].values["joker.lead-after-trumps-played"] == (
        "never",)
    assert profiles["src000-kout6"].values["joker.lead-after-trumps-played"] == (
        "ace-king-queen-jack",)


def test_source_000_kout4_contradicts_itself_on_the_deal() -> None:
    catalogue = family_catalogue("kout")
    assert ("000.k4.deal", "000.k4.deck") in summary(catalogue, "000", "kout4").contradictions
    result = deck_matches_deal(source_profile(catalogue, "000", "kout4"))
    assert result.verdict == "refuted" and result.witness["deck"] == 38


def test_sources_command_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sources", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["sources"]
    catalogue = family_catalogue("kout")
    assert sum(r["claims"] for r in rows if r["game"] == "kout6") == sum(
        1 for c in catalogue.claims.values() if "kout6" in c.games)
    by = {(r["source"], r["game"]): r for r in rows}
    assert "003.auction-shape" in by[("003", "kout6")]["ambiguities"]
    assert by[("002", "kout6")]["variants"] == []


def test_a_section_that_inherits_is_read_with_its_parents_claims() -> None:
    """000's Kout Bo 4 section says its scoring is "identical to those in the parent version"
    and its Joker lead "As in the six player version": read with the six-player claims, it
    plays every trick and lets a bid of eight lead only the red Joker. Without the recorded
    inheritance the early stop is a silence and the Joker lead an ambiguity."""
    catalogue = family_catalogue("kout")
    early = stance(catalogue, "000", "kout4", "hand.early-stop")
    assert (early.readings, early.how, early.claims) == (
        ("play-all-tricks",), "states", ("000.k6.all-tricks",))
    lead = stance(catalogue, "000", "kout4", "joker.lead-by-bid")
    assert (lead.readings, lead.how) == (("8-red-9-either",), "states")
    assert "hand.early-stop" not in summary(catalogue, "000", "kout4").silences
    assert source_profile(catalogue, "000", "kout4").values["game.target"] == ("101",)
    orphan = replace(catalogue, sources={**catalogue.sources, "000": replace(
        catalogue.sources["000"], inherits=())})
    assert stance(orphan, "000", "kout4", "hand.early-stop").how == "silent"
    assert stance(orphan, "000", "kout4", "joker.lead-by-bid").readings == (
        "8-red-9-either", "8-or-9-either")
    assert "game.target" in summary(orphan, "000", "kout4").silences


def test_an_inheritance_that_contradicts_the_section_allows_both() -> None:
    catalogue = family_catalogue("kout")
    own = catalogue.claims["000.k4.deal"]
    clash = replace(own, id="000.k4.stop", fixes={"hand.early-stop": "stop-when-decided"},
                    conflicts_with=())
    changed = replace(catalogue, claims={**catalogue.claims, clash.id: clash})
    assert stance(changed, "000", "kout4", "hand.early-stop").readings == (
        "play-all-tricks", "stop-when-decided")
    assert ("000.k4.stop", "000.k6.all-tricks") in summary(
        changed, "000", "kout4").contradictions


@pytest.mark.parametrize(("old", "new", "named"), [
    ('parent = "kout6"\nsentence = "000.59.1"', 'parent = "kout5"\nsentence = "000.59.1"',
     "does not describe game 'kout5'"),
    ('sentence = "000.61.1"', 'sentence = "001.61.1"', "is not of source '000'"),
    ('parameters = ["hand.early-stop"', 'parameters = ["hand.early-stopping"',
     "parameter 'hand.early-stopping' is not one of both"),
])
def test_a_bad_inheritance_is_located(spec_copy: Path, old: str, new: str, named: str) -> None:
    line = edit_spec(spec_copy / "sources.toml", old, new)
    error = spec_error(spec_copy)
    assert named in str(error) and "sources.toml" in str(error)
    assert error.line is not None and abs(error.line - line) < 8


def test_the_sources_chapter_shows_each_inheritance_with_its_words() -> None:
    from trickrules.rulebook.sources_page import _inheritance

    catalogue = family_catalogue("kout")
    text = "\n".join(_inheritance(catalogue, "000"))
    assert "Its Kout Bo 4 section says it follows Kout Bo 6 (000.59.1)" in text
    assert "<kout-rule-joker.lead-by-bid>" in text and "<kout-rule-hand.early-stop>" in text
    assert "\u201cAs in the six player version of the game\u201d" in text
    assert _inheritance(catalogue, "002") == []
