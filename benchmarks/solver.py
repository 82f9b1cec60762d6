"""Measure the Rummikub solver on the 300 shared benchmark positions and on generated big tables.

Usage: ``python benchmarks/solver.py [path/to/rummikub_positions.json] [--big N]``. Prints, per
tier, the median, p95 and max milliseconds per position (after a warm-up), how many answers equal
the reference tile count, how many fall below it (allowed only where a table set holds a joker:
each is listed) and how many exceed it (never allowed), how many plays are not proven best, and
the CPU time of this process (less sensitive to other processes on a shared machine than the wall
time); then ``N`` (default 40) seeded big tables per joker count (``big_tables.py``: 10-30 sets,
racks of 14-30, 0/2/4 jokers in play) with p95 and max; then the first solve in a fresh process,
imports included (direct, and under the guard when the solver has one), with the package's
bytecode compiled as an installed package has it (one untimed run first). Targets (issue 12): p95
<= 50 ms per tier, big tables p95 <= 300 ms and none over 1 s, first solve <= 150 ms. To compare
with an older solver, copy this directory into its checkout and run it there in the same session.

Where the time goes: the ``highs`` columns are the wall milliseconds inside HiGHS's ``run`` (p95
per tier, and its share of the tier's total), the rest is Python (reading the position, the
candidates and hosts, the model, decoding); shown when the solver has ``model._run``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT = HERE / "data" / "rummikub_positions.json"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))
FRESH_ENVIRONMENT = dict(os.environ)
"""The environment as given, before the solver's import sets anything in it (the fresh
interpreters of the first-solve figures start from this, as a learner's kernel would)."""

import big_tables  # noqa: E402

from rummy_teach import RummikubRules, parse_tiles  # noqa: E402
from rummy_teach.solver import best_opening, best_play  # noqa: E402

FIRST_SOLVE = """
import time
start = time.perf_counter()
from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.solver import best_play
play = best_play(parse_tiles("{rack}"), [parse_tiles(s) for s in {table!r}], RummikubRules())
print((time.perf_counter() - start) * 1000, play.tiles)
"""
FIRST_GUARDED = FIRST_SOLVE.replace(
    "solver import best_play", "solver.guard import guarded_play"
).replace("play = best_play", "play = guarded_play")


HIGHS_MS = [0.0]
"""Wall milliseconds spent in HiGHS's ``run`` so far (when ``model._run`` exists to wrap)."""


def time_highs() -> bool:
    """Wrap the solver's one call of HiGHS so that ``HIGHS_MS`` adds up its time; False if absent."""
    from rummy_teach.solver import model

    run = getattr(model, "_run", None)
    if run is None:
        return False

    def timed(highs: object) -> None:
        start = time.perf_counter()
        try:
            run(highs)
        finally:
            HIGHS_MS[0] += (time.perf_counter() - start) * 1000

    model._run = timed  # type: ignore[attr-defined]
    return True


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


def first_solve(position: dict[str, object], cache: str, code: str = FIRST_SOLVE) -> float:
    """Milliseconds from a fresh interpreter's first import to its first answer.

    The child runs in this checkout (``-c`` puts the working directory first on ``sys.path``) with
    its bytecode in ``cache``, as an installed package has it compiled: call once untimed first."""
    source = code.format(
        rack=" ".join(position["rack"]),  # type: ignore[arg-type]
        table=[" ".join(s) for s in position["table"]],  # type: ignore[union-attr]
    )
    env = dict(FRESH_ENVIRONMENT, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    output = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return float(output.stdout.split()[0])


def first_solves(position: dict[str, object], code: str, runs: int = 5) -> list[float]:
    """``runs`` first solves in fresh processes, after one untimed run that compiles the bytecode."""
    with tempfile.TemporaryDirectory() as cache:
        first_solve(position, cache, code)
        return [first_solve(position, cache, code) for _ in range(runs)]


def big(count: int) -> None:
    """Solve ``count`` big tables per joker count (0, 2, 4 in play); print p95 and max."""
    if count <= 0:
        return
    found: dict[int, list[tuple[float, float, str, bool, float]]] = {0: [], 2: [], 4: []}
    for position in big_tables.positions(count * 3, seed=7):
        in_play = int(position.name.rsplit("jokers ", 1)[1].rstrip(")"))
        start, start_cpu, start_highs = time.perf_counter(), time.process_time(), HIGHS_MS[0]
        play = best_play(position.rack, position.table, position.rules)
        wall = (time.perf_counter() - start) * 1000
        cpu = (time.process_time() - start_cpu) * 1000
        found[in_play].append((wall, cpu, position.name, play.proven, HIGHS_MS[0] - start_highs))
    print(
        f"big tables, {count} per joker count, ms: wall median, p95, max; cpu p95, max; >1 s;"
        " unproven; highs p95, share"
    )
    for in_play, rows in found.items():
        walls = [row[0] for row in rows]
        cpus = [row[1] for row in rows]
        highs = [row[4] for row in rows]
        slowest = max(rows, key=lambda row: row[1])[2]
        print(
            f"  jokers {in_play}: {statistics.median(walls):8.1f} {percentile(walls, 0.95):8.1f}"
            f" {max(walls):8.1f} {percentile(cpus, 0.95):8.1f} {max(cpus):8.1f}"
            f" {sum(row[1] > 1000 for row in rows):4d} {sum(not row[3] for row in rows):4d}"
            f" {percentile(highs, 0.95):8.1f} {sum(highs) / sum(walls):5.0%}"
            f"  slowest: {slowest}"
        )


def main() -> None:
    """Run every position and print the figures."""
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    arguments = sys.argv[1:]
    count = 40
    if "--big" in arguments:
        place = arguments.index("--big")
        count = int(arguments[place + 1])
        del arguments[place : place + 2]
    path = Path(arguments[0]) if arguments else DEFAULT
    positions = load(path)
    rules = RummikubRules()
    timed = time_highs()
    for position in positions[:5] + positions[100:105] + positions[200:205]:  # warm-up
        solve(position, rules)
    print(
        f"{len(positions)} positions from {path}; "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    print(
        f"{'tier':8} {'median':>8} {'p95':>8} {'max':>8} "
        f"{'equal':>6} {'below':>6} {'above':>6} {'unproven':>9} "
        f"{'cpu median':>11} {'cpu p95':>8}" + (f" {'highs p95':>9} {'share':>5}" if timed else "")
    )
    below_list: list[str] = []
    above_list: list[str] = []
    for tier in ("opening", "midgame", "late"):
        times: list[float] = []
        cpu: list[float] = []
        highs: list[float] = []
        equal = below = above = unproven = 0
        for position in positions:
            if position["tier"] != tier:
                continue
            start, start_cpu, start_highs = time.perf_counter(), time.process_time(), HIGHS_MS[0]
            tiles, proven = solve(position, rules)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            highs.append(HIGHS_MS[0] - start_highs)
            unproven += not proven
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
            f" {equal:6d} {below:6d} {above:6d} {unproven:9d}"
            f" {statistics.median(cpu):11.2f} {percentile(cpu, 0.95):8.2f}"
            + (f" {percentile(highs, 0.95):9.2f} {sum(highs) / sum(times):5.0%}" if timed else "")
        )
    for line in below_list:
        print("below:", line)
    for line in above_list:
        print("ABOVE (a bug):", line)
    big(count)
    firsts = first_solves(positions[250], FIRST_SOLVE)
    print(
        "first solve in a fresh process (imports included, bytecode compiled), 5 runs: "
        + ", ".join(f"{t:.0f} ms" for t in firsts)
        + f"; median {statistics.median(firsts):.0f} ms"
    )
    if (ROOT / "rummy_teach" / "solver" / "guard.py").exists():
        guarded = first_solves(positions[250], FIRST_GUARDED)
        print(
            "first guarded solve in a fresh process (the worker's start included), 5 runs: "
            + ", ".join(f"{t:.0f} ms" for t in guarded)
            + f"; median {statistics.median(guarded):.0f} ms"
        )


if __name__ == "__main__":
    main()
