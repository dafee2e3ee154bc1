"""The study's statistics against a reference implementation: the Wilson score interval of
every count on a grid of totals and counts (the smallest, the edges 0 and n, and the middle)
is SciPy's, so a slip in the formula (``z²/(4n)`` for ``z²/(4n²)``) cannot pass unseen."""

from __future__ import annotations

from types import ModuleType

import pytest

from trickrules.simulate.study import Z95, rate, wilson

TOTALS = (1, 2, 3, 5, 10, 44, 100, 250, 1_000, 123_457, 10_000_000)
GRID = sorted({(n, k) for n in TOTALS for k in (0, 1, 2, n // 3, n // 2, n - 1, n) if 0 <= k <= n})


@pytest.fixture(scope="module")
def stats() -> ModuleType:
    """SciPy's statistics, imported by the worker that runs these tests only (importing it
    costs each worker seconds while the tests are collected)."""
    import importlib

    return importlib.import_module("scipy.stats")


def test_the_95_percent_quantile_is_the_normal_distributions(stats: ModuleType) -> None:
    assert abs(Z95 - float(stats.norm.ppf(0.975))) < 1e-15


@pytest.mark.parametrize(("total", "count"), GRID)
def test_the_wilson_interval_is_scipys(stats: ModuleType, total: int, count: int) -> None:
    reference = stats.binomtest(count, total).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson(count, total)
    assert low == pytest.approx(reference.low, abs=1e-12)
    assert high == pytest.approx(reference.high, abs=1e-12)
    figures = rate(count, total)
    assert figures["rate"] == pytest.approx(count / total)
    assert (figures["low"], figures["high"]) == (low, high)
