"""The throughput of ``trickrules simulate`` on a local Dask cluster of one and of two
workers: the same study (each game played under both readings by rule-based players) from an
empty store, the cluster's start and stop included.

``python -m benchmarks.simulate_speed [--games 400] [--dispute ID] [--json]``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from trickrules.simulate.run import run_studies
from trickrules.simulate.store import ChunkStore
from trickrules.simulate.study import make_study

DISPUTE = "baloot/play.hokom-void/must-trump-vs-may-trump"


def throughput(dispute: str, games: int, workers: int) -> dict[str, Any]:
    """One study from an empty store on ``workers`` local workers: games per second."""
    study = make_study(dispute, games, chunk=max(1, games // 16))
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        summary = run_studies([study], ChunkStore(Path(folder)), workers=workers)[0]
        seconds = time.perf_counter() - start
    return {"workers": workers, "games": games, "seconds": round(seconds, 2),
            "games_per_second": round(games / seconds, 1),
            "compared_hands": summary["hands"]}


def main(argv: list[str] | None = None) -> int:
    """Print the throughput on one and two workers (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.simulate_speed")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--dispute", default=DISPUTE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [throughput(args.dispute, args.games, workers) for workers in (1, 2)]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"simulate {args.dispute}, {args.games} games, each under both readings")
    print(f"{'workers':<10}{'seconds':>10}{'games/s':>10}{'speed-up':>10}")
    for row in rows:
        speedup = row["games_per_second"] / rows[0]["games_per_second"]
        print(f"{row['workers']:<10}{row['seconds']:>10.1f}{row['games_per_second']:>10.1f}"
              f"{speedup:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
