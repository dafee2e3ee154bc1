"""Solver witnesses replayed in the engine and compared with what the model predicts.

A witness is a concrete :class:`~trickrules.proofs.kout.evaluator.Situation` and, optionally, cards
played after it that complete the trick. The model's prediction (the mover's legal cards, and the
trick winner) is evaluated from the Z3 terms; the engine is driven only through its public API
(:meth:`trickrules.engine.kout.state.KoutState.from_situation`, ``legal_actions``,
``apply_action``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from trickrules.engine.errors import EngineError
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import Contract
from trickrules.proofs.kout.evaluator import ModelEvaluator, Situation
from trickrules.spec.cards import Card, card_name
from trickrules.spec.model import Profile


@dataclass
class Replay:
    """A witness as an engine state, with the outcomes the engine and the model give."""

    state: dict[str, Any] | None
    replayed: bool
    engine: dict[str, Any] = field(default_factory=dict)
    model: dict[str, Any] = field(default_factory=dict)
    error: str = ""

    def as_json(self) -> dict[str, Any]:
        """The replay as JSON data (the state in the engine's JSON form)."""
        out: dict[str, Any] = {"state": self.state, "replayed": self.replayed,
                               "engine": self.engine, "model": self.model}
        if self.error:
            out["error"] = self.error
        return out


def engine_state(profile: Profile, s: Situation) -> KoutState:
    """The engine state of a situation (raises :class:`EngineError` if it is not reachable)."""
    game = KoutGame(profile.game.id, profile)
    return KoutState.from_situation(
        game, hands=[sorted(h) for h in s.hands], trump=s.trump,
        contract=Contract(s.declarer, s.bid, False, False),
        dealer=(s.declarer - 1) % s.players, leader=s.leader, trick=s.trick,
        played=sorted(s.played), tricks_won=s.tricks_won)


def _names(cards: Sequence[Card]) -> list[str]:
    return [card_name(c) for c in cards]


def last_trick_winner(state: KoutState, hand: int) -> int:
    """The winner of the trick just completed in hand ``hand`` (it may have ended the hand)."""
    if state.hand_index != hand or state.position is None:
        return state.records[-1].tricks[-1].winner
    return state.position.tricks[-1].winner


def replay(profile: Profile, s: Situation, then: Sequence[Card] = ()) -> Replay:
    """Build the witness in the engine, play ``then`` (which must finish the trick), and compare
    the legal cards at the witness and the trick's winner with the model's prediction."""
    model = ModelEvaluator(profile)
    predicted: dict[str, Any] = {"legal": _names(model.legal_cards(s))}
    if then:
        predicted["winner"] = model.trick_winner(s, [*s.trick, *then])
    try:
        state = engine_state(profile, s)
    except EngineError as exc:
        return Replay(None, False, model=predicted, error=f"not a reachable engine state: {exc}")
    snapshot = state.to_json()
    observed: dict[str, Any] = {"legal": _names(state.legal_actions())}
    if then:
        hand = state.hand_index
        try:
            for card in then:
                state.apply_action(card)
        except EngineError as exc:
            return Replay(snapshot, False, observed, predicted, f"engine refused a play: {exc}")
        observed["winner"] = last_trick_winner(state, hand)
    agree = observed == predicted
    return Replay(snapshot, agree, observed, predicted,
                  "" if agree else "engine and model disagree")


def replay_score(profile: Profile, bid: int, malzoom: bool, won: int,
                 model_points: tuple[int, int]) -> dict[str, Any]:
    """A hand's score in the engine at a witness of a scoring theorem (the bidding team is team
    0 and won ``won`` tricks), compared with the points the model gives (bidding team, other
    team); replayed when the two agree."""
    from trickrules.engine.kout.scoring import score_hand
    from trickrules.engine.registry import load_game

    rules = load_game(profile.game.id, profile).rules
    result = score_hand(rules, Contract(0, bid, malzoom, malzoom), (won, rules.hand_size - won))
    engine = [result.points if result.team == team else 0 for team in (0, 1)]
    agree = engine == list(model_points)
    return {"state": {"bid": bid, "malzoom": malzoom, "bidders_won": won},
            "engine": {"points": engine, "made": result.made},
            "model": {"points": list(model_points)}, "replayed": agree,
            **({} if agree else {"error": "engine and model disagree"})}
