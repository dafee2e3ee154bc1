"""The test run's expensive results, computed once and shared by every pytest-xdist worker:
the whole verification (through the verify result cache) and the whole rulebook, each under
a file lock in a directory all workers see.

Under xdist the controller starts :mod:`prebuild` in the background as the run begins, so the
results are ready by the time the tests that need them (sorted last) run; a worker that gets
there first waits for it rather than computing the same thing twice."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from filelock import FileLock

from trickrules.proofs.kit import kit_games
from trickrules.proofs.verify.cache import ResultCache, environment_digest, inputs_digest
from trickrules.proofs.verify.report import Verification, verify
from trickrules.rulebook.build import Built
from trickrules.spec.loader import family_catalogue

SHARED_ENV = "TRICKRULES_TEST_SHARED"
"""The directory every worker of the run shares, set by the controller."""
STARTED, DONE, FAILED = "prebuild.pid", "verification.done", "prebuild.failed"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def wait_for_prebuild(shared: Path) -> None:
    """Wait while a background prebuild is computing the verification (never when there is
    none, or once it is done, failed or gone)."""
    marker = shared / STARTED
    if not marker.exists():
        return
    pid = int(marker.read_text(encoding="utf-8") or 0)
    while not (shared / DONE).exists() and not (shared / FAILED).exists() and _alive(pid):
        time.sleep(0.2)


def shared_verification(shared: Path) -> Verification:
    """What ``trickrules verify`` computes for every game, once per run."""
    with FileLock(str(shared / "verification.lock")):
        cache = ResultCache(shared / "verify-cache", environment_digest(inputs_digest()))
        result = verify(family_catalogue("kout"), list(kit_games()), None, True, cache)
        (shared / DONE).touch()
        return result


def shared_rulebook(shared: Path, verification: Verification, cli_help: list[str]) -> Built:
    """The whole rulebook (site and PDFs), built once per run."""
    from trickrules.rulebook.build import build_rulebook, rulebook_families
    from trickrules.rulebook.examples import Example
    from trickrules.rulebook.questions_page import questions_page
    from trickrules.rulings.question import judge_question

    out = shared / "rulebook"
    with FileLock(str(shared / "rulebook.lock")):
        done = out / "built.json"
        if not done.exists():
            built = build_rulebook(verification.report, out, cli_help, judge_question,
                                   questions=questions_page(rulebook_families()))
            done.write_text(json.dumps({"pdfs": {f: str(p) for f, p in built.pdfs.items()},
                                        "examples": [e.as_json() for e in built.examples]}),
                            encoding="utf-8")
        data = json.loads(done.read_text(encoding="utf-8"))
    return Built(out / "source", out / "html", {f: Path(p) for f, p in data["pdfs"].items()},
                 tuple(Example.from_json(e) for e in data["examples"]))
