"""Shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spec.loader import KOUT_DIR


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped rule data, for tests that break it."""
    for path in KOUT_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path
