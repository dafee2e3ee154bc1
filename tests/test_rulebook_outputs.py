"""A rulebook built again into the same ``--out`` replaces what the last build wrote and keeps
a file the user put in the site's or the PDFs' folder."""

from __future__ import annotations

from pathlib import Path

from trickrules.rulebook.build import MANIFEST, _keep_foreign_files


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_a_users_file_survives_a_second_build_and_a_dropped_page_does_not(tmp_path: Path) -> None:
    final, new = tmp_path / "html", tmp_path / "html.new"
    _tree(final, {"index.html": "old", "gone.html": "old", "notes/mine.txt": "the user's",
                  MANIFEST: "index.html\ngone.html\n"})
    _tree(new, {"index.html": "new", "players.html": "new"})
    _keep_foreign_files(final, new)
    assert (new / "notes" / "mine.txt").read_text(encoding="utf-8") == "the user's"
    assert not (new / "gone.html").exists()  # the last build's page, no longer built
    assert (new / "index.html").read_text(encoding="utf-8") == "new"
    assert (new / MANIFEST).read_text(encoding="utf-8").split() == ["index.html",
                                                                    "players.html"]


def test_a_first_build_lists_what_it_wrote(tmp_path: Path) -> None:
    final, new = tmp_path / "pdf", tmp_path / "pdf.new"
    _tree(new, {"kout-players.pdf": "%PDF"})
    _keep_foreign_files(final, new)
    assert (new / MANIFEST).read_text(encoding="utf-8").split() == ["kout-players.pdf"]
