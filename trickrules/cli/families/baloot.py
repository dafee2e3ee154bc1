"""Baloot on the command line: a game record as tables, and the perft position of a seed
(its first deal under ``--contract``, and ``--trump`` for Hokom)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from trickrules.cli.families import check_perft
from trickrules.cli.render.baloot import print_baloot_game as print_game

__all__ = ["perft_setting", "print_game"]


def perft_setting(args: argparse.Namespace,
                  game: Any) -> tuple[Any, dict[str, Any], Callable[[int], str]]:
    """The seed's first deal under ``--contract`` (Sun by default) and ``--trump``."""
    from trickrules.engine.baloot.cards import name, names
    from trickrules.engine.baloot.play import perft_position
    from trickrules.spec.cards import SUIT_LETTERS, parse_suit

    check_perft(args, game.game_id, 32, 4)
    if args.bid is not None:
        raise ValueError("--bid: only Kout bids a number of tricks; Baloot takes --contract "
                         "sun or hokom")
    contract = args.contract or "sun"
    if args.trump is not None and contract != "hokom":
        raise ValueError("--trump: a Sun has no trump; give --contract hokom with it")
    trump = parse_suit(args.trump or "S") if contract == "hokom" else None
    position, dealer, declarer = perft_position(game.rules, args.seed, contract, trump,
                                                args.declarer)
    return position, {
        "game": game.game_id, "profile": game.profile.id, "seed": args.seed, "dealer": dealer,
        "declarer": declarer, "contract": contract,
        "trump": None if trump is None else SUIT_LETTERS[trump],
        "hands": {str(s): names(h) for s, h in enumerate(position.hands)}}, name
