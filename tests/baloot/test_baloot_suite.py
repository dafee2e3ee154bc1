"""Baloot's conformance suite: current with its generator, every vector following the schemas,
passed whole by the reference adapter, and failed by each broken engine on exactly the rules it
breaks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from helpers import shipped_suite
from test_conformance import (
    MISBEHAVING,
    WAITS,
    processes_with,
    small_suite,
    suite_subset,
    timeout_for,
)

from trickrules.proofs.baloot.conformance import BALOOT_OPS
from trickrules.proofs.baloot.conformance.generate import build_suite, witness_requests
from trickrules.proofs.conformance.build import stale_files, stored_witnesses, suite_files
from trickrules.proofs.conformance.made_from import made_from_present_inputs
from trickrules.proofs.conformance.protocol import definition, schema_errors
from trickrules.proofs.conformance.suite import suite_dir
from trickrules.spec.loader import family_catalogue

SUITE = suite_dir("baloot")
REFERENCE = f"{sys.executable} -m trickrules.cli adapter"
BROKEN = f"{sys.executable} -m tests.adapters.broken_baloot"


def conform(*args: str) -> tuple[int, dict[str, Any]]:
    """``trickrules conform --game baloot --json`` with ``args``: exit status and report."""
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--game", "baloot",
                           "--json", *args], capture_output=True, text=True, timeout=600)
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else {}


@pytest.mark.long
def test_committed_suite_is_current(tmp_path: Path) -> None:
    """As Kout's: the suite's record of its inputs, or else a rebuild, says it is current; a
    vector edited by hand is caught either way."""
    if not made_from_present_inputs(SUITE):
        files = suite_files(build_suite(family_catalogue("baloot"), stored_witnesses(SUITE)))
        assert stale_files(files, SUITE) == [], "run `trickrules vectors --game baloot`"
    copy = tmp_path / "suite"
    shutil.copytree(SUITE, copy)
    path = copy / "must" / "hand-score.jsonl"
    path.write_text(path.read_text().replace('"made":true', '"made":false', 1))
    assert not made_from_present_inputs(copy)


def test_stored_witnesses_cover_every_difference_the_solver_finds(
        full_report: dict[str, Any]) -> None:
    """Each Baloot dispute outcome the protocol can ask has a stored witness request, and no
    stored one is for a difference that is gone."""
    fresh = {w["origin"] for w in witness_requests(full_report)}
    stored = {w["origin"] for w in stored_witnesses(SUITE)}
    assert fresh == stored, "run `trickrules vectors --game baloot --refresh`"
    ops = {w["body"]["op"] for w in stored_witnesses(SUITE)}
    assert ops == {"legal-plays", "trick-winner", "auction", "doubling", "projects",
                   "project-compare", "hand-score", "game-end", "next-dealer", "first-lead",
                   "cut", "exposed-card"}
    origins = {v["origin"].split(":")[0] for v in shipped_suite("baloot").vectors}
    assert origins == {"witness", "grid", "random", "play", "perft", "small-scope", "trickless"}
    theorems = {w["origin"] for w in stored_witnesses(SUITE) if "@" in w["origin"]}
    assert "witness:score.made-xor-failed@src004g-baloot" in theorems


ONLY_VARIANT = {"next-dealer", "cut", "exposed-card"}
"""Questions every answer of which depends on a reading: the next dealer (``dealer.rotation``
moves the deal one way or the other), the cutter's choices (``deal.cut``) and what follows an
exposed card (``deal.exposed-card``: each card is redealt under ``redeal``, kept under another
reading)."""


def test_every_op_is_in_both_groups() -> None:
    manifest = json.loads((SUITE / "manifest.json").read_text())
    for group in ("must", "variant"):
        assert set(manifest["counts"][group]) == set(BALOOT_OPS)
    counts = manifest["counts"]
    assert {op for op in BALOOT_OPS if counts["must"][op] == 0} == ONLY_VARIANT
    assert all(counts["variant"][op] > 0 for op in BALOOT_OPS)


def test_every_vector_follows_the_schemas() -> None:
    """Each vector, its request and its answer follow the schemas (Baloot's own definitions);
    the first vector of each op also passes the whole request schema, which picks the
    definition by op and game."""
    whole_checked: set[str] = set()
    for vector in shipped_suite("baloot").vectors:
        assert not schema_errors("vector", vector), vector["id"]
        op = vector["op"]
        request = {"id": 1, "op": op, "game": "baloot", "profile": "p", "rules": {},
                   **vector["request"]}
        assert not schema_errors("request", request, definition("request", "baloot", op)), \
            vector["id"]
        if op not in whole_checked:
            assert not schema_errors("request", request), vector["id"]
            whole_checked.add(op)
        response = {"id": 1, **vector["expect"]}
        assert not schema_errors("response", response, definition("response", "baloot", op)), \
            vector["id"]
    assert whole_checked == set(BALOOT_OPS)


def test_reference_adapter_passes_every_vector() -> None:
    code, report = conform("--engine", REFERENCE)
    suite = shipped_suite("baloot")
    assert code == 0 and report["ok"] and report["failed"] == 0
    assert report["vectors"] == report["passed"] == len(suite.for_profile("baloot-default"))
    assert set(report["ops"]) == set(BALOOT_OPS)


SCORING = "hand-score,game-end,projects,project-compare,doubling"
"""The question types a break in scoring or in projects can change (asked alone, with
``--only``: the play questions, most of the suite, read none of that code)."""


@pytest.mark.parametrize(("way", "rules", "only"), [
    # the trump order also decides which trumps overtrump one led; those legal-plays failures
    # are charged to the order, which the engine also gets wrong on trick winners
    ("sun-order-for-trump", {"rank.trump"}, None),
    # the same legal-plays failures with the order right: the overtrump duty is charged
    ("any-trump-follows", {"play.trump-led"}, None),
    ("no-duty-to-trump", {"play.hokom-void"}, None),
    ("five-up-in-hokom", {"score.hokom-conversion"}, SCORING),
    ("baloot-multiplied", {"project.baloot-value"}, SCORING),
    # four Aces beside a Sira: the hand reads how many projects one player declares too
    ("four-aces-400-in-hokom", {"project.values", "project.per-player"}, SCORING),
    ("both-sides-projects", {"project.proof"}, SCORING),
    # asked only where the eight tricks are given: the card points alone are charged
    ("last-trick-to-leader", {"score.card-points"}, "hand-score"),
    ("jack-nine-swapped", {"score.card-points"}, "hand-score"),
])
def test_broken_adapter_fails_on_exactly_its_rules(way: str, rules: set[str],
                                                   only: str | None) -> None:
    code, report = conform("--engine", f"{BROKEN} {way}", *(["--only", only] if only else []))
    assert code == 1
    assert set(report["problems"]) <= {"error"}
    charged = {rule for rule, tally in report["rules"].items() if tally["failed"]}
    assert charged == rules
    for rule in charged:
        smallest = report["rules"][rule]["smallest"]
        assert smallest["reason"].startswith("error") or smallest["got"] != smallest["expected"]


@pytest.mark.parametrize(("way", "rules"), [
    ("sun-order-for-trump", {"rank.trump"}),
    ("no-duty-to-trump", {"play.hokom-void"}),
])
def test_the_small_scope_alone_finds_each_broken_play_rule(tmp_path: Path, way: str,
                                                            rules: set[str]) -> None:
    """The exhaustive end-of-hand cases over six decisive cards tell each play rule apart
    without the random games: the reference passes them all, each broken engine fails them
    on its rules."""
    suite = suite_subset(tmp_path, "baloot", lambda v: v["origin"] == "small-scope")
    code, report = conform("--engine", REFERENCE, "--suite", str(suite))
    assert code == 0 and report["passed"] > 2500
    assert set(report["ops"]) == {"legal-plays", "trick-winner"}
    code, report = conform("--engine", f"{BROKEN} {way}", "--suite", str(suite))
    assert code == 1
    assert {rule for rule, tally in report["rules"].items() if tally["failed"]} == rules


@pytest.mark.long
def test_the_house_option_an_engine_plays_is_named() -> None:
    """An engine with no duty to trump when void plays the house option ``may-trump``
    consistently: the table names it, and no other parameter's reading without evidence.
    (Asked over the play questions, where the duty shows: the other types only add rows the
    engine answers as the request says.)"""
    code, report = conform("--engine", f"{BROKEN} no-duty-to-trump", "--table", "--only",
                           "legal-plays,trick-winner")
    assert code == 1
    table = report["house_options"]["baloot"]
    assert table["best_profile"] == "baloot-default[play.hokom-void=may-trump]"
    row = next(r for r in table["parameters"] if r["parameter"] == "play.hokom-void")
    assert row["verdict"] == "plays" and row["best"] == "may-trump"
    assert row["readings"]["may-trump"]["failed"] == 0
    assert row["readings"]["must-trump"]["separating"]["failed"] > 0
    # the others: the engine reads the request's rules there (it is the reference but for the
    # void duty), or the suite cannot tell; never a reading named without evidence
    others = [r for r in table["parameters"] if r["parameter"] != "play.hokom-void"]
    verdicts = {r["verdict"] for r in others}
    assert others and all(r["best"] in (None, r["reconciled"]) for r in others)
    assert {"follows the request", "cannot tell", "not asked"} <= verdicts
    # a parameter only the buying questions tell apart was not asked here: the run says so,
    # not that the suite cannot tell (it can: tests/test_house_engines.py)
    by_id = {r["parameter"]: r for r in others}
    assert by_id["auction.sun-over-sun"]["verdict"] == "not asked"
    assert by_id["deal.cut"]["verdict"] == "not asked"  # the cut questions were left out
    # the solver proves no answer differs: the dealer and his left speak third and fourth
    assert by_id["auction.ashkal-callers"]["verdict"] == "cannot tell"


KABOOT = f"{sys.executable} {Path(__file__).resolve().parents[1] / 'adapters' / 'kaboot_guide.py'}"
"""The guide's adapter with Kaboot: it declines every house option, so only its wrong answers
under the reconciled profile can tell which reading it plays."""


def _kaboot_table(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """``conform --table`` of the Kaboot engine over the hand scores, run in-process."""
    from trickrules.cli import main

    code = main(["conform", "--game", "baloot", "--json", "--engine", KABOOT, "--table",
                 "--only", "hand-score"])
    report = json.loads(capsys.readouterr().out)
    failing = {rule for rule, tally in report["rules"].items() if tally["failed"]}
    assert code == 1 and failing == {"score.sweep"}, failing
    table: dict[str, Any] = report["house_options"]["baloot"]
    return table


def test_an_engine_that_declines_house_options_is_named_by_its_wrong_answers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every wrong answer is the Kaboot option's: the table names it, and names no house
    reading of a parameter whose vectors it failed only for the sweep (double.gahwa, the
    thresholds...), nor one it merely declined."""
    table = _kaboot_table(capsys)
    assert table["best_profile"] == "baloot-default[score.sweep=44-sun-25-hokom]"
    rows = {r["parameter"]: r for r in table["parameters"]}
    assert rows["score.sweep"]["verdict"] == "plays"
    assert all(r["best"] in (None, r["reconciled"]) for p, r in rows.items()
               if p != "score.sweep"), {p: r["best"] for p, r in rows.items()}


CHANGED_GUIDE = (f"{sys.executable} "
                 f"{Path(__file__).resolve().parents[1] / 'adapters' / 'changed_guide.py'}")
COUNTING = f"{CHANGED_GUIDE} counting"
"""The guide's adapter counting projects and Baloot towards the contract and keeping a failed
side's Baloot, as public engines do; it too declines every house option."""


def test_an_engine_with_two_scoring_house_rules_is_named_by_both(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each wrong answer is charged to the one rule whose house reading gives it, none to no
    reading, and the table names both readings from the wrong answers alone."""
    from trickrules.cli import main

    code = main(["conform", "--game", "baloot", "--json", "--engine", COUNTING, "--table",
                 "--only", "hand-score"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["no_reading_fits"] == 0
    assert report["answers_fit"] == {
        "score.threshold-counts": {"card-points": report["rules"][
            "score.threshold-counts"]["failed"]},
        "score.hokom-conversion": {"nearest-ten-half-up": report["rules"][
            "score.hokom-conversion"]["failed"]}}
    assert {rule for rule, tally in report["rules"].items() if tally["failed"]} == {
        "score.threshold-counts", "score.hokom-conversion"}
    table = report["house_options"]["baloot"]
    assert table["best_profile"] == ("baloot-default[score.hokom-conversion=nearest-ten-half-up]"
                                     " + baloot-default[score.threshold-counts=card-points]")
    rows = {r["parameter"]: r for r in table["parameters"]}
    assert rows["score.threshold-counts"]["best"] == "card-points"
    assert rows["score.hokom-conversion"]["best"] == "nearest-ten-half-up"


def test_an_engine_with_three_house_rules_of_buying_doubling_and_play_is_named_by_each(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The partner exemption on a trump lead, Ashkal in the second round and a Sun doubled
    only with the buyers ahead: every wrong answer is charged to the reading that gives it
    (an answer after a Double the engine itself would refuse, to the reading that refuses it),
    and the table names all three. The exemption's wrong answers are also any-trump's; the
    engine's right answers where an opponent's trump wins rule any-trump out."""
    from trickrules.cli import main

    code = main(["conform", "--game", "baloot", "--json", "--engine",
                 f"{CHANGED_GUIDE} buying-and-play", "--table", "--only",
                 "legal-plays,auction,doubling"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["no_reading_fits"] == 0
    assert set(report["answers_fit"]) == {"play.trump-led", "auction.ashkal-round",
                                          "double.sun-ahead"}
    table = report["house_options"]["baloot"]
    rows = {r["parameter"]: r for r in table["parameters"]}
    assert rows["play.trump-led"]["best"] == "must-overtrump-unless-partner-winning"
    assert rows["auction.ashkal-round"]["best"] == "both-rounds"
    assert rows["double.sun-ahead"]["best"] == "buyers"


def test_without_the_runs_charges_the_table_cannot_name_the_option(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The check above fails when the table ignores the run's charges: the sweep is no
    longer named, and parameters whose vectors the engine failed only for the sweep read as
    if no reading of theirs fitted."""
    import trickrules.kit.house_table as house

    plain = house.house_table
    monkeypatch.setattr(house, "house_table", lambda runner, suite, game, only=None,
                        failures=(): plain(runner, suite, game, only))
    rows = {r["parameter"]: r for r in _kaboot_table(capsys)["parameters"]}
    assert rows["score.sweep"]["best"] is None
    assert {p for p, r in rows.items() if r["verdict"] == "no reading fits"} - {"score.sweep"}


@pytest.mark.parametrize(("way", "kind", "passed"), [
    ("crash", "crash", 3),
    pytest.param("hang", "timeout", 3, marks=WAITS),
    ("garbage", "malformed", 3),
    ("wrong-schema", "schema", 3),
    ("wrong-id", "schema", 3),
    ("crash-at-start", "crash", 0),
])
def test_misbehaving_engine_is_reported(tmp_path: Path, way: str, kind: str,
                                        passed: int) -> None:
    """As for Kout: each misbehaviour is reported as what it is, the run ends within its
    timeouts, and no process of the engine outlives it."""
    token = uuid.uuid4().hex
    suite = small_suite(tmp_path, "baloot", "baloot")
    code, report = conform("--engine", f"{MISBEHAVING} {way} {token}", "--suite", str(suite),
                           "--timeout", timeout_for(way))
    assert code == 1 and report["vectors"] == 5 and report["passed"] == passed
    assert report["problems"].get(kind, 0) >= 1, report["problems"]
    assert not processes_with(token), "an engine of the run is still alive"


def test_the_guides_tiny_adapter_plays_by_the_rules() -> None:
    """The complete adapter shown in the guide passes every legal-plays and trick-winner vector;
    the other types, which its hello leaves out, are counted as unsupported, not failed. Its
    house-option table names the play readings it plays and says of every other parameter
    that it answered nothing that could tell, never a reading without evidence."""
    guide = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tiny_baloot_adapter.py"
    code, report = conform("--engine", f"{sys.executable} {guide}", "--table")
    assert code == 0 and report["failed"] == 0 and report["problems"] == {}
    assert set(report["ops"]) == {"legal-plays", "trick-winner"}
    for op in ("legal-plays", "trick-winner"):
        assert report["ops"][op]["failed"] == 0 and report["ops"][op]["passed"] > 200
    assert set(report["unsupported"]) >= {"auction", "hand-score", "projects"}
    table = report["house_options"]["baloot"]
    assert table["best_profile"] == "baloot-default"
    rows = {r["parameter"]: r for r in table["parameters"]}
    assert rows["play.hokom-void"]["best"] == "must-trump-unless-partner-winning"
    for parameter in ("score.sweep", "dealer.rotation", "project.proof", "double.tie"):
        assert rows[parameter]["verdict"] == "not answered" and rows[parameter]["best"] is None
    named = {r["parameter"] for r in rows.values() if r["verdict"] == "plays"}
    assert named and all(p.startswith(("play.", "rank.", "double.lock")) for p in named)


def test_the_guides_complete_adapter_passes_the_whole_suite() -> None:
    """The complete example adapter of the guide, an engine written from the rulebook alone,
    answers all nine question types and passes every vector of the reconciled profile, with
    none declined."""
    guide = Path(__file__).resolve().parents[2] / "docs" / "examples" / "baloot_adapter.py"
    code, report = conform("--engine", f"{sys.executable} {guide}")
    failing = {rule: r["smallest"] for rule, r in report.get("rules", {}).items() if r["failed"]}
    assert report["failed"] == 0 and report["problems"] == {}, failing
    assert code == 0 and report["passed"] == report["vectors"] > 6000
    assert set(report["ops"]) == set(BALOOT_OPS) and not report["unsupported"]
    assert all(counts["failed"] == 0 and counts["passed"] > 0
               for counts in report["ops"].values())


def test_game_end_is_asked_only_of_reachable_scores() -> None:
    """After a hand nobody bought the scores are those before it, so a side at the target
    there had already won: the suite never asks it (both engines tried once failed such
    vectors) and the reference refuses it as no state of a game."""
    from trickrules.proofs.baloot.conformance.expect import answer
    from trickrules.proofs.conformance.protocol import InvalidRequestError

    suite = shipped_suite("baloot")
    void = [v for v in suite.vectors if v["op"] == "game-end"
            and v["request"]["declarer_team"] is None and v["request"]["gahwa_winner"] is None]
    assert void and all(v["expect"]["winner"] is None for v in void)
    profile = family_catalogue("baloot").default_profile("baloot")
    with pytest.raises(InvalidRequestError, match="nobody bought"):
        answer(profile, {"op": "game-end", "scores": [152, 40], "declarer_team": None,
                         "gahwa_winner": None})
