"""A rule example's picture, drawn from its :class:`~trickrules.rulebook.example_scenes.Scene`:
a header, then whichever of these the example is about: the buying as a table of seats and
calls (whose turn it is marked), the hands, the trick so far, the tricks played with their
winners and card points, the projects, and the score by side. Text is 12 px or more at the
picture's natural size, which the rulebook shows unscaled."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from trickrules.rulebook.cards_svg import CARD_H, STEP, card, describe, svg, text
from trickrules.rulebook.example_scenes import PlayedTrick, Scene

MARGIN = 10
LABEL_W = 124
"""The column of row labels (``Seat 0, side 0``, ``Trick 5``)."""
GAP = 14
HIGHLIGHT = "#fff3c4"
TEXT_W = 7.2
"""About how wide a character of 13 px text is, to size columns."""
MAX_TEXT_W = 560
"""The widest a line of text may run: every picture stays under about 620 px, which the
PDF's frame holds at its natural size (and a desktop page shows unscaled)."""


class Canvas:
    """SVG parts laid out top to bottom, with the widest line remembered."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = MARGIN
        self.width = 0

    def add(self, parts: Sequence[str], height: float, width: float) -> None:
        """Parts drawn from the current top, ``height`` tall and ``width`` wide."""
        self.parts += parts
        self.y += int(height)
        self.width = max(self.width, int(width))

    def line(self, words: str, *, size: int = 13, bold: bool = False,
             width: float = MAX_TEXT_W) -> None:
        """A line of text, broken into lines no wider than ``width``."""
        char_w = TEXT_W * size / 13
        for part in textwrap.wrap(words, int(width / char_w)):
            self.add([text(MARGIN, self.y + size, part, size=size, bold=bold)], size + 9,
                     MARGIN * 2 + char_w * len(part))


def _cards_row(y: float, x: float, cards: Sequence[str], marked: frozenset[str]) -> list[str]:
    return [card(c, x + STEP * i, y, mark="hot" if c in marked else "")
            for i, c in enumerate(cards)]


def _buying(canvas: Canvas, scene: Scene) -> None:
    """The public card (Baloot) and the calls, one column a seat in speaking order, with the
    seat to call marked."""
    x0 = MARGIN
    parts = []
    if scene.public_card:
        parts += [card(scene.public_card, x0, canvas.y + 20, mark="hot"),
                  text(x0, canvas.y + 14, "Public card", size=12, bold=True)]
        x0 += 96
    order = [(scene.first_speaker + i) % scene.players for i in range(scene.players)]
    col = max(72, int(TEXT_W * max([len(w) for _, w, _ in scene.calls] + [6]) + 16))
    cells: list[tuple[int, int, str, bool]] = []
    row, last = 0, -1
    for seat, words, later in [*scene.calls, *(
            [(scene.to_call, "?", False)] if scene.to_call is not None else [])]:
        column = order.index(seat)
        if column <= last:
            row += 1
        cells.append((row, column, words, later))
        last = column
    rows = row + 1
    top = canvas.y
    for column, seat in enumerate(order):
        parts.append(text(x0 + col * column + 6, top + 14, f"Seat {seat}", size=13, bold=True))
    parts.append(f'<line x1="{x0}" y1="{top + 20}" x2="{x0 + col * len(order)}" '
                 f'y2="{top + 20}" stroke="#999999"/>')
    for row, column, words, later in cells:
        y = top + 26 + 22 * row
        if words == "?":
            parts.append(f'<rect x="{x0 + col * column + 2}" y="{y}" width="{col - 4}" '
                         f'height="20" rx="4" fill="{HIGHLIGHT}" stroke="#d08a00"/>')
            words = "to call"
        parts.append(text(x0 + col * column + 6, y + 15, words, size=13, bold=later))
    height = max(30 + 22 * rows, 80 if scene.public_card else 0) + 8
    canvas.add(parts, height, x0 + col * len(order) + MARGIN)
    if any(later for _, _, later in scene.calls):
        canvas.line("In bold: the calls that follow the situation.", size=12)
    canvas.line(scene.buying_note, bold=True)


def _hands(canvas: Canvas, scene: Scene) -> None:
    """Each seat's cards the scene holds, the seat to play highlighted and the marked cards
    outlined."""
    widest = max(len(c) for c in scene.hands.values())
    for seat, cards in sorted(scene.hands.items()):
        parts = []
        to_move = seat == scene.mover
        if to_move:
            parts.append(f'<rect x="2" y="{canvas.y - 4}" width="{LABEL_W + STEP * widest + 8}" '
                         f'height="{CARD_H + 8}" rx="5" fill="{HIGHLIGHT}"/>')
        label = f"Seat {seat}, {scene.partnership} {seat % 2}"
        middle = canvas.y + CARD_H / 2 + (-3 if to_move else 5)
        parts.append(text(MARGIN, middle, label, size=13, bold=to_move))
        if to_move:
            parts.append(text(MARGIN, middle + 17, "to play", size=13, bold=True))
        parts += _cards_row(canvas.y, LABEL_W, cards, scene.marked.get(seat, frozenset()))
        canvas.add(parts, CARD_H + 10, LABEL_W + STEP * widest + MARGIN)
    if scene.marks_mean:
        canvas.line(scene.marks_mean[0].upper() + scene.marks_mean[1:] + ".", size=12)


def _trick_so_far(canvas: Canvas, scene: Scene) -> None:
    cards = scene.trick_so_far or ()
    label = (f"Trick led by seat {scene.trick_leader}" if cards
             else f"Seat {scene.trick_leader} leads")
    parts = [text(MARGIN, canvas.y + CARD_H / 2 + 5, label, size=13)]
    parts += _cards_row(canvas.y, LABEL_W, cards, frozenset())
    canvas.add(parts, CARD_H + 10, LABEL_W + STEP * max(len(cards), 1) + MARGIN)


def _trick(canvas: Canvas, scene: Scene, trick: PlayedTrick) -> None:
    """One finished trick: its number and leader, each card over the seat that played it (the
    winning card outlined), who won it and its card points."""
    top, height = canvas.y, CARD_H + 26
    cards_x = LABEL_W
    right = cards_x + STEP * len(trick.cards) + GAP
    about = trick.number in scene.highlighted
    parts = ['<g class="trick">']
    if about:
        parts.append(f'<rect x="2" y="{top - 4}" width="{right + 180}" height="{height + 2}" '
                     f'rx="5" fill="{HIGHLIGHT}"/>')
    parts += [text(MARGIN, top + 16, f"Trick {trick.number}", size=13, bold=True),
              text(MARGIN, top + 34, f"led by seat {trick.leader}", size=12)]
    for i, name in enumerate(trick.cards):
        seat = (trick.leader + i) % scene.players
        x = cards_x + STEP * i
        parts += [card(name, x, top, mark="hot" if seat == trick.winner else ""),
                  text(x + 2, top + CARD_H + 14, f"seat {seat}", size=11)]
    parts.append(text(right, top + 18, f"won by seat {trick.winner}", size=13, bold=about))
    if trick.points is not None:
        parts.append(text(right, top + 38, f"{trick.points} card points", size=13))
        if trick.bonus:
            parts.append(text(right, top + 56, f"with {trick.bonus} for the last trick",
                              size=12))
    parts.append("</g>")
    canvas.add(parts, height, right + 180)


def _tally(canvas: Canvas, scene: Scene) -> None:
    """The score by side, one row a figure the example states."""
    side = scene.partnership
    seats = [", ".join(str(s) for s in range(t, scene.players, 2)) for t in (0, 1)]
    label_w = int(TEXT_W * max(len(r[0]) for r in scene.tally)) + 24
    col = int(TEXT_W * len(f"(seats {seats[0]})")) + 20
    top = canvas.y
    parts = ['<g class="tally">']
    for team in (0, 1):
        x = MARGIN + label_w + col * team
        parts += [text(x, top + 14, f"{side.title()} {team}", size=13, bold=True),
                  text(x, top + 30, f"(seats {seats[team]})", size=12)]
    for index, (label, first, second) in enumerate(scene.tally):
        y = top + 54 + 20 * index
        parts.append(text(MARGIN, y, label, size=13))
        parts += [text(MARGIN + label_w + col * team, y, str(value), size=13, bold=True)
                  for team, value in ((0, first), (1, second))]
    parts.append("</g>")
    canvas.add(parts, 44 + 20 * len(scene.tally), MARGIN * 2 + label_w + col * 2)


def picture_title(scene: Scene) -> str:
    """The picture's words for a screen reader: its header and what it is about."""
    about = {"buying": scene.buying_note, "play": scene.marks_mean,
             "trick": "; ".join(f"trick {t.number}: " + ", ".join(describe(c) for c in t.cards)
                                + f", won by seat {t.winner}" for t in scene.tricks),
             "score": "; ".join(f"{label} {a} to {b}" for label, a, b in scene.tally)}
    return f"{scene.header} {about[scene.kind]}".strip()


def scene_svg(scene: Scene) -> str:
    """The whole picture of one example."""
    canvas = Canvas()
    canvas.line(scene.header, size=14)
    canvas.y += 4
    if scene.kind == "buying":
        _buying(canvas, scene)
        canvas.y += 6
    if scene.hands and scene.kind != "score":
        _hands(canvas, scene)
    if scene.trick_so_far is not None:
        _trick_so_far(canvas, scene)
    for trick in scene.tricks:
        _trick(canvas, scene, trick)
    for project in scene.projects:
        canvas.line(project)
    if scene.tally:
        canvas.y += 6
        _tally(canvas, scene)
    for verdict in scene.verdicts:
        canvas.line(verdict, bold=True)
    return svg(canvas.width + MARGIN, canvas.y + MARGIN, canvas.parts, picture_title(scene))


def picture_height(svg_text: str) -> int:
    """The height a picture is drawn at, read from its ``svg`` element."""
    head = svg_text[:200]
    start = head.index('height="') + len('height="')
    return int(head[start:head.index('"', start)])
