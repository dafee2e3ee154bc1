"""Shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from proofs.disputes import Dispute, DisputeBook
from proofs.verify_report import verify_report
from spec.loader import KOUT_DIR, kout_catalogue


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped rule data, for tests that break it."""
    for path in KOUT_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


@pytest.fixture(scope="session")
def source_disputes() -> list[Dispute]:
    """Every dispute the sources raise in both games, settled once for the whole run."""
    return DisputeBook(kout_catalogue()).for_sources(["kout6", "kout4"])


@pytest.fixture(scope="session")
def full_report(source_disputes: list[Dispute]) -> dict[str, Any]:
    """The report ``trickrules verify`` writes, built once (reusing the settled disputes)."""
    catalogue = kout_catalogue()
    report, _ = verify_report(catalogue, list(catalogue.games), None, True,
                              Console(quiet=True), quiet=True, settled=source_disputes)
    return report
