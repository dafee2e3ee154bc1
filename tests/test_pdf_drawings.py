"""The PDF builder reads the rulebook's own card drawings without svglib
(``docs/card_drawings.py``): each drawing kind prints exactly as svglib's reading of it does,
and a file outside the drawings' vocabulary is left to svglib; and every drawing a players'
edition prints is drawn on the pass that is kept (the first pass draws none:
``docs/pagerefs.py``)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from reportlab.graphics import renderPDF  # type: ignore[import-untyped]
from svglib.svglib import svg2rlg

from trickrules.rulebook.build import Built, printed_drawings


def _reader() -> Any:
    """``docs/card_drawings.py``, a module of the Sphinx sources (not of a package)."""
    path = Path(__file__).resolve().parent.parent / "docs" / "card_drawings.py"
    spec = importlib.util.spec_from_file_location("card_drawings", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


read_drawing = _reader().read_drawing

KINDS = ('class="tally"', "<line", "stroke-dasharray", 'text-anchor="middle"',
         'stroke-width="1.6"', 'font-weight="bold"', 'rx="')
"""Something of every part of the vocabulary: a tally's groups, lines, dashes, centred and
bold text, a Joker's outlined star, rounded cards."""


def _printed(drawing: object, out: Path) -> Image.Image:
    """``drawing`` printed to a PDF of its own and read back as a picture."""
    renderPDF.drawToFile(drawing, str(out.with_suffix(".pdf")))
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-singlefile", str(out.with_suffix(".pdf")),
                    str(out)], check=True)
    return Image.open(out.with_suffix(".png")).convert("RGB")


def test_each_kind_of_drawing_prints_as_svglib_reads_it(rulebook: Built, tmp_path: Path) -> None:
    drawings = sorted((rulebook.source / "_cards").glob("*.svg"))
    chosen = {kind: next(d for d in drawings if kind in d.read_text(encoding="utf-8"))
              for kind in KINDS}
    assert all(read_drawing(str(d)) is not None for d in drawings)  # every one read directly
    for number, (kind, svg) in enumerate(sorted(chosen.items())):
        mine = _printed(read_drawing(str(svg)), tmp_path / f"mine-{number}")
        theirs = _printed(svg2rlg(str(svg)), tmp_path / f"svglib-{number}")
        assert mine.size == theirs.size, (kind, svg.name)
        assert ImageChops.difference(mine, theirs).getbbox() is None, (kind, svg.name)


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="3"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<rect x="0" y="0" width="5" height="5" opacity="0.5"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<path transform="translate(1 1) scale(1)" d="M0 0 Q 5 5 10 0" fill="#000000"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10"></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<text x="1" y="1" font-family="Times">x</text></svg>',
])
def test_anything_else_is_left_to_svglib(svg: str, tmp_path: Path) -> None:
    path = tmp_path / "other.svg"
    path.write_text(svg, encoding="utf-8")
    assert read_drawing(str(path)) is None


def test_every_printed_drawing_is_in_the_pdf(rulebook: Built) -> None:
    """The first line of each drawing the Baloot players' edition prints is in its PDF's
    text (a drawing laid out but not drawn leaves its room empty)."""
    import xml.etree.ElementTree as ElementTree

    text = " ".join(subprocess.run(["pdftotext", "-enc", "UTF-8",
                                    str(rulebook.players_pdf("baloot")), "-"], check=True,
                                   capture_output=True, text=True).stdout.split())
    names = {name for page in sorted((rulebook.source / "baloot" / "players").glob("*.rst"))
             for name in printed_drawings(page.read_text(encoding="utf-8"))}
    assert len(names) > 20
    for name in sorted(names):
        root = ElementTree.parse(rulebook.source / name.lstrip("/")).getroot()
        first = next(e.text for e in root.iter() if e.tag.endswith("text") and e.text)
        assert " ".join(first.split()) in text, name
