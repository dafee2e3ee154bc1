"""A ruling on one situation under every profile: the legal actions, and, when actions are
given to play next, each trick's winner, the hand's score and the end of the game.

The situation is the engine's JSON state form (``trickrules/kout-state/1`` for Kout,
``trickrules/baloot-state/1`` for Baloot), optionally
wrapped as ``{"state": {...}, "then": ["RJ", "7S", ...]}``. Each profile's rules are applied
by the engine to the same facts. A source profile that leaves parameters open is answered
under each combination of their readings; where those answers differ, the ruling depends on
the source's reading and says on which.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from proofs.kit import kit_for_game
from proofs.profile_diff import every_profile
from spec.loader import game_catalogue
from spec.model import Catalogue, Profile
from spec.registry import game_ids

MAX_COMBINATIONS = 512
FIELDS = ("legal", "then", "tricks", "score", "winner")


@dataclass
class Ruling:
    """What the engine says under one concrete profile (each family's proof kit rules on a
    situation in its engine's JSON state form)."""

    status: str
    legal: list[str] = field(default_factory=list)
    then: list[str] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    score: dict[str, Any] | None = None
    winner: int | None = None
    error: str = ""

    def as_json(self) -> dict[str, Any]:
        """The ruling as JSON data."""
        out: dict[str, Any] = {"status": self.status, "legal": self.legal, "then": self.then,
                               "tricks": self.tricks, "score": self.score,
                               "winner": self.winner}
        if self.error:
            out["error"] = self.error
        return out


def concrete_readings(profile: Profile) -> list[tuple[dict[str, str], Profile]]:
    """The concrete profiles a profile stands for: itself, or one per combination of the
    readings it leaves open (refused past :data:`MAX_COMBINATIONS`)."""
    count = math.prod(len(profile.values[p]) for p in profile.symbolic)
    if count > MAX_COMBINATIONS:
        raise ValueError(f"profile {profile.id!r} leaves {count} combinations open "
                         f"(more than {MAX_COMBINATIONS})")
    return profile.expand()


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

    @property
    def settled(self) -> bool:
        """Whether every reading of the profile gives the same answer."""
        return len(self.groups) == 1

    def as_json(self) -> dict[str, Any]:
        """The profile's answers as JSON data."""
        return {"profile": self.profile, "settled": self.settled,
                "answers": [{**r.as_json(), "readings": readings} for r, readings in self.groups]}


def judge(catalogue: Catalogue, data: dict[str, Any]) -> dict[str, Any]:
    """The situation judged under every profile of its game, with the fields on which the
    profiles (or the readings inside one profile) disagree."""
    state_data = data.get("state", data) if isinstance(data, dict) else data
    then = data.get("then", []) if isinstance(data, dict) and "state" in data else []
    if not isinstance(state_data, dict) or not isinstance(then, list):
        raise ValueError("situation: expected an engine state object, or "
                         "{\"state\": {...}, \"then\": [actions]}")
    for index, action in enumerate(then):
        if not isinstance(action, str):
            raise ValueError(f"situation.then[{index}]: expected an action name such as "
                             f"\"AS\" or \"bid 6\", got {json.dumps(action)[:40]}")
    game = state_data.get("game")
    if isinstance(game, str) and game not in catalogue.games and game in game_ids():
        catalogue = game_catalogue(game)  # a situation of another family's game
    if not isinstance(game, str) or game not in catalogue.games:
        raise ValueError(f"situation.game: {game!r} is not one of {', '.join(game_ids())}")
    rulings = []
    for profile in every_profile(catalogue).values():
        if profile.game.id != game:
            continue
        groups: dict[str, tuple[Ruling, list[dict[str, str]]]] = {}
        try:
            combinations = concrete_readings(profile)
        except ValueError as exc:  # a source that leaves too much open: said, not guessed
            rulings.append(ProfileRuling(profile.id, [(Ruling("too-open", error=str(exc)),
                                                       [{}])]))
            continue
        for chosen, concrete in combinations:
            ruling = kit_for_game(game).rule_on(state_data, [str(t) for t in then], concrete)
            ruling.error = ruling.error.replace(concrete.id, profile.id)
            key = repr(ruling.as_json())
            groups.setdefault(key, (ruling, []))[1].append(chosen)
        rulings.append(ProfileRuling(profile.id, [
            (ruling, deciding(readings, [r for _, r in groups.values()]))
            for ruling, readings in groups.values()]))
    answers = [r for pr in rulings for r, _ in pr.groups if r.status == "ok"]
    # a profile too open to expand is listed with its reason; it is no answer
    disagreements = [f for f in FIELDS
                     if len({repr(getattr(r, f)) for r in answers}) > 1]
    statuses = {r.status for pr in rulings for r, _ in pr.groups}
    return {"game": game, "then": then, "disagreements": disagreements,
            "statuses": sorted(statuses), "profiles": [pr.as_json() for pr in rulings]}
