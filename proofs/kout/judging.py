"""Kout's part of ``trickrules judge``: a situation in the engine's JSON state form, played on
under one concrete profile, with the rule that decides each part of the answer (the same
attribution the conformance suite charges a wrong answer to)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trickrules.engine.errors import EngineError, IllegalActionError
from trickrules.engine.kout.actions import MAX_BID, MIN_BID, action_to_string, string_to_action
from trickrules.engine.kout.auction import PASS_BID
from trickrules.engine.kout.game import KoutState
from trickrules.engine.kout.play import PlayPosition
from trickrules.engine.kout.state import AUCTION, PLAY, TRUMP, HandRecord
from trickrules.proofs.kout.replay import last_trick_winner
from trickrules.proofs.ruling import Ruling
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile


def legal_rules(state: KoutState) -> list[str]:
    """The rules that decide which actions are legal at ``state``: for each call or card the
    player to act could try, the rule allowing or forbidding it."""
    if state.phase == AUCTION and state.auction is not None:
        bidding = state.auction
        legal = bidding.legal_bids()
        out = []
        for bid in (PASS_BID, *range(MIN_BID, MAX_BID + 1)):
            if bid not in legal:
                out.append(bidding.forbidding_rule(bid)[0])
            else:
                out.append("auction.dealer-forced-bid" if bidding.forced
                           else "auction.pass" if bid == PASS_BID else "auction.bid-range")
        return out
    if state.phase == TRUMP:
        return ["contract.trump-choice"]
    if state.phase == PLAY and state.position is not None:
        from trickrules.proofs.kout.conformance.expect import card_rules

        return list(card_rules(state.position).values())
    return []


def bought(state: KoutState) -> tuple[dict[str, Any], list[str]]:
    """The contract the auction ended in, and the rule that settles it."""
    contract = state.contract
    assert contract is not None
    out = {"seat": contract.seat, "team": contract.team, "bid": contract.bid,
           "forced": contract.forced, "malzoom": contract.malzoom,
           "trump": None if state.trump is None else SUIT_LETTERS[state.trump]}
    return out, ["auction.malzoom" if contract.forced else "auction.bid-must-exceed"]


def score_rules(state: KoutState, record: HandRecord, won: list[int]) -> list[str]:
    """The rules that set a finished hand's score (and end it early, when it did: fewer
    than all its tricks were played)."""
    contract, result, rules = record.contract, record.result, state.rules
    if result.made:
        out = ["score.bawan-made" if contract.bid == MAX_BID else "score.made"]
    elif contract.malzoom and rules.malzoom_failed_points is not None:
        out = ["score.malzoom-failed"]
    else:
        out = ["score.failed"]
    if sum(won) < rules.hand_size:
        out.append("hand.early-stop")
    return out


def winner_rules(state: KoutState, record: HandRecord) -> list[str]:
    """The rule by which the game ended after ``record`` (``game.target`` when it goes on:
    no side has reached the target)."""
    rules, result, scores = state.rules, record.result, record.scores
    if (rules.bawan_first_hand_wins and record.index == 0 and result.made
            and record.contract.bid == MAX_BID):
        return ["game.bawan-first-hand"]
    if (state.winner is not None and rules.shutout is not None and min(scores) == 0
            and max(scores) >= rules.shutout):
        return ["game.shutout"]
    return ["game.target"]


def legal_words(state: KoutState, legal: list[str]) -> str:
    """Who acts at ``state`` and what they may do."""
    if state.is_terminal():
        return "the game is over: nobody acts"
    verb = {AUCTION: "call", TRUMP: "name trump"}.get(state.phase, "play")
    return f"seat {state.current_player()} may {verb}: {', '.join(legal) or 'nothing'}"


def bought_words(contract: dict[str, Any]) -> str:
    """A contract in words."""
    how = (f"the dealer, seat {contract['seat']}, was forced to bid {contract['bid']}"
           if contract["forced"] else
           f"seat {contract['seat']} (team {contract['team']}) won the bidding with "
           f"{contract['bid']}")
    return how + (" (Malzoom)" if contract["malzoom"] else "") + (
        f", trump {contract['trump']}" if contract["trump"] else "")


def score_words(score: dict[str, Any]) -> str:
    """A finished hand's score in words."""
    bidders, won = score["bidders"], score["tricks_won"]
    took = f"the bidders (team {bidders}) took {won[bidders]} of {sum(won)} tricks"
    verdict = "made" if score["made"] else "failed"
    totals = score["totals"]
    return (f"bid {score['bid']} {verdict}: {took}; team {score['team']} scores "
            f"{score['points']} (totals {totals[0]}-{totals[1]})")


def winner_words(winner: int | None) -> str:
    """The game's end after a hand, in words."""
    return "the game goes on" if winner is None else f"team {winner} wins the game"


def rule_on(data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
    """The engine's answers for the situation under one concrete profile."""
    try:
        state = KoutState.from_json(data, profile)
    except EngineError as exc:
        return Ruling("not-a-state", error=str(exc))
    legal = [action_to_string(a) for a in state.legal_actions()]
    ruling = Ruling("ok", legal=legal, cites={"legal": legal_rules(state)},
                    words={"legal": legal_words(state, legal)})
    for text in then:
        hand, phase, position = state.hand_index, state.phase, state.position
        done = len(position.tricks) if position is not None else 0
        if not _played(state, text, ruling):
            return ruling
        ruling.then.append(text)
        _rule_on_step(ruling, state, hand, phase, position, done)
    return ruling


def _rule_on_step(ruling: Ruling, state: KoutState, hand: int, phase: str,
                  position: PlayPosition | None, done: int) -> None:
    """What an action just played adds to the ruling: the contract once it is bought, the
    winner of a trick it finishes, and the score when it ends the hand; ``hand``, ``phase``,
    ``position`` and ``done`` (finished tricks) are the state's before the action."""
    if phase in (AUCTION, TRUMP) and state.contract is not None and state.hand_index == hand:
        ruling.bought, ruling.cites["bought"] = bought(state)
        ruling.words["bought"] = bought_words(ruling.bought)
    ended = state.hand_index != hand or state.is_terminal()
    if ended or (state.position is not None and len(state.position.tricks) > done):
        ruling.tricks.append(last_trick_winner(state, hand))
        ruling.cites["tricks"] = ["trick.winner"]
    if ended:
        assert position is not None  # a hand ends only with a card played
        _rule_on_hand_end(ruling, state, list(position.won))


def _played(state: KoutState, text: str, ruling: Ruling) -> bool:
    """Play the action ``text`` names; one the engine refuses makes the ruling ``illegal``,
    with why (and the rule, when the engine names one), and is not played."""
    try:
        state.apply_action(string_to_action(text))
    except IllegalActionError as exc:
        ruling.status, ruling.error = "illegal", f"{text} by seat {exc.seat}: {exc.why}"
        ruling.cites["error"] = [exc.rule]
        return False
    except (EngineError, ValueError) as exc:
        ruling.status, ruling.error = "illegal", f"{text}: {exc}"
        return False
    return True


def _rule_on_hand_end(ruling: Ruling, state: KoutState, won: list[int]) -> None:
    """The score of the hand just ended and the game's winner after it, with their rules and
    words; ``won`` holds the tricks each team took, those before the situation's too."""
    record = state.records[-1]
    ruling.score = {"made": record.result.made, "team": record.result.team,
                    "points": record.result.points, "totals": list(record.scores),
                    "bid": record.contract.bid, "bidders": record.contract.team,
                    "tricks_won": won}
    ruling.cites["score"] = score_rules(state, record, won)
    ruling.winner = state.winner
    ruling.cites["winner"] = winner_rules(state, record)
    ruling.words["score"] = score_words(ruling.score)
    ruling.words["winner"] = winner_words(state.winner)
