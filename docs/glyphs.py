"""Every character of the printed rulebook drawn with a glyph: a Sphinx extension for the PDF
builder (rst2pdf on ReportLab); the HTML site is left as it is.

The body fonts (``rulebook-pdf.yaml``: Liberation Sans, Serif and Mono, embedded) hold the
Latin letters the pages use, macrons and carons included, but no Japanese and few symbols,
and ReportLab has no font fallback: a character its font lacks is drawn as that font's empty
glyph 0. So, in the PDF's doctree only:

- each run of Japanese (CJK) characters, wherever it stands (a glossary's katakana, a word
  quoted inside an English sentence), is set in IPAex Gothic: it becomes an inline node of
  class ``cjk``, which rst2pdf sets in the stylesheet's ``cjk`` style, that font;
- each other run of characters the body font lacks (the house-option form's ballot boxes,
  ☐) is set likewise in the first fallback font that holds them (``FALLBACKS``: DejaVu Sans,
  then IPAex Gothic); a character none holds is left, and the PDF test names it;
- each run of right-to-left script (Arabic) is replaced by a bracketed note saying the HTML
  pages show it: ReportLab neither joins Arabic letters nor reorders them, so the word would
  print as separate letters left to right, which is not the word.

``check_fonts`` refuses a PDF build, naming the Debian package to install, when a font file
the stylesheets embed is missing (rst2pdf would stop with a bare "Error processing font")."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from itertools import groupby
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.errors import ConfigError
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

CJK = re.compile("[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0002ffff]")
"""A Japanese character: CJK punctuation, kana, ideographs and full-width forms (the ranges
of ``trickrules.rulebook.rst.has_cjk``, and the compatibility and supplementary ideographs)."""
_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe"
RIGHT_TO_LEFT = re.compile(f"[{_RTL}]+(?:[\\s\u200c\u200d]+[{_RTL}]+)*")
"""A run of right-to-left script (Hebrew, Arabic, Syriac, Thaana and their presentation
forms), spaces between its words included."""
SKIPPED = (nodes.FixedTextElement, nodes.literal, nodes.raw, nodes.comment)
"""Elements whose text rst2pdf sets as it is (code, raw PDF commands): left alone."""
BODY_FONT = "LiberationSans-Regular.ttf"
"""The file of the font the body text is set in (the stylesheet's ``fontSans``)."""
JAPANESE = "cjk"
"""The class, and the stylesheet's style, of a run of Japanese: IPAex Gothic."""
FALLBACKS = (("symbol", "DejaVuSans.ttf"), (JAPANESE, "ipaexg.ttf"))
"""For a character the body font lacks, the classes to try in order (each a style of the
stylesheet) and the font file each sets it in."""
FONT_PACKAGES: dict[str, str] = {}
"""Each folder of ``pdf_font_path`` and the Debian package that fills it, set by the book's
configuration: what :func:`check_fonts` says to install."""


def script_note(run: str) -> str:
    """What the PDF prints in place of a run of right-to-left script."""
    script = unicodedata.name(run[0], "right-to-left").split()[0].title()
    return f"[{script} script, see the HTML pages]"


@functools.cache
def font_characters(name: str, folders: tuple[str, ...]) -> frozenset[int]:
    """The characters the font file ``name`` (the first found in ``folders``) has glyphs
    for; none if it is in none of them."""
    from reportlab.pdfbase.ttfonts import TTFontFile  # type: ignore[import-untyped]

    for folder in folders:
        path = Path(folder) / name
        if path.is_file():
            return frozenset(TTFontFile(str(path)).charToGlyph)
    return frozenset()


def font_class(char: str, has: Callable[[str, str], bool]) -> str | None:
    """The class that sets ``char`` in a font holding it: none for a character of the body
    font (or blank), ``cjk`` for Japanese, else the first fallback holding it (none if no
    font does). ``has(font file, char)`` tells whether a font holds a character."""
    if CJK.match(char):
        return JAPANESE
    if char.isspace() or has(BODY_FONT, char):
        return None
    return next((cls for cls, font in FALLBACKS if has(font, char)), None)


def printable(text: str, has: Callable[[str, str], bool]) -> list[nodes.Node]:
    """``text`` as the PDF can print it: its right-to-left runs replaced by a note, each run
    the body font lacks an inline node of the class of its font (:func:`font_class`), the
    rest text as it is."""
    text = RIGHT_TO_LEFT.sub(lambda m: script_note(m.group()), text)
    out: list[nodes.Node] = []
    for cls, chars in groupby(text, lambda char: font_class(char, has)):
        run = "".join(chars)
        out.append(nodes.inline(run, run, classes=[cls]) if cls else nodes.Text(run))
    return out


def _skipped(node: nodes.Node) -> bool:
    """Whether ``node`` stands inside an element whose text is set as it is."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, SKIPPED):
            return True
        parent = parent.parent
    return False


class PrintableScripts(SphinxPostTransform):
    """In the PDF's doctree, each run the body font lacks set in a font that has it, and
    right-to-left runs replaced by a note (:func:`printable`)."""

    default_priority = 900
    builders = ("pdf",)

    def run(self, **kwargs: Any) -> None:
        folders = tuple(str(folder) for folder in self.config.pdf_font_path)

        def has(font: str, char: str) -> bool:
            return ord(char) in font_characters(font, folders)

        for text in list(self.document.findall(nodes.Text)):
            value = str(text)
            if value.isascii() or _skipped(text):
                continue
            pieces = printable(value, has)
            if len(pieces) > 1 or not isinstance(pieces[0], nodes.Text) or pieces[0] != value:
                text.parent.replace(text, pieces)


def embedded_files(stylesheet: Path) -> list[str]:
    """The font files a stylesheet's ``embeddedFonts`` names."""
    import yaml  # rst2pdf's own dependency

    data = yaml.safe_load(stylesheet.read_text(encoding="utf-8")) or {}
    return [name for family in data.get("embeddedFonts", []) for name in family
            if isinstance(name, str)]


def check_fonts(app: Any) -> None:
    """Refuse a PDF build whose stylesheets embed a font file found in no folder of
    ``pdf_font_path``, saying which Debian packages provide those folders."""
    if app.builder.name != "pdf":
        return
    config = app.config
    folders = [Path(folder) for folder in config.pdf_font_path]
    sheets = [Path(folder) / name for name in config.pdf_stylesheets
              for folder in [*config.pdf_style_path, app.srcdir]
              if str(name).endswith(".yaml") and (Path(folder) / name).is_file()]
    missing = sorted({name for sheet in sheets for name in embedded_files(sheet)
                      if not any((folder / name).is_file() for folder in folders)})
    if missing:
        packages = sorted({FONT_PACKAGES.get(str(folder), str(folder)) for folder in folders})
        message = (f"the PDF embeds the fonts {', '.join(missing)}, which are in none of "
                   f"{', '.join(map(str, folders))}: install Debian's "
                   f"{' and '.join(packages)} (`make system` does), or build without the PDF "
                   "(--no-pdf)")
        # logged as well: an error line is what ``trickrules rulebook`` reports of a
        # failed Sphinx run, where Sphinx prints an exception in a crash report's middle
        logging.getLogger(__name__).error(message)
        raise ConfigError(message)


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: the PDF's fonts checked, its scripts made printable."""
    app.connect("builder-inited", check_fonts)
    app.add_post_transform(PrintableScripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
