"""Baloot's outcomes and witnesses in words (see :mod:`trickrules.proofs.outcome_words`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trickrules.proofs.baloot.model import RANK_TOKENS
from trickrules.proofs.outcome_words import CardWords, card_words
from trickrules.spec.cards import SUIT_LETTERS, SUIT_NAMES

TITLES = {"next-dealer": "the next dealer", "cut": "the cutter's choices",
          "exposed": "a card exposed in the deal", "auction": "the buying",
          "doubling": "the doubling", "first-lead": "the first leader",
          "legal": "the cards allowed", "winner": "the winner of the trick",
          "projects": "the side whose projects score",
          "declaring": "the projects a player may declare, and Baloot",
          "proof": "whether a declared project scores", "score": "the hand's score",
          "game-end": "the end of the game"}


def _side(side: int, what: str) -> str:
    return f"neither side {what}" if side == -1 else f"side {side} {what}s"


def _contract(w: dict[str, Any]) -> str:
    trump = w.get("trump", -1)
    if w.get("contract") == "sun" or trump == -1:
        return "Sun (no trump)"
    return f"Hokom, {SUIT_NAMES[trump]} trump"


LENGTH = {"sira": 3, "fifty": 4, "hundred": 5}
ACTION_WORDS = {"pass": "pass", "hokom": "Hokom", "sun": "Sun", "ashkal": "Ashkal",
                "kawesh": "Kawesh", "double": "Double", "double-locked": "Double, locked",
                "triple": "Triple", "four": "Four", "four-locked": "Four, locked",
                "gahwa": "Gahwa", "declare-projects": "declares projects",
                "no-projects": "declares no project"}
"""Each call's name in the players' words."""


def _project(p: dict[str, Any]) -> str:
    """A project in words: its kind and its cards (from its top card when they are not
    listed)."""
    kind = PROJECT_NAMES[p["kind"]]
    cards = p.get("cards")
    if cards is None and p.get("suit") is not None:
        letter = SUIT_LETTERS[p["suit"]]
        cards = [RANK_TOKENS[r] + letter for r in range(p["top"], p["top"] - LENGTH[p["kind"]], -1)]
    elif cards is None:
        cards = [f"four {RANK_TOKENS[p['top']]}s"]
    return f"seat {p['seat']} {kind} ({' '.join(cards)})"


BIDS = ("hokom", "sun", "ashkal")
"""Calls that stand as a bid: after one, who answers next may depend on the readings."""


def _calls_by_seat(words: list[str], calls: list[str]) -> str:
    """The calls of a buying from the dealer's right (seat 0), each with its seat while seats
    speak in turn: up to the first bid; the answers after it are told in order, without seats,
    since which players answer (and so who made each call) is what the readings may decide."""
    first_bid = next((i for i, c in enumerate(calls)
                      if c in BIDS or c.startswith(("suit-", "hokom-"))), len(calls))
    said = ", ".join(f"seat {i % 4}: {words[i]}" for i in range(min(first_bid + 1, len(calls))))
    rest = words[first_bid + 1:]
    if rest:
        said += "; then, from the players still to answer in priority order: " + ", ".join(rest)
    return said


PROJECT_NAMES = {"sira": "a Sira", "fifty": "a 50", "hundred": "a 100",
                 "four-hundred": "a 400"}


def _score_outcome(value: dict[str, Any]) -> str:
    """A hand's score: made or failed, each side's total, and a game won by the Gahwa."""
    made = "made" if value["made"] else "failed"
    gahwa = ("" if value["gahwa_winner"] == -1
             else f"; side {value['gahwa_winner']} wins the game by the Gahwa")
    return f"{made}: side 0 {value['total'][0]}, side 1 {value['total'][1]}{gahwa}"


def _exposed_outcome(value: list[str]) -> str:
    """What follows a card exposed in the deal: each choice, and who chooses when several."""
    said = {"keep": "the player keeps the card", "redeal": "the deal starts again"}
    return " or ".join(said[v] for v in value) + (
        ", as the player chooses" if len(value) > 1 else "")


_PLAIN_OUTCOMES: dict[str, Callable[[Any], str]] = {
    "winner": lambda value: f"seat {value}",
    "first-lead": lambda value: f"seat {value} leads",
    "next-dealer": lambda value: f"seat {value} deals next",
    "doubling": lambda value: "yes" if value else "no",
    "projects": lambda value: _side(value, "score"),
    "score": _score_outcome,
    "game-end": lambda value: "the game goes on" if value == -1 else f"side {value} wins the game",
    "cut": lambda value: ", ".join(value),
    "exposed": _exposed_outcome,
    "declaring": lambda value: str(value),
    "proof": lambda value: f"{value} game points",
}
"""Each outcome kind told from its value alone (the cards allowed and the buying need the
card and call words)."""


def _play_witness(w: dict[str, Any]) -> str:
    """A play question's situation: the contract, a locked Double, the tricks finished."""
    lock = (f"; the Double is locked, seat {w.get('declarer', 0)}'s side bought"
            if w.get("locked") else "")
    return (f"{_contract(w)}{lock}. Tricks finished: {w['tricks done']}.")


def _projects_witness(w: dict[str, Any]) -> str:
    """A projects question's situation: the contract, the buyer, the leader, the projects."""
    projects = "; ".join(_project(p) for p in w["projects"])
    return (f"{_contract(w)}; seat {w['declarer']} bought, seat {w['leader']} leads the "
            f"first trick. Declared: {projects}.")


def _score_extras(w: dict[str, Any]) -> list[str]:
    """What besides the card points a hand's score depends on: projects, Baloot, a sweep or a
    pointless trick, and a buyer's Ace."""
    extra = []
    if w["project_points"]:
        extra.append(f"side {w['project_side']} has {w['project_points']} game points "
                     "of projects")
    for side in (0, 1):
        if w[f"baloot{side}"]:
            extra.append(f"side {side} holds Baloot")
    sweep = int(w.get("sweep", -1))
    if sweep >= 0:
        extra.append(f"side {sweep} won all eight tricks")
    elif 0 in w["card_points"]:
        extra.append(f"side {w['card_points'].index(0)} won a trick worth no points")
    if w.get("buyer_first_with_ace"):
        extra.append("the buyer called it for himself as the first to speak and held "
                     "an Ace")
    return extra


def _score_witness(w: dict[str, Any]) -> str:
    """A hand to score: the contract and its buyer, the multiplier, a Gahwa, the card points
    and whatever else counts."""
    extra = _score_extras(w)
    doubled = f", multiplied by {w['multiplier']}" if w["multiplier"] > 1 else ""
    gahwa = ", played as a Gahwa" if w["gahwa"] else ""
    return (f"{w['contract'].capitalize()} bought by side {w['declarer_side']}"
            f"{doubled}{gahwa}; card points: side 0 {w['card_points'][0]}, side 1 "
            f"{w['card_points'][1]}" + "".join(f"; {e}" for e in extra) + ".")


def _declaring_witness(w: dict[str, Any]) -> str:
    """A declaring question's situation: the contract, the buyer, the hand and its projects."""
    held = " ".join(w["hand"])
    projects = "; ".join(_project(p) for p in w.get("projects", []))
    return (f"{_contract(w)}; seat {w['declarer']} bought. Seat {w['seat']} holds "
            f"{held}" + (f", declaring {projects}" if projects else "") + ".")


def _proof_witness(w: dict[str, Any]) -> str:
    """A project's proof: the contract, the one project, its cards the other side won."""
    lost = " ".join(w["lost"]) or "none"
    trickless = " Its side won no trick." if w.get("trickless") else ""
    return (f"{_contract(w)}; {_project(w['project'])} is the only project declared. "
            f"Its cards won by the other side: {lost}.{trickless}")


_PLAIN_WITNESSES: dict[str, Callable[[dict[str, Any]], str]] = {
    "legal": _play_witness,
    "winner": _play_witness,
    "next-dealer": lambda w: f"Seat {w['dealer']} dealt; the hand ended: {w['hand']}.",
    "first-lead": lambda w: (f"Seat {w['dealer']} dealt; seat {w['declarer']} bought "
                             f"{w['contract'].capitalize()}."),
    "projects": _projects_witness,
    "score": _score_witness,
    "game-end": lambda w: (f"Scores before the hand {w['before'][0]} and {w['before'][1]}; "
                           f"the hand gives {w['gained'][0]} and {w['gained'][1]}; side "
                           f"{w['declarer_side']} bought."),
    "cut": lambda w: f"Seat {w['dealer']} dealt; seat {w['cutter']} holds the shuffled pack.",
    "exposed": lambda w: (f"While dealing, the {card_words(w['card'])} (seat {w['seat']}'s) "
                          "is turned face up."),
    "declaring": _declaring_witness,
    "proof": _proof_witness,
}
"""Each witness kind told from the witness alone (the buying and the doubling need the call
words)."""


class BalootWords:
    """Baloot."""

    def held_project(self, project: dict[str, Any]) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.held_project`: Baloot (the King and
        Queen of trump) or a declared project."""
        cards = " ".join(project["cards"])
        seat = project["seat"]
        if project["kind"] == "baloot":
            said = f"Seat {seat} holds the King and Queen of trump, {cards}: Baloot"
        else:
            said = f"Seat {seat} declared {PROJECT_NAMES[project['kind']]}: {cards}"
        return said + ("" if project["scored"] else " (not scored)")

    def score_parts(self, score: dict[str, Any]) -> list[tuple[str, int, int]]:
        """See :meth:`trickrules.proofs.outcome_words.Words.score_parts`: the projects and
        Baloot."""
        return [(label, int(score[key][0]), int(score[key][1]))
                for key, label in (("projects", "Projects"), ("baloot", "Baloot"))
                if any(score.get(key, ()))]

    def title(self, kind: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.title`."""
        return TITLES[kind]

    def outcome(self, kind: str, value: Any, card: CardWords, sep: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.outcome`."""
        if kind == "legal":
            return sep.join(card(c) for c in value) or "none"
        if kind == "auction":
            return self._auction_outcome(value)
        if kind not in _PLAIN_OUTCOMES:
            raise ValueError(f"unknown Baloot outcome kind {kind!r}")
        return _PLAIN_OUTCOMES[kind](value)

    def _auction_outcome(self, value: dict[str, Any]) -> str:
        """The buying's outcome: the bid standing and the calls allowed next, a redeal, or the
        contract bought."""
        if value["standing"] == "open":
            standing = value.get("bid") not in (None, "", "none")  # the model's "none"
            held = (f"{value['bid'].capitalize()} stands for seat {value['declarer']}; "
                    if standing else "")
            return held + "allowed next: " + ", ".join(self.action(c) for c in value["calls"])
        if value["standing"] == "redeal":
            return "the hand is void and dealt again"
        return f"seat {value['declarer']} buys {value['bid'].capitalize()}"

    def witness(self, kind: str, w: dict[str, Any]) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.witness`."""
        if kind == "auction":
            return self._auction_witness(w)
        if kind == "doubling":
            return self._doubling_witness(w)
        if kind not in _PLAIN_WITNESSES:
            raise ValueError(f"unknown Baloot outcome kind {kind!r}")
        return _PLAIN_WITNESSES[kind](w)

    def _auction_witness(self, w: dict[str, Any]) -> str:
        """A buying's situation: the dealer, the public card, the first five cards, the calls."""
        cards = "; ".join(f"seat {s}: {' '.join(h)}" for s, h in w["first_cards"].items())
        calls = _calls_by_seat([self.action(c) for c in w["calls"]], w["calls"])
        return (f"Seat {w['dealer']} deals; the public card is the "
                f"{card_words(w['public'])}. First five "
                f"cards: {cards}. Calls so far: {calls or 'none'}.")

    def _doubling_witness(self, w: dict[str, Any]) -> str:
        """A doubling question's situation: the contract, the scores or the calls so far, and
        the call asked about."""
        scores = (f" with the scores at {w['scores'][0]} and {w['scores'][1]}"
                  if "scores" in w else
                  f" after {', '.join(self.action(c) for c in w['calls'])}")
        return f"{w['contract'].capitalize()}{scores}: {self._asked(w['asked'])}?"

    def _asked(self, asked: str) -> str:
        """A doubling question with the call it names in the players' words."""
        return " ".join(self.action(word) if word in ACTION_WORDS else word
                        for word in asked.split(" "))

    def contract(self, state: dict[str, Any]) -> str:
        """The contract bought so far in a Baloot state's buying."""
        contract = "no contract yet"
        for call in state.get("auction", []):
            if call.get("call") in ("sun", "ashkal"):
                contract = f"Sun bought by seat {call['seat']}"
            elif call.get("call") == "hokom":
                letter = call.get("trump") or state["public_card"][-1]
                contract = (f"Hokom in {SUIT_NAMES[SUIT_LETTERS.index(letter)]} bought by seat "
                            f"{call['seat']}")
        return contract

    def trick(self, state: dict[str, Any]) -> tuple[int, list[str], int]:
        """The trick in progress and the tricks finished, from a Baloot state's play."""
        play = state.get("play") or {}
        trick = play.get("trick") or {}
        return (int(trick.get("leader", 0)), [p["card"] for p in trick.get("plays", [])],
                len(play.get("tricks", [])))

    def call(self, call: dict[str, Any]) -> str:
        """A Baloot call in words (``seat 1 Ashkal``)."""
        told = self.action(str(call["call"]))
        if call.get("trump"):
            told += f" in {SUIT_NAMES[SUIT_LETTERS.index(call['trump'])]}"
        return f"seat {call['seat']} {told}"

    def action(self, name: str) -> str:
        """See :meth:`trickrules.proofs.outcome_words.Words.action`."""
        if name in ACTION_WORDS:
            return ACTION_WORDS[name]
        if name.startswith("suit-"):
            return f"{SUIT_NAMES[SUIT_LETTERS.index(name[-1])]} as trump"
        if name.startswith("hokom-") and name[-1] in SUIT_LETTERS:
            return f"Hokom in {SUIT_NAMES[SUIT_LETTERS.index(name[-1])]}"
        if name.startswith("cutter:"):
            return "the cutter's choice: " + name.split(":", 1)[1].replace("-", " ")
        return name


WORDS = BalootWords()
