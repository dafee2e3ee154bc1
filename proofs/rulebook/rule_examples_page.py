"""Rule examples in the rulebook: under each rule, its hand-written examples, the situation
drawn as cards (a point of play) or told (the buying), the actions that follow and what the
rule gives, with the file a reader can hand to ``trickrules judge``."""

from __future__ import annotations

from typing import Any

from proofs.rulebook.cards_svg import describe, play_witness
from proofs.rulebook.rst import escape
from spec.rule_examples import RuleExample

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def drawing_name(family: str, example: RuleExample) -> str:
    """The drawing's file name, under ``_cards``."""
    return f"rule-example-{family}-{example.id}.svg"


def _contract(state: dict[str, Any]) -> str:
    """The contract in words, from either family's state form."""
    kout = state.get("contract")
    if isinstance(kout, dict):
        trump = f", {SUITS[state['trump']]} trump" if state.get("trump") else ""
        return f"seat {kout['seat']} bid {kout['bid']}{trump}"
    contract = "no contract yet"
    for call in state.get("auction", []):
        if call.get("call") in ("sun", "ashkal"):
            contract = f"Sun bought by seat {call['seat']}"
        elif call.get("call") == "hokom":
            suit = call.get("trump") or state["public_card"][-1]
            contract = f"Hokom in {SUITS[suit]} bought by seat {call['seat']}"
    return contract


def _trick(state: dict[str, Any]) -> tuple[int, list[str], int]:
    """The trick in progress (leader, cards) and the tricks finished, from either form."""
    play = state.get("play") or {}
    trick = state.get("trick") or play.get("trick") or {}
    done = sum(state["tricks_won"]) if "tricks_won" in state else len(play.get("tricks", []))
    return int(trick.get("leader", 0)), [p["card"] for p in trick.get("plays", [])], done


def is_drawn(example: RuleExample) -> bool:
    """A point of play is drawn; any other situation is told."""
    return example.state.get("phase") == "play"


def drawing(example: RuleExample) -> str:
    """The hands and the trick so far, the seat to play highlighted."""
    leader, trick, _ = _trick(example.state)
    witness = {"hands": example.state["hands"], "trick": trick, "leader": leader,
               "mover": (leader + len(trick)) % len(example.state["hands"])}
    return play_witness(witness, "legal", _header(example.state))


def _header(state: dict[str, Any]) -> str:
    scores = state.get("scores", [0, 0])
    return (f"{_contract(state)}; seat {state['dealer']} dealt; {_trick(state)[2]} tricks "
            f"played; scores {scores[0]} to {scores[1]}.")


def _call(call: dict[str, Any]) -> str:
    if "call" in call:
        return f"seat {call['seat']} {call['call']}"
    return f"seat {call['seat']} " + ("pass" if call.get("pass") else f"bid {call['bid']}")


def _told(state: dict[str, Any]) -> str:
    hands = "; ".join(f"seat {s}: {' '.join(cards)}" for s, cards in state["hands"].items())
    calls = ", ".join(_call(c) for c in state.get("auction", []))
    public = (f"; the public card is the {describe(state['public_card'])}"
              if state.get("public_card") else "")
    return (f"Seat {state['dealer']} deals{public}. Cards held: {hands}. Calls so far: "
            f"{calls or 'none'}.")


def _answer(field: str, value: Any, side: str) -> str:
    if field == "legal":
        return "allowed: " + ", ".join(value)
    if field == "tricks":
        return "; ".join(f"seat {seat} wins the trick" for seat in value) or "no trick ends"
    if field == "winner":
        return "the game goes on" if value is None else f"{side} {value} wins the game"
    if field == "hands":
        return "; ".join(f"seat {s} holds {' '.join(cards)}" for s, cards in value.items())
    if field == "score":
        names = {"made": "made", "card_points": "card points", "game_points": "game points",
                 "totals": "totals", "void": "void"}
        return ", ".join(f"{names.get(k, k)} {_pair(v)}" for k, v in value.items())
    return f"{field} {value}"


def _pair(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2:
        return f"{value[0]} to {value[1]}"
    return str(value).lower() if isinstance(value, bool) else str(value)


def rule_example_lines(family: str, e: RuleExample) -> list[str]:
    """The paragraph of one example under its rule (written once it passed)."""
    lines = [f"*Example* ``{e.id}``: {escape(e.says)}", ""]
    if is_drawn(e):
        lines += [f".. image:: /_cards/{drawing_name(family, e)}", "   :scale: 80%",
                  f"   :alt: {escape(_header(e.state))}", ""]
    else:
        lines += [escape(_told(e.state)), ""]
    if e.then:
        lines += [f"Then: {escape(', '.join(e.then))}.", ""]
    side = "team" if family == "kout" else "side"
    answers = "; ".join(_answer(k, v, side) for k, v in e.expect.items())
    lines += [f"The rule gives, and the engine and the model agree: {escape(answers)}. "
              f"The situation is ``spec/{family}/{e.situation}``; ``trickrules judge`` reads "
              f"it as it is.", ""]
    return lines
