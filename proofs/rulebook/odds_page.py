"""The Odds chapter of a family whose engine counts its hands exactly (Baloot's projects): each
event's exact chance in one hand, and beside it every figure the sources give, judged."""

from __future__ import annotations

import importlib

from proofs.rulebook.rst import escape, heading, label, page_label, table
from spec.registry import family as family_record


def has_odds(family: str) -> bool:
    """Whether the family's engine counts its hands exactly (its record names the module)."""
    return family_record(family).odds is not None


def odds_page(family: str) -> list[str]:
    """The chapter: the exact odds table, then the sources' figures against it."""
    module = family_record(family).odds
    if module is None:
        raise ValueError(f"{family} has no exact odds")
    odds = importlib.import_module(module)
    events = odds.project_odds()
    lines = [*label(page_label(family, "odds")), *heading("The odds of a project", 0),
             f"The chance that one hand of eight cards from the 32-card pack holds each "
             f"project, counted exactly over all {odds.HANDS:,} hands (suit by suit, not by "
             "sampling). A run is in the order A K Q J 10 9 8 7.", ""]
    rows = [[f"``{o.event}``", escape(o.definition), f"{o.hands:,}",
             f"{100 * o.probability:.4f}%", f"{o.odds_against:.2f} to 1",
             f"{1 / o.probability:.1f}"] for o in events]
    lines += table(["event", "definition", "hands", "chance", "odds against", "one in"], rows,
                   [14, 36, 12, 12, 14, 12])
    lines += heading("The sources' figures", 1)
    lines += ["Every chance a source states, as a marked quotation, set beside the exact "
              "figure. A figure is right when it agrees with the exact one to the precision "
              "it is given in.", ""]
    judged = odds.verdicts()
    rows = []
    for v in judged:
        verdict = "right" if v.right else "**wrong**"
        if v.note:
            verdict += f" ({escape(v.note)})"
        rows.append([v.source, f"\u201c{escape(v.quote)}\u201d", f"``{v.event}``",
                     escape(v.claimed), escape(v.exact), verdict])
    lines += table(["source", "quotation", "event", "stated", "exact", "verdict"], rows,
                   [8, 30, 14, 14, 20, 14])
    wrong = sum(not v.right for v in judged)
    lines += [f"{len(judged)} figures: {len(judged) - wrong} right, {wrong} wrong.", ""]
    return lines
