"""The printed rulebook: a cross-reference prints the page of its target ("rule 702 (p. 31)",
"[004g.deck] (p. 88)"), the logical page a PDF viewer labels it with; a link into the other
edition prints none. No page ends on a heading or a table's header, and no table breaks an id
inside a word."""

from __future__ import annotations

import itertools
import re
import subprocess
from pathlib import Path

import pypdfium2
import pytest

from trickrules.rulebook.build import Built

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
    start = max((i for i, label in enumerate(labels) if not label.isdigit()), default=-1) + 1
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
    """The players' edition prints the page of each rule it refers to, which it holds; it
    cites no claim and links to nothing of the committee edition's."""
    pages = logical_pages(rulebook.players_pdf(family))
    text = "".join(pages.values())
    assert len(RULE_REF.findall(text)) > 3 and misprinted(pages) == []
    assert not re.search(r"\[[0-9][0-9a-z.-]*\]", text)
    assert "in the committee edition" not in " ".join(text.split())


@pytest.mark.parametrize("family", FAMILIES)
def test_the_directors_handbook_names_rules_by_number_alone(rulebook: Built,
                                                           family: str) -> None:
    """A rule is numbered alike in every edition, so the handbook's "rule 502" needs no
    edition after it (a director holds the players' edition, not the committee's)."""
    text = " ".join(" ".join(logical_pages(rulebook.director_pdf(family)).values()).split())
    assert len(re.findall(r"\brule \d{3}\b", text)) > 10
    assert not re.search(r"\brule \d{3} in the \w+ edition", text)


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


LITERAL = re.compile(r"``([^`\s]+)``")
BREAKS = "-."
"""The marks after which an id may break across lines."""


def literal_ids(source: Path, family: str) -> set[str]:
    """The ids the family's pages set as literals (reading, parameter, rule, theorem,
    dispute and profile ids): every literal holding a hyphen or a dot."""
    ids: set[str] = set()
    for page in (source / family).rglob("*.rst"):
        ids |= {m for m in LITERAL.findall(page.read_text(encoding="utf-8"))
                if any(mark in m for mark in BREAKS)}
    return ids


def broken_ids(pages: dict[str, str], ids: set[str]) -> list[str]:
    """The ids a page splits inside a word: a word of three letters or more is the start of
    an id that does not end at a hyphen or dot, and the next word is the rest of that id, or
    a part of the rest holding a hyphen or dot (the middle of an id split twice)."""
    starts: dict[str, set[str]] = {}
    for whole in ids:
        for cut in range(1, len(whole)):
            if whole[cut - 1] not in BREAKS and whole[cut] not in BREAKS:
                starts.setdefault(whole[:cut], set()).add(whole)
    out = []
    for label, text in pages.items():
        words = text.split()
        for word, after in itertools.pairwise(words):
            for whole in starts.get(word, ()) if len(word) > 2 and len(after) > 1 else ():
                rest = whole[len(word):]
                if after.startswith(rest) or (rest.startswith(after)
                                              and any(mark in after for mark in BREAKS)):
                    out.append(f"p. {label}: {word}|{after}")
    return out


def test_a_broken_id_is_found() -> None:
    """The scan finds an id split inside a word, as page 219 of Baloot's committee edition
    once printed ``44-sun-25-hokom-by-poin`` / ``ts``, and passes one split after a hyphen."""
    ids = {"44-sun-25-hokom-by-points", "score.sweep"}
    assert broken_ids({"219": "reading\n44-sun-25-hokom-by-poin\nts\nmeaning"}, ids) == [
        "p. 219: 44-sun-25-hokom-by-poin|ts"]
    assert broken_ids({"219": "44-sun-25-hokom-by-\npoints score.\nsweep"}, ids) == []
    assert broken_ids({"7": "sco\nre.sweep"}, ids) == ["p. 7: sco|re.sweep"]


@pytest.mark.parametrize("family", FAMILIES)
def test_no_table_breaks_an_id_inside_a_word(rulebook: Built, family: str) -> None:
    """The committee edition's narrow table cells break a long id after a hyphen or a dot
    (``44-sun-25-hokom-by-`` / ``points``), never inside a word."""
    ids = literal_ids(rulebook.source, family)
    assert len(ids) > 100
    assert family != "baloot" or "44-sun-25-hokom-by-points" in ids
    assert broken_ids(logical_pages(rulebook.pdfs[family]), ids) == []


def table_headers(source: Path, family: str) -> set[tuple[str, ...]]:
    """The header row of every table of the family's generated pages, cell by cell."""
    headers = set()
    for page in (source / family).rglob("*.rst"):
        lines = [line.strip() for line in page.read_text(encoding="utf-8").splitlines()]
        for start in (i for i, line in enumerate(lines) if line == ".. list-table::"):
            first = next(i for i in range(start, len(lines)) if lines[i].startswith("* - "))
            cells = [lines[first][4:]]
            cells += [line[2:] for line in itertools.takewhile(
                lambda line: line.startswith("- "), lines[first + 1:])]
            headers.add(tuple(cells))
    return headers


def headers_at_foot(pdf: Path, headers: set[tuple[str, ...]]) -> list[str]:
    """The pages whose last line above the page number is a table's header row (read with
    the layout kept, so a row's cells are one line)."""
    text = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    out = []
    for number, page in enumerate(text.split("\f"), 1):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        if lines and re.fullmatch(r"[0-9ivxlc]+", lines[-1]):
            lines = lines[:-1]
        if lines and tuple(re.split(r"\s{2,}", lines[-1])) in headers:
            out.append(f"page {number}: {lines[-1][:60]}")
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_no_page_ends_on_a_table_header(rulebook: Built, family: str) -> None:
    """A table starts on a new page unless its header and a first row fit: no page of
    either edition ends on a header whose rows are all on the next page (16 committee
    pages did, such as Kout's page 119 on the second Joker)."""
    headers = table_headers(rulebook.source, family)
    assert ("reading", "outcome (replayed in the engine)") in headers
    for pdf in (rulebook.pdfs[family], rulebook.players_pdf(family)):
        assert headers_at_foot(pdf, headers) == [], pdf.name


def apart_from_picture(pages: dict[str, str], examples: list[tuple[str, str]]) -> list[str]:
    """The examples (each its sentence and its picture's first line of text) whose sentence
    is printed on another page than the top of its picture."""
    flat = {label: " ".join(text.split()) for label, text in pages.items()}
    apart = []
    for says, first_line in examples:
        opening = " ".join(says.split())[:60]
        where = [label for label, text in flat.items() if opening in text]
        if where and first_line not in flat[where[0]]:
            apart.append(f"p. {where[0]}: {opening}")
    return apart


def committee_examples(built: Built, family: str) -> list[tuple[str, str]]:
    """Each rule example of the committee edition: its sentence, and the first line of text
    of its picture (the header the picture opens with)."""
    import html

    from trickrules.spec.loader import family_catalogue

    book = family_catalogue(family).rulebook
    assert book is not None
    out = []
    for example in book.examples:
        svg = (built.source / "_cards" / f"rule-example-{family}-{example.id}.svg").read_text(
            encoding="utf-8")
        first = re.search(r"<text[^>]*>([^<]*)</text>", svg)
        assert first is not None, example.id
        out.append((example.says, html.unescape(first.group(1))))
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_every_example_prints_on_the_page_of_its_picture(rulebook: Built, family: str) -> None:
    """In the committee edition each example's sentence and the top of its picture share a
    page: a picture too tall to follow its sentence on one page is printed smaller (Baloot's
    whole hands were printed a page after their sentence, left alone above a blank)."""
    examples = committee_examples(rulebook, family)
    assert len(examples) > 40
    assert apart_from_picture(logical_pages(rulebook.pdfs[family]), examples) == []
