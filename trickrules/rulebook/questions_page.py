"""The rulebook's page on asking for a ruling (given to the rulebook's build, as the
command-line reference is): ``trickrules judge``, the ``serve`` web page and
its HTTP API, and every question form with its fields and an example whose ruling is computed
when the book is built (so the page shows what the commands answer today)."""

from __future__ import annotations

import json
from typing import Any

from trickrules.proofs.outcome_words import answer_lines
from trickrules.rulebook.rst import escape, heading, label, ref, rule_label
from trickrules.rulings.question import QUESTION_TITLES, judge_question
from trickrules.serve.forms import Field, question_fields, question_help
from trickrules.serve.situations import GameFacts, example_question, example_questions, game_facts
from trickrules.spec.registry import family_of, game_ids


def example_games(families: list[str]) -> list[str]:
    """One game per family shows each question's example: the family's first game (its other
    games ask the same forms)."""
    first: dict[str, str] = {}
    for game in game_ids():
        first.setdefault(family_of(game), game)
    return [first[f] for f in families if f in first]


def _fields(fields: tuple[Field, ...] | list[Field], indent: str = "") -> list[str]:
    """Each field of a form as a bullet: its name and what it takes."""
    lines = []
    for item in fields:
        name = item.name.rsplit(".", 1)[-1]
        if item.count:
            inner = item.children[0]
            what = f"one per {inner.label.split()[0]}"
            lines.append(f"{indent}- ``{name}``: {what}" + (f"; {escape(item.help)}"
                                                             if item.help else ""))
            continue
        if item.kind == "group":
            lines.append(f"{indent}- ``{name}``:" + (f" {escape(item.help)}" if item.help else ""))
            lines += ["", *_fields(item.children, indent + "  "), ""]
            continue
        what = {"cards": "cards", "card": "a card", "seat": "a seat", "flag": "true or false",
                "number": "a number", "records": "a list", "words": "a list"}.get(item.kind, "")
        if item.kind == "choice":
            what = "one of " + ", ".join("null" if c is None else f"``{c}``"
                                         for c in item.choices)
            what += " or null" if item.nullable else ""
        if item.nullable and item.kind != "choice":
            what = f"{what} or null"
        extra = f" ({escape(item.help)})" if item.help and item.kind != "cards" else ""
        lines.append(f"{indent}- ``{name}``: {what}{extra}")
    return lines


def _examples(facts: GameFacts, op: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Examples of a question and its ruling: every shipped example question of that form
    when there are some, else the smallest case of the suite on which a house option answers
    otherwise (not merely refuses), else the suite's smallest case."""
    from importlib import resources

    shipped = resources.files("trickrules.rulebook.sphinx").joinpath("examples/questions")
    found = []
    for path in sorted(shipped.iterdir(), key=lambda p: p.name):
        data = json.loads(path.read_text(encoding="utf-8")) if path.name.endswith(
            ".json") else {}
        if data.get("game") == facts.game and data.get("op") == op:
            found.append((data, judge_question(data)))
    if found:
        return found
    for question in example_questions(facts, op, "variant", 12):
        asked = {"game": facts.game, "op": op, **question}
        report = judge_question(asked)
        if any("answer" in option for option in report["house"]):
            return [(asked, report)]
    asked = {"game": facts.game, "op": op, **example_question(facts, op)}
    return [(asked, judge_question(asked))]


def _ruling(family: str, report: dict[str, Any]) -> list[str]:
    """The ruling as a player reads it, each deciding rule linked."""
    lines = ["The ruling under the rulebook's rules:", ""]
    lines += [f"- {escape(line)}" for line in answer_lines(report["answer"])]
    cited = [_cite(family, r) for r in report["rules"]]
    lines += ["", "decided by " + ", ".join(cited) + "."]
    for option in report["house"]:
        given = (f"refused ({escape(option['refused'])})" if "refused" in option
                 else "; ".join(escape(x) for x in answer_lines(option["answer"])))
        lines += ["", f"House option: {_cite(family, option['rule'])} read otherwise "
                      f"(``{option['rule'].get('reading', '')}``): {given}."]
    return [*lines, ""]


def _cite(family: str, rule: dict[str, Any]) -> str:
    if rule.get("number") is None:
        return escape(str(rule.get("title") or rule["id"]))
    return ref(rule_label(family, rule["id"]), f"rule {rule['number']} {rule['title']}")


def wrapped_json(value: Any, indent: str = "", width: int = 86) -> list[str]:
    """JSON as lines no wider than ``width``: what fits on a line stays on it, an object
    gets a line per key, a list of plain values is packed line by line."""
    compact = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(compact) <= width or not isinstance(value, (dict, list)) or not value:
        return [indent + compact]
    if isinstance(value, dict):
        return _wrapped_object(value, indent, width)
    if all(not isinstance(item, (dict, list)) for item in value):
        return _packed_list(value, indent, width)
    return _wrapped_list(value, indent, width)


def _wrapped_object(value: dict[str, Any], indent: str, width: int) -> list[str]:
    """An object too wide for one line: a line per key, its value beside it when the value's
    first line fits there, else below it."""
    inner = indent + " "
    lines = [indent + "{"]
    for n, (key, item) in enumerate(value.items()):
        comma = "," if n < len(value) - 1 else ""
        head = f"{inner}{json.dumps(key)}: "
        body = wrapped_json(item, inner + " ", width)
        if len(head) + len(body[0].strip()) <= width:
            body = [head + body[0].strip(), *body[1:]]
        else:
            body = [head.rstrip(), *body]
        body[-1] += comma
        lines += body
    return [*lines, indent + "}"]


def _packed_list(value: list[Any], indent: str, width: int) -> list[str]:
    """A list of plain values too wide for one line, packed as many to a line as fit."""
    inner = indent + " "
    lines, line = [], indent + "["
    for n, item in enumerate(value):
        word = json.dumps(item, ensure_ascii=False) + ("," if n < len(value) - 1 else "]")
        if len(line) + len(word) + 1 > width and line.strip() != "[":
            lines.append(line.rstrip())
            line = inner
        line += word + " "
    return [*lines, line.rstrip()]


def _wrapped_list(value: list[Any], indent: str, width: int) -> list[str]:
    """A list holding objects or lists, too wide for one line: each item wrapped below the
    other."""
    inner = indent + " "
    lines = [indent + "["]
    for n, item in enumerate(value):
        body = wrapped_json(item, inner, width)
        body[-1] += "," if n < len(value) - 1 else ""
        lines += body
    return [*lines, indent + "]"]


def _games_words() -> str:
    ids = [f"``{g}``" for g in game_ids()]
    return ", ".join(ids[:-1]) + " or " + ids[-1]


def questions_page(families: list[str]) -> list[str]:
    """The whole page, with examples from the games of ``families`` (the parts being built:
    each example links to their rules)."""
    lines = [*label("ask-for-a-ruling"), *heading("Ask for a ruling", 0),
             "A ruling on one situation comes three ways, each giving the same answer: "
             "``trickrules judge FILE`` (``--json`` for the JSON), the web page that "
             "``trickrules serve`` starts on this machine (a form per question, the pack drawn "
             "to click cards from), and its HTTP API (``POST /api/GAME/QUESTION`` with the "
             "question as JSON; ``/api/openapi.json`` describes it). Each answer comes under "
             "the rulebook's rules first, with the rules that decide it and their reasons, "
             "then under every house option that answers otherwise.", "",
             "``judge`` also takes a whole game state, as ``trickrules play --json`` writes "
             "it, optionally with actions to play from it: ``{\"state\": ..., \"then\": "
             "[...]}``.", "",
             "A question is a JSON object with ``game`` (" + _games_words() + "), "
             "``op`` (the question) and the fields below. Seats are numbered from 0 in the "
             "order of play; team 0 is the even seats. Cards are written ``AS``, ``10H``, "
             "``7D``, and in Kout ``BJ`` and ``RJ`` for the black and red Joker.", ""]
    for op in QUESTION_TITLES:
        games = [g for g in example_games(families) if op in game_facts(g).ops]
        if not games:
            continue
        lines += [*label(f"question-{op}"), *heading(QUESTION_TITLES[op], 1),
                  f"``\"op\": \"{op}\"``. {escape(question_help(games[0], op))}", ""]
        for game in games:
            facts = game_facts(game)
            examples = _examples(facts, op)
            lines += [*heading(facts.name, 2), "The fields:", "",
                      *_fields(question_fields(game, op, facts.players)), ""]
            for number, (question, report) in enumerate(examples):
                lines += ["Another example:" if number else "An example:",
                          "", ".. code-block:: json", "",
                          *("   " + line for line in wrapped_json(question)), "",
                          *_ruling(facts.family, report)]
    return lines
