"""Kout and Baloot perft against python-chess perft, and hands per second of each with random
and with rule-based players, in one run.

Both perfts count leaves in bulk at depth 1 (the number of legal moves), as python-chess's own
perft tests do. Rounds alternate between the two so that drift of the machine hits both; the
best round of each is reported.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from benchmarks.players import hands_per_second
from trickrules.engine.baloot.game import BalootGame
from trickrules.engine.baloot.play import perft_position as baloot_position
from trickrules.engine.baloot.record import play_random_game as play_random_baloot
from trickrules.engine.kout.game import KoutGame
from trickrules.engine.kout.play import perft_position
from trickrules.engine.kout.record import play_random_game
from trickrules.engine.perft import perft

KOUT_DEALS = ((1, 10), (3, 10), (4, 10), (6, 10))  # (seed, depth) on kout6-default
BALOOT_DEALS = ((1, "sun", None, 10), (2, "hokom", 0, 11), (3, "hokom", 1, 10),
                (4, "sun", None, 10))  # (seed, contract, trump, depth) on baloot-default
CHESS_POSITIONS = (
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3,
     97_862),
)


def kout_perft_round() -> tuple[int, float]:
    """Perft over the fixed Kout 6 deals: (nodes, seconds)."""
    rules = KoutGame("kout6").rules
    nodes = 0
    start = time.perf_counter()
    for seed, depth in KOUT_DEALS:
        nodes += perft(perft_position(rules, seed), depth)
    return nodes, time.perf_counter() - start


def baloot_perft_round() -> tuple[int, float]:
    """Perft over the fixed Baloot deals, Sun and Hokom: (nodes, seconds)."""
    rules = BalootGame().rules
    nodes = 0
    start = time.perf_counter()
    for seed, contract, trump, depth in BALOOT_DEALS:
        nodes += perft(baloot_position(rules, seed, contract, trump, None)[0], depth)
    return nodes, time.perf_counter() - start


def baloot_hands_round(games: int) -> tuple[int, float]:
    """Complete random Baloot games: (hands played, seconds)."""
    game = BalootGame()
    hands = 0
    start = time.perf_counter()
    for seed in range(games):
        hands += len(play_random_baloot(game, seed).records)
    return hands, time.perf_counter() - start


def chess_perft_round() -> tuple[int, float]:
    """python-chess perft on standard positions (checked against the published counts)."""
    import chess

    def count(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return int(board.legal_moves.count())
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += count(board, depth - 1)
            board.pop()
        return total

    nodes = 0
    start = time.perf_counter()
    for name, fen, depth, expected in CHESS_POSITIONS:
        found = count(chess.Board(fen), depth)
        if found != expected:
            raise RuntimeError(f"python-chess perft {name} depth {depth}: {found} != {expected}")
        nodes += found
    return nodes, time.perf_counter() - start


def hands_round(games: int) -> tuple[int, float]:
    """Complete random Kout 6 games: (hands played, seconds)."""
    game = KoutGame("kout6")
    hands = 0
    start = time.perf_counter()
    for seed in range(games):
        hands += len(play_random_game(game, seed).records)
    return hands, time.perf_counter() - start


def run(rounds: int, games: int) -> dict[str, Any]:
    """All measurements, best round of each."""
    kout: list[tuple[int, float]] = []
    chess_runs: list[tuple[int, float]] = []
    hands: list[tuple[int, float]] = []
    baloot: list[tuple[int, float]] = []
    baloot_hands: list[tuple[int, float]] = []
    rules_hands: dict[str, list[tuple[int, float]]] = {"kout6": [], "baloot": []}
    for _ in range(rounds):
        kout.append(kout_perft_round())
        chess_runs.append(chess_perft_round())
        baloot.append(baloot_perft_round())
        hands.append(hands_round(games))
        baloot_hands.append(baloot_hands_round(games))
        for game_id, runs in rules_hands.items():
            runs.append(hands_per_second(game_id, "rules", max(1, games // 8)))
    baloot_rate = max(n / s for n, s in baloot)
    kout_rate = max(n / s for n, s in kout)
    chess_rate = max(n / s for n, s in chess_runs)
    hand_rate = max(n / s for n, s in hands)
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rounds": rounds,
        "kout_perft_nodes": kout[0][0],
        "kout_perft_nodes_per_second": round(kout_rate),
        "chess_perft_nodes": chess_runs[0][0],
        "chess_perft_nodes_per_second": round(chess_rate),
        "perft_ratio": round(kout_rate / chess_rate, 2),
        "kout6_random_hands": hands[0][0],
        "kout6_random_hands_per_second": round(hand_rate),
        "baloot_perft_nodes": baloot[0][0],
        "baloot_perft_nodes_per_second": round(baloot_rate),
        "baloot_perft_ratio": round(baloot_rate / chess_rate, 2),
        "baloot_random_hands": baloot_hands[0][0],
        "baloot_random_hands_per_second": round(max(n / s for n, s in baloot_hands)),
        **{f"{game_id}_rules_hands": runs[0][0] for game_id, runs in rules_hands.items()},
        **{f"{game_id}_rules_hands_per_second": round(max(n / s for n, s in runs))
           for game_id, runs in rules_hands.items()},
    }


def main(argv: list[str] | None = None) -> int:
    """Print the table (or JSON) of one side-by-side run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=200, help="random games per round")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(args.rounds, args.games)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Python {result['python']} on {result['machine']}, best of {args.rounds} rounds")
    print(f"{'measure':<44}{'count':>12}{'per second':>14}")
    print(f"{'Kout 6 perft (4 fixed deals, depth 10)':<44}{result['kout_perft_nodes']:>12,}"
          f"{result['kout_perft_nodes_per_second']:>14,}")
    print(f"{'python-chess perft (startpos 4, kiwipete 3)':<44}"
          f"{result['chess_perft_nodes']:>12,}{result['chess_perft_nodes_per_second']:>14,}")
    print(f"{'ratio Kout / python-chess':<44}{'':>12}{result['perft_ratio']:>14.2f}")
    print(f"{'Kout 6 random hands':<44}{result['kout6_random_hands']:>12,}"
          f"{result['kout6_random_hands_per_second']:>14,}")
    print(f"{'Baloot perft (2 Sun, 2 Hokom deals)':<44}{result['baloot_perft_nodes']:>12,}"
          f"{result['baloot_perft_nodes_per_second']:>14,}")
    print(f"{'ratio Baloot / python-chess':<44}{'':>12}{result['baloot_perft_ratio']:>14.2f}")
    print(f"{'Baloot random hands':<44}{result['baloot_random_hands']:>12,}"
          f"{result['baloot_random_hands_per_second']:>14,}")
    for game_id, title in (("kout6", "Kout 6"), ("baloot", "Baloot")):
        print(f"{title + ' rule-based hands (one core)':<44}"
              f"{result[game_id + '_rules_hands']:>12,}"
              f"{result[game_id + '_rules_hands_per_second']:>14,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
