"""One conformance run: a suite asked of an engine started from a shell command, under the
suite's reconciled profiles or one named profile. Shared by ``trickrules conform`` and the
public :func:`trickrules.conform`."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from trickrules.kit import DEFAULT_TIMEOUT
from trickrules.kit.engine_process import EngineProcess, adopt_orphans
from trickrules.kit.runner import Run, Runner
from trickrules.proofs.conformance.protocol import ProtocolError, profile_for
from trickrules.proofs.conformance.suite import (
    SuiteData,
    SuiteError,
    load_suite,
    paused_collections,
    suite_dir,
)

MAX_TIMEOUT = 3600.0
"""The longest per-request timeout accepted (an hour; no request needs more)."""


def check_timeout(timeout: float) -> None:
    """Refuse a per-request timeout that is not a number of seconds in (0, an hour]."""
    if not 0 < timeout <= MAX_TIMEOUT:  # also refuses nan and inf
        raise ValueError(f"--timeout: {timeout} is not a number of seconds from above 0 "
                         f"to {MAX_TIMEOUT:g}")


def suite_profiles(suite: SuiteData, profile: str | None, game: str | None = None) -> list[str]:
    """The profiles to ask: ``profile`` when given (refused when the suite lacks it), else
    the reconciled profile of ``game``, else each game's reconciled profile."""
    if profile is None:
        if game is not None:
            if game not in suite.defaults:
                raise ValueError(f"--game: the suite has no game {game!r} (its games: "
                                 f"{', '.join(suite.defaults)})")
            return [suite.defaults[game]]
        return list(suite.defaults.values())
    if profile not in suite.profiles:
        raise ValueError(f"--profile: {profile!r} is not a profile of the suite; "
                         f"known: {', '.join(sorted(suite.profiles))}")
    return [profile]


def check_only(suite: SuiteData, only: list[str] | None) -> None:
    """Refuse an ``--only`` list naming a question type the suite does not ask."""
    if only is None:
        return
    asked = sorted({v["op"] for v in suite.vectors})
    unknown = [op for op in only if op not in asked]
    if unknown or not only:
        raise ValueError(f"--only: {', '.join(unknown) or 'no type given'}: the suite asks "
                         f"{', '.join(asked)}")


def run_suite(command: str, family: str, profile: str | None = None,
              suite_path: Path | None = None,
              timeout: float = DEFAULT_TIMEOUT, game: str | None = None,
              only: list[str] | None = None) -> tuple[Runner, SuiteData, Run]:
    """Ask the engine started by ``command`` every vector of ``family``'s suite (or the suite
    at ``suite_path``), under ``profile``, else ``game``'s reconciled profile, else every
    game's; only the question types ``only`` when given; the engine is stopped when the run
    ends, however it ends."""
    check_timeout(timeout)
    root = suite_path or suite_dir(family)
    with paused_collections():
        suite = load_suite(root)
        # frozen before collections resume (as settled_heap does, but inside the pause: a
        # collection in between would walk every vector once)
        gc.freeze()
    try:
        return _run_loaded(command, suite, root, profile, timeout, game, only)
    finally:
        gc.unfreeze()


def _run_loaded(command: str, suite: SuiteData, root: Path, profile: str | None,
                timeout: float, game: str | None,
                only: list[str] | None) -> tuple[Runner, SuiteData, Run]:
    """:func:`run_suite` once the suite at ``root`` is read."""
    profiles = suite_profiles(suite, profile, game)
    check_only(suite, only)

    def profile_of(profile_id: str) -> Any:
        data = suite.profiles[profile_id]
        try:
            return profile_for({"game": data["game"], "profile": profile_id,
                                "rules": data["rules"]})
        except ProtocolError as exc:
            raise SuiteError(f"{root / 'profiles.json'}: profile {profile_id!r}: "
                             f"{str(exc).removeprefix('rules: ')}") from None

    for profile_id in profiles:
        profile_of(profile_id)  # a profile these rules cannot make is named before the run
    adopt_orphans()
    runner = Runner(EngineProcess(command, timeout), suite, profile_of, only)
    return runner, suite, runner.run(profiles)


@contextlib.contextmanager
def settled_heap() -> Iterator[None]:
    """Leave what is loaded so far (the suite's vectors, the rule data) out of the garbage
    collector's passes while a run asks its questions: each pass would walk every vector
    again (about a quarter of the runner's time for Kout's suite), and none of them is garbage
    before the run ends."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
