"""What ``trickrules rulebook`` needs before it starts: the libraries of the ``docs`` extra,
the PDF's font and an output folder it can write. Checked before any verifying, so a missing
piece costs the user seconds, not a whole verification; nothing here imports them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from proofs.verify.cache import check_writable_folder

CJK_FONT = Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
"""The TrueType font the PDF embeds for the Japanese quotations (Debian: fonts-ipaexfont-gothic)."""

HTML_MODULES = ("docutils", "sphinx")
PDF_MODULES = ("rst2pdf", "svglib")


class RulebookError(ValueError):
    """The rulebook could not be built; the message says which step failed and why."""


def missing_modules(pdf: bool) -> list[str]:
    """The libraries the build needs that are not installed."""
    wanted = HTML_MODULES + (PDF_MODULES if pdf else ())
    return [name for name in wanted if importlib.util.find_spec(name) is None]


def check_prerequisites(out: Path, pdf: bool) -> None:
    """Refuse a build that cannot finish, saying what to install or which folder to fix."""
    missing = missing_modules(pdf)
    if missing:
        raise RulebookError(
            f"the rulebook needs {', '.join(missing)}, which {'is' if len(missing) == 1 else 'are'}"
            " not installed: install the docs extra (`pip install 'trickrules[docs]'`)")
    if pdf and not CJK_FONT.exists():
        raise RulebookError(f"the PDF sets the Japanese quotations in IPAex Gothic, and "
                            f"{CJK_FONT} is missing: install Debian's "
                            "fonts-ipaexfont-gothic (`make` does), or build with --no-pdf")
    try:
        check_writable_folder(out, "--out")
    except ValueError as exc:
        raise RulebookError(str(exc)) from None
