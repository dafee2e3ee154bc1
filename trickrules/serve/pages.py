"""The web page's HTML: the list of questions, a question's form with the pack to pick cards
from, and the ruling as a player reads it (the answer under the rulebook's profile, the rules
that decide it with their reasons and links, then every house option that answers otherwise).

Plain HTML that works without script; the one script only puts a clicked card into the card
field last touched."""

from __future__ import annotations

from html import escape
from typing import Any

from trickrules.locale import direction
from trickrules.proofs.outcome_words import answer_lines
from trickrules.rulings.question import QUESTION_TITLES
from trickrules.serve.forms import Field
from trickrules.serve.words import _, rule_heading, rule_text, words

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
OP_TITLES = QUESTION_TITLES


def card_html(name: str, language: str = "en") -> str:
    """A card as text a player reads at any size: rank and suit sign, red suits in red; the
    two Jokers told apart by word and sign, not colour alone (the card's code reads left to
    right in any language)."""
    if name in ("BJ", "RJ"):
        word, sign = ("black", "★") if name == "BJ" else ("red", "☆")
        joker = _(language, "black Joker") if name == "BJ" else _(language, "red Joker")
        return (f'<span class="card joker {word}" data-card="{name}" title="{escape(joker)}">'
                f"{sign} {escape(joker)}</span>")
    rank, suit = name[:-1], name[-1]
    sign, suit_name = SUITS.get(suit, (suit, suit))
    colour = "red" if suit in "HD" else "black"
    return (f'<span class="card {colour}" data-card="{escape(name)}" dir="ltr" '
            f'title="{escape(rank)} of {suit_name}">{escape(rank)}{sign}</span>')


def _book_home(language: str) -> str:
    """The served rulebook's first page in ``language`` (the translated players' part)."""
    return "/rulebook/index.html" if language == "en" else f"/rulebook/{language}/index.html"


def home(language: str) -> str:
    """The site's first page in ``language``."""
    return "/" if language == "en" else f"/{language}/"


def page(title: str, body: str, *, rulebook: bool, language: str = "en") -> str:
    """A whole page, in ``language`` (read right to left where it is)."""
    book = (f'<a href="{_book_home(language)}">{escape(_(language, "Rulebook"))}</a>'
            if rulebook else "")
    other = ('<a href="/ar/" lang="ar" hreflang="ar">العربية</a>' if language == "en"
             else '<a href="/en/" lang="en" hreflang="en">English</a>')
    return f"""<!DOCTYPE html>
<html lang="{language}" dir="{direction(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · trickrules</title>
<link rel="stylesheet" href="/static/serve.css"></head>
<body><header><a class="home" href="{home(language)}">trickrules · {
escape(_(language, "a ruling in a minute"))}</a>
<nav><a href="/api/docs">API</a> {book} {other}</nav></header>
<main>{body}</main>
<script src="/static/serve.js" defer></script></body></html>
"""


def index_body(games: list[tuple[str, str, list[str]]], language: str = "en") -> str:
    """The questions of every game, one list per game."""
    parts = [f"<h1>{escape(_(language, 'Ask for a ruling'))}</h1>",
             "<p>" + escape(_(language, "Pick a question, set up the situation with cards, and "
                                        "get the ruling under the rulebook's rules with the rule "
                                        "that decides it and its reason, then every house "
                                        "option that answers otherwise.")) + "</p>"]
    prefix = home(language).rstrip("/")
    for game, name, ops in games:
        items = "".join(f'<li><a href="{prefix}/ask/{game}/{op}">'
                        f"{escape(words(language, OP_TITLES.get(op, op)))}</a></li>"
                        for op in ops)
        items += (f'<li><a href="{prefix}/ask/{game}/state">'
                  f"{escape(_(language, 'A whole game state (JSON)'))}</a></li>")
        parts.append(f'<section class="game"><h2>{escape(words(language, name))}</h2>'
                     f"<ul>{items}</ul></section>")
    return "".join(parts)


def _input(item: Field, values: dict[str, str], language: str) -> str:
    """One field's input."""
    value = values.get(item.name, "")
    name = escape(item.name)
    if item.kind in ("seat", "choice"):
        options = list(item.choices)
        if item.nullable:
            options = ["none", *options]
        opts = "".join(
            f'<option value="{escape(str(o))}"{" selected" if str(o) == value else ""}>'
            f"{escape(_(language, 'none') if o == 'none' else str(o))}</option>"
            for o in options)
        return f'<select id="{name}" name="{name}">{opts}</select>'
    if item.kind == "flag":
        checked = " checked" if value == "on" else ""
        return f'<input type="checkbox" id="{name}" name="{name}"{checked}>'
    if item.kind == "number":
        return (f'<input type="number" inputmode="numeric" id="{name}" name="{name}" '
                f'value="{escape(value)}">')
    if item.kind == "records":
        hint = _(language, "seat kind cards, one a line:") + " 0 sira 7H 8H 9H"
        return (f'<textarea id="{name}" name="{name}" rows="3" dir="ltr" '
                f'placeholder="{escape(hint)}">{escape(value)}</textarea>')
    cls = ' class="cards"' if item.kind in ("cards", "card") else ""
    hint = {"cards": "AS 10H ...", "card": "AS"}.get(item.kind, "")
    return (f'<input type="text"{cls} id="{name}" name="{name}" value="{escape(value)}" '
            f'placeholder="{hint}" dir="ltr" autocomplete="off" spellcheck="false">')


def fields_html(fields: tuple[Field, ...] | list[Field], values: dict[str, str],
                language: str = "en") -> str:
    """Every field, groups as fieldsets."""
    out = []
    for item in fields:
        if item.kind == "group":
            inner = fields_html(item.children, values, language)
            out.append(f"<fieldset><legend>{escape(words(language, item.label))}</legend>"
                       f"{inner}</fieldset>")
        else:
            help_text = (f"<small>{escape(words(language, item.help))}</small>"
                         if item.help and item.kind != "cards" else "")
            out.append(f'<label for="{escape(item.name)}">'
                       f"<span>{escape(words(language, item.label))}</span>"
                       f"{_input(item, values, language)}{help_text}</label>")
    return "".join(out)


def pack_html(pack: list[str], language: str = "en") -> str:
    """The drawn pack: click a card to put it into the card field last touched."""
    cards = "".join(f'<button type="button" class="pick" data-card="{c}">'
                    f"{card_html(c, language)}</button>" for c in pack)
    summary = _(language, "The pack: click a card to add it to the card field you last "
                          "clicked, or type cards as AS, 10H")
    return f'<details class="pack" open><summary>{escape(summary)}</summary>{cards}</details>'


def form_body(game_name: str, title: str, help_text: str, action: str, fields_part: str,
              pack: list[str], dealing: bool, answer: str, language: str = "en") -> str:
    """A question's page: the ruling (once asked), then the form."""
    deal_words = _(language, "Deal the cards that no field names to the hands still short "
                             "of cards, at random (seeded)")
    deal = (f'<label class="deal"><input type="checkbox" name="deal_rest"> '
            f"{escape(deal_words)}</label>" if dealing else "")
    ask = _(language, "Ask for the ruling")
    return (f"<h1>{escape(words(language, game_name))}: {escape(words(language, title))}</h1>"
            f'{answer}<form method="post" action="{escape(action)}" class="question">'
            f'<p class="help">{escape(words(language, help_text))}</p>{fields_part}{deal}'
            f'{pack_html(pack, language) if pack else ""}'
            f'<button type="submit" class="ask">{escape(ask)}</button></form>')


def _rule_html(rule: dict[str, Any], full: bool, language: str) -> str:
    number = rule.get("number")
    shown = rule.get("title", "")
    if number is not None:
        shown = rule_heading(language, number, shown) or shown
    title = f"{_(language, 'Rule')} {number if number is not None else rule['id']} {shown}"
    link = rule.get("link")
    head = (f'<a href="/rulebook/{escape(link)}">{escape(title.strip())}</a>' if link
            else escape(title.strip()))
    if not full:
        return f'<span class="rule">{head}</span>'
    text = f"<p>{escape(rule_text(language, rule['rule']))}</p>" if rule.get("rule") else ""
    why = ""
    if rule.get("why"):  # the committee's reasons, citing the sources: kept in English
        lang = "" if language == "en" else ' lang="en" dir="ltr"'
        why = (f'<p class="why">{escape(_(language, "Why:"))} '
               f'<span{lang}>{escape(rule["why"])}</span></p>')
    return f'<div class="rule"><h4>{head}</h4>{text}{why}</div>'


def _lines(answer: Any, language: str) -> str:
    return "".join(f"<li>{_with_cards(line, language)}</li>" for line in answer_lines(answer))


WORDS_OF_VALUES = ("none", "yes", "no")
"""The words an answer's value may be (the rest are numbers, cards and calls)."""


def _with_cards(line: str, language: str) -> str:
    """A line of the answer with its field's name in the reader's language and every card in
    it drawn as a card."""
    if language == "en" and not all(_is_card(w) for w in line.partition(": ")[2].split(" ")):
        return escape(line)
    name, _sep, rest = line.partition(": ")
    name = words(language, name)
    tokens = rest.split(" ")
    if tokens and all(_is_card(w) for w in tokens):
        return f"{escape(name)}: " + " ".join(card_html(w, language) for w in tokens)
    value = _(language, rest) if rest in WORDS_OF_VALUES else rest
    return f'{escape(name)}: <span dir="ltr">{escape(value)}</span>'


def _is_card(word: str) -> bool:
    return word in ("BJ", "RJ") or (len(word) in (2, 3) and word[-1] in SUITS
                                    and word[:-1] in ("2", "3", "4", "5", "6", "7", "8", "9",
                                                      "10", "J", "Q", "K", "A"))


def situation_html(question: dict[str, Any], language: str = "en") -> str:
    """The situation asked about, drawn as cards: each seat's hand (the seat to play marked),
    the trick so far, and any other cards the question names."""
    situation = question.get("situation")
    rows = (_play_rows(situation, language) if isinstance(situation, dict)
            and isinstance(situation.get("hands"), list) else [])
    rows += _named_rows(question, language)
    if not rows:
        return ""
    cells = [_row_html(row, situation, language) for row in rows]
    return f'<div class="scroll"><table class="situation">{"".join(cells)}</table></div>'


_Row = tuple[str, str, list[str], bool]
"""A row of the drawn situation: what it shows (``contract``, ``trump`` or ``cards``), its
label, its cards (or the contract in words), and whether it is the seat to play."""


def _play_rows(situation: dict[str, Any], language: str) -> list[_Row]:
    """The rows of a play situation: the contract, the trump (when there is one), each
    seat's hand (the seat to play marked) and the trick so far."""
    rows: list[_Row] = []
    hands, trick = situation["hands"], situation.get("trick") or []
    mover = (situation.get("leader", 0) + len(trick)) % max(len(hands), 1)
    for seat, hand in enumerate(hands):
        who = _(language, "Seat {seat} (team {team})").format(seat=seat, team=seat % 2)
        if seat == mover:
            who += _(language, ", to play")
        rows.append(("cards", who, hand, seat == mover))
    led = _(language, "Trick led by seat {seat}").format(seat=situation.get("leader", 0))
    rows.append(("cards", led, trick, False))
    if situation.get("trump"):
        rows.insert(0, ("trump", _(language, "Trump"), [], False))
    rows.insert(0, ("contract", _(language, "Contract"),
                    [_contract_words(situation, language)], False))
    return rows


def _named_rows(question: dict[str, Any], language: str) -> list[_Row]:
    """The rows of the cards a question names outside a play situation: one seat's hand,
    every seat's hands, the card turned up."""
    rows: list[_Row] = []
    seat_words = _(language, "Seat {seat}")
    for key in ("hand", "hands"):
        value = question.get(key)
        if key == "hand" and isinstance(value, list):
            rows.append(("cards", seat_words.format(seat=question.get("seat", "")), value, True))
        elif key == "hands" and isinstance(value, list) and "situation" not in question:
            rows += [("cards", seat_words.format(seat=k), h, False) for k, h in enumerate(value)]
    if isinstance(question.get("public"), str):
        rows.append(("cards", _(language, "The card turned up"), [question["public"]], False))
    return rows


def _row_html(row: _Row, situation: Any, language: str) -> str:
    """One row of the drawn situation: the contract in words, the trump as its suit, or the
    cards drawn (``none`` for none)."""
    kind, label, cards, marked = row
    if kind == "contract":
        shown = escape(cards[0])
    elif kind == "trump" and isinstance(situation, dict):
        shown = card_html("A" + str(situation["trump"]), language).replace(">A", ">", 1)
    else:
        shown = " ".join(card_html(c, language) for c in cards) or escape(_(language, "none"))
    cls = ' class="to-play"' if marked else ""
    return f"<tr{cls}><th>{escape(label)}</th><td>{shown}</td></tr>"


def _contract_words(situation: dict[str, Any], language: str = "en") -> str:
    """The contract of a play situation in words: ``bid 5 by seat 1``, ``Hokom, bought by
    seat 3``."""
    contract = situation.get("contract")
    if isinstance(contract, dict):
        forced = _(language, ", forced") if contract.get("forced") else ""
        return _(language, "bid {bid} by seat {seat}").format(
            bid=contract.get("bid"), seat=contract.get("seat")) + forced
    bought = (_(language, ", bought by seat {seat}").format(seat=situation["declarer"])
              if "declarer" in situation else "")
    locked = _(language, ", doubled and locked") if situation.get("locked") else ""
    return f"{words(language, str(contract).capitalize())}{bought}{locked}"


def question_answer(report: dict[str, Any], language: str = "en") -> str:
    """A question form's ruling, with the situation it is about drawn as cards."""
    rules = "".join(_rule_html(r, True, language) for r in report["rules"])
    under = _(language, "Under the rulebook's rules ({profile}):").format(
        profile=report["profile"])
    parts = [f'<section class="answer" id="answer"><h2>{escape(_(language, "The ruling"))}'
             f"</h2>{situation_html(report['question'], language)}"
             f"<p>{escape(under)}</p>"
             f'<ul class="lines">{_lines(report["answer"], language)}</ul>{rules}']
    if report["house"]:
        parts.append(f"<h3>{escape(_(language, 'House options that answer otherwise'))}</h3>"
                     "<ul class='house'>")
        for option in report["house"]:
            given = (f"{escape(_(language, 'refused:'))} {escape(option['refused'])}"
                     if "refused" in option
                     else f'<ul class="lines">{_lines(option["answer"], language)}</ul>')
            parts.append(f"<li>{_house_head(option['rule'], language)}: {given}</li>")
        parts.append("</ul>")
    else:
        parts.append(f"<p>{escape(_(language, 'Every house option gives the same answer.'))}"
                     "</p>")
    parts.append("</section>")
    return "".join(parts)


def _house_head(rule: dict[str, Any], language: str) -> str:
    """A house option named by its rule and the reading it plays."""
    read_as = _(language, "read as {reading}").format(reading=rule.get("reading", ""))
    return f"{_rule_html(rule, False, language)} {escape(read_as)}"


def state_answer(report: dict[str, Any], language: str = "en") -> str:
    """A whole state's ruling: each part of the answer with the rules deciding it."""
    ruling = report["ruling"]
    under = _(language, "Under {profile}:").format(profile=ruling["profile"])
    parts = [f'<section class="answer" id="answer"><h2>{escape(_(language, "The ruling"))}'
             f"</h2><p>{escape(under)}</p>"]
    for part in ruling["parts"]:
        cls = ' class="refused"' if part["part"] == "error" else ""
        rules = "".join(_rule_html(r, True, language) for r in part["rules"])
        parts.append(f"<p{cls}><strong>{escape(part['text'])}</strong></p>{rules}")
    for option in ruling["house"]:
        texts = "; ".join(p["text"] for p in option["parts"])
        parts.append(f"<p>{_house_head(option['rule'], language)}: {escape(texts)}</p>")
    parts.append("</section>")
    return "".join(parts)


def error_html(message: str) -> str:
    """A mistake in the form, shown above it (the message names the field, in English: the
    API's words)."""
    return (f'<section class="answer error" id="answer" role="alert"><p>{escape(message)}</p>'
            "</section>")
