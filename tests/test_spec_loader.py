"""The rule-data loader: the shipped catalogue is complete, and bad files are located."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_family, edit_spec, spec_error

from trickrules.engine.errors import ProfileError
from trickrules.engine.kout.rules import compile_rules
from trickrules.spec.loader import family_catalogue


def test_shipped_catalogue_loads_and_profiles_are_concrete() -> None:
    catalogue = family_catalogue("kout")
    assert {"kout6-default", "kout4-default"} <= set(catalogue.profiles)
    for profile in catalogue.profiles.values():
        assert profile.is_concrete
        assert set(profile.values) == {p.id for p in catalogue.parameters_for(profile.game.id)}
        compile_rules(profile)


def test_every_reading_has_an_engine_meaning() -> None:
    """Each reading of each parameter compiles (alone, on top of the default profile)."""
    catalogue = family_catalogue("kout")
    base = catalogue.default_profile("kout6")
    compiled = 0
    for parameter in catalogue.parameters_for("kout6"):
        for reading in parameter.reading_ids:
            profile = base.derive("probe", {parameter.id: reading})
            try:
                compile_rules(profile)
                compiled += 1
            except ProfileError as exc:
                assert "cards but" in str(exc), exc  # only deck/hand-size mismatches may fail
    assert compiled > 50


def test_decks_match_the_source_descriptions() -> None:
    deck = family_catalogue("kout").parameters["deck.cards"]
    sizes = {r.id: len(r.deck()) for r in deck.readings}
    assert sizes == {"full-54": 54, "no-2-to-5": 38, "no-2-to-5-no-6-red": 36,
                     "no-2-5-6-red": 48}





def test_bad_toml_syntax_names_file_and_line(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "profiles.toml", '"deal.hand-size" = "9"', '"deal.hand-size" = 9"')
    error = spec_error(spec_copy)
    assert error.file.endswith("profiles.toml") and error.line == line
    assert "invalid TOML" in str(error)


def test_schema_violation_names_line(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "parameters.toml", 'topic = "auction"\nmeaning = "How many',
                 'topic = 7\nmeaning = "How many')
    error = spec_error(spec_copy)
    assert error.line == line and "schema" in str(error) and "7 is not of type 'string'" in str(
        error)


def test_unknown_reading_in_profile(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "profiles.toml", '"auction.shape" = "single-round"',
                 '"auction.shape" = "one-round"')
    error = spec_error(spec_copy)
    assert f"profiles.toml:{line}:" in str(error)
    assert "'one-round' is not a reading (readings: single-round, continuing)" in str(error)


def test_unknown_parameter_in_profile(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "profiles.toml", '"deck.cards" = "no-2-to-5-no-6-red"',
                 '"deck.card" = "no-2-to-5-no-6-red"')
    error = spec_error(spec_copy)
    assert error.line == line and "unknown parameter 'deck.card'" in str(error)


def test_profile_missing_a_parameter(spec_copy: Path) -> None:
    edit_spec(spec_copy / "profiles.toml", '"game.shutout" = "51-to-0"\n', "")
    error = spec_error(spec_copy)
    assert "assigns no reading to 'game.shutout'" in str(error)
    assert error.line is not None


def test_duplicate_parameter_id(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "parameters.toml", 'id = "auction.pass"', 'id = "auction.shape"')
    error = spec_error(spec_copy)
    assert error.line == line and "duplicate parameter id 'auction.shape'" in str(error)


def test_bad_deck_pattern(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "parameters.toml", 'remove = ["2*", "3*", "4*", "5*"]',
                 'remove = ["2*", "3*", "4*", "5X"]')
    error = spec_error(spec_copy)
    assert error.line == line and "bad card '5X'" in str(error)


def test_extends_cycle(spec_copy: Path) -> None:
    edit_spec(spec_copy / "profiles.toml", 'id = "kout6-default"\ngame = "kout6"',
          'id = "kout6-default"\ngame = "kout6"\nextends = "kout4-default"')
    assert "cycle" in str(spec_error(spec_copy))


def test_missing_file(tmp_path: Path) -> None:
    error = spec_error(tmp_path)
    assert "games.toml" in error.file and "cannot read" in str(error)


def test_engine_rejects_symbolic_and_inconsistent_profiles() -> None:
    base = family_catalogue("kout").default_profile("kout4")
    with pytest.raises(ProfileError, match=r"leaves auction\.shape open"):
        compile_rules(base.derive("open", {"auction.shape": ("single-round", "continuing")}))
    with pytest.raises(ProfileError, match="has 38 cards but 4 players x 9 cards need 36"):
        compile_rules(base.derive("source-000", {"deck.cards": "no-2-to-5"}))


def test_rulings_cover_every_parameter_of_every_game() -> None:
    catalogue = family_catalogue("kout")
    book = catalogue.rulebook
    assert book is not None
    for game, profile_id in book.profiles.items():
        profile = catalogue.profile(profile_id)
        for parameter in catalogue.parameters_for(game):
            assert book.ruling(game, parameter.id).reading == profile.value(parameter.id)


def test_a_ruling_that_disagrees_with_the_reconciled_profile_is_located(
        spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "rulings.toml", 'reading = "forced-5"', 'reading = "any-forced"')
    error = spec_error(spec_copy)
    assert error.file.endswith("rulings.toml") and error.line == line
    assert "reconciled profile kout6-default has 'forced-5'" in str(error)


def test_a_missing_ruling_is_named(spec_copy: Path) -> None:
    path = spec_copy / "rulings.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[ruling]]\nparameter = "game.target"')
    end = text.index("[[ruling]]", start + 1)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert "no ruling for 'game.target' in kout6" in str(spec_error(spec_copy))


def test_a_reference_to_an_unknown_rule_is_located(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "rulings.toml", "{auction.malzoom}", "{auction.malzoomz}")
    error = spec_error(spec_copy)
    assert error.line == line and "{auction.malzoomz} names no rule" in str(error)


def test_a_glossary_spelling_citing_an_unknown_source_is_located(spec_copy: Path) -> None:
    line = edit_spec(spec_copy / "glossary.toml", 'sources = ["002"] },',
                     'sources = ["009"] },')
    error = spec_error(spec_copy)
    # located at the term's list of spellings, a line or two above the inline table
    assert error.file.endswith("glossary.toml") and error.line is not None
    assert line - 3 <= error.line <= line
    assert "term 'pass': unknown source '009'" in str(error)


def test_a_glossary_spelling_from_practice_names_its_evidence(tmp_path: Path) -> None:
    """A spelling taken from a public engine names the evidence of practice.toml it comes
    from (its ``where``): one that names none is refused, at the term."""
    copy = copy_family("baloot", tmp_path)
    line = edit_spec(copy / "glossary.toml", "@36bcea0 (Kaboot)\" }", "@0000000 (Kaboot)\" }")
    error = spec_error(copy)
    assert error.file.endswith("glossary.toml") and error.line is not None
    assert line - 3 <= error.line <= line
    assert "term 'sweep':" in str(error) and "not the `where` of any evidence" in str(error)


def test_a_glossary_spelling_names_sources_or_practice_not_both(tmp_path: Path) -> None:
    copy = copy_family("baloot", tmp_path)
    line = edit_spec(copy / "glossary.toml", '(Kaboot)" },', '(Kaboot)", sources = ["004w"] },')
    error = spec_error(copy)
    assert error.line is not None and line - 3 <= error.line <= line  # at its spellings
    assert "spellings/0" in str(error) and "valid under each of" in str(error)


def test_a_byte_that_is_not_utf8_is_located(spec_copy: Path) -> None:
    path = spec_copy / "parameters.toml"
    line = edit_spec(path, 'id = "auction.pass"', 'id = "auction.pass"  # ZZ')
    path.write_bytes(path.read_bytes().replace(b"# ZZ", b"# \xff"))
    error = spec_error(spec_copy)
    assert error.file.endswith("parameters.toml") and error.line == line
    assert "not UTF-8" in str(error)


@pytest.mark.parametrize("index, named", [
    ("{}", "'sources' is a required property"), ("[]", "is not of type 'object'"),
    ('{"sources": {"000": {"file_sha256": "x", "sentences": []}}, "claims": {}}',
     "sources/000/file_sha256"),
    ('{"sources": ', "invalid JSON")])
def test_a_broken_sentence_index_is_named(spec_copy: Path, index: str, named: str) -> None:
    (spec_copy / "sentence_index.json").write_text(index, encoding="utf-8")
    error = spec_error(spec_copy)
    assert error.file.endswith("sentence_index.json") and named in str(error)


def test_no_glossary_entry_is_in_both_families() -> None:
    """Sphinx keeps one glossary for the whole site: a term (or a spelling's entry) in both
    families' glossaries is a duplicate, an error whenever the pages are read in one process
    (on one core), so a word both games use is given in one family's glossary only."""
    from trickrules.rulebook.rules_pages import glossary_page

    entries = {}
    for family in ("kout", "baloot"):
        lines = glossary_page(family_catalogue(family))
        entries[family] = {line.strip().casefold() for line in lines
                           if line.startswith("   ") and not line.startswith("    ")}
    assert entries["kout"] and entries["baloot"]
    assert entries["kout"] & entries["baloot"] == set()
