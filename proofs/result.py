"""What one solver query answers, in a module without Z3: the verdict and the result record,
so that code which only reads results (the kit, the judge, the reports) loads no solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import z3

Verdict = Literal["proved", "refuted", "unknown"]


@dataclass
class Result:
    """The outcome of one query: verdict, time, and the model when refuted."""

    verdict: Verdict
    seconds: float
    model: z3.ModelRef | None = None
    reason: str = ""
    witness: dict[str, Any] = field(default_factory=dict)
    replay: dict[str, Any] | None = None
