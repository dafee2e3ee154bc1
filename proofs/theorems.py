"""Well-formedness theorems of a Kout profile, each with a stable id, proved by Z3 or networkx.

Every theorem returns a :class:`~proofs.solver.Result`: proved, refuted (with a witness), or
unknown; unknown is never counted as proved.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx
import z3

from proofs.auction_graph import auction_graph, count_sequences
from proofs.kout_model import (
    NO_SUIT,
    Holding,
    Leader,
    beats,
    joker_lead_permitted,
    legal_follow,
    legal_lead,
    tier,
    trick_context,
    winner_is,
)
from proofs.parameters import SymbolicProfile
from proofs.solver import Names, Result, prove
from spec.cards import RED_JOKER, SUITS, card_name
from spec.model import Profile


@dataclass(frozen=True)
class Theorem:
    """A named property every well-formed profile must have."""

    id: str
    statement: str
    check: Callable[[Profile], Result]


def _deck(profile: Profile) -> tuple[int, ...]:
    return profile.parameters["deck.cards"].reading(profile.values["deck.cards"][0]).deck()


def _in(card: z3.ArithRef, cards: tuple[int, ...]) -> z3.BoolRef:
    return z3.Or([card == c for c in cards])


def _hand_size(profile: Profile) -> int:
    value = profile.parameters["deal.hand-size"].reading(profile.values["deal.hand-size"][0]).value
    return value or 0


def ranking_total_order(profile: Profile) -> Result:
    """Z3: among cards that can win, ``beats`` is irreflexive, asymmetric, transitive, total."""
    names = Names("ranking")
    a, b, c = names.int("a"), names.int("b"), names.int("c")
    trump, follow = names.int("trump"), names.int("follow")
    deck = _deck(profile)
    setting = [_in(a, deck), _in(b, deck), _in(c, deck), trump >= 0, trump <= 3,
               follow >= NO_SUIT, follow <= 3]
    winnable = [tier(x, trump, follow, z3.BoolVal(False)) >= 1 for x in (a, b, c)]
    claim = z3.And(
        z3.Not(beats(a, a, trump, follow)),
        z3.Implies(beats(a, b, trump, follow), z3.Not(beats(b, a, trump, follow))),
        z3.Implies(z3.And(beats(a, b, trump, follow), beats(b, c, trump, follow)),
                   beats(a, c, trump, follow)),
        z3.Implies(z3.And(winnable[0], winnable[1], a != b),
                   z3.Or(beats(a, b, trump, follow), beats(b, a, trump, follow))))
    result = prove(claim, setting)
    if result.model is not None:
        m = result.model
        result.witness = {k: card_name(m.eval(v, model_completion=True).as_long())
                          for k, v in (("a", a), ("b", b), ("c", c))}
    return result


def ranking_graph(profile: Profile) -> Result:
    """networkx: for every trump and suit to follow, the beats graph of the cards that can win
    is a tournament without cycles, i.e. a strict total order."""
    start = time.perf_counter()
    deck = _deck(profile)
    for trump in SUITS:
        for follow in (NO_SUIT, *SUITS):
            t, f = z3.IntVal(trump), z3.IntVal(follow)
            cards = [c for c in deck
                     if z3.simplify(tier(z3.IntVal(c), t, f, z3.BoolVal(False))).as_long() >= 1]
            graph = nx.DiGraph()
            graph.add_nodes_from(cards)
            for x in cards:
                for y in cards:
                    if x != y and z3.is_true(z3.simplify(beats(z3.IntVal(x), z3.IntVal(y), t, f))):
                        graph.add_edge(x, y)
            pairs = len(cards) * (len(cards) - 1) // 2
            if graph.number_of_edges() != pairs or not nx.is_directed_acyclic_graph(graph):
                return Result("refuted", time.perf_counter() - start, witness={
                    "trump": trump, "follow": follow, "edges": graph.number_of_edges(),
                    "pairs": pairs})
    return Result("proved", time.perf_counter() - start)


def _trick(names: Names, deck: tuple[int, ...], players: int) -> tuple[list[z3.ArithRef],
                                                                       list[z3.BoolRef]]:
    cards = [names.int(f"card{k}") for k in range(players)]
    setting = [_in(x, deck) for x in cards] + [z3.Distinct(*cards)]
    return cards, setting


def trick_one_winner(profile: Profile) -> Result:
    """Every complete trick has exactly one winner, whatever was led and with what permission."""
    names = Names("one-winner")
    sp = SymbolicProfile(profile, names)
    players = profile.game.players
    cards, setting = _trick(names, _deck(profile), players)
    trump, permitted = names.int("trump"), names.bool("lead-permitted")
    ctx = trick_context(sp, cards, trump, permitted)
    winners = [z3.If(winner_is(k, cards, ctx), 1, 0) for k in range(players)]
    result = prove(z3.Sum(winners) == 1, [*sp.constraints(), *setting, trump >= 0, trump <= 3])
    if result.model is not None:
        result.witness = {"cards": [card_name(result.model.eval(x).as_long()) for x in cards]}
    return result


def red_joker_lead_wins(profile: Profile) -> Result:
    """A red Joker led with permission wins its trick."""
    names = Names("red-lead")
    sp = SymbolicProfile(profile, names)
    players = profile.game.players
    cards, setting = _trick(names, _deck(profile), players)
    trump = names.int("trump")
    ctx = trick_context(sp, cards, trump, z3.BoolVal(True))
    return prove(winner_is(0, cards, ctx),
                 [*sp.constraints(), *setting, cards[0] == RED_JOKER, trump >= 0, trump <= 3])


def legal_card_exists(profile: Profile) -> Result:
    """A player to move with at least one card always has a legal card, at every position of
    a trick (leading or following), under every reachable trick context."""
    total = 0.0
    deck = _deck(profile)
    players = profile.game.players
    for position in range(players):
        names = Names(f"legal-exists-{position}")
        sp = SymbolicProfile(profile, names)
        hand = Holding({c: names.bool(f"hand:{card_name(c)}") for c in deck})
        played = Holding({c: names.bool(f"played:{card_name(c)}") for c in deck})
        trump, bid = names.int("trump"), names.int("bid")
        leader = Leader(names.bool("leader-bidding-team"), names.bool("leader-declarer"))
        setting = [*sp.constraints(), trump >= 0, trump <= 3, bid >= 5, bid <= 9,
                   z3.Implies(leader.is_declarer, leader.on_bidding_team),
                   z3.Or(list(hand.has.values()))]
        setting += [z3.Not(z3.And(hand.has[c], played.has[c])) for c in deck]
        options: list[z3.BoolRef] = []
        if position == 0:
            for c in deck:
                card = z3.IntVal(c)
                permitted = joker_lead_permitted(sp, card, leader, hand, played, trump, bid)
                options.append(legal_lead(sp, card, hand, permitted))
        else:
            cards = [names.int(f"card{k}") for k in range(position)]
            setting += [_in(x, deck) for x in cards] + [z3.Distinct(*cards)]
            setting += [z3.Not(hand.holds(x)) for x in cards]
            ctx = trick_context(sp, cards, trump, names.bool("lead-permitted"))
            options = [legal_follow(sp, z3.IntVal(c), hand, ctx) for c in deck]
        result = prove(z3.Or(options), setting)
        total += result.seconds
        if result.verdict != "proved":
            result.seconds = total
            result.witness = {"trick position": position}
            return result
    return Result("proved", total)


def deck_matches_deal(profile: Profile) -> Result:
    """The deck holds exactly players x hand-size cards."""
    deck, players, size = len(_deck(profile)), profile.game.players, _hand_size(profile)
    if deck == players * size:
        return Result("proved", 0.0)
    return Result("refuted", 0.0, witness={"deck": deck, "players": players, "hand_size": size,
                                           "needed": players * size})


def _hand_points(sp: SymbolicProfile, bid: z3.ArithRef, malzoom: z3.BoolRef,
                 made: z3.BoolRef) -> tuple[z3.ArithRef, z3.ArithRef]:
    """Rules ``score.*``: (points of the bidding team, points of the other team)."""
    made_points = z3.If(bid == 9, sp.value("score.bawan-made"), bid)
    failed = z3.If(z3.And(malzoom, sp.is_("score.malzoom-failed", "5")),
                   sp.value("score.malzoom-failed"), 2 * bid)
    return z3.If(made, made_points, 0), z3.If(made, 0, failed)


def _contract(names: Names, sp: SymbolicProfile) -> tuple[z3.ArithRef, z3.BoolRef,
                                                          list[z3.BoolRef]]:
    bid, forced, malzoom = names.int("bid"), names.bool("forced"), names.bool("malzoom")
    rules = [bid >= 5, bid <= 9,
             malzoom == z3.And(forced, z3.Or(bid == 5, sp.is_("auction.malzoom", "any-forced"))),
             z3.Implies(z3.And(forced, sp.is_("auction.dealer-forced-bid", "exactly-5")),
                        bid == 5)]
    return bid, malzoom, rules


def one_team_scores(profile: Profile) -> Result:
    """Exactly one team scores on each hand, and the points are in the profile's table."""
    names = Names("one-team")
    sp = SymbolicProfile(profile, names)
    bid, malzoom, rules = _contract(names, sp)
    won = names.int("tricks-won")
    size = _hand_size(profile)
    ours, theirs = _hand_points(sp, bid, malzoom, won >= bid)
    table = z3.Or(ours == bid, ours == 36, theirs == 2 * bid, theirs == 5)
    claim = z3.And(z3.Or(z3.And(ours > 0, theirs == 0), z3.And(ours == 0, theirs > 0)), table)
    return prove(claim, [*sp.constraints(), *rules, won >= 0, won <= size])


def _winner(sp: SymbolicProfile, me: z3.ArithRef, other: z3.ArithRef, first_hand: z3.BoolRef,
            bawan_made: z3.BoolRef) -> z3.BoolRef:
    return z3.Or(me >= sp.value("game.target"),
                 z3.And(sp.is_("game.shutout", "51-to-0"), me >= sp.value("game.shutout"),
                        other == 0),
                 z3.And(sp.is_("game.bawan-first-hand", "wins-game"), first_hand, bawan_made))


def single_game_winner(profile: Profile) -> Result:
    """A game never ends with both teams winning: after any hand of a game not yet won, at most
    one team meets a winning condition."""
    names = Names("game-end")
    sp = SymbolicProfile(profile, names)
    bid, malzoom, rules = _contract(names, sp)
    s0, s1, made = names.int("score0"), names.int("score1"), names.bool("made")
    first_hand, bidders_team0 = names.bool("first-hand"), names.bool("bidders-team0")
    ours, theirs = _hand_points(sp, bid, malzoom, made)
    add0 = z3.If(bidders_team0, ours, theirs)
    add1 = z3.If(bidders_team0, theirs, ours)
    bawan = z3.And(made, bid == 9)
    before = [s0 >= 0, s1 >= 0,
              z3.Not(_winner(sp, s0, s1, z3.BoolVal(False), z3.BoolVal(False))),
              z3.Not(_winner(sp, s1, s0, z3.BoolVal(False), z3.BoolVal(False))),
              z3.Implies(first_hand, z3.And(s0 == 0, s1 == 0))]
    win0 = _winner(sp, s0 + add0, s1 + add1, first_hand, z3.And(bawan, bidders_team0))
    win1 = _winner(sp, s1 + add1, s0 + add0, first_hand, z3.And(bawan, z3.Not(bidders_team0)))
    return prove(z3.Not(z3.And(win0, win1)), [*sp.constraints(), *rules, *before])


def early_stop_keeps_score(profile: Profile) -> Result:
    """Stopping a hand as soon as the bid is made or beaten never changes the hand's score."""
    names = Names("early-stop")
    size = _hand_size(profile)
    bid = names.int("bid")
    tricks = [names.bool(f"bidders-win-{i}") for i in range(size)]
    stop = names.int("stop")

    def won(upto: z3.ArithRef | int) -> z3.ArithRef:
        return z3.Sum([z3.If(z3.And(t, i < upto), 1, 0) for i, t in enumerate(tricks)])

    decided = z3.Or(won(stop) >= bid, stop - won(stop) > size - bid)
    claim = (won(stop) >= bid) == (won(size) >= bid)
    return prove(z3.Implies(decided, claim), [bid >= 5, bid <= 9, stop >= 0, stop <= size])


def auction_one_contract(profile: Profile) -> Result:
    """networkx: the auction graph is acyclic and every finished auction holds one contract."""
    start = time.perf_counter()
    graph = auction_graph(profile)
    sinks = [n for n in graph if graph.out_degree(n) == 0]
    seconds = time.perf_counter() - start
    info: dict[str, Any] = {"situations": graph.number_of_nodes(), "finished": len(sinks)}
    if not nx.is_directed_acyclic_graph(graph):
        return Result("refuted", seconds, witness={**info, "cycle": True})
    bad = [n for n in sinks if n.contract is None]
    if bad:
        return Result("refuted", seconds, witness={**info, "no contract after calls":
                                                   bad[0].calls})
    info["sequences"] = count_sequences(graph)
    return Result("proved", time.perf_counter() - start, witness=info)


THEOREMS: tuple[Theorem, ...] = (
    Theorem("ranking.strict-total-order", "The ranking is a strict total order on the cards "
            "that can win, under every trump and suit to follow (Z3).", ranking_total_order),
    Theorem("ranking.beats-graph", "The same, checked as a networkx beats graph for each trump "
            "and suit to follow.", ranking_graph),
    Theorem("trick.one-winner", "Every complete trick has exactly one winner.", trick_one_winner),
    Theorem("play.legal-card-exists", "A player to move always has a legal card.",
            legal_card_exists),
    Theorem("joker.red-lead-wins", "A red Joker led with permission always wins.",
            red_joker_lead_wins),
    Theorem("auction.one-contract", "The auction graph is acyclic and ends in exactly one "
            "contract.", auction_one_contract),
    Theorem("deck.matches-deal", "The deck holds exactly players x hand-size cards.",
            deck_matches_deal),
    Theorem("score.one-team", "Exactly one team scores on each hand, with points from the "
            "table.", one_team_scores),
    Theorem("game.single-winner", "A game never ends with both teams winning.",
            single_game_winner),
    Theorem("hand.early-stop-keeps-score", "Stopping once the bid is decided never changes the "
            "score.", early_stop_keeps_score),
)
