"""Benchmark: score N random valid games through scorer.score_game and print the time.

    .venv/bin/python scripts/bench_scorer.py [--games 10000] [--seed 0]

Game generation is done first and not timed; only score_game is timed.
"""

from __future__ import annotations

import argparse
import random
import time

from scorer import score_game
from scorer.randgame import random_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    games = [random_game(rnd) for _ in range(args.games)]
    players = sum(len(g["players"]) for g in games)
    start = time.perf_counter()
    for game in games:
        score_game(game)
    elapsed = time.perf_counter() - start
    print(f"scored {args.games} games ({players} gardens) in {elapsed:.2f} s "
          f"= {1000 * elapsed / args.games:.3f} ms per game")


if __name__ == "__main__":
    main()
