"""Wall time of the whole theorem suite over every shipped profile (target: under 60 s)."""

from __future__ import annotations

import time

from proofs.verify.rows import failed, run_theorems
from spec.loader import family_catalogue


def suite_seconds() -> tuple[float, int, int]:
    """(seconds, results, results not as expected) for one run of every theorem on every
    profile."""
    profiles = [p for p in family_catalogue("kout").profiles.values() if p.is_concrete]
    start = time.perf_counter()
    rows = run_theorems(profiles)
    return time.perf_counter() - start, len(rows), len(failed(rows))


def main() -> int:
    """Print the suite's wall time."""
    seconds, results, bad = suite_seconds()
    print(f"{'theorem suite, every shipped profile':<44}{results:>12} results{seconds:>9.1f} s"
          f"  ({bad} not as expected)")
    return 1 if bad else 0
