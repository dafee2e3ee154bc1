"""Each figure the odds chapter attributes to a text is read from that text's words: the
number is in the quotation (as a percent or a fraction), and a bound the words give as a
range ("under 0.1-0.2%") is held to the range's upper end, so the text is judged on what it
says."""

from __future__ import annotations

import re

from trickrules.engine.baloot.odds import claims

FIGURE = {"percent": "percent", "below": "below", "one_in": "one_in", "odds": "odds"}
UNDER_RANGE = re.compile(r"under (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%")


def _numbers(quote: str) -> set[float]:
    return {float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", quote)}


def test_every_figure_is_a_number_of_its_quotation() -> None:
    for row in claims():
        figures = [row[key] for key in FIGURE if key in row] + list(row.get("range", ()))
        numbers = _numbers(row["quote"])
        for figure in figures:
            as_written = {float(figure), round(float(figure) / 100, 6)}
            assert as_written & numbers, (row["quote"], figure)


def test_a_bound_given_as_a_range_is_its_upper_end() -> None:
    ranged = [row for row in claims() if UNDER_RANGE.search(row["quote"])]
    assert ranged
    for row in ranged:
        match = UNDER_RANGE.search(row["quote"])
        assert match is not None
        assert row["below"] == float(match[2]), row["quote"]
