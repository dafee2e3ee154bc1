"""The rulebook's PDFs are laid out by several Sphinx processes side by side: every PDF is
written by exactly one of them, the work is shared out largest first, and one core gets one
process (a PDF is the same bytes whichever process writes it:
``test_rulebook.test_the_same_inputs_give_the_same_rulebook``)."""

from __future__ import annotations

from pathlib import Path

from trickrules.rulebook.build import pdf_groups


def _source(tmp_path: Path, sizes: dict[str, int]) -> Path:
    for family, size in sizes.items():
        (tmp_path / family).mkdir()
        (tmp_path / family / "rules.rst").write_text("x" * size, encoding="utf-8")
    return tmp_path


def test_each_pdf_is_written_once_and_the_largest_goes_alone(tmp_path: Path) -> None:
    source = _source(tmp_path, {"kout": 600, "baloot": 900})
    groups = pdf_groups(source, ["kout", "baloot"], None, 2)
    names = sorted(name for group in groups for name in group)
    assert names == ["baloot-director", "baloot-players", "baloot-quick", "baloot-rulebook",
                     "kout-director", "kout-players", "kout-quick", "kout-rulebook"]
    # committee editions weigh their pages (900, 600), the players' a tenth (90, 60), the
    # directors' a twentieth (45, 30), the quick references a hundredth (9, 6): 900 to the
    # first, 600 to the second, then the second (the lighter) takes the rest while it stays
    # under 900
    assert groups == [("baloot-rulebook",),
                      ("kout-rulebook", "baloot-players", "kout-players", "baloot-director",
                       "kout-director", "baloot-quick", "kout-quick")]


def test_one_core_one_process_and_no_empty_group(tmp_path: Path) -> None:
    source = _source(tmp_path, {"kout": 600, "baloot": 900})
    assert len(pdf_groups(source, ["kout", "baloot"], None, 1)) == 1
    assert pdf_groups(source, ["baloot"], ("players",), 8) == [("baloot-players",)]
