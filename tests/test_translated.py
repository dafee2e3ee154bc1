"""The players' edition, quick reference and ruling page in Arabic: every sentence of the
edition translated, the numbers, card codes and permissions of each translation those of its
English, the PDFs printed right to left with the text of the pages, and ``serve`` in Arabic
with its API unchanged."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from trickrules.catalogue import needs_translation, page_messages
from trickrules.locale import LOCALE_DIR, PAGES_DOMAIN, PROGRAM_DOMAIN
from trickrules.rulebook.build import Built, rulebook_families
from trickrules.rulebook.translated import TRANSLITERATION
from trickrules.rulebook.translated_print import print_pdfs
from trickrules.serve.app import create_app

ARABIC = "ar"
CATALOGUES = LOCALE_DIR / ARABIC / "LC_MESSAGES"
NUMBER_OR_CARD = re.compile(r"(?<![\w.])(?:10|[2-9JQKA])[SHDC](?!\w)|\d+")
"""What a translation must carry unchanged: every number, and every card code (``10H``)."""
PERMISSIONS = (("may not", "لا يجوز"), ("must", "يجب"))
"""The edition's words of duty and prohibition (its front page defines them) and the Arabic
words the translation uses for them, the same number of times."""
SOURCE_SPELLINGS = {"Hokom": "Hokom", "Sun": "Sun", "Ashkal": "Ashkal", "Kawesh": "Kawesh",
                    "Gahwa": "Gahwa", "Sira": "Sira", "Bab": "Bab", "Bawan": "Bawan",
                    "Malzoom": "Malzoom", "trump (Hokm)": "Hokm", "trick": "Lamas",
                    "pass": "Taf"}
"""Terms and the transliteration the sources write them in, which the glossary must give."""


def _catalogue(domain: str) -> Catalog:
    with (CATALOGUES / f"{domain}.po").open("rb") as read:
        return read_po(read, locale=ARABIC)


def _translated(domain: str) -> list[tuple[str, str]]:
    return [(str(m.id), str(m.string)) for m in _catalogue(domain)
            if m.id and m.string and not m.fuzzy]


def carried(text: str) -> list[str]:
    """The numbers and card codes of a text, in sorted order (a translation may reorder)."""
    return sorted(NUMBER_OR_CARD.findall(re.sub(r"<[^>]+>", "", text)))


def permission_errors(english: str, arabic: str) -> list[str]:
    """Where a translation's duties and prohibitions differ in number from its English."""
    errors = []
    plain = english.lower().replace("*", "")
    for word, translated in PERMISSIONS:
        count = len(re.findall(rf"\b{word}\b", plain))
        plain = plain.replace(word, "")
        found = arabic.count(translated)
        arabic = arabic.replace(translated, "")
        if count > found:
            errors.append(f"{english!r}: {count} {word!r}, {found} {translated!r}")
    return errors


def test_each_translation_carries_its_numbers_card_codes_links_and_permissions() -> None:
    """Numbers, card codes and rule links are never retyped differently: a translation holds
    exactly those of its English; each 'must' and 'may not' is the Arabic duty or
    prohibition."""
    problems = []
    for domain in (PAGES_DOMAIN, PROGRAM_DOMAIN):
        for english, arabic in _translated(domain):
            if carried(english) != carried(arabic):
                problems.append(f"{english!r}: {carried(english)} -> {carried(arabic)}")
            targets = sorted(re.findall(r"<([\w.-]+)>`", english))
            if targets != sorted(re.findall(r"<([\w.-]+)>`", arabic)):
                problems.append(f"{english!r}: its links changed")
            if set(re.findall(r"\{\w+\}", english)) != set(re.findall(r"\{\w+\}", arabic)):
                problems.append(f"{english!r}: its placeholders changed")
            problems += permission_errors(english, arabic)
    assert problems == []


def test_the_checks_of_a_translation_catch_a_changed_number_and_a_lost_duty() -> None:
    assert carried("bid 5 with 10H") != carried("طلب 6 مع 10H")
    assert permission_errors("The dealer **must** bid.", "الموزّع يطلب.")
    assert not permission_errors("A player may not pass.", "لا يجوز للاعب أن يطوف.")


def test_the_compiled_catalogues_are_those_of_the_catalogues() -> None:
    """The ``.mo`` files the page and Sphinx read hold what the ``.po`` files say
    (``python -m trickrules.catalogue`` writes both)."""
    for domain in (PAGES_DOMAIN, PROGRAM_DOMAIN):
        compiled = BytesIO()
        write_mo(compiled, _catalogue(domain))
        assert (CATALOGUES / f"{domain}.mo").read_bytes() == compiled.getvalue(), domain


def test_the_glossary_gives_the_sources_transliterations() -> None:
    words = {(str(m.context), str(m.id)): str(m.string) for m in _catalogue(PROGRAM_DOMAIN)}
    for term, spelling in SOURCE_SPELLINGS.items():
        assert spelling in words[(TRANSLITERATION, term)], term


def test_every_sentence_of_the_arabic_edition_is_translated(rulebook: Built) -> None:
    """The sentences of the players' pages the rulebook generated (extracted again, as the
    catalogue command does) each have a translation, none fuzzy; and so do the program's."""
    pages = {str(m.id): m for m in _catalogue(PAGES_DOMAIN)}
    extracted = dict.fromkeys(page_messages(rulebook.source, rulebook_families(), ARABIC))
    missing = [text for text, _ in extracted
               if text not in pages or needs_translation(pages[text])]
    missing += [str(m.id) for m in _catalogue(PROGRAM_DOMAIN) if needs_translation(m)]
    assert missing == [], f"{len(missing)} to translate: python -m trickrules.catalogue"


class _Paragraphs(HTMLParser):
    """The text of each paragraph and list item of a page's main text."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.open = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "p":
            self.open += 1
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self.open:
            self.open -= 1

    def handle_data(self, data: str) -> None:
        if self.open:
            self.texts[-1] += data


def comparable(text: str) -> str:
    """Text as both the page and the PDF's extraction give it: no direction marks, spaces or
    punctuation (a line's direction may move them around a card code), one form of each
    letter, lam-alef read either way (a PDF's extraction gives the two letters of the
    ligature, with or without hamza or madda, in either order: each run of lams and alefs
    is compared as the letters it holds)."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if unicodedata.category(c)[0] in "LN")
    return re.sub("[لاأإآ]+", lambda run: "".join(sorted(run.group())), text)


def test_the_arabic_quick_reference_prints_the_text_of_its_page(rulebook: Built) -> None:
    """pdftotext reads back from the printed quick reference, right to left, every paragraph
    of its HTML page: joined letters, the rule numbers and card codes in their places."""
    for family in rulebook_families():
        page = rulebook.html / ARABIC / family / "players" / "print-quick.html"
        parser = _Paragraphs()
        parser.feed(page.read_text(encoding="utf-8"))
        printed = subprocess.run(
            ["pdftotext", "-layout", str(rulebook.translated_pdf(family, "quick", ARABIC)), "-"],
            capture_output=True, text=True, check=True).stdout
        lines = [comparable(line) for line in printed.splitlines()]
        flowing = "".join(lines)
        shown = [comparable(t) for t in parser.texts if comparable(t)]
        assert len(shown) > 10
        assert [t for t in shown if t not in flowing] == [], family
        assert 'dir="rtl"' in page.read_text(encoding="utf-8")


def test_the_arabic_pdfs_print_again_to_the_same_bytes(rulebook: Built, tmp_path: Path) -> None:
    """Printed again from the same page, the quick reference is the same bytes (Chromium's
    date stamps set to the epoch)."""
    page = rulebook.html / ARABIC / "kout" / "players" / "print-quick.html"
    again = tmp_path / "kout-quick-ar.pdf"
    print_pdfs({page: again})
    assert again.read_bytes() == rulebook.translated_pdf("kout", "quick", ARABIC).read_bytes()


def test_the_arabic_pages_are_part_of_the_site(rulebook: Built) -> None:
    index = (rulebook.html / ARABIC / "index.html").read_text(encoding="utf-8")
    assert 'lang="ar"' in index and "القوانين للاعبين" in index
    glossary = (rulebook.html / ARABIC / "baloot" / "players" / "glossary.html").read_text(
        encoding="utf-8")
    assert "قهوة" in glossary and "Gahwa" in glossary and "بلوت" in glossary


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_the_ruling_page_in_arabic(client: TestClient) -> None:
    """``/ar/`` and ``Accept-Language: ar`` give the page in Arabic, right to left: its
    questions, forms and ruling; ``/en/`` English whatever the browser asks."""
    for response in (client.get("/ar/"), client.get("/", headers={"Accept-Language": "ar"})):
        assert response.status_code == 200
        assert '<html lang="ar" dir="rtl">' in response.text and "اطلب حكمًا" in response.text
    assert "Ask for a ruling" in client.get("/en/", headers={"Accept-Language": "ar"}).text
    form = client.get("/ar/ask/kout6/legal-plays").text
    assert "أي الأوراق يجوز لعبها؟" in form and "اطلب الحكم" in form
    answered = client.post("/ar/ask/kout6/legal-plays", data={})
    assert 'dir="rtl"' in answered.text


def test_the_api_answers_the_same_in_any_language(client: TestClient) -> None:
    question = client.get("/ask/kout6/trick-winner")
    assert question.status_code == 200
    body = {"situation": {"hands": [[], [], [], [], [], []], "trick": [
        "AS", "2S", "3S", "4S", "5S", "6S"], "leader": 0, "trump": "H",
        "contract": {"bid": 6, "seat": 0}}}
    plain = client.post("/api/kout6/trick-winner", json=body)
    arabic = client.post("/api/kout6/trick-winner", json=body,
                         headers={"Accept-Language": "ar"})
    assert plain.status_code == arabic.status_code
    assert plain.json() == arabic.json()
