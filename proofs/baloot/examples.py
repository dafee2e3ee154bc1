"""What Baloot's engine gives at a dispute's witness, for every kind of outcome.

A witness is the JSON a kind's ``replay`` stores in the report; from it alone, under one
concrete profile, these functions drive the engine's public API to the outcome the kind
compares. The kinds' replays call them, and so do the rulebook's examples, so a witness in the
rulebook is asked of the engine exactly as the dispute asked it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trickrules.proofs.baloot.replay import engine_rules
from trickrules.proofs.baloot.table_play import (
    cutter_choices,
    exposed_outcomes,
    first_leader,
    next_dealer,
)
from trickrules.proofs.divergence import Found
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.engine.baloot.auction import Auction

EXAMPLE_KINDS = ("next-dealer", "cut", "exposed", "auction", "doubling", "first-lead", "legal",
                 "winner", "declaring", "projects", "proof", "score", "game-end")
"""Every kind: each witness holds all the engine needs."""

RUN_LENGTH = {"sira": 3, "fifty": 4, "hundred": 5}
DECLARING_WORDS = {"two": ("may declare both", "may declare only one"),
                   "three": ("may declare all three", "may not declare all three"),
                   "shared": ("may declare both", "may not declare both"),
                   "aces": ("the 400 is declared", "no 400"),
                   "baloot": ("Baloot counts", "Baloot does not count")}
"""Each declaring question's outcome in words: when it holds, when not."""
def cards(names: list[str]) -> list[int]:
    """Card names as the engine's card ids."""
    from trickrules.engine.baloot.cards import parse

    return [parse(name) for name in names]


def _mask(names: list[str]) -> int:
    from trickrules.engine.baloot.cards import mask

    return mask(cards(names))


def _trump(w: dict[str, Any]) -> int | None:
    return None if w["trump"] < 0 else int(w["trump"])


def project(p: dict[str, Any]) -> Any:
    """The engine's project from its witness form: seat, kind, and either its cards or its
    top card and suit (a run) or top card alone (four of a kind)."""
    from trickrules.engine.baloot.projects import Project

    if "cards" in p:
        ids = cards(p["cards"])
        suits = {c // 8 for c in ids}
        run = len(suits) == 1
        top = max(c % 8 for c in ids)
        return Project(p["kind"], sum(1 << c for c in ids), top,
                       suits.pop() if run else None, p["seat"])
    top, suit = p["top"], p["suit"]
    ids = ([suit * 8 + r for r in range(top - RUN_LENGTH[p["kind"]] + 1, top + 1)]
           if suit is not None else [s * 8 + top for s in range(4)])
    return Project(p["kind"], sum(1 << c for c in ids), top, suit, p["seat"])


def _legal(w: dict[str, Any], profile: Profile) -> list[str]:
    from trickrules.engine.baloot.play import legal_mask, lock_binds

    hand = w["hands"][str(w["mover"])]
    rules = engine_rules(profile)
    legal = legal_mask(rules, _mask(hand), cards(w["trick"]), _trump(w),
                       lock_binds(rules, w["locked"], int(w["mover"]), int(w.get("declarer", 0))))
    return [name for name, c in zip(hand, cards(hand), strict=True) if legal >> c & 1]


def _winner(w: dict[str, Any], profile: Profile) -> int:
    from trickrules.engine.baloot.play import winning_index

    played = cards([*w["trick"], w["then"]])
    return (int(w["leader"]) + winning_index(engine_rules(profile), played, _trump(w))) % 4


def _score(w: dict[str, Any], profile: Profile) -> dict[str, Any]:
    from trickrules.engine.baloot.scoring import HandFacts, score_hand

    side, sweep = int(w["project_side"]), int(w.get("sweep", -1))
    facts = HandFacts(w["contract"], int(w["declarer_side"]), int(w["multiplier"]),
                      bool(w["gahwa"]), (w["card_points"][0], w["card_points"][1]),
                      None if side < 0 else side, int(w["project_points"]),
                      (int(w["baloot0"]), int(w["baloot1"])), None if sweep < 0 else sweep,
                      bool(w.get("buyer_first_with_ace", False)))
    got = score_hand(engine_rules(profile), facts)
    return {"made": got.made, "total": list(got.total),
            "gahwa_winner": -1 if got.game_winner is None else got.game_winner}


def _game_end(w: dict[str, Any], profile: Profile) -> int:
    from trickrules.engine.baloot.scoring import game_winner

    scores = (w["before"][0] + w["gained"][0], w["before"][1] + w["gained"][1])
    won = game_winner(engine_rules(profile), scores, int(w["declarer_side"]), None)
    return -1 if won is None else won


def _replay_calls(rules: Any, auction: Auction, masks: list[int], made: list[str]) -> str:
    """Make the witness's calls in the engine's buying, or the reason it refused one."""
    from trickrules.engine.baloot import actions as act
    from trickrules.engine.baloot.auction import apply_call, legal_calls

    for name in made:
        if auction.done:
            return f"the engine's buying ended before {name}"
        allowed = {act.action_name(a): a for a in legal_calls(rules, auction,
                                                              masks[auction.queue[0]])}
        if name not in allowed:
            return f"the engine refuses {name} after {made}"
        apply_call(rules, auction, allowed[name])
    return ""


def _buying_state(rules: Any, auction: Auction, masks: list[int]) -> dict[str, Any]:
    """The engine's buying as the witness's outcome: the next seat's calls and the standing."""
    from trickrules.engine.baloot import actions as act
    from trickrules.engine.baloot.auction import legal_calls

    calls = [] if auction.done else sorted(
        act.action_name(a) for a in legal_calls(rules, auction, masks[auction.queue[0]]))
    standing = ("open" if not auction.done else
                "contract" if auction.bid is not None and not auction.annulled else "redeal")
    bid = "none" if auction.bid is None or auction.annulled else auction.bid.kind
    declarer = -1 if auction.bid is None or auction.annulled else auction.bid.declarer
    return {"calls": calls, "standing": standing, "bid": bid, "declarer": declarer}


def buying(w: dict[str, Any], profile: Profile) -> tuple[dict[str, Any], str]:
    """The engine's buying after the witness's calls: the next seat's calls and the
    standing, or the reason the engine refused a call."""
    from trickrules.engine.baloot.auction import start
    from trickrules.engine.baloot.cards import parse

    rules = engine_rules(profile)
    auction = start(int(w["dealer"]), parse(w["public"]))
    masks = [_mask(w["first_cards"][str(seat)]) for seat in range(4)]
    error = _replay_calls(rules, auction, masks, list(w["calls"]))
    if error:
        return {}, error
    return _buying_state(rules, auction, masks), ""


def _auction(w: dict[str, Any], profile: Profile) -> dict[str, Any]:
    got, error = buying(w, profile)
    if error:
        raise ValueError(error)
    return got


def _doubling(w: dict[str, Any], profile: Profile) -> bool:
    from trickrules.engine.baloot import actions as act
    from trickrules.engine.baloot.auction import apply_doubling, start_doubling

    rules = engine_rules(profile)
    if "scores" in w:
        scores = (int(w["scores"][0]), int(w["scores"][1]))
        return bool(start_doubling(rules, 0, w["contract"], scores).queue)
    doubling = start_doubling(rules, 0, w["contract"], (0, 0))
    names = {"double-locked": act.DOUBLE_LOCKED, "double": act.DOUBLE, "triple": act.TRIPLE,
             "pass": act.PASS}
    for call in w["calls"]:
        apply_doubling(rules, doubling, names[call])
    return bool(doubling.queue)


def _game(profile: Profile) -> Any:
    from trickrules.engine.registry import load_game

    return load_game("baloot", profile)


def _next_dealer(w: dict[str, Any], profile: Profile) -> int:
    ended = {"all passed": "all-passed"}.get(w["hand"], w["hand"])
    return next_dealer(_game(profile), int(w["dealer"]), ended)


def _first_lead(w: dict[str, Any], profile: Profile) -> int:
    return first_leader(_game(profile), int(w["dealer"]), int(w["declarer"]), w["contract"])


def cut_choices(profile: Profile) -> tuple[str, ...]:
    """Every choice some reading of ``deal.cut`` names, in the spec's order."""
    names: list[str] = []
    for reading in profile.parameters["deal.cut"].readings:
        names += [name for name, _ in reading.table or () if name not in names]
    return tuple(names)


def _cut(w: dict[str, Any], profile: Profile) -> list[str]:
    return cutter_choices(_game(profile), int(w["dealer"]), cut_choices(profile))


def _exposed(w: dict[str, Any], profile: Profile) -> list[str]:
    return exposed_outcomes(_game(profile), int(w["dealer"]), int(w["seat"]), w["card"])


def _declaring(w: dict[str, Any], profile: Profile) -> str:
    from trickrules.engine.baloot.projects import baloot_counts, best_set

    rules = engine_rules(profile)
    seat, declarer = int(w["seat"]), int(w["declarer"])
    question = w["question"]
    if question == "baloot":
        declared = [project(p) for p in w["projects"]]
        holds = baloot_counts(rules, seat, declarer, int(w["trump"]), declared)
    else:
        chosen = best_set(rules, _mask(w["hand"]), w["contract"], seat, declarer)
        if question in ("two", "three"):
            holds = len(chosen) >= {"two": 2, "three": 3}[question]
        elif question == "shared":  # a card in two of the projects declared
            holds = any(p.cards & q.cards for i, p in enumerate(chosen) for q in chosen[i + 1:])
        else:
            holds = any(p.kind == "four-hundred" for p in chosen)
    yes, no = DECLARING_WORDS[question]
    return yes if holds else no


def _proof(w: dict[str, Any], profile: Profile) -> int:
    from trickrules.engine.baloot.hand import Hand

    declared = project(w["project"])
    seat, team = declared.seat, declared.seat % 2
    lost = _mask(w["lost"])
    hand = Hand(w["contract"], seat, _trump(w), 1, False, False, [0, 0, 0, 0], seat)
    hand.declare(seat, (declared,))
    if w.get("trickless"):  # the side won no trick: the other side won every card
        hand.won[team], hand.won[1 - team] = 0, (1 << 32) - 1
    else:  # the side's tricks hold the project's cards it kept, and a card of no project
        spare = next(c for c in range(32) if not (declared.cards | lost) >> c & 1)
        hand.won[team], hand.won[1 - team] = (declared.cards & ~lost) | 1 << spare, lost
    facts, _ = hand.facts(engine_rules(profile))
    return int(facts.project_points) if facts.project_team == team else 0


def _projects(w: dict[str, Any], profile: Profile) -> int:
    from trickrules.engine.baloot.projects import scoring_team

    leader, declarer = int(w["leader"]), int(w["declarer"])
    if profile.value("project.declaration-order") == "play-order":
        order = {(leader + i) % 4: i for i in range(4)}
    else:
        order = {seat: (declarer - seat) % 4 for seat in range(4)}
    team = scoring_team(engine_rules(profile), [project(p) for p in w["projects"]], _trump(w),
                        order)
    return -1 if team is None else int(team)


ENGINE: dict[str, Callable[[dict[str, Any], Profile], Any]] = {
    "next-dealer": _next_dealer, "cut": _cut, "exposed": _exposed, "auction": _auction,
    "doubling": _doubling, "first-lead": _first_lead, "legal": _legal, "winner": _winner,
    "declaring": _declaring, "projects": _projects, "proof": _proof, "score": _score,
    "game-end": _game_end}


def engines(kind: str, witness: dict[str, Any], found: Found) -> dict[str, Any]:
    """The engine's outcome at a solver witness under each side's reading."""
    return {side: engine_outcome(kind, witness, found.dual.profile(found.model, side))
            for side in ("a", "b")}


def engine_outcome(kind: str, witness: dict[str, Any], profile: Profile) -> Any:
    """What the engine gives for one kind of outcome at a witness, under a concrete
    ``profile`` (the same value the kind's replay stores under ``engine``)."""
    if kind not in ENGINE:
        raise ValueError(f"no Baloot outcome kind {kind!r}")
    return ENGINE[kind](witness, profile)
