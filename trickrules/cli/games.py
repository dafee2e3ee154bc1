"""``trickrules games``: every registered game with its table, deck, profiles and the
reconciled profile."""

from __future__ import annotations

import argparse
import json
from typing import Any


def games_table() -> list[dict[str, Any]]:
    """One row per registered game."""
    from trickrules.engine.registry import game_types, load_game
    from trickrules.spec.loader import game_catalogue

    rows = []
    for kind in game_types():
        catalogue = game_catalogue(kind.short_name)
        deck = len(load_game(kind.short_name).rules.deck)
        rows.append({
            "game": kind.short_name, "name": kind.long_name, "family": kind.family,
            "players": kind.players, "deck": deck, "hand_size": deck // kind.players,
            "actions": kind.num_distinct_actions, "state_format": kind.state_format,
            "reconciled_profile": kind.reconciled_profile,
            "profiles": [p.id for p in catalogue.profiles.values()
                         if p.game.id == kind.short_name]})
    return rows


def cmd_games(args: argparse.Namespace) -> int:
    """List the registered games."""
    rows = games_table()
    if args.json:
        print(json.dumps({"games": rows}, indent=2))
        return 0
    from rich.table import Table

    from trickrules.cli.render.console import output_console

    table = Table(show_header=True, header_style="bold")
    for column in ("game", "name", "family", "players", "deck", "hand", "actions",
                   "reconciled profile", "profiles"):
        table.add_column(column, justify="right" if column in (
            "players", "deck", "hand", "actions") else "left")
    for row in rows:
        table.add_row(row["game"], row["name"], row["family"], str(row["players"]),
                      str(row["deck"]), str(row["hand_size"]), str(row["actions"]),
                      row["reconciled_profile"], ", ".join(row["profiles"]))
    output_console().print(table)
    return 0


def add_commands(sub: Any) -> None:
    """Register ``games``."""
    games = sub.add_parser("games", help="every registered game: players, deck, profiles")
    games.add_argument("--json", action="store_true", help="print JSON instead of a table")
    games.set_defaults(func=cmd_games)
