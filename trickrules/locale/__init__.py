"""The message catalogues of the translated pages: for each language, ``players.po`` (the
sentences of the players' edition and quick reference, as Sphinx extracts them from the English
pages) and ``trickrules.po`` (the words the program itself writes: the glossary's columns, the
edition's front matter, the ruling page). A new language is a new folder of catalogues."""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent
"""The folder of the catalogues, ``<language>/LC_MESSAGES/<domain>.po`` and ``.mo``."""
PAGES_DOMAIN = "players"
"""The catalogue of the translated rulebook pages' sentences (Sphinx's ``gettext_compact``)."""
PROGRAM_DOMAIN = "trickrules"
"""The catalogue of the words the program writes into a page."""
RIGHT_TO_LEFT = frozenset({"ar"})
"""The languages written right to left."""


def languages() -> tuple[str, ...]:
    """The languages with catalogues, in alphabetical order."""
    return tuple(sorted(p.name for p in LOCALE_DIR.iterdir()
                        if (p / "LC_MESSAGES" / f"{PROGRAM_DOMAIN}.mo").is_file()))


@cache
def translation(language: str, domain: str = PROGRAM_DOMAIN) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``language`` (English: the words unchanged)."""
    if language == "en":
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
    if not path.is_file():
        raise ValueError(f"no {domain} catalogue for language {language!r}: {path} is missing "
                         f"(languages: {', '.join(languages()) or 'none'})")
    with path.open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


def direction(language: str) -> str:
    """``rtl`` or ``ltr``: the way ``language`` is read."""
    return "rtl" if language in RIGHT_TO_LEFT else "ltr"
