"""``trickrules odds --game baloot``: the exact chance of each project in one hand, beside
what the texts claim (for each game whose family's engine counts its hands exactly)."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from trickrules.spec.registry import family, family_of, game_ids


def games_with_odds() -> tuple[str, ...]:
    """The games whose family's record names an odds module."""
    return tuple(g for g in game_ids() if family(family_of(g)).odds is not None)


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the exact project odds and the verdict on each of the texts' claims."""
    import importlib

    module = importlib.import_module(str(family(family_of(args.game)).odds))
    start = time.perf_counter()
    odds = module.project_odds()
    judged = module.verdicts()
    seconds = time.perf_counter() - start
    hands = module.HANDS
    result: dict[str, Any] = {
        "game": args.game, "hands": hands, "seconds": round(seconds, 4),
        "events": [{"event": o.event, "definition": o.definition, "count": o.hands,
                    "probability": o.probability, "odds_against": round(o.odds_against, 3),
                    "one_in": round(1 / o.probability, 3)} for o in odds],
        "claims": [v._asdict() for v in judged],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    from rich.markup import escape
    from rich.table import Table

    from trickrules.cli.render.console import output_console

    console = output_console()
    console.print(f"One 8-card hand from the 32-card pack: {hands:,} hands, counted exactly "
                  f"in {seconds:.3f} s. A run is in the order A K Q J 10 9 8 7.")
    table = Table(show_header=True, header_style="bold")
    for column in ("event", "definition", "hands", "probability", "odds against", "1 in"):
        table.add_column(column, justify="left" if column in ("event", "definition")
                         else "right")
    for o in odds:
        table.add_row(o.event, o.definition, f"{o.hands:,}", f"{100 * o.probability:.4f}%",
                      f"{o.odds_against:.2f}:1", f"{1 / o.probability:.1f}")
    console.print(table)
    claims = Table(show_header=True, header_style="bold", title="What the texts claim")
    for column in ("source", "quotation", "event", "claimed", "exact", "verdict"):
        claims.add_column(column)
    for v in judged:
        verdict = "[green]right[/]" if v.right else "[red]wrong[/]"
        if v.note:
            verdict += f" ({escape(v.note)})"
        claims.add_row(v.source, escape(v.quote), v.event, escape(v.claimed), v.exact, verdict)
    console.print(claims)
    return 0


def add_commands(sub: Any) -> None:
    """Register ``odds``."""
    odds = sub.add_parser("odds", help="exact project odds for one hand, and the texts' claims")
    odds.add_argument("--game", choices=games_with_odds(), default=games_with_odds()[0],
                      help="the game (those whose hands are counted exactly: "
                           f"{', '.join(games_with_odds())})")
    odds.add_argument("--json", action="store_true", help="print JSON instead of tables")
    odds.set_defaults(func=cmd_odds)
