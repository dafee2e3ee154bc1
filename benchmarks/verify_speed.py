"""Wall time of ``trickrules verify`` (every shipped profile, the source checks and every
dispute) cold, with an empty result cache, and warm, unchanged inputs answered from the cache
(budgets: cold under 90 s, aim 60 s; warm under 5 s)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLD_BUDGET, WARM_BUDGET = 90.0, 5.0
BALOOT_BUDGET = 30.0
"""What Baloot's part of verify may add, cold."""


def verify_seconds(cache: Path, *extra: str) -> tuple[float, int]:
    """(wall seconds, exit status) of one ``trickrules verify`` run with result cache
    ``cache``, as a user runs it."""
    command = [sys.executable, "-m", "trickrules.cli", "verify", "--cache-dir", str(cache),
               "--json", *extra]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done.returncode


def main() -> int:
    """Print verify's cold and warm wall time; non-zero if a run fails or a budget is missed."""
    with tempfile.TemporaryDirectory(prefix="trickrules-bench-") as tmp:
        cache = Path(tmp)
        cold, cold_code = verify_seconds(cache, "--no-cache")
        warm, warm_code = verify_seconds(cache)
        baloot, baloot_code = verify_seconds(cache, "--no-cache", "--game", "baloot")
    runs = (("verify cold (empty cache)", cold, cold_code, COLD_BUDGET),
            ("verify warm (unchanged inputs)", warm, warm_code, WARM_BUDGET),
            ("verify --game baloot cold", baloot, baloot_code, BALOOT_BUDGET))
    for name, seconds, code, budget in runs:
        status = "ok" if code == 0 and seconds < budget else "OVER BUDGET" if code == 0 else (
            f"exit {code}")
        print(f"{name:<44}{seconds:>9.1f} s   budget {budget:>4.0f} s   {status}")
    return 0 if all(code == 0 and seconds < budget for _, seconds, code, budget in runs) else 1
