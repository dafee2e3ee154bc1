"""Rule examples: a situation in the engine's JSON state form (with the actions played after
it) and the answer a rule text gives there, written by hand from the rule, not from any code.

They live in ``spec/<family>/examples.toml``, each naming its situation file under
``examples/``; the situation file is exactly what ``trickrules judge`` reads, so a reader can
ask the engine the same question. The proof kits replay each example in the engine and in the
Z3 model (:mod:`trickrules.proofs.rule_examples`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trickrules.spec.document import SpecDocument
from trickrules.spec.errors import SpecError, read_text

EXPECT_FIELDS = ("status", "legal", "tricks", "score", "winner", "hands")
"""What an example may state: the judge's answers (legal actions at the situation, each trick
won while ``then`` is played, the hand's score, the game's winner) and the hands held after."""


@dataclass(frozen=True)
class RuleExample:
    """One rule's example: its situation and what the rule text says happens there."""

    id: str
    rule: str
    game: str
    says: str
    situation: str
    """The situation file, relative to the family's spec folder."""
    state: dict[str, Any] = field(repr=False)
    then: tuple[str, ...]
    expect: dict[str, Any]
    line: int | None
    """The line of ``examples.toml`` where the example starts."""
    focus_tricks: tuple[int, ...] = ()
    """The tricks of the hand (numbered from 1) the example's text is about, which its
    picture marks (``focus.tricks``; none: the picture follows the answers it states)."""
    limit: bool = False
    """Whether the example shows where the rule's permission or duty stops (``limit``), not
    the rule at work: a rule that gives a permission has an example of each."""

    def judge_input(self) -> dict[str, Any]:
        """The situation as ``trickrules judge`` reads it."""
        return {"state": self.state, "then": list(self.then)}


def _situation(path: Path) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The state and the actions of a situation file; bad JSON names the file and line."""
    text = read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SpecError(path, exc.lineno, f"invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise SpecError(path, 1, 'expected {"state": {...}, "then": [...]}')
    then = data.get("then", [])
    if not isinstance(then, list) or not all(isinstance(a, str) for a in then):
        raise SpecError(path, 1, '"then" must be a list of action names')
    return data["state"], tuple(then)


def tricks_in_hand(state: dict[str, Any]) -> int:
    """How many tricks the situation's hand has in all: those finished (Baloot lists them
    under ``play``, Kout counts them in ``tricks_won``), and one per card seat 0 still holds
    or has put into the trick in progress."""
    play = state["play"] if isinstance(state.get("play"), dict) else state
    done = len(play.get("tricks") or []) or sum(state.get("tricks_won") or [])
    trick = play.get("trick") or {}
    down = any(str(p.get("seat")) == "0" for p in trick.get("plays", []))
    return done + len(state["hands"].get("0", [])) + down


def _key_line(doc: SpecDocument, start: int | None, key: str) -> int | None:
    """The line where an example starting at ``start`` writes ``key`` (the source map does
    not follow a dotted key such as ``focus.tricks``); ``start`` when it is not found."""
    if start is None:
        return None
    lines = read_text(doc.path).splitlines()
    for number in range(start + 1, len(lines) + 1):
        written = lines[number - 1].strip()
        if written.startswith("[["):
            break
        if written.startswith((f"{key}.", f"{key} ", f"{key}=")):
            return number
    return start


def _focus_tricks(doc: SpecDocument, at: tuple[Any, ...], row: dict[str, Any],
                  state: dict[str, Any]) -> tuple[int, ...]:
    """The tricks ``focus.tricks`` names, each a trick of the situation's hand in play."""
    wanted = tuple((row.get("focus") or {}).get("tricks", ()))
    if not wanted:
        return ()
    line = _key_line(doc, doc.map.line_of(at), "focus")
    if state.get("phase") != "play":
        raise SpecError(doc.path, line, f"focus.tricks names tricks, but {row['situation']} is a "
                               f"situation before play ({state.get('phase')!r})")
    most = tricks_in_hand(state)
    for number in wanted:
        if not 1 <= number <= most:
            raise SpecError(doc.path, line, f"focus.tricks: trick {number} is not one of the "
                                   f"{most} tricks of the hand in {row['situation']}")
    return wanted


def load_rule_examples(base: Path, rule_ids: Iterable[str],
                       games: Iterable[str]) -> tuple[RuleExample, ...]:
    """Every example of ``base/examples.toml`` (none when the file is absent), each naming a
    rule of the book and a game of the family."""
    path = base / "examples.toml"
    if not path.exists():
        return ()
    doc = SpecDocument(path)
    doc.validate("examples.schema.json")
    known_rules, known_games = set(rule_ids), list(games)
    seen: set[str] = set()
    out = []
    for index, row in enumerate(doc.data["example"]):
        at = ("example", index)
        if row["id"] in seen:
            raise doc.error((*at, "id"), f"duplicate example id {row['id']!r}")
        seen.add(row["id"])
        if row["rule"] not in known_rules:
            raise doc.error((*at, "rule"), f"{row['rule']!r} names no rule of the book")
        game = row.get("game", known_games[0])
        if game not in known_games:
            raise doc.error((*at, "game"), f"unknown game {game!r}")
        state, then = _situation(base / row["situation"])
        if state.get("game") != game:
            raise doc.error((*at, "situation"), f"{row['situation']} is a state of "
                                                f"{state.get('game')!r}, not {game!r}")
        out.append(RuleExample(row["id"], row["rule"], game, row["says"], row["situation"],
                               state, then, dict(row["expect"]), doc.map.line_of(at),
                               _focus_tricks(doc, at, row, state), row.get("limit", False)))
    return tuple(out)
