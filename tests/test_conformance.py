"""The conformance kit: the reference adapter passes the whole suite, each deliberately broken
adapter fails on exactly the rules it breaks, a misbehaving engine is reported and never hangs
the runner, and the committed suite is what the generator makes now."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import shipped_suite

from trickrules.kit.runner import Failure, Run, charge, resting_on, settle
from trickrules.proofs.conformance.build import stale_files, stored_witnesses, suite_files
from trickrules.proofs.conformance.made_from import RECORD, made_from_present_inputs
from trickrules.proofs.conformance.protocol import schema, schema_errors
from trickrules.proofs.conformance.suite import SuiteData, load_suite, suite_dir
from trickrules.proofs.kout.conformance.cases import witness_requests
from trickrules.proofs.kout.conformance.expect import KOUT_OPS
from trickrules.proofs.kout.conformance.generate import build_suite
from trickrules.spec.loader import family_catalogue

REFERENCE = f"{sys.executable} -m trickrules.cli adapter"
BROKEN = f"{sys.executable} -m tests.adapters.broken"
MISBEHAVING = f"{sys.executable} -m tests.adapters.misbehaving"
HANGING_WAYS = frozenset({"hang", "hang-at-start", "orphan", "orphan-new-session", "never-reads",
                          "oversized"})
"""The misbehaviours only a timeout ends: the run waits out each of them."""
WAITS = pytest.mark.waits
"""A test that mostly waits out timeouts (started first: see ``conftest.py``)."""


def timeout_for(way: str) -> str:
    """The per-request ``--timeout`` a test gives an engine that misbehaves in ``way``: many
    times what the reference's first answers take on a machine busy with other work (they once
    took more than a second), shorter only where the run must wait the timeout out."""
    return "4" if way in HANGING_WAYS else "20"
JOKER_LEAD_RULES = {"joker.lead-by-bid", "joker.lead-bid-holder", "joker.lead-after-trumps-played",
                    "joker.declarer-without-ace", "joker.unqualified-lead"}


def conform(*args: str, timeout: float = 600) -> tuple[int, dict[str, Any], float]:
    """Run ``trickrules conform --json`` with ``args``: exit status, report, seconds."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--json", *args],
                          capture_output=True, text=True, timeout=timeout)
    seconds = time.perf_counter() - start
    report = json.loads(done.stdout) if done.stdout.strip() else {}
    return done.returncode, report, seconds


def failing(report: dict[str, Any]) -> set[str]:
    """The rules a run charged with failures."""
    return {rule for rule, tally in report["rules"].items() if tally["failed"]}


def test_reference_adapter_passes_every_vector() -> None:
    code, report, _ = conform("--engine", REFERENCE)
    assert code == 0, report
    suite = shipped_suite("kout")
    expected = sum(len(suite.for_profile(p)) for p in suite.defaults.values())
    assert report["ok"] and report["failed"] == 0
    assert report["vectors"] == report["passed"] == expected
    assert set(report["groups"]) == {"must", "variant"}
    assert report["engine_starts"] == 1


def test_reference_adapter_passes_under_a_house_option() -> None:
    profile = "kout6-default[play.follow-suit=follow-else-trump]"
    code, report, _ = conform("--engine", REFERENCE, "--profile", profile)
    assert code == 0 and report["profiles"] == [profile]
    assert report["groups"]["variant"]["passed"] > 0


def _without_deep_perft(tmp_path: Path, most_nodes: int = 100) -> Path:
    """A copy of the suite with only its shallow perft vectors: without the duty to follow suit
    the deeper ones grow to millions of nodes, while the shallow ones still lead down the
    divide to the broken rule."""
    copy = tmp_path / "suite"
    shutil.copytree(suite_dir("kout"), copy)
    path = copy / "variant" / "perft.jsonl"
    kept = [line for line in path.read_text().splitlines()
            if json.loads(line)["expect"]["nodes"] <= most_nodes]
    path.write_text("\n".join(kept) + "\n")
    return copy


@pytest.mark.long
@pytest.mark.parametrize(("way", "rules"), [
    # with no duty to follow, nor is a Joker owed as a trump (joker.counts-as-trump = counts)
    ("no-follow-suit", {"play.follow-suit", "joker.counts-as-trump"}),
    ("ace-below-black-joker", {"cards.ranking"}),
    ("malzoom-double", {"score.malzoom-failed"}),
    ("jokers-never-led", None),
])
def test_broken_adapter_fails_on_exactly_its_rules(way: str, rules: set[str] | None,
                                                   tmp_path: Path) -> None:
    # a broken engine may be slow (no follow-suit makes perft trees far larger): the timeout
    # is generous so that only wrong answers are charged, whatever the machine's load
    suite = _without_deep_perft(tmp_path) if way == "no-follow-suit" else suite_dir("kout")
    # a scoring break changes the score questions only, a play break the play questions only:
    # each asked alone (the others read none of the code broken; Kout's hand-score gives the
    # tricks won, not the cards played)
    only = ["--only", "hand-score,game-end" if way == "malzoom-double"
            else "legal-plays,trick-winner,perft"]
    code, report, _ = conform("--engine", f"{BROKEN} {way}", "--timeout", "120",
                              "--suite", str(suite), *only)
    assert code == 1
    assert set(report["problems"]) <= {"error"}  # declined requests only: no crash or timeout
    charged = failing(report)
    if rules is None:  # every Joker-lead permission the reconciled rules grant is broken
        assert charged <= JOKER_LEAD_RULES and {"joker.lead-by-bid"} <= charged
    else:
        assert charged == rules
    if way in ("no-follow-suit", "ace-below-black-joker"):
        # perft counts that differ were followed down the divide to the broken rule
        assert report["ops"]["perft"]["failed"] > 0
    for rule in charged:
        smallest = report["rules"][rule]["smallest"]
        assert rule in smallest["rules"]
        assert smallest["reason"].startswith("error") or smallest["got"] != smallest["expected"]


def suite_subset(tmp_path: Path, family: str, keep: Callable[[dict[str, Any]], bool]) -> Path:
    """A copy of a shipped suite with only the vectors ``keep`` accepts."""
    root = tmp_path / "suite"
    root.mkdir()
    for name in ("manifest.json", "profiles.json"):
        shutil.copy(suite_dir(family) / name, root / name)
    for path in sorted(suite_dir(family).glob("*/*.jsonl")):
        kept = [line for line in path.read_text().splitlines() if keep(json.loads(line))]
        if kept:
            (root / path.parent.name).mkdir(exist_ok=True)
            (root / path.parent.name / path.name).write_text("\n".join(kept) + "\n")
    return root


def test_smallest_failing_case_is_the_smallest(tmp_path: Path) -> None:
    """A Malzoom scored double fails exactly the vectors whose score rule is the Malzoom's;
    the case shown is the smallest of them. That engine plays the house option
    ``score.malzoom-failed = double-bid`` throughout, and the house-option table names it in
    both games. (Asked over the scoring vectors, where that rule can show; the whole suite is
    run against this engine by the broken-adapter test.)"""
    suite_root = suite_subset(tmp_path, "kout", lambda v: v["op"] in ("hand-score", "game-end"))
    code, report, _ = conform("--engine", f"{BROKEN} malzoom-double", "--table", "--suite",
                              str(suite_root))
    suite = load_suite(suite_root)
    failing_sizes = [v["size"] for p in suite.defaults.values() for v in suite.for_profile(p)
                     if "score.malzoom-failed" in (v["why"].get("score"), v["why"].get("scores"))]
    tally = report["rules"]["score.malzoom-failed"]
    assert code == 1 and tally["failed"] == len(failing_sizes) > 10
    assert tally["smallest"]["size"] == min(failing_sizes)
    for game in ("kout6", "kout4"):
        table = report["house_options"][game]
        assert table["best_profile"] == f"{game}-default[score.malzoom-failed=double-bid]"


def small_suite(tmp_path: Path, family: str = "kout", game: str = "kout6") -> Path:
    """Five vectors of a shipped suite: a score, two legal-plays, two trick winners."""
    wanted = {"hand-score": 1, "legal-plays": 2, "trick-winner": 2}

    def keep(vector: dict[str, Any]) -> bool:
        if vector["group"] != "must" or vector["game"] != game or not wanted.get(vector["op"]):
            return False
        wanted[vector["op"]] -= 1
        return True

    return suite_subset(tmp_path, family, keep)


@pytest.mark.parametrize(("way", "kind", "passed"), [
    ("crash", "crash", 3),
    pytest.param("hang", "timeout", 3, marks=WAITS),
    ("garbage", "malformed", 3),
    ("oversized", "oversized", 3),
    ("deep-json", "malformed", 3),
    ("huge-integer", "malformed", 3),
    ("lone-surrogate", "malformed", 3),
    ("huge-decline", "error", 3),
    pytest.param("orphan", "timeout", 3, marks=WAITS),
    ("stderr-flood", "crash", 3),
    ("wrong-schema", "schema", 3),
    ("wrong-id", "schema", 3),
    ("crash-at-start", "crash", 0),
    pytest.param("hang-at-start", "timeout", 0, marks=WAITS),
])
def test_misbehaving_engine_is_reported(tmp_path: Path, way: str, kind: str,
                                        passed: int) -> None:
    suite = small_suite(tmp_path)
    token = uuid.uuid4().hex  # names the engine's processes, to check none outlives the run
    code, report, _ = conform("--engine", f"{MISBEHAVING} {way} {token}", "--suite",
                                    str(suite), "--timeout", timeout_for(way), "--profile",
                                    "kout6-default", timeout=300)
    assert code == 1
    assert report["vectors"] == 5 and report["passed"] == passed
    assert report["problems"].get(kind, 0) >= 1, report["problems"]
    assert not processes_with(token), "an engine of the run is still alive"
    if way.endswith("-at-start"):
        assert report["engine_starts"] == 3 and report["problems"].get("gave-up") == 2
    if way == "orphan":  # the child holding the engine's output was killed with it
        assert not _running("sleep 3600")
    if way in ("lone-surrogate", "huge-decline"):  # the run is whole, its texts kept short
        reasons = [t["smallest"]["reason"] for t in report["rules"].values() if t["failed"]]
        assert reasons and max(len(r) for r in reasons) < 2000
        json.dumps(report, ensure_ascii=False).encode("utf-8")  # every text can be written
    if way == "stderr-flood":  # the report keeps the end of standard error, not 20 MB of it
        reasons = [t["smallest"]["reason"] for t in report["rules"].values() if t["failed"]]
        assert any("out of patience" in r for r in reasons)
        assert max(len(r) for r in reasons) < 2000
    if way == "wrong-schema":
        smallest = min((t["smallest"] for t in report["rules"].values() if t["failed"]),
                       key=lambda f: f["size"])
        assert "schema" in smallest["reason"] and "cards" in smallest["reason"]


def processes_with(token: str) -> list[int]:
    """The processes whose command line holds ``token`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if token in line:
                found.append(int(entry.name))
    return found


def _running(command: str) -> bool:
    """Whether a process with this command line runs (read from /proc, no tools needed)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
            except OSError:
                continue
            if line == command:
                return True
    return False


def test_crash_report_names_the_exit_status_and_stderr(tmp_path: Path) -> None:
    code, report, _ = conform("--engine", f"{MISBEHAVING} crash", "--suite",
                              str(small_suite(tmp_path)), "--timeout", timeout_for("crash"))
    reasons = {t["smallest"]["reason"] for t in report["rules"].values() if t["failed"]}
    assert code == 1 and any("status 11" in r and "segmentation fault" in r for r in reasons)


def test_every_failure_is_written_to_the_failures_file(tmp_path: Path) -> None:
    suite = small_suite(tmp_path)
    out = tmp_path / "failures.jsonl"
    code, report, _ = conform("--engine", f"{MISBEHAVING} crash", "--suite", str(suite),
                              "--timeout", timeout_for("crash"), "--failures", str(out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 1 and report["failed"] > 0 and len(lines) == report["failed"]
    ids = {v["id"] for v in load_suite(suite).vectors}
    for line in lines:
        assert line["vector"] in ids and line["profile"] == "kout6-default" and line["rules"]
        assert {"request", "expected", "got", "reason", "detail"} <= set(line)


def test_text_report_ends_with_a_summary(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--engine",
                           f"{BROKEN} malzoom-double", "--suite", str(small_suite(tmp_path))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1]
    summary = " ".join(done.stdout.split())
    assert "PASS: 5 of 5 vectors" in summary
    assert "0 rules failing" in summary and "engine started 1 time;" in summary


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--engine", REFERENCE,
                           "--profile", "kout7-default"], capture_output=True, text=True)
    assert done.returncode == 2 and "kout7-default" in done.stderr
    broken = small_suite(tmp_path)
    (broken / "must" / "legal-plays.jsonl").write_text("{not json\n")
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--engine", REFERENCE,
                           "--suite", str(broken)], capture_output=True, text=True)
    assert done.returncode == 2 and "legal-plays.jsonl:1" in done.stderr
    (tmp_path / "a-file").write_text("")
    nowhere = tmp_path / "a-file" / "failures.jsonl"
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--engine", REFERENCE,
                           "--failures", str(nowhere)], capture_output=True, text=True)
    assert done.returncode == 2 and "--failures: cannot write" in done.stderr
    assert "Traceback" not in done.stderr and (tmp_path / "a-file").read_text() == ""


def _shipped_suite() -> SuiteData:
    return shipped_suite("kout")


def test_the_compiled_validator_accepts_and_refuses_what_the_reference_one_does() -> None:
    """Valid data goes through a compiled validator alone (the reference implementation,
    ``jsonschema``, words what is wrong once it is refused): on requests and answers of both
    suites and broken copies of them, the two decide alike, by the whole schema and by each
    question's definition. Data the compiled one cannot take, or reads otherwise (a lone
    surrogate, a NaN it would take for null), is decided by the reference one."""
    import copy
    import random

    import jsonschema

    from trickrules.proofs.conformance.protocol import definition

    def reference(name: str, shape: str | None) -> jsonschema.Draft202012Validator:
        root = schema(name)
        target = root if shape is None else {"$ref": f"#/$defs/{shape}", "$defs": root["$defs"]}
        return jsonschema.Draft202012Validator(target)

    rng = random.Random(7)
    sample: list[dict[str, Any]] = []
    for family in ("kout", "baloot"):  # one of each game's questions of each type
        kinds: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for vector in shipped_suite(family).vectors:
            kinds.setdefault((vector["game"], vector["op"]), []).append(vector)
        sample += [rng.choice(group) for _, group in sorted(kinds.items())]
    refused = checked = 0
    for vector in sample:
        good = {"id": 1, "op": vector["op"], "game": vector["game"], "profile": "p",
                "rules": {}, **vector["request"]}
        answer = {"id": 1, **vector["expect"]}
        for name, data in (("request", good), ("response", answer)):
            key = rng.choice(sorted(data))
            extra, missing, wrong = (copy.deepcopy(data) for _ in range(3))
            extra["extra"] = 1
            del missing[key]
            wrong[key] = "x"
            shapes = [definition(name, good["game"], good["op"])] + [None] * (name == "request")
            for shape in shapes:
                for case in (data, extra, missing, wrong):
                    want = list(reference(name, shape).iter_errors(case))
                    assert bool(schema_errors(name, case, shape)) == bool(want), (name, case)
                    refused += bool(want)
                    checked += 1
    assert len({(v["game"], v["op"]) for v in sample}) >= 16
    assert refused >= 0.6 * checked
    answer = {"id": 1, "cards": ["AS"]}
    for odd in ({"id": 1, "cards": ["\ud800"]}, {"id": float("nan"), "cards": []}):
        assert schema_errors("response", odd, "legal-plays"), odd
    assert not schema_errors("response", answer, "legal-plays")


@pytest.mark.parametrize("op", KOUT_OPS)
@pytest.mark.parametrize("group", ("must", "variant"))
def test_every_vector_follows_the_schemas(group: str, op: str) -> None:
    """Split by group and operation so the two workers share the work."""
    suite = _shipped_suite()
    profiles = suite.profiles
    assert schema("vector")["required"]
    mine = [v for v in suite.vectors if v["group"] == group and v["op"] == op]
    assert mine or (group, op) == ONLY_VARIANT
    for vector in mine:
        assert not schema_errors("vector", vector), vector["id"]
        assert vector["rules"] and all(r in RULE_IDS for r in vector["rules"]), vector["id"]
        named = [p for p in vector["profiles"] + vector["except"] if p != "*"]
        assert all(profiles[p]["game"] == vector["game"] for p in named), vector["id"]
        request = {"id": 1, "op": vector["op"], "game": vector["game"], "profile": "p",
                   "rules": {}, **vector["request"]}
        assert not schema_errors("request", request, vector["op"]), vector["id"]
        assert not schema_errors("response", {"id": 1, **vector["expect"]}, vector["op"])


_RULEBOOK = family_catalogue("kout").rulebook
RULE_IDS = set(_RULEBOOK.rule_ids()) if _RULEBOOK is not None else set()


ONLY_VARIANT = ("must", "next-dealer")
"""The one question with no answer every Kout profile shares: ``dealer.rotation`` moves the
deal one way or the other, so the next dealer always depends on the reading."""


def test_suite_has_both_groups_and_every_op() -> None:
    manifest = json.loads((suite_dir("kout") / "manifest.json").read_text())
    for group in ("must", "variant"):
        empty = {(group, op) for op, n in manifest["counts"][group].items() if n == 0}
        assert empty <= {ONLY_VARIANT}, group
    assert manifest["counts"]["must"]["next-dealer"] == 0
    origins = {v["origin"].split(":")[0] for v in shipped_suite("kout").vectors}
    assert origins == {"witness", "small-scope", "random", "grid", "perft"}


@pytest.mark.long
def test_committed_suite_is_current(tmp_path: Path) -> None:
    """The suite records that it was made from the present inputs, every file unchanged
    (:mod:`trickrules.proofs.conformance.made_from`); where it cannot show that, it is rebuilt and
    compared. A vector edited by hand, or a record of other inputs, cannot show it."""
    committed = suite_dir("kout")
    recorded = made_from_present_inputs(committed)
    if not recorded:
        files = suite_files(build_suite(family_catalogue("kout"), stored_witnesses(committed)))
        assert stale_files(files, committed) == [], "run `trickrules vectors` to regenerate"
    copy = tmp_path / "suite"
    shutil.copytree(committed, copy)
    path = copy / "must" / "hand-score.jsonl"
    path.write_text(path.read_text().replace('"points":5', '"points":6', 1))
    assert not made_from_present_inputs(copy)
    as_committed = {p.relative_to(committed).as_posix(): p.read_text(encoding="utf-8")
                    for p in committed.rglob("*") if p.is_file() and p.name != RECORD}
    assert stale_files(as_committed, copy) == ["must/hand-score.jsonl"]
    if recorded:  # restored, the copy shows it again; with a record of other inputs it cannot
        shutil.copy(committed / "must" / "hand-score.jsonl", path)
        assert made_from_present_inputs(copy)
        record = json.loads((copy / RECORD).read_text())
        (copy / RECORD).write_text(json.dumps({**record, "inputs": "0" * 64}))
        assert not made_from_present_inputs(copy)



def test_stored_witnesses_cover_every_difference_the_solver_finds(
        full_report: dict[str, Any]) -> None:
    """Each difference of the present verify report (dispute and outcome kind, or theorem) has
    a stored witness request, and no stored one is for a difference that is gone; which
    concrete witness the solver finds may vary between runs, so only the points are compared."""
    fresh = {(w["game"], w["origin"]) for w in witness_requests(full_report)}
    stored = {(w["game"], w["origin"]) for w in stored_witnesses(suite_dir("kout"))}
    assert fresh == stored, "run `trickrules vectors --refresh` to take the new witnesses"


def test_one_profile_name_given_other_readings_is_answered_by_the_readings() -> None:
    """The reference adapter compiles rules per set of readings, not per profile name."""
    from trickrules.kit.reference_adapter import respond

    suite = shipped_suite("kout")
    rules = json.loads((suite_dir("kout") / "profiles.json").read_text())
    vector = next(v for v in suite.vectors if v["group"] == "variant" and v["op"] == "hand-score"
                  and v["profiles"] != ["*"])
    house = vector["profiles"][0]
    default = suite.defaults[vector["game"]]
    ask = {"id": 1, "op": vector["op"], "game": vector["game"], "profile": "same",
           **vector["request"]}
    first = respond({**ask, "rules": rules[house]["rules"]})
    second = respond({**ask, "rules": rules[default]["rules"]})
    assert {k: v for k, v in first.items() if k != "id"} == vector["expect"]
    assert {k: v for k, v in second.items() if k != "id"} != vector["expect"]


def _failure(op: str, profile: str, rules: list[str], rests_on: list[list[str]]) -> Failure:
    vector = {"id": f"must/{op}/0001", "size": 8, "op": op, "request": {}, "expect": {}}
    return Failure(vector, profile, rules, "wrong answer", rests_on=rests_on)


@pytest.mark.parametrize(("alone", "charged"), [
    # the order fails where it alone decides, under the same profile: it explains the card
    ([("p", ["rank.trump"])], {"rank.trump": 2}),
    # the order holds on its own: the play rule is wrong
    ([], {"play.trump-led": 1}),
    # the order fails, but under another profile: no explanation here
    ([("q", ["rank.trump"])], {"rank.trump": 1, "play.trump-led": 1}),
    # another order fails: not the one the card rests on
    ([("p", ["rank.plain"])], {"rank.plain": 1, "play.trump-led": 1}),
])
def test_a_card_resting_on_a_failing_order_is_charged_to_the_order(
        alone: list[tuple[str, list[str]]], charged: dict[str, int]) -> None:
    run = Run("engine", ["p", "q"], 1.0)
    for profile, rules in alone:
        failure = _failure("trick-winner", profile, rules, [])
        run.failures.append(failure)
        charge(run, failure)
    resting = _failure("legal-plays", "p", ["play.trump-led"], [["rank.trump"]])
    run.failures.append(resting)
    run.pending.append(resting)
    settle(run)
    assert {r: t.failed for r, t in run.rules.items()} == charged
    assert not run.pending
    assert ("rank.trump" in resting.detail) == (resting.rules == ["rank.trump"])


def test_a_card_resting_on_no_order_is_not_held_back() -> None:
    why = {"cards": {"JH": "play.trump-led", "7S": "play.follow-suit"},
           "ranks": {"JH": ["rank.trump"]}}
    assert resting_on(why, ["JH"]) == [["rank.trump"]]
    assert resting_on(why, ["JH", "7S"]) == []
    assert resting_on({"cards": {}}, ["JH"]) == []
