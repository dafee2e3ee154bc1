"""The verify machinery: jobs whose answers do not depend on the process that runs them, the
result cache and its exact keys, progress lines in a log, and the warm re-run."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from helpers import DISPUTES

from trickrules.proofs.divergence import Outcome
from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.verify.cache import ResultCache, environment_digest, inputs_digest
from trickrules.proofs.verify.codec import dumps, loads
from trickrules.proofs.verify.jobs import Job, execute, is_result_of
from trickrules.proofs.verify.report import verify
from trickrules.spec.loader import family_catalogue

PLAY = "legal+winner+hand-over"
JOB_A = Job("outcome", "kout4", "", "", "joker.second-joker", "worthless-if-immediately-after",
            "normal", PLAY)
JOB_B = Job("outcome", "kout4", "", "", "joker.lead-by-bid", "8-red-9-either", "9-either", PLAY)


def _witnesses(result: list[Outcome]) -> list[tuple[str, str, object, object]]:
    return [(o.kind, o.verdict, o.witness, o.context) for o in result]


def test_a_job_answers_the_same_whatever_ran_before_it() -> None:
    """Witnesses are part of the conformance suite: they must not depend on job order."""
    b_first = _witnesses(execute(JOB_B))
    execute(JOB_A)
    b_after_a = _witnesses(execute(JOB_B))
    assert b_first == b_after_a
    assert any(verdict == "refuted" for _, verdict, _, _ in b_first)


def test_the_cache_returns_only_what_was_stored_under_the_exact_key(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path, "a" * 64)
    cache.put("job-1", {"verdict": "proved"})
    assert cache.get("job-1") == {"verdict": "proved"}
    assert cache.get("job-2") is None
    assert ResultCache(tmp_path, "b" * 64).get("job-1") is None  # other inputs
    assert ResultCache(tmp_path, "a" * 64, read=False).get("job-1") is None  # --no-cache
    assert cache.get("job-1", accept=lambda result: False) is None  # not the job's shape
    # an entry whose stored key differs (a renamed or forged file) is not returned
    path = next((tmp_path / "verify").rglob("*.json"))
    path.write_bytes(dumps({"key": ["a" * 64, "job-2"], "result": "forged"}))
    assert cache.get("job-1") is None
    for junk in (b"not json", b"\x80\x04\x95", b"[" * 100_000, b'{"__record__": "os"}',
                 b'{"key": ["' + b"a" * 64 + b'", "job-1"], "result": {"__record__": "Row", '
                 b'"fields": {"nope": 1}}}'):
        path.write_bytes(junk)
        assert cache.get("job-1") is None
    path.unlink()
    path.mkdir()  # a folder where an entry should be
    assert cache.get("job-1") is None


def test_a_planted_pickle_never_runs(tmp_path: Path) -> None:
    """The cache reads JSON into plain values and known records only: a pickle that would run
    a command, put where an entry belongs (under either name), is ignored, and the command
    never runs."""
    cache = ResultCache(tmp_path, "a" * 64)
    cache.put("job-1", {"verdict": "proved"})
    entry = next((tmp_path / "verify").rglob("*.json"))
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[Any, tuple[str]]:
            return (os.system, (f"touch {marker}",))

    planted = pickle.dumps({"key": ("a" * 64, "job-1"), "result": Payload()})
    entry.write_bytes(planted)
    entry.with_suffix(".pickle").write_bytes(planted)
    assert cache.get("job-1") is None
    assert not marker.exists()


def test_a_forged_result_of_the_wrong_shape_is_computed_again() -> None:
    """A cached theorem row must be a row of that theorem and profile; an outcome list must
    hold the outcomes of the job's kinds, in order."""
    theorem = Job("theorem", "kout4", "kout4-default", "ranking.strict-total-order")
    row = execute(theorem)
    assert is_result_of(theorem, row) and is_result_of(theorem, loads(dumps(row)))
    other = Job("theorem", "kout4", "kout4-default", "trick.one-winner")
    assert not is_result_of(other, row)
    assert not is_result_of(theorem, {"verdict": "proved"})
    outcomes = [Outcome(kind, "proved", 0.0, "no difference") for kind in PLAY.split("+")]
    assert is_result_of(JOB_A, outcomes) and is_result_of(JOB_A, loads(dumps(outcomes)))
    assert not is_result_of(JOB_A, outcomes[:-1])
    odd = Outcome(outcomes[-1].kind, "maybe", 0.0, "")  # type: ignore[arg-type]
    assert not is_result_of(JOB_A, [*outcomes[:-1], odd])


def test_the_key_changes_with_the_inputs_and_the_z3_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    digest = inputs_digest()
    assert len(digest) == 64 and digest == inputs_digest()
    key = environment_digest(digest)
    assert environment_digest("0" * 64) != key
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(metadata, "version",
                        lambda name: "0.0.0" if name == "z3-solver" else real(name))
    assert environment_digest(digest) != key


def test_an_unchanged_rerun_comes_from_the_cache(tmp_path: Path) -> None:
    catalogue = family_catalogue("kout")
    profiles = [catalogue.profile("kout4-default")]
    cache = ResultCache(tmp_path, environment_digest(inputs_digest()))
    cold = verify(catalogue, ["kout4"], profiles, False, cache, workers=2)
    warm = verify(catalogue, ["kout4"], profiles, False, cache, workers=2)
    assert cold.computed == len(cold.rows) and cold.cached == 0
    assert warm.computed == 0 and warm.cached == len(cold.rows)
    assert [r.as_json() for r in warm.rows] == [r.as_json() for r in cold.rows]
    afresh = verify(catalogue, ["kout4"], profiles, False,
                    ResultCache(tmp_path, cache.digest, read=False), workers=1)
    assert afresh.computed == len(cold.rows)


@pytest.mark.parametrize("extra", [[], ["--no-cache"]])
def test_a_log_gets_one_line_per_finished_item(verified_cache: Path, tmp_path: Path,
                                               extra: list[str]) -> None:
    """From the run's verify results (each line "cached"), and afresh with ``--no-cache`` (in
    a folder of its own, so the shared results are never written over)."""
    folder = tmp_path if extra else verified_cache
    done = subprocess.run(
        [sys.executable, "-m", "trickrules.cli", "verify", "--profile", "kout4-default",
         "--cache-dir", str(folder), *extra], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("[")]
    assert len(lines) == 18 and lines[0].startswith("[1/18] kout4-default ")  # 18 theorems
    assert all(line.split()[-1].endswith("s") or line.endswith("cached") for line in lines)
    if extra:
        assert "results computed" in done.stdout
    else:
        assert all(line.endswith("cached") for line in lines), lines


def test_verify_checks_the_sources_of_every_game(full_report: dict[str, Any]) -> None:
    """``verify`` of every game: Baloot's theorems, its two sources' consistency and every
    dispute between them, none unknown."""
    assert "baloot-default" in full_report["profiles"]
    assert kit_for_game("baloot").sources_ready
    games = {d["game"] for d in full_report["sources"]["disputes"]}
    assert games == {"kout6", "kout4", "baloot"} and full_report["sources"]["ok"]
    baloot = [d for d in full_report["sources"]["disputes"] if d["game"] == "baloot"]
    assert len(baloot) == DISPUTES["baloot"] and all(d["verdict"] != "unknown" for d in baloot)
    assert any(row["profile"].startswith("src004")
               for row in full_report["sources"]["consistency"])


def test_an_unknown_is_asked_again_in_a_new_interpreter() -> None:
    """A job whose answer holds an unknown is run again in a spawned process, where no
    earlier Z3 work can change the search; there the score under a Hokom threshold of "at
    least 82" and of "more than 81" is proved the same."""
    from trickrules.proofs.divergence import Outcome
    from trickrules.proofs.verify.jobs import Job
    from trickrules.proofs.verify.run import _afresh, _unknown

    assert _unknown([Outcome("score", "unknown", 0.0, "solver")])
    assert not _unknown([Outcome("score", "proved", 0.0, "solver")])
    result, _ = _afresh(Job("outcome", "baloot", parameter="score.hokom-threshold",
                            a="at-least-82", b="more-than-81", outcome="score"))
    assert [o.verdict for o in result] == ["proved"] and not _unknown(result)


def test_run_jobs_replaces_an_unknown_by_the_fresh_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The job comes back unknown in this process (as after a long run of other jobs); the
    answer kept is the spawned interpreter's, which proves it."""
    from trickrules.proofs.divergence import Outcome
    from trickrules.proofs.verify import run
    from trickrules.proofs.verify.jobs import Job

    monkeypatch.setattr(run, "execute",
                        lambda job: [Outcome("score", "unknown", 0.0, "solver")])
    job = Job("outcome", "baloot", parameter="score.hokom-threshold", a="at-least-82",
              b="more-than-81", outcome="score")
    reported: list[Any] = []
    done = run.run_jobs([job], None, workers=1, on_done=reported.append)
    assert [o.verdict for o in done[job].result] == ["proved"]
    assert [[o.verdict for o in d.result] for d in reported] == [["proved"]]  # never unknown


def test_a_cold_run_starts_the_long_disputes_first() -> None:
    """With no timings, every family's dispute over points of play (its jobs name a group of
    kinds) is guessed longer than any theorem, and a dispute over scores shortest, so that
    the run does not end waiting on one long job."""
    from trickrules.proofs.verify.jobs import plan
    from trickrules.proofs.verify.run import _static_cost

    for game in ("kout6", "kout4", "baloot"):
        catalogue = family_catalogue("baloot" if game == "baloot" else "kout")
        jobs = plan(catalogue, [game], [], True).jobs
        play = [j for j in jobs if j.kind == "outcome" and "legal" in j.outcome.split("+")]
        score = [j for j in jobs if j.kind == "outcome" and "score" in j.outcome.split("+")]
        assert play and score
        longest_other = max(_static_cost(j) for j in jobs if j.kind != "outcome")
        assert min(_static_cost(j) for j in play) > longest_other
        assert max(_static_cost(j) for j in score) < longest_other
    baloot = family_catalogue("baloot")
    shipped = plan(baloot, ["baloot"], [baloot.default_profile("baloot")], True).jobs
    small_scope = next(j for j in shipped if j.theorem == "crosscheck.small-scope")
    assert _static_cost(small_scope) == max(map(_static_cost, shipped))  # Baloot's longest job


def test_every_cached_result_reads_back_as_it_was_written(verification: Any,
                                                          tmp_path_factory: pytest.TempPathFactory,
                                                          worker_id: str) -> None:
    """Every entry of the run's shared verify cache (every theorem row, source check and
    dispute outcome of both families) reads back into the value that writes the same bytes."""
    from conftest import shared_directory

    root = shared_directory(tmp_path_factory, worker_id) / "verify-cache"
    entries = sorted(e for e in root.rglob("*.json") if e.name != "timings.json")
    assert len(entries) > 300
    for entry in entries:
        raw = entry.read_bytes()
        assert dumps(loads(raw)) == raw, entry.name


STOPPED_WITHIN = 30.0
"""Seconds a verify stopped by a signal may take to end: many times a stop's second or two,
half the minute a stop once took."""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_verify_stops_at_once_on_a_signal(sig: signal.Signals, tmp_path: Path) -> None:
    """Ctrl-C or SIGTERM while a cold verify's workers are busy in the solver: the command
    ends within seconds (it once ran on for about a minute) and leaves no process behind."""
    from test_conformance import processes_with

    cache = tmp_path / f"cache-{uuid.uuid4().hex}"  # names the run's processes
    process = subprocess.Popen([sys.executable, "-m", "trickrules", "verify", "--game", "kout4",
                                "--no-cache", "--cache-dir", str(cache), "--jobs", "2"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               # as from a terminal: a test run in the background ignores SIGINT
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 30
    while len(processes_with(cache.name)) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)  # the command and its two workers
    assert len(processes_with(cache.name)) >= 3 and process.poll() is None
    time.sleep(0.3)
    start = time.monotonic()
    process.send_signal(sig)
    code = process.wait(timeout=120)
    # it once ran on for about a minute; a stop takes a second or two, more on a busy machine
    assert time.monotonic() - start < STOPPED_WITHIN
    assert code == (130 if sig == signal.SIGINT else 143)
    assert process.stderr is not None and "Traceback" not in process.stderr.read()
    assert processes_with(cache.name) == []


def test_verify_names_every_outcome_that_did_not_settle(full_report: dict[str, Any]) -> None:
    """A dispute outcome whose witness the engine did not replay as the model predicted is
    named in verify's tables with both outcomes, and counted (it once showed only in
    ``--json``, the tables looking like a passing run's)."""
    import copy

    from rich.console import Console

    from trickrules.cli.render.tables import print_verify

    def printed(report: dict[str, Any]) -> str:
        console = Console(record=True, width=400)
        print_verify(console, [], report)
        return console.export_text()

    assert "did not settle" not in printed(full_report)
    broken = copy.deepcopy(full_report)
    dispute = next(d for d in broken["sources"]["disputes"]
                   if any(o["verdict"] == "refuted" for o in d["outcomes"]))
    outcome = next(o for o in dispute["outcomes"] if o["verdict"] == "refuted")
    outcome.update(ok=False, replayed=False, engine={"planted": "engine answer"})
    out = printed(broken)
    assert "Dispute outcomes that did not settle" in out and "1 dispute outcome did not" in out
    line = next(line for line in out.splitlines() if dispute["id"] in line
                and "NOT replayed" in line)
    assert outcome["kind"] in line and "planted" in line
