"""Game records: each finished hand as JSON (what ``trickrules play --game baloot --json``
prints), and a whole game played by random legal players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.api import play_random
from engine.baloot.cards import name, names
from engine.baloot.projects import Project
from engine.baloot.scoring import HandScore
from spec.cards import SUIT_LETTERS

if TYPE_CHECKING:
    from engine.baloot.game import BalootGame, BalootState
    from engine.baloot.hand import Hand
    from engine.baloot.state import BalootStateCore


def _calls(state: BalootStateCore) -> list[dict[str, Any]]:
    assert state.auction is not None
    out = []
    for call in state.auction.calls:
        row = dict(call)
        if "trump" in row:
            row["trump"] = SUIT_LETTERS[int(str(row["trump"]))]
        out.append(row)
    return out


def hand_record(state: BalootStateCore, hand: Hand | None, result: HandScore | None,
                scoring: list[Project]) -> dict[str, Any]:
    """One finished (or annulled) hand."""
    auction = state.auction
    assert auction is not None
    held = hand.dealt if hand is not None else state.hands
    record: dict[str, Any] = {
        "index": state.hand_index,
        "dealer": state.dealer,
        "cutter": state.cut_choice,
        "deal": {str(seat): names(held[seat]) for seat in range(4)},
        "public_card": name(state.public),
        "auction": _calls(state),
        "contract": None,
        "void": "kawesh" if auction.annulled else "all-passed" if hand is None else None,
        "projects": [],
        "tricks": [],
        "card_points": [0, 0],
        "game_points": [0, 0],
    }
    if hand is not None and result is not None:
        doubling = state.doubling
        assert doubling is not None
        record["contract"] = {
            "seat": hand.declarer, "type": hand.contract,
            "trump": None if hand.trump is None else SUIT_LETTERS[hand.trump],
            "multiplier": hand.multiplier, "locked": hand.locked, "gahwa": hand.gahwa,
            "doubling": doubling.calls}
        record["projects"] = hand.projects_json(scoring)
        record["tricks"] = [{"leader": t.leader,
                             "plays": [{"seat": (t.leader + i) % 4, "card": name(c)}
                                       for i, c in enumerate(t.cards)],
                             "winner": t.winner} for t in hand.tricks]
        record["card_points"] = list(hand.card_points)
        record["game_points"] = list(result.total)
        record["made"] = result.made
        record["score"] = {"cards": list(result.cards), "projects": list(result.projects),
                           "baloot": list(result.baloot)}
    record["totals"] = [state.scores[0], state.scores[1]]
    return record


def play_random_game(game: BalootGame, seed: int) -> BalootState:
    """A whole game with random legal players, from ``seed`` (:func:`engine.api.play_random`)."""
    state: BalootState = play_random(game, seed)
    return state


def game_to_json(state: BalootStateCore) -> dict[str, Any]:
    """The record of a game: its settings, every hand, and the final result."""
    return {
        "game": "baloot",
        "profile": state.rules.profile_id,
        "seed": state.seed,
        "players": 4,
        "hands": state.records,
        "final": {"scores": list(state.scores), "winner": state.winner},
    }
