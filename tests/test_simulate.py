"""``trickrules simulate`` (:mod:`trickrules.simulate`): a tiny paired study gives the same figures
on one and two Dask workers and through a scheduler's address, resumes from its stored
chunks, leaves no process behind when interrupted, and its divergences replay in judge."""

from __future__ import annotations

import json
import logging
import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main
from trickrules.simulate.run import ChunkDone, run_studies
from trickrules.simulate.store import ChunkStore
from trickrules.simulate.study import make_study, wilson

DISPUTE = "kout6/score.made/bid-vs-tricks-won"
"""A dispute that changes the score of every made hand won with tricks to spare."""
GAMES, CHUNK = 8, 2


def _study() -> Any:
    """The tiny study every test plays."""
    return make_study(DISPUTE, GAMES, seed=3, chunk=CHUNK)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The study's figures on a local cluster of one worker process."""
    store = ChunkStore(tmp_path_factory.mktemp("one"))
    summary: dict[str, Any] = run_studies([_study()], store, workers=1)[0]
    return summary


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask scheduler (with one worker thread) started for the tests."""
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                           dashboard_address=":0", silence_logs=logging.ERROR)
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def test_the_figures_count_what_differs(reference: dict[str, Any]) -> None:
    """The counts, totals, intervals, seeds and players the study reports."""
    outcomes = reference["outcomes"]
    assert reference["games"] == GAMES and reference["chunks"] == GAMES // CHUNK
    assert reference["seeds"] == {"first": 3, "last": 3 + GAMES - 1}
    assert reference["players"] == {"team 0": "rules", "team 1": "rules"}
    assert 0 < outcomes["hand_score"]["count"] <= GAMES
    assert outcomes["hand_score"]["total"] == reference["hands"]
    assert outcomes["made"]["count"] == 0  # the reading changes what a made hand scores only
    low, high = wilson(outcomes["winner"]["count"], GAMES)
    assert (outcomes["winner"]["low"], outcomes["winner"]["high"]) == (low, high)
    assert reference["examples"] and reference["examples"][0]["seed"] == 3


def test_two_workers_and_a_scheduler_give_the_same_figures(
        reference: dict[str, Any], scheduler: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two worker processes, and the command line on a scheduler's address, give the
    reference figures."""
    two = run_studies([_study()], ChunkStore(tmp_path / "two"), workers=2)[0]
    assert two == reference
    code = main(["simulate", "--dispute", DISPUTE, "--games", str(GAMES), "--seed", "3",
                 "--chunk", str(CHUNK), "--scheduler", scheduler, "--store",
                 str(tmp_path / "remote"), "--json", "--quiet"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["studies"] == [reference]


def test_an_interrupted_study_resumes_from_its_stored_chunks(
        reference: dict[str, Any], tmp_path: Path) -> None:
    """Ctrl-C after the first chunk: the local cluster is shut down (no worker process is
    left), the chunk is kept, and the next run plays only what is missing; a damaged
    chunk file is played again."""
    store = ChunkStore(tmp_path)

    def stop(done: ChunkDone) -> None:
        """Interrupt after the first finished chunk."""
        raise KeyboardInterrupt

    # only the processes this study starts are its to stop (another test in this worker may
    # have left a server's pool of rulers running)
    before = set(multiprocessing.active_children())
    with pytest.raises(KeyboardInterrupt):
        run_studies([_study()], store, workers=1, on_chunk=stop)
    assert set(multiprocessing.active_children()) - before == set()
    files = sorted(store.folder(_study()).glob("chunk-*.parquet"))
    assert 1 <= len(files) < GAMES // CHUNK
    files[0].write_bytes(b"not parquet")
    seen: list[ChunkDone] = []
    again = run_studies([_study()], store, workers=1, on_chunk=seen.append)[0]
    assert again == reference
    assert sum(d.cached for d in seen) == len(files) - 1
    seen.clear()
    assert run_studies([_study()], store, on_chunk=seen.append)[0] == reference
    assert all(d.cached for d in seen)  # nothing left to play: no cluster is started


def test_a_divergence_replays_in_judge(reference: dict[str, Any]) -> None:
    """A first divergence is a situation judge answers."""
    from trickrules.rulings.judge import judge
    from trickrules.spec.loader import family_catalogue

    situation = reference["examples"][0]["situation"]
    report = judge(family_catalogue("kout"), situation)
    assert "ok" in report["statuses"]


@pytest.mark.parametrize(("args", "message"), [
    (["--dispute", "kout6/score.made/bid-vs-nothing"], "no reading 'nothing'"),
    (["--dispute", "kout6/score.made/bid"], "'bid' is not two readings joined by '-vs-'"),
    (["--dispute", "baloot/play.hokom-void/may-trump-vs-must-trump"],
     "names its readings out of order (write must-trump-vs-may-trump)"),
    (["--dispute", "chess/x/a-vs-b"], "unknown game 'chess'"),
    (["--dispute", DISPUTE, "--game", "baloot"], "a dispute of kout6, not of --game baloot"),
    (["--dispute", DISPUTE, "--players", "rules,clever"], "unknown player 'clever'"),
    (["--dispute", DISPUTE, "--games", "0"], "--games 0: from 1 to 10,000,000"),
    (["--dispute", DISPUTE, "--workers", "0"], "--workers 0: from 1 to"),
])
def test_a_mistake_is_named_with_exit_2(args: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A user's mistake is one line naming it, exit 2."""
    assert main(["simulate", *args, "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_published_results_read_back(reference: dict[str, Any], tmp_path: Path) -> None:
    """The published file keeps the figures, drops situations, and refuses another format."""
    from trickrules.simulate.store import (
        by_dispute,
        load_results,
        ranking,
        sentence,
        write_results,
    )

    path = tmp_path / "results.json"
    write_results(path, {"studies": [reference], "not_playable": []}, "trickrules simulate")
    data = load_results(path)
    study = by_dispute(data)[DISPUTE]
    assert study["outcomes"] == reference["outcomes"]
    assert study["examples"][0]["seed"] == 3 and "situation" not in study["examples"][0]
    assert sentence(study).startswith("changes the hand's score in ")
    assert sentence(study).endswith(f"({GAMES} games between rule-based players)")
    assert [s["dispute"] for s in ranking(data)] == [DISPUTE]
    path.write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not a trickrules/dispute-impact/1 file"):
        load_results(path)


def test_the_committed_study_covers_every_dispute() -> None:
    """``trickrules/simulate/results.json`` has figures for every dispute of the three games (or
    the engine's reason it cannot play one); a new dispute makes it stale."""
    from trickrules.simulate.store import by_dispute, load_results
    from trickrules.simulate.study import game_disputes
    from trickrules.spec.registry import game_ids

    data = load_results()
    studied = set(by_dispute(data)) | {row["dispute"] for row in data["not_playable"]}
    assert studied == {d for game in game_ids() for d in game_disputes(game)}
    assert all(s["games"] == 500 and s["players"]["team 0"] == "rules" for s in data["studies"])
    assert "--dispute all --games 500" in data["command"]
