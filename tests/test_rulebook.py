"""The rulebook: every rule and dispute has its page and anchor, citations resolve to claims,
examples replay in the engine, the build is clean and repeatable."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from helpers import DISPUTES, cli_help
from rulebook_html import (
    PLAYERS_PAGES,
    broken_links,
    lone_card_codes,
    machine_words,
    read_page,
    visible_text,
)

from trickrules.cli import main
from trickrules.rulebook.build import Built, build_rulebook
from trickrules.rulebook.examples import Example, check_example
from trickrules.rulebook.rst import (
    anchor,
    claim_label,
    dispute_label,
    disputed_rule_label,
    rule_label,
)
from trickrules.rulings.question import judge_question
from trickrules.spec.loader import family_catalogue
from trickrules.spec.numbering import numbered_rules, rule_title

FAMILIES = ("kout", "baloot")


@pytest.fixture
def built(rulebook: Built) -> Built:
    return rulebook


def _text(path: Path) -> str:
    """A page's text without its tags (a link's words read as the sentence around them)."""
    return re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("family", FAMILIES)
def test_every_rule_has_its_page_and_anchor(built: Built, family: str) -> None:
    catalogue = family_catalogue(family)
    rules = numbered_rules(catalogue)
    assert catalogue.rulebook is not None
    assert {r.id for r in rules} == set(catalogue.rulebook.rule_ids())
    assert {r.id for r in rules} >= set(catalogue.parameters)
    for rule in rules:
        path = built.html / family / f"rules-{rule.chapter.number}.html"
        assert anchor(rule_label(family, rule.id)) in read_page(path).ids, rule.id
        text = html.unescape(path.read_text(encoding="utf-8")).replace("\u2019", "'")
        assert f"{rule.number}. {rule_title(catalogue, rule.id)}" in text, rule.id
        assert f'<span class="pre">{rule.id}</span>' not in text  # an anchor, not a word


@pytest.mark.parametrize("family", FAMILIES)
def test_every_dispute_has_its_anchor_witness_and_ruling(built: Built, family: str,
                                                         full_report: dict[str, Any]) -> None:
    games = family_catalogue(family).games
    disputes = [d for d in full_report["sources"]["disputes"] if d["game"] in games]
    assert len(disputes) == DISPUTES[family]
    path = built.html / family / "disputes.html"
    page = read_page(path)
    text = path.read_text(encoding="utf-8")
    parts = re.split(r'<(?:span|section) id="(dispute-[^"]+)"', text)[1:]
    sections = dict(zip(parts[::2], parts[1::2], strict=True))
    assert len(sections) == len(disputes)
    for dispute in disputes:
        assert anchor(dispute_label(dispute["id"])) in page.ids
        section = sections[anchor(dispute_label(dispute["id"]))]
        assert "Ruling:" in section
        refuted = [o for o in dispute["outcomes"] if o["verdict"] == "refuted"]
        assert ("replayed in the engine" in section) == bool(refuted), dispute["id"]
        drawn = [o for o in refuted if "hands" in o["witness"]]
        assert section.count("<img") >= len(drawn)
    svgs = list((built.source / "_cards").glob("*.svg"))
    assert svgs and all(s.read_text(encoding="utf-8").startswith("<svg") for s in svgs)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_citation_resolves_to_a_claim(built: Built, family: str) -> None:
    catalogue = family_catalogue(family)
    sources = read_page(built.html / family / "sources.html")
    for claim in catalogue.claims:
        assert anchor(claim_label(claim)) in sources.ids
    cited = 0
    for path in (built.html / family).glob("*.html"):
        for link in read_page(path).links:
            if "#claim-" in link:
                cited += 1
                target = link.split("#", 1)[1]
                assert target in sources.ids, f"{path.name}: {link}"
                assert any(anchor(claim_label(c)) == target for c in catalogue.claims)
    assert cited > len(catalogue.claims)


def test_every_internal_link_resolves(built: Built) -> None:
    assert broken_links(built.html) == []
    index = read_page(built.html / "index.html")
    assert {"kout/index.html", "baloot/index.html"} <= set(index.links)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_sentence_is_shown_accounted_for(built: Built, family: str) -> None:
    """The Sources chapter gives each source's sentence coverage, and it is whole."""
    catalogue = family_catalogue(family)
    text = _text(built.html / family / "sources.html")
    assert catalogue.sentences is not None
    for source in catalogue.sources:
        if source in catalogue.sentences.sentences:
            total = catalogue.sentences.coverage(source).total
            assert f"the text splits into {total} sentences" in text, source
    if family == "baloot":
        assert text.count("Every sentence is accounted for.") == len(catalogue.sources)


@pytest.mark.parametrize(("family", "least"), [("kout", 8), ("baloot", 25)])
def test_every_example_replays_in_the_engine(built: Built, family: str, least: int) -> None:
    catalogue = family_catalogue(family)
    stored = sorted((built.source / "_examples" / family).glob("*.json"))
    mine = [e for e in built.examples if e.game in catalogue.games]
    assert len(stored) == len(mine) >= least
    for path in stored:
        example = Example.from_json(json.loads(path.read_text(encoding="utf-8")))
        check_example(catalogue, example)
        rule = next(r for r in numbered_rules(catalogue) if r.id == example.rule)
        text = _text(built.html / family / f"rules-{rule.chapter.number}.html")
        assert f"Under rule {rule.number}:" in text


@pytest.mark.parametrize("family", FAMILIES)
def test_an_example_that_the_engine_contradicts_is_caught(built: Built, family: str) -> None:
    catalogue = family_catalogue(family)
    example = next(e for e in built.examples if e.game in catalogue.games)
    forged = Example.from_json({**example.as_json(), "outcome": example.other_outcome})
    with pytest.raises(AssertionError, match="the engine gives"):
        check_example(catalogue, forged)


def test_a_baloot_example_fails_when_the_engine_breaks_its_rule(
        built: Built, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's compiled rules redeal on any exposed card, whatever the profile: the
    example under the exposed-card rule no longer holds."""
    import dataclasses

    import trickrules.engine.baloot.game
    from trickrules.engine.baloot import rules as compiled
    from trickrules.engine.baloot.rules import ExposedCard

    catalogue = family_catalogue("baloot")
    example = next(e for e in built.examples if e.rule == "deal.exposed-card")
    check_example(catalogue, example)
    real = compiled.compile_rules
    game = trickrules.engine.baloot.game
    monkeypatch.setattr(game, "compile_rules", lambda profile: dataclasses.replace(
        real(profile), exposed_card=ExposedCard.REDEAL))
    with pytest.raises(AssertionError, match="the engine gives"):
        check_example(catalogue, example)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_theorem_appears_with_its_verdict(built: Built, family: str,
                                                full_report: dict[str, Any]) -> None:
    text = (built.html / family / "verification.html").read_text(encoding="utf-8")
    profiles = family_catalogue(family).profiles
    mine = [r for r in full_report["results"] if r["profile"] in profiles]
    assert mine
    for row in mine:
        assert row["id"] in text
    assert f"{sum(r['verdict'] == 'proved' for r in mine)} proved" in text
    for profile in full_report["profiles"]:
        assert (f"Theorems on {profile}" in text) == (profile in profiles)


def test_the_odds_chapter_sets_the_exact_figures_beside_the_texts(built: Built) -> None:
    from trickrules.engine.baloot.odds import project_odds, verdicts

    text = _text(built.html / "baloot" / "odds.html")
    for odds in project_odds():
        assert f"{odds.hands:,}" in text and f"{100 * odds.probability:.4f}%" in text
    judged = verdicts()
    wrong = sum(not v.right for v in judged)
    assert f"{len(judged)} figures: {len(judged) - wrong} right, {wrong} wrong." in text
    assert not (built.html / "kout" / "odds.html").exists()


PDF_NEEDLES = {
    "kout": ("502. Leading a Joker because of a high bid", "joker.lead-by-bid",
             "kout4/deck.cards/no-2-to-5-vs-no-2-5-6-red",
             "Glossary", "Verification", "最後の1人"),
    "baloot": ("baloot/deal.cut/cut-vs-cutter-chooses", "The odds of a project", "Glossary",
               "Verification", "Sherya")}


@pytest.mark.parametrize("family", FAMILIES)
def test_each_pdf_holds_its_part_of_the_book(built: Built, family: str) -> None:
    pdf = pypdfium2.PdfDocument(str(built.pdfs[family]))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert len(pdf) > 30
    for needle in PDF_NEEDLES[family]:
        assert needle in text
    other = next(f for f in FAMILIES if f != family)
    assert PDF_NEEDLES[other][0] not in text
    title = pdf.get_metadata_dict()
    assert "committee edition" in title["Title"] and title["Author"] and title["Subject"]


@pytest.mark.parametrize("family", FAMILIES)
def test_the_players_edition_holds_the_rules_only(built: Built, family: str) -> None:
    """The players' edition: every numbered rule, the house options and the glossary, with
    its title, author and subject set; no committee chapter and no machine word."""
    pdf = pypdfium2.PdfDocument(str(built.players_pdf(family)))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    meta = pdf.get_metadata_dict()
    assert "players' edition" in meta["Title"] and meta["Author"] and meta["Subject"]
    for rule in numbered_rules(family_catalogue(family)):
        assert f"{rule.number}. " in text
    assert "House options" in text and "Glossary" in text
    assert "Silences, ambiguities and contradictions" not in text and "Verification" not in text
    assert machine_words(" ".join(text.split()), _machine_ids(family)) == []


def test_the_same_inputs_give_the_same_rulebook(full_report: dict[str, Any], tmp_path: Path,
                                                request: pytest.FixtureRequest) -> None:
    """Built again (Baloot's part alone, which is cheaper, and its players' edition without
    the site: a third of the committee's pages, made by the same builder from the same
    generated sources), its generated pages, drawings, examples and PDF are the same bytes.
    (The shared rulebook is asked for after the rebuild, so the rebuild runs while the shared
    one is being built.)"""
    again = build_rulebook(full_report, tmp_path, cli_help(), judge_question,
                           families=["baloot"], html=False, editions=("players",))
    built: Built = request.getfixturevalue("rulebook")
    assert again.players_pdf("baloot").read_bytes() == built.players_pdf("baloot").read_bytes()
    assert not again.pdfs["baloot"].exists()
    compared = 0
    for path in sorted(again.source.rglob("*")):
        relative = path.relative_to(again.source)
        if path.is_file() and relative.parts[0] in ("baloot", "_cards", "_examples"):
            assert (built.source / relative).read_bytes() == path.read_bytes(), relative
            compared += 1
    assert compared > 40
    assert not again.html.exists()
    index = (again.source / "index.rst").read_text(encoding="utf-8")
    assert "baloot/index" in index and "kout/index" not in index


def test_a_stale_report_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   full_report: dict[str, Any]) -> None:
    stale = tmp_path / "report.json"
    stale.write_text(json.dumps({**full_report, "inputs": "0" * 64}), encoding="utf-8")
    assert main(["rulebook", "--report", str(stale), "--out", str(tmp_path / "out")]) == 2
    assert "not made from the present rule data" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_report_edited_after_verify_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 full_report: dict[str, Any]) -> None:
    """A report whose disputes were replaced by junk, its inputs digest kept: refused by its
    seal, one line and exit 2, before any page is written."""
    forged = tmp_path / "report.json"
    sources = {**full_report["sources"], "disputes": ["junk", 3]}
    forged.write_text(json.dumps({**full_report, "sources": sources}), encoding="utf-8")
    assert main(["rulebook", "--report", str(forged), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "edited since `trickrules verify` wrote it" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("part", "junk", "where"), [
    ("disputes", ["junk", 3], "sources/disputes/"),
    ("consistency", [{"x": 1}], "sources/consistency/0"),
])
def test_a_resealed_report_of_another_shape_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], full_report: dict[str, Any],
        part: str, junk: list[Any], where: str) -> None:
    """The same junk with the seal computed again (anyone can compute one): refused by the
    report's shape, naming the place, exit 2 (it was an internal error), nothing written."""
    from trickrules.proofs.verify.report import seal

    forged_report = {**full_report, "sources": {**full_report["sources"], part: junk}}
    seal(forged_report)
    forged = tmp_path / "report.json"
    forged.write_text(json.dumps(forged_report), encoding="utf-8")
    assert main(["rulebook", "--report", str(forged), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "not a report `trickrules verify` writes" in err and where in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert not (tmp_path / "out").exists()


def test_the_report_shape_admits_what_verify_writes(full_report: dict[str, Any]) -> None:
    from trickrules.cli.rulebook import check_report_shape

    check_report_shape(full_report, Path("report.json"))  # raises if verify's own is refused


def test_a_report_without_a_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            full_report: dict[str, Any]) -> None:
    """A report of ``verify --game kout6`` cannot build the Baloot part."""
    partial = tmp_path / "report.json"
    partial.write_text(json.dumps({**full_report, "games": ["kout6"]}), encoding="utf-8")
    assert main(["rulebook", "--report", str(partial), "--out", str(tmp_path / "out")]) == 2
    assert "lacks the source checks or a game" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_disagreements_are_told_from_gaps_and_gathered_by_rule(
        built: Built, full_report: dict[str, Any]) -> None:
    """004w and 004g each state their reading of who deals next, a disagreement; 004g leaves
    the cutter's other choices unsaid, so the cut is a gap; neither text says who wins when
    both sides pass the target together, and no text allows beating a trump already in the
    trick, which engines play: both are house readings. Every pair of readings of the Hokom
    threshold sits under that rule's one heading, listed in its table."""
    text = html.unescape((built.html / "baloot" / "disputes.html").read_text(encoding="utf-8"))
    counts = re.search(r"Of these, (\d+) are disagreements.*?(\d+) are ambiguities.*?"
                       r"(\d+) are gaps.*?(\d+) are house readings", text, re.S)
    assert counts is not None
    assert sum(int(counts[i]) for i in range(1, 5)) == DISPUTES["baloot"]
    row = r"{} vs {}</span></a></p></td>\s*<td><p>(\w+)</p></td>"
    rotation = re.search(row.format("to-the-right", "clockwise"), text)
    both = re.search(row.format("higher-total", "declarers-side"), text)
    ruff = re.search(row.format("any-trump", "must-overtrump"), text)
    cut = re.search(row.format("cut", "cutter-chooses"), text)
    assert rotation is not None and rotation[1] == "disagreement"
    assert cut is not None and cut[1] == "gap"
    assert both is not None and both[1] == "house"
    assert ruff is not None and ruff[1] == "house"
    assert "no text; played by" in text
    question = f'id="{anchor(disputed_rule_label("baloot", "score.hokom-threshold"))}"'
    after = f'id="{anchor(disputed_rule_label("baloot", "score.sun-threshold"))}"'
    section = text[text.index(question):text.index(after)]
    pairs = [d for d in full_report["sources"]["disputes"]
             if d["game"] == "baloot" and d["parameter"] == "score.hokom-threshold"]
    assert len(pairs) == 10
    assert len(re.findall(r'id="dispute-baloot-score-hokom-threshold-', section)) == len(pairs)
    assert len(re.findall(r"<td><p>(?:disagreement|gap)</p></td>", section)) == len(pairs)


def test_an_interrupted_rulebook_leaves_the_last_site_and_no_sphinx(
        tmp_path: Path, full_report: dict[str, Any]) -> None:
    """SIGTERM while Sphinx builds: the command ends with 143, no Sphinx process is left, and
    the site built before is still whole (the new one is built beside it and only then put in
    its place)."""
    import signal
    import subprocess
    import sys
    import time

    report = tmp_path / "report.json"
    report.write_text(json.dumps(full_report), encoding="utf-8")
    out = tmp_path / "book"
    (out / "html").mkdir(parents=True)
    (out / "html" / "index.html").write_text("the last site", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "trickrules", "rulebook", "--no-pdf", "--game", "baloot",
         "--report", str(report), "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out / "html.new").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # Sphinx has started writing the new site
    assert (out / "html.new").exists()
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 143
    time.sleep(0.2)
    sphinx = subprocess.run(["pgrep", "-f", f"sphinx.*{out}"], capture_output=True, text=True)
    assert sphinx.stdout.split() == [], "a Sphinx build outlived the command"
    assert (out / "html" / "index.html").read_text(encoding="utf-8") == "the last site"
    assert not (out / "html.new").exists()


ENGLISH = frozenset({"counter-clockwise", "first-round"})
"""Reading ids that are also plain English words, which the players' text may use."""


def _machine_ids(family: str) -> set[str]:
    """Parameter and rule ids, reading ids (those that are not plain words), the theorems'
    ids and the engine's action names that only a machine uses (``double-locked``,
    ``cutter:go``)."""
    from trickrules.engine.baloot import actions
    from trickrules.proofs.kit import kit

    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    ids = set(catalogue.parameters) | {r.id for r in catalogue.rulebook.core if "." in r.id}
    ids |= {r.id for p in catalogue.parameters.values() for r in p.readings
            if "-" in r.id and r.id not in ENGLISH}
    names = {actions.action_name(a) for a in range(actions.PASS, actions.NUM_ACTIONS)}
    sentinels = {"seat -1", "team -1", "side -1"}  # the model's "nobody", once in a witness
    theorems = {theorem.id for theorem in kit(family).theorems}
    return ids | {n for n in names if "-" in n or ":" in n} | sentinels | theorems


@pytest.mark.parametrize("family", FAMILIES)
def test_the_players_text_has_no_machine_words(built: Built, family: str) -> None:
    """No reading id, parameter id, rule id or action name in the text meant for players:
    the rules chapters, the house options and the glossary (they stay as anchors, and in
    the committee's chapters)."""
    ids = _machine_ids(family)
    pages = [p for pattern in PLAYERS_PAGES for p in (built.html / family).glob(pattern)]
    assert len(pages) >= 4
    found = {p.name: machine_words(visible_text(p), ids) + lone_card_codes(visible_text(p))
             for p in pages}
    assert {k: v for k, v in found.items() if v} == {}


def test_a_lone_card_code_in_the_players_text_is_caught(built: Built, tmp_path: Path) -> None:
    """A card named by its code alone in a sentence, as rule 205's example once named its
    exposed card (``While dealing, 7S (seat 0's) is turned face up.``), is caught; a hand
    listed in codes is not."""
    page = built.html / "baloot" / "rules-2.html"
    copy = tmp_path / "rules-2.html"
    copy.write_text(page.read_text(encoding="utf-8").replace(
        "</h1>", "</h1><p>While dealing, 7S (seat 0's) is turned face up. Seat 1 holds AS 10S "
        "KS.</p>", 1), encoding="utf-8")
    assert lone_card_codes(visible_text(copy)) == ["lone card 7S"]


def test_a_machine_word_in_the_players_text_is_caught(built: Built, tmp_path: Path) -> None:
    """The scan finds a reading id put back into a ruling line, as the rulebook once showed
    it (``Ruling: five-kept-div-5``)."""
    page = built.html / "baloot" / "rules-7.html"
    broken = page.read_text(encoding="utf-8").replace(
        "<em>Ruling:</em>", "<em>Ruling:</em> <code>five-kept-div-5</code>", 1)
    copy = tmp_path / "rules-7.html"
    copy.write_text(broken, encoding="utf-8")
    assert "five-kept-div-5" in machine_words(visible_text(copy), _machine_ids("baloot"))


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_a_rulings_sources_line_cites_each_claim_once(family: str) -> None:
    """The *Sources* line of every ruling cites a claim once: a citation the ruling lists
    that a source's stance already shows is not repeated after "see also" (rule 310 once
    printed both 004 claims twice)."""
    from trickrules.rulebook.rules_pages import sources_lines

    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    for ruling in catalogue.rulebook.rulings:
        for line in sources_lines(catalogue, ruling):
            cited = re.findall(r"<claim-([^>]+)>", line)
            assert len(cited) == len(set(cited)), (ruling.parameter, line)


def test_the_glossary_says_where_each_spelling_comes_from(built: Built) -> None:
    """A spelling from a source names the source; one from a public engine names the engine
    (Baloot's Kaboot); a word of the book's own (claim) says it is the book's, and no
    source is named for it."""
    glossary = (built.source / "baloot" / "glossary.rst").read_text(encoding="utf-8")
    entries: dict[str, str] = {}
    for line in glossary.splitlines():  # a term at three spaces, its entry at six
        if re.match(r"^   \S", line):
            term = line.strip()
            entries[term] = ""
        elif line.startswith("      ") and entries:
            entries[term] += line.strip() + "\n"
    sweep, claim, revoke = entries["sweep (Kaboot)"], entries["claim"], entries["revoke"]
    assert "Kaboot \u2014 a public engine, AbdullahZaher/sakkah-baloot" in sweep
    assert "This book's word" in claim and "source" not in claim
    assert "revoke \u2014 source 004g" in revoke


@pytest.mark.parametrize("family", FAMILIES)
def test_a_glossary_term_lists_its_rules_in_the_books_order(built: Built, family: str) -> None:
    """"Used in rule 601, rule 603, rule 606": a reader looks the rules up front to back."""
    glossary = (built.source / family / "glossary.rst").read_text(encoding="utf-8")
    listed = [[int(n) for n in re.findall(r"`rule (\d+) <", line)]
              for line in glossary.splitlines() if line.strip().startswith("Used in ")]
    assert len(listed) > 10 and any(len(rules) > 2 for rules in listed)
    assert all(rules == sorted(rules) for rules in listed)
