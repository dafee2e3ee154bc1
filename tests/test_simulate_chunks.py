"""A study's chunks are made one at a time, never as a whole list (a billion games once built
its list for minutes), and a study cut into more chunks than a cluster and a store should hold
is refused by name before anything is played."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from trickrules.cli.main import main
from trickrules.simulate.study import make_study

DISPUTE = "baloot/play.hokom-void/must-trump-vs-may-trump"


def test_chunks_are_consecutive_seeds_the_last_one_short() -> None:
    study = make_study(DISPUTE, 10, seed=5, chunk=4)
    assert study.chunk_count == 3
    assert list(study.chunks()) == [(0, 5, 4), (1, 9, 4), (2, 13, 2)]
    assert study.chunk_at(2) == (2, 13, 2)


def test_the_chunks_of_the_largest_study_are_not_listed() -> None:
    study = make_study(DISPUTE, 10_000_000, chunk=100)
    chunks = study.chunks()
    assert isinstance(chunks, Iterator) and not isinstance(chunks, list)
    assert next(chunks) == (0, 0, 100)
    assert study.chunk_at(study.chunk_count - 1) == (99_999, 9_999_900, 100)


def test_too_many_chunks_are_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--dispute", DISPUTE, "--games", "10000000", "--chunk", "1"]) == 2
    assert "--chunk 1: 10,000,000 games would make 10,000,000 chunks" in capsys.readouterr().err
