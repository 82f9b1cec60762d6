"""Measure the Rummikub solver on the 300 shared benchmark positions; print figures per tier.

Usage: ``python benchmarks/solver.py [path/to/rummikub_positions.json]``. Prints, per tier, the
median, p95 and max milliseconds per position (after a warm-up), how many answers equal the
reference tile count, how many fall below it (allowed only where a table set holds a joker: each
is listed) and how many exceed it (never allowed), how many plays' tie-breaks were not proven
within the solver's patience, the CPU time of this process (less sensitive to other processes
on a shared machine than the wall time), then the first solve in a fresh process.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT = HERE / "data" / "rummikub_positions.json"

sys.path.insert(0, str(ROOT))

from rummy_teach import (  # noqa: E402
    RummikubRules,
    parse_tiles,
    solver,
)
from rummy_teach.pieces import Tile  # noqa: E402
from rummy_teach.solver import Solution, best_opening, best_play  # noqa: E402

FIRST_SOLVE = """
import time
start = time.perf_counter()
from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.solver import best_play
play = best_play(parse_tiles("{rack}"), [parse_tiles(s) for s in {table!r}], RummikubRules())
print((time.perf_counter() - start) * 1000, play.tiles)
"""


def load(path: Path) -> list[dict[str, object]]:
    """The positions in the benchmark file."""
    return list(json.loads(path.read_text())["positions"])


def solve(position: dict[str, object], rules: RummikubRules) -> tuple[int, bool]:
    """Tiles the solver places in ``position``, and whether its tie-breaks were proven best."""
    rack = parse_tiles(" ".join(position["rack"]))  # type: ignore[arg-type]
    table = [parse_tiles(" ".join(tiles)) for tiles in position["table"]]  # type: ignore[union-attr]
    if position["tier"] == "opening":
        play = best_opening(rack, rules)
        return (0, True) if play is None else (play.tiles, True)
    play = best_play(rack, table, rules)
    return play.tiles, play.proven


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def first_solve(position: dict[str, object]) -> float:
    """Milliseconds from a fresh interpreter's first import to its first answer."""
    code = FIRST_SOLVE.format(
        rack=" ".join(position["rack"]), table=[" ".join(s) for s in position["table"]]
    )  # type: ignore[arg-type]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return float(output.stdout.split()[0])


def _key(play: Solution, table: list[list[Tile]]) -> tuple[int, int, int]:
    """(tiles, table sets kept as they were, points): what best_play maximises, in order."""
    old = Counter(tuple(sorted(tiles)) for tiles in table)
    new = Counter(tuple(sorted(tiles)) for tiles in play.table)
    return play.tiles, sum((old & new).values()), play.points


def check_ties(positions: list[dict[str, object]], rules: RummikubRules) -> list[str]:
    """The positions whose time-limited tie-breaks fall short of the exact ones (with the gap)."""
    worse = []
    for position in positions:
        rack = parse_tiles(" ".join(position["rack"]))  # type: ignore[arg-type]
        table = [parse_tiles(" ".join(tiles)) for tiles in position["table"]]  # type: ignore[union-attr]
        quick = _key(best_play(rack, table, rules), table)
        patience, solver.model.PATIENCE = solver.model.PATIENCE, 10.0
        try:
            play = best_play(rack, table, rules)
        finally:
            solver.model.PATIENCE = patience
        exact = _key(play, table)
        if not play.proven:
            worse.append(f"{position['id']} (not settled in 10 s either)")
        elif quick != exact:
            worse.append(
                f"{position['id']} (sets kept {quick[1]}, best {exact[1]}; "
                f"points {quick[2]}, best {exact[2]})"
            )
    return worse


def main() -> None:
    """Run every position and print the figures."""
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    positions = load(path)
    rules = RummikubRules()
    for position in positions[:5] + positions[100:105] + positions[200:205]:  # warm-up
        solve(position, rules)
    print(
        f"{len(positions)} positions from {path}; "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    print(
        f"{'tier':8} {'median':>8} {'p95':>8} {'max':>8} "
        f"{'equal':>6} {'below':>6} {'above':>6} {'ties unproven':>14} "
        f"{'cpu median':>11} {'cpu p95':>8}"
    )
    below_list: list[str] = []
    unproven_list: list[dict[str, object]] = []
    above_list: list[str] = []
    for tier in ("opening", "midgame", "late"):
        times: list[float] = []
        cpu: list[float] = []
        equal = below = above = unproven = 0
        for position in positions:
            if position["tier"] != tier:
                continue
            start, start_cpu = time.perf_counter(), time.process_time()
            tiles, proven = solve(position, rules)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            unproven += not proven
            if not proven:
                unproven_list.append(position)
            reference = position["max_tiles_without_joker_lock"]
            if tiles == reference:
                equal += 1
            elif tiles < reference:  # type: ignore[operator]
                below += 1
                joker = any("J" in tiles_set for tiles_set in position["table"])  # type: ignore[union-attr]
                below_list.append(
                    f"{position['id']} ({tiles} < {reference}; "
                    f"table joker: {'yes' if joker else 'NO'})"
                )
            else:
                above += 1
                above_list.append(f"{position['id']} ({tiles} > {reference})")
        print(
            f"{tier:8} {statistics.median(times):8.2f} {percentile(times, 0.95):8.2f}"
            f" {max(times):8.2f}"
            f" {equal:6d} {below:6d} {above:6d} {unproven:14d}"
            f" {statistics.median(cpu):11.2f} {percentile(cpu, 0.95):8.2f}"
        )
    for line in below_list:
        print("below:", line)
    for line in above_list:
        print("ABOVE (a bug):", line)
    if unproven_list:
        print(
            f"tie-breaks unproven in {len(unproven_list)} plays; solving those without a time limit:"
        )
        worse = check_ties(unproven_list, rules)
        print(
            f"  {len(unproven_list) - len(worse)} were the best anyway; worse: {', '.join(worse) or 'none'}"
        )
    firsts = [first_solve(positions[250]) for _ in range(3)]
    print(
        "first solve in a fresh process (imports included), 3 runs: "
        + ", ".join(f"{t:.0f} ms" for t in firsts)
    )


if __name__ == "__main__":
    main()
