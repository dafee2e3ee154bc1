"""Shared fixtures. The expensive results (the whole verification: theorems, source checks and
settled disputes) are computed once per test run and shared by every pytest-xdist worker
through the verify result cache, under a lock so that only one worker computes them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from proofs.disputes import Dispute
from proofs.kit import kit_games
from proofs.rulebook.build import Built
from proofs.verify.cache import ResultCache, environment_digest, inputs_digest
from proofs.verify.report import Verification, verify
from spec.loader import family_catalogue
from spec.registry import family_dir


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run by a test keep their verify results in a cache of their own: never the
    user's, and never shared with a test that patches the rules."""
    monkeypatch.setenv("TRICKRULES_CACHE", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped rule data, for tests that break it."""
    for path in [*family_dir("kout").glob("*.toml"), *family_dir("kout").glob("*.json")]:
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def shared_directory(factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A directory every worker of this test run sees (and no other run)."""
    base = factory.getbasetemp()
    return base if worker_id == "master" else base.parent


@pytest.fixture(scope="session")
def verification(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Verification:
    """What ``trickrules verify`` computes for every game, once per test run."""
    shared = shared_directory(tmp_path_factory, worker_id)
    with FileLock(str(shared / "verification.lock")):
        cache = ResultCache(shared / "verify-cache", environment_digest(inputs_digest()))
        return verify(family_catalogue("kout"), list(kit_games()), None, True, cache)


@pytest.fixture(scope="session")
def source_disputes(verification: Verification) -> list[Dispute]:
    """Every dispute the sources raise in both games, settled once for the whole run."""
    return verification.disputes


@pytest.fixture(scope="session")
def full_report(verification: Verification) -> dict[str, Any]:
    """The report ``trickrules verify`` writes."""
    return verification.report


@pytest.fixture(scope="session")
def rulebook(verification: Verification, tmp_path_factory: pytest.TempPathFactory,
             worker_id: str) -> Built:
    """The whole rulebook (site and PDFs), built once per test run and shared by the
    workers."""
    from helpers import cli_help

    from proofs.rulebook.build import build_rulebook
    from proofs.rulebook.examples import Example

    shared = shared_directory(tmp_path_factory, worker_id)
    out = shared / "rulebook"
    with FileLock(str(shared / "rulebook.lock")):
        done = out / "built.json"
        if not done.exists():
            built = build_rulebook(verification.report, out, cli_help())
            done.write_text(json.dumps({"pdfs": {f: str(p) for f, p in built.pdfs.items()},
                                        "examples": [e.as_json() for e in built.examples]}),
                            encoding="utf-8")
        data = json.loads(done.read_text(encoding="utf-8"))
    return Built(out / "source", out / "html", {f: Path(p) for f, p in data["pdfs"].items()},
                 tuple(Example.from_json(e) for e in data["examples"]))
