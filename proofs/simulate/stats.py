"""Counts to rates with 95% confidence intervals (Wilson's score interval), as the simulation
study and the player benchmark report them."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count / total``; it stays inside [0, 1]
    and is sensible at 0 and ``total`` (a zero count still has an upper bound)."""
    if total <= 0:
        return 0.0, 1.0
    p = count / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(count: int, total: int) -> dict[str, float | int]:
    """A count as JSON: the count, the total, the rate and its 95% interval."""
    low, high = wilson(count, total)
    return {"count": count, "total": total, "rate": count / total if total else 0.0,
            "low": low, "high": high}
