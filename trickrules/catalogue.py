"""``python -m trickrules.catalogue``: bring the message catalogues of every translated
language up to date with the English words, and list what is new or changed.

The sentences of the players' pages are extracted, one template a page, by Sphinx's gettext
builder from the pages ``trickrules rulebook`` last generated (``build/rulebook/source``); the
words the program writes (the glossary's columns, the translated part's first page, the
ruling page's forms and titles) from the code and the rule data. A sentence that changed is
kept as a fuzzy guess, one that went is dropped; neither is used until translated again, and
the tests fail while any is left. Exit 0 when every message is translated, 1 when some are
not (listed), 2 on bad input."""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from trickrules.locale import LOCALE_DIR, PAGES_DOMAIN, PROGRAM_DOMAIN
from trickrules.rulebook.players_pages import PLAYERS
from trickrules.rulebook.translated import (
    TRANSLATED_LANGUAGES,
    TRANSLITERATION,
    family_title,
    start_translated,
)

FIXED_DATE = datetime(1970, 1, 1, tzinfo=UTC)
"""The catalogues' header dates: the same words give the same files."""
PROGRAM_FILES = {"trickrules/rulebook/translated.py": {"_": (2,)},
                 "trickrules/serve/pages.py": {"_": (2,)}}
"""The modules that write translated words, and the argument that holds them."""
IN_FORMAT = re.compile(r"""\b_\(language, (["'])((?:(?!\1).)+)\1\)""")
"""A one-line call ``_(language, "...")``, as it is written inside an f-string."""
Entry = tuple[str, str | None]
"""A message: its English text and its context (None for most)."""


def page_messages(source: Path, families: list[str], language: str) -> list[Entry]:
    """The sentences of the players' pages generated in ``source``, in page order (their
    first page and glossary are the program's, not extracted)."""
    with tempfile.TemporaryDirectory() as scratch:
        build = start_translated(source, Path(scratch) / "pot", families, language, "gettext")
        build.wait()
        out: list[Entry] = []
        for family in families:
            pages = Path(scratch) / "pot" / family
            templates = [pages / f"{PLAYERS}.pot",
                         *sorted((pages / PLAYERS).glob("*.pot"), key=_page_order)]
            for template in templates:
                if template.stem != "glossary":
                    with template.open("rb") as read:
                        out += [(str(m.id), m.context) for m in read_po(read) if m.id]
        return out


def _page_order(path: Path) -> tuple[int, str]:
    """The quick reference, then the chapters in number order."""
    number = path.stem.removeprefix("rules-")
    return (int(number), "") if number.isdigit() else (0, path.stem)


def program_messages(families: list[str]) -> list[Entry]:
    """The words the program writes into a translated page: from its code, and from the
    rule data (the glossary) and the question protocol (the ruling page's forms)."""
    from trickrules.serve.words import page_vocabulary
    from trickrules.spec.loader import family_catalogue
    from trickrules.spec.numbering import rulebook_of

    root = Path(__file__).resolve().parent.parent
    out: list[Entry] = []
    for name, keywords in PROGRAM_FILES.items():
        for _, text, _, context in extract_from_file("python", root / name, keywords=keywords):
            out.append((str(text), context))
        # a call inside an f-string is one token to Python 3.11's tokenizer: found by its form
        code = (root / name).read_text(encoding="utf-8")
        out += [(match.group(2), None) for match in IN_FORMAT.finditer(code)]
    for family in families:
        out.append((family_title(family), None))
        for term in rulebook_of(family_catalogue(family)).glossary:
            out += [(term.term, None), (term.term, TRANSLITERATION), (term.meaning, None)]
    return out + [(text, None) for text in page_vocabulary()]


def updated(path: Path, entries: Iterable[Entry], language: str) -> Catalog:
    """The catalogue at ``path`` brought up to date with ``entries``: a new message
    untranslated, a changed one a fuzzy guess, a gone one dropped."""
    template = Catalog(locale=language, fuzzy=False)
    for text, context in dict.fromkeys(entries):
        template.add(text, context=context)
    if path.is_file():
        with path.open("rb") as read:
            catalog = read_po(read, locale=language)
    else:
        catalog = Catalog(locale=language, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=False)
    catalog.obsolete.clear()
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.project, catalog.version = "trickrules", "1"
    return catalog


def needs_translation(message: Message) -> bool:
    """Whether a message still wants its translation: it is untranslated or fuzzy, and it
    has words (a number or a card code alone reads the same in every language)."""
    return bool(message.id) and (not message.string or message.fuzzy) and any(
        c.isalpha() for c in str(message.id).replace("♠", ""))


def write_catalogue(catalog: Catalog, path: Path) -> None:
    """Write the catalogue and its compiled form beside it (what the pages read)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=0, omit_header=False, include_previous=True)
    with path.with_suffix(".mo").open("wb") as out:
        write_mo(out, catalog)


def update(source: Path, families: list[str], languages: Iterable[str]) -> list[str]:
    """Update every language's two catalogues; the messages left to translate, each a
    line naming its catalogue."""
    left = []
    for language in languages:
        for domain, entries in ((PAGES_DOMAIN, page_messages(source, families, language)),
                                (PROGRAM_DOMAIN, program_messages(families))):
            path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
            catalog = updated(path, entries, language)
            write_catalogue(catalog, path)
            left += [f"{path.name}: {'fuzzy' if m.fuzzy else 'new'}: {m.id}"
                     for m in catalog if needs_translation(m)]
    return left


def main(argv: list[str] | None = None) -> int:
    """Update the catalogues from the generated pages; list what is left to translate."""
    from trickrules.rulebook.build import rulebook_families

    parser = argparse.ArgumentParser(prog="python -m trickrules.catalogue",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default="build/rulebook/source",
                        help="the pages `trickrules rulebook` generated (default: %(default)s)")
    args = parser.parse_args(argv)
    source = Path(args.source)
    families = rulebook_families()
    missing = [f for f in families if not (source / f / f"{PLAYERS}.rst").is_file()]
    if missing:
        print(f"{source}: no players' pages of {', '.join(missing)}; `trickrules rulebook` "
              "generates them there", file=sys.stderr)
        return 2
    left = update(source, families, TRANSLATED_LANGUAGES)
    for line in left:
        print(line)
    print(f"{len(left)} message(s) to translate", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
