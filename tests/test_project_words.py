"""The project speaks of itself only: no committed file tells how the work on it was done (a
history of runs, a working session) or names a folder of a particular machine."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = re.compile(r"(\.(py|md|rst|toml|cfg|yaml|txt|css|js|html)|Makefile|/run)$")
HISTORY = re.compile(r"\b(this stop|the stop before|stops? before|the last stop|this session|"
                     r"an earlier session|the last session|was measured here|"
                     r"measured (?:here|on this machine))\b", re.IGNORECASE)
"""Words about the making of the project, not about the product."""
MACHINE = re.compile(r"(?<![\w.])/(?:work|root|home/\w+|Users/\w+)/")
"""A folder of one machine (the seed texts are found beside the checkout, or by a variable)."""


SELF = "tests/test_project_words.py"
"""This file, which must hold the words it looks for."""


def tracked_text_files() -> list[Path]:
    """Every committed file of prose, code or configuration (data files apart)."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    return [ROOT / name for name in listed if TEXT.search(name) and (ROOT / name).is_file()
            and name != SELF]


def line_findings(text: str) -> list[tuple[int, str]]:
    """Each line of ``text`` (its number and the words) about the work's making or naming a
    machine's folder."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern in (HISTORY, MACHINE):
            match = pattern.search(line)
            if match:
                found.append((number, match.group(0)))
    return found


def test_no_file_tells_how_it_was_made_or_names_a_machine_folder() -> None:
    paths = tracked_text_files()
    assert len(paths) > 200  # the tree was really read
    found = [f"{path.relative_to(ROOT)}:{number}: {words!r}" for path in paths
             for number, words in line_findings(path.read_text(encoding="utf-8",
                                                               errors="replace"))]
    assert found == []


def test_the_check_finds_a_history_line_and_a_machine_path() -> None:
    """The check is not vacuous: each kind of line is found, technical words are not."""
    text = ("Verify took 70 s this stop.\nSeeds in /work/shared/sources here.\n"
            "An engine started in a session of its own.\nSee tests/work/x.\n")
    assert line_findings(text) == [(1, "this stop"), (2, "/work/")]
