"""Printing a translated edition: its HTML pages joined into one printable page, printed to
PDF by headless Chromium, which shapes the letters (Arabic's joined forms) and orders mixed
text (an Arabic sentence with a card code or rule number in it) as the browser shows it.

Chromium stamps each PDF with the time it was printed; the stamps are set to the epoch, so
the same pages print to the same bytes."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from trickrules.locale import direction
from trickrules.rulebook.players_pages import PLAYERS
from trickrules.rulebook.prerequisites import RulebookError

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (``make system`` installs it)."""
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic")
"""Printing only: no window, no sandbox (none in a container), no connection out."""
PRINT_SECONDS = 300
"""The longest one printing may take before the build gives it up (it takes a few)."""
DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}[^)]*\)")
EPOCH = b"D:19700101000000+00'00'"
STYLE = """
@page { size: A4; margin: 14mm 13mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 10pt; line-height: 1.5; margin: 0; }
h1 { font-size: 16pt; margin: 0.6em 0 0.3em; } h2 { font-size: 12.5pt; margin: 0.9em 0 0.2em; }
h1, h2, h3 { break-after: avoid; } img { max-width: 100%; break-inside: avoid; }
table { border-collapse: collapse; break-inside: avoid; margin: 0.4em 0; }
td, th { border: 0.5pt solid #999; padding: 2pt 5pt; vertical-align: top; }
td p, th p { margin: 0; } ul { margin: 0.2em 0; padding: 0 1.4em 0 0; } li p { margin: 0.15em 0; }
body { padding: 0 1mm; }
.edition-page + .edition-page { break-before: page; }
.players-ways, .contents, a.headerlink { display: none; }
a { color: inherit; text-decoration: none; }
body.quick { font-size: 7.2pt; line-height: 1.35; }
body.quick h1 { font-size: 11pt; margin: 0 0 0.2em; }
body.quick td, body.quick th { padding: 0.3pt 6pt; } body.quick table { margin: 0.2em 0; }
body.quick li p { margin: 0.05em 0; } body.quick p { margin: 0.15em 0; }
body.quick ul { margin: 0; }
"""
"""The printed page: A4, the edition's pages one after another, the screen's links left out."""
PAGE_OF = {"quick": "@page { margin: 6mm 10mm; }\n"}
"""An edition's own page margins: the quick reference is one side of a sheet."""


class _Body(HTMLParser):
    """The main text of a Sphinx page (``div.body``), as HTML."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text, self.depth, self.start, self.end = text, 0, -1, -1
        self.lines = [0, *(i + 1 for i, c in enumerate(text) if c == "\n")]

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div" or self.end >= 0:
            return
        if self.depth:
            self.depth += 1
        elif ("class", "body") in attrs:
            self.depth, self.start = 1, self._offset() + len(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.depth:
            self.depth -= 1
            if not self.depth:
                self.end = self._offset()


def page_body(page: Path) -> str:
    """The main text of a built page, its links to other pages of the edition made links
    inside the printed one."""
    text = page.read_text(encoding="utf-8")
    parser = _Body(text)
    parser.feed(text)
    if parser.start < 0 or parser.end < 0:
        raise RulebookError(f"{page}: no main text (div.body) to print")
    body = text[parser.start:parser.end]
    body = re.sub(r'href="[^"#:]*\.html#', 'href="#', body)
    body = re.sub(r'<p>(<a class="reference internal"[^\n]*? · <a [^\n]*?)</p>',
                  r'<p class="players-ways">\1</p>', body)
    return body.replace('src="../_images/', 'src="../../_images/')


def edition_pages(site: Path, family: str, edition: str) -> list[Path]:
    """The built pages of an edition in reading order: the players' edition's first page,
    quick reference, chapters and glossary; the quick reference's one page."""
    folder = site / family / PLAYERS
    if edition == "quick":
        return [folder / "quick.html"]
    chapters = sorted(folder.glob("rules-*.html"),
                      key=lambda p: int(p.stem.removeprefix("rules-")))
    return [site / family / f"{PLAYERS}.html", folder / "quick.html", *chapters,
            folder / "glossary.html"]


def printable_page(site: Path, family: str, edition: str, language: str) -> Path:
    """Write the edition as one page to print, in its family's players' folder (so the
    pictures' paths hold), and return it."""
    bodies = "".join(f'<div class="edition-page">{page_body(page)}</div>'
                     for page in edition_pages(site, family, edition))
    page = site / family / PLAYERS / f"print-{edition}.html"
    page.write_text(f"""<!DOCTYPE html>
<html lang="{language}" dir="{direction(language)}"><head><meta charset="utf-8">
<title>{family}-{edition}-{language}</title><style>{STYLE}{PAGE_OF.get(edition, "")}</style></head>
<body class="{edition}"><div class="body" role="main">{bodies}</div></body></html>
""", encoding="utf-8")
    return page


def print_pdfs(pages: dict[Path, Path]) -> None:
    """Print each page to its PDF, the printings side by side, each stamped with the epoch."""
    if not CHROMIUM.exists():
        raise RulebookError(f"{CHROMIUM} is missing: the translated PDFs are printed by "
                            "Chromium (`make system` installs Debian's chromium)")
    running = [(pdf, subprocess.Popen(
        [str(CHROMIUM), *CHROMIUM_FLAGS, f"--print-to-pdf={pdf}", page.resolve().as_uri()],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)) for page, pdf in pages.items()]
    try:
        failed = []
        for pdf, process in running:
            _, stderr = process.communicate(timeout=PRINT_SECONDS)
            if process.returncode != 0 or not pdf.is_file():
                failed.append(f"{pdf.name}: {stderr.strip()[-400:]}")
            else:
                pdf.write_bytes(DATE.sub(lambda m: b"/" + m.group(1) + b" (" + EPOCH + b")",
                                         pdf.read_bytes()))
    finally:
        for _, process in running:
            if process.poll() is None:
                process.kill()
                process.wait()
    if failed:
        raise RulebookError("Chromium could not print:\n" + "\n".join(failed))
