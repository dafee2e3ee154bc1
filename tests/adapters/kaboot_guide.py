"""The guide's complete Baloot adapter with one house rule of its own: a side that wins all
eight tricks scores 44 in Sun and 25 in Hokom (Kaboot). Like the guide's adapter it declines
every profile but the reconciled one, so the house-option table must find the rule from its
wrong answers alone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "baloot_adapter.py"
LOOP = "for line in sys.stdin:"


def main() -> None:
    """Load the guide's adapter without its request loop, wrap its hand score, then serve."""
    source = GUIDE.read_text(encoding="utf-8")
    definitions, loop = source.split(LOOP)
    namespace: dict[str, Any] = {"__name__": "kaboot_guide"}
    exec(compile(definitions, str(GUIDE), "exec"), namespace)  # the guide's own adapter
    plain = namespace["hand_score"]

    def hand_score(r: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = plain(r)
        full = 130 if r["contract"] == "sun" else 162
        points = out.get("card_points") or r["card_points"]
        won = out.get("tricks_won") or r.get("tricks_won")
        swept = (won.index(8) if won and 8 in won
                 else points.index(full) if not won and full in points else None)
        if swept is not None:
            cards = [0, 0]
            cards[swept] = (44 if r["contract"] == "sun" else 25) * r["multiplier"]
            out["cards"] = cards
            out["total"] = [cards[t] + out["projects"][t] + out["baloot"][t] for t in (0, 1)]
        return out

    namespace["hand_score"] = hand_score
    namespace["sys"] = sys
    exec(compile(LOOP + loop, str(GUIDE), "exec"), namespace)


if __name__ == "__main__":
    main()
