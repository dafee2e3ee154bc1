"""The Sphinx documentation builds with warnings treated as errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_docs_build_without_warnings(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(DOCS), str(tmp_path)],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "api.html").read_text(encoding="utf-8").count("KoutState") > 3
