"""The Z3 model's answers at a Kout rule example: the legal cards or calls, each trick's
winner, whether and when the hand ends, its score and the game's winner.

The model is given only facts read from the example's state and from the engine's state as
the actions are played through its public API: the cards held and played, the trick so far,
trump, the contract, the calls made, the tricks each team took before the state. What they
mean comes from the model (:mod:`trickrules.proofs.kout.evaluator`,
:mod:`trickrules.proofs.kout.auction`, written from ``spec/kout/``); each trick's winner is the
model's, and the hand's tricks are counted from those winners. A question the model does not cover
raises :class:`~trickrules.proofs.kit.ModelSilentError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from trickrules.proofs.kit import ModelSilentError
from trickrules.proofs.kout.auction import (
    MAX_BID,
    MIN_BID,
    PASS,
    Step,
    call_is_legal,
    symbolic_auction,
)
from trickrules.proofs.kout.evaluator import ModelEvaluator, Situation
from trickrules.proofs.kout.scoring import decided
from trickrules.proofs.kout.situation import profile_deck, profile_hand_size
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import SUIT_LETTERS, card_name
from trickrules.spec.model import Profile


def _situation(state: Any, profile: Profile) -> Situation:
    """The point of play the engine state is at, as plain facts."""
    position, contract = state.position, state.contract
    players = state.game.rules.players
    return Situation(profile_deck(profile), players, state.trump, contract.bid, contract.seat,
                     position.leader, tuple(frozenset(state.hand(s)) for s in range(players)),
                     frozenset(c for c in profile_deck(profile) if position.played >> c & 1),
                     tuple(position.trick), (position.won[0], position.won[1]))


def _legal_calls(data: dict[str, Any], state: Any, profile: Profile) -> list[str]:
    """The calls the model allows the next speaker, seats counted from the dealer's left
    (the first to speak)."""
    players = state.game.rules.players
    calls = [PASS if c.get("pass") else int(c["bid"]) for c in data.get("auction", [])]
    sp = SymbolicProfile(profile, Names("rule-example-auction"))
    auction = symbolic_auction(sp, Names("rule-example-auction"), players, len(calls),
                               [z3.IntVal(c) for c in calls])
    step: Step = auction.end
    if t.truth(step.over):
        return []
    first = (int(data["dealer"]) + 1) % players
    seat = (first + t.number(step.turn)) % players
    if seat != state.current_player():
        raise ModelSilentError(f"the model has seat {seat} to speak, the state seat "
                               f"{state.current_player()}")
    allowed = [c for c in (PASS, *range(MIN_BID, MAX_BID + 1))
               if t.truth(call_is_legal(sp, step, z3.IntVal(c), len(calls), players))]
    return ["pass" if c == PASS else f"bid {c}" for c in allowed]


def _trump_choices(model: ModelEvaluator) -> list[str]:
    """The suits the declarer may name (``contract.trump-choice``)."""
    if not model.true(model.sp.is_("contract.trump-choice", "one-of-four-suits")):
        raise ModelSilentError("the model names trump only under one-of-four-suits")
    return [f"trump {suit}" for suit in SUIT_LETTERS]


_HandFacts = tuple[int, int, bool]
"""The bidding team, the bid and whether it is Malzoom: what the model scores a hand by."""


def model_answers(data: dict[str, Any], then: Sequence[str], profile: Profile,
                  asked: set[str]) -> dict[str, Any]:
    """The model's answer to each asked field it covers (``legal``, ``tricks``, ``score``,
    ``winner``) at the state ``data`` with ``then`` played."""
    from trickrules.engine.kout.game import KoutState

    if "hands" in asked:
        raise ModelSilentError("the Kout model does not deal")
    model = ModelEvaluator(profile)
    state = KoutState.from_json(data, profile)
    out: dict[str, Any] = {}
    if "legal" in asked:
        out["legal"] = _legal_answer(data, state, profile, model)
    size = profile_hand_size(profile)
    hand, before, first_hand = state.hand_index, tuple(state.scores), state.hand_index == 0
    tricks, won, facts = _play_then(data, state, then, profile, model)
    if "tricks" in asked:
        out["tricks"] = tricks
    if asked & {"score", "winner"}:
        if facts is None or won is None or (state.hand_index == hand
                                            and not state.is_terminal()):
            raise ModelSilentError("the hand is not played to its end")
        out.update(_hand_end_answers(model, facts, won, size, (before[0], before[1]),
                                     first_hand))
    return {k: v for k, v in out.items() if k in asked}


def _legal_answer(data: dict[str, Any], state: Any, profile: Profile,
                  model: ModelEvaluator) -> list[str]:
    """The legal actions the model allows at the state, by its phase: cards in play, calls
    in the auction, suits when naming trump."""
    if state.phase == "play":
        return [card_name(c) for c in model.legal_cards(_situation(state, profile))]
    if state.phase == "auction":
        return _legal_calls(data, state, profile)
    if state.phase == "trump":
        return _trump_choices(model)
    raise ModelSilentError(f"the model does not rule on phase {state.phase!r}")


def _play_then(data: dict[str, Any], state: Any, then: Sequence[str], profile: Profile,
               model: ModelEvaluator) -> tuple[list[int], list[int] | None, _HandFacts | None]:
    """Play ``then`` on the engine's state until its hand ends: the winner the model gives
    each trick finished, the tricks each team then holds and the hand's facts (both None
    when no card of the hand is played)."""
    from trickrules.engine.kout.actions import is_card, string_to_action

    tricks: list[int] = []
    hand = state.hand_index
    won: list[int] | None = None
    facts: _HandFacts | None = None
    for text in then:
        action = string_to_action(text)
        if state.phase == "play" and state.hand_index == hand and is_card(action):
            s = _situation(state, profile)
            if won is None:
                won = list(s.tricks_won)
                facts = (s.declarer % 2, s.bid, bool(data["contract"]["malzoom"]))
            if len(s.trick) == s.players - 1:
                winner = model.trick_winner(s, [*s.trick, action])
                tricks.append(winner)
                won[winner % 2] += 1
        state.apply_action(action)
        if state.hand_index != hand or state.is_terminal():
            break
    return tricks, won, facts


def _hand_end_answers(model: ModelEvaluator, facts: _HandFacts, won: list[int], size: int,
                      before: tuple[int, int], first_hand: bool) -> dict[str, Any]:
    """The model's score of the hand played out and the game's winner after it; an end the
    model does not reach after those tricks is refused."""
    bidders, bid, malzoom = facts
    if sum(won) != size and not _decided(model, won[bidders], bid, sum(won), size):
        raise ModelSilentError(f"the engine ends the hand after {sum(won)} tricks, where "
                               "the model goes on")
    made, totals, game_winner = model.hand_end(before, bidders, bid, malzoom, won[bidders],
                                               first_hand)
    return {"score": {"made": made, "totals": list(totals)}, "winner": game_winner}


def _decided(model: ModelEvaluator, mine: int, bid: int, done: int, size: int) -> bool:
    """Whether the hand stops early after ``done`` tricks (``hand.early-stop``)."""
    stop = model.true(model.sp.is_("hand.early-stop", "stop-when-decided"))
    return stop and model.true(decided(mine, done - mine, bid, size))
