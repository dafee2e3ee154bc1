"""Kout's outcomes and witnesses in words (see :mod:`trickrules.proofs.outcome_words`)."""

from __future__ import annotations

from typing import Any

from trickrules.proofs.outcome_words import CardWords
from trickrules.spec.cards import SUIT_LETTERS, SUIT_NAMES

TITLES = {"deal": "the deal", "next-dealer": "the next dealer",
          "auction": "the calls allowed in the auction", "legal": "the cards allowed",
          "winner": "the winner of the trick", "hand-over": "whether the hand goes on",
          "score": "the hand's score", "game-end": "the end of the game"}


class KoutWords:
    """Kout."""

    def title(self, kind: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.title`."""
        return TITLES[kind]

    def outcome(self, kind: str, value: Any, card: CardWords, sep: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.outcome`."""
        if kind == "legal":
            return sep.join(card(c) for c in value) or "none"
        if kind == "winner":
            return f"seat {value}"
        if kind == "hand-over":
            return "the hand is over" if value else "play goes on"
        if kind == "auction":
            return ", ".join(value)
        if kind == "score":
            made, team, points = value
            return f"{'made' if made else 'failed'}: team {team} scores {points}"
        if kind == "game-end":
            return "the game goes on" if value == -1 else f"team {value} wins the game"
        if kind == "deal":
            return _deal_outcome(value)
        return f"seat {value} deals next"

    def witness(self, kind: str, w: dict[str, Any]) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.witness`."""
        if kind in ("legal", "winner", "hand-over"):
            trump = SUIT_NAMES[SUIT_LETTERS.index(w["trump"])]
            return (f"Trump {trump}. Seat {w['declarer']} (team {w['declarer'] % 2}) holds "
                    f"the contract at {w['bid']}. Finished tricks: team 0 {w['tricks_won'][0]}, "
                    f"team 1 {w['tricks_won'][1]}.")
        if kind == "deal":
            return f"The card drawn, in a deal for {w['players']} players."
        if kind == "auction":
            players = w["dealer"] + 1
            calls = "; ".join(f"seat {i % players}: {c}" for i, c in enumerate(w["calls"]))
            return (f"Seat {w['dealer']} deals and seat 0 speaks first. Calls made so far: "
                    f"{calls or 'none'}. Which calls are allowed next?")
        if kind in ("score", "game-end"):
            forced = " (the dealer, forced to bid)" if w["forced"] else ""
            text = (f"A contract of {w['bid']}{forced}; the bidding team takes "
                    f"{w['bidders_won']} tricks, the other team {w['others_won']}.")
            if kind == "game-end":
                first = " It is the first hand of the game." if w["first_hand"] else ""
                text += (f" Scores before the hand: team 0 {w['scores'][0]}, team 1 "
                         f"{w['scores'][1]}; team {w['bidding_team']} bid.{first}")
            return text
        return f"Seat {w['dealer']} dealt the hand just played."


    def contract(self, state: dict[str, Any]) -> str:
        """The bid and trump of a Kout state, or that the auction goes on."""
        contract = state.get("contract")
        if not isinstance(contract, dict):
            return "no contract yet"
        trump = f", {SUIT_NAMES[SUIT_LETTERS.index(state['trump'])]} trump" \
            if state.get("trump") else ""
        return f"seat {contract['seat']} bid {contract['bid']}{trump}"

    def trick(self, state: dict[str, Any]) -> tuple[int, list[str], int]:
        """The trick in progress and the tricks each team has won, from a Kout state."""
        trick = state.get("trick") or {}
        return (int(trick.get("leader", 0)), [p["card"] for p in trick.get("plays", [])],
                sum(state.get("tricks_won", [0, 0])))

    def call(self, call: dict[str, Any]) -> str:
        """A Kout call: a pass or a bid."""
        return f"seat {call['seat']} " + ("pass" if call.get("pass") else f"bid {call['bid']}")


    def action(self, name: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.action`."""
        if name.startswith("trump ") and name[-1] in SUIT_LETTERS:
            return f"{SUIT_NAMES[SUIT_LETTERS.index(name[-1])]} as trump"
        return name

    def held_project(self, project: dict[str, Any]) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.held_project`: Kout has no projects."""
        raise ValueError(f"Kout has no projects ({project.get('kind')!r})")

    def score_parts(self, score: dict[str, Any]) -> list[tuple[str, int, int]]:
        """See :meth:`trickrules.proofs.outcome_words.Words.score_parts`: none, the tricks alone
        score."""
        return []


def _deal_outcome(value: dict[str, Any]) -> str:
    """A deal's outcome in words: the deck, the cards each, whether the card is dealt, and
    whether the deck deals out evenly (and the engine's refusal, if it refuses the deal)."""
    refused = f"; the engine refuses it: {value['refused']}" if "refused" in value else ""
    return (f"{value['deck']} cards, {value['hand_size']} each, "
            f"{'holds' if value['has_card'] else 'lacks'} the card"
            f"{'' if value['deals_evenly'] else ', does not deal out evenly'}{refused}")


WORDS = KoutWords()
