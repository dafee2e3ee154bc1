"""Playing cards drawn as SVG: pips are paths, not font glyphs, so the drawings look the same
in every browser and in the PDF."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from trickrules.proofs.outcome_words import card_words

CARD_W, CARD_H, STEP = 38, 54, 42
LABEL_W = 150
ROW_H = 64
FONT = "Helvetica"
RED, BLACK = "#c0182b", "#111111"

# Pips drawn in a 20 x 20 box centred on (10, 10).
PIPS = {
    "H": "M10 18 L2.5 9.5 A4.3 4.3 0 0 1 10 4.6 A4.3 4.3 0 0 1 17.5 9.5 Z",
    "D": "M10 1.5 L17 10 L10 18.5 L3 10 Z",
    "S": "M10 1.5 L17.5 10 A4.2 4.2 0 0 1 11 14 L12.5 18.5 L7.5 18.5 L9 14 A4.2 4.2 0 0 1 "
         "2.5 10 Z",
    "C": "M10 1.8 A3.8 3.8 0 0 1 13.2 7.6 A3.8 3.8 0 1 1 11.2 13.6 L12.5 18.5 L7.5 18.5 "
         "L8.8 13.6 A3.8 3.8 0 1 1 6.8 7.6 A3.8 3.8 0 0 1 10 1.8 Z",
}
STAR = "M10 1 L12.6 7.2 L19 7.6 L14 11.8 L15.6 18.4 L10 14.8 L4.4 18.4 L6 11.8 L1 7.6 L7.4 7.2 Z"


def colour(card: str) -> str:
    """Red for hearts, diamonds and the red Joker."""
    return RED if card[-1] in "HD" or card == "RJ" else BLACK


describe = card_words
"""A card in words: ``10 of hearts``, ``King of clubs``, ``red Joker``."""


def pip(suit: str, x: float, y: float, size: float, fill: str) -> str:
    """A suit symbol of ``size`` pixels with its top-left corner at (x, y)."""
    scale = size / 20
    return (f'<path transform="translate({x:.1f} {y:.1f}) scale({scale:.2f})" '
            f'd="{PIPS[suit]}" fill="{fill}"/>')


def card(name: str, x: float, y: float, *, mark: str = "") -> str:
    """One card face with its top-left corner at (x, y); ``mark`` outlines it (``next``:
    dashed, the card about to be played; ``hot``: the card the witness is about)."""
    fill = colour(name)
    stroke = {"next": ' stroke-dasharray="4 3" stroke="#555555"',
              "hot": ' stroke="#d08a00" stroke-width="2.5"'}.get(mark, ' stroke="#333333"')
    parts = [f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" '
             f'fill="#ffffff"{stroke}/>']
    if name in ("RJ", "BJ"):
        # told apart by shape and word as well as colour (a grey print loses the red): the
        # red Joker's star is filled, the black Joker's drawn in outline
        red = name == "RJ"
        star = f'fill="{fill}"' if red else f'fill="none" stroke="{fill}" stroke-width="1.6"'
        parts.append(f'<text x="{x + CARD_W / 2}" y="{y + 12}" font-family="{FONT}" '
                     f'font-size="10" text-anchor="middle" fill="{fill}">JOKER</text>')
        parts.append(f'<path transform="translate({x + 9} {y + 16}) scale(1)" d="{STAR}" '
                     f'{star}/>')
        parts.append(f'<text x="{x + CARD_W / 2}" y="{y + 49}" font-family="{FONT}" '
                     f'font-size="10" font-weight="bold" text-anchor="middle" fill="{fill}">'
                     f'{"RED" if red else "BLACK"}</text>')
    else:
        rank, suit = name[:-1], name[-1]
        parts.append(f'<text x="{x + 4}" y="{y + 17}" font-family="{FONT}" font-size="15" '
                     f'font-weight="bold" fill="{fill}">{escape(rank)}</text>')
        parts.append(pip(suit, x + 9, y + 24, 20, fill))
    return "".join(parts)


def text(x: float, y: float, words: str, *, size: int = 12, bold: bool = False,
         fill: str = BLACK) -> str:
    """A line of text with its baseline at y."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}"{weight} '
            f'fill="{fill}">{escape(words)}</text>')


def svg(width: int, height: int, body: Sequence[str], title: str) -> str:
    """A whole SVG document with a title for screen readers."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">'
            f"<title>{escape(title)}</title>"
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f4f7f2"/>'
            + "".join(body) + "</svg>\n")


def _row(y: float, caption: str, cards: Sequence[str], *, highlight: bool = False,
         marks: dict[str, str] | None = None) -> list[str]:
    body = []
    if highlight:
        body.append(f'<rect x="2" y="{y - 4}" width="{LABEL_W + STEP * max(len(cards), 1) + 6}" '
                    f'height="{CARD_H + 8}" rx="5" fill="#fff3c4"/>')
    body.append(text(8, y + CARD_H / 2 + 4, caption, size=12, bold=highlight))
    for index, name in enumerate(cards):
        body.append(card(name, LABEL_W + STEP * index, y, mark=(marks or {}).get(name, "")))
    return body


def play_witness(w: dict[str, Any], kind: str, header: str) -> str:
    """A play situation under ``header`` (the contract in words): every hand (the player to
    move highlighted), then the trick so far and, dashed, the card that completes it."""
    players = len(w["hands"])
    rows = players + 1
    widest = max([len(h) for h in w["hands"].values()] + [len(w["trick"]) + 1])
    width = max(LABEL_W + STEP * widest + 16, int(7 * len(header)) + 16)
    height = 34 + ROW_H * rows + 8
    body = [text(8, 20, header, size=12)]
    y = 34
    marks = {w["card"]: "hot"} if kind == "legal" and "card" in w else {}
    for seat in range(players):
        to_move = kind == "legal" and seat == w["mover"]
        caption = f"Seat {seat}, team {seat % 2}" + (", to play" if to_move else "")
        body += _row(y, caption, w["hands"][str(seat)], highlight=to_move,
                     marks=marks if to_move else None)
        y += ROW_H
    trick = list(w["trick"])
    then = w.get("then")
    trick_marks = {then: "next"} if then else {}
    caption = f"Trick led by seat {w['leader']}" if trick else f"Seat {w['leader']} leads"
    body += _row(y, caption, [*trick, *([then] if then else [])], marks=trick_marks)
    title = f"{header} Trick so far: " + (", ".join(describe(c) for c in trick) or "none")
    return svg(width, height, body, title)


def single_card(name: str, caption: str) -> str:
    """One card with a caption beside it (the deal witnesses)."""
    body = [card(name, 8, 8, mark="hot"), text(8 + CARD_W + 12, 8 + CARD_H / 2 + 4, caption)]
    return svg(8 + CARD_W + 12 + 7 * len(caption) + 8, CARD_H + 16, body, caption)
