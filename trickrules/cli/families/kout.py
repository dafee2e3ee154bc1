"""Kout on the command line: a game record as tables, and the perft position of a seed (the
seat after the dealer declaring ``--bid`` in ``--trump`` and leading)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from trickrules.cli.families import check_perft
from trickrules.cli.render.tables import print_game

__all__ = ["perft_setting", "print_game"]


def perft_setting(args: argparse.Namespace,
                  game: Any) -> tuple[Any, dict[str, Any], Callable[[int], str]]:
    """The seed's first deal with the contract of ``--bid``, ``--declarer`` and ``--trump``."""
    from trickrules.engine.kout.play import perft_position
    from trickrules.engine.masks import cards_of
    from trickrules.spec.cards import SUIT_LETTERS, card_name, parse_suit

    if args.contract is not None:
        raise ValueError("--contract: only Baloot has contracts; Kout bids with --bid")
    trump = parse_suit(args.trump or "S")
    bid = 5 if args.bid is None else args.bid
    check_perft(args, game.game_id, len(game.rules.deck), game.num_players())
    position = perft_position(game.rules, args.seed, bid=bid, declarer=args.declarer,
                              trump=trump)
    return position, {
        "game": game.game_id, "profile": game.profile.id, "seed": args.seed,
        "declarer": position.contract.seat, "bid": bid, "trump": SUIT_LETTERS[trump],
        "hands": {str(s): [card_name(c) for c in cards_of(h)]
                  for s, h in enumerate(position.hands)}}, card_name
