"""A study's chunk store trusts no file it did not write for that study: a planted or foreign
chunk (a column missing, examples that are not JSON, more differing hands than hands, a
negative count, another chunk's index or games, another study's key) is named and played
again, never summed into the figures nor a bare ``math domain error``. And the study's own
outputs are written as the shell's ``>`` writes them: a FIFO that no process reads, a folder
given for a file, are refused by name, never waited on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main
from trickrules.simulate.store import ChunkStore
from trickrules.simulate.study import Study, make_study, run_chunk

DISPUTE = "baloot/play.hokom-void/must-trump-vs-may-trump"
GAMES = 3


@pytest.fixture(scope="module")
def played() -> tuple[Study, dict[str, Any]]:
    """A study of a few games in one chunk, and that chunk played (once for the module)."""
    study = make_study(DISPUTE, GAMES, chunk=GAMES)
    return study, run_chunk(study, 0)


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite the one row of a stored chunk after ``change``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    row = pq.read_table(path).to_pylist()[0]
    change(row)
    pq.write_table(pa.Table.from_pylist([row]), path)


PLANTED: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "no examples": (lambda row: row.pop("examples"), "examples: not JSON"),
    "examples not JSON": (lambda row: row.update(examples="{{"), "examples: not JSON"),
    "examples not divergences": (lambda row: row.update(examples="[1, 2]"), "examples: a"),
    "examples of other seeds": (
        lambda row: row.update(examples=json.dumps([{**json.loads(row["examples"])[0],
                                                     "seed": 10**6}])), "seed 1000000"),
    "more differing hands than hands": (
        lambda row: row.update(hand_score=row["hands"] + 5), "hand_score"),
    "a negative count": (lambda row: row.update(made=-3), "made: -3 is not a count"),
    "a count that is no number": (lambda row: row.update(winner="2"), "winner"),
    "another chunk's index": (lambda row: row.update(index=7), "index: 7"),
    "another number of games": (lambda row: row.update(games=99), "games: 99"),
    "another study's key": (lambda row: row.update(study="0" * 16), "study:"),
    "another dispute's chunk": (lambda row: row.update(reading_b="other"), "reading_b"),
}


@pytest.mark.parametrize("planted", list(PLANTED))
def test_a_planted_chunk_is_named_and_played_again(tmp_path: Path, planted: str,
                                                  played: tuple[Study, dict[str, Any]]) -> None:
    study, result = played
    store = ChunkStore(tmp_path)
    store.save(study, result)
    assert store.load(study, 0, GAMES) is not None, "the chunk as written is read back"
    (path,) = store.folder(study).glob("chunk-*.parquet")
    change, said = PLANTED[planted]
    _rewrite(path, change)
    assert store.load(study, 0, GAMES) is None
    assert [p for p, _ in store.refused] == [path]
    assert said in store.refused[0][1]


def test_a_file_that_is_no_table_is_named(tmp_path: Path,
                                          played: tuple[Study, dict[str, Any]]) -> None:
    study, result = played
    store = ChunkStore(tmp_path)
    store.save(study, result)
    (path,) = store.folder(study).glob("chunk-*.parquet")
    path.write_bytes(b"not parquet")
    assert store.load(study, 0, GAMES) is None
    assert "not a Parquet table" in store.refused[0][1]


def _simulate(store: Path, *options: str) -> int:
    """``trickrules simulate`` of the module's study (every chunk already stored: nothing is
    played, no cluster starts) with ``options``."""
    return main(["simulate", "--dispute", DISPUTE, "--games", str(GAMES), "--chunk",
                 str(GAMES), "--store", str(store), "--quiet", "--json", *options])


def test_outputs_that_are_no_files_are_refused_by_name(
        tmp_path: Path, played: tuple[Study, dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    study, result = played
    ChunkStore(tmp_path / "store").save(study, result)
    assert _simulate(tmp_path / "store", "--out", str(tmp_path / "out.json")) == 0
    assert json.loads((tmp_path / "out.json").read_text())["studies"][0]["games"] == GAMES
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "trickrules", "simulate", "--dispute", DISPUTE,
                           "--games", str(GAMES), "--chunk", str(GAMES), "--store",
                           str(tmp_path / "store"), "--quiet", "--out", str(fifo)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2, done.stderr  # not waiting for a reader that never comes
    assert "a FIFO that no process reads" in done.stderr
    assert fifo.is_fifo()
    capsys.readouterr()
    assert _simulate(tmp_path / "store", "--publish", str(tmp_path)) == 2
    assert "--publish" in capsys.readouterr().err
    (tmp_path / "a-file").write_text("mine")
    assert _simulate(tmp_path / "store", "--examples", str(tmp_path / "a-file")) == 2
    assert "--examples" in capsys.readouterr().err
    assert (tmp_path / "a-file").read_text() == "mine"
