"""Exact best Rummikub opening and best play, worded step by step.

Rules: K-OPEN-2, K-TURN-1, K-MELD-*, K-JOKER-*.

The solver is an integer program solved by HiGHS through ``highspy``, chosen by measurement:
``scipy.optimize.milp`` runs the same HiGHS but importing ``scipy.optimize`` alone takes ~0.45 s
(the first-solve budget is 0.3 s; ``highspy`` with ``numpy`` imports in ~0.1 s), and a dynamic
program over numbers 1-13 (van Rijn, Takes & Vis 2015) has no room for the joker rules below. The
model follows den Hertog & Hulshof (2006): one integer variable per candidate set, one equality
per tile type. Every run longer than five splits into runs of three to five, so the candidates are
runs of 3-5 and groups of 3-4 (built once per number of jokers, filtered per position); pieces of
one long run are joined again afterwards. With two jokers a joker is a column "a joker standing
for tile t" (no set can be all jokers then); with four, every joker placement is a candidate.
``highspy`` and ``numpy`` are imported on the first solve only.

The objective is lexicographic: rack tiles placed (or points), then table sets kept as they were,
then points (K-END-1 values). When HiGHS does not finish the whole objective within ``_PATIENCE``
seconds, the main count is solved alone to the end and the tie-breaks are improved for
``_PATIENCE`` more: the tile count is always proven best, the tie-breaks then possibly not
(``Play.proven``).

Table sets holding a joker follow the engine's ``check_turn`` (K-JOKER-1/2/4): each lives on inside
a new set of its own and of the same kind, whole (it may grow, and its joker may slide along a
growing run) or with one or more jokers swapped for the tiles they stand for from the rack (the
freed jokers must be played again at once, K-JOKER-3); K-JOKER-4 decides which tiles free a
group's joker.
"""

from __future__ import annotations

import itertools
import math
import os
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import jokers_in_place

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Objective", "Play", "Step", "best_opening", "best_play"]

Objective = Literal["tiles", "points"]
TileSet = tuple[Tile, ...]

_JOKER = 52
_TYPES = 53
_COLOURS = tuple(Colour)
_JOKER_TILE = Tile.joker()


def _index(tile: Tile) -> int:
    """The tile's row in the model: colour-major numbers 0-51, the joker 52."""
    if tile.colour is None:
        return _JOKER
    return tile.colour.order * 13 + tile.number - 1


def _tile_at(index: int) -> Tile:
    """The tile on model row ``index``."""
    if index == _JOKER:
        return _JOKER_TILE
    return Tile(index % 13 + 1, _COLOURS[index // 13])


def _worth(tile: Tile) -> int:
    """What a placed rack tile is worth when counting points: its number, a joker 30 (K-END-1)."""
    return 30 if tile.is_joker else tile.number


# ---------------------------------------------------------------------------------------------
# the result


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a play, as data: ``kind`` names the message, ``params`` the tiles it involves."""

    kind: str
    params: tuple[tuple[str, Any], ...]

    def text(self, *, cards: bool = False) -> str:
        """The step in the learner's words (through ``messages``); ``cards`` names cards (K-CARDS-1)."""
        return _word_step(self, cards=cards)


@dataclass(frozen=True, slots=True)
class Play:
    """A turn the solver found: the rack tiles it places and the whole table after it."""

    placed: TileSet
    """The rack tiles played, sorted."""
    table: tuple[TileSet, ...]
    """The new table: every set, each read as the engine reads it (K-MELD-5): runs ascending with
    each joker where it stands, groups K R B O then jokers; sets left untouched exactly as given."""
    points: int
    """An opening: the meld's value (K-OPEN-2, a joker worth what it stands for). Later plays: the
    placed tiles' value as K-END-1 counts them (a joker 30)."""
    before: tuple[TileSet, ...] = ()
    """The table the play starts from."""
    rack: TileSet = ()
    """The rack the play starts from."""
    opening: bool = False
    """True for an initial meld (K-OPEN-2)."""
    proven: bool = True
    """False when the tie-breaks (sets changed, then points) are the best found in the time allowed
    rather than proven best; the main count (tiles, or points) is always proven best."""
    rules: RummikubRules | None = field(default=None, repr=False, compare=False)
    """The rules the play was found under (``pieces="cards"`` words it with cards, K-CARDS-1)."""
    plan: tuple[Any, ...] = field(default=(), repr=False, compare=False)
    """What the solver decided, for ``steps`` (worked out only when asked for)."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """The play step by step, as data; ``explain()`` words it."""
        if not self.plan:
            return ()
        if self.plan[0] == "steps":
            return tuple(self.plan[1])
        return tuple(_describe(self.before, self.table, self.placed, *self.plan[1:]))

    @property
    def tiles(self) -> int:
        """How many rack tiles the play places."""
        return len(self.placed)

    @property
    def left(self) -> TileSet:
        """The rack tiles still on the rack after the play."""
        remaining = Counter(self.rack)
        remaining.subtract(self.placed)
        return tuple(sorted(remaining.elements()))

    def explain(self) -> str:
        """The play in the learner's words, one step per line."""
        return "\n".join(self.explain_steps())

    def explain_steps(self) -> list[str]:
        """The play in the learner's words, one sentence per step."""
        cards = self.rules is not None and self.rules.pieces == "cards"
        return [step.text(cards=cards) for step in self.steps]


# ---------------------------------------------------------------------------------------------
# candidate sets, built once per number of jokers


@dataclass(frozen=True, slots=True)
class _Shape:
    """A candidate set: tiles in order (jokers as the joker tile), what the jokers stand for."""

    kind: Literal["run", "group"]
    tiles: TileSet
    stands: TileSet
    value: int


class _Catalogue:
    """Every run of 3-5 and group of 3-4 with jokers anywhere, one per distinct tile multiset."""

    def __init__(self, jokers: int) -> None:
        """Enumerate every run of 3-5 and group of 3-4 with up to ``jokers`` jokers."""
        import numpy as np

        best: dict[tuple[tuple[int, ...], int], _Shape] = {}

        def offer(shape: _Shape) -> None:
            real = tuple(sorted(_index(tile) for tile in shape.tiles if not tile.is_joker))
            key = (real, len(shape.stands))
            if key not in best or shape.value > best[key].value:
                best[key] = shape

        for colour in _COLOURS:
            for length in (3, 4, 5):
                for low in range(1, 15 - length):
                    numbers = range(low, low + length)
                    for count in range(min(jokers, length - 1) + 1):
                        for places in itertools.combinations(range(length), count):
                            tiles = tuple(
                                _JOKER_TILE if place in places else Tile(number, colour)
                                for place, number in enumerate(numbers)
                            )
                            stands = tuple(Tile(numbers[place], colour) for place in places)
                            offer(_Shape("run", tiles, stands, sum(numbers)))
        for number in range(1, 14):
            for size in (3, 4):
                for count in range(min(jokers, size - 1) + 1):
                    for colours in itertools.combinations(_COLOURS, size - count):
                        missing = [colour for colour in _COLOURS if colour not in colours]
                        tiles = (
                            tuple(Tile(number, colour) for colour in colours)
                            + (_JOKER_TILE,) * count
                        )
                        stands = tuple(Tile(number, colour) for colour in missing[:count])
                        offer(_Shape("group", tiles, stands, number * size))
        self.shapes: list[_Shape] = list(best.values())
        self.position: dict[tuple[tuple[int, ...], int], int] = {
            key: place for place, key in enumerate(best)
        }
        """Where each tile multiset (real tile types sorted, joker count) sits in ``shapes``."""
        self.comp: npt.NDArray[np.int64] = np.zeros((len(self.shapes), _TYPES), dtype=np.int64)
        for row, shape in enumerate(self.shapes):
            for tile in shape.tiles:
                self.comp[row, _index(tile)] += 1
        self.values: npt.NDArray[np.int64] = np.array(
            [shape.value for shape in self.shapes], dtype=np.int64
        )
        self.sizes: npt.NDArray[np.int64] = self.comp.sum(axis=1)


@lru_cache(maxsize=8)
def _catalogue(jokers: int) -> _Catalogue:
    """The candidate list for ``jokers`` jokers, built once and kept."""
    return _Catalogue(jokers)


# ---------------------------------------------------------------------------------------------
# HiGHS


_PATIENCE = 0.025
_SAFETY = 5.0
"""Seconds after which any stage stops and keeps the best it found (never reached on the benchmark)."""
"""Seconds for the whole objective before solving in stages (``_Model.solve``, ``Play.proven``)."""

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


class _Model:
    """An integer program under construction: columns with bounds and costs, rows with bounds."""

    def __init__(self) -> None:
        """An empty model."""
        self.costs: list[float] = []
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.entries: list[list[tuple[int, float]]] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []
        self.block: Any = None
        """A dense block of leading columns: (matrix rows x columns, costs, upper bounds)."""
        self.block_entries: list[tuple[int, int, float]] = []
        """Entries of the block's columns on rows added after it."""

    def row(self, lower: float, upper: float) -> int:
        """Add a row ``lower <= a.x <= upper``; its index."""
        self.row_lower.append(lower)
        self.row_upper.append(upper)
        return len(self.row_lower) - 1

    def column(
        self, cost: float, lower: float, upper: float, entries: Iterable[tuple[int, float]]
    ) -> int:
        self.costs.append(cost)
        self.lower.append(lower)
        self.upper.append(upper)
        self.entries.append(list(entries))
        offset = 0 if self.block is None else self.block[0].shape[1]
        return offset + len(self.costs) - 1

    def solve(
        self,
        *,
        main: Sequence[float] | None = None,
        patience: float = float("inf"),
        idle: Sequence[int] = (),
        primary: float = 1.0,
        anchors: Sequence[int] = (),
    ) -> tuple[list[int], bool] | None:
        """Maximise (all columns integer). None when infeasible, else (solution, tie-breaks proven).

        ``main`` (costs of the extra columns) is the count that matters most; in the objective each
        unit of it is worth ``primary``, more than all tie-breaks together. If the whole objective
        is not solved within ``patience`` seconds, the main count is solved alone (always to the
        end; skipped when the bound already proves the best solution found), then the tie-breaks
        are improved from there, with that count held, for ``patience`` seconds more; ``idle``
        columns (tie-break bookkeeping only) are held at 0 while the main count is solved. The
        tie-break stage starts from the best of that solution and one keeping every ``anchors``
        column (a set kept as it was) that the relaxation keeps whole (``_anchored_start``, which
        takes up to ``patience``; the last stage then gets a third of it)."""
        import highspy
        import numpy as np

        if self.block is not None:
            dense, block_costs, block_upper = self.block
        else:
            dense = np.zeros((len(self.row_lower), 0))
            block_costs = np.zeros(0)
            block_upper = np.zeros(0)
        if self.block_entries:
            grown = np.zeros((len(self.row_lower), dense.shape[1]))
            grown[: dense.shape[0]] = dense
            for row, column, value in self.block_entries:
                grown[row, column] += value
            dense = grown
        columns, rows = np.nonzero(dense.T)
        values = dense.T[columns, rows].astype(np.float64)
        block_count = dense.shape[1]
        counts = np.bincount(columns, minlength=block_count)
        extra_rows = [row for entries in self.entries for row, _ in entries]
        extra_values = [value for entries in self.entries for _, value in entries]
        extra_counts = [len(entries) for entries in self.entries]
        all_counts = np.concatenate([counts, np.array(extra_counts, dtype=np.int64)])
        start = np.zeros(len(all_counts) + 1, dtype=np.int32)
        np.cumsum(all_counts, out=start[1:])
        lp = highspy.HighsLp()
        lp.num_col_ = block_count + len(self.costs)
        lp.num_row_ = len(self.row_lower)
        full_costs = np.concatenate([block_costs, np.array(self.costs, dtype=np.float64)])
        lp.col_cost_ = full_costs
        lp.col_lower_ = np.zeros(lp.num_col_, dtype=np.float64)
        lp.col_lower_[block_count:] = np.array(self.lower, dtype=np.float64)
        lp.col_upper_ = np.concatenate(
            [block_upper.astype(np.float64), np.array(self.upper, dtype=np.float64)]
        )
        lp.row_lower_ = np.array(self.row_lower, dtype=np.float64)
        lp.row_upper_ = np.array(self.row_upper, dtype=np.float64)
        lp.sense_ = highspy.ObjSense.kMaximize
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = start
        lp.a_matrix_.index_ = np.concatenate(
            [rows.astype(np.int32), np.array(extra_rows, dtype=np.int32)]
        )
        lp.a_matrix_.value_ = np.concatenate([values, np.array(extra_values, dtype=np.float64)])
        lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
        with _highs_lock:
            highs = _highs()
            highs.passModel(lp)
            highs.setOptionValue("time_limit", _SAFETY if main is None else patience)
            highs.run()
            status = highs.getModelStatus()
            proven = True
            timed_out = status == highspy.HighsModelStatus.kTimeLimit
            if timed_out and main is None and highs.getInfo().primal_solution_status == 2:
                status, proven = highspy.HighsModelStatus.kOptimal, False
            if status == highspy.HighsModelStatus.kTimeLimit and main is not None:
                main_costs = np.concatenate(
                    [np.zeros(block_count), np.array(main, dtype=np.float64)]
                )
                used = np.nonzero(main_costs)[0].astype(np.int32)
                info = highs.getInfo()
                first = highs.getSolution()
                best = float(np.dot(main_costs, np.round(first.col_value)))
                bound = info.mip_dual_bound
                settled = (
                    info.primal_solution_status == 2
                    and math.isfinite(bound)
                    and math.floor(bound / primary + 1e-9) <= best
                )
                if not settled:
                    # the main count is not proven yet: solve for it alone
                    lp.col_cost_ = main_costs
                    full_upper = np.array(lp.col_upper_, dtype=np.float64)
                    stage_upper = full_upper.copy()
                    stage_upper[list(idle)] = 0.0  # tie-break-only columns: mere symmetry here
                    lp.col_upper_ = stage_upper
                    highs.passModel(lp)
                    highs.setOptionValue("time_limit", _SAFETY)
                    # the hard cases: feasibility jump caps this stage's tail (measured: the
                    # slowest of 200 went from 213 to 58 ms CPU), at a cost the easy ones skip
                    highs.setOptionValue("mip_heuristic_run_feasibility_jump", True)
                    highs.run()
                    highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
                    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                        if highs.getInfo().primal_solution_status != 2:
                            raise RulesError("the solver stopped without an answer")
                        proven = False  # the safety limit: the best found, not proven
                    best = highs.getInfo().objective_function_value
                    first = highs.getSolution()
                    lp.col_cost_ = full_costs
                    lp.col_upper_ = full_upper
                highs.passModel(lp)
                highs.addRow(best - 0.5, float("inf"), len(used), used, main_costs[used])
                if anchors:
                    first = self._anchored_start(highs, lp, anchors, used, main_costs, best, first)
                    highs.passModel(lp)
                    highs.addRow(best - 0.5, float("inf"), len(used), used, main_costs[used])
                highs.setSolution(first)
                highs.setOptionValue("time_limit", patience / 3 if anchors else patience)
                highs.run()
                status = highs.getModelStatus()
                if status != highspy.HighsModelStatus.kOptimal:
                    # out of time (or HiGHS gave up): the best solution known, tie-breaks unproven
                    proven = False
                    found = highs.getInfo().primal_solution_status == 2
                    start = highs.getSolution().col_value if found else first.col_value
                    return [round(value) for value in start], proven
            if status != highspy.HighsModelStatus.kOptimal:
                if status == highspy.HighsModelStatus.kInfeasible:
                    return None
                raise RulesError(
                    f"the solver stopped without an answer: {highs.modelStatusToString(status)}"
                )
            solution = list(highs.getSolution().col_value)
        return [round(value) for value in solution], proven

    def _anchored_start(
        self,
        highs: Any,
        lp: Any,
        anchors: Sequence[int],
        used: Any,
        main: Any,
        best: float,
        first: Any,
    ) -> Any:
        """A start for the tie-break stage: keep what the linear relaxation keeps whole.

        Solve the relaxation (tile count held at ``best``); hold every anchor it sets to 1 at 1 and
        look for any whole solution with that count for ``_PATIENCE`` seconds; return it if one
        turns up, else ``first``. Fixing variables and re-solving is a standard heuristic; HiGHS does the work."""
        import highspy
        import numpy as np

        integrality = lp.integrality_
        lp.integrality_ = [highspy.HighsVarType.kContinuous] * lp.num_col_
        highs.passModel(lp)
        highs.addRow(best - 0.5, float("inf"), len(used), used, main[used])
        highs.setOptionValue("time_limit", _SAFETY)
        highs.run()
        lp.integrality_ = integrality
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return first
        relaxed = highs.getSolution().col_value
        held = [column for column in anchors if relaxed[column] > 1 - 1e-6]
        if not held:
            return first
        lower = np.array(lp.col_lower_, dtype=np.float64)
        stage_lower = lower.copy()
        stage_lower[held] = 1.0
        lp.col_lower_ = stage_lower
        costs = lp.col_cost_
        lp.col_cost_ = main  # any solution will do: the tie-break stage improves it
        highs.passModel(lp)
        highs.addRow(best - 0.5, float("inf"), len(used), used, main[used])
        highs.setOptionValue("time_limit", _PATIENCE)
        highs.setOptionValue("mip_heuristic_run_feasibility_jump", True)
        highs.run()
        highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
        lp.col_lower_ = lower
        lp.col_cost_ = costs
        if highs.getInfo().primal_solution_status == 2:
            return highs.getSolution()
        return first


def _uses_virtual_jokers(rules: RummikubRules) -> bool:
    """True with two jokers: then a joker is a column "a joker turning into tile t".

    No set can be all jokers then, so the plain candidate list is exact and three times smaller.
    With four jokers a set of three jokers must be ruled out, so every joker placement is its own
    candidate."""
    return rules.jokers <= 2


def _candidates(rules: RummikubRules, reach: Any) -> tuple[_Catalogue, Any, list[int], Any, Any]:
    """Candidate sets buildable from ``reach`` (counts per tile type).

    Returns the catalogue, the chosen candidates, the tile types that need a row, the chosen
    sets' counts on those rows (types x sets) and their upper bounds."""
    import numpy as np

    virtual = _uses_virtual_jokers(rules)
    catalogue = _catalogue(0 if virtual else rules.jokers)
    comp = catalogue.comp
    if virtual:
        short = np.maximum(comp - reach, 0).sum(axis=1)
        chosen = np.nonzero(short <= reach[_JOKER])[0]
    else:
        chosen = np.nonzero((comp <= reach).all(axis=1))[0]
    sub = comp[chosen]
    support = sub.any(axis=0) | (reach > 0)
    used_types = [int(t) for t in np.nonzero(support)[0]]
    if virtual and reach[_JOKER] > 0 and _JOKER not in used_types:
        used_types.append(_JOKER)
    block = sub[:, used_types]
    supply = reach[used_types] + (reach[_JOKER] if virtual else 0)
    upper = np.min(np.where(block > 0, supply // np.maximum(block, 1), 99), axis=1)
    return catalogue, chosen, used_types, block.T.astype(np.float64), upper.astype(np.float64)


def _add_joker_columns(
    model: _Model, rules: RummikubRules, reach: Any, row_of: dict[int, int]
) -> dict[int, int]:
    """One column per tile type a joker may stand for: +1 on the joker row, -1 on the type's."""
    if not _uses_virtual_jokers(rules) or reach[_JOKER] == 0:
        return {}
    joker_row = row_of[_JOKER]
    return {
        tile_type: model.column(0.0, 0.0, float(reach[_JOKER]), [(joker_row, 1.0), (row, -1.0)])
        for tile_type, row in row_of.items()
        if tile_type != _JOKER
    }


def _place_jokers(
    pieces: list[_Reading], stand_for: dict[int, int], spare: Sequence[Counter[Tile]] = ()
) -> list[_Reading]:
    """Turn ``stand_for[t]`` copies of tile t inside the pieces into jokers standing for t.

    The first ``len(spare)`` pieces carry an old joker set on: only their ``spare`` tiles turn."""
    result = [list(piece) for piece in pieces]
    allowed = [Counter(tiles) for tiles in spare]
    for tile_type, count in stand_for.items():
        tile = _tile_at(tile_type)
        for number, piece in enumerate(result):
            if count == 0:
                break
            for place, (shown, read) in enumerate(piece):
                if number < len(allowed):
                    fits = allowed[number][tile] > 0
                else:
                    fits = sum(1 for s, _ in piece if not s.is_joker) > 1
                if count and shown == tile and read == tile and fits:
                    piece[place] = (_JOKER_TILE, read)
                    if number < len(allowed):
                        allowed[number][tile] -= 1
                    count -= 1
                    break
        if count:
            raise RulesError(
                f"could not place the jokers standing for {tile}"
            )  # never: 2 jokers, sets of 3+
    return [tuple(piece) for piece in result]


# ---------------------------------------------------------------------------------------------
# the table as the solver sees it


@dataclass(frozen=True, slots=True)
class _TableSet:
    """A set on the table: as given, and its reading (jokers replaced by what they stand for)."""

    given: TileSet
    kind: Literal["run", "group"]
    reading: TileSet
    """In order; each joker replaced by what it stands for."""
    ordered: TileSet
    """In order; jokers where they stand (the set as the new table shows it)."""
    jokers: int


def _read_set(tiles: Sequence[Tile], rules: RummikubRules) -> _TableSet:
    """Read a table set as the engine does (K-MELD-5); an invalid set raises ``RulesError``."""
    given = tuple(tiles)
    for tile in given:
        if not isinstance(tile, Tile):
            raise RulesError(f"Rummikub is played with tiles: {tile!r} does not belong")
    quick = _read_plain(given)
    if quick is not None:
        return quick
    verdict = check_meld(given, rules)
    if not verdict.ok:
        raise RulesError(
            f"the table set {' '.join(map(str, given))} is not valid: {verdict.message}"
        )
    jokers = sum(1 for tile in given if tile.is_joker)
    real = [tile for tile in given if not tile.is_joker]
    kind: Literal["run", "group"] = verdict.kind or "run"
    reading = tuple(tile for tile in verdict.reading if isinstance(tile, Tile))
    if kind == "run":
        ordered = jokers_in_place(reading, real)
    else:
        ordered = tuple(sorted(real)) + (_JOKER_TILE,) * jokers
    return _TableSet(given, kind, reading, ordered, jokers)


def _read_plain(given: TileSet) -> _TableSet | None:
    """A joker-free valid set read without the full judge (K-MELD-2, K-MELD-3); else None."""
    if len(given) < 3 or any(tile.colour is None for tile in given):
        return None
    numbers = {tile.number for tile in given}
    colours = {tile.colour for tile in given}
    if len(numbers) == 1 and len(colours) == len(given) <= 4:
        ordered = tuple(sorted(given))
        return _TableSet(given, "group", ordered, ordered, 0)
    if (
        len(colours) == 1
        and len(numbers) == len(given)
        and max(numbers) - min(numbers) == len(given) - 1
    ):
        ordered = tuple(sorted(given))
        return _TableSet(given, "run", ordered, ordered, 0)
    return None


def _in_reading_order(tiles: TileSet, rules: RummikubRules) -> TileSet:
    """The set as the engine reads it (K-MELD-5): runs ascending, groups K R B O, jokers placed."""
    if not any(tile.is_joker for tile in tiles):
        return tuple(sorted(tiles))
    verdict = check_meld(tiles, rules)
    if not verdict.ok:
        raise RulesError(
            f"the solver built an invalid set {' '.join(map(str, tiles))}: {verdict.message}"
        )
    real = [tile for tile in tiles if not tile.is_joker]
    reading = [tile for tile in verdict.reading if isinstance(tile, Tile)]
    if verdict.kind == "group":
        return tuple(sorted(real)) + (_JOKER_TILE,) * (len(tiles) - len(real))
    return jokers_in_place(reading, real)


def _stand_ins(table_set: _TableSet) -> TileSet:
    """What the set's jokers stand for, in order."""
    if table_set.kind == "run":
        return tuple(
            read
            for read, shown in zip(table_set.reading, table_set.ordered, strict=True)
            if shown.is_joker
        )
    return table_set.reading[len(table_set.reading) - table_set.jokers :]


def _counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each tile type (model rows) ``tiles`` holds."""
    counts = [0] * _TYPES
    for tile in tiles:
        counts[_index(tile)] += 1
    return counts


# ---------------------------------------------------------------------------------------------
# the initial meld


def _check_rules(rules: RummikubRules) -> None:
    """Refuse rules that are not Rummikub's."""
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"the solver plays Rummikub: rules must be RummikubRules, not {rules!r}")


def _check_pieces(pieces: Iterable[Tile], what: str) -> TileSet:
    """The pieces as a tuple; anything but a tile raises ``RulesError``."""
    tiles = tuple(pieces)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise RulesError(
                f"Rummikub is played with tiles: {tile!r} in the {what} does not belong"
            )
    return tiles


def best_opening(
    rack: Iterable[Tile], rules: RummikubRules, *, table: Iterable[Iterable[Tile]] = ()
) -> Play | None:
    """The initial meld placing the most rack tiles, then the most points; None if there is none.

    K-OPEN-1, K-OPEN-2.

    Only rack tiles count and the table is not touched (K-OPEN-1); a joker is worth the number it
    stands for. ``table`` (left as it is) is only copied into ``Play.table`` before the new sets.
    """
    import numpy as np

    _check_rules(rules)
    rack_tiles = _check_pieces(rack, "rack")
    before = tuple(tuple(_check_pieces(tiles, "table")) for tiles in table)
    rack_counts = np.array(_counts(rack_tiles), dtype=np.int64)
    if not rack_tiles:
        return None
    catalogue, chosen, used_types, dense, upper = _candidates(rules, rack_counts)
    if len(chosen) == 0:
        return None
    values = catalogue.values[chosen]
    sizes = catalogue.sizes[chosen]
    top_value = 13 * 5 * len(rack_tiles) + 1
    model = _Model()
    row_of = {
        tile_type: model.row(float("-inf"), float(rack_counts[tile_type]))
        for tile_type in used_types
    }
    value_row = model.row(float(max(rules.initial_meld_points, 1)), float("inf"))
    dense = np.vstack([dense, values[np.newaxis, :].astype(np.float64)])
    assert value_row == dense.shape[0] - 1
    model.block = (dense, (sizes * top_value + values).astype(np.float64), upper)
    joker_columns = _add_joker_columns(model, rules, rack_counts, row_of)
    answer = model.solve()
    if answer is None:
        return None
    solution = answer[0]
    pieces = [
        _shape_reading(catalogue.shapes[chosen[column]])
        for column, copies in enumerate(solution[: len(chosen)])
        for _ in range(copies)
    ]
    if not pieces:
        return None
    stand_for = {
        tile_type: solution[column]
        for tile_type, column in joker_columns.items()
        if solution[column]
    }
    new_sets = _join_runs(_place_jokers(pieces, stand_for))
    new_table = tuple(_in_reading_order(_show(reading), rules) for reading in new_sets)
    values = [check_meld(tiles, rules).points for tiles in new_table]  # as K-OPEN-2 counts them
    total = sum(values)
    placed = tuple(sorted(tile for tiles in new_table for tile in tiles))
    steps = [
        Step("solver.open_set", (("set", tiles), ("points", value)))
        for tiles, value in zip(new_table, values, strict=True)
    ]
    steps.append(
        Step("solver.open_total", (("points", total), ("needed", rules.initial_meld_points)))
    )
    return Play(
        placed=placed,
        table=before + new_table,
        points=total,
        before=before,
        rack=tuple(sorted(rack_tiles)),
        rules=rules,
        opening=True,
        plan=("steps", tuple(steps)),
    )


# A reading: the set's tiles in order with each joker as (joker, what it stands for).
_Reading = tuple[tuple[Tile, Tile], ...]


def _shape_reading(shape: _Shape) -> _Reading:
    """A candidate as (shown, read) pairs: each joker with what it stands for."""
    stands = iter(shape.stands)
    if shape.kind == "group":
        return tuple((tile, next(stands) if tile.is_joker else tile) for tile in shape.tiles)
    return tuple((tile, next(stands) if tile.is_joker else tile) for tile in shape.tiles)


def _show(reading: _Reading) -> TileSet:
    """The tiles as shown on the table (jokers as jokers)."""
    return tuple(shown for shown, _ in reading)


def _is_run(reading: _Reading) -> bool:
    """True when the reading is a run (one colour, different numbers)."""
    stands = [read for _, read in reading]
    return len({tile.colour for tile in stands}) == 1 and len(
        {tile.number for tile in stands}
    ) == len(stands)


def _join_runs(readings: list[_Reading]) -> list[_Reading]:
    """Join run pieces of one colour that touch (the model cuts long runs into pieces of 3-5)."""
    runs = [reading for reading in readings if _is_run(reading)]
    others = [reading for reading in readings if not _is_run(reading)]
    runs.sort(key=lambda reading: (reading[0][1].sort_key(), len(reading)))
    joined: list[_Reading] = []
    for reading in runs:
        for place, earlier in enumerate(joined):
            last = earlier[-1][1]
            first = reading[0][1]
            if last.colour == first.colour and last.number + 1 == first.number:
                joined[place] = earlier + reading
                break
        else:
            joined.append(reading)
    return joined + others


# ---------------------------------------------------------------------------------------------
# the best play after the initial meld


def best_play(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    objective: Objective = "tiles",
) -> Play:
    """The whole-table rearrangement placing the most rack tiles, after the initial meld.

    K-TURN-1, K-MELD-1.

    Ties go to the fewest table sets changed, then to more points. ``objective="points"`` puts the
    value placed first (a joker 30, K-END-1), then tiles, then sets changed. Sets holding a joker
    follow K-JOKER-1/2/4. When nothing can be placed the play places no tiles (then draw, K-OPEN-3).
    """
    return _best_play(rack, table, rules, objective=objective, lock_jokers=True)


def _best_play(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    objective: Objective,
    lock_jokers: bool,
) -> Play:
    """``best_play``; ``lock_jokers=False`` lets table jokers move freely (the reference)."""
    import numpy as np

    _check_rules(rules)
    if objective not in ("tiles", "points"):
        raise RulesError(f"objective must be 'tiles' or 'points', not {objective!r}")
    rack_tiles = tuple(sorted(_check_pieces(rack, "rack")))
    sets = [_read_set(_check_pieces(tiles, "table"), rules) for tiles in table]
    before = tuple(table_set.given for table_set in sets)
    catalogue = _catalogue(rules.jokers)
    rack_counts = _counts(rack_tiles)
    locked = [index for index, table_set in enumerate(sets) if table_set.jokers and lock_jokers]
    free = [index for index, table_set in enumerate(sets) if not (table_set.jokers and lock_jokers)]
    pool = [0] * _TYPES
    for index in free:
        for tile in sets[index].given:
            pool[_index(tile)] += 1
    # everything that could end up in a set built from scratch
    reach = list(pool)
    for tile_type in range(_TYPES):
        reach[tile_type] += rack_counts[tile_type]
    locked_comps = {index: _counts(sets[index].given) for index in locked}
    for index in locked:
        for tile_type, count in enumerate(locked_comps[index]):
            reach[tile_type] += count
    reach_array = np.array(reach, dtype=np.int64)
    catalogue, chosen, used_types, dense, upper = _candidates(rules, reach_array)
    virtual = _uses_virtual_jokers(rules)
    reach_ok = [
        count > 0 or (virtual and reach[_JOKER] > 0 and tile_type != _JOKER)
        for tile_type, count in enumerate(reach)
    ]

    rack_total = sum(_worth(tile) for tile in rack_tiles)
    set_count = len(sets)
    if objective == "tiles":
        tile_weight = float((set_count + 1) * (rack_total + 1))
        keep_weight = float(rack_total + 1)
        point_weight = 1.0
    else:
        point_weight = float((len(rack_tiles) + 1) * (set_count + 1))
        tile_weight = float(set_count + 1)
        keep_weight = 1.0

    model = _Model()
    row_of = {
        tile_type: model.row(float(pool[tile_type]), float(pool[tile_type]))
        for tile_type in used_types
    }
    model.block = (dense, np.zeros(len(chosen)), upper)
    joker_columns = _add_joker_columns(model, rules, reach_array, row_of)

    placed_columns: dict[int, int] = {}
    for tile_type in used_types:
        if rack_counts[tile_type]:
            worth = _worth(_tile_at(tile_type))
            placed_columns[tile_type] = model.column(
                tile_weight + point_weight * worth,
                0.0,
                float(rack_counts[tile_type]),
                [(row_of[tile_type], -1.0)],
            )
    # a kept set (K-TURN-1 tie-break: fewest sets changed): a candidate of the same tiles is used
    # for it, or, for a run longer than the candidates, a column of its own
    keep_columns: dict[int, int] = {}
    chosen_at = {int(shape): place for place, shape in enumerate(chosen)}
    link_rows: dict[int, int] = {}
    kept_place: dict[int, int] = {}
    for index in free:
        key = (tuple(sorted(_index(tile) for tile in sets[index].given)), 0)
        place = chosen_at.get(catalogue.position.get(key, -1))
        if place is None:
            entries = _entries(_counts(sets[index].given), row_of) or []  # its tiles have rows
            keep_columns[index] = model.column(keep_weight, 0.0, 1.0, entries)
            continue
        if place not in link_rows:
            link_rows[place] = model.row(0.0, float("inf"))
            model.block_entries.append((link_rows[place], place, 1.0))
        keep_columns[index] = model.column(keep_weight, 0.0, 1.0, [(link_rows[place], -1.0)])
        kept_place[index] = place

    # K-JOKER-1/2/4: each set holding a joker lives on inside one new set of its own (a "host"),
    # whole or with jokers swapped out for their stand-ins from the rack.
    host_columns: dict[int, list[tuple[int, _Host]]] = {}
    needs: dict[int, list[int]] = {}
    spare = 0 if virtual else max(0, rules.jokers - sum(sets[index].jokers for index in locked))
    for index in locked:
        options: list[tuple[int, _Host]] = []
        for host in _hosts(sets[index], rules, spare):
            if any(
                rack_counts[_index(tile)] < count for tile, count in Counter(host.stand_ins).items()
            ):
                continue
            if not all(reach_ok[_index(tile)] for tile in host.extension):
                continue
            counts = _counts(host.extension + host.stand_ins)
            counts[_JOKER] -= host.freed  # freed jokers go back into play (K-JOKER-2)
            host_entries = _entries(counts, row_of)
            if host_entries is None:
                continue
            untouched = not host.extension and not host.freed
            column = model.column(keep_weight if untouched else 0.0, 0.0, 1.0, host_entries)
            options.append((column, host))
            for tile in host.stand_ins:
                needs.setdefault(_index(tile), []).append(column)
        host_columns[index] = options
        row = model.row(1.0, 1.0)
        _attach(model, row, [column for column, _ in options], 1.0)
    for tile_type, columns in needs.items():
        row = model.row(float("-inf"), 0.0)
        _attach(model, row, columns, 1.0)
        _attach(model, row, [placed_columns[tile_type]], -1.0)

    main = [0.0] * len(model.costs)
    for tile_type, column in placed_columns.items():
        main[column - len(chosen)] = float(
            _worth(_tile_at(tile_type)) if objective == "points" else 1
        )
    idle = list(keep_columns.values())
    primary = point_weight if objective == "points" else tile_weight

    anchors = idle + [
        column
        for options in host_columns.values()
        for column, host in options
        if not host.extension and not host.freed
    ]
    answer = model.solve(main=main, patience=_PATIENCE, idle=idle, primary=primary, anchors=anchors)
    if answer is None:  # cannot happen: leaving the table as it is always works
        raise RulesError("the table as given cannot be kept: is every set on it valid?")
    solution, proven = answer

    # read the answer back
    placed_counts = {tile_type: solution[column] for tile_type, column in placed_columns.items()}
    placed = tuple(sorted(_tile_at(t) for t, n in placed_counts.items() for _ in range(n)))
    if not placed:
        return Play(
            placed=(),
            table=before,
            points=0,
            before=before,
            rack=rack_tiles,
            rules=rules,
            plan=("steps", (Step("solver.nothing", ()),)),
        )
    kept: list[int] = [index for index in free if solution[keep_columns[index]]]
    swapped: dict[int, TileSet] = {}
    hosted: list[tuple[int, _Host]] = []
    for index in locked:
        for column, host in host_columns[index]:
            if solution[column]:
                hosted.append((index, host))
                if host.freed:
                    swapped[index] = host.stand_ins
    taken = Counter(kept_place[index] for index in kept if index in kept_place)
    pieces: list[_Reading] = []
    for column, copies in enumerate(solution[: len(chosen)]):
        shape = catalogue.shapes[chosen[column]]
        pieces.extend(_shape_reading(shape) for _ in range(copies - taken[column]))
    stand_for = {
        tile_type: solution[column]
        for tile_type, column in joker_columns.items()
        if solution[column]
    }
    host_readings = [host.reading for _, host in hosted]
    spare_tiles = [Counter(host.extension) for _, host in hosted]
    with_jokers = _place_jokers(host_readings + pieces, stand_for, spare_tiles)
    pieces = _join_runs(with_jokers[len(hosted) :])
    grown: dict[int, _Reading] = {}
    for (index, host), reading in zip(hosted, with_jokers, strict=False):
        if host.extension or host.freed:
            grown[index] = reading
        else:
            kept.append(index)
    new_sets: list[tuple[TileSet, int | None]] = []
    for index in sorted(kept):
        new_sets.append((sets[index].given, index))
    for index, reading in grown.items():
        new_sets.append((_in_reading_order(_show(reading), rules), index))
    new_sets.extend((_in_reading_order(_show(piece), rules), None) for piece in pieces)
    points = sum(_worth(tile) for tile in placed)
    new_table = tuple(tiles for tiles, _ in new_sets)
    return Play(
        placed=placed,
        table=new_table,
        points=points,
        before=before,
        rack=rack_tiles,
        rules=rules,
        proven=proven,
        plan=("play", frozenset(kept), tuple(swapped.items())),
    )


def _attach(model: _Model, row: int, columns: Iterable[int], value: float) -> None:
    """Put ``value`` into ``row`` for each of ``columns`` (extra columns only)."""
    offset = model.block[0].shape[1]
    for column in columns:
        model.entries[column - offset].append((row, value))


def _entries(counts: Sequence[int], row_of: dict[int, int]) -> list[tuple[int, float]] | None:
    """Column entries for tile ``counts``; None when a tile type has no row."""
    entries = []
    for tile_type, count in enumerate(counts):
        if count:
            if tile_type not in row_of:
                return None
            entries.append((row_of[tile_type], float(count)))
    return entries


@dataclass(frozen=True, slots=True)
class _Host:
    """A new set that carries an old joker set on (K-JOKER-1): its extra tiles, any joker swap."""

    reading: _Reading
    """The new set in order, jokers as (joker, stand-in); extension tiles not yet jokers."""
    extension: TileSet
    """Tiles the new set takes besides the old set's own (and besides the stand-ins)."""
    freed: int = 0
    """Jokers swapped out (K-JOKER-2); they go back into play elsewhere on the table."""
    stand_ins: TileSet = ()
    """The rack tiles that replace the freed jokers."""


def _swap_options(table_set: _TableSet, rules: RummikubRules) -> list[tuple[int, TileSet]]:
    """Ways to free jokers (K-JOKER-2, K-JOKER-4): (jokers freed, the rack tiles that replace them).

    As the engine reads them: a run's jokers stand for what K-MELD-5 reads; a group's joker for any
    missing colour, or with ``joker_trio_retrieval="both"`` in a group of two and a joker, both."""
    real = [tile for tile in table_set.given if not tile.is_joker]
    jokers = table_set.jokers
    options: set[tuple[int, TileSet]] = set()
    if table_set.kind == "group":
        number = real[0].number
        missing = [Tile(number, colour) for colour in _COLOURS if Tile(number, colour) not in real]
        if rules.joker_trio_retrieval == "both" and len(real) == 2 and jokers == 1:
            return [(1, tuple(missing))]
        for freed in range(1, jokers + 1):
            options.update((freed, chosen) for chosen in itertools.combinations(missing, freed))
    else:
        stands = _stand_ins(table_set)
        for freed in range(1, jokers + 1):
            options.update(
                (freed, tuple(sorted(chosen))) for chosen in itertools.combinations(stands, freed)
            )
    return sorted(options, key=lambda option: (option[0], [tile.sort_key() for tile in option[1]]))


def _hosts(table_set: _TableSet, rules: RummikubRules, spare: int) -> list[_Host]:
    """Every new set that could carry ``table_set`` on: untouched, grown, or jokers swapped out.

    A host is of the same kind as the old set (K-JOKER-1: a run holding a joker stays a run, a
    group a group). A run host reaches at most two tiles beyond its jokers on each side: anything
    longer splits off as a run of its own, so nothing is lost. ``spare`` extra jokers may join
    (four-joker model)."""
    real = tuple(tile for tile in table_set.given if not tile.is_joker)
    hosts: list[_Host] = []
    variants: list[tuple[tuple[Tile, ...], int, int, TileSet]] = [(real, table_set.jokers, 0, ())]
    for freed, stand_ins in _swap_options(table_set, rules):
        variants.append((real + stand_ins, table_set.jokers - freed, freed, stand_ins))
    seen: set[tuple[TileSet, int, TileSet]] = set()
    for tiles, jokers, freed, stand_ins in variants:
        for reading, extension in _carriers(tiles, jokers, spare, table_set.kind):
            key = (tuple(sorted(extension)), freed, tuple(sorted(stand_ins)))
            if key in seen:
                continue
            if sum(1 for shown, _ in reading if not shown.is_joker) == 1:
                shown_tiles = [shown for shown, _ in reading]
                if check_meld(shown_tiles, _NAMING_RULES).kind != table_set.kind:
                    continue  # one tile and jokers: the engine would read it as the other kind
            seen.add(key)
            hosts.append(_Host(reading, extension, freed, stand_ins))
    return hosts


def _carriers(real: TileSet, jokers: int, spare: int, kind: str) -> list[tuple[_Reading, TileSet]]:
    """Valid sets of ``kind`` holding ``real`` and ``jokers`` jokers (``spare`` more): (reading, extra)."""
    found: list[tuple[_Reading, TileSet]] = []
    numbers = {tile.number for tile in real}
    colours = {tile.colour for tile in real}
    if kind == "group" and len(numbers) == 1 and len(colours) == len(real):
        number = next(iter(numbers))
        missing = [Tile(number, colour) for colour in _COLOURS if colour not in colours]
        for extra_jokers in range(spare + 1):
            for size in range(len(missing) + 1):
                for extra in itertools.combinations(missing, size):
                    total = len(real) + size + jokers + extra_jokers
                    if not 3 <= total <= 4:
                        continue
                    left = [tile for tile in missing if tile not in extra]
                    reading = tuple((tile, tile) for tile in sorted(real + extra)) + tuple(
                        (_JOKER_TILE, left[place]) for place in range(jokers + extra_jokers)
                    )
                    found.append((reading, extra + (_JOKER_TILE,) * extra_jokers))
    if kind == "run" and len(colours) == 1 and len(numbers) == len(real):
        colour = next(iter(colours))
        assert colour is not None
        low, high = min(numbers), max(numbers)
        for extra_jokers in range(spare + 1):
            all_jokers = jokers + extra_jokers
            reach = all_jokers + 2
            for start in range(max(1, low - reach), low + 1):
                for stop in range(high, min(13, high + reach) + 1):
                    length = stop - start + 1
                    free = [number for number in range(start, stop + 1) if number not in numbers]
                    if length < 3 or len(free) < all_jokers:
                        continue
                    for places in itertools.combinations(free, all_jokers):
                        reading = tuple(
                            (_JOKER_TILE, Tile(number, colour))
                            if number in places
                            else (Tile(number, colour),) * 2
                            for number in range(start, stop + 1)
                        )
                        extension = tuple(
                            Tile(number, colour) for number in free if number not in places
                        )
                        found.append((reading, extension + (_JOKER_TILE,) * extra_jokers))
    return found


# ---------------------------------------------------------------------------------------------
# explaining a play


def _describe(
    before: Sequence[TileSet],
    after: Sequence[TileSet],
    placed: Sequence[Tile],
    kept: frozenset[int],
    swaps: tuple[tuple[int, TileSet], ...],
) -> list[Step]:
    """The play as steps: joker swaps, sets split, sets that grow, sets made (tiles named)."""
    swapped = dict(swaps)
    # which old set (or the rack) each tile of each new set comes from
    old_left = {index: Counter(tiles) for index, tiles in enumerate(before) if index not in kept}
    rack_left = Counter(placed)
    new_indices = [j for j, tiles in enumerate(after)]
    source: dict[int, list[tuple[Tile, int | None]]] = {j: [] for j in new_indices}
    need = {j: Counter(after[j]) for j in new_indices}
    kept_new: set[int] = set()
    # kept sets are the first entries of ``after`` matching them
    for index in sorted(kept):
        for j in new_indices:
            if j not in kept_new and Counter(after[j]) == Counter(before[index]):
                kept_new.add(j)
                need[j] = Counter()
                break
    # swapped stand-ins go back where the joker was when that set still exists as a whole
    pairs = []
    for index in old_left:
        for j in new_indices:
            if j in kept_new:
                continue
            overlap = sum((old_left[index] & need[j]).values())
            if overlap:
                pairs.append((-overlap, index, j))
    for _, index, j in sorted(pairs):
        common = old_left[index] & need[j]
        for tile, count in common.items():
            source[j].extend([(tile, index)] * count)
        old_left[index] -= common
        need[j] -= common
    for j in new_indices:
        from_rack = rack_left & need[j]
        for tile, count in from_rack.items():
            source[j].extend([(tile, None)] * count)
        rack_left -= from_rack
        need[j] -= from_rack
        for index in old_left:
            common = old_left[index] & need[j]
            for tile, count in common.items():
                source[j].extend([(tile, index)] * count)
            old_left[index] -= common
            need[j] -= common
    steps: list[Step] = []
    for index, needed in swapped.items():
        joker_to = [j for j in new_indices if any(t.is_joker and s == index for t, s in source[j])]
        steps.append(
            Step(
                "solver.swap",
                (
                    ("old", before[index]),
                    ("tiles", needed),
                    ("new", after[joker_to[0]] if joker_to else ()),
                ),
            )
        )
    for index, tiles in enumerate(before):
        if index in kept or index in swapped:  # a swap step tells what happens to a joker set
            continue
        parts = [
            (j, tuple(sorted(t for t, s in source[j] if s == index)))
            for j in new_indices
            if any(s == index for _, s in source[j])
        ]
        if len(parts) > 1:
            steps.append(
                Step("solver.split", (("old", tiles), ("parts", tuple(part for _, part in parts))))
            )
    for j in new_indices:
        if j in kept_new:
            continue
        origins = Counter(s for _, s in source[j])
        base = [
            index
            for index in origins
            if index is not None and origins[index] == len(before[index]) and index not in swapped
        ]
        rack_part = tuple(sorted(t for t, s in source[j] if s is None))
        host_of = next(
            (
                index
                for index in origins
                if index is not None
                and index in swapped
                and origins[index] >= sum(1 for tile in before[index] if not tile.is_joker)
            ),
            None,
        )
        if host_of is not None:  # the joker set after its swap: only what else joins is news
            extra = Counter(rack_part)
            extra.subtract(swapped[host_of])
            rack_part = tuple(sorted(extra.elements()))
            if not rack_part and all(index in (None, host_of) for index in origins):
                continue  # the swap step said it all
            base.append(host_of)
        moved = tuple(
            (index, tuple(sorted(t for t, s in source[j] if s == index)))
            for index in sorted(i for i in origins if i is not None and i not in base)
        )
        jokers = _jokers_in(after[j])
        params: tuple[tuple[str, Any], ...] = (
            ("new", after[j]),
            ("rack", rack_part),
            ("moved", tuple((before[index], tiles) for index, tiles in moved)),
            ("stands", jokers),
        )
        if base:
            steps.append(Step("solver.grow", (("old", before[base[0]]), *params)))
        elif len(moved) == 1 and not rack_part and not jokers:
            continue  # what is left of a split set: the split step said so
        elif not moved:
            steps.append(Step("solver.new_set", params))
        else:
            steps.append(Step("solver.make", params))
    return steps


_NAMING_RULES = RummikubRules(jokers=4)
_CARD_RULES = RummikubRules(jokers=4, pieces="cards")


def _jokers_in(tiles: TileSet) -> TileSet:
    """What the jokers in a set stand for, as the engine reads them (K-MELD-5)."""
    if not any(tile.is_joker for tile in tiles):
        return ()
    verdict = check_meld(tiles, _NAMING_RULES)
    return tuple(tile for tile in verdict.jokers if isinstance(tile, Tile)) if verdict.ok else ()


def _set_name(tiles: Sequence[Tile]) -> str:
    """A set in words: "red 3-7", "the 5s (black, red and blue)"; loose tiles listed one by one."""
    if len(tiles) >= 3:
        verdict = check_meld(tiles, _NAMING_RULES)
        if verdict.ok and verdict.reading:
            first, last = verdict.reading[0], verdict.reading[-1]
            assert isinstance(first, Tile) and isinstance(last, Tile) and first.colour is not None
            joker = messages.text("solver.with_joker") if any(t.is_joker for t in tiles) else ""
            if verdict.kind == "run":
                colour = messages.text(f"colour.{first.colour.name.lower()}")
                return messages.text(
                    "solver.run_name",
                    colour=colour,
                    low=first.number,
                    high=last.number,
                    joker=joker,
                )
            colours = messages.join(
                messages.text(f"colour.{tile.colour.name.lower()}")
                for tile in sorted(t for t in tiles if not t.is_joker)
                if tile.colour is not None
            )
            return messages.text(
                "solver.group_name", number=first.number, colours=colours, joker=joker
            )
    return messages.join(messages.piece_short(tile) for tile in tiles)


def _word_step(step: Step, *, cards: bool = False) -> str:
    """One step in words (K-CARDS-1: cards named as cards when ``cards``)."""
    params = dict(step.params)
    if cards:
        from rummy_teach.rummikub import tile_label

        def tiles_text(tiles: Sequence[Tile]) -> str:
            return messages.join(tile_label(tile, _CARD_RULES) for tile in tiles)

        def set_name(tiles: Sequence[Tile]) -> str:
            return " ".join(tile_label(tile, _CARD_RULES) for tile in tiles)

    else:

        def tiles_text(tiles: Sequence[Tile]) -> str:
            return messages.join(messages.piece_short(tile) for tile in tiles)

        set_name = _set_name

    if step.kind == "solver.nothing":
        return messages.text(step.kind)
    if step.kind == "solver.open_set":
        return messages.text(step.kind, set=set_name(params["set"]), points=params["points"])
    if step.kind == "solver.open_total":
        return messages.text(step.kind, points=params["points"], needed=params["needed"])
    if step.kind == "solver.swap":
        return messages.text(
            step.kind,
            old=set_name(params["old"]),
            tiles=tiles_text(params["tiles"]),
            new=set_name(params["new"]),
        )
    if step.kind == "solver.split":
        return messages.text(
            step.kind,
            old=set_name(params["old"]),
            count=len(params["parts"]),
            parts="; ".join(tiles_text(part) for part in params["parts"]),
        )
    parts = []
    if params["rack"]:
        parts.append(messages.text("solver.from_rack", tiles=tiles_text(params["rack"])))
    for old, tiles in params["moved"]:
        parts.append(messages.text("solver.from_set", tiles=tiles_text(tiles), old=set_name(old)))
    sentence = messages.text(
        step.kind,
        new=set_name(params["new"]),
        parts=messages.join(parts),
        old=set_name(params.get("old", ())),
    )
    if params["stands"]:
        sentence += " " + messages.text("solver.joker_stands", tiles=tiles_text(params["stands"]))
    return sentence


# ---------------------------------------------------------------------------------------------
# hints and reviews for a game in progress


@dataclass(frozen=True, slots=True)
class Hint:
    """The best move for the player to act, with the reason in words."""

    move: Any
    """An engine move: ``rummikub.Play`` (the whole new table) or ``rummikub.Draw``."""
    play: Play | None
    """The solver's play behind ``move``; None when the advice is to draw."""
    reason: str
    """Stable reason key (``solver.hint_*``)."""
    rule: str
    """The RULES.md id the advice rests on."""
    message: str
    """The advice in the learner's words, the steps included."""


def hint(state: Any) -> Hint:
    """The best move for the player to act in a ``RummikubState``: a play, or draw and why."""
    from rummy_teach.rummikub import Draw, RummikubState
    from rummy_teach.rummikub import Play as TablePlay

    if not isinstance(state, RummikubState):
        raise RulesError(f"hint needs a RummikubState, not {state!r}")
    if state.is_over:
        return Hint(Draw(), None, "solver.hint_over", "K-END-1", messages.text("solver.hint_over"))
    rules = state.rules
    rack = state.rack
    if not state.opened[state.current_player]:
        opening = best_opening(rack, rules, table=state.table)
        if opening is None:
            message = messages.text("solver.hint_no_opening", needed=rules.initial_meld_points)
            return Hint(Draw(), None, "solver.hint_no_opening", "K-OPEN-2", message)
        lead = messages.text("solver.hint_open", count=opening.tiles, points=opening.points)
        message = " ".join([lead, *opening.explain_steps()])
        return Hint(TablePlay(opening.table), opening, "solver.hint_open", "K-OPEN-2", message)
    play = best_play(rack, state.table, rules)
    if not play.placed:
        return Hint(Draw(), None, "solver.hint_draw", "K-OPEN-3", messages.text("solver.hint_draw"))
    lead = messages.text("solver.hint_play", count=play.tiles)
    message = " ".join([lead, *play.explain_steps()])
    return Hint(TablePlay(play.table), play, "solver.hint_play", "K-TURN-1", message)


@dataclass(frozen=True, slots=True)
class Review:
    """A finished turn compared with the best one: how many tiles were placed, how many could be."""

    placed: int
    """Tiles the player placed."""
    possible: int
    """The most tiles the player could have placed."""
    best: Hint
    """The best move from the same position."""
    reason: str
    """Stable reason key (``solver.review_*``)."""
    message: str
    """The comparison in the learner's words, the better move step by step when there is one."""

    @property
    def was_best(self) -> bool:
        """True when the turn placed as many tiles as possible."""
        return self.placed >= self.possible


def review(before: Any, after: Any) -> Review:
    """Compare the turn from ``before`` to ``after`` (``RummikubState``s) with the best one."""
    from rummy_teach.rummikub import Play as TablePlay
    from rummy_teach.rummikub import RummikubState

    if not isinstance(before, RummikubState) or not isinstance(after, RummikubState):
        raise RulesError("review compares two RummikubState values: before and after one turn")
    if (
        len(after.history) != len(before.history) + 1
        or after.history[: len(before.history)] != before.history
    ):
        raise RulesError("review needs the state just before a turn and the state just after it")
    move = after.history[-1]
    placed = len(move.placed(before.table)) if isinstance(move, TablePlay) else 0
    best = hint(before)
    possible = best.play.tiles if best.play is not None else 0
    if placed >= possible:
        key = "solver.review_best" if placed else "solver.review_draw_right"
        message = messages.text(key, placed=placed)
    else:
        key = "solver.review_more" if placed else "solver.review_drew"
        steps = best.play.explain_steps() if best.play is not None else []
        message = " ".join([messages.text(key, placed=placed, possible=possible), *steps])
    return Review(placed, possible, best, key, message)
