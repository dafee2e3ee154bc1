"""``judge`` on a small question instead of a whole state: the question forms of the
conformance protocol (a hand's score, the legal cards of a trick so far, a trick's winner,
the calls after an auction so far, the doubling, a hand's projects and their comparison, the
game's end), answered under the rulebook's profile with the rules that decide it, then under
every house option that answers otherwise.

A question is the protocol's request without ``id``, ``profile`` and ``rules``:
``{"game": "baloot", "op": "hand-score", "contract": "hokom", ...}``. It is checked against
the protocol's request schema, so a bad one is refused naming the field."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from trickrules.engine.errors import ProfileError
from trickrules.proofs.conformance.protocol import (
    InvalidRequestError,
    ProtocolError,
    definition,
    rules_of,
    schema,
    schema_errors,
    verdict_of,
)
from trickrules.proofs.conformance.reads import ReusedAnswers
from trickrules.proofs.kit import kit_for_game
from trickrules.rulings.report import RuleCiter, departures
from trickrules.spec.loader import game_catalogue
from trickrules.spec.model import Profile
from trickrules.spec.registry import game_ids

QUESTION_OPS = ("legal-plays", "trick-winner", "auction", "doubling", "projects",
                "project-compare", "hand-score", "game-end", "claim", "next-dealer", "cut",
                "exposed-card", "first-lead")
"""The question forms ``judge`` answers: the protocol's (the table's included), less perft
and hello; a claim of the remaining tricks is a judge question only."""
QUESTION_TITLES = {
    "legal-plays": "Which cards may be played?",
    "trick-winner": "Who wins the trick?",
    "auction": "Which calls are allowed now, or who bought?",
    "doubling": "Which doubling calls are allowed now?",
    "projects": "Which projects does a hand declare?",
    "project-compare": "Whose projects score?",
    "hand-score": "What does the hand score?",
    "game-end": "Does the game end, and who wins?",
    "claim": "Does a claim of the remaining tricks hold?",
    "next-dealer": "Who deals next?",
    "cut": "What may the cutter do with the pack?",
    "exposed-card": "What happens to a card exposed in the deal?",
    "first-lead": "Who leads the first trick?",
}
"""Each question form as a player asks it."""


def is_question(data: Any) -> bool:
    """Whether a judge input is a question form (it names an ``op``), not a state."""
    return isinstance(data, dict) and "op" in data and "state" not in data


def game_questions(game: str) -> tuple[str, ...]:
    """The question forms ``judge`` answers for ``game``: those of :data:`QUESTION_OPS` the
    protocol defines for its family (Kout has no cut, exposed card or first lead to ask)."""
    defined = _request_definitions()
    return tuple(op for op in QUESTION_OPS if definition("request", game, op) in defined)


@cache
def _request_definitions() -> frozenset[str]:
    """The definitions of the protocol's request schema."""
    return frozenset(schema("request")["$defs"])


def _checked(data: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """The game, the op and the request body of a question, refused naming the field."""
    game, op = data.get("game"), data.get("op")
    if game not in game_ids():
        raise ValueError(f"question.game: {game!r} is not one of {', '.join(game_ids())}")
    asked = game_questions(str(game))
    if op not in asked:
        raise ValueError(f"question.op: {op!r} is not a question of {game} (one of "
                         f"{', '.join(asked)})")
    shape = definition("request", game, op)
    profile = game_catalogue(game).default_profile(game)
    request = {"id": 1, **data, "profile": profile.id, "rules": rules_of(profile)}
    errors = schema_errors("request", request, shape)
    if errors:
        raise ValueError(f"question: {errors[0].removeprefix('(top): ')}")
    body = {k: v for k, v in data.items() if k not in ("game", "op")}
    return str(game), str(op), body


Asker = Callable[[Profile, dict[str, Any]], Any]


def _answer(ask: Asker, profile: Profile,
            request: dict[str, Any]) -> tuple[Any, Any] | str | None:
    """The reference answer and its attribution under ``profile``, or why it refuses the
    question; None for a profile no engine can play (a pack that does not deal out)."""
    try:
        got = ask(profile, request)
    except ProfileError:
        return None
    except (InvalidRequestError, ProtocolError, ValueError, KeyError) as exc:
        return str(exc.args[0] if exc.args else exc)
    return got.expect, got.why


def _rule_ids(why: Any) -> list[str]:
    """Every rule id an attribution names, in order of first mention."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(why)
    return list(dict.fromkeys(found))


def judge_question(data: dict[str, Any]) -> dict[str, Any]:
    """The question answered under the rulebook's profile (with its rules and their reasons),
    and under each house option that answers otherwise (with what it gives)."""
    game, op, body = _checked(data)
    catalogue = game_catalogue(game)
    citer = RuleCiter(catalogue, game)
    profile = catalogue.profile(citer.reconciled) if citer.reconciled else \
        catalogue.default_profile(game)
    kit = kit_for_game(game).conformance
    # one request object for every profile: an answer is reused under each house option
    # whose compiled rules agree on every rule the answer read
    request = {"op": op, **body}
    ask = ReusedAnswers(kit.compiled_rules, kit.answer_with_rules)
    base = _answer(ask, profile, request)
    if base is None or isinstance(base, str):
        raise ValueError(f"question: not a situation of a game under {profile.id}: {base}")
    expect, why = base
    shape = definition("response", game, op)
    house = []
    for pid, reading, pinned in departures(catalogue, game, profile, profile.values,
                                           citer.numbers()):
        other = _answer(ask, pinned, request)
        if other is None:
            continue
        rule = citer.cite(profile, [{pid: reading}], [pid])[0]
        if isinstance(other, str):
            house.append({"option": {pid: reading}, "refused": other, "rule": rule})
        elif verdict_of(shape, other[0]) != verdict_of(shape, expect):
            house.append({"option": {pid: reading}, "answer": other[0], "rule": rule})
    return {"game": game, "question": {"op": op, **body}, "profile": profile.id,
            "answer": expect, "rules": citer.cite(profile, [], _rule_ids(why)),
            "house": house}
