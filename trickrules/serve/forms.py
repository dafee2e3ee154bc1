"""The web page's forms, made from the protocol's request schema: one field per part of a
question (cards, seats, suits, numbers, calls), and the question read back from what was
typed, each mistake naming the field it is in.

The form is the schema walked once: an object becomes a group of fields, a list of a fixed
length one field per item, a list of cards one card field, a list of simple records one line
per record. So a question form added to the protocol gets its form with nothing written
here."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from trickrules.proofs.conformance.protocol import definition, schema

CARD_REFS = frozenset({"card", "baloot-card"})
CARDS_REFS = frozenset({"cards", "baloot-cards"})
SEAT_REFS = frozenset({"seat", "baloot-seat"})
COMMON = frozenset({"id", "op", "game", "profile", "rules"})
"""Request fields the page fills itself."""


@dataclass
class Field:
    """One input of a form: its dotted name, its label, what it takes and, for a group, the
    fields inside."""

    name: str
    label: str
    kind: str  # group, cards, card, seat, choice, flag, number, words, records
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    help: str = ""
    children: list[Field] = field(default_factory=list)
    record: list[str] = field(default_factory=list)
    count: int = 0
    optional: bool = False
    """Not required by the question: left empty, it is not asked at all."""


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A schema node with its ``$ref`` followed (and the name referred to)."""
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = ref.removeprefix("#/$defs/")
        target, inner = _resolve(defs[name], defs)
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return merged, inner or name
    return node, ""


def _label(name: str) -> str:
    return name.replace("_", " ")


def _field(name: str, label: str, node: dict[str, Any], defs: dict[str, Any],
           players: int, sides: str) -> Field:
    """The field a schema node asks for (``sides``: how the question names the two
    partnerships, ``side`` or ``team``)."""
    node, ref = _resolve(node, defs)
    help_text = str(node.get("description", ""))
    if ref in CARDS_REFS:
        return Field(name, label, "cards", help=help_text)
    if ref in CARD_REFS:
        return Field(name, label, "card", help=help_text)
    if ref in SEAT_REFS:
        return Field(name, label, "seat", tuple(range(players)), help=help_text)
    if "oneOf" in node:
        one = _one_of_field(name, label, node, defs, players, sides, help_text)
        if one is not None:
            return one
    if "enum" in node:
        return Field(name, label, "choice", tuple(node["enum"]), help=help_text)
    return _typed_field(name, label, node, defs, players, sides, help_text)


def _one_of_field(name: str, label: str, node: dict[str, Any], defs: dict[str, Any],
                  players: int, sides: str, help_text: str) -> Field | None:
    """The field of a ``oneOf`` node that is one kind of value or null: that value's field,
    nullable when null is allowed; None for a choice between other kinds."""
    options = [_resolve(o, defs)[0] for o in node["oneOf"]]
    rest = [o for o in options if o.get("type") != "null"]
    if len(rest) != 1:
        return None
    inner = _field(name, label, rest[0], defs, players, sides)
    inner.nullable = len(options) > len(rest)
    inner.help = inner.help or help_text
    return inner


def _typed_field(name: str, label: str, node: dict[str, Any], defs: dict[str, Any],
                 players: int, sides: str, help_text: str) -> Field:
    """The field of a node by its JSON type: a flag, a number, a group of fields for an
    object, a list's field, else words."""
    kind = node.get("type")
    if kind == "boolean":
        return Field(name, label, "flag", help=help_text)
    if kind == "integer":
        return Field(name, label, "number", help=help_text)
    if kind == "object":
        return Field(name, label, "group", help=help_text,
                     children=[_field(f"{name}.{key}", _label(key), sub, defs, players, sides)
                               for key, sub in node.get("properties", {}).items()])
    if kind == "array":
        return _list_field(name, label, node, defs, players, help_text, sides)
    return Field(name, label, "words", help=help_text)


def _list_field(name: str, label: str, node: dict[str, Any], defs: dict[str, Any],
                players: int, help_text: str, sides: str) -> Field:
    items, _ = _resolve(node.get("items", {}), defs)
    low, high = node.get("minItems"), node.get("maxItems")
    if items.get("type") == "array":
        # a list per seat (the hands): one field per seat of this game
        count = players if low is None or low != high else int(low)
        return Field(name, label, "group", help=help_text, count=count, children=[
            _field(f"{name}.{k}", f"seat {k}", node["items"], defs, players, sides)
            for k in range(count)])
    if (items.get("type") == "integer" or "enum" in items) and low is not None and low == high:
        kind, choices = ("choice", tuple(items["enum"])) if "enum" in items else ("number", ())
        return Field(name, label, "group", help=help_text, count=int(low), children=[
            Field(f"{name}.{k}", f"{sides} {k}", kind, choices) for k in range(int(low))])
    if items.get("type") == "object":
        return Field(name, label, "records", help=help_text,
                     record=list(items.get("properties", {})))
    choices = tuple(items.get("enum", ()))
    return Field(name, label, "words", choices, help=help_text)


@cache
def question_fields(game: str, op: str, players: int) -> tuple[Field, ...]:
    """The fields of the form for question ``op`` of ``game`` (its request less what the page
    fills itself); a pair of numbers is labelled per side or per team as the question's own
    description speaks of them."""
    request = schema("request")
    defs = request["$defs"]
    shape = defs[definition("request", game, op)]
    sides = "side" if " side" in str(shape.get("description", "")) else "team"
    required = set(shape.get("required", ()))
    fields = []
    for key, sub in shape.get("properties", {}).items():
        if key not in COMMON:
            made = _field(key, _label(key), sub, defs, players, sides)
            made.optional = key not in required
            fields.append(made)
    return tuple(fields)


def question_help(game: str, op: str) -> str:
    """What the question asks, as the protocol describes it."""
    shape = schema("request")["$defs"][definition("request", game, op)]
    return str(shape.get("description", ""))


class FormError(ValueError):
    """A form field that cannot be read; the message names the field."""


def _tokens(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _card(token: str, where: str, pack: frozenset[str]) -> str:
    card = token.upper()
    if card not in pack:
        raise FormError(f"{where}: {token!r} is not a card of this game's pack (type it as AS, "
                        "10H, 7D" + (", BJ or RJ" if "BJ" in pack else "") + ")")
    return card


def _number(text: str, where: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise FormError(f"{where}: {text!r} is not a whole number") from None


def _read(item: Field, form: dict[str, str], pack: frozenset[str], where: str) -> Any:
    """The value of one field from the submitted form."""
    here = f"{where} / {item.label}" if where else item.label
    text = form.get(item.name, "").strip()
    if item.kind == "group":
        return _read_group(item, form, pack, here)
    if item.nullable and text in ("", "none"):
        return None
    if item.kind == "flag":
        return text in ("on", "true", "yes", "1")
    if item.kind == "cards":
        return [_card(t, here, pack) for t in _tokens(text)]
    if item.kind == "card":
        return _card(text, here, pack)
    if item.kind in ("seat", "number"):
        return _number(text, here)
    if item.kind == "choice":
        return _read_choice(item, text, here)
    if item.kind == "records":
        return [_record(item, line, pack, f"{here} (line {n})")
                for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    return _read_words(item, text, here)


def _read_group(item: Field, form: dict[str, str], pack: frozenset[str], here: str) -> Any:
    """A group's value: a list, one item per field, for a fixed count (a value per seat or
    side), else an object of its fields by name."""
    if item.count:
        return [_read(child, form, pack, here) for child in item.children]
    return {child.name.rsplit(".", 1)[-1]: _read(child, form, pack, here)
            for child in item.children}


def _read_choice(item: Field, text: str, here: str) -> Any:
    """The choice typed (in any case; ``none`` for null), or a ``FormError`` naming the
    choices."""
    for choice in item.choices:
        if str(choice).lower() == text.lower() or (choice is None and text == "none"):
            return choice
    shown = ", ".join("none" if c is None else str(c) for c in item.choices)
    raise FormError(f"{here}: {text!r} is not one of {shown}")


def _read_words(item: Field, text: str, here: str) -> list[str]:
    """A list of words or calls, each one of the field's choices when it has some."""
    words = _tokens(text) if item.choices or " " not in text.strip() else _calls(text)
    for word in words:
        if item.choices and word not in item.choices:
            raise FormError(f"{here}: {word!r} is not one of "
                            f"{', '.join(str(c) for c in item.choices)}")
    return words


def _calls(text: str) -> list[str]:
    """Calls typed with spaces inside (``pass, bid 6``): a comma or a new line ends one."""
    parts = [p.strip() for p in text.replace("\n", ",").split(",")]
    if len(parts) == 1:  # spaces only: "pass bid 6" -> pass, bid 6
        words, out = parts[0].split(), list[str]()
        for word in words:
            if word.isdigit() and out:
                out[-1] = f"{out[-1]} {word}"
            else:
                out.append(word)
        return out
    return [p for p in parts if p]


def _record(item: Field, line: str, pack: frozenset[str], where: str) -> dict[str, Any]:
    """One line of a list of records: a value per word, the cards taking the rest."""
    words = line.split()
    out: dict[str, Any] = {}
    for k, key in enumerate(item.record):
        if key == "cards":
            out[key] = [_card(t, f"{where} / cards", pack) for t in words[k:]]
            break
        if k >= len(words):
            raise FormError(f"{where}: no {key} (give {' '.join(item.record)})")
        out[key] = _number(words[k], f"{where} / {key}") if words[k].isdigit() else words[k]
    return out


def read_question(fields: tuple[Field, ...], form: dict[str, str],
                  pack: frozenset[str]) -> dict[str, Any]:
    """The question a submitted form asks (without game and op); an optional field left
    empty is not asked."""
    return {item.name: _read(item, form, pack, "") for item in fields
            if not (item.optional and _empty(item, form))}


def _empty(item: Field, form: dict[str, str]) -> bool:
    """Whether nothing was typed in the field (or in any field of its group)."""
    if item.kind == "group":
        return all(_empty(child, form) for child in item.children)
    return not form.get(item.name, "").strip()


def form_values(fields: tuple[Field, ...] | list[Field], question: dict[str, Any] | list[Any],
                ) -> dict[str, str]:
    """What each field shows for a question (an example's or the one just asked)."""
    out: dict[str, str] = {}
    for item in fields:
        key = item.name.rsplit(".", 1)[-1]
        value = (question[int(key)] if isinstance(question, list) and int(key) < len(question)
                 else question.get(key) if isinstance(question, dict) else None)
        if item.kind == "group":
            out.update(form_values(item.children, value if value is not None else {}))
        else:
            out[item.name] = _shown(item, value, isinstance(question, dict) and key in question)
    return out


def _shown(item: Field, value: Any, given: bool) -> str:
    """The text a field (not a group) shows for its value; ``given``: whether the question
    names the field (so that a null it gives shows as ``none``)."""
    if value is None:
        return "none" if item.nullable and (given or not item.optional) else ""
    if item.kind == "flag":
        return "on" if value else ""
    if item.kind == "records":
        return _records_text(value)
    if isinstance(value, list):
        return (", " if any(" " in str(v) for v in value) else " ").join(str(v) for v in value)
    return str(value)


def _records_text(records: list[dict[str, Any]]) -> str:
    """A list of records as typed: a line per record, its values spaced (a list of cards
    among them spaced too)."""
    return "\n".join(" ".join(
        " ".join(v) if isinstance(v, list) else str(v) for v in r.values())
        for r in records)
