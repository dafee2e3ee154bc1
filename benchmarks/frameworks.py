"""The framework registrations' golden files and long runs (needs the ``ai`` extra).

Golden playthroughs in OpenSpiel's format, one seeded one-hand game per game, every state's
views, legal actions and returns, so any change in the rules shows as a diff:
``python -m benchmarks.frameworks --playthroughs [FOLDER]`` writes them (default
``tests/playthroughs``), ``--check`` replays them and exits 1 naming any that differ.

The long runs, too slow for the tests: ``python -m benchmarks.frameworks [--sims N]
[--games N]`` runs OpenSpiel's ``random_sim_test`` with serialization on every game and
variant and measures many random games dealt by chance against each game's bound, one line
per game and variant; exit 1 if a simulation fails or a game outruns ``max_game_length``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from trickrules.engine.chance import Variant
from trickrules.engine.registry import game_types, load_game, new_chance_state
from trickrules.frameworks.openspiel import GOLDEN, playthrough, replay  # registers the games


def write_or_check(folder: Path, check: bool) -> int:
    """Write the golden files, or compare them with a fresh replay (1 if any differs)."""
    stale = []
    for name, game_string in GOLDEN.items():
        path = folder / name
        if check:
            original, now = replay(path)
            if original != now:
                stale.append(name)
                print(f"{name}: differs from a fresh replay", file=sys.stderr)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough(game_string), encoding="utf-8")
        print(f"wrote {path}")
    return 1 if stale else 0


def game_lengths(game_id: str, variant: Variant, games: int) -> dict[str, Any]:
    """Play ``games`` random games dealt by chance: the longest in actions (chance outcomes
    included) and in players' actions, the most events in one deal, and the draws."""
    game = load_game(game_id)
    longest = longest_moves = most_in_deal = draws = capped = 0
    bound = 0
    for seed in range(games):
        rng = random.Random(f"frameworks/{game_id}/{variant.name}/{seed}")
        state = new_chance_state(game, variant)
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            moves += not state.is_chance_node()
            state.apply_action(legal[rng.randrange(len(legal))])
        longest = max(longest, len(state.history()))
        longest_moves = max(longest_moves, moves)
        most_in_deal = max(most_in_deal, max(len(deal) for deal in state.log))
        draws += state.winner is None
        capped += len(state.log) >= variant.max_deals
        bound = state.layout.max_game_length
    return {"longest": longest, "longest_moves": longest_moves, "most_in_deal": most_in_deal,
            "draws": draws, "capped": capped, "bound": bound,
            "per_deal_bound": bound // variant.max_deals}


def simulate(game_string: str, sims: int) -> float:
    """Seconds ``random_sim_test`` (with serialization) takes for ``sims`` games."""
    start = time.perf_counter()
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=sims, serialize=True,
                            verbose=False)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """The golden playthroughs, or both studies for every game and variant."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sims", type=int, default=10)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--playthroughs", nargs="?", const=Path("tests/playthroughs"),
                        type=Path, metavar="FOLDER", help="write the golden playthroughs")
    parser.add_argument("--check", action="store_true", help="with --playthroughs: compare")
    args = parser.parse_args(argv)
    if args.playthroughs is not None:
        return write_or_check(args.playthroughs, args.check)
    failed = False
    for kind in game_types():
        for variant in (Variant(one_hand=True), Variant()):
            name = f"trickrules_{kind.short_name}(variant={variant.name})"
            try:
                seconds = f"{simulate(name, args.sims):.1f} s"
            except Exception as exc:  # a failed check is reported, the others still run
                seconds, failed = f"FAILED: {exc}", True
            lengths = game_lengths(kind.short_name, variant, args.games)
            failed |= lengths["longest"] > lengths["bound"]
            print(f"{name}: random_sim_test x{args.sims} {seconds}; {args.games} games: "
                  f"longest {lengths['longest']} actions ({lengths['longest_moves']} by "
                  f"players) of at most {lengths['bound']}, most in one deal "
                  f"{lengths['most_in_deal']} of {lengths['per_deal_bound']}, draws "
                  f"{lengths['draws']}, reached the cap {lengths['capped']}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
