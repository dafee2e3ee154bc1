"""``trickrules play`` and ``trickrules perft``: a whole seeded game with random legal players,
and the count of play sequences from a seeded deal."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from spec.registry import game_ids


def _game(args: argparse.Namespace) -> Any:
    from engine.registry import load_game

    return load_game(args.game, args.profile)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a whole game with random legal players, reproducibly from ``--seed``."""
    from engine.registry import random_game_record
    from spec.registry import family_of

    record = random_game_record(_game(args), args.seed)
    if args.json:
        print(json.dumps(record, indent=2))
        return 0
    from proofs.cli.render.console import output_console

    console = output_console()
    if family_of(args.game) == "baloot":
        from proofs.cli.render.baloot import print_baloot_game

        print_baloot_game(console, record)
    else:
        from proofs.cli.render.tables import print_game

        print_game(console, record)
    return 0


def _print_perft(args: argparse.Namespace, result: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(result, indent=2))
        return
    from proofs.cli.render.console import output_console
    from proofs.cli.render.tables import print_perft

    print_perft(output_console(), result)


def _check_perft(args: argparse.Namespace, game_id: str, cards: int, players: int) -> None:
    """Refuse a depth beyond one hand's cards and a declarer that is not a seat."""
    if not 1 <= args.depth <= cards:
        raise ValueError(f"--depth: {args.depth} is not a number of plays from 1 to {cards} "
                         f"(the cards of a {game_id} hand)")
    if args.declarer is not None and not 0 <= args.declarer < players:
        raise ValueError(f"--declarer: {args.declarer} is not a seat of {game_id} "
                         f"(0..{players - 1})")


def _run_perft(args: argparse.Namespace, position: Any, setting: dict[str, Any],
               name: Callable[[int], str]) -> int:
    """Count from ``position``, then print ``setting`` with the count, its speed and the
    divide when asked."""
    from engine.perft import divide, perft

    start = time.perf_counter()
    rows = divide(position, args.depth) if args.divide else None
    nodes = sum(n for _, n in rows) if rows is not None else perft(position, args.depth)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        **setting, "depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6),
        "nodes_per_second": round(nodes / seconds) if seconds > 0 else 0}
    if rows is not None:
        result["divide"] = [{"card": name(c), "nodes": n} for c, n in rows]
    _print_perft(args, result)
    return 0


def _perft_baloot(args: argparse.Namespace, game: Any) -> int:
    """Baloot perft: the seed's first deal under ``--contract`` (and ``--trump``)."""
    from engine.baloot.cards import name, names
    from engine.baloot.play import perft_position
    from spec.cards import SUIT_LETTERS, parse_suit

    _check_perft(args, game.game_id, 32, 4)
    contract = args.contract or "sun"
    trump = parse_suit(args.trump) if contract == "hokom" else None
    position, dealer, declarer = perft_position(game.rules, args.seed, contract, trump,
                                                args.declarer)
    return _run_perft(args, position, {
        "game": "baloot", "profile": game.profile.id, "seed": args.seed, "dealer": dealer,
        "declarer": declarer, "contract": contract,
        "trump": None if trump is None else SUIT_LETTERS[trump],
        "hands": {str(s): names(h) for s, h in enumerate(position.hands)}}, name)


def cmd_perft(args: argparse.Namespace) -> int:
    """Count play sequences from a seeded deal and a fixed contract."""
    from engine.kout.play import perft_position
    from engine.masks import cards_of
    from spec.cards import SUIT_LETTERS, card_name, parse_suit
    from spec.registry import family_of

    game = _game(args)
    if family_of(args.game) == "baloot":
        return _perft_baloot(args, game)
    if args.contract is not None:
        raise ValueError("--contract: only Baloot has contracts; Kout bids with --bid")
    trump = parse_suit(args.trump)
    _check_perft(args, game.game_id, len(game.rules.deck), game.num_players())
    position = perft_position(game.rules, args.seed, bid=args.bid, declarer=args.declarer,
                              trump=trump)
    return _run_perft(args, position, {
        "game": game.game_id, "profile": game.profile.id, "seed": args.seed,
        "declarer": position.contract.seat, "bid": args.bid, "trump": SUIT_LETTERS[trump],
        "hands": {str(s): [card_name(c) for c in cards_of(h)]
                  for s, h in enumerate(position.hands)}}, card_name)


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
    pft.add_argument("--bid", type=int, default=5, choices=range(5, 10), metavar="5..9",
                     help="contract bid (default 5)")
    pft.add_argument("--declarer", type=int, default=None,
                     help="declaring seat (default: the seat after the dealer)")
    pft.add_argument("--trump", default="S", help="trump suit letter S/H/D/C (default S)")
    pft.add_argument("--contract", choices=("sun", "hokom"), default=None,
                     help="Baloot only: the contract (default sun); --trump names Hokom's suit")
    pft.set_defaults(func=cmd_perft)
