"""The ``trickrules`` command line: one command, several subcommands."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from engine.errors import EngineError
from engine.kout.game import KoutGame
from engine.kout.play import perft_position
from engine.kout.record import game_to_json, play_random_game
from engine.masks import cards_of
from engine.perft import divide, perft
from proofs.cli_conform import add_conform_commands
from proofs.cli_rulebook import add_rulebook_command
from proofs.cli_sources import add_source_commands
from proofs.tables import print_game, print_perft, print_verify
from spec.cards import SUIT_LETTERS, CardParseError, card_name, parse_suit
from spec.errors import SpecError

GAMES = ("kout6", "kout4")


def _game(args: argparse.Namespace) -> KoutGame:
    return KoutGame(args.game, args.profile)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a whole game with random legal players, reproducibly from ``--seed``."""
    state = play_random_game(_game(args), args.seed)
    record = game_to_json(state)
    if args.json:
        print(json.dumps(record, indent=2))
    else:
        print_game(Console(highlight=False), record)
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    """Count play sequences from a seeded deal and a fixed contract."""
    game = _game(args)
    trump = parse_suit(args.trump)
    position = perft_position(game.rules, args.seed, bid=args.bid, declarer=args.declarer,
                              trump=trump)
    start = time.perf_counter()
    rows = divide(position, args.depth) if args.divide else None
    nodes = sum(n for _, n in rows) if rows is not None else perft(position, args.depth)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "game": game.game_id, "profile": game.profile.id, "seed": args.seed,
        "declarer": position.contract.seat, "bid": args.bid, "trump": SUIT_LETTERS[trump],
        "hands": {str(s): [card_name(c) for c in cards_of(h)]
                  for s, h in enumerate(position.hands)},
        "depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6),
        "nodes_per_second": round(nodes / seconds) if seconds > 0 else 0,
    }
    if rows is not None:
        result["divide"] = [{"card": card_name(c), "nodes": n} for c, n in rows]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_perft(Console(highlight=False), result)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Run every theorem on the chosen profiles and, unless one profile is chosen, the source
    checks and disputes; non-zero exit if anything is not as expected."""
    from pathlib import Path

    from proofs.progress import run_verification
    from proofs.verify.rows import failed
    from spec.loader import family_catalogue

    catalogue = family_catalogue("kout")
    games = [args.game] if args.game else list(GAMES)
    profiles = [catalogue.profile(args.profile)] if args.profile else None
    with_sources = not args.profile and not args.no_sources
    console = Console(stderr=args.json, highlight=False)
    done = run_verification(console, catalogue, games, profiles, with_sources,
                            not args.no_cache, args.cache_dir, args.jobs)
    report, rows = done.report, done.rows
    sources = report.get("sources")
    if args.report:
        path = Path(args.report)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_verify(console, rows, report)
    sources_ok = sources is None or bool(sources["ok"])
    return 1 if failed(rows) or not sources_ok else 0


def cmd_sources(args: argparse.Namespace) -> int:
    """``trickrules sources``: each source with its claims, silences, ambiguities and
    contradictions per game."""
    from rich.table import Table

    from spec.loader import family_catalogue
    from spec.source_profiles import summary

    catalogue = family_catalogue("kout")
    rows: list[dict[str, Any]] = []
    for source in catalogue.sources.values():
        for game in source.games:
            s = summary(catalogue, source.id, game)
            rows.append({"source": source.id, "title": source.title, "game": game,
                         "claims": len(s.claims), "silences": list(s.silences),
                         "ambiguities": [c.id for c in s.ambiguities],
                         "contradictions": [list(pair) for pair in s.contradictions],
                         "variants": list(s.variants)})
    if args.json:
        print(json.dumps({"sources": rows}, indent=2, ensure_ascii=False))
        return 0
    table = Table(show_header=True, header_style="bold")
    for column in ("source", "game", "claims", "silences", "ambiguities", "contradictions",
                   "variants"):
        table.add_column(column, justify="right" if column in ("claims",) else "left")
    for row in rows:
        table.add_row(row["source"], row["game"], str(row["claims"]),
                      str(len(row["silences"])), str(len(row["ambiguities"])),
                      str(len(row["contradictions"])), ", ".join(row["variants"]))
    Console(highlight=False).print(table)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="trickrules", description="Rules verifier for Kout Bo (Kout 6 and Kout 4).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--game", choices=GAMES, default="kout6", help="the game (default kout6)")
        p.add_argument("--profile", default=None,
                       help="profile name (default: the game's -default profile)")
        p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        p.add_argument("--json", action="store_true", help="print JSON instead of tables")

    play = sub.add_parser("play", help="play a whole game with random legal players")
    common(play)
    play.set_defaults(func=cmd_play)

    pft = sub.add_parser("perft", help="count play sequences from a fixed deal and contract")
    common(pft)
    pft.add_argument("--depth", type=int, required=True, help="number of cards played")
    pft.add_argument("--divide", action="store_true", help="split the count by first card")
    pft.add_argument("--bid", type=int, default=5, choices=range(5, 10), metavar="5..9",
                     help="contract bid (default 5)")
    pft.add_argument("--declarer", type=int, default=None,
                     help="declaring seat (default: the seat after the dealer)")
    pft.add_argument("--trump", default="S", help="trump suit letter S/H/D/C (default S)")
    pft.set_defaults(func=cmd_perft)

    ver = sub.add_parser("verify", help="prove every theorem for the shipped profiles")
    ver.add_argument("--game", choices=GAMES, default=None, help="only this game's profiles")
    ver.add_argument("--profile", default=None, help="only this profile")
    ver.add_argument("--json", action="store_true", help="print the report as JSON")
    ver.add_argument("--report", default=None, help="also write the JSON report to this file")
    ver.add_argument("--no-sources", action="store_true",
                     help="only the theorems on the shipped profiles (no source checks)")
    ver.add_argument("--no-cache", action="store_true",
                     help="compute everything afresh (the results are still stored)")
    ver.add_argument("--cache-dir", default=None,
                     help="result cache directory (default $TRICKRULES_CACHE or "
                          "~/.cache/trickrules)")
    ver.add_argument("--jobs", type=int, default=None,
                     help="worker processes (default: one per core)")
    ver.set_defaults(func=cmd_verify)
    src = sub.add_parser("sources", help="the rule sources and what each claims")
    src.add_argument("--json", action="store_true", help="print JSON instead of a table")
    src.set_defaults(func=cmd_sources)
    add_source_commands(sub)
    add_rulebook_command(sub)
    add_conform_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``trickrules`` console command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except (SpecError, EngineError, CardParseError, KeyError, ValueError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"trickrules: error: {message}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
