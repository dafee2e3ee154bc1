"""The rulebook: every rule and dispute has its page and anchor, citations resolve to claims,
examples replay in the engine, the build is clean and repeatable."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from helpers import cli_help
from rulebook_html import broken_links, read_page

from proofs.cli import main
from proofs.rulebook.build import Built, build_rulebook
from proofs.rulebook.examples import Example, check_example
from proofs.rulebook.numbering import numbered_rules
from proofs.rulebook.rst import anchor, claim_label, dispute_label, rule_label
from spec.loader import family_catalogue


@pytest.fixture(scope="module")
def built(full_report: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build_rulebook(family_catalogue("kout"), full_report,
                          tmp_path_factory.mktemp("rulebook"), cli_help())


def test_every_rule_has_its_page_and_anchor(built: Built) -> None:
    catalogue = family_catalogue("kout")
    rules = numbered_rules(catalogue)
    assert catalogue.rulebook is not None
    assert {r.id for r in rules} == set(catalogue.rulebook.rule_ids())
    assert {r.id for r in rules} >= set(catalogue.parameters)
    for rule in rules:
        page = read_page(built.html / f"rules-{rule.chapter.number}.html")
        assert anchor(rule_label(rule.id)) in page.ids, rule.id
        text = (built.html / f"rules-{rule.chapter.number}.html").read_text(encoding="utf-8")
        assert f"{rule.number}. {rule.id}" in text


def test_every_dispute_has_its_anchor_witness_and_ruling(built: Built,
                                                         full_report: dict[str, Any]) -> None:
    disputes = [d for d in full_report["sources"]["disputes"] if d["game"] != "baloot"]
    assert len(disputes) == 49
    page = read_page(built.html / "disputes.html")
    text = (built.html / "disputes.html").read_text(encoding="utf-8")
    sections = re.split(r'<span id="dispute-', text)[1:]
    assert len(sections) == len(disputes)
    for dispute, section in zip(disputes, sections, strict=True):
        assert anchor(dispute_label(dispute["id"])) in page.ids
        assert section.startswith(anchor(dispute_label(dispute["id"]))[len("dispute-"):])
        assert "Ruling:" in section and "replayed in the engine" in section
        drawn = [o for o in dispute["outcomes"]
                 if o["verdict"] == "refuted" and o["kind"] in ("legal", "winner", "hand-over")]
        assert section.count("<img") >= len(drawn)
    svgs = list((built.source / "_cards").glob("*.svg"))
    assert svgs and all(s.read_text(encoding="utf-8").startswith("<svg") for s in svgs)


def test_every_citation_resolves_to_a_claim(built: Built) -> None:
    catalogue = family_catalogue("kout")
    sources = read_page(built.html / "sources.html")
    for claim in catalogue.claims:
        assert anchor(claim_label(claim)) in sources.ids
    cited = 0
    for path in built.html.glob("*.html"):
        for link in read_page(path).links:
            if "#claim-" in link:
                cited += 1
                target = link.split("#", 1)[1]
                assert target in sources.ids, f"{path.name}: {link}"
                assert any(anchor(claim_label(c)) == target for c in catalogue.claims)
    assert cited > len(catalogue.claims)


def test_every_internal_link_resolves(built: Built) -> None:
    assert broken_links(built.html) == []


def test_every_example_replays_in_the_engine(built: Built) -> None:
    catalogue = family_catalogue("kout")
    stored = sorted((built.source / "_examples").glob("*.json"))
    assert len(stored) == len(built.examples) >= 8
    for path in stored:
        example = Example.from_json(json.loads(path.read_text(encoding="utf-8")))
        check_example(catalogue, example)
        rule = next(r for r in numbered_rules(catalogue) if r.id == example.rule)
        text = (built.html / f"rules-{rule.chapter.number}.html").read_text(encoding="utf-8")
        assert f"Under rule {rule.number}:" in text


def test_an_example_that_the_engine_contradicts_is_caught(built: Built) -> None:
    example = built.examples[0]
    forged = Example.from_json({**example.as_json(), "outcome": example.other_outcome})
    with pytest.raises(AssertionError, match="the engine gives"):
        check_example(family_catalogue("kout"), forged)


def test_every_theorem_appears_with_its_verdict(built: Built,
                                                full_report: dict[str, Any]) -> None:
    text = (built.html / "verification.html").read_text(encoding="utf-8")
    kout = [r for r in full_report["results"] if r["profile"].startswith("kout")]
    for row in kout:
        assert row["id"] in text
    assert f"{sum(r['verdict'] == 'proved' for r in kout)} proved" in text
    for profile in full_report["profiles"]:
        assert (f"Theorems on {profile}" in text) == profile.startswith("kout")


def test_the_pdf_holds_the_whole_book(built: Built) -> None:
    pdf = pypdfium2.PdfDocument(str(built.pdf))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert len(pdf) > 50
    for needle in ("502. joker.lead-by-bid", "kout4/deck.cards/no-2-to-5-vs-no-2-5-6-red",
                   "Glossary", "Verification", "最後の1人"):
        assert needle in text


def test_the_same_inputs_give_the_same_rulebook(built: Built, full_report: dict[str, Any],
                                                tmp_path: Path) -> None:
    again = build_rulebook(family_catalogue("kout"), full_report, tmp_path, cli_help())
    assert again.pdf.read_bytes() == built.pdf.read_bytes()
    for path in sorted(built.html.rglob("*")):
        if path.is_file():
            other = again.html / path.relative_to(built.html)
            assert other.read_bytes() == path.read_bytes(), path.name


def test_a_stale_report_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   full_report: dict[str, Any]) -> None:
    stale = tmp_path / "report.json"
    stale.write_text(json.dumps({**full_report, "inputs": "0" * 64}), encoding="utf-8")
    assert main(["rulebook", "--report", str(stale), "--out", str(tmp_path / "out")]) == 2
    assert "not made from the present rule data" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
