"""The rulebook's prerequisites: every font the PDFs embed (docs/rulebook-pdf.yaml) is checked
before the build, and a missing one is named with the Debian package that installs it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trickrules.rulebook.prerequisites import (
    PDF_FONTS,
    RulebookError,
    check_prerequisites,
    missing_font,
)

ROOT = Path(__file__).resolve().parent.parent


def test_every_font_the_stylesheet_embeds_is_checked() -> None:
    embedded = set(re.findall(r"[\w-]+\.ttf", (ROOT / "docs" / "rulebook-pdf.yaml").read_text(
        encoding="utf-8")))
    checked = {f.name for _, _, files in PDF_FONTS for f in files}
    assert embedded and embedded <= checked, embedded - checked


@pytest.mark.parametrize("index", range(len(PDF_FONTS)))
def test_a_missing_font_is_named_with_its_package(tmp_path: Path, index: int) -> None:
    fonts = tuple((what, package, tuple(tmp_path / f.name for f in files) if n == index
                   else ()) for n, (what, package, files) in enumerate(PDF_FONTS))
    found = missing_font(fonts)
    assert found is not None and PDF_FONTS[index][1] in found and "--no-pdf" in found


def test_the_build_is_refused_before_it_starts(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    what, package, _files = PDF_FONTS[0]
    monkeypatch.setattr("trickrules.rulebook.prerequisites.PDF_FONTS",
                        ((what, package, (tmp_path / "LiberationSerif-Regular.ttf",)),))
    with pytest.raises(RulebookError, match="fonts-liberation2"):
        check_prerequisites(tmp_path / "out", pdf=True)
    check_prerequisites(tmp_path / "out", pdf=False)
