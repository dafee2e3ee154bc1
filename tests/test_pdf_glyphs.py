"""Every character of every printed PDF is drawn with a glyph of its font: read back from the
PDFs the build wrote (every ``*.pdf`` beside the committee editions, so an edition added later
is checked too).

A character goes unprinted in one of three ways, each seen from the PDF alone:

- ReportLab's standard Type 1 fonts (Times, Helvetica, Courier) hold the WinAnsi characters
  only and draw any other as ZapfDingbats' black square, which ``pdftotext`` reads as U+25A0;
  a square the pages' sources do not write is such a character.
- An embedded TrueType font draws a character its cmap lacks as glyph 0 (``.notdef``: an
  empty box, or nothing). ``pdftotext`` drops it without a mark; PDFium reads it as U+0000.
- Right-to-left script (Arabic): ReportLab has a glyph for each letter but neither joins nor
  reorders them, so a word would print as unjoined letters left to right. The PDFs hold none.

And ``pdffonts``: every font is embedded, or is one of the standard 14 in WinAnsi encoding
(the drawings' Helvetica labels, plain ASCII); Symbol or ZapfDingbats in a PDF means ReportLab
reached for a substitute for a character the chosen font lacks."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_raw

from trickrules.rulebook.build import Built
from trickrules.rulebook.translated import (
    TRANSLATED_EDITIONS,
    TRANSLATED_LANGUAGES,
    translated_pdf_name,
)

SQUARE = "\u25a0"
"""What ``pdftotext`` reads for the black square ReportLab draws in place of a character a
standard font lacks."""
SQUARES = re.compile(f"{SQUARE}+")
STANDARD_14 = frozenset(
    [f"{base}{style}" for base in ("Helvetica", "Courier")
     for style in ("", "-Bold", "-Oblique", "-BoldOblique")]
    + [f"Times-{style}" for style in ("Roman", "Bold", "Italic", "BoldItalic")]
    + ["Symbol", "ZapfDingbats"])
"""The fonts every PDF reader has, which ReportLab does not embed."""
AROUND = 24
"""Characters shown either side of a missing glyph."""


def printed_pdfs(rulebook: Built) -> list[Path]:
    """Every PDF the build wrote: the committee editions and all beside them."""
    folders = {pdf.parent for pdf in rulebook.pdfs.values()}
    pdfs = sorted(pdf for folder in folders for pdf in folder.glob("*.pdf"))
    assert len(pdfs) >= 2 * len(rulebook.pdfs), pdfs  # each family's two editions at least
    return pdfs


def page_texts(pdf: Path) -> list[str]:
    """Each page's text as ``pdftotext`` reads it, in the file's page order."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


def context(text: str, start: int, end: int) -> str:
    """The characters around ``text[start:end]``, on one line."""
    return " ".join(text[max(0, start - AROUND):end + AROUND].split())


def _square_key(text: str, match: re.Match[str]) -> tuple[str, int, str]:
    """A run of squares with the characters just before and after it (blank as a space)."""
    before = text[match.start() - 1] if match.start() else " "
    after = text[match.end()] if match.end() < len(text) else " "
    return (" " if before.isspace() else before, len(match.group()),
            " " if after.isspace() else after)


def written_squares(source: Path) -> set[tuple[str, int, str]]:
    """The runs of U+25A0 the pages' sources write themselves, with their neighbours: the only
    squares a PDF may show."""
    runs: set[tuple[str, int, str]] = set()
    for page in source.rglob("*.rst"):
        text = page.read_text(encoding="utf-8")
        runs |= {_square_key(text, match) for match in SQUARES.finditer(text)}
    return runs


def squares(pdf: Path, written: set[tuple[str, int, str]]) -> list[str]:
    """Each run of black squares on a page of ``pdf`` that its sources do not write: a
    character a standard font could not draw, with its page and the text around it."""
    return [f"{pdf.name} p. {number}: {context(text, m.start(), m.end())!r}"
            for number, text in enumerate(page_texts(pdf), 1)
            for m in SQUARES.finditer(text) if _square_key(text, m) not in written]


def right_to_left(pdf: Path) -> list[str]:
    """Each run of right-to-left letters (Arabic, Hebrew) in ``pdf``, which ReportLab would
    print unjoined and in the wrong order."""
    out = []
    for number, text in enumerate(page_texts(pdf), 1):
        for m in re.finditer(r"\S+", text):
            if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in m.group()):
                out.append(f"{pdf.name} p. {number}: {context(text, m.start(), m.end())!r}")
    return out


def notdef_glyphs(pdf: Path) -> list[str]:
    """Each run of characters of ``pdf`` drawn as an embedded font's glyph 0 (PDFium reads
    each as U+0000, no character; shown here as U+FFFD), with its page and the characters
    around it."""
    out = []
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            codes = [pdfium_raw.FPDFText_GetUnicode(textpage, i)
                     for i in range(pdfium_raw.FPDFText_CountChars(textpage))]
            text = "".join(chr(code) if code else "\ufffd" for code in codes)
            out += [f"{pdf.name} p. {index + 1}: {context(text, m.start(), m.end())!r}"
                    for m in re.finditer("\ufffd+", text) if not any(codes[m.start():m.end()])]
            textpage.close()
            page.close()
    finally:
        document.close()
    return out


def unembedded_fonts(pdf: Path) -> list[str]:
    """The fonts of ``pdf`` (``pdffonts``) that are neither embedded nor a standard font in
    WinAnsi encoding."""
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True,
                             text=True).stdout.splitlines()
    out = []
    for line in listing[2:]:  # below the header and its rule
        # name, type (one or two words), encoding, emb, sub, uni, object id, generation
        fields = line.split()
        name, encoding, embedded = fields[0], fields[-6], fields[-5]
        if embedded != "yes" and not (name in STANDARD_14 and encoding == "WinAnsi"):
            out.append(f"{pdf.name}: {name} ({encoding}, not embedded)")
    return out


def test_no_character_prints_as_a_black_square(rulebook: Built) -> None:
    """No page of any PDF shows a black square its sources do not write: every character
    set in a standard font is one that font holds (today the fonts are all embedded)."""
    written = written_squares(rulebook.source)
    problems = [line for pdf in printed_pdfs(rulebook) for line in squares(pdf, written)]
    assert problems == [], "\n".join(problems)


def test_no_character_prints_as_an_empty_glyph(rulebook: Built) -> None:
    """No character of any PDF is drawn as its embedded font's glyph 0: the glossaries'
    romanisations (ō, ū, ǔ) in the body font, the Japanese forms in IPAex Gothic, the
    house-option form's ballot boxes in DejaVu Sans."""
    problems = [line for pdf in printed_pdfs(rulebook) for line in notdef_glyphs(pdf)]
    assert problems == [], "\n".join(problems)


def test_no_right_to_left_script_is_printed(rulebook: Built) -> None:
    """No PDF ReportLab lays out holds Arabic (or other right-to-left) letters, which it
    would print unjoined, left to right: the PDF says where the HTML edition shows them. The
    translated editions are printed by Chromium, which shapes them (tests/test_translated.py
    reads their text back)."""
    translated = {translated_pdf_name(family, edition, language)
                  for family in rulebook.pdfs for edition in TRANSLATED_EDITIONS
                  for language in TRANSLATED_LANGUAGES}
    pdfs = printed_pdfs(rulebook)
    assert translated <= {pdf.name for pdf in pdfs}
    problems = [line for pdf in pdfs if pdf.name not in translated
                for line in right_to_left(pdf)]
    assert problems == [], "\n".join(problems)


def test_every_font_is_embedded_or_standard_winansi(rulebook: Built) -> None:
    """Every font of every PDF is embedded, or a standard font in WinAnsi encoding (which
    holds only what that encoding has: the drawings' labels)."""
    problems = [line for pdf in printed_pdfs(rulebook) for line in unembedded_fonts(pdf)]
    assert problems == [], "\n".join(problems)
