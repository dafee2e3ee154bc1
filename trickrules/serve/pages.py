"""The web page's HTML: the list of questions, a question's form with the pack to pick cards
from, and the ruling as a player reads it (the answer under the rulebook's profile, the rules
that decide it with their reasons and links, then every house option that answers otherwise).

Plain HTML that works without script; the one script only puts a clicked card into the card
field last touched."""

from __future__ import annotations

from html import escape
from typing import Any

from proofs.outcome_words import answer_lines
from trickrules.rulings.question import QUESTION_TITLES
from trickrules.serve.forms import Field

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
OP_TITLES = QUESTION_TITLES


def card_html(name: str) -> str:
    """A card as text a player reads at any size: rank and suit sign, red suits in red; the
    two Jokers told apart by word and sign, not colour alone."""
    if name in ("BJ", "RJ"):
        word, sign = ("black", "★") if name == "BJ" else ("red", "☆")
        return (f'<span class="card joker {word}" data-card="{name}" title="{word} Joker">'
                f"{sign} {word} Joker</span>")
    rank, suit = name[:-1], name[-1]
    sign, suit_name = SUITS.get(suit, (suit, suit))
    colour = "red" if suit in "HD" else "black"
    return (f'<span class="card {colour}" data-card="{escape(name)}" '
            f'title="{escape(rank)} of {suit_name}">{escape(rank)}{sign}</span>')


def page(title: str, body: str, *, rulebook: bool) -> str:
    """A whole page."""
    book = '<a href="/rulebook/index.html">Rulebook</a>' if rulebook else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · trickrules</title>
<link rel="stylesheet" href="/static/serve.css"></head>
<body><header><a class="home" href="/">trickrules · a ruling in a minute</a>
<nav><a href="/api/docs">API</a> {book}</nav></header>
<main>{body}</main>
<script src="/static/serve.js" defer></script></body></html>
"""


def index_body(games: list[tuple[str, str, list[str]]]) -> str:
    """The questions of every game, one list per game."""
    parts = ["<h1>Ask for a ruling</h1>",
             "<p>Pick a question, set up the situation with cards, and get the ruling under "
             "the rulebook's rules with the rule that decides it and its reason, then every "
             "house option that answers otherwise.</p>"]
    for game, name, ops in games:
        items = "".join(f'<li><a href="/ask/{game}/{op}">{escape(OP_TITLES.get(op, op))}</a>'
                        "</li>" for op in ops)
        items += f'<li><a href="/ask/{game}/state">A whole game state (JSON)</a></li>'
        parts.append(f'<section class="game"><h2>{escape(name)}</h2><ul>{items}</ul></section>')
    return "".join(parts)


def _input(item: Field, values: dict[str, str]) -> str:
    """One field's input."""
    value = values.get(item.name, "")
    name = escape(item.name)
    if item.kind in ("seat", "choice"):
        options = list(item.choices)
        if item.nullable:
            options = ["none", *options]
        opts = "".join(
            f'<option value="{escape(str(o))}"{" selected" if str(o) == value else ""}>'
            f"{escape(str(o))}</option>" for o in options)
        return f'<select id="{name}" name="{name}">{opts}</select>'
    if item.kind == "flag":
        checked = " checked" if value == "on" else ""
        return f'<input type="checkbox" id="{name}" name="{name}"{checked}>'
    if item.kind == "number":
        return (f'<input type="number" inputmode="numeric" id="{name}" name="{name}" '
                f'value="{escape(value)}">')
    if item.kind == "records":
        return (f'<textarea id="{name}" name="{name}" rows="3" placeholder="seat kind cards, '
                f'one a line: 0 sira 7H 8H 9H">{escape(value)}</textarea>')
    cls = ' class="cards"' if item.kind in ("cards", "card") else ""
    hint = {"cards": "AS 10H ...", "card": "AS"}.get(item.kind, "")
    return (f'<input type="text"{cls} id="{name}" name="{name}" value="{escape(value)}" '
            f'placeholder="{hint}" autocomplete="off" spellcheck="false">')


def fields_html(fields: tuple[Field, ...] | list[Field], values: dict[str, str]) -> str:
    """Every field, groups as fieldsets."""
    out = []
    for item in fields:
        if item.kind == "group":
            inner = fields_html(item.children, values)
            out.append(f'<fieldset><legend>{escape(item.label)}</legend>{inner}</fieldset>')
        else:
            help_text = (f'<small>{escape(item.help)}</small>'
                         if item.help and item.kind != "cards" else "")
            out.append(f'<label for="{escape(item.name)}"><span>{escape(item.label)}</span>'
                       f"{_input(item, values)}{help_text}</label>")
    return "".join(out)


def pack_html(pack: list[str]) -> str:
    """The drawn pack: click a card to put it into the card field last touched."""
    cards = "".join(f'<button type="button" class="pick" data-card="{c}">{card_html(c)}'
                    "</button>" for c in pack)
    return (f'<details class="pack" open><summary>The pack: click a card to add it to the card '
            f"field you last clicked, or type cards as AS, 10H</summary>{cards}</details>")


def form_body(game_name: str, title: str, help_text: str, action: str, fields_part: str,
              pack: list[str], dealing: bool, answer: str) -> str:
    """A question's page: the ruling (once asked), then the form."""
    deal = ('<label class="deal"><input type="checkbox" name="deal_rest"> Deal the cards that '
            "no field names to the hands still short of cards, at random (seeded)</label>"
            if dealing else "")
    return (f"<h1>{escape(game_name)}: {escape(title)}</h1>{answer}"
            f'<form method="post" action="{escape(action)}" class="question">'
            f'<p class="help">{escape(help_text)}</p>{fields_part}{deal}'
            f'{pack_html(pack) if pack else ""}'
            '<button type="submit" class="ask">Ask for the ruling</button></form>')


def _rule_html(rule: dict[str, Any], full: bool) -> str:
    number = (f"Rule {rule['number']}" if rule.get("number") is not None
              else f"Rule {rule['id']}")
    title = f"{number} {rule.get('title', '')}".strip()
    link = rule.get("link")
    head = (f'<a href="/rulebook/{escape(link)}">{escape(title)}</a>' if link
            else escape(title))
    if not full:
        return f'<span class="rule">{head}</span>'
    text = f"<p>{escape(rule['rule'])}</p>" if rule.get("rule") else ""
    why = f'<p class="why">Why: {escape(rule["why"])}</p>' if rule.get("why") else ""
    return f'<div class="rule"><h4>{head}</h4>{text}{why}</div>'


def _lines(answer: Any) -> str:
    return "".join(f"<li>{_with_cards(line)}</li>" for line in answer_lines(answer))


def _with_cards(line: str) -> str:
    """A line of the answer with every card in it drawn as a card."""
    name, _, rest = line.partition(": ")
    words = rest.split(" ")
    if words and all(_is_card(w) for w in words):
        return f"{escape(name)}: " + " ".join(card_html(w) for w in words)
    return escape(line)


def _is_card(word: str) -> bool:
    return word in ("BJ", "RJ") or (len(word) in (2, 3) and word[-1] in SUITS
                                    and word[:-1] in ("2", "3", "4", "5", "6", "7", "8", "9",
                                                      "10", "J", "Q", "K", "A"))


def situation_html(question: dict[str, Any]) -> str:
    """The situation asked about, drawn as cards: each seat's hand (the seat to play marked),
    the trick so far, and any other cards the question names."""
    situation = question.get("situation")
    rows = (_play_rows(situation) if isinstance(situation, dict)
            and isinstance(situation.get("hands"), list) else [])
    rows += _named_rows(question)
    if not rows:
        return ""
    cells = [_row_html(label, cards, marked, situation) for label, cards, marked in rows]
    return f'<div class="scroll"><table class="situation">{"".join(cells)}</table></div>'


_Row = tuple[str, list[str], bool]
"""A row of the drawn situation: its label, its cards, and whether it is the seat to play."""


def _play_rows(situation: dict[str, Any]) -> list[_Row]:
    """The rows of a play situation: the contract, the trump (when there is one), each
    seat's hand (the seat to play marked) and the trick so far."""
    rows: list[_Row] = []
    hands, trick = situation["hands"], situation.get("trick") or []
    mover = (situation.get("leader", 0) + len(trick)) % max(len(hands), 1)
    for seat, hand in enumerate(hands):
        who = f"Seat {seat} (team {seat % 2})" + (", to play" if seat == mover else "")
        rows.append((who, hand, seat == mover))
    rows.append((f"Trick led by seat {situation.get('leader', 0)}", trick, False))
    if situation.get("trump"):
        rows.insert(0, ("Trump", [], False))
    rows.insert(0, ("Contract", [_contract_words(situation)], False))
    return rows


def _named_rows(question: dict[str, Any]) -> list[_Row]:
    """The rows of the cards a question names outside a play situation: one seat's hand,
    every seat's hands, the card turned up."""
    rows: list[_Row] = []
    for key in ("hand", "hands"):
        value = question.get(key)
        if key == "hand" and isinstance(value, list):
            rows.append((f"Seat {question.get('seat', '')}", value, True))
        elif key == "hands" and isinstance(value, list) and "situation" not in question:
            rows += [(f"Seat {k}", h, False) for k, h in enumerate(value)]
    if isinstance(question.get("public"), str):
        rows.append(("The card turned up", [question["public"]], False))
    return rows


def _row_html(label: str, cards: list[str], marked: bool, situation: Any) -> str:
    """One row of the drawn situation: the contract in words, the trump as its suit, or the
    cards drawn (``none`` for none)."""
    if label == "Contract":
        shown = escape(cards[0])
    elif label == "Trump" and isinstance(situation, dict):
        shown = card_html("A" + str(situation["trump"])).replace(">A", ">", 1)
    else:
        shown = " ".join(card_html(c) for c in cards) or "none"
    cls = ' class="to-play"' if marked else ""
    return f"<tr{cls}><th>{escape(label)}</th><td>{shown}</td></tr>"


def _contract_words(situation: dict[str, Any]) -> str:
    """The contract of a play situation in words: ``bid 5 by seat 1``, ``Hokom, bought by
    seat 3``."""
    contract = situation.get("contract")
    if isinstance(contract, dict):
        forced = ", forced" if contract.get("forced") else ""
        return f"bid {contract.get('bid')} by seat {contract.get('seat')}{forced}"
    bought = f", bought by seat {situation['declarer']}" if "declarer" in situation else ""
    locked = ", doubled and locked" if situation.get("locked") else ""
    return f"{str(contract).capitalize()}{bought}{locked}"


def question_answer(report: dict[str, Any]) -> str:
    """A question form's ruling, with the situation it is about drawn as cards."""
    rules = "".join(_rule_html(r, True) for r in report["rules"])
    parts = [f'<section class="answer" id="answer"><h2>The ruling</h2>'
             f"{situation_html(report['question'])}"
             f"<p>Under the rulebook's rules ({escape(report['profile'])}):</p>"
             f'<ul class="lines">{_lines(report["answer"])}</ul>{rules}']
    if report["house"]:
        parts.append("<h3>House options that answer otherwise</h3><ul class='house'>")
        for option in report["house"]:
            given = (f"refused: {escape(option['refused'])}" if "refused" in option
                     else f'<ul class="lines">{_lines(option["answer"])}</ul>')
            parts.append(f"<li>{_rule_html(option['rule'], False)} read as "
                         f"{escape(str(option['rule'].get('reading', '')))}: {given}</li>")
        parts.append("</ul>")
    else:
        parts.append("<p>Every house option gives the same answer.</p>")
    parts.append("</section>")
    return "".join(parts)


def state_answer(report: dict[str, Any]) -> str:
    """A whole state's ruling: each part of the answer with the rules deciding it."""
    ruling = report["ruling"]
    parts = [f'<section class="answer" id="answer"><h2>The ruling</h2>'
             f"<p>Under {escape(str(ruling['profile']))}:</p>"]
    for part in ruling["parts"]:
        cls = ' class="refused"' if part["part"] == "error" else ""
        rules = "".join(_rule_html(r, True) for r in part["rules"])
        parts.append(f"<p{cls}><strong>{escape(part['text'])}</strong></p>{rules}")
    for option in ruling["house"]:
        texts = "; ".join(p["text"] for p in option["parts"])
        parts.append(f"<p>{_rule_html(option['rule'], False)} read as "
                     f"{escape(str(option['rule'].get('reading', '')))}: {escape(texts)}</p>")
    parts.append("</section>")
    return "".join(parts)


def error_html(message: str) -> str:
    """A mistake in the form, shown above it."""
    return (f'<section class="answer error" id="answer" role="alert"><p>{escape(message)}</p>'
            "</section>")
