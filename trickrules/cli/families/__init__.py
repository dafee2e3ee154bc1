"""Each family on the command line, in the module its record names (``command_line``):
``print_game(console, record)`` prints a game record as tables, and
``perft_setting(args, game)`` sets up the position ``perft`` counts from (the position, the
setting printed with the count, and how a card is named)."""

from __future__ import annotations

import argparse


def check_perft(args: argparse.Namespace, game_id: str, cards: int, players: int) -> None:
    """Refuse a depth beyond one hand's cards and a declarer that is not a seat."""
    if not 1 <= args.depth <= cards:
        raise ValueError(f"--depth: {args.depth} is not a number of plays from 1 to {cards} "
                         f"(the cards of a {game_id} hand)")
    if args.declarer is not None and not 0 <= args.declarer < players:
        raise ValueError(f"--declarer: {args.declarer} is not a seat of {game_id} "
                         f"(0..{players - 1})")
