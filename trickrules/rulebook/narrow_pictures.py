"""The players' pictures, drawn narrow enough for a phone at their own size: every label above
its cards rather than beside them, hands wrapped into rows, the buying as one line per call,
the score in two short columns. Nothing is wider than :data:`NARROW`, so a 375 px screen
shows the whole picture with its 12 px and larger text unscaled."""

from __future__ import annotations

from collections.abc import Sequence

from trickrules.rulebook.cards_svg import CARD_H, STEP, card, svg, text
from trickrules.rulebook.example_pictures import HIGHLIGHT, MARGIN, TEXT_W, Canvas, picture_title
from trickrules.rulebook.example_scenes import PlayedTrick, Scene

NARROW = 312
"""The widest a players' picture is drawn, in pixels."""
PER_ROW = (NARROW - 2 * MARGIN - 38) // STEP + 1
"""The most cards a row holds."""
TEXT_CHARS = int((NARROW - 2 * MARGIN) / TEXT_W)
"""About the most characters a line of 13 px text holds."""


def _line(canvas: Canvas, words: str, *, size: int = 13, bold: bool = False) -> None:
    canvas.line(words, size=size, bold=bold, width=NARROW - 2 * MARGIN)


def _cards(canvas: Canvas, cards: Sequence[str], marked: frozenset[str] = frozenset(),
           winner: str = "") -> None:
    """Cards in rows of :data:`PER_ROW`, the marked ones outlined."""
    for start in range(0, max(len(cards), 1), PER_ROW):
        row = cards[start:start + PER_ROW]
        parts = [card(c, MARGIN + STEP * i, canvas.y,
                      mark="hot" if c in marked or c == winner else "")
                 for i, c in enumerate(row)]
        canvas.add(parts, CARD_H + 8, MARGIN * 2 + STEP * (len(row) - 1) + 38)


def _hands(canvas: Canvas, scene: Scene) -> None:
    for seat, cards in sorted(scene.hands.items()):
        mover = seat == scene.mover
        if mover:
            canvas.parts.append(f'<rect x="2" y="{canvas.y}" width="{NARROW - 4}" '
                                f'height="{22 + (CARD_H + 8) * (-(-len(cards) // PER_ROW))}" '
                                f'rx="5" fill="{HIGHLIGHT}"/>')
        _line(canvas, f"Seat {seat}, {scene.partnership} {seat % 2}"
                      + (", to play" if mover else ""), bold=mover)
        _cards(canvas, cards, scene.marked.get(seat, frozenset()))
    if scene.marks_mean:
        _line(canvas, scene.marks_mean[0].upper() + scene.marks_mean[1:] + ".", size=12)


def _trick(canvas: Canvas, scene: Scene, trick: PlayedTrick) -> None:
    """A finished trick: its number and leader, the cards in the order played (the winning
    card outlined), who won it and its card points."""
    seats = ", ".join(str((trick.leader + i) % scene.players) for i in range(len(trick.cards)))
    _line(canvas, f"Trick {trick.number}, played by seats {seats}", bold=True)
    winning = trick.cards[(trick.winner - trick.leader) % scene.players]
    _cards(canvas, trick.cards, winner=winning)
    points = "" if trick.points is None else f", {trick.points} card points" + (
        f" with {trick.bonus} for the last trick" if trick.bonus else "")
    _line(canvas, f"Won by seat {trick.winner}{points}.", size=12)


def _buying(canvas: Canvas, scene: Scene) -> None:
    if scene.public_card:
        _line(canvas, "Public card", size=12, bold=True)
        _cards(canvas, [scene.public_card], frozenset({scene.public_card}))
    for seat, words, later in scene.calls:
        _line(canvas, f"Seat {seat}: {words}", bold=later)
    if any(later for _, _, later in scene.calls):
        _line(canvas, "In bold: the calls that follow the situation.", size=12)
    _line(canvas, scene.buying_note, bold=True)


def _tally(canvas: Canvas, scene: Scene) -> None:
    side = scene.partnership.title()
    col = 56
    label_w = NARROW - 2 * MARGIN - 2 * col
    top = canvas.y
    parts = [text(MARGIN + label_w + col * team, top + 14, f"{side} {team}", size=12, bold=True)
             for team in (0, 1)]
    y = top + 14
    for label, first, second in scene.tally:
        words = _wrap(label, int(label_w / TEXT_W))
        for index, part in enumerate(words):
            y += 18
            parts.append(text(MARGIN, y, part, size=13))
            if index == 0:
                parts += [text(MARGIN + label_w + col * team, y, str(value), size=13, bold=True)
                          for team, value in ((0, first), (1, second))]
    canvas.add(parts, y - top + 10, NARROW)


def _wrap(words: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(words, width) or [""]


def _trick_so_far(canvas: Canvas, scene: Scene, cards: Sequence[str]) -> None:
    _line(canvas, f"Trick led by seat {scene.trick_leader}" if cards
          else f"Seat {scene.trick_leader} leads")
    if cards:
        _cards(canvas, cards)


def _outcome(canvas: Canvas, scene: Scene) -> None:
    """The projects held, the score by side and the verdicts under them."""
    for project in scene.projects:
        _line(canvas, project)
    if scene.tally:
        _tally(canvas, scene)
    for verdict in scene.verdicts:
        _line(canvas, verdict, bold=True)


def narrow_svg(scene: Scene) -> str:
    """The whole picture of one example, no wider than :data:`NARROW`."""
    canvas = Canvas()
    _line(canvas, scene.header, size=13)
    if scene.kind == "buying":
        _buying(canvas, scene)
    if scene.hands and scene.kind != "score":
        _hands(canvas, scene)
    if scene.trick_so_far is not None:
        _trick_so_far(canvas, scene, scene.trick_so_far)
    for trick in scene.tricks:
        _trick(canvas, scene, trick)
    _outcome(canvas, scene)
    return svg(max(canvas.width, NARROW // 2), canvas.y + MARGIN, canvas.parts,
               picture_title(scene))
