"""Outcomes of disputes in words, for every game family: the title of each kind of outcome,
one reading's outcome as a phrase, and the witness as a sentence (the rulebook and the command
line both use them). Each family writes its own words in the module its record names
(``words``)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any, Protocol

from trickrules.spec.cards import SUIT_LETTERS, SUIT_NAMES
from trickrules.spec.registry import family, family_of

CardWords = Callable[[str], str]
"""How a card is written: its name, a styled name, or words."""

RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
SUIT_WORDS = dict(zip(SUIT_LETTERS, SUIT_NAMES, strict=True))
"""Each suit's name by its letter in the card notation."""


def card_words(card: str) -> str:
    """A card by its notation (``KC``, ``10H``, ``RJ``) in players' words: ``King of clubs``,
    ``10 of hearts``, ``red Joker``."""
    if card in ("RJ", "BJ"):
        return "red Joker" if card == "RJ" else "black Joker"
    return f"{RANK_WORDS.get(card[:-1], card[:-1])} of {SUIT_WORDS[card[-1]]}"


class Words(Protocol):
    """One family's words for its kinds of outcome."""

    def title(self, kind: str) -> str:
        """The kind of outcome as a noun phrase (``the cards allowed``)."""

    def outcome(self, kind: str, value: Any, card: CardWords, sep: str) -> str:
        """One reading's outcome, cards written by ``card`` and joined by ``sep``."""

    def witness(self, kind: str, w: dict[str, Any]) -> str:
        """The witness situation in a sentence or two (a play witness: its setting)."""

    def contract(self, state: dict[str, Any]) -> str:
        """The contract of a situation in the family's JSON state form, in words."""

    def trick(self, state: dict[str, Any]) -> tuple[int, list[str], int]:
        """A situation's trick in progress (its leader, the cards down) and the tricks
        finished."""

    def call(self, call: dict[str, Any]) -> str:
        """One call of a situation's auction, in words (``seat 2 bid 6``)."""

    def action(self, name: str) -> str:
        """An action by its engine name (``double-locked``, ``AS``) in players' words (``Double,
        locked``; a card keeps its usual notation)."""

    def held_project(self, project: dict[str, Any]) -> str:
        """A project of a finished hand's record (its ``seat``, ``kind``, ``cards`` and whether
        it ``scored``) as a sentence."""

    def score_parts(self, score: dict[str, Any]) -> list[tuple[str, int, int]]:
        """The parts of a finished hand's recorded score beyond its cards that are not nil,
        each a label and the two sides' points (none for a family whose cards alone score)."""


def words_for(game: str) -> Words:
    """The words of the family ``game`` belongs to."""
    found: Words = importlib.import_module(family(family_of(game)).words).WORDS
    return found


def title(game: str, kind: str) -> str:
    """See :meth:`Words.title`."""
    return words_for(game).title(kind)


def outcome_text(game: str, kind: str, value: Any, card: CardWords = str,
                 sep: str = " ") -> str:
    """See :meth:`Words.outcome`."""
    return words_for(game).outcome(kind, value, card, sep)


def witness_text(game: str, kind: str, w: dict[str, Any]) -> str:
    """See :meth:`Words.witness`."""
    return words_for(game).witness(kind, w)


def is_play(w: dict[str, Any]) -> bool:
    """Whether a witness is a play situation (hands and a trick) that is drawn as cards."""
    return "hands" in w and "trick" in w


def answer_lines(answer: Any) -> list[str]:
    """A question's answer as lines a player reads: one field a line, a pair of numbers as
    ``a - b`` (team or side 0 first), a list of cards or calls spaced, none as ``none``."""
    if not isinstance(answer, dict):
        return [json.dumps(answer)]
    return [f"{_field_name(answer, key)}: {_shown(value)}" for key, value in answer.items()]


def _field_name(answer: dict[str, Any], key: str) -> str:
    """A field's name as a player reads it; a claim's line is a play that makes it, or one
    that beats it when it does not hold, and its card points are those of the cards still to
    play."""
    if "holds" in answer and key == "line":
        return "line that makes it" if answer["holds"] else "line that beats it"
    if "holds" in answer and key == "card_points":
        return "card points still to play"
    return key.replace("_", " ")


def _shown(value: Any) -> str:
    """One field of an answer as a player reads it (see :func:`answer_lines`)."""
    if value is None:
        return "none"
    if isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"{value[0]} - {value[1]}"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return json.dumps(value)
