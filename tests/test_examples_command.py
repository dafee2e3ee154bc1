"""``trickrules examples`` ships the README's and the API page's example files: it lists
every file of docs/examples, prints each as it is, writes them where the README's commands
find them, and refuses an unknown name with exit 2; ``/api/docs`` calls the server at the
address the page was asked at, on a shipped example."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from trickrules.cli.examples import find_example, shipped_examples, write_examples
from trickrules.serve.openapi import api_docs_html, openapi_document

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "examples"
FILES = sorted(str(p.relative_to(FOLDER)) for p in FOLDER.rglob("*")
               if p.suffix in (".json", ".py"))


def test_every_file_of_docs_examples_is_shipped_and_printed_as_it_is() -> None:
    assert list(shipped_examples()) == FILES
    for name in FILES:
        printed = find_example(name)[1].read_bytes()
        assert printed == (FOLDER / name).read_bytes()
    assert find_example("docs/examples/questions/kout-joker-lead.json")[0] == \
        "questions/kout-joker-lead.json"
    assert find_example("hokom-81-of-162.json")[0] == "questions/hokom-81-of-162.json"


def test_the_command_lists_prints_and_refuses_by_name(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "trickrules", "examples", *args],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)

    listed = run("--list")
    assert listed.returncode == 0
    assert listed.stdout.split() == [f"docs/examples/{name}" for name in FILES]
    shown = run("questions/hokom-81-of-162.json")
    assert shown.stdout == (FOLDER / "questions/hokom-81-of-162.json").read_text()
    wrong = run("chess.json")
    assert wrong.returncode == 2 and "chess.json" in wrong.stderr
    assert "Traceback" not in wrong.stderr


def test_written_examples_are_where_the_readme_looks(tmp_path: Path) -> None:
    written = write_examples(tmp_path)
    assert sorted(str(p.relative_to(tmp_path / "docs" / "examples")) for p in written) == FILES
    for name in FILES:
        assert (tmp_path / "docs/examples" / name).read_bytes() == (FOLDER / name).read_bytes()


def test_the_api_page_calls_the_address_it_was_asked_at() -> None:
    page = api_docs_html(openapi_document(), "http://127.0.0.1:5173/")
    assert "http://127.0.0.1:5173/api/baloot/hand-score" in page
    assert "8000" not in page and "trickrules examples questions/hokom-81-of-162.json" in page
