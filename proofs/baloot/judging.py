"""Baloot's part of ``trickrules judge``: a situation in the engine's JSON state form
(``trickrules/baloot-state/1``), played on under one concrete profile by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import EngineError
from proofs.judge import Ruling
from spec.model import Profile


def _names(state: Any) -> dict[str, int]:
    return {state.action_to_string(a): a for a in state.legal_actions()}


def _refusal(state: Any, text: str) -> str:
    """Why ``text`` cannot be played: the engine's reason and rule when it names an action."""
    from engine.baloot.actions import NUM_ACTIONS, action_name

    every = {action_name(a): a for a in range(NUM_ACTIONS)}
    if text not in every:
        return f"{text}: not an action (cards such as AS or 10H, or calls such as pass, sun, " \
               "hokom, suit-H, double, declare-projects)"
    try:
        state.clone().apply_action(every[text])
    except EngineError as exc:
        return f"{text}: {exc}"
    return f"{text}: not legal here"


def rule_on(data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
    """The engine's answers for the situation under one concrete profile: the legal actions,
    then, as ``then`` is played, each finished trick's winner, the hand's score and the game's
    end."""
    from engine.registry import state_from_json

    try:
        state = state_from_json(data, profile)
    except EngineError as exc:
        return Ruling("not-a-state", error=str(exc))
    ruling = Ruling("ok", legal=list(_names(state)))
    for text in then:
        hands = len(state.records)
        tricks = len(state.hand.tricks) if state.phase == "play" and state.hand else 0
        action = _names(state).get(text)
        if action is None:
            ruling.status, ruling.error = "illegal", _refusal(state, text)
            return ruling
        state.apply_action(action)
        ruling.then.append(text)
        if len(state.records) > hands:
            record = state.records[-1]
            if record["tricks"]:
                ruling.tricks.append(record["tricks"][-1]["winner"])
            ruling.score = {"made": record.get("made"), "card_points": record["card_points"],
                            "game_points": record["game_points"], "totals": record["totals"],
                            "void": record["void"]}
            ruling.winner = state.winner
        elif state.phase == "play" and state.hand and len(state.hand.tricks) > tricks:
            ruling.tricks.append(state.hand.tricks[-1].winner)
    return ruling
