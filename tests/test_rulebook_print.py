"""The printed rulebook: a cross-reference prints the page of its target ("rule 702 (p. 31)",
"[004g.deck] (p. 88)"), the logical page a PDF viewer labels it with; a link into the other
edition prints none."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pypdfium2
import pytest

from proofs.rulebook.build import Built

FAMILIES = ("kout", "baloot")
RULE_REF = re.compile(r"\brule (\d{3}) \(p\. (\d+)\)")
CLAIM_REF = re.compile(r"(\[[0-9][0-9a-z.-]*\]) \(p\. (\d+)\)")
"""A rule's and a claim's cross-reference, with the page number printed after it."""


def logical_pages(pdf: Path) -> dict[str, str]:
    """Each page's text by its label (the number in its footer), the pages after the cover
    and contents only."""
    document = pypdfium2.PdfDocument(str(pdf))
    labels = [document.get_page_label(i) for i in range(len(document))]
    document.close()
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout.replace("\u00a0", " ")
    pages = text.split("\f")
    start = max(i for i, label in enumerate(labels) if not label.isdigit()) + 1
    return {labels[i]: pages[i] for i in range(start, len(labels))}


def misprinted(pages: dict[str, str]) -> list[str]:
    """The rule and claim cross-references whose printed page lacks the target: a rule's
    heading ("702. ...") or a claim's heading (its citation alone on a line)."""
    wrong = []
    for label, text in pages.items():
        for rule, page in set(RULE_REF.findall(text)):
            if not re.search(rf"^{rule}\. ", pages.get(page, ""), re.MULTILINE):
                wrong.append(f"p. {label}: rule {rule} (p. {page})")
        for claim, page in set(CLAIM_REF.findall(text)):
            if claim not in pages.get(page, "").splitlines():
                wrong.append(f"p. {label}: {claim} (p. {page})")
    return wrong


@pytest.mark.parametrize("family", FAMILIES)
def test_a_committee_cross_reference_prints_its_targets_page(rulebook: Built,
                                                             family: str) -> None:
    """Every rule and claim cross-reference of the committee edition: the page printed after
    it is the page whose footer shows that number and which holds the target's heading."""
    pages = logical_pages(rulebook.pdfs[family])
    text = "".join(pages.values())
    assert len(RULE_REF.findall(text)) > 20 and len(CLAIM_REF.findall(text)) > 100
    assert misprinted(pages) == []


@pytest.mark.parametrize("family", FAMILIES)
def test_the_players_edition_prints_pages_of_its_own_targets_only(rulebook: Built,
                                                                  family: str) -> None:
    """The players' edition prints the page of a rule it holds, and none after a citation of
    a claim, which only the committee edition holds (its link opens that PDF)."""
    pages = logical_pages(rulebook.players_pdf(family))
    text = "".join(pages.values())
    assert len(RULE_REF.findall(text)) > 20 and misprinted(pages) == []
    assert re.search(r"\[[0-9][0-9a-z.-]*\]", text) and not CLAIM_REF.search(text)


HEADING_LINE = re.compile(r"^(\d{3}\. \S|\d{3}\.\d+ \(|\d{1,2}\. [A-Z])")
"""A rule's heading ("301. Sun and Hokom"), a part's number ("301.1 (Baloot)") or a chapter's
title ("4. Doubling")."""


LEAD_IN_LINE = re.compile(r"^(House options:|In practice:|Example \([^)]*\):|"
                          r"Not simulated \(.*\):)$")
"""A line that introduces a list or a picture below it."""


def stranded(pages: dict[str, str]) -> list[str]:
    """The pages whose last line (above the page number) is a heading, a part number, a
    chapter title or a line introducing a list or picture: words that should start the next
    page with what they introduce."""
    out = []
    for label, text in pages.items():
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines and lines[-1] == label:
            lines = lines[:-1]
        if lines and (HEADING_LINE.match(lines[-1]) or LEAD_IN_LINE.match(lines[-1])):
            out.append(f"p. {label}: {lines[-1]}")
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_no_page_ends_on_a_heading(rulebook: Built, family: str) -> None:
    """In both editions no rule heading, part number, chapter title or line introducing a
    list or picture ("House options:", "In practice:", "Example (Kout Bo 6):") is left at the
    foot of a page (without the keeps, Baloot's players' pages 17, 18 and 30 end so)."""
    for pdf in (rulebook.pdfs[family], rulebook.players_pdf(family)):
        assert stranded(logical_pages(pdf)) == [], pdf.name
