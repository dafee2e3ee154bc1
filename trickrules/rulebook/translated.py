"""The players' edition and quick reference of each family in another language: the English
pages ``trickrules rulebook`` generated (every rule text, number, table and example computed
from the rule data and checked against the engine) are built again by Sphinx with their
sentences looked up in the language's catalogue, from a folder of their own beside the
English sources, into ``html/<language>/`` of the site; the glossary is set in three scripts
(the word as written in the language, as the sources transliterate it, in English), and each
edition is then printed from its HTML by Chromium (:mod:`trickrules.rulebook.translated_print`),
which shapes and orders the text as the browser shows it."""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from trickrules.locale import LOCALE_DIR, PAGES_DOMAIN, PROGRAM_DOMAIN, direction, translation
from trickrules.rulebook.players_pages import PLAYERS, players_label
from trickrules.rulebook.prerequisites import RulebookError, sphinx_failure
from trickrules.rulebook.rst import heading, label
from trickrules.rulebook.translated_print import print_pdfs, printable_page
from trickrules.spec.numbering import rulebook_of
from trickrules.spec.registry import REGISTRY

TRANSLATED_LANGUAGES = ("ar",)
"""The languages ``trickrules rulebook`` builds the players' pages in, beside English."""
SHARED_PARTS = ("conf.py", "card_drawings.py", "glyphs.py", "idbreaks.py", "pagerefs.py",
                "builders.py", "_static", "_templates", "_cards")
"""What the translated pages need of the English sources besides their own pages."""
TRANSLATED_EDITIONS = ("players", "quick")
"""The editions translated: what players read at the table (the committee's and the
director's books stay English)."""
TRANSLITERATION = "transliteration"
"""The catalogue context of a glossary term's transliteration (its Latin letters)."""


def _(language: str, text: str) -> str:
    """``text`` in ``language``, from the program's catalogue."""
    return translation(language, PROGRAM_DOMAIN).gettext(text)


def translated_pdf_name(family: str, edition: str, language: str) -> str:
    """The file name of a translated edition's PDF: ``kout-players-ar.pdf``."""
    return f"{family}-{edition}-{language}.pdf"


def family_title(family: str) -> str:
    """A family's name as its part of the site is titled (``Kout Bo``)."""
    return next(f.title for f in REGISTRY if f.name == family).split(":")[0]


def translated_source(out: Path, language: str) -> Path:
    """The folder of a language's pages, beside the English sources."""
    return out / f"source-{language}"


def glossary_page(family: str, language: str) -> list[str]:
    """The players' glossary in ``language``: each term as the language writes it, in the
    Latin letters the sources use, and in English, with its meaning (a raw HTML table: the
    English column must stay English, so it is kept out of the sentence catalogue)."""
    from trickrules.spec.loader import family_catalogue

    book = rulebook_of(family_catalogue(family))
    words = translation(language, PROGRAM_DOMAIN)
    terms = sorted(book.glossary, key=lambda t: words.gettext(t.term))
    head = [_(language, "In the language of the table"), _(language, "In Latin letters"),
            _(language, "In English"), _(language, "Meaning")]
    rows = ["<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for term in terms:
        cells = [f'<td class="term">{html.escape(words.gettext(term.term))}</td>',
                 f'<td dir="ltr">{html.escape(words.pgettext(TRANSLITERATION, term.term))}</td>',
                 f'<td dir="ltr" lang="en">{html.escape(term.term)}</td>',
                 f"<td>{html.escape(words.gettext(term.meaning))}</td>"]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return [*label(players_label(family, "glossary")),
            *heading(_(language, "Glossary"), 0),
            _(language, "Each word as players at the table say it, in the Latin letters the "
                        "sources write it in, and in English."), "",
            ".. raw:: html", "", '   <div class="scroll"><table class="docutils glossary-terms">',
            *(f"   {row}" for row in rows), "   </table></div>", ""]


def index_page(families: list[str], language: str) -> list[str]:
    """The translated part's first page: each family's players' edition and quick reference."""
    lines = [*heading(_(language, "The rules for players"), 0),
             _(language, "The players' edition and the quick reference of each game, in the "
                         "same rules, numbers and examples as the English edition, which the "
                         "machine checks."), ""]
    for family in families:
        name = _(language, family_title(family))
        lines += [f"- :doc:`{name} <{family}/{PLAYERS}>` · "
                  f":doc:`{_(language, 'Quick reference')} <{family}/{PLAYERS}/quick>`"]
    return [*lines, "", ".. toctree::", "   :hidden:", "",
            *(f"   {family}/{PLAYERS}" for family in families), ""]


def write_translated_source(source: Path, target: Path, families: list[str],
                            language: str) -> None:
    """Copy the English players' pages (and what building them needs) from ``source`` to
    ``target``, with the language's catalogue, its glossary and its first page."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in SHARED_PARTS:
        if (source / name).is_dir():
            shutil.copytree(source / name, target / name)
        elif (source / name).is_file():
            shutil.copy2(source / name, target / name)
    for family in families:
        (target / family).mkdir()
        shutil.copy2(source / family / f"{PLAYERS}.rst", target / family / f"{PLAYERS}.rst")
        shutil.copytree(source / family / PLAYERS, target / family / PLAYERS)
        (target / family / PLAYERS / "glossary.rst").write_text(
            "\n".join(glossary_page(family, language)) + "\n", encoding="utf-8")
    (target / "index.rst").write_text("\n".join(index_page(families, language)) + "\n",
                                      encoding="utf-8")
    catalogue = LOCALE_DIR / language / "LC_MESSAGES" / f"{PAGES_DOMAIN}.po"
    if not catalogue.is_file():
        raise RulebookError(f"{catalogue}: no catalogue of the players' pages in {language}")
    (target / "locale" / language / "LC_MESSAGES").mkdir(parents=True)
    shutil.copyfile(catalogue, target / "locale" / language / "LC_MESSAGES" / catalogue.name)


def sphinx_environment(families: list[str], language: str) -> dict[str, str]:
    """What ``docs/conf.py`` reads to build the translated pages."""
    import json

    return {**os.environ, "SOURCE_DATE_EPOCH": "0", "TRICKRULES_RULEBOOK_LANGUAGE": language,
            "TRICKRULES_RULEBOOK_FAMILIES": " ".join(families),
            "TRICKRULES_RULEBOOK_TITLES": json.dumps({f.name: f.title for f in REGISTRY}),
            "TRICKRULES_RULEBOOK_HTML_TITLE": _(language, "The rules for players")}


@dataclass
class TranslatedBuild:
    """A language's pages being built by Sphinx, beside the English builds."""

    language: str
    families: list[str]
    target: Path
    out: Path
    process: subprocess.Popen[str]

    def wait(self) -> None:
        """Wait for Sphinx; a warning or error fails the build, naming the language."""
        stdout, stderr = self.process.communicate()
        detail = sphinx_failure(self.process.returncode, stdout, stderr)
        if detail is not None:
            raise RulebookError(f"sphinx html build of the {self.language} pages failed:\n"
                                f"{detail}")
        shutil.rmtree(self.out / ".doctrees", ignore_errors=True)

    def print_editions(self, pdf_dir: Path) -> None:
        """Print each family's translated players' edition and quick reference into
        ``pdf_dir``, from the pages just built."""
        pages = {printable_page(self.out, family, edition, self.language):
                 pdf_dir / translated_pdf_name(family, edition, self.language)
                 for family in self.families for edition in TRANSLATED_EDITIONS}
        print_pdfs(pages)

    def stop(self) -> None:
        """Stop Sphinx if it still runs (the build failed elsewhere, or was interrupted)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_translated(source: Path, out: Path, families: list[str], language: str,
                     builder: str = "html") -> TranslatedBuild:
    """Write a language's pages beside ``source`` and start Sphinx building them into
    ``out`` (``builder`` ``gettext``: their sentences, one template a page, for the
    catalogue)."""
    target = translated_source(source.parent, language)
    write_translated_source(source, target, families, language)
    per_page = ["-D", "gettext_compact=0"] if builder == "gettext" else []
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-E", "-b",
               builder, *per_page, str(target), str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=sphinx_environment(families, language))
    return TranslatedBuild(language, families, target, out, process)


def is_right_to_left(language: str) -> bool:
    """Whether ``language`` reads right to left."""
    return direction(language) == "rtl"
