"""What ``trickrules rulebook`` needs before it starts: the libraries of the ``docs`` extra,
the fonts the PDFs embed and an output folder it can write. Checked before any verifying, so a
missing piece costs the user seconds, not a whole verification; nothing here imports them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from trickrules.proofs.verify.cache import check_writable_folder

CJK_FONT = Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
"""The TrueType font the PDF embeds for the Japanese quotations (Debian: fonts-ipaexfont-gothic)."""

LIBERATION = Path("/usr/share/fonts/truetype/liberation2")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
PDF_FONTS: tuple[tuple[str, str, tuple[Path, ...]], ...] = (
    ("the text in Liberation 2 (Serif, Sans and Mono)", "fonts-liberation2",
     tuple(LIBERATION / f"Liberation{face}-{style}.ttf"
           for face in ("Serif", "Sans", "Mono")
           for style in ("Regular", "Bold", "Italic", "BoldItalic"))),
    ("the Japanese quotations in IPAex Gothic", "fonts-ipaexfont-gothic", (CJK_FONT,)),
    ("the symbols Liberation lacks in DejaVu Sans", "fonts-dejavu-core",
     (DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf")),
)
"""Every font file docs/rulebook-pdf.yaml embeds: what it sets, its Debian package, its
files. A PDF build with one missing would stop late, in the middle of rst2pdf."""

HTML_MODULES = ("docutils", "sphinx")
PDF_MODULES = ("rst2pdf", "svglib")


class RulebookError(ValueError):
    """The rulebook could not be built; the message says which step failed and why."""


def sphinx_failure(returncode: int, stdout: str, stderr: str) -> str | None:
    """What went wrong in a finished Sphinx run (its warnings and errors, else its output),
    or ``None`` when it succeeded without a warning (warnings are errors here)."""
    problems = [line for line in (stderr + stdout).splitlines()
                if "WARNING" in line or "ERROR" in line]
    if returncode == 0 and not problems:
        return None
    return "\n".join(problems) or stderr.strip() or stdout.strip()


def missing_modules(pdf: bool) -> list[str]:
    """The libraries the build needs that are not installed."""
    wanted = HTML_MODULES + (PDF_MODULES if pdf else ())
    return [name for name in wanted if importlib.util.find_spec(name) is None]


def missing_font(fonts: tuple[tuple[str, str, tuple[Path, ...]], ...] | None = None
                 ) -> str | None:
    """Why the PDFs cannot be set, naming the first missing font file of ``fonts`` (default
    :data:`PDF_FONTS`) and its Debian package; None when every font is there."""
    for what, package, files in PDF_FONTS if fonts is None else fonts:
        absent = [f for f in files if not f.exists()]
        if absent:
            return (f"the PDF sets {what}, and {absent[0]} is missing: install Debian's "
                    f"{package} (`make system` does), or build with --no-pdf")
    return None


def check_prerequisites(out: Path, pdf: bool) -> None:
    """Refuse a build that cannot finish, saying what to install or which folder to fix."""
    missing = missing_modules(pdf)
    if missing:
        raise RulebookError(
            f"the rulebook needs {', '.join(missing)}, which {'is' if len(missing) == 1 else 'are'}"
            " not installed: install the docs extra (`pip install 'trickrules[docs]'`)")
    font = missing_font() if pdf else None
    if font:
        raise RulebookError(font)
    try:
        check_writable_folder(out, "--out")
    except ValueError as exc:
        raise RulebookError(str(exc)) from None
