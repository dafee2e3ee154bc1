"""Engine against model on a small decisive scope, exhaustively: every trick and every legal
set of a reduced pack in both contracts under each trump duty, every hand score on a grid of
card-point splits, stakes, projects and Baloot, and the projects declared from hands holding
every kind of project and their overlaps. The model is evaluated through its folded
terms; the engine through its public functions. Any difference refutes, with the case."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

from trickrules.proofs.baloot.model import (
    HOKOM,
    NO_TRUMP,
    SUN,
    card_name,
    card_of,
    legal,
    winner_is,
)
from trickrules.proofs.baloot.replay import engine_rules
from trickrules.proofs.baloot.scoring import HOKOM_TOTAL, SUN_TOTAL, Hand, score
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names, Result
from trickrules.spec.model import Profile

CARDS_32 = list(range(32))
POOL = ("9H", "10H", "JH", "KH", "AH", "7S", "10S", "QS", "AS")
"""Hearts with the ranks whose order differs between trump and plain (9, 10, J, K, A), and
spades with low, middle and high cards: enough to tell every rank order and duty apart."""
TRUMP_SETTINGS = (NO_TRUMP, 1, 0)
"""Sun, Hokom in hearts, Hokom in spades."""


_engine = engine_rules
"""The engine's rules of a profile (a name of this module, so a test can break them here)."""


def _winner_difference(rules: Any, sp: SymbolicProfile, pool: list[int], ids: dict[int, int],
                       trump: int) -> dict[str, Any] | None:
    """The first trick of four cards of ``pool`` whose winner engine and model tell apart."""
    from trickrules.engine.baloot.play import winning_index

    e_trump = None if trump == NO_TRUMP else trump
    for four in itertools.permutations(pool, 4):
        model = [k for k in range(4) if winner_is(sp, four, trump, k) is True]
        engine = winning_index(rules, [ids[c] for c in four], e_trump)
        if model != [engine]:
            return {"contract": trump, "trick": [card_name(c) for c in four],
                    "engine winner": engine, "model winners": model}
    return None


def _legal_sets(rules: Any, sp: SymbolicProfile, ids: dict[int, int], trick: tuple[int, ...],
                hand: tuple[int, ...], trump: int, locked: bool) -> tuple[list[str], list[str]]:
    """The cards of ``hand`` the model and the engine allow on ``trick``, by name."""
    from trickrules.engine.baloot.cards import mask
    from trickrules.engine.baloot.play import legal_mask

    e_trump = None if trump == NO_TRUMP else trump
    flags = [c in hand for c in range(32)]
    model_set = sorted(card_name(c) for c in hand
                       if legal(sp, flags, trick, trump, locked, c) is True)
    got = legal_mask(rules, mask(ids[c] for c in hand),
                     [ids[c] for c in trick], e_trump, locked)
    engine_set = sorted(card_name(c) for c in hand if got >> ids[c] & 1)
    return model_set, engine_set


def _legal_difference(rules: Any, sp: SymbolicProfile, pool: list[int], ids: dict[int, int],
                      trump: int) -> dict[str, Any] | None:
    """The first trick in progress and hand of three from ``pool`` whose legal set engine and
    model tell apart, with and without a locked Double."""
    for size in range(3):
        for trick in itertools.permutations(pool, size):
            rest = [c for c in pool if c not in trick]
            for hand in itertools.combinations(rest, 3):
                for locked in (False, True):
                    model_set, engine_set = _legal_sets(rules, sp, ids, trick, hand, trump,
                                                        locked)
                    if model_set != engine_set:
                        return {"contract": trump, "locked": locked,
                                "trick": [card_name(c) for c in trick],
                                "hand": [card_name(c) for c in hand],
                                "engine legal": engine_set, "model legal": model_set}
    return None


def tricks_and_legal(profile: Profile) -> dict[str, Any] | None:
    """The first trick or legal set on which engine and model differ, or None."""
    from trickrules.engine.baloot.cards import parse

    rules = _engine(profile)
    sp = SymbolicProfile(profile, Names("crosscheck-play"))
    pool = [card_of(c) for c in POOL]
    ids = {c: parse(card_name(c)) for c in pool}
    for trump in TRUMP_SETTINGS:
        found = _winner_difference(rules, sp, pool, ids, trump)
        if found is None:
            found = _legal_difference(rules, sp, pool, ids, trump)
        if found is not None:
            return found
    return None


ScoreCase = tuple[int, int, int, bool, tuple[int, int], int, int, tuple[int, int], int, bool]
"""A hand to score: contract, declarer's side, multiplier, Gahwa, card points, the side whose
projects score and their points, Baloot, the side that swept, the buyer's first call on an
Ace (the fields of :class:`trickrules.proofs.baloot.scoring.Hand`)."""


def _sweeps(points: int, full: int) -> list[tuple[int, bool]]:
    """The sweeps a split allows, with whether the buyer called first with an Ace: a side with
    every card point may have won every trick, or not, and a swept buyer may have called first
    with an Ace (a reverse sweep's condition under one reading), or not."""
    return list(itertools.product(
        (-1, *([0] if points == full else []), *([1] if not points else [])),
        (False, True) if points in (0, full) else (False,)))


def _score_cases(edges_only: bool) -> Iterator[ScoreCase]:
    """The grid of hands to score, Sun then Hokom: card-point splits (only the edges and the
    middle with ``edges_only``), stakes, Baloot, buyer, projects and sweeps."""
    for contract, full in ((SUN, SUN_TOTAL), (HOKOM, HOKOM_TOTAL)):
        stakes = [(1, False), (2, False)] + ([(3, False), (4, False), (1, True)]
                                             if contract == HOKOM else [])
        baloots = [(0, 0), (1, 0), (0, 1)] if contract == HOKOM else [(0, 0)]
        splits = (0, 1, full // 2, full - 1, full) if edges_only else range(0, full + 1)
        for points in splits:
            for (mult, gahwa), baloot, side, (pside, ppoints) in itertools.product(
                    stakes, baloots, (0, 1), ((-1, 0), (0, 4), (1, 10))):
                split = (points, full - points)
                for sweep, first_with_ace in _sweeps(points, full):
                    yield (contract, side, mult, gahwa, split, pside, ppoints, baloot, sweep,
                           first_with_ace)


def _score_difference(rules: Any, sp: SymbolicProfile, case: ScoreCase) -> dict[str, Any] | None:
    """The engine's and the model's score of one hand, when they differ."""
    from trickrules.engine.baloot.scoring import HandFacts, score_hand

    contract, side, mult, gahwa, split, pside, ppoints, baloot, sweep, first_with_ace = case
    facts = HandFacts("sun" if contract == SUN else "hokom", side, mult, gahwa,
                      split, None if pside < 0 else pside, ppoints, baloot,
                      None if sweep < 0 else sweep, first_with_ace)
    engine = score_hand(rules, facts)
    model = score(sp, Hand(contract, side, mult, gahwa, split, pside, ppoints,
                           baloot, sweep, first_with_ace))
    want = (engine.made, engine.total, -1 if engine.game_winner is None
            else engine.game_winner)
    got = (model.made, model.total, model.game_winner)
    if want != got:
        return {"facts": facts._asdict(), "engine": want, "model": got}
    return None


def scores(profile: Profile, edges_only: bool = False) -> dict[str, Any] | None:
    """The first hand score on which engine and model differ, or None; with ``edges_only``,
    only the splits where one side has every card point or none (where a sweep is scored),
    and a few around the thresholds."""
    rules = _engine(profile)
    sp = SymbolicProfile(profile, Names("crosscheck-score"))
    for case in _score_cases(edges_only):
        found = _score_difference(rules, sp, case)
        if found is not None:
            return found
    return None


def _project_hands() -> list[list[int]]:
    """Hands that hold every kind of project and their overlaps, and seeded random hands."""
    rng = random.Random("trickrules/baloot/project-hands")
    hands: list[list[int]] = []

    def fill(core: list[int]) -> list[int]:
        rest = [c for c in CARDS_32 if c not in core]
        return core + rng.sample(rest, 8 - len(core))

    for low in range(8):
        for length in range(3, 9 - low):
            hands.append(fill([8 + r for r in range(low, low + length)]))  # hearts
    for r in range(8):
        hands.append(fill([s * 8 + r for s in range(4)]))
        hands.append(fill([s * 8 + r for s in range(4)] + [8 + (r + 1) % 8, 8 + (r + 2) % 8]))
    hands += [rng.sample(CARDS_32, 8) for _ in range(1500)]
    return hands


def projects(profile: Profile) -> dict[str, Any] | None:
    """The first hand whose declared projects (game points and kinds) engine and model give
    differently, or None."""
    from trickrules.engine.baloot.cards import mask, parse
    from trickrules.engine.baloot.projects import best_set
    from trickrules.proofs.baloot.projects import KIND_NAMES, declared

    rules = _engine(profile)
    sp = SymbolicProfile(profile, Names("crosscheck-projects"))
    code = {name: kind for kind, name in KIND_NAMES.items()}
    found_apart = _baloot_apart(rules, sp)
    if found_apart is not None:
        return found_apart
    for hand in _project_hands():
        held = mask(parse(card_name(c)) for c in hand)
        for contract, name in ((SUN, "sun"), (HOKOM, "hokom")):
            for seat in (0, 1):  # seat 0 declares the contract
                found = best_set(rules, held, name, seat, 0)
                engine = (sum(rules.project_values.get(f"{p.kind}-{name}", 0) for p in found),
                          sorted(code[p.kind] for p in found))
                model = declared(sp, hand, contract, seat == 0)
                if engine != model:
                    return {"hand": [card_name(c) for c in hand], "contract": name,
                            "declarer": seat == 0, "engine": engine, "model": model}
    return None


def _baloot_apart(rules: Any, sp: SymbolicProfile) -> dict[str, Any] | None:
    """Whether Baloot counts, engine against model, for every way its King and Queen of
    hearts sit in a project of the holder's, holder declaring or not."""
    from trickrules.engine.baloot.cards import mask as cards_mask
    from trickrules.engine.baloot.cards import parse
    from trickrules.engine.baloot.projects import Project
    from trickrules.engine.baloot.projects import baloot_counts as engine_counts
    from trickrules.proofs.baloot.projects import KIND_NAMES
    from trickrules.proofs.baloot.projects import baloot_counts as model_counts

    groups = {(True, True): "JH QH KH", (True, False): "KH KS KD KC", (False, True): "10H JH QH",
              (False, False): "7S 8S 9S"}
    for (king, queen), cards in groups.items():
        shapes = itertools.product(KIND_NAMES.items(), (True, False), (0, 1))
        for (kind, name), run, declarer in shapes:
            held = cards_mask(parse(c) for c in cards.split())
            project = Project(name, held, 6, 1 if run else None, 0)
            engine = engine_counts(rules, 0, declarer, 1, [project])
            model = model_counts(sp, declarer == 0, king, queen, kind, run)
            if engine != model:
                return {"project": name, "cards": cards, "a run": run,
                        "holder declares": declarer == 0, "engine": engine, "model": model}
    return None


def game_ends(profile: Profile) -> dict[str, Any] | None:
    """The first end of a hand on which engine and model disagree about the game's winner, or
    None: scores before and gained around the target, each declaring side, with and without a
    Gahwa's winner."""
    from trickrules.engine.baloot.scoring import game_winner as engine_winner
    from trickrules.proofs.baloot.scoring import game_winner as model_winner

    rules = _engine(profile)
    sp = SymbolicProfile(profile, Names("crosscheck-game-end"))
    near = (0, 100, 140, 150, 151)
    for before in itertools.product(near, near):
        for gained in itertools.product((0, 1, 2, 10, 26), repeat=2):
            for side, gahwa in itertools.product((0, 1), (-1, 0, 1)):
                after = (before[0] + gained[0], before[1] + gained[1])
                engine = engine_winner(rules, after, side, None if gahwa < 0 else gahwa)
                model = model_winner(sp, (before[0], before[1]), (gained[0], gained[1]), side,
                                     gahwa)
                if (-1 if engine is None else engine) != model:
                    return {"before": before, "gained": gained, "declarer side": side,
                            "gahwa winner": gahwa, "engine": engine, "model": model}
    return None


def small_scope(profile: Profile) -> Result:
    """Every trick, legal set and score of the small scope agrees between the encodings."""
    start = time.perf_counter()
    for check in (tricks_and_legal, scores, projects, game_ends):
        found = check(profile)
        if found is not None:
            return Result("refuted", time.perf_counter() - start,
                          witness={k: str(v) for k, v in found.items()},
                          replay={"replayed": True, "engine": found, "model": found,
                                  "state": None})
    return Result("proved", time.perf_counter() - start)


DEALS: tuple[tuple[tuple[str, ...], str, str, frozenset[int], bool], ...] = (
    # (first five cards of the priorities 0..3, public card, stock): no Kawesh, no Ace
    (("10S JS QS KS AS", "QD KD AD 7H 8H", "9H 10H JH QH KH", "AH 10D JD 9D 10C"), "8D",
     "7D 9S 7C 8C 9C JC QC KC AC 7S 8S", frozenset(), False),
    # priority 0 may call Kawesh, and the public card is an Ace
    (("7S 8S 9S 7H 8H", "QD KD JD 10H 10S", "9H AS JH QH KH", "JS 10D QS 9D 10C"), "AD",
     "7D KS 7C 8C 9C JC QC KC AC 8D AH", frozenset({0}), True),
)


def _engine_sequences(state: Any) -> dict[str, int]:
    """Every sequence of calls the engine allows from ``state`` to the end of the buying."""
    counts = {"contract": 0, "redeal": 0}
    hands = len(state.records)
    for action in state.legal_actions():
        nxt = state.clone()
        nxt.apply_action(action)
        if len(nxt.records) > hands:
            counts["redeal"] += 1
        elif nxt.phase != "auction":
            counts["contract"] += 1
        else:
            for k, v in _engine_sequences(nxt).items():
                counts[k] += v
    return counts


def auction_counts(profile: Profile) -> Result:
    """The engine allows exactly as many call sequences, ending in a contract or a redeal, as
    the buying graph written from the spec, on deals with and without Kawesh and Ace."""
    from trickrules.engine.registry import load_game
    from trickrules.proofs.baloot.auction_graph import auction_graph, count_sequences

    start = time.perf_counter()
    game = load_game(profile.game.id, profile)
    for hands, public, stock, kawesh, ace in DEALS:
        dealer = 3  # priority p is seat p: the dealer's right is seat 0
        state = game.state_from_deal(dealer, [hands[(s - dealer - 1) % 4] for s in range(4)],
                                     public, stock)
        engine = _engine_sequences(state)
        graph, first = auction_graph(profile, kawesh, ace)
        model = count_sequences(graph, first)
        if engine != model:
            return Result("refuted", time.perf_counter() - start, witness={
                "public": public, "kawesh": str(sorted(kawesh)), "engine": str(engine),
                "model": str(model)})
    return Result("proved", time.perf_counter() - start)


def _engine_doublings(state: Any) -> int:
    """The doubling sequences the engine allows from ``state`` until play begins."""
    if state.phase != "double":
        return 1
    total = 0
    for action in state.legal_actions():
        nxt = state.clone()
        nxt.apply_action(action)
        total += _engine_doublings(nxt)
    return total


DOUBLING_SCORES = ((0, 0), (120, 50), (120, 100), (50, 101), (101, 101), (100, 99))
"""Scores before the hand around Sun's 100-point condition."""


def doubling_counts(profile: Profile) -> Result:
    """The engine allows exactly as many doubling sequences as the doubling graph written from
    the spec, after a Hokom and after a Sun, at scores around 100."""
    from trickrules.engine.registry import load_game
    from trickrules.proofs.baloot.doubling import doubling_graph, sequences

    start = time.perf_counter()
    game = load_game(profile.game.id, profile)
    hands, public, stock, _, _ = DEALS[0]
    for scores in DOUBLING_SCORES:
        for hokom, calls in ((True, ("hokom", "pass", "pass", "pass")), (False, ("sun",))):
            state = game.state_from_deal(3, [hands[(s - 3 - 1) % 4] for s in range(4)],
                                         public, stock, scores)
            for call in calls:
                by_name = {state.action_to_string(a): a for a in state.legal_actions()}
                state.apply_action(by_name[call])
            engine = _engine_doublings(state)
            graph, first = doubling_graph(profile, hokom, scores, 0)  # seat 0 buys
            model = sequences(graph, first)
            if engine != model:
                return Result("refuted", time.perf_counter() - start, witness={
                    "contract": "hokom" if hokom else "sun", "scores": str(scores),
                    "engine": engine, "model": model})
    return Result("proved", time.perf_counter() - start)


def _as_buying(node: Any) -> Any:
    from trickrules.proofs.baloot import auction_z3 as az

    bid = az.NO_BID if node.bid is None else (az.HOKOM_BID if node.bid[0] == "hokom"
                                              else az.SUN_BID)
    end = {"": az.OPEN, "contract": az.CONTRACT, "redeal": az.REDEAL}[node.end]
    return az.Buying(node.round, tuple(s in node.queue for s in range(4)), bid,
                     -1 if node.bid is None else node.bid[2],
                     tuple(s in node.declined for s in range(4)), end, node.confirming)


def _state_difference(sp: SymbolicProfile, graph: Any, node: Any, flags: tuple[bool, ...],
                      ace: bool) -> dict[str, str] | None:
    """How the Z3 buying differs from the graph at ``node``, if it does: the calls it allows,
    or the state a call leads to."""
    from trickrules.proofs.baloot import auction_z3 as az

    codes = {name: code for code, name in az.CALL_NAMES.items()}
    state = _as_buying(node)
    z3_calls = {az.CALL_NAMES[c] for c in az.CALLS
                if az.allowed(sp, state, c, flags, ace) is True}
    edges = {name: nxt for nxt in graph.successors(node)
             for name in graph.edges[node, nxt]["calls"]}
    wrong = [n for n, nxt in edges.items()
             if az.after(sp, state, codes[n], ace) != _as_buying(nxt)]
    if z3_calls != set(edges) or wrong:
        return {"state": str(node), "graph": str(sorted(edges)),
                "z3": str(sorted(z3_calls)), "different next state": str(wrong)}
    return None


def auction_z3_graph(profile: Profile) -> Result:
    """The buying in Z3 allows exactly the graph's calls at every state of the graph, and each
    call leads to the same state (both written from the spec; the graph is checked against the
    engine by ``crosscheck.auction-graph``)."""
    from trickrules.proofs.baloot.auction_graph import auction_graph

    start = time.perf_counter()
    sp = SymbolicProfile(profile, Names("crosscheck-auction-z3"))
    for kawesh in (frozenset(), frozenset(range(4))):
        for ace in (False, True):
            graph, _ = auction_graph(profile, kawesh, ace)
            flags = tuple(s in kawesh for s in range(4))
            for node in graph.nodes:
                if node.end:
                    continue
                found = _state_difference(sp, graph, node, flags, ace)
                if found is not None:
                    return Result("refuted", time.perf_counter() - start, witness=found)
    return Result("proved", time.perf_counter() - start)
