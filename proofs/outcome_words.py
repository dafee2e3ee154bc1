"""Outcomes of disputes in words: the title of each kind of outcome and one reading's outcome
as a phrase (the rulebook and the command line both use them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

KIND_TITLES = {"deal": "the deal", "next-dealer": "the next dealer",
               "auction": "the calls allowed in the auction", "legal": "the cards allowed",
               "winner": "the winner of the trick", "hand-over": "whether the hand goes on",
               "score": "the hand's score", "game-end": "the end of the game"}



def outcome_text(kind: str, value: Any, card: Callable[[str], str] = str,
                 sep: str = " ") -> str:
    """One reading's outcome in words, cards written by ``card`` (by default their names) and
    joined by ``sep``."""
    if kind == "legal":
        return sep.join(card(c) for c in value) or "none"
    if kind == "winner":
        return f"seat {value}"
    if kind == "hand-over":
        return "the hand is over" if value else "play goes on"
    if kind == "auction":
        return ", ".join(value)
    if kind == "score":
        made, team, points = value
        return f"{'made' if made else 'failed'}: team {team} scores {points}"
    if kind == "game-end":
        return "the game goes on" if value == -1 else f"team {value} wins the game"
    if kind == "deal":
        refused = f"; the engine refuses it: {value['refused']}" if "refused" in value else ""
        return (f"{value['deck']} cards, {value['hand_size']} each, "
                f"{'holds' if value['has_card'] else 'lacks'} the card"
                f"{'' if value['deals_evenly'] else ', does not deal out evenly'}{refused}")
    return f"seat {value} deals next"
