"""The guide's complete Baloot adapter with house rules that public engines play, changed line
by line; the first argument names the set of changes. Like the guide's adapter it declines
every profile but the reconciled one, so the house-option table must find each rule from its
wrong answers (and its right ones) alone.

``counting``: only the card points count towards the contract (projects and Baloot, which the
reconciled rules count, do not); and a Hokom side's card points are rounded with a 5 up.
``buying-and-play``: a trump led need not be overtrumped while the partner's trump wins;
Ashkal may be called in the second round as in the first; and a
Sun may be doubled only while the buyers are the side above 100."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "baloot_adapter.py"
CHANGES = {
    "counting": {
        "    made = made_contract(contract, decl, card_points, r)\n": (
            '    made = card_points[decl] >= (65 if contract == "sun" else 81)\n'),
        "    return (card_points + 4) // 10  # to the nearest ten (a 5 rounded down), "
        "divided by 10\n": "    return (card_points + 5) // 10\n",
    },
    "buying-and-play": {
        "    if follow and led == trump:  # a trump led: overtrump when possible\n": (
            "    if follow and led == trump and winner_index(trick, trump) == len(trick) - 2:\n"
            "        return follow\n"
            "    if follow and led == trump:\n"),
        "    elif not bid:\n"
        "        open_calls += [f\"suit-{s}\" for s in \"SHDC\" if s != suit(public)]\n": (
            "    else:\n"
            "        open_calls.append(\"ashkal\")\n"
            "        if not bid:\n"
            "            open_calls += [f\"suit-{s}\" for s in \"SHDC\" if s != suit(public)]\n"),
        "    if contract == \"sun\" and not (max(scores) > 100 and min(scores) < 100):\n": (
            "    ahead, behind = scores[declarer % 2], scores[1 - declarer % 2]\n"
            "    if contract == \"sun\" and not (ahead > 100 and behind < 100):\n"),
    },
}
"""Per set, the guide's lines this engine plays otherwise, and what it plays instead."""


def main(changes: str) -> None:
    """Run the guide's adapter with the lines of set ``changes`` changed."""
    source = GUIDE.read_text(encoding="utf-8")
    for line, instead in CHANGES[changes].items():
        if line not in source:
            sys.exit(f"changed_guide: the guide's adapter no longer has {line.strip()!r}")
        source = source.replace(line, instead)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(compile(source, str(GUIDE), "exec"), namespace)  # the guide's own adapter, changed


if __name__ == "__main__":
    main(sys.argv[1])
