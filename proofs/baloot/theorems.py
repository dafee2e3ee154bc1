"""Well-formedness theorems of a Baloot profile, each with a stable id, proved by Z3 or networkx
over the model written from ``spec/baloot/``; a refutation carries a witness replayed in the
engine (:mod:`trickrules.proofs.baloot.replay`). Unknown is never counted as proved."""

from __future__ import annotations

import time

import z3

from trickrules.proofs.baloot import auction_z3 as az
from trickrules.proofs.baloot import projects as pj
from trickrules.proofs.baloot.auction_graph import CONTRACT, REDEAL, auction_graph, count_sequences
from trickrules.proofs.baloot.crosscheck import (
    auction_counts,
    auction_z3_graph,
    doubling_counts,
    small_scope,
)
from trickrules.proofs.baloot.doubling import doubling_graph, sequences
from trickrules.proofs.baloot.model import (
    CARDS,
    NO_TRUMP,
    card_name,
    card_points,
    last_trick_points,
    legal,
    strength,
    winner_is,
)
from trickrules.proofs.baloot.replay import replay_legal, replay_trick
from trickrules.proofs.baloot.score_theorems import MULTIPLIERS as MULTIPLIERS
from trickrules.proofs.baloot.score_theorems import (
    baloot_never_multiplied,
    failed_gives_all,
    game_points_total,
    made_xor_failed,
    model_int,
)
from trickrules.proofs.baloot.score_theorems import hand_witness as hand_witness
from trickrules.proofs.baloot.score_theorems import symbolic_hand as symbolic_hand
from trickrules.proofs.baloot.scoring import HOKOM_TOTAL, SUN_TOTAL, game_winner
from trickrules.proofs.baloot.situation import situation
from trickrules.proofs.kit import Theorem
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names, Result, prove
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.

TRUMPS = (NO_TRUMP, 0, 1, 2, 3)
"""Sun (no trump), then Hokom in each suit."""


def _contract_name(trump: int) -> str:
    return "sun" if trump == NO_TRUMP else f"hokom-{SUIT_LETTERS[trump]}"


def rank_total_order(profile: Profile) -> Result:
    """Z3: under every contract and suit led, no two cards that can win are equally strong
    (so the order by strength is a strict total order on them)."""
    names = Names("rank-order")
    sp = SymbolicProfile(profile, names)
    a, b, led, trump = (names.int(n) for n in ("a", "b", "led", "trump"))
    setting = [*sp.constraints(), a >= 0, a < 32, b >= 0, b < 32, a != b, led >= 0, led <= 3,
               trump >= NO_TRUMP, trump <= 3]
    sa, sb = strength(sp, a, led, trump), strength(sp, b, led, trump)
    result = prove(z3.Implies(z3.And(sa >= 0, sb >= 0), sa != sb), setting)
    if result.model is not None:
        m = result.model
        result.witness = {"a": card_name(model_int(m, a)), "b": card_name(model_int(m, b)),
                          "led": SUIT_LETTERS[model_int(m, led)],
                          "contract": _contract_name(model_int(m, trump))}
    return result


def rank_graph(profile: Profile) -> Result:
    """networkx: for every contract and suit led, the beats graph of the cards that can win is
    a tournament without cycles (a strict total order), from the model's folded terms."""
    start = time.perf_counter()
    for chosen, concrete in profile.expand(["rank.plain", "rank.trump"]):
        found = _rank_graph(concrete)
        if found:
            found.update({f"reading {k}": v for k, v in chosen.items()})
            return Result("refuted", time.perf_counter() - start, witness=found)
    return Result("proved", time.perf_counter() - start)


def _rank_graph(profile: Profile) -> dict[str, object]:
    import networkx as nx

    sp = SymbolicProfile(profile, Names("rank-graph"))
    for trump in TRUMPS:
        for led in range(4):
            power = {c: strength(sp, c, led, trump) for c in CARDS}
            cards = [c for c in CARDS if power[c] >= 0]
            graph = nx.DiGraph()
            graph.add_nodes_from(cards)
            graph.add_edges_from((x, y) for x in cards for y in cards if power[x] > power[y])
            pairs = len(cards) * (len(cards) - 1) // 2
            if graph.number_of_edges() != pairs or not nx.is_directed_acyclic_graph(graph):
                return {"contract": _contract_name(trump), "led": SUIT_LETTERS[led],
                        "edges": graph.number_of_edges(), "pairs": pairs}
    return {}


def trick_one_winner(profile: Profile) -> Result:
    """Z3: every trick of four different cards has exactly one winner, in either contract."""
    names = Names("one-winner")
    sp = SymbolicProfile(profile, names)
    cards = [names.int(f"card{k}") for k in range(4)]
    trump = names.int("trump")
    setting = [*sp.constraints(), z3.Distinct(*cards), trump >= NO_TRUMP, trump <= 3,
               *[z3.And(c >= 0, c < 32) for c in cards]]
    winners = [z3.If(t.lift(winner_is(sp, cards, trump, k)), 1, 0) for k in range(4)]
    result = prove(z3.Sum(winners) == 1, setting)
    if result.model is not None:
        played = [model_int(result.model, c) for c in cards]
        tr = model_int(result.model, trump)
        chosen = {pid: sp.reading_of(result.model, pid) for pid in profile.symbolic
                  if pid in sp.used}
        result.witness = {"contract": _contract_name(tr),
                          "trick": " ".join(card_name(c) for c in played),
                          **{f"reading {k}": v for k, v in chosen.items()}}
        result.replay = replay_trick(profile.pin_witness(chosen), tr, played)
    return result


def _any_hand_has_legal(profile: Profile, place: int) -> Result:
    """Z3: at ``place`` in a trick, any non-empty hand has a legal card, whatever cards (not
    in it) are on the table, in either contract, locked or not."""
    names = Names(f"legal-exists-{place}")
    sp = SymbolicProfile(profile, names)
    hand = [names.bool(f"holds{c}") for c in CARDS]
    trick = [names.int(f"trick{k}") for k in range(place)]
    trump, locked = names.int("trump"), names.bool("locked")
    setting = [*sp.constraints(), trump >= NO_TRUMP, trump <= 3, z3.Or(hand),
               *[z3.And(c >= 0, c < 32) for c in trick]]
    if len(trick) > 1:
        setting.append(z3.Distinct(*trick))
    for c in trick:
        setting.append(z3.And([z3.Implies(c == k, z3.Not(hand[k])) for k in CARDS]))
    claim = t.Or([legal(sp, hand, trick, trump, locked, c) for c in CARDS])
    return prove(t.lift(claim), setting)


def _reachable_has_legal(profile: Profile, place: int, seconds: float) -> Result:
    """Z3: at ``place`` in a trick, every situation a deal and a play can reach gives the
    player to move a legal card; a refutation is replayed in the engine (``seconds`` are
    those spent so far)."""
    reachable = situation(profile, Names(f"legal-exists-reachable-{place}"), place)
    result = prove(t.lift(t.Or([reachable.legal(c) for c in CARDS])),
                   reachable.constraints)
    result.seconds += seconds
    if result.model is not None:
        result.witness = {k: str(v) for k, v in reachable.decode(result.model).items()}
        chosen = {pid: reachable.sp.reading_of(result.model, pid)
                  for pid in profile.symbolic if pid in reachable.sp.used}
        result.replay = replay_legal(profile.pin_witness(chosen),
                                     reachable.decode(result.model))
    return result


def legal_card_exists(profile: Profile) -> Result:
    """Z3: a player to move always has a legal card, at every place in a trick, in Sun and in
    Hokom, locked or not. Proved first for any hand and any cards on the table (a stronger
    claim, quick to decide); only if that fails is a reachable situation searched for a witness,
    which is replayed in the engine."""
    total = 0.0
    for place in range(4):
        result = _any_hand_has_legal(profile, place)
        total += result.seconds
        if result.verdict == "proved":
            continue
        return _reachable_has_legal(profile, place, total)
    return Result("proved", total)


def card_points_total(profile: Profile) -> Result:
    """The card points of a hand, last trick included, are 130 in Sun and 162 in Hokom."""
    names = Names("points-total")
    sp = SymbolicProfile(profile, names)
    claims = [t.Sum(card_points(sp, c, trump) for c in CARDS) + last_trick_points(sp)
              == (SUN_TOTAL if trump == NO_TRUMP else HOKOM_TOTAL) for trump in TRUMPS]
    return prove(t.lift(t.And(claims)), sp.constraints())


def projects_total_order(profile: Profile) -> Result:
    """Z3: between projects of different players the comparison is a strict total order
    (false where equal projects leave neither side higher)."""
    names = Names("projects-order")
    sp = SymbolicProfile(profile, names)
    made: list[pj.Project] = []
    setting = list(sp.constraints())
    for label in "pqr":
        kind, top, order = names.int(f"{label}-kind"), names.int(f"{label}-top"), \
            names.int(f"{label}-order")
        run, trump = names.bool(f"{label}-run"), names.bool(f"{label}-in-trump")
        setting += [z3.Or([kind == k for k in pj.KIND_NAMES]), top >= 0, top <= 7,
                    order >= 0, order <= 3, z3.Implies(trump, run),
                    z3.Implies(kind != pj.HUNDRED, run == (kind < pj.HUNDRED))]
        made.append(pj.Project(kind, run, top, trump, order))
    p, q, r = made
    setting += [p.order != q.order, q.order != r.order, p.order != r.order]
    def hi(x: pj.Project, y: pj.Project) -> z3.BoolRef:
        return t.lift(pj.higher(sp, x, y))

    claim = z3.And(z3.Not(hi(p, p)), z3.Implies(hi(p, q), z3.Not(hi(q, p))),
                   z3.Implies(z3.And(hi(p, q), hi(q, r)), hi(p, r)),
                   z3.Or(hi(p, q), hi(q, p)))
    result = prove(claim, setting)
    if result.model is not None:
        m = result.model
        result.witness = {f"{label} {k}": v for label, x in (("p", p), ("q", q)) for k, v in (
            ("kind", pj.KIND_NAMES.get(model_int(m, x.kind), "?")), ("top", model_int(m, x.top)),
            ("order", model_int(m, x.order)))}
    return result


def baloot_apart(profile: Profile) -> Result:
    """Z3: no card counts both in Baloot and in another project, except the King and Queen of
    trump together in one Sira or 50 (false where Baloot always counts)."""
    names = Names("baloot-apart")
    sp = SymbolicProfile(profile, names)
    king, queen, declares = names.bool("king-in"), names.bool("queen-in"), names.bool("declarer")
    kind, run = names.int("kind"), names.bool("run")
    counts = t.lift(pj.baloot_counts(sp, declares, king, queen, kind, run))
    allowed = z3.And(king, queen, z3.Or(kind == pj.SIRA, kind == pj.FIFTY))
    shape = z3.If(run, kind <= pj.HUNDRED, kind >= pj.HUNDRED)
    result = prove(z3.Implies(z3.And(counts, z3.Or(king, queen)), allowed),
                   [*sp.constraints(), z3.Or([kind == k for k in pj.KIND_NAMES]), shape])
    if result.model is not None:
        m = result.model
        result.witness = {"kind": pj.KIND_NAMES[model_int(m, kind)],
                          "a run": z3.is_true(m.eval(run, model_completion=True)),
                          "king in it": z3.is_true(m.eval(king, model_completion=True)),
                          "queen in it": z3.is_true(m.eval(queen, model_completion=True))}
    return result


def auction_ends(profile: Profile) -> Result:
    """networkx: every sequence of calls ends in one contract or a redeal, whoever may call
    Kawesh and whatever the public card; the counts of sequences are reported."""
    import networkx as nx

    start = time.perf_counter()
    counts = []
    for kawesh in (frozenset(), frozenset(range(4))):
        for ace in (False, True):
            graph, first = auction_graph(profile, kawesh, ace)
            sinks = [n for n in graph.nodes if graph.out_degree(n) == 0]
            if not nx.is_directed_acyclic_graph(graph) or any(not n.end for n in sinks):
                return Result("refuted", time.perf_counter() - start, witness={
                    "kawesh": sorted(kawesh), "ace": ace, "states": len(graph)})
            found = count_sequences(graph, first)
            counts.append(f"{found[CONTRACT]}+{found[REDEAL]}")
    return Result("proved", time.perf_counter() - start,
                  reason="call sequences ending in a contract+redeal (no Kawesh, no Ace; Ace; "
                         "Kawesh for all; both): " + ", ".join(counts))


def doubling_ends(profile: Profile) -> Result:
    """networkx: every doubling sequence ends (the graph has no cycle and each point without a
    call is an end), after a Hokom and after a Sun, whatever the scores."""
    import networkx as nx

    start = time.perf_counter()
    counts = []
    for chosen, concrete in profile.expand(["double.lock", "double.sun", "double.sun-ahead",
                                            "double.four-caller", "double.buyer-raises"]):
        for hokom in (True, False):
            for scores in ((0, 0), (120, 50)):
                graph, first = doubling_graph(concrete, hokom, scores, 0)
                if not nx.is_directed_acyclic_graph(graph):
                    return Result("refuted", time.perf_counter() - start, witness={
                        "contract": "hokom" if hokom else "sun",
                        **{f"reading {k}": v for k, v in chosen.items()}})
                if not chosen:
                    counts.append(f"{'Hokom' if hokom else 'Sun'} at {scores[0]}-{scores[1]}: "
                                  f"{sequences(graph, first)}")
    return Result("proved", time.perf_counter() - start,
                  reason="doubling sequences: " + ", ".join(counts))


def auction_ends_z3(profile: Profile) -> Result:
    """Z3: every sequence of allowed calls ends in a contract or a redeal within
    :data:`~trickrules.proofs.baloot.auction_z3.STEPS` calls, whoever holds a Kawesh hand and
    whatever the public card."""
    names = Names("auction-z3")
    sp = SymbolicProfile(profile, names)
    calls = [names.int(f"call{i}") for i in range(az.STEPS)]
    kawesh = tuple(names.bool(f"kawesh{s}") for s in range(4))
    ace = names.bool("ace")
    ok, final = az.unrolled(sp, calls, kawesh, ace)
    setting = [*sp.constraints(), *[t.lift(x) for x in ok],
               *[z3.Or([c == k for k in az.CALLS]) for c in calls]]
    result = prove(t.lift(final.end != az.OPEN), setting)
    if result.model is not None:
        result.witness = {"calls": " ".join(az.CALL_NAMES[model_int(result.model, c)]
                                            for c in calls)}
    return result


def deck_dealt_exactly(profile: Profile) -> Result:
    """The pack holds exactly what the deal hands out: five each and the public card, then
    the rest, eight each."""
    start = time.perf_counter()
    deck = profile.reading("deck.cards").value or 0
    first = [int(n) for n in profile.value("deal.packets").split("-")[:2]]
    taker = 2 if profile.value("deal.completion") == "taker-2-others-3" else 0
    others = 3 if taker else 0
    rest = deck - 4 * sum(first) - 1
    ok = rest == taker + 3 * others and sum(first) + 1 + taker == 8 == sum(first) + others
    return Result("proved" if ok else "refuted", time.perf_counter() - start,
                  witness={} if ok else {"deck": deck, "first": sum(first), "rest": rest})


def game_single_winner(profile: Profile) -> Result:
    """Z3: a hand never ends the game with two winners, and when a side reaches the target the
    game ends, except under ``higher-total`` with equal totals (another hand is played)."""
    names = Names("game-winner")
    sp = SymbolicProfile(profile, names)
    s0, s1, g0, g1, side, gw = (names.int(n) for n in ("s0", "s1", "g0", "g1", "side", "gw"))
    setting = [*sp.constraints(), s0 >= 0, s1 >= 0, s0 < sp.value("game.target"),
               s1 < sp.value("game.target"), g0 >= 0, g1 >= 0, z3.Or(side == 0, side == 1),
               gw >= -1, gw <= 1]
    winner = game_winner(sp, (s0, s1), (g0, g1), side, gw)
    target = sp.value("game.target")
    reached = z3.Or(s0 + g0 >= target, s1 + g1 >= target)
    tie = z3.And(s0 + g0 == s1 + g1, s0 + g0 >= target, t.lift(sp.is_("game.both-reach",
                                                                       "higher-total")))
    claim = z3.And(winner >= -1, winner <= 1,
                   z3.Implies(z3.And(reached, z3.Not(tie)), winner >= 0))
    return prove(claim, setting)


THEOREMS: tuple[Theorem, ...] = (
    Theorem("rank.strict-total-order", "The cards that can win a trick are strictly ordered, "
            "in Sun and under each trump, whatever suit is led (Z3).", rank_total_order),
    Theorem("rank.beats-graph", "The same, as a networkx beats graph per contract and suit led.",
            rank_graph),
    Theorem("trick.one-winner", "Every complete trick has exactly one winner.", trick_one_winner),
    Theorem("play.legal-card-exists", "A player to move always has a legal card, locked double "
            "included.", legal_card_exists),
    Theorem("score.card-points-total", "The card points of a hand are 130 in Sun and 162 in "
            "Hokom, the last trick included.", card_points_total),
    Theorem("score.game-points-total", "A made, undoubled hand shares 26 game points in Sun and "
            "16 in Hokom.", game_points_total),
    Theorem("score.failed-gives-all", "A failed contract gives the defenders every game point "
            "of the cards.", failed_gives_all),
    Theorem("score.made-xor-failed", "A hand is made or failed, and its score tells which.",
            made_xor_failed),
    Theorem("score.baloot-never-multiplied", "Baloot adds the same whatever the stakes.",
            baloot_never_multiplied),
    Theorem("project.strict-total-order", "Projects of different players are strictly "
            "ordered, so one side at most scores projects.", projects_total_order),
    Theorem("project.baloot-apart", "No card counts in Baloot and another project, but the "
            "King and Queen of trump together in one Sira or 50.", baloot_apart),
    Theorem("auction.ends", "Every sequence of calls ends in one contract or a redeal "
            "(networkx), with the number of sequences.", auction_ends, concrete=("deal",
                                                                               "auction")),
    Theorem("crosscheck.small-scope", "Engine and model agree on every trick and legal set of a "
            "small decisive pool in Sun and Hokom, locked or not, and on every hand score of a "
            "grid of splits, stakes, projects and Baloot.", small_scope, crosscheck=True),
    Theorem("crosscheck.auction-graph", "The engine allows exactly the call sequences of the "
            "buying graph, on deals with and without Kawesh and an Ace.", auction_counts,
            crosscheck=True),
    Theorem("auction.ends-z3", "The same in Z3: every sequence of allowed calls ends within "
            "16 calls.", auction_ends_z3, concrete=("deal", "auction")),
    Theorem("crosscheck.auction-z3-graph", "The buying in Z3 allows exactly the graph's calls "
            "at every state, each leading to the same state.", auction_z3_graph,
            crosscheck=True),
    Theorem("doubling.ends", "Every doubling sequence ends, and Sun goes no higher than Double "
            "(networkx), with the number of sequences.", doubling_ends),
    Theorem("crosscheck.doubling-graph", "The engine allows exactly the doubling sequences of "
            "the graph, in both contracts, at scores around 100.", doubling_counts,
            crosscheck=True),
    Theorem("deal.deck-dealt-exactly", "The pack holds exactly what the deal hands out.",
            deck_dealt_exactly),
    Theorem("game.single-winner", "A game never has two winners, and ends once a side "
            "reaches the target alone.", game_single_winner),
)
