"""Rule examples in the rulebook: under each rule, its hand-written examples, the situation
drawn as cards (a point of play) or told (the buying), the actions that follow and what the
rule gives, with the file a reader can hand to ``trickrules judge``."""

from __future__ import annotations

from typing import Any

from proofs.outcome_words import Words, words_for
from proofs.rulebook.cards_svg import describe, play_witness
from proofs.rulebook.rst import escape, keep_with_picture
from spec.registry import family as family_record
from spec.rule_examples import RuleExample


def _words(state: dict[str, Any]) -> Words:
    """The words of the family whose game the situation names."""
    return words_for(str(state["game"]))


def drawing_name(family: str, example: RuleExample) -> str:
    """The drawing's file name, under ``_cards``."""
    return f"rule-example-{family}-{example.id}.svg"


def is_drawn(example: RuleExample) -> bool:
    """A point of play is drawn; any other situation is told."""
    return example.state.get("phase") == "play"


def drawing(example: RuleExample) -> str:
    """The hands and the trick so far, the seat to play highlighted."""
    leader, trick, _ = _words(example.state).trick(example.state)
    witness = {"hands": example.state["hands"], "trick": trick, "leader": leader,
               "mover": (leader + len(trick)) % len(example.state["hands"])}
    return play_witness(witness, "legal", _header(example.state))


def _header(state: dict[str, Any]) -> str:
    scores = state.get("scores", [0, 0])
    words = _words(state)
    done = words.trick(state)[2]
    tricks = "no trick" if done == 0 else "1 trick" if done == 1 else f"{done} tricks"
    return (f"{words.contract(state)}; seat {state['dealer']} dealt; {tricks} played; "
            f"scores {scores[0]} to {scores[1]}.")


def _told(state: dict[str, Any]) -> str:
    hands = "; ".join(f"seat {s}: {' '.join(cards)}" for s, cards in state["hands"].items())
    calls = ", ".join(_words(state).call(c) for c in state.get("auction", []))
    public = (f"; the public card is the {describe(state['public_card'])}"
              if state.get("public_card") else "")
    return (f"Seat {state['dealer']} deals{public}. Cards held: {hands}. Calls so far: "
            f"{calls or 'none'}.")


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


def rule_example_lines(family: str, e: RuleExample) -> list[str]:
    """The paragraph of one example under its rule (written once it passed)."""
    lines = [*(keep_with_picture() if is_drawn(e) else []), f".. _{family}-example-{e.id}:",
             "", f"*Example:* {escape(e.says)}", ""]
    if is_drawn(e):
        lines += [f".. image:: /_cards/{drawing_name(family, e)}", "   :scale: 80%",
                  f"   :alt: {escape(_header(e.state))}", ""]
    else:
        lines += [escape(_told(e.state)), ""]
    words = _words(e.state)
    if e.then:
        lines += [f"Then: {escape(', '.join(words.action(a) for a in e.then))}.", ""]
    side = family_record(family).partnership
    answers = "; ".join(_answer(k, v, side, words) for k, v in e.expect.items())
    lines += [f"The rule gives, and the engine and the model agree: {escape(answers)}. "
              f"The situation is ``spec/{family}/{e.situation}``; ``trickrules judge`` reads "
              f"it as it is.", ""]
    return lines
