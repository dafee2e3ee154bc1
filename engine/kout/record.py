"""Game records: a finished (or running) game as JSON, as ``trickrules play --json`` prints."""

from __future__ import annotations

from typing import Any

from trickrules.engine.api import play_random
from trickrules.engine.kout.auction import PASS_BID
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.state import HandRecord
from trickrules.engine.masks import cards_of
from trickrules.spec.cards import SUIT_LETTERS, card_name


def play_random_game(game: KoutGame, seed: int) -> KoutState:
    """A whole game with random legal players, from ``seed``
    (:func:`trickrules.engine.api.play_random`)."""
    state: KoutState = play_random(game, seed)
    return state


def hand_to_json(record: HandRecord, players: int) -> dict[str, Any]:
    """One finished hand: dealer, deal, auction, contract, tricks, score."""
    score = [0, 0]
    score[record.result.team] = record.result.points
    return {
        "index": record.index,
        "dealer": record.dealer,
        "deal": {str(seat): [card_name(c) for c in cards_of(mask)]
                 for seat, mask in enumerate(record.deal)},
        "auction": [{"seat": seat, "pass": True} if bid == PASS_BID else
                    {"seat": seat, "bid": bid} for seat, bid in record.calls],
        "contract": {"seat": record.contract.seat, "bid": record.contract.bid,
                     "trump": SUIT_LETTERS[record.trump], "forced": record.contract.forced,
                     "malzoom": record.contract.malzoom},
        "tricks": [{"leader": t.leader,
                    "plays": [{"seat": (t.leader + i) % players, "card": card_name(c)}
                              for i, c in enumerate(t.cards)],
                    "winner": t.winner} for t in record.tricks],
        "made": record.result.made,
        "score": score,
        "totals": list(record.scores),
    }


def game_to_json(state: KoutState) -> dict[str, Any]:
    """The record of a game: its settings, every finished hand, and the final result."""
    players = state.rules.players
    return {
        "game": state.rules.game_id,
        "profile": state.rules.profile_id,
        "seed": state.seed,
        "players": players,
        "hands": [hand_to_json(r, players) for r in state.records],
        "final": {"scores": list(state.scores), "winner": state.winner},
    }
