"""The integer program and HiGHS: build the model, solve it, in stages when it takes long.

The model follows den Hertog & Hulshof (2006): one integer variable per candidate set, one
equality per tile type. HiGHS runs through ``highspy``, chosen by measurement: ``scipy.optimize.milp``
runs the same HiGHS but importing ``scipy.optimize`` alone takes ~0.45 s (the first-solve budget is
0.3 s; ``highspy`` with ``numpy`` imports in ~0.1 s). Both are imported on the first solve only.

The objective is lexicographic. When HiGHS does not finish the whole objective within
``PATIENCE`` seconds, the main count is solved alone to the end and the tie-breaks are improved
for ``PATIENCE`` more: the main count is always proven best, the tie-breaks then possibly not
(``Solution.proven``). When HiGHS stops without any answer, ``SolverError`` says so.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rummy_teach.errors import SolverError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["PATIENCE", "SAFETY", "Answer", "Block", "Model", "Stages", "solve"]

PATIENCE = 0.025
"""Seconds for the whole objective before solving in stages (``solve``, ``Solution.proven``)."""
SAFETY = 5.0
"""Seconds after which any stage stops and keeps the best it found (never reached on the benchmark)."""

# Measured on the 200 shared midgame/late positions (CPU ms, median/p95): HiGHS defaults 8.9/40 and
# 24/65; with presolve, primal heuristics and symmetry detection off 3.2/8.8 and 12/57. These models
# are small (50 rows, 100-300 columns) and usually solved at the root, so the fixed costs dominate.
_HIGHS_OPTIONS: dict[str, bool | float | str] = {
    "output_flag": False,
    "mip_rel_gap": 0.0,  # exact: the objective is a whole number, stop only at the optimum
    "mip_abs_gap": 1e-6,
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
        """Put ``value`` into ``row`` for each of ``columns`` (extra columns only)."""
        for column in columns:
            self.entries[column - self.offset].append((row, value))


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
class Stages:
    """How to solve in stages when the whole objective takes longer than ``patience`` seconds."""

    main: Sequence[float]
    """Costs of the extra columns: the count that matters most."""
    primary: float
    """What one unit of ``main`` is worth in the objective (more than all tie-breaks together)."""
    patience: float
    """Seconds for the whole objective, and then for the tie-breaks."""
    idle: Sequence[int] = ()
    """Columns kept for the tie-breaks only, held at 0 while the main count is solved alone."""
    anchors: Sequence[int] = ()
    """Columns that keep a set as it was: the tie-break stage starts from keeping them."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A solution of the model: each column's value, and whether the tie-breaks are proven best."""

    values: tuple[int, ...]
    proven: bool = True


@dataclass(frozen=True, slots=True, eq=False)
class _Incumbent:
    """The best main count known, a solution reaching it, and whether that count is proven."""

    best: float
    start: Any
    proven: bool
    main_costs: npt.NDArray[np.float64] = field(repr=False)
    used: npt.NDArray[np.int32] = field(repr=False)


def _rounded(values: Iterable[float]) -> tuple[int, ...]:
    """Column values as whole numbers."""
    return tuple(round(value) for value in values)


def _found(highs: Any) -> bool:
    """True when HiGHS holds a feasible solution."""
    return bool(highs.getInfo().primal_solution_status == _FOUND)


def solve(model: Model, stages: Stages | None = None) -> Answer | None:
    """Maximise (all columns integer); None when infeasible, ``SolverError`` when HiGHS stops.

    Without ``stages`` the whole objective gets ``SAFETY`` seconds; with them it gets
    ``stages.patience`` and, if that is not enough, is solved in stages (``_solve_main_alone``,
    ``_improve_tie_breaks``)."""
    import highspy

    problem = _assemble(model)
    with _highs_lock:
        highs = _highs()
        highs.passModel(problem.lp)
        highs.setOptionValue("time_limit", SAFETY if stages is None else stages.patience)
        highs.run()
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kTimeLimit:
            if stages is not None:
                return _solve_in_stages(highs, problem, stages)
            if _found(highs):
                return Answer(_rounded(highs.getSolution().col_value), proven=False)
        if status == highspy.HighsModelStatus.kOptimal:
            return Answer(_rounded(highs.getSolution().col_value))
        if status == highspy.HighsModelStatus.kInfeasible:
            return None
        raise SolverError(
            f"the solver stopped without an answer: {highs.modelStatusToString(status)}"
        )


def _solve_in_stages(highs: Any, problem: _Problem, stages: Stages) -> Answer:
    """The whole objective ran out of time: settle the main count, then improve the tie-breaks."""
    incumbent = _first_incumbent(highs, problem, stages)
    if not _settled(highs, incumbent, stages):
        incumbent = _solve_main_alone(highs, problem, stages, incumbent)
    return _improve_tie_breaks(highs, problem, stages, incumbent)


def _first_incumbent(highs: Any, problem: _Problem, stages: Stages) -> _Incumbent:
    """The main count of the solution the timed-out first run holds (if it holds one)."""
    import numpy as np

    main_costs = np.concatenate(
        [np.zeros(problem.block_count), np.array(stages.main, dtype=np.float64)]
    )
    used = np.nonzero(main_costs)[0].astype(np.int32)
    first = highs.getSolution()
    best = float(np.dot(main_costs, np.round(first.col_value)))
    return _Incumbent(best, first, True, main_costs, used)


def _settled(highs: Any, incumbent: _Incumbent, stages: Stages) -> bool:
    """True when the bound already proves the first run's main count best."""
    info = highs.getInfo()
    bound = info.mip_dual_bound
    return (
        info.primal_solution_status == _FOUND
        and math.isfinite(bound)
        and math.floor(bound / stages.primary + 1e-9) <= incumbent.best
    )


def _solve_main_alone(
    highs: Any, problem: _Problem, stages: Stages, incumbent: _Incumbent
) -> _Incumbent:
    """Solve for the main count alone, to the end (or the safety limit), tie-break columns idle."""
    import highspy
    import numpy as np

    lp = problem.lp
    lp.col_cost_ = incumbent.main_costs
    full_upper = np.array(lp.col_upper_, dtype=np.float64)
    stage_upper = full_upper.copy()
    stage_upper[list(stages.idle)] = 0.0  # tie-break-only columns: mere symmetry here
    lp.col_upper_ = stage_upper
    highs.passModel(lp)
    highs.setOptionValue("time_limit", SAFETY)
    # the hard cases: feasibility jump caps this stage's tail (measured: the slowest of 200 went
    # from 213 to 58 ms CPU), at a cost the easy ones skip
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", True)
    highs.run()
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
    proven = True
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        if not _found(highs):
            raise SolverError("the solver stopped without an answer")
        proven = False  # the safety limit: the best found, not proven
    best = highs.getInfo().objective_function_value
    first = highs.getSolution()
    lp.col_cost_ = problem.costs
    lp.col_upper_ = full_upper
    return _Incumbent(best, first, proven, incumbent.main_costs, incumbent.used)


def _hold_main(highs: Any, lp: Any, incumbent: _Incumbent) -> None:
    """Pass ``lp`` to HiGHS with the main count held at the incumbent's."""
    used = incumbent.used
    highs.passModel(lp)
    highs.addRow(incumbent.best - 0.5, float("inf"), len(used), used, incumbent.main_costs[used])


def _improve_tie_breaks(
    highs: Any, problem: _Problem, stages: Stages, incumbent: _Incumbent
) -> Answer:
    """Improve the tie-breaks with the main count held, from the best start known."""
    import highspy

    _hold_main(highs, problem.lp, incumbent)
    first = incumbent.start
    if stages.anchors:
        first = _anchored_start(highs, problem.lp, stages.anchors, incumbent)
        _hold_main(highs, problem.lp, incumbent)
    highs.setSolution(first)
    highs.setOptionValue("time_limit", stages.patience / 3 if stages.anchors else stages.patience)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        # out of time (or HiGHS gave up): the best solution known, tie-breaks unproven
        start = highs.getSolution().col_value if _found(highs) else first.col_value
        return Answer(_rounded(start), proven=False)
    return Answer(_rounded(highs.getSolution().col_value), incumbent.proven)


def _anchored_start(highs: Any, lp: Any, anchors: Sequence[int], incumbent: _Incumbent) -> Any:
    """A start for the tie-break stage: keep what the linear relaxation keeps whole.

    Solve the relaxation (main count held); hold every anchor it sets to 1 at 1 and look for any
    whole solution with that count for ``PATIENCE`` seconds; return it if one turns up, else the
    incumbent's. Fixing variables and re-solving is a standard heuristic; HiGHS does the work."""
    import highspy
    import numpy as np

    integrality = lp.integrality_
    lp.integrality_ = [highspy.HighsVarType.kContinuous] * lp.num_col_
    _hold_main(highs, lp, incumbent)
    highs.setOptionValue("time_limit", SAFETY)
    highs.run()
    lp.integrality_ = integrality
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return incumbent.start
    relaxed = highs.getSolution().col_value
    held = [column for column in anchors if relaxed[column] > 1 - 1e-6]
    if not held:
        return incumbent.start
    lower = np.array(lp.col_lower_, dtype=np.float64)
    stage_lower = lower.copy()
    stage_lower[held] = 1.0
    lp.col_lower_ = stage_lower
    costs = lp.col_cost_
    lp.col_cost_ = incumbent.main_costs  # any solution will do: the tie-break stage improves it
    _hold_main(highs, lp, incumbent)
    highs.setOptionValue("time_limit", PATIENCE)
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", True)
    highs.run()
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
    lp.col_lower_ = lower
    lp.col_cost_ = costs
    if _found(highs):
        return highs.getSolution()
    return incumbent.start
