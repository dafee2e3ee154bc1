"""Baloot's part of ``trickrules judge``: a situation in the engine's JSON state form
(``trickrules/baloot-state/1``), played on under one concrete profile by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from engine.errors import EngineError
from proofs.judge import Ruling
from spec.model import Profile

if TYPE_CHECKING:
    from engine.baloot.rules import Rules


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


@cache
def rule_parameters() -> dict[str, str]:
    """Which parameter each of the engine's compiled rules comes from: the rules that change
    when one parameter of ``baloot-default`` takes another reading (each rule comes from one
    parameter; a rule two parameters changed would be refused here)."""
    from proofs.baloot.replay import engine_rules
    from spec.loader import family_catalogue

    catalogue = family_catalogue("baloot")
    base = catalogue.profiles["baloot-default"]
    rules = engine_rules(base)
    out: dict[str, str] = {}
    for parameter in catalogue.parameters.values():
        for reading in parameter.readings:
            other = engine_rules(base.pin({parameter.id: reading.id}))
            for f in fields(rules):
                if f.name == "profile_id" or getattr(rules, f.name) == getattr(other, f.name):
                    continue
                if out.setdefault(f.name, parameter.id) != parameter.id:
                    raise AssertionError(f"the engine's rule {f.name} changes with "
                                         f"{out[f.name]} and {parameter.id}")
    return out


def _watched(read: list[Any]) -> Any:
    """A maker of Baloot games whose rules note what is read (kept in ``read``)."""
    from engine.baloot.game import BalootGame
    from engine.baloot.rules import ReadRules

    def make(game_id: str, profile: Profile | str | None) -> BalootGame:
        game = BalootGame(game_id, profile)
        watched = ReadRules(game.rules)
        game.rules = cast("Rules", watched)
        read.append(watched)
        return game

    return make


def rule_on(data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
    """The engine's answers for the situation under one concrete profile: the legal actions,
    then, as ``then`` is played, each finished trick's winner, the hand's score and the game's
    end; with the parameters whose rules the engine read on the way (``depends``)."""
    from engine.baloot.codec import state_from_json

    read: list[Any] = []
    try:
        ruling = _play_on(state_from_json(data, profile, _watched(read)), then)
    except EngineError as exc:
        ruling = Ruling("not-a-state", error=str(exc))
    names = rule_parameters()
    ruling.depends = sorted({names[r] for w in read for r in w.read if r in names})
    return ruling


def _play_on(state: Any, then: Sequence[str]) -> Ruling:
    """The legal actions, then each action of ``then`` played by the engine."""
    ruling = Ruling("ok", legal=list(_names(state)))
    for text in then:
        hands = len(state.records)
        tricks = len(state.hand.tricks) if state.phase == "play" and state.hand else 0
        action = _names(state).get(text)
        if action is None:
            ruling.status, ruling.error = "illegal", _refusal(state, text)
            break
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
    ruling.hands = state.to_json()["hands"]
    return ruling
