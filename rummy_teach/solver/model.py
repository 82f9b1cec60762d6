"""The integer program and HiGHS: build the model, solve it under deterministic limits.

The model follows den Hertog & Hulshof (2006): one integer variable per candidate set, one
equality per tile type. HiGHS runs through ``highspy``, chosen by measurement: ``scipy.optimize.milp``
runs the same HiGHS but importing ``scipy.optimize`` alone takes ~0.45 s (the first-solve budget is
0.3 s; ``highspy`` with ``numpy`` imports in ~0.1 s). Both are imported on the first solve only.

The objective is one weighted sum whose weights make it lexicographic (the tie-breaks are part of
it), solved to the proven optimum. No clock reaches the answer: the only limits are HiGHS's node
and iteration counts (``NODE_LIMIT``, ``ITERATION_LIMIT``), so the same position gives the same
``Answer`` and the same ``proven`` on any machine under any load. The watchdog against a HiGHS that
never returns is ``guard``'s. When HiGHS stops without any answer, ``SolverError`` says so.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy_teach.errors import SolverError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ITERATION_LIMIT", "NODE_LIMIT", "Answer", "Block", "Model", "solve", "warm_up"]

NODE_LIMIT = 200_000
"""Branch-and-bound nodes after which HiGHS keeps the best it found (``Answer.proven`` False)."""
ITERATION_LIMIT = 5_000_000
"""Simplex iterations (all LPs of one solve) after which HiGHS stops likewise."""

# Measured on the 200 shared midgame/late positions (CPU ms, median/p95): HiGHS defaults 8.9/40 and
# 24/65; with presolve, primal heuristics and symmetry detection off 3.2/8.8 and 12/57. These models
# are small (50 rows, 100-300 columns) and usually solved at the root, so the fixed costs dominate.
# Where the tail goes (issue 12, measured 2026-12-01, CPU ms on the busy 2-core machine): HiGHS is
# 85-97% of a slow play (Python 30-45% with four jokers: the joker sets' hosts). Its time is root cut
# separation (thousands of cuts on ~75 rows) and strong branching for the *sets kept* tie-break:
# the same models with tiles only, or tiles then points, solve at p95 22/16 ms on joker-free big
# tables (388 ms with sets kept), and the tiles-only LP bound equals the optimum on every slow late
# position. Tried without a consistent gain (p95 of one tier better, another worse): presolve (far
# slower with four jokers), symmetry detection, HiGHS's heuristics, mip_pscost_minreliable 0,
# mip_pool_soft_limit 100/300, mip_root_presolve_only, mip_lp_age_limit; solving tiles first and
# then the tie-breaks with the tiles fixed (with and without the first stage's answer as a start);
# the LP's tile bound as a cut; a warm start from the table with joker sets untouched; one keep
# column for identical table sets (alone; kept later as part of the bound below).
# Kept (play._add_keep_columns): without virtual jokers a new copy of a table set's tiles comes
# only once every table set of those tiles is kept (x <= kept + spare * keep_j), and a candidate
# whose copies can only be those sets carries their keep weight itself. Big joker-free tables:
# CPU p95 x0.32, two jokers x0.77, late tier x0.92 (alternating runs, same session). The same
# bound with the virtual jokers' columns in it slowed the late tier; HiGHS options
# mip_allow_cut_separation_at_nodes, mip_allow_restart, mip_lp_age_limit and mip_pool_age_limit
# gave nothing; tiles and sets kept without points (then points) was slower on the late tier.
# Third session (issue 12's tail, A/B in one process, CPU ms). Kept: with four jokers a joker run
# growing at its ends is a window (``windows``: a carry column, then per number beyond the block
# "covered" and "by its tile", ~20 columns per carry instead of ~750 hosts per table): big tables
# with four jokers median 111 -> 53, p95 518 -> 267, the same tiles, points and sets kept on 80
# seeded others. Tried and dropped: the same windows for two jokers (tiles only, virtual jokers in
# the rows): late tier p95 93 -> 106, one big two-joker table 774 -> 141, 51 answers laid out
# otherwise (ties); reduced-cost fixing against the tiles-only LP (fix every column whose reduced
# cost exceeds the LP bound's fraction, solve, fall back to the whole model when the fixed one
# misses floor(bound)): exact, but mostly it fixes only "placed" columns at their upper bound and
# HiGHS then took other paths, late tier sum x1.28, one late solve 192 -> 919 ms; removing duplicate
# host columns: 46 of 30,451 on 40 four-joker tables (nothing to gain); HiGHS options
# mip_lifting_for_probing 0, mip_max_start_nodes 0, zi_round/shifting heuristics, simplex_strategy 4,
# simplex_scale_strategy 0, dual edge weights 0, random_seed 1/2, presolve (late p90 x2.3):
# nothing. Where the late tier's tail goes: root cuts (one slow position: 2,106 cuts, 4 kept in
# the LP, 0 nodes, LP bound 24067.5 vs 23975: ~1.25 "sets kept" of gap, a very fractional
# set-partitioning LP); closing it needs a tighter keep formulation, not options.
# Fourth session (the late tier's p95, CPU ms on the same 100 models): the tail is HiGHS's path,
# not the model's size: random_seed 0-5 gave p95 44-84 and one position 18-216 ms. Finding the
# optimum is the work, not proving it: given the optimum as a start, 9 of the 12 slowest solve
# 5-10x faster, but 2 of them 3-4x slower (late-028 81 -> 281), and a cutoff alone
# (objective_bound) gains nothing. Tried and dropped: an LP-fixing heuristic (keep columns at 1
# in the LP fixed; optimal on 87 of 100) as the start, p95 47 -> 56; the same as a race under
# iteration limits falling back to this model, at best p95 50 -> 54; restarts with other seeds
# under iteration limits (the slow ones need 200-650 iterations, the fast 100-200): no gain;
# tiles by MIP, then "sets kept >= K" feasibility from the LP bound down, then points: p95 x1.5-3;
# reduced-cost fixing against the optimum itself: 15-20% of the columns, p95 the same; weights
# x2-x4: noise; HiGHS 1.9, 1.11, 1.13, 1.15: p95 55-64 (1.16: 56); CP-SAT (one worker): the
# slowest 28-540 ms, and its import alone 0.29 s.
# Fifth session. Kept (play._add_kept_count): one integer column equal to the sets kept (keep
# columns and untouched hosts), defined by a row. Same 100 late models, random_seed 0-7 (the
# path's luck averaged out): HiGHS p95 mean 89 -> 42 ms (each seed 58-114 -> 33-54), sum 2,218 ->
# 1,324, max 802 -> 163; midgame the same (p95 7.5 -> 7.9); big tables, seeds 0-2: joker-free sum
# x0.6, four jokers x0.8. Tried beside it and dropped: counts of groups per number (and size),
# of runs per colour, of tiles placed, of points placed, of new sets; sets kept by kind (runs,
# groups); the keep weight on the count instead of the keep columns: each no better or worse.
# On held-out positions the gain is smaller (the benchmark's slowest gained most): 200 seeded
# late-like positions (14-22 sets, racks 10-20, two jokers), HiGHS sum x0.97 and x0.94, p95 the
# same (50-56 ms total on the slow machine); 90 big tables of another seed, sum x0.92-0.96. On the
# slow positions left HiGHS has the optimum as its bound after 2-3 cut rounds and spends the rest
# (cut rounds that move only the LP's fraction, then branching) finding a solution that reaches
# it: the optimum as a start makes the late tier's p95 15-20 ms. Tried as starts and dropped (all
# deterministic, their own time counted): keep columns at 1 in the LP fixed (optimal 86-90 of
# 100) p95 the same or worse; every column at 1 in the LP fixed (62-64 of 100) worse; an LP dive
# rounding the most nearly whole column (63 of 100) worse; HiGHS's heuristics (effort 0.05, RENS,
# feasibility jump, root reduced cost) worse. HiGHS's user-solution callback (once per root cut
# round) hands out no LP solution in highspy 1.16 (``mip_solution`` empty), so a start cannot
# follow the cuts from there. Next: a heuristic that finds the optimum in ~5 ms most times.
# Sixth session (same 100 late models, HiGHS CPU ms; the machine's own swing is ~1.25x between
# runs minutes apart, so only same-run ratios count). Where a slow one goes (late-077: 216
# columns, 83 rows): the bound is the optimum after 4 root cut rounds, then 8 more rounds (812
# cuts, 296 LP iterations in all) until the root LP turns whole; most time is cut generation
# (lifted covers, c-MIR, the transformed LP), not simplex. The slowest are whole-rack wins (56
# of 100 place the whole rack). Only the exact optimum helps as a start (p95 43 -> 13); the best
# answer with one, two or four sets kept fewer gives p95 43, 33, 42. Tried and dropped: tiles
# alone as the objective (p95 79, slower than the full objective's 41: points break ties),
# tiles and keep (49), tiles and points (40); the sets-kept column fixed at the optimum's value
# (p95 55 -> 71) or bounded below by it (42: a valid bound would need the optimum); staged
# starts (tiles and points, then the tie-breaks with the rack tiles fixed: p95 87 in all); a
# restricted master (the MIP over the LP's support and columns of small reduced cost, then the
# full MIP from its answer: optimal 45-94 of 100, p95 58-67 in all); implied-integer columns
# (placed, virtual jokers, sets kept) made continuous; candidates with two copies split into two
# binaries (with and without an order row); mip_search_simulate_concurrency: noise or worse.
# Seventh session (same 100 late models, HiGHS CPU ms, random_seed 0-4 to average the path's
# luck). The whole rack first: the placed columns fixed at the rack (69 of 100 are whole-rack
# wins; the others proved infeasible in 0.8 ms median, 7.7 max, then the full model): seed 0
# p95 44.6 -> 38.6 (late-028 149 -> 25), but the mean p95 over the five seeds 47.4 -> 59
# (late-016 43 -> 181); the same with the then constant tile and point terms dropped (sets kept
# as the objective, weight 1): 47.7 -> 50.7; the sets-kept column alone as the objective: no
# gain. Python is 20% of the tier's time (the joker sets' hosts 2 ms, the rest of the model 1 ms
# per position; late-042 17 ms): halving it would not bring the p95 within 50 ms either.
# Twelfth session (same 100 late models, HiGHS CPU ms, random_seed 0-4; mean p95 35.9 here):
# the slow ones are solved at the root (0-12 nodes, 150-700 LP iterations) and their time is cut
# rounds (late-014: 465 cuts in 5 rounds, 18 kept, the bound two sets kept above the optimum until
# the last round). Tried and dropped: an integer column per tile type counting its copies in
# groups (45.1), one per number counting its groups (39.6); columns reversed (42.6) or shuffled
# (39.5, 47.5): today's order is the best seen; mip_lp_solver ipm, simplex_strategy 1,
# mip_pool_soft_limit 1000, mip_lp_age_limit 3, mip_pscost_minreliable 2/16, mip_abs_gap 0.999,
# cost_scale_factor -6: each within the noise or worse.
# Thirteenth session (the same 100 late models written out by HiGHS, CPU ms in one run): SCIP 10
# (pyscipopt 6.3, one thread, the same gaps) median 15, p95 154, max 921, against HiGHS's 6.9, 41,
# 133; with its presolve and heuristics off 15, 107, 224. HiGHS 1.16 is still the newest release.
# Fourteenth session (the same 100 late models, HiGHS CPU ms, random_seed 0-2, same run): runs as
# a flow per colour (a start column per 3-run, then one column per number extending runs of three
# or more, at most the runs reaching the number before; runs of 4-5 kept only as table sets kept
# as they were) finds the same optimum on all 100, but p95 44-49 -> 58-73, sum 1,290-1,320 ->
# 1,640-2,040, max 66-133 -> 153-266: the flow's LP is no tighter and HiGHS cuts it longer.
_HIGHS_OPTIONS: dict[str, bool | float | str] = {
    "output_flag": False,
    "mip_rel_gap": 0.0,  # exact: the objective is a whole number, stop only at the optimum
    "mip_abs_gap": 0.5,
    "time_limit": float("inf"),  # no clock: the answer must not depend on the machine's load
    "mip_max_nodes": NODE_LIMIT,
    "simplex_iteration_limit": ITERATION_LIMIT,
    "threads": 1,
    "presolve": "off",
    "mip_detect_symmetry": False,
    "mip_heuristic_effort": 0.0,
    "mip_heuristic_run_feasibility_jump": False,
    "mip_heuristic_run_rins": False,
    "mip_heuristic_run_rens": False,
    "mip_heuristic_run_root_reduced_cost": False,
}
_FOUND = 2
"""HiGHS's ``primal_solution_status`` when it holds a feasible solution."""
_highs_lock = threading.Lock()
_highs_instance: Any = None


def _highs() -> Any:
    """The one HiGHS instance, created quietly on first use (its banner goes to the C stdout)."""
    global _highs_instance
    if _highs_instance is None:
        import highspy

        saved = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 1)
            instance = highspy.Highs()  # type: ignore[no-untyped-call]
        finally:
            os.dup2(saved, 1)
            os.close(saved)
            os.close(devnull)
        for name, value in _HIGHS_OPTIONS.items():
            instance.setOptionValue(name, value)
        _highs_instance = instance
    return _highs_instance


# ---------------------------------------------------------------------------------------------
# building


@dataclass(frozen=True, slots=True, eq=False)
class Block:
    """A dense block of leading columns: the candidate sets."""

    dense: npt.NDArray[np.float64]
    """Entries, rows x columns (the rows that exist when the block is set)."""
    costs: npt.NDArray[np.float64]
    upper: npt.NDArray[np.float64]

    @property
    def width(self) -> int:
        """How many columns the block holds."""
        return int(self.dense.shape[1])


class Model:
    """An integer program under construction: columns with bounds and costs, rows with bounds."""

    def __init__(self) -> None:
        """An empty model."""
        self.costs: list[float] = []
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.entries: list[list[tuple[int, float]]] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []
        self.block: Block | None = None
        """The leading columns; extra columns (``column``) follow it."""
        self.block_entries: list[tuple[int, int, float]] = []
        """Entries of the block's columns on rows added after it."""

    @property
    def offset(self) -> int:
        """The index of the first extra column."""
        return 0 if self.block is None else self.block.width

    def row(self, lower: float, upper: float) -> int:
        """Add a row ``lower <= a.x <= upper``; its index."""
        self.row_lower.append(lower)
        self.row_upper.append(upper)
        return len(self.row_lower) - 1

    def column(
        self, cost: float, lower: float, upper: float, entries: Iterable[tuple[int, float]]
    ) -> int:
        """Add an integer column after the block; its index."""
        self.costs.append(cost)
        self.lower.append(lower)
        self.upper.append(upper)
        self.entries.append(list(entries))
        return self.offset + len(self.costs) - 1

    def attach(self, row: int, columns: Iterable[int], value: float) -> None:
        """Put ``value`` into ``row`` for each of ``columns`` (the block's or extra ones)."""
        offset = self.offset
        for column in columns:
            if column < offset:
                self.block_entries.append((row, column, value))
            else:
                self.entries[column - offset].append((row, value))


def entries_for(counts: Sequence[int], row_of: dict[int, int]) -> list[tuple[int, float]] | None:
    """Column entries for tile ``counts``; None when a tile type has no row."""
    entries = []
    for tile_type, count in enumerate(counts):
        if count:
            if tile_type not in row_of:
                return None
            entries.append((row_of[tile_type], float(count)))
    return entries


@dataclass(frozen=True, slots=True, eq=False)
class _Problem:
    """The model as HiGHS takes it, with the full costs and where the extra columns start."""

    lp: Any
    costs: npt.NDArray[np.float64]
    block_count: int


def _assemble(model: Model) -> _Problem:
    """The model as a column-wise ``HighsLp``, every column integer."""
    import highspy
    import numpy as np

    if model.block is not None:
        dense, block_costs, block_upper = model.block.dense, model.block.costs, model.block.upper
    else:
        dense = np.zeros((len(model.row_lower), 0))
        block_costs = np.zeros(0)
        block_upper = np.zeros(0)
    if model.block_entries:
        grown = np.zeros((len(model.row_lower), dense.shape[1]))
        grown[: dense.shape[0]] = dense
        for row, column, value in model.block_entries:
            grown[row, column] += value
        dense = grown
    columns, rows = np.nonzero(dense.T)
    values = dense.T[columns, rows].astype(np.float64)
    block_count = dense.shape[1]
    counts = np.bincount(columns, minlength=block_count)
    extra_rows = [row for entries in model.entries for row, _ in entries]
    extra_values = [value for entries in model.entries for _, value in entries]
    extra_counts = [len(entries) for entries in model.entries]
    all_counts = np.concatenate([counts, np.array(extra_counts, dtype=np.int64)])
    start = np.zeros(len(all_counts) + 1, dtype=np.int32)
    np.cumsum(all_counts, out=start[1:])
    lp = highspy.HighsLp()
    lp.num_col_ = block_count + len(model.costs)
    lp.num_row_ = len(model.row_lower)
    full_costs = np.concatenate([block_costs, np.array(model.costs, dtype=np.float64)])
    lp.col_cost_ = full_costs
    lp.col_lower_ = np.zeros(lp.num_col_, dtype=np.float64)
    lp.col_lower_[block_count:] = np.array(model.lower, dtype=np.float64)
    lp.col_upper_ = np.concatenate(
        [block_upper.astype(np.float64), np.array(model.upper, dtype=np.float64)]
    )
    lp.row_lower_ = np.array(model.row_lower, dtype=np.float64)
    lp.row_upper_ = np.array(model.row_upper, dtype=np.float64)
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = start
    lp.a_matrix_.index_ = np.concatenate(
        [rows.astype(np.int32), np.array(extra_rows, dtype=np.int32)]
    )
    lp.a_matrix_.value_ = np.concatenate([values, np.array(extra_values, dtype=np.float64)])
    lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
    return _Problem(lp, full_costs, block_count)


# ---------------------------------------------------------------------------------------------
# solving


@dataclass(frozen=True, slots=True)
class Answer:
    """A solution of the model: each column's value, and whether it is proven best."""

    values: tuple[int, ...]
    proven: bool = True


def _rounded(values: Iterable[float]) -> tuple[int, ...]:
    """Column values as whole numbers."""
    return tuple(round(value) for value in values)


def _found(highs: Any) -> bool:
    """True when HiGHS holds a feasible solution."""
    return bool(highs.getInfo().primal_solution_status == _FOUND)


def _run(highs: Any) -> None:
    """Let HiGHS solve the model it holds (one place, so a test can make it slow)."""
    highs.run()


def warm_up() -> None:
    """Import numpy and highspy and create the HiGHS instance (what the first solve would do)."""
    import numpy  # noqa: F401

    _highs()


def solve(model: Model) -> Answer | None:
    """Maximise (all columns integer); None when infeasible, ``SolverError`` when HiGHS stops.

    The objective is one weighted sum whose weights make it lexicographic, so the tie-breaks are
    part of it. Only deterministic limits apply (``NODE_LIMIT``, ``ITERATION_LIMIT``): the answer
    depends on the position alone, never on the machine's speed or load. Past a limit the best
    solution found is returned with ``proven=False``."""
    import highspy

    problem = _assemble(model)
    with _highs_lock:
        highs = _highs()
        highs.passModel(problem.lp)
        _run(highs)
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kNotset:
            # Another HiGHS in this process (cvxpy, a learner's own highspy) started the one
            # thread scheduler HiGHS keeps per process with other threads than ours, so HiGHS
            # refused to run: start it anew with ours and run again.
            highspy.Highs.resetGlobalScheduler(True)
            _run(highs)
            status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kOptimal:
            return Answer(_rounded(highs.getSolution().col_value))
        if status == highspy.HighsModelStatus.kInfeasible:
            return None
        if _found(highs) and status in (
            highspy.HighsModelStatus.kSolutionLimit,
            highspy.HighsModelStatus.kIterationLimit,
        ):
            return Answer(_rounded(highs.getSolution().col_value), proven=False)
        from rummy_teach import messages

        raise SolverError(messages.text("solver.stopped", status=highs.modelStatusToString(status)))
