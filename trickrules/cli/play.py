"""``trickrules play`` and ``trickrules perft``: a whole seeded game with random legal players,
and the count of play sequences from a seeded deal."""

from __future__ import annotations

import argparse
import importlib
import json
import time
from types import ModuleType
from typing import Any

from trickrules.spec.registry import game_ids


def _game(args: argparse.Namespace) -> Any:
    from trickrules.engine.registry import load_game

    return load_game(args.game, args.profile)


def _family_command_line(game_id: str) -> ModuleType:
    """The command-line module of the family ``game_id`` belongs to (its record names it)."""
    from trickrules.spec.registry import family, family_of

    return importlib.import_module(family(family_of(game_id)).command_line)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a whole game with random legal players, reproducibly from ``--seed``."""
    from trickrules.engine.registry import random_game_record

    record = random_game_record(_game(args), args.seed)
    if args.json:
        print(json.dumps(record, indent=2))
        return 0
    from trickrules.cli.render.console import output_console

    _family_command_line(args.game).print_game(output_console(), record)
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    """Count play sequences from a seeded deal and a fixed contract, then print the setting
    with the count, its speed and the divide when asked."""
    from trickrules.engine.perft import divide, perft

    game = _game(args)
    position, setting, name = _family_command_line(args.game).perft_setting(args, game)
    start = time.perf_counter()
    rows = divide(position, args.depth) if args.divide else None
    nodes = sum(n for _, n in rows) if rows is not None else perft(position, args.depth)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        **setting, "depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6),
        "nodes_per_second": round(nodes / seconds) if seconds > 0 else 0}
    if rows is not None:
        result["divide"] = [{"card": name(c), "nodes": n} for c, n in rows]
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    from trickrules.cli.render.console import output_console
    from trickrules.cli.render.tables import print_perft

    print_perft(output_console(), result)
    return 0


def common(p: argparse.ArgumentParser) -> None:
    """The options every game command shares: game, profile, seed, JSON output."""
    p.add_argument("--game", choices=game_ids(), default=game_ids()[0],
                   help=f"the game (default {game_ids()[0]})")
    p.add_argument("--profile", default=None,
                   help="profile name (default: the game's reconciled profile)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")


def add_commands(sub: Any) -> None:
    """Register ``play`` and ``perft``."""
    play = sub.add_parser("play", help="play a whole game with random legal players")
    common(play)
    play.set_defaults(func=cmd_play)
    pft = sub.add_parser("perft", help="count play sequences from a fixed deal and contract")
    common(pft)
    pft.add_argument("--depth", type=int, required=True, help="number of cards played")
    pft.add_argument("--divide", action="store_true", help="split the count by first card")
    pft.add_argument("--bid", type=int, default=None, choices=range(5, 10), metavar="5..9",
                     help="Kout only: the contract's bid (default 5)")
    pft.add_argument("--declarer", type=int, default=None,
                     help="declaring seat (default: the seat after the dealer)")
    pft.add_argument("--trump", default=None,
                     help="trump suit letter S/H/D/C (default S; in Baloot only with "
                          "--contract hokom)")
    pft.add_argument("--contract", choices=("sun", "hokom"), default=None,
                     help="Baloot only: the contract (default sun); --trump names Hokom's suit")
    pft.set_defaults(func=cmd_perft)
