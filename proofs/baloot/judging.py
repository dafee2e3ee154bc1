"""Baloot's part of ``trickrules judge``: a situation in the engine's JSON state form
(``trickrules/baloot-state/1``), played on under one concrete profile by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from trickrules.engine.errors import EngineError
from trickrules.proofs.ruling import Ruling
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.engine.baloot.rules import Rules


def _names(state: Any) -> dict[str, int]:
    return {state.action_to_string(a): a for a in state.legal_actions()}


def _refusal(state: Any, text: str) -> tuple[str, str]:
    """Why ``text`` cannot be played, and the rule that forbids it ("" when no rule of the book
    does): an action of another phase is named as such, anything else gets the engine's
    reason."""
    from trickrules.engine.baloot.actions import NUM_ACTIONS, action_name
    from trickrules.engine.errors import IllegalActionError
    every = {action_name(a): a for a in range(NUM_ACTIONS)}
    if text not in every:
        return (f"{text}: not an action (cards such as AS or 10H, or calls such as pass, sun, "
                "hokom, suit-H, double, declare-projects)", "")
    wrong_phase = misplaced(state, every[text])
    if wrong_phase:
        return f"{text} by seat {state.current_player()}: {wrong_phase}", ""
    try:
        state.clone().apply_action(every[text])
    except IllegalActionError as exc:
        return f"{text} by seat {exc.seat}: {exc.why}", exc.rule
    except EngineError as exc:
        return f"{text}: {exc}", ""
    return f"{text}: not legal here", ""


@cache
def rule_parameters() -> dict[str, str]:
    """Which parameter each of the engine's compiled rules comes from: the rules that change
    when one parameter of ``baloot-default`` takes another reading (each rule comes from one
    parameter; a rule two parameters changed would be refused here)."""
    from trickrules.proofs.baloot.replay import engine_rules
    from trickrules.spec.loader import family_catalogue

    catalogue = family_catalogue("baloot")
    base = catalogue.profiles["baloot-default"]
    rules = engine_rules(base)
    out: dict[str, str] = {}
    for parameter in catalogue.parameters.values():
        for reading in parameter.readings:
            other = engine_rules(base.pin({parameter.id: reading.id}))
            for f in fields(rules):
                if f.name == "profile_id" or getattr(rules, f.name) == getattr(other, f.name):
                    continue
                if out.setdefault(f.name, parameter.id) != parameter.id:
                    raise AssertionError(f"the engine's rule {f.name} changes with "
                                         f"{out[f.name]} and {parameter.id}")
    return out


def _watched(read: list[Any]) -> Any:
    """A maker of Baloot games whose rules note what is read (kept in ``read``)."""
    from trickrules.engine.baloot.game import BalootGame
    from trickrules.engine.baloot.rules import ReadRules

    def make(game_id: str, profile: Profile | str | None) -> BalootGame:
        game = BalootGame(game_id, profile)
        watched = ReadRules(game.rules)
        game.rules = cast("Rules", watched)
        read.append(watched)
        return game

    return make


CALLS_BY_ROUND = {1: ("pass", "hokom", "sun", "ashkal"),
                  2: ("pass", "hokom", "sun", "ashkal")}
"""The calls of each buying round whose rule is cited whether or not they are open (Kawesh
and a second-round suit are cited only when open)."""


def legal_rules(rules: Rules, state: Any, legal: list[str]) -> list[str]:
    """The rules that decide which actions (``legal``) are legal at ``state``, for each
    action the player to act could try (the conformance suite's attribution)."""
    from trickrules.proofs.baloot.conformance.calls import call_rule, doubling_rule

    if state.phase == "cut":
        return ["deal.cut"]
    if state.phase == "auction":
        auction = state.auction
        calls = dict.fromkeys([*CALLS_BY_ROUND[auction.round], *legal])
        return ["contracts" if c == "sun" and auction.bid is None
                else call_rule(rules, auction, c) for c in calls]
    if state.phase == "trump":
        return ["auction.second-round-hokom"]
    if state.phase == "double":
        scores = (state.scores[0], state.scores[1])
        return [doubling_rule(state.doubling, c, scores) for c in legal]
    if state.phase == "play":
        hand = state.hand
        if "no-projects" in legal:
            return ["project.declaration-order"]
        from trickrules.engine.baloot.cards import cards_in
        from trickrules.proofs.baloot.conformance.expect import card_rule
        from trickrules.proofs.baloot.conformance.situation import BalootPlay

        held = tuple(tuple(cards_in(m)) for m in state.hands)
        play = BalootPlay(hand.contract, hand.trump, hand.declarer, hand.locked, held, (),
                          hand.leader, tuple(hand.trick))
        return [card_rule(rules, play, c) for c in held[hand.to_move]]
    return []


def misplaced(state: Any, action: int) -> str:
    """What is wrong with an action of another phase than the state's ("" if it belongs to
    this phase): a buying call during play, a card while the hand is bought, and the like."""
    from trickrules.engine.baloot import actions as act
    from trickrules.engine.baloot.cards import NUM_CARDS

    kind = ("card" if action < NUM_CARDS else "pass" if action == act.PASS else
            "declaration" if action in (act.DECLARE, act.NO_DECLARE) else
            "cut" if action >= act.CUT_BASE else
            "doubling" if action >= act.DOUBLE else "buying")
    expected = {"cut": {"cut"}, "auction": {"buying", "pass"}, "trump": {"buying"},
                "double": {"doubling", "pass"}, "play": {"card", "declaration"}}
    if state.phase not in expected or kind in expected[state.phase]:
        return ""
    now = {"cut": "the pack is being cut", "auction": "the hand is still being bought",
           "trump": "the buyer is naming the trump suit",
           "double": "the hand is bought and the doubling is under way",
           "play": "the buying is over and the cards are being played"}[state.phase]
    what = {"card": "a card", "pass": "a pass", "declaration": "a declaration of projects",
            "cut": "a cut", "doubling": "a doubling call", "buying": "a buying call"}[kind]
    verb = {"cut": "cut", "play": "play"}.get(state.phase, "call")
    if state.phase == "play" and state.hand.offers(state.rules, state.hand.to_move):
        verb = "choose"
    return (f"{what} is out of place: {now}; seat {state.current_player()} may {verb} "
            f"{' '.join(_names(state))}")


def _contract_bought(state: Any, bid: Any) -> dict[str, Any]:
    """The contract bought: the declarer and his side, the contract, trump, the caller, and
    during play the multiplier (4 for a Gahwa)."""
    out: dict[str, Any] = {"seat": bid.declarer, "team": bid.declarer % 2, "contract": bid.kind,
                           "trump": None if bid.trump is None else SUIT_LETTERS[bid.trump],
                           "caller": bid.caller}
    if state.phase == "play" and state.hand is not None:
        out["multiplier"] = 4 if state.hand.gahwa else state.hand.multiplier
    return out


def _ashkal_cites(auction: Any, bid: Any, called: set[str]) -> list[str]:
    """The rules of Ashkal that settled the buying: who may call it, on an Ace, over what and
    in which round."""
    cites = []
    if "ashkal" in called:
        cites.append("auction.ashkal-callers")
        if auction.public % 8 == 7:  # an Ace shown: an Ashkal on it is its own rule
            cites.append("auction.ashkal-on-ace")
    if bid.kind == "sun" and bid.caller != bid.declarer and not _over_opponents_hokom(auction):
        cites.append("auction.ashkal-when")
    if any(c["call"] == "ashkal" and c["round"] == 2 for c in auction.calls):
        cites.append("auction.ashkal-round")
    return cites


def _hokom_cites(auction: Any, bid: Any, called: set[str]) -> list[str]:
    """The rules of Hokom that settled the buying: a Sun over it, a second-round Hokom, its
    buyer's confirmation, and a Hokom over a Hokom."""
    cites = []
    if bid.kind == "sun" and "hokom" in called:
        cites.append("auction.sun-over-hokom")
    if bid.kind == "hokom" and auction.round == 2:
        cites.append("auction.second-round-hokom")
    if _spoke_again(auction):
        cites.append("auction.hokom-confirmation")
    if sum(1 for c in auction.calls if c["round"] == 1 and c["call"] == "hokom") > 1:
        cites.append("auction.hokom-over-hokom")
    return cites


def bought(state: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """Who bought the hand and in what contract, once the buying calls settle it (None after
    a Kawesh or when everyone passed), with the rules that settle it."""
    auction = state.auction
    if auction is None or auction.bid is None or auction.annulled:
        return None, []
    bid = auction.bid
    out = _contract_bought(state, bid)
    called = {str(c["call"]) for c in auction.calls}
    cites = ["contracts", "auction.order", *_ashkal_cites(auction, bid, called),
             *_hokom_cites(auction, bid, called)]
    return out, cites


def _spoke_again(auction: Any) -> bool:
    """Whether the buyer of a first-round Hokom spoke once more after every other player
    (``auction.hokom-confirmation``): his call after his Hokom in that round."""
    first = [c for c in auction.calls if c["round"] == 1]
    bids = [k for k, c in enumerate(first) if c["call"] == "hokom"]
    return bool(bids) and any(c["seat"] == first[bids[-1]]["seat"]
                              for c in first[bids[-1] + 1:])


def _over_opponents_hokom(auction: Any) -> bool:
    """Whether the last Ashkal of the buying was called over a Hokom of the other side (the
    one case where ``auction.ashkal-when`` does not decide it)."""
    hokom_by: int | None = None
    over = False
    for call in auction.calls:
        if call["call"] == "ashkal":
            over = hokom_by is not None and hokom_by % 2 != call["seat"] % 2
        if call["call"] in ("hokom", "sun", "ashkal"):
            hokom_by = call["seat"] if call["call"] == "hokom" else None
    return over


def _contract_score_rules(record: dict[str, Any], sun: bool) -> list[str]:
    """The rules of a played hand's score from its contract: the threshold and what counts
    towards it, the split and tie of a doubled hand, and the conversion or the failure."""
    contract = record["contract"]
    out = ["score.sun-threshold" if sun else "score.hokom-threshold"]
    if any(record["score"]["projects"]) or any(record["score"]["baloot"]):
        out.append("score.threshold-counts")
    if contract["multiplier"] > 1 or contract["gahwa"]:
        out.append("double.split")
        if record["card_points"][0] == record["card_points"][1]:
            out.append("double.tie")
    out.append(("score.sun-conversion" if sun else "score.hokom-conversion")
               if record["made"] else "score.failed")
    return out


def _project_score_rules(record: dict[str, Any]) -> list[str]:
    """The rules of a played hand's score from its projects and Baloot: their values, the
    defenders' higher project on a made hand, and Baloot on a failed one."""
    out = []
    if any(record["score"]["projects"]):
        out.append("project.values")
    buyers = record["contract"]["seat"] % 2
    if record["made"] and any(row["scored"] and row["kind"] != "baloot"
                              and row["seat"] % 2 != buyers for row in record["projects"]):
        out.append("project.scoring-side")  # the defenders' higher project on a made hand
    if any(record["score"]["baloot"]):
        out.append("project.baloot-value")
        if not record["made"]:
            out.append("score.failed-baloot")
    return out


def score_rules(record: dict[str, Any]) -> list[str]:
    """The rules that set a finished (or void) hand's score."""
    if record["void"] == "kawesh":
        return ["auction.kawesh"]
    if record["void"] is not None:
        return ["auction.all-pass"]
    sun = record["contract"]["type"] == "sun"
    return [*_contract_score_rules(record, sun), *_project_score_rules(record)]


def winner_rules(rules: Rules, record: dict[str, Any], winner: int | None) -> list[str]:
    """The rule by which the game ends after a hand (``game.target`` when it goes on)."""
    contract = record["contract"]
    if winner is not None and contract is not None and contract["gahwa"]:
        return ["double.gahwa"]
    if all(t >= rules.target for t in record["totals"]):
        return ["game.both-reach"]
    return ["game.target"]


def legal_words(state: Any, legal: list[str]) -> str:
    """Who acts at ``state`` and what they may do."""
    if state.phase == "game-over":
        return "the game is over: nobody acts"
    verb = {"cut": "cut", "play": "play", "trump": "name trump"}.get(state.phase, "call")
    if state.phase == "play" and set(legal) <= {"declare-projects", "no-projects"}:
        verb = "choose"
    return f"seat {state.current_player()} may {verb}: {', '.join(legal) or 'nothing'}"


def bought_words(contract: dict[str, Any]) -> str:
    """Who bought, in words."""
    kind = "Sun" if contract["contract"] == "sun" else "Hokom"
    text = f"seat {contract['seat']} (side {contract['team']}) bought {kind}"
    if contract["trump"]:
        text += f" with {contract['trump']} trump"
    if contract["caller"] != contract["seat"]:
        text += f" (seat {contract['caller']} called Ashkal for its partner)"
    if contract.get("multiplier", 1) > 1:
        text += f", multiplied by {contract['multiplier']}"
    return text


def score_words(score: dict[str, Any]) -> str:
    """A finished (or void) hand's score in words."""
    if score["void"] == "kawesh":
        return "no score: the hand is cancelled by a Kawesh"
    if score["void"] is not None:
        return "no score: every player passed in both rounds"
    buyers, points = score["buyers"], score["card_points"]
    game, totals = score["game_points"], score["totals"]
    return (f"{'made' if score['made'] else 'failed'}: the buyers (side {buyers}) took "
            f"{points[buyers]} of {sum(points)} card points; game points {game[0]}-{game[1]} "
            f"(totals {totals[0]}-{totals[1]})")


def winner_words(winner: int | None) -> str:
    """The game's end after a hand, in words."""
    return "the game goes on" if winner is None else f"side {winner} wins the game"


def rule_on(data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
    """The engine's answers for the situation under one concrete profile: the legal actions,
    then, as ``then`` is played, each finished trick's winner, the hand's score and the game's
    end; with the parameters whose rules the engine read on the way (``depends``)."""
    from trickrules.engine.baloot.codec import state_from_json

    read: list[Any] = []
    try:
        ruling = _play_on(state_from_json(data, profile, _watched(read)), then)
    except EngineError as exc:
        ruling = Ruling("not-a-state", error=str(exc))
    names = rule_parameters()
    ruling.depends = sorted({names[r] for w in read for r in w.read if r in names})
    return ruling


def _play_on(state: Any, then: Sequence[str]) -> Ruling:
    """The legal actions, then each action of ``then`` played by the engine; the rules
    deciding each part are named from the rules themselves, not through the watcher, so
    naming them reads nothing the answer did not."""
    rules = getattr(state.rules, "_rules", state.rules)
    legal = list(_names(state))
    ruling = Ruling("ok", legal=legal, cites={"legal": legal_rules(rules, state, legal)},
                    words={"legal": legal_words(state, legal)})
    for text in then:
        if not _play_one(ruling, rules, state, text):
            break
    ruling.hands = state.to_json()["hands"]
    return ruling


def _play_one(ruling: Ruling, rules: Any, state: Any, text: str) -> bool:
    """Play the action ``text`` and note what it settles in ``ruling``: a trick, a hand's
    score and the game's end, the contract bought; False when the engine refuses it."""
    hands, phase = len(state.records), state.phase
    tricks = len(state.hand.tricks) if state.phase == "play" and state.hand else 0
    action = _names(state).get(text)
    if action is None:
        ruling.status = "illegal"
        ruling.error, rule = _refusal(state, text)
        if rule:
            ruling.cites["error"] = [rule]
        return False
    state.apply_action(action)
    ruling.then.append(text)
    if len(state.records) > hands:
        _note_hand(ruling, rules, state)
    elif state.phase == "play" and state.hand and len(state.hand.tricks) > tricks:
        ruling.tricks.append(state.hand.tricks[-1].winner)
        ruling.cites["tricks"] = ["trick.winner"]
    if phase in ("auction", "trump", "double") and state.phase != phase:
        ruling.bought, ruling.cites["bought"] = bought(state)
        if ruling.bought is not None:
            ruling.words["bought"] = bought_words(ruling.bought)
    return True


def _note_hand(ruling: Ruling, rules: Any, state: Any) -> None:
    """Note in ``ruling`` the hand just finished: its last trick, its score and the game's
    end, each with its rules and words."""
    record = state.records[-1]
    if record["tricks"]:
        ruling.tricks.append(record["tricks"][-1]["winner"])
        ruling.cites["tricks"] = ["trick.winner"]
    contract = record["contract"]
    ruling.score = {"made": record.get("made"), "card_points": record["card_points"],
                    "game_points": record["game_points"], "totals": record["totals"],
                    "void": record["void"],
                    "buyers": None if contract is None else contract["seat"] % 2}
    ruling.cites["score"] = score_rules(record)
    ruling.winner = state.winner
    ruling.cites["winner"] = winner_rules(rules, record, state.winner)
    ruling.words["score"] = score_words(ruling.score)
    ruling.words["winner"] = winner_words(state.winner)
