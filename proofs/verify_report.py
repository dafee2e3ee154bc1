"""The verify report: every theorem on the chosen profiles and the source checks, as JSON,
stamped with a digest of the rule data and code it was computed from so a rulebook built
from it can tell when it is stale."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from proofs import theorems
from proofs.disputes import Dispute
from proofs.verify import Row, run_theorems
from proofs.verify_sources import source_work, verify_sources
from spec.model import Catalogue, Profile

#: The packages whose files decide a report's content (the rulebook writer and the conformance
#: kit, which read reports and do not make them, excluded).
INPUT_PACKAGES = ("spec", "engine", "proofs")


def inputs_digest() -> str:
    """SHA-256 over the rule data and the code of the verifier, file by file in path order."""
    digest = hashlib.sha256()
    for package in INPUT_PACKAGES:
        root = Path(str(resources.files(package)))
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root.parent).as_posix()
            if (path.suffix not in (".py", ".toml", ".json") or "__pycache__" in relative
                    or relative.startswith(("proofs/rulebook/", "proofs/conformance/"))):
                continue
            digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def verify_report(catalogue: Catalogue, games: Iterable[str],
                  profiles: list[Profile] | None, with_sources: bool, console: Console,
                  quiet: bool = False, settled: Sequence[Dispute] | None = None) -> tuple[
                      dict[str, Any], list[Row]]:
    """Run the theorems (on ``profiles``, or every concrete shipped profile of ``games``) and,
    if asked, the source checks (reusing disputes ``settled`` already); the JSON report and
    the theorem rows."""
    games = list(games)
    if profiles is None:
        profiles = [p for p in catalogue.profiles.values()
                    if p.game.id in games and p.is_concrete]
    with Progress(console=console, transient=True, disable=quiet) as progress:
        chosen = theorems.THEOREMS  # read at call time, so a test may swap the list
        total = len(profiles) * len(chosen)
        total += source_work(catalogue, games) if with_sources else 0
        task = progress.add_task("verifying", total=total)

        def advance(row: Row) -> None:
            progress.update(task, advance=1, description=f"{row.profile} {row.theorem}")

        rows = run_theorems(profiles, chosen, on_row=advance)
        sources = verify_sources(catalogue, games, lambda what: progress.update(
            task, advance=1, description=what), settled) if with_sources else None
    report: dict[str, Any] = {
        "inputs": inputs_digest(),
        "profiles": [p.id for p in profiles], "results": [r.as_json() for r in rows],
        "proved": sum(r.verdict == "proved" for r in rows),
        "refuted": sum(r.verdict == "refuted" for r in rows),
        "unknown": sum(r.verdict == "unknown" for r in rows)}
    if sources is not None:
        report["sources"] = sources
    return report, rows
