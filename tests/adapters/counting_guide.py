"""The guide's complete Baloot adapter with two scoring house rules that public engines play
together: each side's winning projects and its Baloot count towards the contract, at their
card-point worth, against the other side's; and a failed side keeps its Baloot. Like the
guide's adapter it declines every profile but the reconciled one, so the house-option table
must find both rules from its wrong answers alone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "baloot_adapter.py"
CHANGES = {
    '    made = card_points[decl] >= (66 if contract == "sun" else 81)\n': (
        "    raw = list(card_points)\n"
        "    per_game = 5 if contract == 'sun' else 10\n"
        "    if r['projects']['team'] is not None:\n"
        "        raw[r['projects']['team']] += r['projects']['points'] * per_game\n"
        "    raw = [raw[t] + 20 * r['baloot'][t] for t in (0, 1)]\n"
        "    swept = card_points[decl] == (130 if contract == 'sun' else 162)\n"
        "    made = swept or (raw[decl] > raw[1 - decl] if contract == 'sun'\n"
        "                     else raw[decl] >= raw[1 - decl])\n"),
    "    if not made:  # a failed side scores nothing: its Baloot goes to the defenders\n"
    "        baloot = [2 * sum(r[\"baloot\"]) if t == winner else 0 for t in (0, 1)]\n": "",
}
"""The guide's lines this engine plays otherwise, and what it plays instead."""


def main() -> None:
    """Run the guide's adapter with its scoring changed as :data:`CHANGES` says."""
    source = GUIDE.read_text(encoding="utf-8")
    for line, instead in CHANGES.items():
        if line not in source:
            sys.exit(f"counting_guide: the guide's adapter no longer has {line.strip()!r}")
        source = source.replace(line, instead)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(compile(source, str(GUIDE), "exec"), namespace)  # the guide's own adapter, changed


if __name__ == "__main__":
    main()
