"""What our engine answers to each request, and which rule decides each part of the answer.

The answer is what a vector expects; the attribution (``why``) lets the runner charge a wrong
answer to the rule it breaks: every card of the mover's hand names the rule that makes it legal
or illegal, every losing seat of a trick the rule by which the winner beats it, every call the
rule that allows or forbids it. A request that is not a legal situation under a profile raises
:class:`InvalidRequestError`, and the vector does not hold under that profile.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from trickrules.engine.errors import EngineError
from trickrules.engine.kout.actions import MAX_BID, MIN_BID
from trickrules.engine.kout.auction import PASS_BID, Auction
from trickrules.engine.kout.claims import settle
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import (
    LIVE_JOKER_LEAD,
    WORTHLESS_JOKER_LEAD,
    Contract,
    PlayPosition,
    holds_bid_permission,
)
from trickrules.engine.kout.ranking import FOLLOW_BASE_STRENGTH, TRUMP_BASE_STRENGTH, card_strength
from trickrules.engine.kout.rules import Rules, SecondJoker
from trickrules.engine.kout.scoring import HandScore, game_winner, score_hand
from trickrules.engine.masks import BIT, JOKER_MASK, cards_of, iter_cards
from trickrules.engine.perft import divide
from trickrules.engine.table import next_dealer
from trickrules.proofs.conformance.protocol import (
    Answer,
    ContractFacts,
    InvalidRequestError,
    PerReadings,
    PlayFacts,
    ReadOnce,
    read_contract,
)
from trickrules.proofs.conformance.protocol import read_situation as parse_situation
from trickrules.spec.cards import BLACK_JOKER, Card, card_name, parse_card
from trickrules.spec.model import Profile

CALLS = ("pass", *(f"bid {b}" for b in range(MIN_BID, MAX_BID + 1)))
KOUT_OPS = ("legal-plays", "trick-winner", "auction", "hand-score", "game-end", "perft",
            "next-dealer")
"""The protocol's questions Kout answers, in suite order."""


read_situation = ReadOnce(parse_situation)
"""The situation of a request, read once when the same request is asked under one profile
after another."""
game_for = PerReadings(lambda profile: KoutGame(profile.game.id, profile))
"""The engine's game under a concrete profile."""


def answer(profile: Profile, request: dict[str, Any]) -> Answer:
    """The engine's answer to a request under ``profile``; :class:`InvalidRequestError` if the
    request is not a legal situation there."""
    return answer_in(game_for(profile), request)


def answer_with_rules(profile: Profile, rules: Rules, request: dict[str, Any]) -> Answer:
    """The answer under ``profile`` with its compiled rules given as ``rules`` (a stand-in
    that notes what the answer reads: see :mod:`trickrules.proofs.conformance.reads`)."""
    game = copy.copy(game_for(profile))
    game.rules = rules
    return answer_in(game, request)


def answer_in(game: KoutGame, request: dict[str, Any]) -> Answer:
    """The engine's answer to a request in ``game``."""
    op = request["op"]
    try:
        if op == "legal-plays":
            return legal_plays(game, read_situation(request["situation"]))
        if op == "trick-winner":
            return trick_winner(game, read_situation(request["situation"]))
        if op == "auction":
            return auction(game.rules, request["dealer"], request["calls"])
        if op == "hand-score":
            return hand_score(game.rules, read_contract(request["contract"]),
                              request["tricks_won"])
        if op == "game-end":
            return game_end(game.rules, request)
        if op == "perft":
            return perft(game, read_situation(request["situation"]), request["depth"])
        if op == "next-dealer":
            return dealer_after(game.rules, request["dealer"])
        if op == "claim":
            return claim(game, read_situation(request["situation"]), request.get("team"),
                         request.get("tricks"))
    except EngineError as exc:
        raise InvalidRequestError(str(exc)) from None
    raise ValueError(f"unknown op {op!r}")


# ---------------------------------------------------------------------------- play
def engine_state(game: KoutGame, facts: PlayFacts) -> KoutState:
    """The situation as an engine state (each card of the trick checked as it is played)."""
    players = game.rules.players
    if len(facts.hands) != players:
        raise InvalidRequestError(f"{len(facts.hands)} hands for {players} players")
    contract = Contract(facts.contract.seat, facts.contract.bid, facts.contract.forced, False)
    return KoutState.from_situation(
        game, hands=[sorted(h) for h in facts.hands], trump=facts.trump, contract=contract,
        dealer=(facts.contract.seat - 1) % players, leader=facts.leader, trick=facts.trick,
        played=sorted(facts.played), tricks_won=facts.tricks_won)


def position_of(game: KoutGame, facts: PlayFacts) -> PlayPosition:
    """The engine's play position at the situation."""
    position = engine_state(game, facts).position
    assert position is not None
    return position


def permitting_rule(position: PlayPosition, card: Card) -> str:
    """The rule under which a legal ``card`` may be played by the player to move."""
    rules, hand = position.rules, position.hands[position.turn]
    if not position.trick:
        if card < BLACK_JOKER:
            return "play.card-in-hand"
        if rules.unqualified_any_time or hand & JOKER_MASK == hand:
            return "joker.unqualified-lead"
        seat, contract = position.turn, position.contract
        holders = holds_bid_permission(rules.bid_holder, seat, contract)
        if holders and rules.bid_jokers.get(contract.bid, 0) & BIT[card]:
            return "joker.lead-by-bid" if seat == contract.seat else "joker.lead-bid-holder"
        if rules.declarer_without_ace and seat == contract.seat:
            return "joker.declarer-without-ace"
        return "joker.lead-after-trumps-played"
    if position.follow < 0:
        return "joker.after-worthless-lead"
    if card >= BLACK_JOKER:
        return ("joker.to-joker-lead" if position.lead_kind == LIVE_JOKER_LEAD
                else "joker.play-to-trick")
    if position.lead_kind == LIVE_JOKER_LEAD:
        return "joker.legal-lead-calls-trump"
    return "play.follow-suit"


def card_rules(position: PlayPosition) -> dict[str, str]:
    """Every card of the mover's hand and the rule that makes it legal or illegal."""
    legal = position.legal_mask()
    out = {}
    for card in iter_cards(position.hands[position.turn]):
        rule = (permitting_rule(position, card) if legal & BIT[card]
                else position.forbidding_rule(card)[0])
        out[card_name(card)] = rule
    return out


def legal_plays(game: KoutGame, facts: PlayFacts) -> Answer:
    """The mover's legal cards."""
    if len(facts.trick) >= facts.players:
        raise InvalidRequestError("the trick is complete")
    position = position_of(game, facts)
    cards = [card_name(c) for c in iter_cards(position.legal_mask())]
    return Answer({"cards": cards}, {"cards": card_rules(position)})


def trick_winner(game: KoutGame, facts: PlayFacts) -> Answer:
    """The seat that wins a complete trick."""
    players = facts.players
    if len(facts.trick) != players:
        raise InvalidRequestError(f"the trick has {len(facts.trick)} cards, not {players}")
    last = facts.trick[-1]
    before = facts.before(players - 1)
    position = position_of(game, before)
    if not position.legal_mask() & BIT[last]:
        raise InvalidRequestError(f"{card_name(last)} is not a legal last card")
    worthless = position.worthless
    if (last >= BLACK_JOKER and position.lead_kind == WORTHLESS_JOKER_LEAD
            and game.rules.second_joker is SecondJoker.ANYWHERE):
        worthless |= BIT[last]
    context = (position.trick_trump, position.follow, worthless)
    position.push(last)
    winner = position.tricks[-1].winner
    why = beaten_by(game.rules, facts, winner, context)
    return Answer({"winner": winner}, {"seats": why})


def beaten_by(rules: Rules, facts: PlayFacts, winner: int,
              context: tuple[int, int, int]) -> dict[str, str]:
    """For each seat of a complete trick: the rule by which the winner's card beats its card
    (the winner's own seat: ``trick.winner``)."""
    trick_trump, follow, worthless = context
    players = facts.players
    card_of = {(facts.leader + k) % players: c for k, c in enumerate(facts.trick)}
    win = card_strength(card_of[winner], trick_trump, follow, worthless)
    out = {}
    for seat, card in card_of.items():
        strength = card_strength(card, trick_trump, follow, worthless)
        if seat == winner:
            rule = "trick.winner"
        elif worthless >> card & 1:
            rule = "joker.unqualified-lead" if seat == facts.leader else "joker.second-joker"
        elif trick_trump != facts.trump and trick_trump in (_suit(card), _suit(card_of[winner])):
            rule = "joker.after-worthless-lead"
        elif _band(strength) == _band(win):
            rule = "cards.ranking"
        else:
            rule = "trick.winner"
        out[str(seat)] = rule
    return out


def _suit(card: Card) -> int:
    return -1 if card >= BLACK_JOKER else card // 13


def _band(strength: int) -> int:
    """Trump and Jokers, the suit led, and cards that cannot win are three bands; within a
    band the ranking decides, between bands the trick rule does."""
    if strength >= TRUMP_BASE_STRENGTH:
        return 2
    return 1 if strength >= FOLLOW_BASE_STRENGTH else 0


def perft(game: KoutGame, facts: PlayFacts, depth: int) -> Answer:
    """Sequences of ``depth`` plays from the situation, split by first card. The rules tagged
    are those deciding the legal cards in the first two plays, and the trick rules when a
    trick is completed within ``depth``."""
    position = position_of(game, facts)
    rows = {card_name(card): count for card, count in divide(position, depth)}
    rules = set(card_rules(position).values())
    for card in iter_cards(position.legal_mask()):
        position.push(card)
        rules.update(card_rules(position).values())
        position.pop()
    if len(facts.trick) + depth > facts.players:
        rules.update({"trick.winner", "cards.ranking"})
    return Answer({"nodes": sum(rows.values()), "divide": rows}, {"rules": sorted(rules)})


def claim(game: KoutGame, facts: PlayFacts, team: Any, tricks: Any) -> Answer:
    """Whether ``team`` takes ``tricks`` of the tricks still to play, and a line that shows
    it."""
    position = position_of(game, facts)
    rules = sorted({*card_rules(position).values(), "trick.winner"})
    verdict = settle(position, team, tricks)
    return Answer({"holds": verdict.holds, "line": [card_name(c) for c in verdict.line]},
                  {"holds": rules})


# ---------------------------------------------------------------------------- auction and end
def _call(bid: int) -> str:
    return "pass" if bid == PASS_BID else f"bid {bid}"


def _bid(call: str) -> int:
    return PASS_BID if call == "pass" else int(call.split()[1])


def auction(rules: Rules, dealer: int, calls: list[str]) -> Answer:
    """The calls open to the seat to speak, or the contract once the calls end the auction."""
    if not 0 <= dealer < rules.players:
        raise InvalidRequestError(f"dealer {dealer} is not a seat")
    bidding = Auction(rules, dealer)
    for k, call in enumerate(calls):
        if _bid(call) not in bidding.legal_bids():
            raise InvalidRequestError(f"call {k} ({call}) is illegal")
        bidding.apply(_bid(call))
    legal = [_call(b) for b in bidding.legal_bids()]
    why: dict[str, str] = {}
    for call in CALLS:
        if call in legal:
            why[call] = ("auction.dealer-forced-bid" if bidding.forced
                         else "auction.pass" if call == "pass" else "auction.bid-range")
        else:
            why[call] = bidding.forbidding_rule(_bid(call))[0]
    contract = bidding.contract
    if contract is None:
        return Answer({"legal": legal, "seat": bidding.turn, "contract": None},
                      {"calls": why, "seat": _speaking_rule(rules, bidding),
                       "contract": "auction.shape"})
    rule = ("auction.malzoom" if contract.forced else "auction.bid-must-exceed")
    return Answer({"legal": [], "seat": None,
                   "contract": {"seat": contract.seat, "bid": contract.bid,
                                "forced": contract.forced, "malzoom": contract.malzoom}},
                  {"calls": why, "seat": "auction.shape", "contract": rule})


def _speaking_rule(rules: Rules, bidding: Auction) -> str:
    """The rule that makes ``bidding.turn`` the seat to speak: the turn passes to the next
    seat round the table (``auction.shape``: once round, or round again), unless a seat that
    passed was skipped (``auction.pass``: no bidding again after a pass)."""
    last = bidding.calls[-1][0] if bidding.calls else bidding.dealer
    return "auction.shape" if bidding.turn == (last + 1) % rules.players else "auction.pass"


def contract_of(rules: Rules, facts: ContractFacts) -> Contract:
    """The contract an auction gives when ``facts.seat`` wins it with ``facts.bid`` (forced:
    every other seat passed to the dealer), Malzoom decided by the auction rules."""
    players = rules.players
    if not 0 <= facts.seat < players:
        raise InvalidRequestError(f"contract seat {facts.seat} is not a seat")
    dealer = facts.seat if facts.forced else (facts.seat - 1) % players
    calls = ["pass"] * (players - 1) if facts.forced else []
    calls.append(f"bid {facts.bid}")
    bidding = Auction(rules, dealer)
    for call in calls:
        if _bid(call) not in bidding.legal_bids():
            raise InvalidRequestError(f"no auction ends in {facts}")
        bidding.apply(_bid(call))
    while bidding.contract is None:
        bidding.apply(PASS_BID)
    return bidding.contract


def _result(rules: Rules, facts: ContractFacts, won: list[int]) -> tuple[Contract, HandScore,
                                                                          str]:
    if len(won) != 2 or min(won) < 0 or sum(won) != rules.hand_size:
        raise InvalidRequestError(f"tricks won {won} do not add up to a hand of {rules.hand_size}")
    contract = contract_of(rules, facts)
    result = score_hand(rules, contract, won)
    if result.made:
        rule = "score.bawan-made" if contract.bid == MAX_BID else "score.made"
    elif contract.malzoom and rules.malzoom_failed_points is not None:
        rule = "score.malzoom-failed"
    else:
        rule = "score.failed"
    return contract, result, rule


def hand_score(rules: Rules, facts: ContractFacts, won: list[int]) -> Answer:
    """Whether the bid was made, which team scores and how many points."""
    _, result, rule = _result(rules, facts, won)
    return Answer({"made": result.made, "team": result.team, "points": result.points},
                  {"score": rule})


def game_end(rules: Rules, request: dict[str, Any]) -> Answer:
    """The scores after a hand and the game's winner, if the game ends there."""
    before = list(request["scores"])
    hand_index = request["hand_index"]
    contract, result, rule = _result(rules, read_contract(request["contract"]),
                                     request["tricks_won"])
    _check_game_goes_on(rules, before, hand_index)
    after = list(before)
    after[result.team] += result.points
    winner = game_winner(rules, after, hand_index, contract, result)
    decided = _deciding_rule(rules, hand_index, contract, result, after)
    return Answer({"scores": after, "winner": winner}, {"scores": rule, "winner": decided})


def _check_game_goes_on(rules: Rules, before: list[int], hand_index: int) -> None:
    """Scores before a hand at which the game still goes on (``game.target``,
    ``game.shutout``), and 0-0 before the first hand."""
    if any(s < 0 for s in before) or max(before) >= rules.target or (
            rules.shutout is not None and max(before) >= rules.shutout and min(before) == 0):
        raise InvalidRequestError(f"scores {before}: the game was already over")
    if hand_index == 0 and before != [0, 0]:
        raise InvalidRequestError("the first hand starts at 0-0")


def _deciding_rule(rules: Rules, hand_index: int, contract: Contract, result: HandScore,
                   after: list[int]) -> str:
    """The rule that decides whether the game ends with the scores ``after`` the hand: a
    Bawan made in the first hand, a shut-out, or the target."""
    if rules.bawan_first_hand_wins and hand_index == 0 and result.made and contract.bid == 9:
        return "game.bawan-first-hand"
    if rules.shutout is not None and min(after) == 0 and max(after) >= rules.shutout:
        return "game.shutout"
    return "game.target"


def dealer_after(rules: Rules, dealer: int) -> Answer:
    """Who deals after a hand dealt by ``dealer`` (every Kout hand is played: when everyone
    passes, the dealer must bid)."""
    if not 0 <= dealer < rules.players:
        raise InvalidRequestError(f"dealer: {dealer} is not a seat of {rules.players} players")
    return Answer({"dealer": next_dealer(rules, dealer)}, {"dealer": "dealer.rotation"})


def iter_calls(rules: Rules, dealer: int) -> Iterator[list[str]]:
    """Every call sequence of an auction from its start, depth first, ending ones included."""
    def walk(bidding: Auction, calls: list[str]) -> Iterator[list[str]]:
        yield calls
        for bid in bidding.legal_bids():
            child = Auction(rules, dealer)
            for call in (*calls, _call(bid)):
                child.apply(_bid(call))
            yield from walk(child, [*calls, _call(bid)])

    yield from walk(Auction(rules, dealer), [])


def trick_point(profile: Profile, situation: dict[str, Any]) -> tuple[bool, int]:
    """Whether the hand is over at a situation, and how many cards of the trick are down."""
    position = position_of(game_for(profile), read_situation(situation))
    return position.over, len(position.trick)


def position_json(position: PlayPosition) -> dict[str, Any]:
    """The protocol situation of an engine play position."""
    contract = position.contract
    facts = PlayFacts(position.trump, ContractFacts(contract.seat, contract.bid, contract.forced),
                      tuple(tuple(cards_of(h)) for h in position.hands),
                      tuple(cards_of(position.played)), (position.won[0], position.won[1]),
                      position.leader, tuple(position.trick))
    return facts.as_json()


def after(profile: Profile, situation: dict[str, Any], card: str) -> dict[str, Any]:
    """The situation once ``card`` is played (a perft divide followed one step down)."""
    position = position_of(game_for(profile), read_situation(situation))
    position.push(parse_card(card))
    return position_json(position)


__all__ = ["Answer", "InvalidRequestError", "after", "answer", "game_for", "trick_point"]
