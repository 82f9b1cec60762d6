"""How long one computer move takes in the Rummikub game view: "Next move" pressed to the view
updated, for the easy and the strong computer (the strong one runs the solver), in the same run.

Plays seeded two-player games in ``RummikubGame`` (the learner always draws, so the computers play
the long game) and times each "Next move" press as the browser sends it. Prints the median and p95
of each level and the ratio strong/easy (baseline: easy, measured in the same run). Target: the
strong median under 200 ms on this machine (issue 13). Not a test.

PYTHONPATH=. python benchmarks/game_moves.py [--games N]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from rummy_teach.rummikub.moves import Play
from rummy_teach.widgets import RummikubGame
from rummy_teach.widgets.intents import RateLimit

_seq = itertools.count(1)


def moves(level: str, games: int, *, plays_only: bool = False) -> list[float]:
    """Seconds of each computer move (the press handled and the view updated) over ``games`` games;
    ``plays_only``: only the moves that placed tiles (not the draws)."""
    times = []
    for seed in range(games):
        view = RummikubGame(players=2, seed=seed, level=level)  # type: ignore[arg-type]
        view.limit = RateLimit(1e9, 1e9)  # a script presses far faster than a page may
        view.work = RateLimit(1e9, 1e9)
        while view.mode != "game_over":
            button = "draw" if view.mode == "learner" else "next"
            start = time.perf_counter()
            view.receive({"intent": "press", "button": button, "seq": next(_seq)})
            elapsed = time.perf_counter() - start
            played = isinstance(view.game.history[-1], Play) if view.game.history else False
            if button == "next" and (played or not plays_only):
                times.append(elapsed)
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per level")
    args = parser.parse_args()
    moves("strong", 1)  # warm up: the solver's worker process starts once per kernel
    results = {level: moves(level, args.games) for level in ("easy", "strong")}
    results["strong, plays"] = moves("strong", args.games, plays_only=True)
    base = statistics.median(results["easy"])
    print(f"Rummikub computer moves in RummikubGame, {args.games} seeded games per level")
    print(f"{'level':>14} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'x easy':>7}")
    for level, times in results.items():
        median = statistics.median(times)
        print(
            f"{level:>14} {len(times):>6} {median * 1000:>10.1f} {p95(times) * 1000:>8.1f}"
            f" {median / base:>7.2f}"
        )
    verdict = "met" if statistics.median(results["strong"]) < 0.2 else "NOT met"
    print(f"target (strong median < 200 ms): {verdict}")


if __name__ == "__main__":
    main()
