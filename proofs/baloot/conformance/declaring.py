"""Baloot's projects in the conformance protocol: which projects a player declares from a hand,
and which side's projects score and for how many game points.

A projects request gives the contract (and trump), the declarer, the seat and its eight cards;
the answer is the best set that seat declares (kinds ``sira``, ``fifty``, ``hundred``,
``four-hundred``, each with its cards) and whether the seat scores Baloot beside them. A
project-compare request gives every declared project with its seat and cards, and the seat
that leads the first trick (the declaration order starts there under
``project.declaration-order = play-order``); the answer is the side whose projects score (or
null) and their value before any multiplier.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trickrules.engine.baloot.cards import ACE, KING, QUEEN, BCard, CardMask, name, names
from trickrules.engine.baloot.projects import (
    HUNDRED,
    KINDS,
    Project,
    baloot_counts,
    best_set,
    candidates,
    proven,
    scoring_team,
)
from trickrules.engine.baloot.projects import value as project_value
from trickrules.engine.baloot.rules import SUN, Rules
from trickrules.proofs.baloot.conformance.played_hand import read_played_hand, replay
from trickrules.proofs.baloot.conformance.situation import read_cards, read_contract, read_seat
from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError


def _distinct(cards: tuple[BCard, ...], where: str) -> list[BCard]:
    if len(set(cards)) != len(cards):
        raise InvalidRequestError(f"{where}: a card twice")
    return list(cards)


def _as_json(p: Project) -> dict[str, Any]:
    return {"kind": p.kind, "cards": names(p.cards)}


def projects(rules: Rules, data: dict[str, Any]) -> Answer:
    """The projects a seat declares from its eight cards."""
    contract, trump = read_contract(data)
    seat = read_seat(data.get("seat"), "seat")
    declarer = read_seat(data.get("declarer"), "declarer")
    hand = _distinct(read_cards(data.get("hand"), "hand"), "hand")
    if len(hand) != 8:
        raise InvalidRequestError(f"hand: {len(hand)} cards, not 8")
    mask = sum(1 << c for c in hand)
    chosen = sorted(best_set(rules, mask, contract, seat, declarer),
                    key=lambda p: (KINDS.index(p.kind), p.cards))
    tags = {"project.values"}
    if _several(candidates(mask, contract, seat, True)):
        tags.add("project.per-player")
    aces = sum(1 << (s * 8 + ACE) for s in range(4))
    if contract == SUN and mask & aces == aces:
        tags.add("project.four-hundred-holder")
    baloot, baloot_rules = _baloot(rules, mask, trump, seat, declarer, chosen)
    return Answer({"projects": [_as_json(p) for p in chosen], "baloot": baloot},
                  {"projects": sorted(tags), "baloot": baloot_rules})


def _several(held: list[Project]) -> bool:
    """Whether how many projects one player may declare, and whether they may share a card,
    decides: the hand holds two projects sharing no card, or a run and a four of a kind."""
    return any(not p.cards & q.cards or p.is_run != q.is_run
               for i, p in enumerate(held) for q in held[i + 1:])


def _baloot(rules: Rules, hand: CardMask, trump: int | None, seat: int, declarer: int,
            chosen: list[Project]) -> tuple[bool, list[str]]:
    """Whether the seat scores Baloot once it plays the trump King and Queen it holds, beside
    the projects it declares; and the rules that decide it (``project.baloot-holder`` for a
    seat that is not the declarer, ``project.baloot-in-project`` when one of the two is in a
    project; the holder rule alone when the seat does not hold both)."""
    if trump is None:
        return False, ["project.baloot-holder"]
    king, queen = 1 << (trump * 8 + KING), 1 << (trump * 8 + QUEEN)
    if hand & (king | queen) != king | queen:
        return False, ["project.baloot-holder"]
    deciding = []
    if seat != declarer:
        deciding.append("project.baloot-holder")
    if any(p.cards & (king | queen) for p in chosen):
        deciding.append("project.baloot-in-project")
    return (baloot_counts(rules, seat, declarer, trump, chosen),
            deciding or ["project.baloot-holder"])


def _project(entry: Any, k: int, contract: str) -> Project:
    """A declared project from its seat and cards, checked to be a project of that kind."""
    if not isinstance(entry, dict):
        raise InvalidRequestError(f"declared[{k}]: expected an object")
    seat = read_seat(entry.get("seat"), f"declared[{k}].seat")
    cards = _distinct(read_cards(entry.get("cards"), f"declared[{k}].cards"),
                      f"declared[{k}].cards")
    mask: CardMask = sum(1 << c for c in cards)
    found = [p for p in candidates(mask, contract, seat, True)
             if p.cards == mask and p.kind == entry.get("kind")]
    if not found:
        raise InvalidRequestError(f"declared[{k}]: {' '.join(name(c) for c in cards)} is not "
                                  f"a {entry.get('kind')!r} in {contract}")
    return found[0]


def _read_declared(data: dict[str, Any], contract: str) -> list[Project]:
    """The request's declared projects, none of them sharing a card with an earlier one of the
    same seat."""
    raw = data.get("declared")
    if not isinstance(raw, list):
        raise InvalidRequestError("declared: expected a list of projects")
    declared = [_project(entry, k, contract) for k, entry in enumerate(raw)]
    for k, p in enumerate(declared):
        if any(p.seat == q.seat and p.cards & q.cards for q in declared[:k]):
            raise InvalidRequestError(f"declared[{k}]: shares a card with another project "
                                      "of the same seat")
    return declared


def _declaring_order(rules: Rules, declarer: int, first: int) -> dict[int, int]:
    """Each seat's place in the order of declaring: from the declarer backwards, or from the
    first leader in play order."""
    if rules.declare_from_declarer:
        return {seat: (declarer - seat) % 4 for seat in range(4)}
    return {(first + i) % 4: i for i in range(4)}


def project_compare(rules: Rules, data: dict[str, Any]) -> Answer:
    """The side whose declared projects score, and their value in game points."""
    contract, trump = read_contract(data)
    declarer = read_seat(data.get("declarer"), "declarer")
    first = read_seat(data.get("first_leader"), "first_leader")
    declared = _read_declared(data, contract)
    team = scoring_team(rules, declared, trump, _declaring_order(rules, declarer, first))
    scoring = [p for p in declared if team is not None and p.seat % 2 == team]
    compared = _deciding_rule(declared)
    deciding: str | list[str] = compared
    if "tricks" in data and team is not None:  # the hand as played: what its tricks took
        played = replay(rules, replace(read_played_hand(data), buyers=declarer % 2))
        scoring = proven(rules, scoring, played.won[team])
        deciding = [compared, "project.proof"]
        team = team if scoring else None
    points = sum(project_value(rules, p.kind, contract) for p in scoring)
    # which side is higher is the comparison's; that only that side scores is project.proof's
    return Answer({"team": team, "points": points}, {"team": deciding, "points": "project.proof"})


def _deciding_rule(declared: list[Project]) -> str:
    """The rule that settles the comparison: the values when one side alone declared or the
    best projects differ in kind, the hundreds' order when a run meets four of a kind, else
    the tie-break (the higher top card, then trump or the first to declare, as it reads)."""
    best: dict[int, Project] = {}
    for p in declared:
        team = p.seat % 2
        if team not in best or KINDS.index(p.kind) > KINDS.index(best[team].kind):
            best[team] = p
    if len(best) < 2:
        return "project.values"
    a, b = best[0], best[1]
    if a.kind != b.kind:
        return "project.values"
    if a.kind == HUNDRED and a.is_run != b.is_run:
        return "project.hundred-order"
    return "project.tie-break"
