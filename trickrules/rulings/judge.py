"""A ruling on one situation under every profile: the legal actions, and, when actions are
given to play next, who bought, each trick's winner, the hand's score and the end of the game;
each part with the rules that decide it (:mod:`trickrules.rulings.report` numbers them as the
rulebook does and words the report as a player reads it).

The situation is the engine's JSON state form (``trickrules/kout-state/1`` for Kout,
``trickrules/baloot-state/1`` for Baloot), optionally
wrapped as ``{"state": {...}, "then": ["RJ", "7S", ...]}``. Each profile's rules are applied
by the engine to the same facts. A source profile that leaves parameters open is answered
under each combination of the readings the situation reads (every combination, for a family
whose engine does not say what it read); where those answers differ, the ruling depends on
the source's reading and says on which.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.ruling import Ruling
from trickrules.rulings.report import (
    ADMITTED,
    RuleCiter,
    check_text,
    departures,
    differences,
    readable,
)
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.loader import game_catalogue
from trickrules.spec.model import Profile
from trickrules.spec.profile_index import every_profile
from trickrules.spec.registry import game_ids

MAX_COMBINATIONS = 2048
FIELDS = ("legal", "then", "bought", "tricks", "score", "winner")
"""The parts of an answer, in the order a player reads them."""


def concrete_readings(profile: Profile) -> list[tuple[dict[str, str], Profile]]:
    """The concrete profiles a profile stands for: itself, or one per combination of the
    readings it leaves open (refused past :data:`MAX_COMBINATIONS`)."""
    _check_count(profile, list(profile.symbolic))
    return profile.expand()


def _check_count(profile: Profile, parameters: list[str]) -> None:
    count = math.prod(len(profile.values[p]) for p in parameters)
    if count > MAX_COMBINATIONS:
        raise ValueError(f"profile {profile.id!r} leaves {count} combinations of "
                         f"{', '.join(parameters)} open (more than {MAX_COMBINATIONS})")


def open_answers(profile: Profile, run: Callable[[Profile], Ruling]) -> tuple[
        list[tuple[dict[str, str], Ruling]], list[str]]:
    """``run`` under every combination of the open readings that can matter, and those
    parameters. Starting from each open parameter's first reading, a parameter joins when some
    answer read its rules; until no answer reads a new one. The answer under any other
    combination is the one under the combination that agrees on the parameters that joined:
    the engine reads the same rules there, so takes the same path."""
    open_ = list(profile.symbolic)
    base = {p: profile.values[p][0] for p in open_}
    relevant: list[str] = []
    done: dict[tuple[tuple[str, str], ...], Ruling] = {}
    while True:
        _check_count(profile, relevant)
        combos = [dict(zip(relevant, values, strict=True)) for values in
                  itertools.product(*(profile.values[p] for p in relevant))]
        joined: list[str] = []
        out = []
        for combo in combos:
            chosen = {**base, **combo}
            key = tuple(sorted(chosen.items()))
            if key not in done:
                done[key] = run(profile.pin(chosen))
            ruling = done[key]
            if ruling.depends is None:  # the family does not say what it read: expand all
                return [(c, run(p)) for c, p in concrete_readings(profile)], open_
            joined += [p for p in ruling.depends
                       if p in base and p not in relevant and p not in joined]
            out.append((combo, ruling))
        if not joined:
            return out, relevant
        relevant += joined


def deciding(readings: list[dict[str, str]],
             groups: list[list[dict[str, str]]]) -> list[dict[str, str]]:
    """The readings of one answer group cut down to the parameters that decide between the
    groups (a parameter whose every reading appears in every group decides nothing)."""
    if len(groups) == 1:
        return [{}]
    keys = {k for r in readings for k in r}
    every = {k: {r[k] for g in groups for r in g} for k in keys}
    matters = [k for k in sorted(keys)
               if any({r[k] for r in g} != every[k] for g in groups)]
    cut = {tuple((k, r[k]) for k in matters) for r in readings}
    return [dict(pairs) for pairs in sorted(cut)]


@dataclass
class ProfileRuling:
    """The answers under one profile: one group per distinct answer, with the readings of
    the profile's open parameters that give it."""

    profile: str
    groups: list[tuple[Ruling, list[dict[str, str]]]]
    unread: list[str] = field(default_factory=list)
    """The profile's open parameters no answer read: they cannot change it."""
    rules: list[dict[str, list[dict[str, Any]]]] = field(default_factory=list)
    """For each group, the rules deciding each part of its answer, as the book cites them."""

    @property
    def settled(self) -> bool:
        """Whether every reading of the profile gives the same answer."""
        return len(self.groups) == 1

    def as_json(self) -> dict[str, Any]:
        """The profile's answers as JSON data."""
        rules = self.rules or [{} for _ in self.groups]
        return {"profile": self.profile, "settled": self.settled, "unread": self.unread,
                "answers": [{**r.as_json(), "readings": readings, "rules": cited,
                             "words": r.words}
                            for (r, readings), cited in zip(self.groups, rules, strict=True)]}


def _situation(data: Any) -> tuple[dict[str, Any], list[str]]:
    """The state and the actions to play on of a situation, checked."""
    state_data = data.get("state", data) if isinstance(data, dict) else data
    then = data.get("then", []) if isinstance(data, dict) and "state" in data else []
    if not isinstance(state_data, dict) or not isinstance(then, list):
        raise ValueError("situation: expected an engine state object, or "
                         "{\"state\": {...}, \"then\": [actions]}")
    check_text(data)
    for index, action in enumerate(then):
        if not isinstance(action, str):
            raise ValueError(f"situation.then[{index}]: expected an action name such as "
                             f"\"AS\" or \"bid 6\", got {json.dumps(action)[:40]}")
    return state_data, then


def _judge_profile(game: str, profile: Profile, state_data: dict[str, Any],
                   then: list[str], citer: RuleCiter) -> ProfileRuling:
    """The answers under one profile, grouped, with the rules deciding each."""
    def run(concrete: Profile, name: str = profile.id) -> Ruling:
        ruling = kit_for_game(game).rule_on(state_data, then, concrete)
        ruling.error = ruling.error.replace(concrete.id, name)
        return ruling

    try:
        found, relevant = open_answers(profile, run)
    except ValueError as exc:  # a source that leaves too much open: said, not guessed
        return ProfileRuling(profile.id, [(Ruling("too-open", error=str(exc)), [{}])])
    groups: dict[str, tuple[Ruling, list[dict[str, str]]]] = {}
    for chosen, ruling in found:
        groups.setdefault(repr(ruling.as_json()), (ruling, []))[1].append(chosen)
    cut = [(ruling, deciding(readings, [r for _, r in groups.values()]))
           for ruling, readings in groups.values()]
    return ProfileRuling(
        profile.id, cut, [p for p in profile.symbolic if p not in relevant],
        [{part: citer.cite(profile, readings, ids) for part, ids in ruling.cites.items()}
         for ruling, readings in cut])


def house_options(catalogue: Catalogue, game: str, profile: Profile,
                  state_data: dict[str, Any], then: list[str], base: Ruling,
                  citer: RuleCiter) -> list[dict[str, Any]]:
    """Every house option that answers differently: the profile with one rule read otherwise
    (a parameter the answer read, or any when the family does not say, or one it cites), and
    what it gives; an option under which the situation cannot arise gives nothing."""
    cited = {r for ids in base.cites.values() for r in ids}
    read = set(profile.values) if base.depends is None else set(base.depends)
    out = []
    for pid, reading, pinned in departures(catalogue, game, profile, read | cited,
                                           citer.numbers()):
        ruling = kit_for_game(game).rule_on(state_data, then, pinned)
        if ruling.status in ADMITTED and ruling.as_json() != base.as_json():
            out.append({**ruling.as_json(), "option": {pid: reading},
                        "rule": citer.cite(profile, [{pid: reading}], [pid])[0],
                        "readings": [{pid: reading}], "words": ruling.words,
                        "rules": {part: citer.cite(profile, [{pid: reading}], ids)
                                  for part, ids in ruling.cites.items()}})
    return out


def judge(catalogue: Catalogue, data: dict[str, Any]) -> dict[str, Any]:
    """The situation judged under every profile of its game (the reconciled profile first),
    with the rules deciding each answer and where the profiles (or the readings inside one
    profile) disagree."""
    state_data, then = _situation(data)
    _check_format(state_data.get("format"))
    catalogue, game = _game_of(catalogue, state_data.get("game"))
    citer = RuleCiter(catalogue, game)
    profiles = [p for p in every_profile(catalogue).values() if p.game.id == game]
    profiles.sort(key=lambda p: p.id != citer.reconciled)
    rulings = [_judge_profile(game, p, state_data, then, citer) for p in profiles]
    statuses = {r.status for pr in rulings for r, _ in pr.groups}
    entries = [pr.as_json() for pr in rulings]
    house = _reconciled_house(catalogue, game, profiles, rulings, state_data, then, citer)
    return {"game": game, "then": then, "reconciled": citer.reconciled,
            "ruling": readable(entries, citer.reconciled, house),
            **differences(entries, FIELDS, citer.reconciled),
            "statuses": sorted(statuses), "profiles": entries}


def _check_format(found: Any) -> None:
    """A state that names a format names one of the registered games' state formats (a
    state without one is left to the game's reader, which names what it lacks)."""
    if found is None:
        return
    from trickrules.engine.registry import game_types

    formats = sorted({t.state_format for t in game_types()})
    if found not in formats:
        raise ValueError(f"situation.format: {found!r} is not a state format of these games "
                         f"(known: {', '.join(formats)})")


def _game_of(catalogue: Catalogue, game: Any) -> tuple[Catalogue, str]:
    """The situation's game and its catalogue: ``catalogue``, or another family's when the
    game is one of its (``ValueError`` for a game no family has)."""
    if isinstance(game, str) and game not in catalogue.games and game in game_ids():
        catalogue = game_catalogue(game)  # a situation of another family's game
    if not isinstance(game, str) or game not in catalogue.games:
        raise ValueError(f"situation.game: {game!r} is not one of {', '.join(game_ids())}")
    return catalogue, game


def _reconciled_house(catalogue: Catalogue, game: str, profiles: list[Profile],
                      rulings: list[ProfileRuling], state_data: dict[str, Any],
                      then: list[str], citer: RuleCiter) -> list[dict[str, Any]]:
    """The house options that answer differently from the reconciled profile, when it is
    among the profiles, gives one answer and reads the situation; else none."""
    if profiles and profiles[0].id == citer.reconciled and rulings[0].settled:
        base = rulings[0].groups[0][0]
        if base.status in ADMITTED:
            return house_options(catalogue, game, profiles[0], state_data, then, base, citer)
    return []
