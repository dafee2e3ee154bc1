"""``verify`` off a terminal writes a line as each job lands (a theorem, a source check, each
group of a dispute's outcomes), so a redirected log always shows where the work is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from trickrules.proofs.kit import kit_games
from trickrules.proofs.verify.jobs import plan
from trickrules.proofs.verify.report import _profiles
from trickrules.spec.loader import family_catalogue


def test_a_redirected_log_has_a_line_for_every_job(verified_cache: Path,
                                                   tmp_path: Path) -> None:
    log = tmp_path / "verify.log"
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([sys.executable, "-m", "trickrules", "verify"], stdout=out,
                              stderr=subprocess.STDOUT, timeout=900, cwd=tmp_path)
    assert done.returncode == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    items = [line for line in lines if line.startswith("[")]
    parts = [line for line in lines if line.startswith("  ") and " parts " in line]
    catalogue = family_catalogue("kout")
    games = list(kit_games())
    jobs = plan(catalogue, games, _profiles(catalogue, games, None), True).jobs
    assert parts and len(items) + len(parts) == len(jobs)
