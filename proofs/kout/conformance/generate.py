"""Build the suite: every case asked under every suite profile of its game, grouped into what
every engine must answer alike and what depends on a variant, with each expectation confirmed
by the Z3 model where the model answers that question.

The suite profiles of a game are its reconciled profile and each house option: the reconciled
profile with one parameter set to another reading (those the engine can deal are kept). The
output is deterministic: the same rule data, code and stored witnesses give the same bytes.
The witnesses (``witnesses.json``) are taken from a verify report only when asked, because a
solver may find another witness of the same difference in another run.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from proofs.conformance.protocol import PROTOCOL, read_contract, read_situation, rules_of
from proofs.conformance.suite import EVERY, GROUPS, suite_dir
from proofs.kout.conformance import cases
from proofs.kout.conformance.expect import (
    KOUT_OPS,
    Answer,
    InvalidRequestError,
    answer,
    contract_of,
    game_for,
)
from proofs.kout.evaluator import ModelEvaluator, Situation
from proofs.kout.situation import profile_deck
from spec.cards import card_name
from spec.model import Catalogue, Profile

WITNESSES = "witnesses.json"
CONFIRMED_ORIGINS = ("random:", "grid", "perft:")
"""Origins whose play answers are confirmed here by the Z3 model (witnesses were replayed
against the model when they were found, and the small scope is a verify theorem)."""


def suite_profiles(catalogue: Catalogue, game: str) -> list[Profile]:
    """The reconciled profile of ``game`` and every house option the engine can play."""
    base = catalogue.default_profile(game)
    out = [base]
    for pid in sorted(base.values):
        for reading in base.parameters[pid].reading_ids:
            if reading == base.value(pid):
                continue
            profile = base.derive(f"{base.id}[{pid}={reading}]", {pid: reading})
            try:
                game_for(profile)
            except EngineError:
                continue
            out.append(profile)
    return out


@dataclass
class Vector:
    """One line of the suite."""

    group: str
    op: str
    game: str
    profiles: list[str]
    rules: list[str]
    origin: str
    size: int
    request: dict[str, Any]
    expect: dict[str, Any]
    why: dict[str, Any]
    excluded: list[str] = field(default_factory=list)
    id: str = field(default="")

    def as_json(self) -> dict[str, Any]:
        """The vector as a JSON object (key order fixed)."""
        return {"id": self.id, "group": self.group, "op": self.op, "game": self.game,
                "profiles": self.profiles, "except": self.excluded, "rules": self.rules,
                "origin": self.origin, "size": self.size, "request": self.request,
                "expect": self.expect, "why": self.why}


def case_size(body: dict[str, Any]) -> int:
    """How large a case is: cards in play, calls made, points at stake or perft depth."""
    op = body["op"]
    if op in ("legal-plays", "trick-winner"):
        return read_situation(body["situation"]).size
    if op == "perft":
        return int(body["depth"]) * 100 + read_situation(body["situation"]).size
    if op == "auction":
        return len(body["calls"])
    if op == "game-end":
        return int(sum(body["scores"])) + int(body["contract"]["bid"])
    return int(body["contract"]["bid"])


def why_rules(why: dict[str, Any]) -> set[str]:
    """Every rule id named in an attribution."""
    out: set[str] = set()
    for value in why.values():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            out.update(why_rules(value))
        elif isinstance(value, list):
            out.update(str(v) for v in value)
    return out


def _key(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class ModelCheck:
    """Confirms the engine's answers under a game's reconciled profile with the Z3 model."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.model = ModelEvaluator(profile)
        self.deck = profile_deck(profile)
        self.checked = 0

    def confirm(self, body: dict[str, Any], got: Answer) -> None:
        """Raise ``AssertionError`` if the model answers ``body`` otherwise than the engine."""
        op = body["op"]
        if op in ("legal-plays", "trick-winner"):
            facts = read_situation(body["situation"])
            complete = op == "trick-winner"
            point = facts.before(facts.players - 1) if complete else facts
            s = Situation(self.deck, point.players, point.trump, point.contract.bid,
                          point.contract.seat, point.leader,
                          tuple(frozenset(h) for h in point.hands), frozenset(point.played),
                          point.trick, point.tricks_won)
            if complete:
                model: Any = {"winner": self.model.trick_winner(s, facts.trick)}
            else:
                model = {"cards": [card_name(c) for c in self.model.legal_cards(s)]}
        elif op in ("hand-score", "game-end"):
            rules = game_for(self.profile).rules
            contract = contract_of(rules, read_contract(body["contract"]))
            team = contract.seat % 2
            before = body.get("scores", [0, 0])
            made, after, winner = self.model.hand_end(
                (before[0], before[1]), team, contract.bid, contract.malzoom,
                body["tricks_won"][team], body.get("hand_index", 1) == 0)
            if op == "hand-score":
                scored = 1 - team if after[team] == before[team] else team
                model = {"made": made, "team": scored,
                         "points": after[scored] - before[scored]}
            else:
                model = {"scores": list(after), "winner": winner}
        else:
            return
        self.checked += 1
        if model != got.expect:
            raise AssertionError(f"engine and model disagree on {_key(body)} under "
                                 f"{self.profile.id}: engine {got.expect}, model {model}")


def vectors_for(case: cases.Case, profiles: list[Profile], check: ModelCheck) -> list[Vector]:
    """The vectors of one case: one if every profile answers alike, else one per answer."""
    body = {k: v for k, v in case.body.items() if k != "op"}
    answers: dict[str, tuple[Answer, list[Profile]]] = {}
    for profile in profiles:
        try:
            got = answer(profile, case.body)
        except InvalidRequestError:
            continue
        if profile is profiles[0] and case.origin.startswith(CONFIRMED_ORIGINS):
            check.confirm(case.body, got)
        key = _key(got.expect)
        if key not in answers:
            answers[key] = (got, [])
        answers[key][1].append(profile)
    size = case_size(case.body)
    if len(answers) == 1:
        got, holding = next(iter(answers.values()))
        if len(holding) == len(profiles):
            return [Vector("must", case.op, case.game, [EVERY], sorted(why_rules(got.why)),
                           case.origin, size, body, got.expect, got.why)]
    out = []
    for got, holding in answers.values():
        others = [p for p in profiles if p not in holding]
        # each house option departs from the reconciled profile in one parameter: the
        # parameters of the side without the reconciled profile are what split the answers
        side = others if profiles[0] in holding else holding
        split = {pid for p in side for pid in p.values if p.values[pid] != profiles[0].values[pid]}
        named, excluded = [p.id for p in holding], []
        if len(holding) * 2 > len(profiles):  # the shorter list: every profile but these
            named, excluded = [EVERY], [p.id for p in others]
        out.append(Vector("variant", case.op, case.game, named,
                          sorted(why_rules(got.why) | split), case.origin, size, body,
                          got.expect, got.why, excluded))
    return out


def all_cases(witnesses: list[dict[str, Any]],
              profiles: dict[str, list[Profile]]) -> Iterator[cases.Case]:
    """Every case of the suite, witnesses first (a later duplicate is dropped)."""
    yield from cases.witness_cases(witnesses)
    for game_profiles in profiles.values():
        base = game_profiles[0]
        yield from cases.joker_lead_cases(base)
        yield from cases.small_scope(base)
        yield from cases.random_cases(base)
        yield from cases.auction_grid(game_profiles)
        yield from cases.score_grid(base)
        yield from cases.game_end_grid(base)
        yield from cases.perft_cases(base)


@dataclass
class Suite:
    """The generated suite: vectors by group and op, and the profiles they name."""

    vectors: list[Vector]
    profiles: dict[str, list[Profile]]
    confirmed: int
    witnesses: list[dict[str, Any]]

    def counts(self) -> dict[str, dict[str, int]]:
        """Vectors per group and op."""
        out = {g: {op: 0 for op in KOUT_OPS} for g in GROUPS}
        for v in self.vectors:
            out[v.group][v.op] += 1
        return out


def stored_witnesses(root: Path | None = None) -> list[dict[str, Any]]:
    """The witness requests the suite was built from (by default the shipped Kout suite's)."""
    root = suite_dir("kout") if root is None else root
    data: list[dict[str, Any]] = json.loads((root / WITNESSES).read_text(encoding="utf-8"))
    return data


def build_suite(catalogue: Catalogue, witnesses: list[dict[str, Any]]) -> Suite:
    """Every vector, numbered within its group and op, smallest cases first."""
    profiles = {game: suite_profiles(catalogue, game) for game in catalogue.games}
    checks = {game: ModelCheck(ps[0]) for game, ps in profiles.items()}
    seen: set[str] = set()
    vectors: list[Vector] = []
    for case in all_cases(witnesses, profiles):
        key = _key([case.game, case.body])
        if key in seen:
            continue
        seen.add(key)
        vectors.extend(vectors_for(case, profiles[case.game], checks[case.game]))
    order = {game: i for i, game in enumerate(profiles)}
    vectors.sort(key=lambda v: (GROUPS.index(v.group), KOUT_OPS.index(v.op), order[v.game], v.size,
                                _key(v.request), _key(v.expect)))
    counters: dict[tuple[str, str], int] = {}
    for v in vectors:
        n = counters[(v.group, v.op)] = counters.get((v.group, v.op), 0) + 1
        v.id = f"{v.group}/{v.op}/{n:04d}"
    return Suite(vectors, profiles, sum(c.checked for c in checks.values()), witnesses)


def suite_files(suite: Suite) -> dict[str, str]:
    """The suite's files (relative path to text): one JSON Lines file per group and op, the
    profiles it names and a manifest with the counts."""
    files: dict[str, list[str]] = {}
    for v in suite.vectors:
        files.setdefault(f"{v.group}/{v.op}.jsonl", []).append(
            json.dumps(v.as_json(), separators=(",", ":"), ensure_ascii=False))
    out = {path: "\n".join(lines) + "\n" for path, lines in sorted(files.items())}
    profiles = {p.id: {"game": game, "rules": rules_of(p)}
                for game, ps in suite.profiles.items() for p in ps}
    out["profiles.json"] = json.dumps(profiles, indent=1, sort_keys=True) + "\n"
    manifest = {"protocol": PROTOCOL, "vectors": len(suite.vectors), "counts": suite.counts(),
                "defaults": {game: ps[0].id for game, ps in suite.profiles.items()},
                "profiles": {game: len(ps) for game, ps in suite.profiles.items()}}
    out["manifest.json"] = json.dumps(manifest, indent=1) + "\n"
    out[WITNESSES] = json.dumps(suite.witnesses, indent=None, separators=(",", ":"),
                                ensure_ascii=False).replace('},{"game"', '},\n{"game"') + "\n"
    return out


def write_suite(files: dict[str, str], out: Path) -> list[Path]:
    """Write the suite's files under ``out``, removing stale ``.jsonl`` files; the paths."""
    written = []
    for old in out.rglob("*.jsonl"):
        if old.relative_to(out).as_posix() not in files:
            old.unlink()
    for relative, text in files.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale_files(files: dict[str, str], out: Path) -> list[str]:
    """The suite files under ``out`` that differ from ``files`` (missing, changed or extra)."""
    problems = [r for r, text in files.items()
                if not (out / r).exists() or (out / r).read_text(encoding="utf-8") != text]
    extra = [p.relative_to(out).as_posix() for p in out.rglob("*.jsonl")]
    return sorted(problems + [e for e in extra if e not in files])

