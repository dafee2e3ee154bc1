"""Differences outside trick play between two readings: the deal, the next dealer, the calls
allowed in the auction, a hand's score and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.engine.errors import EngineError
from trickrules.engine.kout.actions import PASS, action_bid, bid_action
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import compile_rules
from trickrules.engine.kout.scoring import game_winner as engine_game_winner
from trickrules.engine.kout.scoring import score_hand
from trickrules.engine.kout.state import AUCTION
from trickrules.engine.masks import cards_of
from trickrules.engine.table import deal_hands, next_dealer
from trickrules.proofs.divergence import (
    Built,
    Dual,
    Found,
    Outcome,
    Question,
    number,
    replayed,
    truth,
)
from trickrules.proofs.kout.auction import MAX_BID, MIN_BID, NO_CALL, max_calls, symbolic_auction
from trickrules.proofs.kout.auction import PASS as PASS_CALL
from trickrules.proofs.kout.scoring import contract_rules, hand_end, hand_points, wins_game
from trickrules.proofs.kout.situation import in_deck
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import NUM_CARDS, card_name
from trickrules.spec.model import Profile


def _reading(profile: Profile, question: Question, side: str, parameter: str) -> str:
    if parameter == question.parameter:
        return question.a if side == "a" else question.b
    return profile.value(parameter)


@dataclass(frozen=True)
class Deal:
    """The cards in the deck and how many each player is dealt."""

    name: str = "deal"

    def _sides(self, question: Question) -> dict[str, tuple[frozenset[int], int]]:
        params = question.base.parameters
        out = {}
        for side in ("a", "b"):
            deck = params["deck.cards"].reading(
                _reading(question.base, question, side, "deck.cards")).deck()
            size = params["deal.hand-size"].reading(
                _reading(question.base, question, side, "deal.hand-size")).value or 0
            out[side] = (frozenset(deck), size)
        return out

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """A card in one deck and not the other, or different hand sizes; least card first."""
        d.a.used.update(question.base.concrete("deal"))
        sides = self._sides(question)
        card = names.int("card")
        (deck_a, size_a), (deck_b, size_b) = sides["a"], sides["b"]
        differ = z3.Or(z3.Xor(in_deck(card, tuple(sorted(deck_a))),
                              in_deck(card, tuple(sorted(deck_b)))), size_a != size_b)
        return [Built([card >= 0, card < NUM_CARDS, differ], card, card)]

    def replay(self, question: Question, found: Found) -> Outcome:
        """Each reading's deck and deal, from the spec and from the engine's compiled rules
        (which refuse a deck that does not deal out evenly)."""
        card = number(found.model, found.data)
        players = question.players
        model: dict[str, Any] = {}
        engine: dict[str, Any] = {}
        for side, (deck, size) in self._sides(question).items():
            model[side] = {"deck": len(deck), "hand_size": size, "has_card": card in deck,
                           "deals_evenly": len(deck) == players * size}
            try:
                rules = compile_rules(found.dual.profile(found.model, side))
            except EngineError as exc:
                engine[side] = {"deck": len(deck), "hand_size": size, "has_card": card in deck,
                                "deals_evenly": False, "refused": str(exc)}
                continue
            engine[side] = {"deck": len(rules.deck), "hand_size": rules.hand_size,
                            "has_card": card in rules.deck, "deals_evenly": True}
        compared = {side: {k: v for k, v in e.items() if k != "refused"}
                    for side, e in engine.items()}
        witness = {"card": card_name(card), "players": players}
        outcome = replayed(self.name, model, compared, witness)
        outcome.engine = engine
        return outcome


def next_dealer_term(sp: Any, dealer: Any, players: int) -> Any:
    """Who deals after ``dealer`` (``dealer.rotation``): the next seat in turn order or the
    one before."""
    return (dealer + z3.If(sp.is_("dealer.rotation", "with-turn-order"), 1, players - 1)) % players


@dataclass(frozen=True)
class NextDealer:
    """Who deals the next hand."""

    name: str = "next-dealer"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """A dealer whose successor differs; least seat first."""
        n = question.players
        dealer = names.int("dealer")
        nxt = [next_dealer_term(sp, dealer, n) for sp in (d.a, d.b)]
        return [Built([dealer >= 0, dealer < n, nxt[0] != nxt[1]], dealer, (dealer, nxt))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The next dealer under each reading."""
        dealer, nxt = found.data
        seat = number(found.model, dealer)
        model = {"a": number(found.model, nxt[0]), "b": number(found.model, nxt[1])}
        engine = {side: next_dealer(compile_rules(found.dual.profile(found.model, side)), seat)
                  for side in ("a", "b")}
        return replayed(self.name, model, engine, {"dealer": seat})


EVERY_CALL = (NO_CALL, PASS_CALL, *range(MIN_BID, MAX_BID + 1))


def call_text(call: int) -> str:
    """A call as words: ``pass``, ``bid 6``, or ``over`` once the auction has ended."""
    return {NO_CALL: "over", PASS_CALL: "pass"}.get(call, f"bid {call}")


def _engine_auction(profile: Profile, dealer: int) -> KoutState:
    game = KoutGame(profile.game.id, profile)
    hands = [list(cards_of(h)) for h in deal_hands(game.rules, 0, 0, dealer)]
    return KoutState.from_deal(game, hands, dealer)


def _engine_calls(state: KoutState) -> list[int]:
    if state.phase != AUCTION:
        return [NO_CALL]
    return sorted(PASS_CALL if a == PASS else action_bid(a) for a in state.legal_actions())


@dataclass(frozen=True)
class AuctionCalls:
    """The calls allowed after a sequence of calls."""

    name: str = "auction"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """One point per number of calls already made, shortest first (seat 0 speaks first,
        the last seat deals)."""
        n = question.players
        calls = [names.int(f"call{i}") for i in range(max_calls(n))]
        a = symbolic_auction(d.a, names, n, calls=calls)
        b = symbolic_auction(d.b, names, n, calls=calls)
        out = []
        for i, call in enumerate(calls):
            prefix = [*a.constraints[:i], *b.constraints[:i]]
            differ = z3.Xor(a.constraints[i], b.constraints[i])
            out.append(Built([*prefix, differ], z3.IntVal(0),
                             (calls[:i], call, a.constraints[i], b.constraints[i])))
        return out

    def replay(self, question: Question, found: Found) -> Outcome:
        """Make the calls in the engine under each reading and compare the calls it allows."""
        prefix, call, rule_a, rule_b = found.data
        made = [number(found.model, c) for c in prefix]
        model = {}
        for side, rule in (("a", rule_a), ("b", rule_b)):
            model[side] = [c for c in EVERY_CALL
                           if truth(found.model, z3.substitute(rule, (call, z3.IntVal(c))))]
        witness: dict[str, Any] = {"dealer": question.players - 1,
                                   "calls": [call_text(c) for c in made]}
        engine: dict[str, Any] = {}
        for side in ("a", "b"):
            state = _engine_auction(found.dual.profile(found.model, side), question.players - 1)
            try:
                for c in made:
                    state.apply_action(PASS if c == PASS_CALL else bid_action(c))
            except EngineError as exc:
                return replayed(self.name, model, engine, witness,
                                f"reading {side}: engine refused a call: {exc}")
            engine[side] = _engine_calls(state)
        outcome = replayed(self.name, model, engine, witness)
        outcome.model = {s: [call_text(c) for c in v] for s, v in model.items()}
        outcome.engine = {s: [call_text(c) for c in v] for s, v in engine.items()}
        return outcome


def engine_contract(profile: Profile, declarer: int, bid: int, forced: bool) -> Contract:
    """The contract the engine's auction gives when ``declarer`` bids ``bid`` and everyone
    else passes (``forced``: the declarer deals and is made to bid)."""
    n = profile.game.players
    dealer = declarer if forced else (declarer - 1) % n
    state = _engine_auction(profile, dealer)
    while state.phase == AUCTION:
        seat = state.current_player()
        state.apply_action(bid_action(bid) if seat == declarer else PASS)
    assert state.contract is not None
    return state.contract


@dataclass
class _Contract:
    bid: z3.ArithRef
    forced: z3.BoolRef
    won: z3.ArithRef
    malzoom: list[z3.BoolRef]
    rules: list[z3.BoolRef]


def _contract(question: Question, d: Dual, names: Names) -> _Contract:
    bid, forced, won = names.int("bid"), names.bool("forced"), names.int("bidders-won")
    size = question.base.reading("deal.hand-size").value or 0
    malzoom, rules = [], [won >= 0, won <= size]
    for sp in (d.a, d.b):
        flag, sp_rules = contract_rules(sp, bid, forced)
        malzoom.append(flag)
        rules += sp_rules
    return _Contract(bid, forced, won, malzoom, rules)


def _contract_facts(found: Found, c: _Contract, size: int) -> dict[str, Any]:
    won = number(found.model, c.won)
    return {"bid": number(found.model, c.bid), "forced": truth(found.model, c.forced),
            "bidders_won": won, "others_won": size - won}


@dataclass(frozen=True)
class HandScore:
    """The points a hand scores: whether the bid was made, which team scores, how much."""

    name: str = "score"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """A contract and a count of tricks; lowest bid, then fewest tricks, first."""
        c = _contract(question, d, names)
        points = [hand_points(sp, c.bid, m, c.won)
                  for sp, m in zip((d.a, d.b), c.malzoom, strict=True)]
        differ = z3.Or(points[0][0] != points[1][0], points[0][1] != points[1][1])
        return [Built([*c.rules, differ], c.bid * 100 + c.won, (c, points))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """Score the hand in the engine (its contract from its own auction) under each
        reading."""
        c, points = found.data
        size = question.base.reading("deal.hand-size").value or 0
        witness = _contract_facts(found, c, size)
        made = witness["bidders_won"] >= witness["bid"]
        model = {}
        for side, (ours, theirs) in zip(("a", "b"), points, strict=True):
            model[side] = [made, 0 if made else 1,
                           number(found.model, ours if made else theirs)]
        engine = {}
        for side in ("a", "b"):
            profile = found.dual.profile(found.model, side)
            contract = engine_contract(profile, 0, witness["bid"], witness["forced"])
            result = score_hand(compile_rules(profile), contract,
                                (witness["bidders_won"], witness["others_won"]))
            engine[side] = [result.made, result.team, result.points]
        return replayed(self.name, model, engine, witness)


def _not_won(sp: SymbolicProfile, s0: z3.ArithRef, s1: z3.ArithRef) -> list[z3.BoolRef]:
    no = z3.BoolVal(False)
    return [z3.Not(wins_game(sp, s0, s1, no, no)), z3.Not(wins_game(sp, s1, s0, no, no))]


@dataclass(frozen=True)
class GameEnd:
    """Whether a hand ends the game, and which team wins it."""

    name: str = "game-end"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """Scores before a hand, a contract and its tricks; lowest total score first."""
        c = _contract(question, d, names)
        s0, s1, team = names.int("score0"), names.int("score1"), names.int("bidders")
        first = names.bool("first-hand")
        setting = [*c.rules, s0 >= 0, s1 >= 0, z3.Or(team == 0, team == 1),
                   z3.Implies(first, z3.And(s0 == 0, s1 == 0)),
                   *_not_won(d.a, s0, s1), *_not_won(d.b, s0, s1)]
        ends = [hand_end(sp, (s0, s1), team, c.bid, m, c.won, first)
                for sp, m in zip((d.a, d.b), c.malzoom, strict=True)]
        return [Built([*setting, ends[0].winner != ends[1].winner], s0 + s1,
                      (c, s0, s1, team, first, ends))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """Score the hand and decide the game in the engine under each reading."""
        c, s0, s1, team, first, ends = found.data
        size = question.base.reading("deal.hand-size").value or 0
        m = found.model
        witness = {**_contract_facts(found, c, size), "scores": [number(m, s0), number(m, s1)],
                   "bidding_team": number(m, team), "first_hand": truth(m, first)}
        model = {side: number(m, end.winner) for side, end in zip(("a", "b"), ends, strict=True)}
        engine = {}
        bidders = witness["bidding_team"]
        for side in ("a", "b"):
            profile = found.dual.profile(m, side)
            rules = compile_rules(profile)
            contract = engine_contract(profile, bidders, witness["bid"], witness["forced"])
            won = [0, 0]
            won[bidders], won[1 - bidders] = witness["bidders_won"], witness["others_won"]
            result = score_hand(rules, contract, won)
            scores = list(witness["scores"])
            scores[result.team] += result.points
            winner = engine_game_winner(rules, scores, 0 if witness["first_hand"] else 1,
                                        contract, result)
            engine[side] = -1 if winner is None else winner
        return replayed(self.name, model, engine, witness)
