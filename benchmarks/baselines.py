"""Baselines for the game-AI lab (``python -m benchmarks.baselines``, part of ``make bench``):
OpenSpiel's ISMCTS bot, the engine's rule-based bot and the uniform random bot against each
other, one hand and whole games of each game, with each match's win rate and its 95% Wilson
interval. The numbers of games are small, so the intervals are wide: they say so.

Each match seats the first bot on team 0 (the even seats) and the second on team 1; a draw
counts half to each side. ``--hands N`` and ``--games N`` set the numbers of deals played.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from trickrules.frameworks.openspiel import GAMES, engine_bot, short_name
from trickrules.simulate.study import wilson

ISMCTS_SIMULATIONS = 40
"""The ISMCTS bot's simulations per move (kept small: the table must finish in minutes)."""
MATCHES = (("ismcts", "random"), ("rules", "random"), ("ismcts", "rules"))
Maker = Callable[[pyspiel.Game, int, int], pyspiel.Bot]


def _ismcts(game: pyspiel.Game, seat: int, seed: int) -> pyspiel.Bot:
    rng = np.random.RandomState(seed * 10 + seat)
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.5,
                            ISMCTS_SIMULATIONS, random_state=rng)


MAKERS: dict[str, Maker] = {
    "ismcts": _ismcts,
    "rules": lambda game, seat, seed: engine_bot(game, seat, "rules", seed),
    "random": lambda game, seat, seed: engine_bot(game, seat, "random", seed),
}


def play(game: pyspiel.Game, first: str, second: str, seed: int) -> float:
    """Team 0's score in one game (1 a win, 0.5 a draw, 0 a loss) with ``first``'s bot in
    the even seats and ``second``'s in the odd ones."""
    bots = [MAKERS[first if s % 2 == 0 else second](game, s, seed)
            for s in range(game.num_players())]
    state, rng = game.new_initial_state(), random.Random(f"baselines/{seed}")
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return (float(state.returns()[0]) + 1) / 2


def table(hands: int, games: int) -> list[str]:
    """The table's rows: game, variant, match, deals, win rate of the first bot, interval."""
    rows = ["| game | variant | match | deals | first bot's win rate | 95% interval |",
            "|---|---|---|---|---|---|"]
    for game_id in GAMES:
        for variant, count in (("hand", hands), ("game", games)):
            game = pyspiel.load_game(f"{short_name(game_id)}(variant={variant},max_deals=8)")
            for first, second in MATCHES:
                points = sum(play(game, first, second, seed) for seed in range(count))
                low, high = wilson(round(points), count)
                rows.append(f"| {game_id} | {variant} | {first} vs {second} | {count} | "
                            f"{points / count:.2f} | {low:.2f}-{high:.2f} |")
                print(rows[-1], flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the baseline table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.baselines")
    parser.add_argument("--hands", type=int, default=8, help="one-hand deals per match")
    parser.add_argument("--games", type=int, default=2, help="whole games per match "
                        "(each at most 8 deals)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.games < 1:
        parser.error("--hands and --games: at least 1")
    print(f"ISMCTS ({ISMCTS_SIMULATIONS} simulations a move) vs the rule-based bot vs "
          "random; team 0 is the first bot; whole games capped at 8 deals")
    table(args.hands, args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
