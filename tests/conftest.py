"""Shared fixtures. The expensive results (the whole verification: theorems, source checks and
settled disputes; the whole rulebook) are computed once per test run and shared by every
pytest-xdist worker (:mod:`shared_results`); under xdist a background prebuild starts them
as the run begins, and the tests that need them run last."""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import copy_family
from playwright.sync_api import Browser, sync_playwright
from shared_results import (
    SHARED_ENV,
    STARTED,
    shared_rulebook,
    shared_verification,
    wait_for_prebuild,
)

from trickrules.proofs.disputes import Dispute, DisputeBook
from trickrules.proofs.verify.report import Verification
from trickrules.rulebook.build import Built
from trickrules.spec.loader import family_catalogue

_PREBUILD = pytest.StashKey[tuple[subprocess.Popen[bytes], Path]]()


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run by a test keep their verify results in a cache of their own: never the
    user's, and never shared with a test that patches the rules."""
    monkeypatch.setenv("TRICKRULES_CACHE", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def verified_cache(verification: Verification, tmp_path_factory: pytest.TempPathFactory,
                   worker_id: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Commands of a test that patches nothing read the run's shared verify results, as a
    user's commands read what their last ``verify`` cached."""
    directory = shared_directory(tmp_path_factory, worker_id) / "verify-cache"
    monkeypatch.setenv("TRICKRULES_CACHE", str(directory))
    return directory


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped rule data, for tests that break it."""
    return copy_family("kout", tmp_path)


def shared_directory(factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A directory every worker of this test run sees (and no other run)."""
    if os.environ.get(SHARED_ENV):
        return Path(os.environ[SHARED_ENV])
    base = factory.getbasetemp()
    return base if worker_id == "master" else base.parent


EXPENSIVE = frozenset({"verification", "rulebook"})
"""The session fixtures the background prebuild computes."""


_BYTECODE = pytest.StashKey[Path]()


def _keep_bytecode(config: pytest.Config) -> None:
    """Where bytecode is not to be written (``PYTHONDONTWRITEBYTECODE``), let the run keep it
    in a folder of its own: every command a test starts would otherwise compile each module
    it imports afresh, hundreds of times over a run. Nothing is written in the checkout, and
    the folder is removed at the end."""
    if hasattr(config, "workerinput") or not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    folder = Path(tempfile.mkdtemp(prefix="trickrules-bytecode-"))
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.pycache_prefix, sys.dont_write_bytecode = str(folder), False
    config.stash[_BYTECODE] = folder


def pytest_configure(config: pytest.Config) -> None:
    """As the controller of a run over several workers: start the background prebuild of the
    shared results, in a directory the workers inherit through the environment."""
    config.addinivalue_line("markers", "waits: a test that mostly waits out an engine's "
                            "timeouts; started first, while the prebuild can use the core")
    _keep_bytecode(config)
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    shared = Path(tempfile.mkdtemp(prefix="trickrules-tests-"))
    os.environ[SHARED_ENV] = str(shared)
    script = Path(__file__).with_name("prebuild.py")
    process = subprocess.Popen([sys.executable, str(script), str(shared)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    (shared / STARTED).write_text(str(process.pid), encoding="utf-8")
    config.stash[_PREBUILD] = (process, shared)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the prebuild if it still runs, with every process it started (its verify
    workers, a Sphinx build: its own process group), and remove the shared directory and the
    run's bytecode."""
    started = config.stash.get(_PREBUILD, None)
    if started is not None:
        process, shared = started
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        shutil.rmtree(shared, ignore_errors=True)
    bytecode = config.stash.get(_BYTECODE, None)
    if bytecode is not None:
        shutil.rmtree(bytecode, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    """Collect without garbage collection, and keep what collecting loaded (the test modules,
    the shipped suites their parameters are read from, the rule data) out of every later
    collection: none of it is garbage before the run ends, and each full pass of the
    collector over it cost a worker seconds."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that need the shared results run last, so the workers are busy with the
    others while the results are computed: those that need the verification alone before
    those that need the rulebook too, which is built after it; of the others, those that
    mostly wait out an engine's timeouts start first (the background prebuild has the core a
    sleeping worker leaves), then the long ones, so that no worker is left with one at the
    end."""
    def rank(item: pytest.Item) -> tuple[int, bool, bool]:
        needs = EXPENSIVE & set(getattr(item, "fixturenames", ()))
        return (2 if "rulebook" in needs else 1 if needs else 0,
                item.get_closest_marker("waits") is None,
                item.get_closest_marker("long") is None)

    items.sort(key=rank)


@pytest.fixture(scope="session")
def verification(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Verification:
    """What ``trickrules verify`` computes for every game, once per test run."""
    shared = shared_directory(tmp_path_factory, worker_id)
    wait_for_prebuild(shared)
    return shared_verification(shared)


@pytest.fixture(scope="session")
def source_disputes(verification: Verification) -> list[Dispute]:
    """Every dispute the sources raise in both games, settled once for the whole run."""
    return verification.disputes


@pytest.fixture(scope="session")
def settled_book(verification: Verification, tmp_path_factory: pytest.TempPathFactory,
                 worker_id: str) -> Callable[[str], DisputeBook]:
    """A dispute book of a family that takes what the run's verify settled from its result
    cache (the same job, the same key, as a user's ``explain`` after ``verify``), and settles
    anything else afresh."""
    from trickrules.proofs.verify.jobs import cached_book

    directory = shared_directory(tmp_path_factory, worker_id) / "verify-cache"
    return lambda family: cached_book(family_catalogue(family), directory)


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

    return shared_rulebook(shared_directory(tmp_path_factory, worker_id), verification,
                           cli_help())


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
"""Debian's Chromium, started without the background connections this machine refuses."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium for the tests that look at pages (one per test module)."""
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs Debian's chromium"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
