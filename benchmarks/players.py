"""The rule-based players against random players: the rule-based team's win rate per game over
many seeded games (seats swapped every other game), with 95% intervals, and hands per second.

``python -m benchmarks.players [--games 10000] [--json]``; each game is a function of its seed,
so two runs print the same rates.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from trickrules.engine.players import play_game, player
from trickrules.engine.registry import game_types, load_game
from trickrules.simulate.study import rate


def win_rate(game_id: str, games: int) -> dict[str, Any]:
    """The rule-based team's wins over ``games`` games against random players: even seeds
    seat it at team 0 (the first to speak in the first hand may be either), odd at team 1."""
    game = load_game(game_id)
    rules, rand = player(game_id, "rules"), player(game_id, "random")
    wins = hands = 0
    start = time.perf_counter()
    for seed in range(games):
        team = seed % 2
        state = play_game(game, seed, [rules, rand] if team == 0 else [rand, rules])
        wins += state.winner == team
        hands += len(state.records)
    seconds = time.perf_counter() - start
    return {"game": game_id, "games": games, "wins": rate(wins, games),
            "hands": hands, "hands_per_game": hands / games, "seconds": round(seconds, 2)}


def hands_per_second(game_id: str, name: str, games: int) -> tuple[int, float]:
    """Whole games with ``name`` players in every seat: (hands, seconds)."""
    game = load_game(game_id)
    seats = [player(game_id, name)]
    hands = 0
    start = time.perf_counter()
    for seed in range(games):
        hands += len(play_game(game, seed, seats).records)
    return hands, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Print the win rates (or JSON) of one run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.players")
    parser.add_argument("--games", type=int, default=10_000, help="games per game id")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [win_rate(kind.short_name, args.games) for kind in game_types()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'game':<8}{'games':>8}{'rule-based wins':>17}{'95% interval':>18}"
          f"{'hands/game':>12}{'seconds':>9}")
    for row in rows:
        won = row["wins"]
        interval = f"{won['low']:.2%} - {won['high']:.2%}"
        print(f"{row['game']:<8}{row['games']:>8,}{won['rate']:>16.2%} {interval:>18}"
              f"{row['hands_per_game']:>12.2f}{row['seconds']:>9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
