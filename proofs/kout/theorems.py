"""Well-formedness theorems of a Kout profile, each with a stable id, proved by Z3 or networkx.

Every theorem returns a :class:`~trickrules.proofs.smt.solver.Result`: proved, refuted (with a
witness), or unknown; unknown is never counted as proved.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

import z3

from trickrules.proofs.kit import Theorem
from trickrules.proofs.kout.auction import (
    MAX_BID,
    MIN_BID,
    NO_CALL,
    PASS,
    SymbolicAuction,
    call_code,
    symbolic_auction,
)
from trickrules.proofs.kout.auction_graph import auction_graph, count_sequences
from trickrules.proofs.kout.crosscheck import score_game_end
from trickrules.proofs.kout.model import (
    NO_SUIT,
    TrickContext,
    beats,
    is_joker,
    outranks,
    rank,
    tier,
    trick_context,
    winner_is,
)
from trickrules.proofs.kout.replay import replay, replay_score
from trickrules.proofs.kout.scoring import contract_terms, decided, hand_points, wins_game
from trickrules.proofs.kout.situation import (
    SymbolicSituation,
    in_deck,
    profile_deck,
    profile_hand_size,
    symbolic_situation,
)
from trickrules.proofs.kout.smallscope import small_scope
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names, Result, make_solver, prove
from trickrules.spec.cards import BLACK_JOKER, RED_JOKER, SUIT_LETTERS, SUITS, card_name
from trickrules.spec.model import Profile

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.


def ranking_total_order(profile: Profile) -> Result:
    """Z3: among cards that can win, ``beats`` is irreflexive, asymmetric, transitive, total."""
    names = Names("ranking")
    a, b, c = names.int("a"), names.int("b"), names.int("c")
    trump, follow = names.int("trump"), names.int("follow")
    deck = profile_deck(profile)
    setting = [in_deck(a, deck), in_deck(b, deck), in_deck(c, deck), trump >= 0, trump <= 3,
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
    import networkx as nx

    start = time.perf_counter()
    deck = profile_deck(profile)
    for trump in SUITS:
        for follow in (NO_SUIT, *SUITS):
            # the model's own terms, folded to values: every input here is known
            level = {c: tier(c, trump, follow, False) for c in deck}
            cards = [c for c in deck if level[c] >= 1]
            graph = nx.DiGraph()
            graph.add_nodes_from(cards)
            for x in cards:
                for y in cards:
                    if x != y and outranks(level[x], rank(x), level[y], rank(y)):
                        graph.add_edge(x, y)
            pairs = len(cards) * (len(cards) - 1) // 2
            if graph.number_of_edges() != pairs or not nx.is_directed_acyclic_graph(graph):
                return Result("refuted", time.perf_counter() - start, witness={
                    "trump": trump, "follow": follow, "edges": graph.number_of_edges(),
                    "pairs": pairs})
    return Result("proved", time.perf_counter() - start)


def _refuted_with_replay(result: Result, profile: Profile, situation: SymbolicSituation,
                         then: list[z3.ArithRef]) -> Result:
    """Decode a refuting model into a concrete situation and replay it in the engine."""
    if result.model is None:
        return result
    model = result.model
    concrete = situation.decode(model)
    extra = [int(model.eval(c, model_completion=True).as_long()) for c in then]
    chosen = {pid: situation.sp.reading_of(model, pid) for pid in profile.symbolic}
    replayed = replay(profile.pin(chosen), concrete, extra)
    result.replay = replayed.as_json()
    result.witness = {"trump": SUIT_LETTERS[concrete.trump], "bid": concrete.bid,
                      "declarer": concrete.declarer,
                      "trick": " ".join(card_name(c) for c in (*concrete.trick, *extra)),
                      **{f"reading {k}": v for k, v in chosen.items()}}
    return result


def _complete_trick(profile: Profile, scope: str) -> tuple[SymbolicSituation, z3.ArithRef,
                                                           list[z3.ArithRef], TrickContext]:
    """A reachable trick with every card but the last down, and a legal last card."""
    names = Names(scope)
    situation = symbolic_situation(profile, names, profile.game.players - 1)
    last = names.int("last")
    situation.constraints.append(situation.legal(last))
    cards = [*situation.trick, last]
    context = trick_context(situation.sp, cards, situation.trump, situation.lead_permitted)
    return situation, last, cards, context


def trick_one_winner(profile: Profile) -> Result:
    """Every complete trick has exactly one winner.

    First proved for any distinct cards with any lead permission, a stronger claim that is
    quick to decide; only if that fails is the reachable trick searched for a real witness.
    """
    names = Names("one-winner-any")
    sp = SymbolicProfile(profile, names)
    deck = profile_deck(profile)
    loose = [names.int(f"card{k}") for k in range(profile.game.players)]
    trump, permitted = names.int("trump"), names.bool("lead-permitted")
    ctx = trick_context(sp, loose, trump, permitted)
    one = z3.Sum([z3.If(winner_is(k, loose, ctx), 1, 0) for k in range(len(loose))]) == 1
    quick = prove(one, [*sp.constraints(), *[in_deck(c, deck) for c in loose],
                        z3.Distinct(*loose), trump >= 0, trump <= 3])
    if quick.verdict == "proved":
        return quick
    situation, last, cards, ctx = _complete_trick(profile, "one-winner")
    winners = [z3.If(winner_is(k, cards, ctx), 1, 0) for k in range(len(cards))]
    result = prove(z3.Sum(winners) == 1, situation.constraints)
    result.seconds += quick.seconds
    return _refuted_with_replay(result, profile, situation, [last])


def _joker_lead_wins(profile: Profile, joker: int, scope: str) -> Result:
    situation, last, cards, ctx = _complete_trick(profile, scope)
    setting = [*situation.constraints, cards[0] == joker, situation.lead_permitted]
    result = prove(winner_is(0, cards, ctx), setting)
    return _refuted_with_replay(result, profile, situation, [last])


def red_joker_lead_wins(profile: Profile) -> Result:
    """A red Joker led with permission wins its trick."""
    return _joker_lead_wins(profile, RED_JOKER, "red-lead")


def black_joker_lead_wins(profile: Profile) -> Result:
    """A black Joker led with permission wins its trick (false: the red Joker beats it)."""
    return _joker_lead_wins(profile, BLACK_JOKER, "black-lead")


def worthless_lead_never_wins(profile: Profile) -> Result:
    """A Joker led without permission never wins its trick."""
    situation, last, cards, ctx = _complete_trick(profile, "worthless-lead")
    setting = [*situation.constraints, is_joker(cards[0]), z3.Not(situation.lead_permitted)]
    result = prove(z3.Not(winner_is(0, cards, ctx)), setting)
    return _refuted_with_replay(result, profile, situation, [last])


def legal_card_exists(profile: Profile) -> Result:
    """A player to move always has a legal card, at every position of a trick (leading or
    following), in every reachable situation."""
    total = 0.0
    deck = profile_deck(profile)
    for position in range(profile.game.players):
        situation = symbolic_situation(profile, Names(f"legal-exists-{position}"), position)
        result = prove(t.Or([situation.legal(c) for c in deck]),
                       situation.constraints)
        total += result.seconds
        if result.verdict != "proved":
            result.seconds = total
            result = _refuted_with_replay(result, profile, situation, [])
            result.witness["trick position"] = position
            return result
    return Result("proved", total)


def deck_matches_deal(profile: Profile) -> Result:
    """The deck holds exactly players x hand-size cards."""
    deck, players = len(profile_deck(profile)), profile.game.players
    size = profile_hand_size(profile)
    if deck == players * size:
        return Result("proved", 0.0)
    return Result("refuted", 0.0, witness={"deck": deck, "players": players, "hand_size": size,
                                           "needed": players * size})


def one_team_scores(profile: Profile) -> Result:
    """Exactly one team scores on each hand, and the points are in the profile's table."""
    names = Names("one-team")
    sp = SymbolicProfile(profile, names)
    bid, malzoom, rules = contract_terms(names, sp)
    won = names.int("tricks-won")
    size = profile_hand_size(profile)
    ours, theirs = hand_points(sp, bid, malzoom, won)
    table = z3.Or(ours == bid, ours == 36, theirs == 2 * bid, theirs == 5,
                  z3.And(sp.is_("score.made", "tricks-won"), ours == won),
                  z3.And(sp.is_("score.failed", "double-tricks-won"), theirs == 2 * won))
    claim = z3.And(z3.Or(z3.And(ours > 0, theirs == 0), z3.And(ours == 0, theirs > 0)), table)
    result = prove(claim, [*sp.constraints(), *rules, won >= 0, won <= size])
    if result.model is not None:
        m = result.model

        def value(term: z3.ArithRef) -> int:
            return int(m.eval(term, model_completion=True).as_long())

        chosen = {pid: sp.reading_of(m, pid) for pid in profile.symbolic if pid in sp.used}
        is_malzoom = z3.is_true(m.eval(malzoom, model_completion=True))
        result.witness = {"bid": value(bid), "malzoom": is_malzoom, "bidders_won": value(won),
                          "points": [value(ours), value(theirs)],
                          **{f"reading {k}": v for k, v in chosen.items()}}
        result.replay = replay_score(profile.pin_witness(chosen), value(bid), is_malzoom,
                                     value(won), (value(ours), value(theirs)))
    return result


def single_game_winner(profile: Profile) -> Result:
    """A game never ends with both teams winning: after any hand of a game not yet won, at most
    one team meets a winning condition."""
    names = Names("game-end")
    sp = SymbolicProfile(profile, names)
    bid, malzoom, rules = contract_terms(names, sp)
    s0, s1, won = names.int("score0"), names.int("score1"), names.int("bidders-won")
    made = won >= bid
    first_hand, bidders_team0 = names.bool("first-hand"), names.bool("bidders-team0")
    ours, theirs = hand_points(sp, bid, malzoom, won)
    add0 = z3.If(bidders_team0, ours, theirs)
    add1 = z3.If(bidders_team0, theirs, ours)
    bawan = z3.And(made, bid == 9)
    before = [s0 >= 0, s1 >= 0,
              z3.Not(wins_game(sp, s0, s1, z3.BoolVal(False), z3.BoolVal(False))),
              z3.Not(wins_game(sp, s1, s0, z3.BoolVal(False), z3.BoolVal(False))),
              z3.Implies(first_hand, z3.And(s0 == 0, s1 == 0))]
    win0 = wins_game(sp, s0 + add0, s1 + add1, first_hand, z3.And(bawan, bidders_team0))
    win1 = wins_game(sp, s1 + add1, s0 + add0, first_hand, z3.And(bawan, z3.Not(bidders_team0)))
    return prove(z3.Not(z3.And(win0, win1)), [*sp.constraints(), *rules, *before, won >= 0,
                                               won <= profile_hand_size(profile)])


def _won_by(tricks: list[z3.BoolRef], upto: z3.ArithRef | int) -> z3.ArithRef:
    """The tricks among the first ``upto`` that the bidding team won (``tricks[i]``: it won
    trick ``i``)."""
    return z3.Sum([z3.If(z3.And(t, i < upto), 1, 0) for i, t in enumerate(tricks)])


def _decided_at(tricks: list[z3.BoolRef], upto: z3.ArithRef | int, bid: z3.ArithRef,
                size: int) -> z3.BoolRef:
    won = _won_by(tricks, upto)
    result: z3.BoolRef = t.lift(decided(won, upto - won, bid, size))
    return result


def early_stop_keeps_score(profile: Profile) -> Result:
    """Stopping a hand as soon as the bid is made or beaten never changes whether it is made."""
    names = Names("early-stop")
    size = profile_hand_size(profile)
    bid = names.int("bid")
    tricks = [names.bool(f"bidders-win-{i}") for i in range(size)]
    stop = names.int("stop")
    claim = (_won_by(tricks, stop) >= bid) == (_won_by(tricks, size) >= bid)
    return prove(z3.Implies(_decided_at(tricks, stop, bid, size), claim),
                 [bid >= 5, bid <= 9, stop >= 0, stop <= size])


def made_at_stop_scores_the_bid(profile: Profile) -> Result:
    """A hand that stops as soon as it is decided and is made ends with exactly the bid's
    tricks, so scoring the bid and scoring the tricks won give the same points (the two
    readings of ``score.made`` coincide wherever ``hand.early-stop`` stops the hand)."""
    names = Names("made-at-stop")
    sp = SymbolicProfile(profile, names)
    size = profile_hand_size(profile)
    bid, malzoom, rules = contract_terms(names, sp)
    tricks = [names.bool(f"bidders-win-{i}") for i in range(size)]
    stop = names.int("stop")
    won = _won_by(tricks, stop)
    first = z3.And(_decided_at(tricks, stop, bid, size),
                   z3.Or(stop == 0, z3.Not(_decided_at(tricks, stop - 1, bid, size))))
    scored = hand_points(sp, bid, malzoom, won)[0]
    by_bid = z3.If(bid == 9, sp.value("score.bawan-made"), bid)
    claim = z3.Implies(z3.And(first, won >= bid), z3.And(won == bid, scored == by_bid))
    return prove(claim, [*sp.constraints(), *rules, stop >= 1, stop <= size])


def auction_one_contract(profile: Profile) -> Result:
    """networkx: the auction graph is acyclic and every finished auction holds one contract."""
    import networkx as nx

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


def _auction(profile: Profile, scope: str) -> tuple[SymbolicProfile, SymbolicAuction]:
    names = Names(scope)
    sp = SymbolicProfile(profile, names)
    return sp, symbolic_auction(sp, names, profile.game.players)


def _calls_witness(result: Result, auction: SymbolicAuction) -> Result:
    if result.model is not None:
        model = result.model
        calls = [int(model.eval(c, model_completion=True).as_long()) for c in auction.calls]
        result.witness = {"calls": " ".join("pass" if c == 0 else f"bid {c}"
                                            for c in calls if c != NO_CALL)}
    return result


def auction_ends_in_contract(profile: Profile) -> Result:
    """Z3: every legal call sequence ends the auction with one contract, a bid of 5..9 held by
    one seat, within the longest possible auction."""
    sp, auction = _auction(profile, "auction-ends")
    end = auction.end
    claim = z3.And(end.over, end.high >= MIN_BID, end.high <= MAX_BID, end.high_seat >= 0,
                   end.high_seat < profile.game.players)
    return _calls_witness(prove(claim, [*sp.constraints(), *auction.constraints]), auction)


def dealer_must_bid(profile: Profile) -> Result:
    """Z3: when every other player passes, the dealer may not pass, and the contract is the
    dealer's forced bid."""
    sp, auction = _auction(profile, "forced-bid")
    dealer = profile.game.players - 1
    passes = [c == PASS for c in auction.calls[:dealer]]
    claim = z3.And(auction.calls[dealer] >= MIN_BID, auction.end.high_seat == dealer,
                   auction.end.forced_contract)
    return _calls_witness(prove(claim, [*sp.constraints(), *auction.constraints, *passes]),
                          auction)


def auction_model_matches_graph(profile: Profile) -> Result:
    """Cross-check: at every situation of the networkx auction graph, reached by its shortest
    call sequence, the Z3 auction allows exactly the calls the graph has edges for."""
    import networkx as nx

    start_time = time.perf_counter()
    graph = auction_graph(profile)
    sp, auction = _auction(profile, "auction-graph")
    solver = make_solver()
    solver.add(*sp.constraints(), *auction.constraints)
    start = next(n for n in graph if graph.in_degree(n) == 0)
    every = (NO_CALL, PASS, *range(MIN_BID, MAX_BID + 1))
    for node, path in nx.single_source_shortest_path(graph, start).items():
        prefix = [call_code(graph.edges[a, b]["call"]) for a, b in itertools.pairwise(path)]
        fixed = [auction.calls[i] == c for i, c in enumerate(prefix)]
        expected = {call_code(graph.edges[node, b]["call"]) for b in graph.successors(node)}
        expected = expected or {NO_CALL}
        allowed = set()
        for call in every:
            answer = solver.check(*fixed, auction.calls[len(prefix)] == call)
            if answer == z3.unknown:
                return Result("unknown", time.perf_counter() - start_time,
                              reason=solver.reason_unknown())
            if answer == z3.sat:
                allowed.add(call)
        if allowed != expected:
            return Result("refuted", time.perf_counter() - start_time, witness={
                "calls": " ".join(graph.edges[a, b]["call"] for a, b in itertools.pairwise(path)),
                "graph": sorted(expected), "z3": sorted(allowed)})
    return Result("proved", time.perf_counter() - start_time,
                  witness={"situations": graph.number_of_nodes()})


AUCTION = ("deal", "auction")
"""The auction graph needs concrete auction readings; the Z3 auction over all sixteen
combinations at once exceeds the solver's resource limit, one combination at a time does not."""

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
    Theorem("joker.black-lead-can-lose", "A black Joker led with permission does not always "
            "win: expected refuted, the witness is a trick the red Joker or the trump Ace "
            "takes.",
            black_joker_lead_wins, expect="refuted"),
    Theorem("joker.worthless-lead-never-wins", "A Joker led without permission never wins.",
            worthless_lead_never_wins),
    Theorem("auction.one-contract", "The auction graph is acyclic and ends in exactly one "
            "contract.", auction_one_contract, concrete=AUCTION),
    Theorem("auction.ends-in-contract", "Every legal call sequence ends in one contract (Z3).",
            auction_ends_in_contract, concrete=AUCTION),
    Theorem("auction.dealer-must-bid", "When all others pass, the dealer must bid and holds "
            "the forced contract (Z3).", dealer_must_bid, concrete=AUCTION),
    Theorem("crosscheck.auction-z3-graph", "The Z3 auction allows exactly the graph's calls at "
            "every auction situation.", auction_model_matches_graph, crosscheck=True),
    Theorem("crosscheck.small-scope", "Engine and model agree on every trick and legal-card "
            "question of a small decisive card pool, exhaustively.", small_scope, crosscheck=True),
    Theorem("crosscheck.score-game-end", "Engine and model agree on every hand score and game "
            "end: each contract (Malzoom or not, Bawan), every number of tricks won, scores "
            "around the target and the shut-out, first hand or not.", score_game_end,
            crosscheck=True),
    Theorem("deck.matches-deal", "The deck holds exactly players x hand-size cards.",
            deck_matches_deal),
    Theorem("score.one-team", "Exactly one team scores on each hand, with points from the "
            "table.", one_team_scores),
    Theorem("game.single-winner", "A game never ends with both teams winning.",
            single_game_winner),
    Theorem("hand.early-stop-keeps-score", "Stopping once the bid is decided never changes "
            "whether it is made.", early_stop_keeps_score),
    Theorem("score.made-at-stop", "A made hand that stops once decided ends with exactly the "
            "bid's tricks: scoring the bid and scoring the tricks won give the same points.",
            made_at_stop_scores_the_bid),
)
