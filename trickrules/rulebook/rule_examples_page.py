"""Rule examples in the rulebook: under each rule, its hand-written examples, each with its
own picture of what it is about (the buying, the cards allowed, a trick, the hand's score;
see :mod:`trickrules.rulebook.example_scenes`), the actions that follow and what the rule gives,
with the file a reader can hand to ``trickrules judge``."""

from __future__ import annotations

import html
from typing import Any

from trickrules.proofs.outcome_words import Words, words_for
from trickrules.rulebook.example_pictures import picture_height, scene_svg
from trickrules.rulebook.example_scenes import example_scene
from trickrules.rulebook.rst import escape, keep_with_picture
from trickrules.spec.registry import family as family_record
from trickrules.spec.rule_examples import RuleExample


def _words(state: dict[str, Any]) -> Words:
    """The words of the family whose game the situation names."""
    return words_for(str(state["game"]))


def drawing_name(family: str, example: RuleExample) -> str:
    """The drawing's file name, under ``_cards``."""
    return f"rule-example-{family}-{example.id}.svg"


def is_drawn(example: RuleExample) -> bool:
    """Every example has its own picture (the buying, the play, a trick or the score)."""
    return True


def drawing(example: RuleExample) -> str:
    """The example's picture: what it is about, replayed in the engine."""
    return scene_svg(example_scene(example))


def _answer(field: str, value: Any, side: str, words: Words) -> str:
    if field == "legal":
        return "allowed: " + ", ".join(words.action(a) for a in value)
    if field == "tricks":
        return "; ".join(f"seat {seat} wins the trick" for seat in value) or "no trick ends"
    if field == "winner":
        return "the game goes on" if value is None else f"{side} {value} wins the game"
    if field == "hands":
        return "; ".join(f"seat {s} holds {' '.join(cards)}" for s, cards in value.items())
    if field == "score":
        names = {"card_points": "card points", "game_points": "game points",
                 "totals": "totals"}
        return ", ".join(_flag(k, v) if isinstance(v, bool) else f"{names.get(k, k)} {_pair(v)}"
                         for k, v in value.items())
    return f"{field} {value}"


def _flag(field: str, value: bool) -> str:
    """A yes-or-no answer of a hand's score in words."""
    if field == "made":
        return "the contract is made" if value else "the contract fails"
    if field == "void":
        return "the hand is void" if value else "the hand counts"
    return f"{field.replace('_', ' ')}: {'yes' if value else 'no'}"


def _pair(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2:
        return f"{value[0]} to {value[1]}"
    return str(value).lower() if isinstance(value, bool) else str(value)


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")
DECLARATIONS = frozenset({"declare-projects", "no-projects"})
"""The actions of play that are not cards: a player's word on his projects."""


def _then_words(e: RuleExample, words: Any) -> str:
    """The actions after the situation, from ": " on: calls in words, one after another; a
    play of the cards trick by trick, the cards of a trick side by side, and who declared
    projects said before them."""
    held = {c for cards in e.state["hands"].values() for c in cards}
    cards = [a for a in e.then if a in held]
    if not cards or any(a not in held and a not in DECLARATIONS for a in e.then):
        return ": " + ", ".join(words.action(a) for a in e.then)
    played = _tricks_played(e, words, cards)
    return (f"{_declaring(e.then)}{', trick by trick' if len(played) > 1 else ''}: "
            + ", ".join(played))


def _tricks_played(e: RuleExample, words: Any, cards: list[str]) -> list[str]:
    """The cards played after the situation, a text per trick (the first completing the
    trick in progress), each trick's cards side by side."""
    _, plays, _ = words.trick(e.state)
    seats = len(e.state["hands"])
    first = seats - len(plays)
    tricks = [cards[:first]] + [cards[k:k + seats] for k in range(first, len(cards), seats)]
    return [" ".join(t) for t in tricks if t]


def _declaring(then: tuple[str, ...]) -> str:
    """How many players declare projects among the actions, said before the cards (empty
    when none does)."""
    declared = sum(a == "declare-projects" for a in then)
    return (f", {NUMBER_WORDS[declared]} player{'s' if declared > 1 else ''} declaring "
            "projects" if declared else "")


PAGE_POINTS = 690
"""About the height of the committee edition's text frame, in points: a sentence and its
picture taller than this cannot share a page, and the sentence was left alone at the top of
one with the picture on the next."""
SENTENCE_POINTS, LINE_POINTS, LINE_CHARACTERS = 20, 14, 95
"""How tall an example's sentence prints: its spacing, and a line of about so many
characters."""


def rule_example_lines(family: str, e: RuleExample) -> list[str]:
    """The paragraph of one example under its rule (written once it passed), its picture
    kept with the sentence that introduces it; on a narrow screen the picture keeps its size
    and scrolls sideways in its box."""
    picture = drawing(e)
    title = picture[picture.index("<title>") + 7:picture.index("</title>")]
    points = picture_height(picture) * 3 // 4  # the PDF draws a pixel as 0.75 point
    sentence = SENTENCE_POINTS + LINE_POINTS * (len(e.says) // LINE_CHARACTERS + 1)
    scale = min(100, (PAGE_POINTS - sentence) * 100 // points)
    image = [f".. image:: /_cards/{drawing_name(family, e)}",
             f"   :alt: {escape(html.unescape(title))}"]
    keep = min(points + 90, 700) if scale == 100 else PAGE_POINTS
    lines = [*keep_with_picture(keep),
             f".. _{family}-example-{e.id}:", "",
             f"*{'Example of the limit' if e.limit else 'Example'}:* {escape(e.says)}", ""]
    if scale == 100:
        lines += [".. container:: example-picture", "", *(f"   {line}" for line in image), ""]
    else:  # printed smaller, to stay on one page with its sentence; on screen at its size
        lines += [".. only:: html", "", "   .. container:: example-picture", "",
                  *(f"      {line}" for line in image), "",
                  ".. only:: pdf", "", *(f"   {line}" for line in image),
                  f"      :scale: {scale}%", ""]
    words = _words(e.state)
    if e.then:
        lines += [f"Then{escape(_then_words(e, words))}.", ""]
    side = family_record(family).partnership
    answers = "; ".join(_answer(k, v, side, words) for k, v in e.expect.items())
    lines += [f"The rule gives, and the engine and the model agree: {escape(answers)}. "
              f"The situation is ``spec/{family}/{e.situation}``; ``trickrules judge`` reads "
              f"it as it is.", ""]
    return lines
