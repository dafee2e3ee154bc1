"""Functions a reader can hold: no function of the product or its tests at a cyclomatic
complexity (radon's count, boolean operators included) of 25 or more, and the mean over the
product's functions held under its ceiling, so that it can only go down."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("spec", "engine", "proofs", "trickrules", "benchmarks")
CEILING = 25
"""No function at this complexity or above."""
MEAN_CEILING = 4.0
"""The mean complexity of the product's functions and classes must stay below 4.0 (it is
lowered as functions are split)."""


def blocks(folders: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """Every function, method and class under ``folders``: (file, name, complexity)."""
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "sphinx" in path.parts:
                continue
            for block in cc_visit(path.read_text(encoding="utf-8")):
                found.append((str(path.relative_to(ROOT)), block.fullname, block.complexity))
    return found


def test_no_function_at_the_ceiling() -> None:
    every = blocks((*PRODUCT, "tests"))
    assert len(every) > 2000  # the tree was really read
    assert [b for b in every if b[2] >= CEILING] == []


def test_the_mean_stays_under_its_ceiling() -> None:
    product = blocks(PRODUCT)
    mean = sum(b[2] for b in product) / len(product)
    assert mean < MEAN_CEILING, f"mean complexity {mean:.3f}"


def test_the_count_sees_a_branchy_function() -> None:
    """Not vacuous: a function of 25 branches is counted at 26."""
    source = "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n"
                                      for i in range(25)) + "    return -1\n"
    assert [b.complexity for b in cc_visit(source)] == [26]
