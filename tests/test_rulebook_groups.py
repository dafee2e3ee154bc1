"""The rulebook's PDFs are laid out by several Sphinx processes side by side: every PDF is
written by exactly one of them, the work is shared out costliest first (weighed by the text
and the drawings each prints), and one core gets one
process (a PDF is the same bytes whichever process writes it:
``test_rulebook.test_the_same_inputs_give_the_same_rulebook``)."""

from __future__ import annotations

from pathlib import Path

from trickrules.rulebook.build import pdf_groups, printed_drawings


def _source(tmp_path: Path, sizes: dict[str, int], drawings: dict[str, int]) -> Path:
    """Generated sources: each family's committee page of ``sizes`` bytes, printing one
    drawing of ``drawings`` bytes, and its players' page of a tenth of its size."""
    (tmp_path / "_cards").mkdir()
    for family, size in sizes.items():
        (tmp_path / family / "players").mkdir(parents=True)
        (tmp_path / "_cards" / f"{family}.svg").write_text("x" * drawings[family])
        (tmp_path / family / "rules.rst").write_text(
            f".. image:: /_cards/{family}.svg\n\n" + "x" * size, encoding="utf-8")
        (tmp_path / family / "players" / "rules-1.rst").write_text("x" * (size // 10))
    return tmp_path


def test_each_pdf_is_written_once_and_the_costliest_goes_alone(tmp_path: Path) -> None:
    # Kout's committee pages are shorter, but its drawings weigh more: it is the costliest
    source = _source(tmp_path, {"kout": 600_000, "baloot": 900_000},
                     {"kout": 4_000_000, "baloot": 1_000_000})
    groups = pdf_groups(source, ["kout", "baloot"], None, 2)
    names = sorted(name for group in groups for name in group)
    assert names == ["baloot-director", "baloot-players", "baloot-quick", "baloot-rulebook",
                     "kout-director", "kout-players", "kout-quick", "kout-rulebook"]
    # Kout's committee edition about 20 s, Baloot's about 16 s: the second group takes the
    # small editions until it weighs as much as the first
    assert groups[0][0] == "kout-rulebook" and groups[1][0] == "baloot-rulebook"
    assert "baloot-players" in groups[1] and len(groups[1]) > len(groups[0])


def test_only_the_drawings_put_in_print_are_weighed() -> None:
    page = """.. image:: /_cards/a.svg

.. only:: html

   .. image:: /_cards/narrow.svg

   .. figure:: /_cards/narrow-too.svg

.. only:: pdf

   .. image:: /_cards/wide.svg

Text.

.. figure:: /_cards/b.svg
"""
    assert printed_drawings(page) == ["/_cards/a.svg", "/_cards/wide.svg", "/_cards/b.svg"]


def test_one_core_one_process_and_no_empty_group(tmp_path: Path) -> None:
    source = _source(tmp_path, {"kout": 600, "baloot": 900}, {"kout": 10, "baloot": 10})
    assert len(pdf_groups(source, ["kout", "baloot"], None, 1)) == 1
    assert pdf_groups(source, ["baloot"], ("players",), 8) == [("baloot-players",)]
