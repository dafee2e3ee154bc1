"""Kout's part of ``trickrules judge``: a situation in the engine's JSON state form, played on
under one concrete profile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import EngineError
from engine.kout.actions import action_to_string, string_to_action
from engine.kout.game import KoutState
from proofs.judge import Ruling
from proofs.kout.replay import last_trick_winner
from spec.model import Profile


def rule_on(data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
    """The engine's answers for the situation under one concrete profile."""
    try:
        state = KoutState.from_json(data, profile)
    except EngineError as exc:
        return Ruling("not-a-state", error=str(exc))
    ruling = Ruling("ok", legal=[action_to_string(a) for a in state.legal_actions()])
    for text in then:
        hand = state.hand_index
        done = len(state.position.tricks) if state.position is not None else 0
        try:
            state.apply_action(string_to_action(text))
        except (EngineError, ValueError) as exc:
            ruling.status, ruling.error = "illegal", f"{text}: {exc}"
            return ruling
        ruling.then.append(text)
        ended = state.hand_index != hand or state.is_terminal()
        if ended or (state.position is not None and len(state.position.tricks) > done):
            ruling.tricks.append(last_trick_winner(state, hand))
        if ended:
            record = state.records[-1]
            ruling.score = {"made": record.result.made, "team": record.result.team,
                            "points": record.result.points, "totals": list(record.scores)}
            ruling.winner = state.winner
    return ruling
