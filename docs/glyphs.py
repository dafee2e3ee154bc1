"""Every character of the printed rulebook drawn with a glyph: a Sphinx extension for the PDF
builder (rst2pdf on ReportLab); the HTML site is left as it is.

The body fonts (``rulebook-pdf.yaml``: Liberation Serif, Sans and Mono, embedded) hold the
Latin letters the pages use, macrons and carons included, but no Japanese, and ReportLab has
no font fallback: a character its font lacks is drawn as that font's empty glyph 0. So, in
the PDF's doctree only:

- each run of Japanese (CJK) characters, wherever it stands (a glossary's katakana, a word
  quoted inside an English sentence), is set in IPAex Gothic: it becomes an inline node of
  class ``cjk``, which rst2pdf sets in the stylesheet's ``cjk`` style, that font;
- each run of right-to-left script (Arabic) is replaced by a bracketed note saying the HTML
  pages show it: ReportLab neither joins Arabic letters nor reorders them, so the word would
  print as separate letters left to right, which is not the word.

``check_fonts`` refuses a PDF build, naming the Debian package to install, when a font file
the stylesheets embed is missing (rst2pdf would stop with a bare "Error processing font")."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.errors import ConfigError
from sphinx.transforms.post_transforms import SphinxPostTransform

CJK = re.compile("[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0002ffff]+")
"""A run of Japanese: CJK punctuation, kana, ideographs and full-width forms (the ranges of
``trickrules.rulebook.rst.has_cjk``, and the compatibility and supplementary ideographs)."""
_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe"
RIGHT_TO_LEFT = re.compile(f"[{_RTL}]+(?:[\\s\u200c\u200d]+[{_RTL}]+)*")
"""A run of right-to-left script (Hebrew, Arabic, Syriac, Thaana and their presentation
forms), spaces between its words included."""
SKIPPED = (nodes.FixedTextElement, nodes.literal, nodes.raw, nodes.comment)
"""Elements whose text rst2pdf sets as it is (code, raw PDF commands): left alone."""
FONT_PACKAGES: dict[str, str] = {}
"""Each folder of ``pdf_font_path`` and the Debian package that fills it, set by the book's
configuration: what :func:`check_fonts` says to install."""


def script_note(run: str) -> str:
    """What the PDF prints in place of a run of right-to-left script."""
    script = unicodedata.name(run[0], "right-to-left").split()[0].title()
    return f"[{script} script, see the HTML pages]"


def printable(text: str) -> list[nodes.Node]:
    """``text`` as the PDF can print it: its right-to-left runs replaced by a note, its
    Japanese runs inline nodes of class ``cjk``, the rest text as it is."""
    text = RIGHT_TO_LEFT.sub(lambda m: script_note(m.group()), text)
    out: list[nodes.Node] = []
    start = 0
    for match in CJK.finditer(text):
        if match.start() > start:
            out.append(nodes.Text(text[start:match.start()]))
        out.append(nodes.inline(match.group(), match.group(), classes=["cjk"]))
        start = match.end()
    if start < len(text):
        out.append(nodes.Text(text[start:]))
    return out


def _skipped(node: nodes.Node) -> bool:
    """Whether ``node`` stands inside an element whose text is set as it is."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, SKIPPED):
            return True
        parent = parent.parent
    return False


class PrintableScripts(SphinxPostTransform):  # type: ignore[misc]
    """In the PDF's doctree, Japanese runs set in IPAex Gothic and right-to-left runs
    replaced by a note (:func:`printable`)."""

    default_priority = 900
    builders = ("pdf",)

    def run(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            value = str(text)
            if (CJK.search(value) or RIGHT_TO_LEFT.search(value)) and not _skipped(text):
                text.parent.replace(text, printable(value))


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
        raise ConfigError(
            f"the PDF embeds the fonts {', '.join(missing)}, which are in none of "
            f"{', '.join(map(str, folders))}: install Debian's {' and '.join(packages)} "
            "(`make system` does), or build without the PDF (--no-pdf)")


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: the PDF's fonts checked, its scripts made printable."""
    app.connect("builder-inited", check_fonts)
    app.add_post_transform(PrintableScripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
