"""Building a family's suite from its cases: every case asked under every suite profile of its
game, grouped into what every engine must answer alike (``must``) and what depends on a house
option (``variant``), then written as JSON Lines files with the profiles and a manifest.

A family gives its cases, its reference answers and how large a case is; the grouping, the
numbering, the files and the staleness check are the same for every family. The output is
deterministic: the same rule data, code and stored witnesses give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trickrules.proofs.conformance.protocol import (
    OPS,
    PROTOCOL,
    Answer,
    InvalidRequestError,
    rules_of,
)
from trickrules.proofs.conformance.suite import EVERY, GROUPS, SuiteError
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile

WITNESSES = "witnesses.json"


def suite_profiles(catalogue: Catalogue, game: str,
                   playable: Callable[[Profile], bool]) -> list[Profile]:
    """The reconciled profile of ``game`` and every house option (the reconciled profile with
    one parameter at another reading) that ``playable`` accepts."""
    base = catalogue.default_profile(game)
    out = [base]
    for pid in sorted(base.values):
        for reading in base.parameters[pid].reading_ids:
            if reading == base.value(pid):
                continue
            profile = base.derive(f"{base.id}[{pid}={reading}]", {pid: reading})
            if playable(profile):
                out.append(profile)
    return out


@dataclass(frozen=True)
class Case:
    """One request body and where it came from."""

    game: str
    body: dict[str, Any]
    origin: str

    @property
    def op(self) -> str:
        """The question asked."""
        return str(self.body["op"])


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


def key(data: Any) -> str:
    """A canonical text of JSON data, for sets and sorting."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


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


Answerer = Callable[[Profile, dict[str, Any]], Answer]
Confirm = Callable[[Case, Answer], None]


def vectors_for(case: Case, profiles: list[Profile], answer: Answerer, size: int,
                confirm: Confirm | None = None) -> list[Vector]:
    """The vectors of one case: one if every profile answers alike, else one per answer.
    ``confirm`` is shown the reconciled profile's answer (to check it another way)."""
    body = {k: v for k, v in case.body.items() if k != "op"}
    answers = _answers_by_text(case, profiles, answer, confirm)
    if len(answers) == 1:
        got, holding = next(iter(answers.values()))
        if len(holding) == len(profiles):
            return [Vector("must", case.op, case.game, [EVERY], sorted(why_rules(got.why)),
                           case.origin, size, body, got.expect, got.why)]
    return [_variant_vector(case, profiles, got, holding, size, body)
            for got, holding in answers.values()]


def _answers_by_text(case: Case, profiles: list[Profile], answer: Answerer,
                     confirm: Confirm | None) -> dict[str, tuple[Answer, list[Profile]]]:
    """The case's distinct answers (by their expectation's text), each with the profiles that
    give it, in profile order; profiles that refuse the request give none."""
    answers: dict[str, tuple[Answer, list[Profile]]] = {}
    texts: dict[int, tuple[Answer, str]] = {}  # a reused answer is the same object: keyed once
    for profile in profiles:
        try:
            got = answer(profile, case.body)
        except InvalidRequestError:
            continue
        if profile is profiles[0] and confirm is not None:
            confirm(case, got)
        known = texts.get(id(got))
        if known is None or known[0] is not got:
            known = texts[id(got)] = (got, key(got.expect))
        text = known[1]
        if text not in answers:
            answers[text] = (got, [])
        answers[text][1].append(profile)
    return answers


def _variant_vector(case: Case, profiles: list[Profile], got: Answer, holding: list[Profile],
                    size: int, body: dict[str, Any]) -> Vector:
    """The ``variant`` vector of one of the case's answers: the profiles that give it (or
    every profile but the others, the shorter list), its rules with the parameters that
    split the answers."""
    held = {id(p) for p in holding}  # by identity: comparing profiles field by field is slow
    others = [p for p in profiles if id(p) not in held]
    # each house option departs from the reconciled profile in one parameter: the
    # parameters of the side without the reconciled profile are what split the answers
    side = others if id(profiles[0]) in held else holding
    split = {pid for p in side for pid in p.values if p.values[pid] != profiles[0].values[pid]}
    named, excluded = [p.id for p in holding], []
    if len(holding) * 2 > len(profiles):  # the shorter list: every profile but these
        named, excluded = [EVERY], [p.id for p in others]
    return Vector("variant", case.op, case.game, named, sorted(why_rules(got.why) | split),
                  case.origin, size, body, got.expect, got.why, excluded)


@dataclass
class Suite:
    """A generated suite: vectors by group and op, the profiles they name, the ops in suite
    order, how many answers the Z3 model confirmed, and the witnesses it was built from."""

    vectors: list[Vector]
    profiles: dict[str, list[Profile]]
    ops: tuple[str, ...]
    confirmed: int
    witnesses: list[dict[str, Any]]

    def counts(self) -> dict[str, dict[str, int]]:
        """Vectors per group and op."""
        out = {g: {op: 0 for op in self.ops} for g in GROUPS}
        for v in self.vectors:
            out[v.group][v.op] += 1
        return out


def assemble(cases: Iterable[tuple[Case, int]], profiles: dict[str, list[Profile]],
             answer: Answerer, ops: tuple[str, ...], witnesses: list[dict[str, Any]],
             confirm: Confirm | None = None, confirmed: Callable[[], int] = lambda: 0) -> Suite:
    """Every vector of the cases (each with its size; a later duplicate dropped), numbered
    within its group and op, smallest cases first."""
    seen: set[str] = set()
    vectors: list[Vector] = []
    for case, size in cases:
        text = key([case.game, case.body])
        if text in seen:
            continue
        seen.add(text)
        vectors.extend(vectors_for(case, profiles[case.game], answer, size, confirm))
    order = {game: i for i, game in enumerate(profiles)}
    vectors.sort(key=lambda v: (GROUPS.index(v.group), ops.index(v.op), order[v.game], v.size,
                                key(v.request), key(v.expect)))
    counters: dict[tuple[str, str], int] = {}
    for v in vectors:
        n = counters[(v.group, v.op)] = counters.get((v.group, v.op), 0) + 1
        v.id = f"{v.group}/{v.op}/{n:04d}"
    return Suite(vectors, profiles, ops, confirmed(), witnesses)


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


def suite_owned(out: Path) -> list[Path]:
    """The vector files under ``out`` that a suite owns: ``<group>/<op>.jsonl`` for the two
    groups and the protocol's ops; nothing else in ``out`` is ever read as the suite's or
    removed."""
    return sorted(p for group in GROUPS for op in OPS
                  if (p := out / group / f"{op}.jsonl").is_file())


def write_suite(files: dict[str, str], out: Path) -> list[Path]:
    """Write the suite's files under ``out``, each whole or not at all (the manifest last),
    and remove the suite's own vector files that it no longer has; the paths written."""
    from trickrules.proofs.verify.cache import write_atomically

    written = []
    order = sorted(files, key=lambda relative: relative == "manifest.json")
    for relative in order:
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, files[relative].encode("utf-8"))
        written.append(path)
    for old in suite_owned(out):
        if old.relative_to(out).as_posix() not in files:
            old.unlink()
    return written


def stale_files(files: dict[str, str], out: Path) -> list[str]:
    """The suite files under ``out`` that differ from ``files`` (missing, changed, unreadable
    or extra)."""
    def differs(relative: str) -> bool:
        try:
            return (out / relative).read_bytes() != files[relative].encode("utf-8")
        except OSError:
            return True

    extra = [p.relative_to(out).as_posix() for p in suite_owned(out)]
    return sorted([r for r in files if differs(r)] + [e for e in extra if e not in files])


def dispute_witnesses(report: dict[str, Any], games: set[str],
                      body_of: Callable[[str, dict[str, Any]], dict[str, Any] | None]
                      ) -> list[dict[str, Any]]:
    """The replayed dispute witnesses of ``games`` in a verify report as requests (``game``,
    ``origin``, ``body``); ``body_of`` makes the request of an outcome kind's witness, or
    None for a question the protocol does not ask."""
    out = []
    for dispute in report["sources"]["disputes"]:
        if dispute["game"] not in games:
            continue
        for outcome in dispute["outcomes"]:
            if outcome["verdict"] != "refuted" or not outcome.get("replayed"):
                continue
            body = body_of(outcome["kind"], outcome["witness"])
            if body is not None:
                out.append({"game": dispute["game"], "body": body,
                            "origin": f"witness:{dispute['id']}:{outcome['kind']}"})
    return out


def stored_witnesses(root: Path) -> list[dict[str, Any]]:
    """The witness requests a suite was built from (none for a suite not built yet)."""
    path = root / WITNESSES
    if not path.exists():
        return []
    hint = "`trickrules vectors --refresh` takes them afresh from a verify report"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SuiteError(f"{path}: cannot read the stored witnesses ({exc}); {hint}") from None
    if not isinstance(data, list) or not all(
            isinstance(w, dict) and isinstance(w.get("game"), str)
            and isinstance(w.get("origin"), str) and isinstance(w.get("body"), dict)
            for w in data):
        raise SuiteError(f"{path}: not a list of witness requests (each with game, origin "
                         f"and body); {hint}")
    return data
