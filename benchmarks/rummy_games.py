"""Full bot-against-bot Rummy rounds per second for 2, 4 and 6 players (prints figures; not a test).

PYTHONPATH=. python benchmarks/rummy_games.py [--rounds N] [--bot rummy|random]
"""

from __future__ import annotations

import argparse
import time

from rummy_teach.bots import RandomBot, RummyBot, play_round
from rummy_teach.rules import RummyRules


def measure(players: int, rounds: int, bot: str) -> tuple[float, float, float]:
    """Rounds per second, moves per second and the share of rounds someone went out."""
    moves = 0
    out = 0
    start = time.perf_counter()
    for seed in range(rounds):
        bots = [RummyBot() if bot == "rummy" else RandomBot(seed * 10 + n) for n in range(players)]
        final = play_round(bots, rules=RummyRules(), seed=seed)
        moves += len(final.log)
        out += final.ending == "out"
    elapsed = time.perf_counter() - start
    return rounds / elapsed, moves / elapsed, out / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds per player count")
    parser.add_argument("--bot", choices=["rummy", "random"], default="rummy")
    args = parser.parse_args()
    print(f"Rummy rounds, {args.bot} bots against each other, {args.rounds} seeded rounds each")
    print(f"{'players':>7} {'rounds/s':>9} {'moves/s':>9} {'went out':>9}")
    for players in (2, 4, 6):
        per_second, moves, out = measure(players, args.rounds, args.bot)
        print(f"{players:>7} {per_second:>9.1f} {moves:>9.0f} {out:>9.0%}")


if __name__ == "__main__":
    main()
