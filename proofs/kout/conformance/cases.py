"""The requests the suite asks, from four origins: solver witnesses (the disputes' and the
theorems' counterexamples, read from a verify report), the small-scope exhaustive cases, seeded
random games, and grids over the auction, the score and the end of the game; plus perft from
fixed deals. Each request is a body (``op`` and its fields) with where it came from."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from trickrules.engine.kout.actions import MAX_BID, MIN_BID, PASS, action_bid, is_bid
from trickrules.engine.kout.game import KoutState
from trickrules.engine.kout.play import perft_position
from trickrules.engine.kout.rules import Rules
from trickrules.engine.kout.state import PLAY
from trickrules.proofs.conformance.build import Case, dispute_witnesses
from trickrules.proofs.conformance.protocol import ContractFacts, PlayFacts
from trickrules.proofs.kout.conformance.expect import game_for, iter_calls, position_json
from trickrules.proofs.kout.evaluator import Situation
from trickrules.proofs.kout.smallscope import cases as small_scope_cases
from trickrules.spec.cards import ACE, BLACK_JOKER, make_card, parse_card, parse_cards
from trickrules.spec.model import Profile
from trickrules.spec.registry import game_families

RANDOM_SEEDS = range(1, 9)
PERFT_DEALS = 3


def perft_depths(players: int) -> tuple[int, int]:
    """Two plays, and two plays past the first trick: the second card of the next trick must
    follow its leader, so the count depends on who won the first."""
    return 2, players + 2
LEGAL_EVERY, TRICK_EVERY = 5, 3
"""In random games: every fifth decision of the play becomes a legal-plays case, every third
trick a trick-winner case."""


# ---------------------------------------------------------------------------- witnesses
def _situation_from_state(state: dict[str, Any], then: list[str]) -> dict[str, Any]:
    """The protocol situation of a witness state (the engine's JSON form), with ``then``
    played on after its trick."""
    players = len(state["hands"])
    hands = [list(state["hands"][str(s)]) for s in range(players)]
    trick = state["trick"] or {"leader": state["contract"]["seat"], "plays": []}
    cards = [p["card"] for p in trick["plays"]]
    for offset, card in enumerate(then):
        hands[(trick["leader"] + len(cards) + offset) % players].remove(card)
    contract = state["contract"]
    return {"trump": state["trump"],
            "contract": {"seat": contract["seat"], "bid": contract["bid"],
                         "forced": contract["forced"]},
            "hands": hands, "played": list(state["played"]),
            "tricks_won": list(state["tricks_won"]), "leader": trick["leader"],
            "trick": [*cards, *then]}


def _witness_body(kind: str, witness: dict[str, Any]) -> dict[str, Any] | None:
    if kind == "legal":
        return {"op": "legal-plays", "situation": _situation_from_state(witness["state"], [])}
    if kind in ("winner", "hand-over"):
        return {"op": "trick-winner",
                "situation": _situation_from_state(witness["state"], [witness["then"]])}
    if kind == "auction":
        return {"op": "auction", "dealer": witness["dealer"], "calls": witness["calls"]}
    if kind == "score":
        return {"op": "hand-score",
                "contract": {"seat": 0, "bid": witness["bid"], "forced": witness["forced"]},
                "tricks_won": [witness["bidders_won"], witness["others_won"]]}
    if kind == "game-end":
        team = witness["bidding_team"]
        won = [0, 0]
        won[team], won[1 - team] = witness["bidders_won"], witness["others_won"]
        return {"op": "game-end", "scores": witness["scores"],
                "hand_index": 0 if witness["first_hand"] else 1,
                "contract": {"seat": team, "bid": witness["bid"], "forced": witness["forced"]},
                "tricks_won": won}
    if kind == "next-dealer":
        return {"op": "next-dealer", "dealer": witness["dealer"]}
    return None  # deal witnesses have no question in the protocol


def witness_requests(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every dispute witness and theorem counterexample of a verify report as a request
    (``game``, ``origin``, ``body``): what the suite keeps in ``witnesses.json``, so that the
    vectors do not depend on which witness a later solver run happens to find."""
    kout = {game for game, family in game_families().items() if family == "kout"}
    out = dispute_witnesses(report, kout, _witness_body)
    for row in report["results"]:
        state = row.get("witness_state")
        if (row["verdict"] != "refuted" or not state or state.get("game") not in kout
                or state.get("phase") != PLAY):
            continue
        played = [p["card"] for p in state["trick"]["plays"]]
        full = str(row["witness"]["trick"]).split()
        then = full[len(played):]
        op = "trick-winner" if then else "legal-plays"
        out.append({"game": state["game"], "origin": f"witness:{row['id']}",
                    "body": {"op": op, "situation": _situation_from_state(state, then)}})
    return out


def witness_cases(witnesses: list[dict[str, Any]]) -> Iterator[Case]:
    """The stored witness requests as cases."""
    for w in witnesses:
        yield Case(w["game"], w["body"], w["origin"])


# ---------------------------------------------------------------------------- small scope
def _facts_json(s: Situation) -> dict[str, Any]:
    facts = PlayFacts(s.trump, ContractFacts(s.declarer, s.bid, False),
                      tuple(tuple(sorted(h)) for h in s.hands), tuple(sorted(s.played)),
                      s.tricks_won, s.leader, s.trick)
    return facts.as_json()


def small_scope(profile: Profile) -> Iterator[Case]:
    """The small-scope exhaustive situations (:mod:`trickrules.proofs.kout.smallscope`): the legal
    cards at each, and the winner of every trick one legal card completes."""
    players = profile.game.players
    for s in small_scope_cases(profile):
        yield Case(profile.game.id, {"op": "legal-plays", "situation": _facts_json(s)},
                   "small-scope")
        if len(s.trick) == players - 1:
            for card in sorted(s.hands[s.mover]):
                hands = tuple(h - {card} if seat == s.mover else h
                              for seat, h in enumerate(s.hands))
                done = Situation(s.deck, players, s.trump, s.bid, s.declarer, s.leader, hands,
                                 s.played, (*s.trick, card), s.tricks_won)
                yield Case(profile.game.id, {"op": "trick-winner",
                                             "situation": _facts_json(done)}, "small-scope")


# ---------------------------------------------------------------------------- random games
def _call_name(action: int) -> str:
    return f"bid {action_bid(action)}" if is_bid(action) else "pass"


def random_cases(profile: Profile) -> Iterator[Case]:
    """Seeded random games under ``profile``: auction prefixes, legal cards and trick winners
    along the way, and the score and game end of every hand."""
    game = game_for(profile)
    for seed in RANDOM_SEEDS:
        origin = f"random:{seed}"
        state: KoutState = game.new_initial_state(seed)
        rng = random.Random(f"trickrules/conform/{seed}")
        decisions, calls = 0, list[str]()
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            position = state.position
            if state.phase == PLAY and position is not None:
                decisions += 1
                if decisions % LEGAL_EVERY == 0:
                    yield Case(game.game_id, {"op": "legal-plays",
                                              "situation": position_json(position)}, origin)
                if len(position.trick) == game.rules.players - 1 and (
                        (len(position.tricks) + 1) % TRICK_EVERY == 0):
                    done = position.copy()
                    done.trick.append(action)
                    done.hands[done.turn] &= ~(1 << action)
                    yield Case(game.game_id, {"op": "trick-winner",
                                              "situation": position_json(done)}, origin)
            elif action == PASS or is_bid(action):
                if rng.randrange(3) == 0:
                    yield Case(game.game_id, {"op": "auction", "dealer": state.dealer,
                                              "calls": list(calls)}, origin)
                calls.append(_call_name(action))
            hands_before = len(state.records)
            scores_before = list(state.scores)
            state.apply_action(action)
            if len(state.records) > hands_before:
                calls = []
                yield from _hand_end_cases(game.game_id, state, scores_before, origin)


def _hand_end_cases(game_id: str, state: KoutState, before: list[int],
                    origin: str) -> Iterator[Case]:
    record = state.records[-1]
    contract = ContractFacts(record.contract.seat, record.contract.bid,
                             record.contract.forced).as_json()
    won = [0, 0]
    for trick in record.tricks:
        won[trick.winner % 2] += 1
    remaining = state.rules.hand_size - sum(won)
    won[1 - record.contract.team if record.result.made else record.contract.team] += remaining
    yield Case(game_id, {"op": "hand-score", "contract": contract, "tricks_won": won}, origin)
    yield Case(game_id, {"op": "game-end", "scores": before, "hand_index": record.index,
                         "contract": contract, "tricks_won": won}, origin)


# ---------------------------------------------------------------------------- grids and perft
def auction_grid(profiles: list[Profile]) -> Iterator[Case]:
    """Every call sequence from the start of an auction (dealer seat 0) under each profile,
    up to one round and two calls long."""
    seen: set[tuple[str, ...]] = set()
    for profile in profiles:
        rules = game_for(profile).rules
        for calls in iter_calls(rules, 0):
            if len(calls) <= rules.players + 2 and tuple(calls) not in seen:
                seen.add(tuple(calls))
                yield Case(profile.game.id, {"op": "auction", "dealer": 0, "calls": calls},
                           "grid")


def dealer_grid(profile: Profile) -> Iterator[Case]:
    """Who deals after a hand dealt by each seat."""
    for dealer in range(game_for(profile).rules.players):
        yield Case(profile.game.id, {"op": "next-dealer", "dealer": dealer}, "grid")


def score_grid(profile: Profile) -> Iterator[Case]:
    """Every bid, forced or not, by either team, with every split of the tricks."""
    size = game_for(profile).rules.hand_size
    for bid in range(MIN_BID, MAX_BID + 1):
        for forced in (False, True):
            for seat in (0, 1):
                for bidders in range(size + 1):
                    won = [0, 0]
                    won[seat], won[1 - seat] = bidders, size - bidders
                    yield Case(profile.game.id, {
                        "op": "hand-score",
                        "contract": {"seat": seat, "bid": bid, "forced": forced},
                        "tricks_won": won}, "grid")


def game_end_grid(profile: Profile) -> Iterator[Case]:
    """Scores on both sides of the target and the shutout, the first hand, and contracts that
    are made, failed, Bawan and Malzoom."""
    rules = game_for(profile).rules
    size, target = rules.hand_size, rules.target
    shutout = rules.shutout or target
    levels = sorted({0, 1, shutout - 5, shutout - 1, target - 9, target - 1})
    contracts = [(5, False), (5, True), (6, True), (8, False), (9, False)]
    for hand_index in (0, 1):
        pairs = [(0, 0)] if hand_index == 0 else [(a, b) for a in levels for b in levels]
        for scores in pairs:
            for bid, forced in contracts:
                for bidders in sorted({0, bid - 1, bid, size}):
                    yield Case(profile.game.id, {
                        "op": "game-end", "scores": list(scores), "hand_index": hand_index,
                        "contract": {"seat": 0, "bid": bid, "forced": forced},
                        "tricks_won": [bidders, size - bidders]}, "grid")


def perft_deals(rules: Rules, count: int) -> Iterator[tuple[int, int]]:
    """The first ``count`` seeds (with a trump) whose declarer holds the Ace of trump and
    another seat the black Joker, so that the first trick can turn on the Joker ranks."""
    found = 0
    for seed in range(1, 1000):
        position = perft_position(rules, seed)
        held = position.hands[position.contract.seat]
        if held >> BLACK_JOKER & 1:
            continue
        for trump in range(4):
            if held >> make_card(trump, ACE) & 1:
                yield seed, trump
                found += 1
                break
        if found == count:
            return


def perft_cases(profile: Profile) -> Iterator[Case]:
    """Perft with divide from the start of play of a few seeded deals."""
    rules = game_for(profile).rules
    for seed, trump in perft_deals(rules, PERFT_DEALS):
        position = perft_position(rules, seed, bid=7, trump=trump)
        for depth in perft_depths(rules.players):
            yield Case(profile.game.id, {"op": "perft", "situation": position_json(position),
                                         "depth": depth}, f"perft:{seed}")


def joker_lead_cases(profile: Profile) -> Iterator[Case]:
    """A Joker about to be led under every bid, with and without the trump Ace: by the
    declarer at the first trick, and by the partner at the second (team 0 won the first)."""
    rules = game_for(profile).rules
    players, size = rules.players, rules.hand_size
    ace = parse_card("AS")  # spades are trump
    for joker in parse_cards("BJ RJ"):
        for with_ace in (False, True):
            for bid in range(MIN_BID, MAX_BID + 1):
                for seat, done in ((0, 0), (2, 1)):
                    held = [joker, ace] if with_ace else [joker]
                    rest = [c for c in rules.deck if c not in (joker, ace)]
                    played = tuple(sorted(rest[:players * done]))
                    rest = rest[players * done:]
                    if not with_ace:
                        rest.insert(0, ace)  # the trump Ace goes to the next seat
                    hands: list[list[int]] = [[] for _ in range(players)]
                    hands[seat] = list(held)
                    for s in [*((seat + k) % players for k in range(1, players)), seat]:
                        while len(hands[s]) < size - done:
                            hands[s].append(rest.pop(0))
                    facts = PlayFacts(0, ContractFacts(0, bid, False),
                                      tuple(tuple(sorted(h)) for h in hands), played,
                                      (done, 0), seat, ())
                    yield Case(profile.game.id, {"op": "legal-plays",
                                                 "situation": facts.as_json()}, "grid")
