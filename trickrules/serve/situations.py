"""What the web page knows of each game: its pack in a player's order, the questions it
answers, an example of each question (the conformance suite's smallest case of that form, a
real situation), and the rest of a deal filled in at random so a player sets up only the cards
that matter."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from trickrules.rulings.question import game_questions

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUIT_ORDER = ("S", "H", "C", "D")


@dataclass(frozen=True)
class GameFacts:
    """A game as the page shows it."""

    game: str
    name: str
    family: str
    players: int
    hand_size: int
    pack: tuple[str, ...]
    ops: tuple[str, ...]


def _pack_order(card: str) -> tuple[int, int]:
    if card in ("BJ", "RJ"):
        return (len(SUIT_ORDER), 0 if card == "BJ" else 1)
    return (SUIT_ORDER.index(card[-1]), RANKS.index(card[:-1]))


@cache
def game_facts(game: str) -> GameFacts:
    """Players, pack and questions of ``game`` (the pack from a real deal of its engine)."""
    from trickrules.engine.registry import game_types, load_game

    kind = next(k for k in game_types() if k.short_name == game)
    state = load_game(game).new_initial_state(0).to_json()
    cards: set[str] = set()
    for hand in state["hands"].values():
        cards.update(hand)
    cards.update(state.get("stock") or [])
    if state.get("public_card"):
        cards.add(state["public_card"])
    ops = game_questions(game)
    pack = tuple(sorted(cards, key=_pack_order))
    return GameFacts(game, kind.long_name, kind.family, kind.players,
                     len(pack) // kind.players, pack, ops)


def example_question(facts: GameFacts, op: str,
                     groups: tuple[str, ...] = ("must", "variant")) -> dict[str, Any]:
    """The smallest case of question ``op`` for the game in its conformance suite (every
    engine must answer it alike where such a case exists); for a claim, team 0 claiming one
    trick at the suite's smallest play situation."""
    from trickrules.proofs.conformance.suite import suite_dir

    if op == "claim":  # a judge question only: the play situation of the smallest legal-plays
        play = example_question(facts, "legal-plays", groups)
        return {"situation": play["situation"], "team": 0, "tricks": 1} if play else {}
    root = suite_dir(facts.family)
    for group in groups:
        path = root / group / f"{op}.jsonl"
        if not path.is_file():
            continue
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                vector = json.loads(line)
                if vector["game"] == facts.game:
                    return dict(vector["request"])
    return {}


def example_questions(facts: GameFacts, op: str, group: str, most: int) -> list[dict[str, Any]]:
    """The first ``most`` cases of question ``op`` for the game in one group of its suite
    (smallest first)."""
    from trickrules.proofs.conformance.suite import suite_dir

    path = suite_dir(facts.family) / group / f"{op}.jsonl"
    found: list[dict[str, Any]] = []
    if path.is_file():
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                vector = json.loads(line)
                if vector["game"] == facts.game:
                    found.append(dict(vector["request"]))
                    if len(found) >= most:
                        break
    return found


def example_state(family: str) -> dict[str, Any]:
    """A shipped example situation of the family, for the whole-state form."""
    from importlib import resources

    folder = resources.files("trickrules.spec").joinpath(family, "examples")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    data: dict[str, Any] = json.loads(folder.joinpath(names[0]).read_text(encoding="utf-8"))
    return data


def deal_rest(question: dict[str, Any], facts: GameFacts, seed: int = 0) -> None:
    """Give each hand still short of cards the cards no field names, at random: hands of a
    play situation as many as that point of the hand needs, hands of an auction five."""
    short = _short_hands(question, facts)
    if short is None:
        return
    hands, wanted, named = short
    for hand in hands:
        named.update(hand)
    free = [c for c in facts.pack if c not in named]
    random.Random(f"trickrules/serve/{seed}").shuffle(free)
    for seat, hand in enumerate(hands):
        while len(hand) < wanted[seat] and free:
            hand.append(free.pop())
        hand.sort(key=_pack_order)


_Hands = tuple[list[list[str]], list[int], set[str]]
"""The hands of a question, how many cards each seat should hold, and the cards named
elsewhere in it."""


def _short_hands(question: dict[str, Any], facts: GameFacts) -> _Hands | None:
    """The hands a question gives that may be short of cards: a play situation's or an
    auction's (None for a question with neither)."""
    situation = question.get("situation")
    if isinstance(situation, dict) and isinstance(situation.get("hands"), list):
        return _play_hands(situation, facts)
    if isinstance(question.get("hands"), list) and "public" in question:
        return question["hands"], [5] * facts.players, {question["public"]}
    return None


def _play_hands(situation: dict[str, Any], facts: GameFacts) -> _Hands:
    """A play situation's hands, each wanting the hand's size less the tricks played and the
    seat's card in the trick so far; the played and trick cards named."""
    hands = situation["hands"]
    trick = situation.get("trick") or []
    done = len(situation.get("played") or []) // facts.players
    leader = situation.get("leader", 0)
    played_now = {(leader + k) % facts.players for k in range(len(trick))}
    wanted = [facts.hand_size - done - (1 if seat in played_now else 0)
              for seat in range(facts.players)]
    named = {*(situation.get("played") or []), *trick}
    return hands, wanted, named
