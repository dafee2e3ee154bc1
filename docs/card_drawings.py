"""The rulebook's card drawings read straight into ReportLab shapes, for the PDF builder.

The drawings are SVG files the rulebook writes itself (``trickrules.rulebook.cards_svg``), in a
small vocabulary: rectangles, lines, text in Helvetica, and suit marks drawn as paths of
straight lines and arcs placed by a translation and a scale, in groups. svglib reads any SVG,
resolving every attribute through the styles and the parents of each element; for these files
that was the costliest part of laying out the PDFs. :func:`read_drawing` reads exactly this
vocabulary, with the same shapes svglib makes of it, and returns ``None`` for a file with
anything else (an element, attribute, unit or path command it does not know), which is then
left to svglib."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

from reportlab.graphics.shapes import (  # type: ignore[import-untyped]
    Drawing,
    Group,
    Line,
    Path,
    Rect,
    String,
)
from reportlab.lib.colors import HexColor  # type: ignore[import-untyped]
from svglib.utils import bezier_arc_from_end_points

SVG = "{http://www.w3.org/2000/svg}"
KNOWN = {
    "svg": {"width", "height", "viewBox", "role"},
    "title": set(),
    "g": {"class"},
    "rect": {"x", "y", "width", "height", "rx", "fill", "stroke", "stroke-width",
             "stroke-dasharray"},
    "line": {"x1", "y1", "x2", "y2", "stroke", "stroke-width", "stroke-dasharray"},
    "text": {"x", "y", "font-family", "font-size", "font-weight", "fill", "text-anchor"},
    "path": {"transform", "d", "fill", "stroke", "stroke-width"},
}
"""Each element read, with the attributes it may carry."""
POINTS_PER_PIXEL = 0.75
"""An SVG pixel is a 96th of an inch, a PDF point a 72nd (svglib's reading too)."""
PLACED = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)\)")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


class UnreadError(Exception):
    """The file uses something outside the vocabulary read here."""


def read_drawing(path: str) -> Drawing | None:
    """The drawing of the SVG file at ``path``, or ``None`` when it holds anything this
    reader does not know (svglib reads it then)."""
    try:
        root = ElementTree.parse(path).getroot()
        if root.tag != f"{SVG}svg":
            return None
        _check(root)
        width, height = _number(root, "width"), _number(root, "height")
        if root.get("viewBox", f"0 0 {root.get('width')} {root.get('height')}").split() != \
                ["0", "0", root.get("width"), root.get("height")]:
            return None
        drawing = Drawing(width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL)
        # SVG's y runs down the page, ReportLab's up
        turned = (POINTS_PER_PIXEL, 0, 0, -POINTS_PER_PIXEL, 0, height * POINTS_PER_PIXEL)
        drawing.add(_group(root, turned))
        return drawing
    except (UnreadError, ElementTree.ParseError, ValueError):
        return None


def _check(element: ElementTree.Element) -> None:
    """Refuse an element, or an attribute of one, outside the vocabulary."""
    name = element.tag.removeprefix(SVG)
    if name not in KNOWN or not set(element.attrib) <= KNOWN[name]:
        raise UnreadError(name)
    if name != "text" and name != "title" and (element.text or "").strip():
        raise UnreadError(name)
    for child in element:
        _check(child)


def _group(element: ElementTree.Element, transform: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
           ) -> Group:
    """The shapes of ``element``'s children, in order, in one group."""
    group = Group(transform=transform)
    for child in element:
        name = child.tag.removeprefix(SVG)
        if name == "g":
            group.add(_group(child))
        elif name != "title":
            group.add(SHAPES[name](child))
    return group


def _rect(element: ElementTree.Element) -> Rect:
    corner = _number(element, "rx", 0.0)
    return Rect(_number(element, "x", 0.0), _number(element, "y", 0.0),
                _number(element, "width"), _number(element, "height"), rx=corner, ry=corner,
                **_paint(element, fill="#000000"))


def _line(element: ElementTree.Element) -> Line:
    return Line(_number(element, "x1", 0.0), _number(element, "y1", 0.0),
                _number(element, "x2", 0.0), _number(element, "y2", 0.0),
                **_paint(element, fill=None))


def _text(element: ElementTree.Element) -> Group:
    """A line of text, set upright again inside the page's turned group."""
    if element.get("font-family", "Helvetica") != "Helvetica" or list(element):
        raise UnreadError("text")
    bold = element.get("font-weight") == "bold"
    if element.get("font-weight") not in (None, "bold"):
        raise UnreadError("text")
    anchor = element.get("text-anchor", "start")
    if anchor not in ("start", "middle", "end"):
        raise UnreadError("text")
    words = String(_number(element, "x", 0.0), -_number(element, "y", 0.0),
                   element.text or "", fontName="Helvetica-Bold" if bold else "Helvetica",
                   fontSize=_number(element, "font-size", 12.0), textAnchor=anchor,
                   fillColor=_colour(element.get("fill", "#000000")))
    return Group(words, transform=(1, 0, 0, -1, 0, 0))


def _path(element: ElementTree.Element) -> Group:
    """A suit mark: its outline (read once per outline), placed by its translation and
    scale."""
    placed = PLACED.fullmatch(element.get("transform", "translate(0 0) scale(1)"))
    if placed is None:
        raise UnreadError("path")
    x, y, scale = (float(n) for n in placed.groups())
    outline = _outline(element.get("d", ""), element.get("fill", "#000000"),
                       element.get("stroke"), _number(element, "stroke-width", 1.0))
    return Group(outline, transform=(scale, 0, 0, scale, x, y))


@functools.cache
def _outline(commands: str, fill: str, stroke: str | None, stroke_width: float) -> Path:
    """An outline of absolute moves, lines, arcs and closes, as ReportLab draws it (one shape
    serves every mark drawn with it: shapes are only drawn, never changed)."""
    path = Path(fillColor=_colour(fill), strokeColor=_colour(stroke), strokeWidth=stroke_width)
    here = (0.0, 0.0)
    for op, operands in re.findall(r"([A-Za-z])([^A-Za-z]*)", commands):
        numbers = [float(n) for n in NUMBER.findall(operands)]
        if op == "M" and len(numbers) == 2:
            path.moveTo(*numbers)
            here = (numbers[0], numbers[1])
        elif op == "L" and len(numbers) == 2:
            path.lineTo(*numbers)
            here = (numbers[0], numbers[1])
        elif op == "A" and len(numbers) == 7:
            rx, ry, phi, large, sweep, x2, y2 = numbers
            for _, _, c1x, c1y, c2x, c2y, ex, ey in bezier_arc_from_end_points(
                    here[0], here[1], rx, ry, phi, int(large), int(sweep), x2, y2):
                path.curveTo(c1x, c1y, c2x, c2y, ex, ey)
            here = (x2, y2)
        elif op == "Z" and not numbers:
            path.closePath()
        else:
            raise UnreadError(f"path {op}")
    return path


def _paint(element: ElementTree.Element, fill: str | None) -> dict[str, Any]:
    """A shape's fill and stroke (SVG's defaults: ``fill`` given, no stroke)."""
    stroke = element.get("stroke")
    dashes = element.get("stroke-dasharray")
    paint: dict[str, Any] = {
        "fillColor": _colour(element.get("fill", fill)),
        "strokeColor": _colour(stroke),
        "strokeWidth": _number(element, "stroke-width", 1.0),
    }
    if dashes is not None:
        paint["strokeDashArray"] = [float(n) for n in NUMBER.findall(dashes)]
    return paint


def _colour(value: str | None) -> Any:
    """A colour written ``#rrggbb``; ``None`` or ``none``: no paint."""
    if value is None or value == "none":
        return None
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise UnreadError(f"colour {value}")
    return HexColor(value)


def _number(element: ElementTree.Element, name: str, default: float | None = None) -> float:
    """A plain number attribute (no unit)."""
    value = element.get(name)
    if value is None:
        if default is None:
            raise UnreadError(name)
        return default
    if not NUMBER.fullmatch(value.strip()):
        raise UnreadError(f"{name}={value}")
    return float(value)


SHAPES = {"rect": _rect, "line": _line, "text": _text, "path": _path}
"""What each drawn element becomes."""
