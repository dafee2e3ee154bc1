"""The requests Baloot's suite asks: seeded random games (every kind of question at the points
they reach), grids over the score's thresholds and rounding under every multiplier and over the
end of the game, every class of project comparison, the doubling tree, the auction's first
calls over chosen deals, and perft from fixed deals in both contracts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.cards import ACE, NUM_CARDS, card, name, names, parse
from trickrules.engine.baloot.hand import Hand
from trickrules.engine.baloot.play import PlayPosition, perft_position
from trickrules.engine.baloot.rules import Rules
from trickrules.engine.baloot.state import AUCTION, DOUBLE, PLAY
from trickrules.engine.registry import load_game
from trickrules.proofs.baloot.conformance import GAME
from trickrules.proofs.baloot.conformance.calls import ACTIONS
from trickrules.proofs.baloot.conformance.expect import GAHWA_MULTIPLIER, rules_for
from trickrules.proofs.baloot.conformance.played_hand import tricks_json
from trickrules.proofs.conformance.build import Case
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

RANDOM_SEEDS = range(1, 7)
HANDS_PER_GAME = 4
LEGAL_EVERY, TRICK_EVERY = 3, 2
"""In random games: every third card played becomes a legal-plays case, every second trick a
trick-winner case."""
PERFT_SEEDS = range(1, 4)
PERFT_DEPTHS = (2, 6)
"""Two plays, and two past the first trick: the next trick's second card follows its leader,
so the count depends on who won the first."""


def trump_letter(t: int | None) -> str | None:
    return None if t is None else SUIT_LETTERS[t]


def situation(hand: Hand, hands: list[int]) -> dict[str, Any]:
    """The protocol situation of a hand in play (``hands``: each seat's cards now)."""
    played = [c for trick in hand.tricks for c in trick.cards]
    return {"contract": hand.contract, "trump": trump_letter(hand.trump), "declarer": hand.declarer,
            "locked": hand.locked, "hands": [names(m) for m in hands],
            "played": [name(c) for c in sorted(played)], "leader": hand.leader,
            "trick": [name(c) for c in hand.trick]}


def _hand_cases(rules: Rules, hand: Hand, scores: list[int], origin: str) -> Iterator[Case]:
    """The projects of each seat, the comparison, the score and the end, once a hand is over."""
    for seat in range(4):
        yield Case(GAME, {"op": "projects", "contract": hand.contract,
                          "trump": trump_letter(hand.trump), "declarer": hand.declarer,
                          "seat": seat, "hand": names(hand.dealt[seat])}, origin)
    declared = [{"seat": p.seat, "kind": p.kind, "cards": names(p.cards)}
                for seat in sorted(hand.declared) for p in hand.declared[seat]]
    if declared:
        yield Case(GAME, {"op": "project-compare", "contract": hand.contract,
                          "trump": trump_letter(hand.trump), "declarer": hand.declarer,
                          "first_leader": hand.tricks[0].leader, "declared": declared}, origin)
        if _tricks_tell_proof(hand):  # asked again with the tricks, which project.proof reads
            yield Case(GAME, _compare_with_tricks(hand), origin)
    facts, _ = hand.facts(rules)
    result = hand.score(rules)[0]
    body = score_body(facts.contract, facts.declarer_team, facts.multiplier, facts.gahwa,
                      list(facts.card_points), facts.project_team, facts.project_points,
                      list(facts.baloot))
    yield Case(GAME, body, origin)
    yield Case(GAME, played_score_body(body, hand.trump, hand.locked,
                                       [(t.leader, list(t.cards)) for t in hand.tricks]), origin)
    yield Case(GAME, {"op": "game-end", "scores": list(scores),
                      "declarer_team": hand.declarer % 2,
                      "gahwa_winner": result.game_winner}, origin)


TRICKLESS_SEEDS = range(1000, 1400)
"""Random games searched, in order, for hands in which a side that declared won no trick."""
TRICKLESS_WANTED = 2


def trickless_projects(profile: Profile) -> Iterator[Case]:
    """The project comparison of played hands in which a side that declared won no trick,
    with their tricks (``project.proof = side-won-a-trick`` takes its projects away): the
    first found in seeded random games, rare enough (a sweep of a declaring side) that the
    games of :func:`random_cases` hold none."""
    game = load_game(GAME, profile)
    found = 0
    for seed in TRICKLESS_SEEDS:
        rng, state = random.Random(seed), game.new_initial_state(seed)
        while not state.is_terminal() and found < TRICKLESS_WANTED:
            hand = state.hand if state.phase == PLAY else None
            state.apply_action(rng.choice(state.legal_actions()))
            if hand is not None and hand.over and any(
                    not hand.won[seat % 2] for seat in hand.declared):
                found += 1
                yield Case(GAME, _compare_with_tricks(hand), f"trickless:{seed}")
        if found == TRICKLESS_WANTED:
            return


def _compare_with_tricks(hand: Hand) -> dict[str, Any]:
    """A finished hand's project comparison, with the tricks as played."""
    declared = [{"seat": p.seat, "kind": p.kind, "cards": names(p.cards)}
                for seat in sorted(hand.declared) for p in hand.declared[seat]]
    return {"op": "project-compare", "contract": hand.contract, "trump": trump_letter(hand.trump),
            "declarer": hand.declarer, "first_leader": hand.tricks[0].leader,
            "declared": declared, "locked": hand.locked,
            "tricks": tricks_json([(t.leader, list(t.cards)) for t in hand.tricks])}


def _tricks_tell_proof(hand: Hand) -> bool:
    """Whether a side that declared lost a card of its projects to the other side, or won no
    trick: where the readings of ``project.proof`` may score the projects differently."""
    for seat, sets in hand.declared.items():
        team = seat % 2
        if not hand.won[team] or any(p.cards & ~hand.won[team] for p in sets):
            return True
    return False


def score_body(contract: str, declarer_team: int, multiplier: int, gahwa: bool,
               card_points: list[int], project_team: int | None, project_points: int,
               baloot: list[int]) -> dict[str, Any]:
    """A hand-score request (a Gahwa at the doubling answer's multiplier, 4, the one stake it
    is scored at)."""
    return {"op": "hand-score", "contract": contract, "declarer_team": declarer_team,
            "multiplier": GAHWA_MULTIPLIER if gahwa else multiplier, "gahwa": gahwa,
            "card_points": card_points,
            "projects": {"team": project_team, "points": project_points}, "baloot": baloot}


def played_score_body(body: dict[str, Any], trump: int | None, locked: bool,
                      tricks: list[tuple[int, list[int]]]) -> dict[str, Any]:
    """The hand-score request ``body`` with the tricks played in place of the card points: it
    asks the card points too (what each card is worth, the last trick's bonus)."""
    rest = {k: v for k, v in body.items() if k != "card_points"}
    return {**rest, "trump": trump_letter(trump), "locked": locked, "tricks": tricks_json(tricks)}


@dataclass
class _Bidding:
    """What a random game's buying and doubling questions ask from: the deal as the buying
    began (the dealer, the public card, each seat's first cards) and the doubling calls made
    so far."""

    first: dict[str, Any] | None = None
    doubling_calls: list[str] = field(default_factory=list)


def _bidding_cases(state: Any, bidding: _Bidding, origin: str) -> Iterator[Case]:
    """The auction question at each call of the buying, and the doubling question at each call
    of the doubling (a new buying starts a new deal and doubling)."""
    if state.phase == AUCTION and state.auction is not None:
        if not state.auction.calls:
            bidding.first = {"dealer": state.dealer, "public": name(state.public),
                             "hands": [names(m) for m in state.hands]}
            bidding.doubling_calls = []
        assert bidding.first is not None
        calls = [_call_name(c) for c in state.auction.calls]
        yield Case(GAME, {"op": "auction", **bidding.first, "calls": calls}, origin)
    if state.phase == DOUBLE and state.doubling is not None:
        yield Case(GAME, {"op": "doubling", "contract": state.doubling.contract,
                          "declarer": state.doubling.declarer, "dealer": state.dealer,
                          "scores": list(state.scores), "calls": bidding.doubling_calls},
                   origin)


def _card_cases(state: Any, hand: Hand, action: int, played: int,
                origin: str) -> Iterator[Case]:
    """The legal-plays question before every third card played, and the trick-winner question
    at the last card of every second trick."""
    if played % LEGAL_EVERY == 0:
        yield Case(GAME, {"op": "legal-plays",
                          "situation": situation(hand, state.hands)}, origin)
    if len(hand.trick) == 3 and len(hand.tricks) % TRICK_EVERY == 0:
        done = situation(hand, state.hands)
        done["trick"].append(name(action))
        seat = hand.to_move
        done["hands"][seat] = [c for c in done["hands"][seat] if c != name(action)]
        yield Case(GAME, {"op": "trick-winner", "situation": done}, origin)


def _random_game(game: Any, rules: Rules, seed: int) -> Iterator[Case]:
    """One seeded random game of up to :data:`HANDS_PER_GAME` hands, asked at the points it
    reaches."""
    origin = f"random:{seed}"
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    played = hands_done = 0
    bidding = _Bidding()
    while not state.is_terminal() and hands_done < HANDS_PER_GAME:
        phase, hand = state.phase, state.hand
        yield from _bidding_cases(state, bidding, origin)
        action = rng.choice(state.legal_actions())
        if phase == PLAY and hand is not None and action < NUM_CARDS:
            yield from _card_cases(state, hand, action, played, origin)
            played += 1
        if phase == DOUBLE:
            bidding.doubling_calls.append(act.action_name(action))
        state.apply_action(action)
        if phase == PLAY and hand is not None and hand.over:
            hands_done += 1
            yield from _hand_cases(rules, hand, state.scores, origin)


def random_cases(profile: Profile) -> Iterator[Case]:
    """Seeded random games under the reconciled profile, asked at the points they reach."""
    game = load_game(GAME, profile)
    rules = rules_for(profile)
    for seed in RANDOM_SEEDS:
        yield from _random_game(game, rules, seed)


def _call_name(entry: dict[str, object]) -> str:
    call = str(entry["call"])
    if call == "hokom" and entry.get("round") == 2 and "trump" in entry:
        return f"suit-{SUIT_LETTERS[int(str(entry['trump']))]}"
    return call


SUN_SPLITS = (0, 5, 10, 15, 25, 45, 55, 60, 64, 65, 66, 67, 70, 75, 85, 125, 130)
HOKOM_SPLITS = (0, 16, 76, 77, 80, 81, 82, 83, 85, 86, 90, 95, 152, 162)
"""Declarer's card points around every rounding step and threshold of the readings."""
DOUBLINGS = ((1, False), (2, False), (3, False), (4, False), (4, True))


def score_grid(profile: Profile) -> Iterator[Case]:
    """Every chosen card-point split under every multiplier and a Gahwa, with and without
    projects for either side, and in Hokom with Baloot for either side."""
    for contract, splits, full in (("sun", SUN_SPLITS, 130), ("hokom", HOKOM_SPLITS, 162)):
        projects = ((None, 0), (0, 2 if contract == "hokom" else 4), (1, 2))
        baloots = ([0, 0],) if contract == "sun" else ([0, 0], [1, 0], [0, 1])
        for d, (mult, gahwa), (team, points), baloot in itertools.product(
                splits, DOUBLINGS, projects, baloots):
            yield Case(GAME, score_body(contract, 0, mult, gahwa, [d, full - d], team, points,
                                        baloot), "grid")
    # the defenders sweep a Sun whose buyer called it first with an Ace: the condition of
    # a reverse sweep under one reading of score.sweep (left out, the request says it is not)
    for mult in (1, 2):
        yield Case(GAME, {**score_body("sun", 0, mult, False, [0, 130], None, 0, [0, 0]),
                          "buyer_first_with_ace": True}, "grid")


GAME_END_SCORES = (100, 151, 152, 153, 160)


def game_end_grid(profile: Profile) -> Iterator[Case]:
    """Scores around the target for both sides, after a bought hand, a void one and a Gahwa."""
    for a, b in itertools.product(GAME_END_SCORES, repeat=2):
        for declarer, gahwa in ((0, None), (1, None), (None, None), (0, 1)):
            yield Case(GAME, {"op": "game-end", "scores": [a, b], "declarer_team": declarer,
                              "gahwa_winner": gahwa}, "grid")


def _run(suit: int, top: int, length: int) -> list[str]:
    return [name(card(suit, r)) for r in range(top - length + 1, top + 1)]


def _four(rank: int) -> list[str]:
    return [name(card(s, rank)) for s in range(4)]


PROJECT_SHAPES = (("sira", 3), ("fifty", 4), ("hundred", 5))


def project_classes(profile: Profile) -> Iterator[Case]:
    """Every class of comparison: one side alone, kinds that differ, a run of five against four
    of a kind, equal kinds with higher or equal top cards, in trump or not, with each seat
    first to declare, in both contracts."""
    for contract, trump in (("hokom", 0), ("sun", None)):
        shapes: list[tuple[str, list[str]]] = []
        for kind, length in PROJECT_SHAPES:
            for top in (length, 7):  # a low run (its top one above the lowest), and to the Ace
                shapes.append((kind, _run(1, top, length)))
        shapes.append(("hundred", _four(4)))  # four Jacks
        if contract == "sun":
            shapes.append(("four-hundred", _four(ACE)))
        for (kind_a, cards_a), (kind_b, cards_b) in itertools.product(shapes, repeat=2):
            # seat 1's runs are in spades (the trump of the Hokom), seat 0's in hearts
            is_run = len({c[-1] for c in cards_b}) == 1
            moved = [c[:-1] + SUIT_LETTERS[0] for c in cards_b] if is_run else cards_b
            if set(moved) & set(cards_a):
                continue
            for first in (0, 1):
                declared = [{"seat": 0, "kind": kind_a, "cards": cards_a},
                            {"seat": 1, "kind": kind_b, "cards": moved}]
                yield Case(GAME, {"op": "project-compare", "contract": contract,
                                  "trump": trump_letter(trump), "declarer": 0,
                                  "first_leader": first, "declared": declared}, "grid")
        yield Case(GAME, {"op": "project-compare", "contract": contract,
                          "trump": trump_letter(trump), "declarer": 1, "first_leader": 0,
                          "declared": [{"seat": 3, "kind": "sira", "cards": _run(2, 4, 3)}]},
                   "grid")


GRID_DEALER = 3
"""The dealer of the doubling questions asked with seat 0 as the declarer: seat 3, so seat 0
spoke first in the buying."""


def doubling_tree(profile: Profile) -> Iterator[Case]:
    """Every sequence of doubling calls, in both contracts, at standings where Sun may be
    doubled under one reading of ``double.sun`` or another or none, with the buyers (seat 0's
    side) above 100, at exactly 100, and with the other side above 100."""
    rules = rules_for(profile)
    from trickrules.engine.baloot.auction import apply_doubling, legal_doubling, start_doubling

    for contract, scores in (("hokom", [0, 0]), ("sun", [0, 0]), ("sun", [101, 50]),
                             ("sun", [101, 100]), ("sun", [50, 101]), ("sun", [100, 101]),
                             ("sun", [100, 50])):
        stack: list[list[str]] = [[]]
        while stack:
            calls = stack.pop()
            yield Case(GAME, {"op": "doubling", "contract": contract, "declarer": 0,
                              "dealer": GRID_DEALER, "scores": scores, "calls": calls}, "grid")
            state = start_doubling(rules, 0, contract, (scores[0], scores[1]))
            for call in calls:
                apply_doubling(rules, state, ACTIONS[call])
            if state.queue:
                stack.extend([*calls, act.action_name(a)] for a in legal_doubling(state))


AUCTION_DEALS = (
    ("AH", [["10S", "JS", "QS", "KS", "AS"], ["7S", "8S", "9S", "7D", "8D"],
            ["10H", "JH", "QH", "KH", "7H"], ["9D", "10D", "JD", "QD", "KD"]]),
    ("7C", [["10S", "JS", "QS", "KS", "AS"], ["7S", "8S", "9S", "7D", "8D"],
            ["10H", "JH", "QH", "KH", "AH"], ["9D", "10D", "JD", "QD", "KD"]]),
)
"""Deals to walk the auction over: a public Ace (``auction.ashkal-on-ace``), and a hand of
only 7s, 8s and 9s (``auction.kawesh``)."""
AUCTION_DEPTH = 5
SECOND_ROUND_DEPTH = 3
"""Calls walked into the second round, after the first round's four passes (one deal, one
dealer): the round's own rules (``auction.ashkal-round``, ``auction.second-round-hokom``)."""


def auction_walk(profile: Profile) -> Iterator[Case]:
    """Every sequence of up to five calls from each chosen deal, every dealer, and of up to
    three calls into the second round from the first deal, under the reconciled rules (a call
    the reconciled rules refuse is asked by the random games' house options)."""
    rules = rules_for(profile)
    from trickrules.engine.baloot.auction import apply_call, legal_calls, start

    walks: list[tuple[tuple[str, list[list[str]]], int, list[int], int]] = [
        (deal, dealer, [], AUCTION_DEPTH)
        for deal, dealer in itertools.product(AUCTION_DEALS, range(4))]
    walks.append((AUCTION_DEALS[0], 0, [act.PASS] * 4, 4 + SECOND_ROUND_DEPTH))
    for (public, hands), dealer, prefix, depth in walks:
        masks = [sum(1 << parse(c) for c in h) for h in hands]
        stack: list[list[int]] = [prefix]
        while stack:
            actions = stack.pop()
            bidding = start(dealer, parse(public))
            for a in actions:
                apply_call(rules, bidding, a)
            if not prefix or len(actions) > AUCTION_DEPTH:  # the first walks ask the rest
                yield Case(GAME, {"op": "auction", "dealer": dealer, "public": public,
                                  "hands": hands,
                                  "calls": [_call_name(e) for e in bidding.calls]}, "grid")
            if not bidding.done and len(actions) < depth:
                seat = bidding.queue[0]
                stack.extend([*actions, a] for a in legal_calls(rules, bidding, masks[seat]))


def perft_cases(profile: Profile) -> Iterator[Case]:
    """Perft from the first trick of fixed deals, in Sun and in Hokom of each suit's first."""
    rules = rules_for(profile)
    for seed, (contract, trump), depth in itertools.product(
            PERFT_SEEDS, (("sun", None), ("hokom", 0), ("hokom", 2)), PERFT_DEPTHS):
        position, _dealer, declarer = perft_position(rules, seed, contract, trump, None)
        body = {"contract": contract, "trump": trump_letter(trump), "declarer": declarer,
                "locked": False, "hands": [names(m) for m in position.hands], "played": [],
                "leader": position.leader, "trick": []}
        yield Case(GAME, {"op": "perft", "situation": body, "depth": depth}, f"perft:{seed}")


PLAY_SEEDS = range(1, 9)


def _play_body(position: PlayPosition, contract: str, trump: int | None, declarer: int,
               locked: bool, played: list[int]) -> dict[str, Any]:
    """The protocol situation of a position of a random hand (``played``: the cards of the
    tricks finished)."""
    return {"contract": contract, "trump": trump_letter(trump), "declarer": declarer,
            "locked": locked, "hands": [names(m) for m in position.hands],
            "played": [name(c) for c in sorted(played)], "leader": position.leader,
            "trick": [name(c) for c in position.trick]}


def _finished_trick(body: dict[str, Any], chosen: int) -> dict[str, Any]:
    """The situation ``body`` once ``chosen`` ends the trick: the trick complete, the card gone
    from its hand."""
    return {**body, "trick": [*body["trick"], name(chosen)],
            "hands": [[c for c in h if c != name(chosen)] for h in body["hands"]]}


def _random_hand(rules: Rules, rng: random.Random, seed: int, contract: str,
                 trump: int | None, locked: bool) -> Iterator[Case]:
    """One hand played at random from the seed's deal: the legal cards every other play,
    every trick, and the hand's score from its tricks."""
    position, _dealer, declarer = perft_position(rules, seed, contract, trump, None)
    position.locked = locked
    played: list[int] = []
    tricks: list[tuple[int, list[int]]] = []
    origin = f"play:{seed}"
    for turn in range(NUM_CARDS):
        if not position.trick:
            tricks.append((position.leader, []))
        legal = [c for c in range(NUM_CARDS) if position.legal_mask() >> c & 1]
        body = _play_body(position, contract, trump, declarer, locked, played)
        if turn % 2 == 0:
            yield Case(GAME, {"op": "legal-plays", "situation": body}, origin)
        chosen = rng.choice(legal)
        if len(position.trick) == 3:
            yield Case(GAME, {"op": "trick-winner", "situation": _finished_trick(body, chosen)},
                       origin)
            played.extend([*position.trick, chosen])
        tricks[-1][1].append(chosen)
        position.push(chosen)
    multiplier, gahwa = DOUBLINGS[seed % len(DOUBLINGS)]
    if locked:
        multiplier, gahwa = max(multiplier, 2), False
    body = score_body(contract, declarer % 2, multiplier, gahwa, [0, 0], None, 0, [0, 0])
    yield Case(GAME, played_score_body(body, trump, locked, tricks), origin)


def random_play(profile: Profile) -> Iterator[Case]:
    """Whole hands played at random from fixed deals in Sun and in Hokom (also under a locked
    double), asked about the legal cards every other play and about every trick."""
    rules = rules_for(profile)
    rng = random.Random(0)
    for seed, (contract, trump, locked) in itertools.product(
            PLAY_SEEDS, (("sun", None, False), ("hokom", 0, False), ("hokom", 3, True))):
        yield from _random_hand(rules, rng, seed, contract, trump, locked)


PROJECT_HANDS = (
    ["AS", "AH", "AD", "AC", "7S", "8S", "9S", "JD"],    # four Aces and a Sira
    ["KS", "KH", "KD", "KC", "QS", "JS", "10S", "7H"],  # four Kings, a run through the King
    ["7H", "8H", "9H", "10H", "JH", "QS", "KS", "AS"],  # a run of five and a Sira
    ["10S", "10H", "10D", "10C", "JC", "QC", "KC", "AC"],  # four 10s beside a run to the Ace
    ["7S", "8D", "9H", "JC", "QS", "KD", "AH", "10C"],  # nothing
    ["9H", "10H", "JH", "QH", "KH", "7S", "8D", "9C"],  # a run of five through K and Q
)


def project_hands(profile: Profile) -> Iterator[Case]:
    """Chosen hands with the projects that part the readings (a 400 away from the declarer,
    four of a kind against a run, Baloot inside a 100 run), for every seat, in Sun and in
    Hokom."""
    for hand, (contract, trump), seat in itertools.product(
            PROJECT_HANDS, (("sun", None), ("hokom", 0), ("hokom", 1)), range(4)):
        yield Case(GAME, {"op": "projects", "contract": contract, "trump": trump_letter(trump),
                          "declarer": 0, "seat": seat, "hand": hand}, "grid")
