"""The Odds chapter of a family whose engine counts its hands exactly (Baloot's projects): each
event's exact chance in one hand, and beside it every figure the sources give, judged."""

from __future__ import annotations

import importlib
import re

from trickrules.rulebook.rst import escape, heading, label, page_label, table
from trickrules.spec.registry import family as family_record


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
    rows = [[escape(o.definition[:1].upper() + o.definition[1:]), f"{o.hands:,}",
             f"{100 * o.probability:.4f}%", f"{o.odds_against:.2f} to 1"] for o in events]
    lines += table(["Project", "Hands", "Chance", "Odds against"], rows, [40, 20, 20, 20])
    lines += heading("The sources' figures", 1)
    lines += ["Every chance a source states, as a marked quotation (a row of a source's table "
              "shown as its cells, a formula in words), set beside the exact figure. A figure "
              "is right when it agrees with the exact one to the precision it is given in.", ""]
    judged = odds.verdicts()
    definitions = {o.event: o.definition for o in events}
    rows = []
    for v in judged:
        verdict = "right" if v.right else "**wrong**"
        if v.note:
            verdict += f" ({escape(v.note)})"
        about = definitions.get(v.event, v.event.replace("-", " "))
        rows.append([v.source, f"\u201c{escape(readable(v.quote))}\u201d: {escape(about)}, "
                     f"{escape(v.claimed)}", escape(v.exact), verdict])
    lines += table(["Source", "What it says", "Exact", "Verdict"], rows, [10, 45, 20, 25])
    wrong = sum(not v.right for v in judged)
    lines += [f"{len(judged)} figures: {len(judged) - wrong} right, {wrong} wrong.", ""]
    return lines


def readable(quote: str) -> str:
    """A quotation as a reader can take it in: a row of a Markdown table as its cells
    (``20 | 1.224% | 82:1``), a LaTeX formula in plain notation (``C(30, 6) / C(32, 8)``)."""
    text = quote.strip()
    if text.startswith("|") and text.endswith("|"):
        text = " \u00b7 ".join(cell.strip() for cell in text.strip("|").split("|"))
    text = re.sub(r"\\binom\{(\w+)\}\{(\w+)\}", r"C(\1, \2)", text)
    text = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"\1 / \2", text)
    return text.replace("\\approx", "\u2248").replace("\\", "")
