"""Sphinx configuration of the rulebook: one site with a part per game family (HTML), and a
PDF per family through rst2pdf.

``trickrules rulebook`` copies this directory next to the pages it generates and builds
from there; nothing here reads the clock, so the same inputs give the same output."""

from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path
from typing import Any

# The builds keep big trees alive from start to end (the doctrees, the PDFs' flowables), and
# every full collection walked them all again: a fifth of a PDF's layout time. Full
# collections are left off; young cycles are still collected as usual.
gc.set_threshold(700, 10, 1_000_000)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the extensions beside this file (pagerefs, idbreaks)

import glyphs  # noqa: E402
import idbreaks  # noqa: E402
import pagerefs  # noqa: E402

project = "Kout Bo and Baloot: the reconciled rules"
author = "trickrules"
copyright = "trickrules"
version = release = "1"
today = "rulebook edition 1"
# pagerefs: the PDFs' cross-references print their target's page, "rule 702 (p. 31)"
# glyphs: the PDF's Japanese and symbols set in fonts that hold them, its Arabic replaced by a note
extensions = ["sphinx.ext.autodoc", "builders", "pagerefs", "glyphs"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = "Kout Bo and Baloot: the reconciled rules"
html_static_path = ["_static"]
html_css_files = ["rulebook.css"]
html_js_files = ["parts.js"]
templates_path = ["_templates"]
html_last_updated_fmt = None
html_theme_options = {"page_width": "1100px", "sidebar_width": "230px",
                      "show_relbars": True}
html_sidebars = {"**": ["about.html", "partnav.html", "navigation.html", "searchbox.html"]}
numfig = False
nitpicky = False

# Every registered family with its part's title, and the families built (``trickrules
# rulebook`` sets both from the family registry; each built family has its part and its PDF).
TITLES: dict[str, str] = json.loads(os.environ.get("TRICKRULES_RULEBOOK_TITLES", "{}"))
FAMILIES = os.environ.get("TRICKRULES_RULEBOOK_FAMILIES", " ".join(TITLES)).split()
AUTHOR = "trickrules"
# Two editions per family: the committee's (every chapter) and the players' (the rules, the
# house options and the glossary: what an organiser prints and hands out).
EDITIONS = {"rulebook": ("pdf", "committee edition",
                         "the rules, house options, glossary, sources, disputes and verification"),
            "players": ("players", "players' edition",
                        "the whole game for players, with a quick reference and glossary"),
            "quick": ("players/quick", "quick reference",
                      "the rules a player looks up during play, on one page"),
            "director": ("director", "director's handbook",
                         "the procedures, scoresheet and forms a tournament runs on")}
# The quick reference prints on one side of a sheet: no cover page, no contents, small type.
# The players' edition runs on without a page per chapter: its front page lists the chapters.
EDITION_OPTIONS = {"players": {"pdf_use_toc": False, "pdf_use_coverpage": False,
                               "pdf_breakside": "any", "pdf_break_level": 0,
                               "pdf_stylesheets": ["sphinx", "rulebook-pdf.yaml",
                                                   "players-pdf.yaml"]},
                   "director": {"pdf_use_coverpage": False, "pdf_breakside": "any"},
                   "quick": {"pdf_use_coverpage": False, "pdf_use_toc": False,
                             "pdf_stylesheets": ["sphinx", "rulebook-pdf.yaml",
                                                 "quick-pdf.yaml"]}}
BUILT_EDITIONS = os.environ.get("TRICKRULES_RULEBOOK_EDITIONS", " ".join(EDITIONS)).split()
# ``trickrules rulebook`` lays the PDFs out in several Sphinx processes side by side, each
# naming the PDFs it writes (all of them when unset); a PDF is the same bytes either way.
PDFS = os.environ.get("TRICKRULES_RULEBOOK_PDFS")
pdf_documents = [(f"{f}/{doc}", f"{f}-{name}", f"{TITLES[f]} ({edition})", AUTHOR,
                  EDITION_OPTIONS.get(name, {}))
                 for f in FAMILIES for name, (doc, edition, _) in EDITIONS.items()
                 if name in BUILT_EDITIONS and (PDFS is None or f"{f}-{name}" in PDFS.split())]
pagerefs.EDITION_NAMES.update({f"{f}-{name}.pdf": edition for f in TITLES
                               for name, (_, edition, _) in EDITIONS.items()})
SUBJECTS = {f"{TITLES[f]} ({edition})": f"{TITLES[f]}: {subject}"
            for f in FAMILIES for doc, edition, subject in EDITIONS.values()}


def _pdf_metadata() -> None:
    """Fill the PDF's Title, Author and Subject, which rst2pdf leaves empty for a Sphinx
    document: from the document's entry in ``pdf_documents``."""
    from rst2pdf import createpdf  # type: ignore[import-untyped]

    current: dict[str, str] = {}
    create, init = createpdf.RstToPdf.createPdf, createpdf.FancyDocTemplate.__init__

    def create_with_metadata(self: object, *args: object, **kwargs: object) -> object:
        settings = getattr(kwargs.get("doctree"), "settings", None)
        current.update(title=str(getattr(settings, "title", "")),
                       author=str(getattr(settings, "author", "")))
        return create(self, *args, **kwargs)

    def init_with_metadata(self: object, *args: object, **kwargs: object) -> None:
        title = current.get("title", "")
        kwargs.update(title=kwargs.get("title") or title,
                      author=kwargs.get("author") or current.get("author", ""),
                      subject=SUBJECTS.get(title, title))
        init(self, *args, **kwargs)

    createpdf.RstToPdf.createPdf = create_with_metadata
    createpdf.FancyDocTemplate.__init__ = init_with_metadata


_pdf_metadata()


def _drawings_parsed_once() -> None:
    """Parse each SVG drawing once per build: rst2pdf parses a drawing to measure it and again
    to draw it, and both editions draw the same ones (parsing was a third of the PDF build).
    The parsed drawing is only measured and drawn, never changed, so one serves every use."""
    from card_drawings import read_drawing
    from rst2pdf import svgimage

    parse = svgimage.svg2rlg
    parsed: dict[tuple[str, int, int], object] = {}

    def parse_once(path: str, **options: object) -> object:
        if options:
            return parse(path, **options)
        status = os.stat(path)
        key = (os.path.realpath(path), status.st_mtime_ns, status.st_size)
        if key not in parsed:  # the card drawings read directly, any other SVG by svglib
            parsed[key] = read_drawing(path) or parse(path)
        return parsed[key]

    svgimage.svg2rlg = parse_once


_drawings_parsed_once()


def _page_frames_parsed_once() -> None:
    """Parse each page header and footer text once per PDF: rst2pdf parsed it as a document
    afresh for every page (a tenth of laying out the committee edition). The same text in the
    same document gives the same tree; each page lays out a copy of its own."""
    from rst2pdf import createpdf

    publish = createpdf.publish_secondary_doctree
    parsed: dict[tuple[str, int], tuple[object, Any]] = {}

    def publish_once(text: str, main_tree: object, source_path: str | None) -> Any:
        if source_path is not None:
            return publish(text, main_tree, source_path)
        key = (text, id(main_tree))
        if key not in parsed:  # the main tree kept beside its copy: its id is not reused
            parsed[key] = (main_tree, publish(text, main_tree, None))
        return parsed[key][1].deepcopy()

    createpdf.publish_secondary_doctree = publish_once


_page_frames_parsed_once()


def _links_to_every_edition() -> None:
    """Resolve a link to a page of an edition not built this run as when it is built (to that
    edition's PDF): otherwise the players' edition printed alone would set its links into the
    committee's pages as unlinked code, and differ from the one printed beside it."""
    from rst2pdf import pdfbuilder
    from sphinx.errors import NoUri

    every = {f"{f}/{doc}": f"{f}-{name}" for f in FAMILIES
             for name, (doc, _, _) in EDITIONS.items()}
    resolve = pdfbuilder.PDFBuilder.get_target_uri

    def get_target_uri(self: object, docname: str, typ: str | None = None) -> str:
        try:
            return str(resolve(self, docname, typ))
        except NoUri:
            env = self.env  # type: ignore[attr-defined]
            for index, target in every.items():
                if docname == index or docname in env.toctree_includes.get(index, ()):
                    return f"pdf:{target}.pdf"
            raise

    pdfbuilder.PDFBuilder.get_target_uri = get_target_uri


_links_to_every_edition()
idbreaks.install()  # ids too long for a table cell break after a hyphen or dot
exclude_patterns += [f"{f}/*" for f in TITLES if f not in FAMILIES]
pdf_stylesheets = ["sphinx", "rulebook-pdf.yaml"]
pdf_style_path = [str(HERE)]
# The fonts rulebook-pdf.yaml embeds, by folder and the Debian package that fills it: the body
# in Liberation Sans, Serif and Mono, the Japanese in IPAex Gothic, other symbols in DejaVu
# Sans. A PDF build stops, saying what to install, when one is missing (glyphs.check_fonts).
BODY_FONT_DIR = "/usr/share/fonts/truetype/liberation2"
CJK_FONT_DIR = "/usr/share/fonts/opentype/ipaexfont-gothic"
SYMBOL_FONT_DIR = "/usr/share/fonts/truetype/dejavu"
glyphs.FONT_PACKAGES.update({BODY_FONT_DIR: "fonts-liberation2",
                             CJK_FONT_DIR: "fonts-ipaexfont-gothic",
                             SYMBOL_FONT_DIR: "fonts-dejavu-core"})
pdf_font_path = list(glyphs.FONT_PACKAGES)
pdf_use_index = False
pdf_use_modindex = False
pdf_use_coverpage = True
pdf_break_level = 1
pdf_fit_mode = "shrink"

# The translated players' pages (the players' edition and quick reference of each family in
# another language): ``trickrules rulebook`` builds them from a folder of their own with
# TRICKRULES_RULEBOOK_LANGUAGE set, every sentence looked up in the one catalogue of
# locale/<language>/LC_MESSAGES/players.po (``python -m trickrules.rulebook.catalogue``
# extracts the sentences with the gettext builder). A right-to-left language reads the pages
# right to left; the card pictures are the same drawings.
locale_dirs = ["locale/"]
gettext_compact = "players"
gettext_uuid = False
gettext_location = False
gettext_auto_build = True
TRANSLATED_LANGUAGE = os.environ.get("TRICKRULES_RULEBOOK_LANGUAGE", "")
RIGHT_TO_LEFT = ("ar",)
if TRANSLATED_LANGUAGE:
    language = TRANSLATED_LANGUAGE
    html_title = os.environ.get("TRICKRULES_RULEBOOK_HTML_TITLE", html_title)
    project = html_title
    html_sidebars = {"**": ["navigation.html", "searchbox.html"]}
    html_js_files = []
    if TRANSLATED_LANGUAGE in RIGHT_TO_LEFT:
        html_css_files = [*html_css_files, "rulebook-rtl.css"]
