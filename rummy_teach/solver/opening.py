"""The best initial meld (K-OPEN-1, K-OPEN-2): build the model, solve it, decode the new sets.

Only rack tiles count and the table is not touched (K-OPEN-1). The objective puts the tiles
placed first and the meld's points second (a joker worth the number it stands for); one row holds
the points at ``rules.initial_meld_points`` or more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet
from rummy_teach.solver.catalogue import Candidates, add_joker_columns, candidates, counts
from rummy_teach.solver.explain import Step
from rummy_teach.solver.model import Answer, Block, Model, solve
from rummy_teach.solver.readings import join_runs, laid_out, place_jokers, shape_reading
from rummy_teach.solver.solution import Solution
from rummy_teach.solver.table import check_pieces, check_rules, check_supply, read_set

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["best_opening"]


def best_opening(
    rack: Iterable[Tile], rules: RummikubRules, *, table: Iterable[Iterable[Tile]] = ()
) -> Solution | None:
    """The initial meld placing the most rack tiles, then the most points; None if there is none.

    K-OPEN-1, K-OPEN-2.

    Only rack tiles count and the table is not touched (K-OPEN-1); a joker is worth the number it
    stands for. ``table`` (left as it is) is only copied into ``Solution.table`` before the new sets.
    """
    import numpy as np

    check_rules(rules)
    rack_tiles = check_pieces(rack, "rack")
    before = tuple(tuple(check_pieces(tiles, "table")) for tiles in table)
    check_supply(rack_tiles + tuple(tile for tiles in before for tile in tiles), rules)
    for tiles in before:  # left as it is, but it must be a table (an invalid set raises)
        read_set(tiles, rules)
    if not rack_tiles:
        return None
    rack_counts = np.array(counts(rack_tiles), dtype=np.int64)
    built = _build(rack_counts, len(rack_tiles), rules)
    if built is None:
        return None
    answer = solve(built.model)
    if answer is None:
        return None
    new_table = _decode(built, answer, rules)
    if not new_table:
        return None
    return _solution(new_table, before, rack_tiles, rules)


@dataclass(frozen=True, slots=True, eq=False)
class _OpeningModel:
    """The opening's model and what its columns stand for."""

    model: Model
    candidates: Candidates
    joker_columns: dict[int, int]
    """Virtual jokers: the column of "a joker standing for tile type t", by type."""


def _build(
    rack_counts: npt.NDArray[np.int64], rack_size: int, rules: RummikubRules
) -> _OpeningModel | None:
    """The model: sets from the rack only, tiles then points, the points at least the minimum."""
    import numpy as np

    found = candidates(rules, rack_counts)
    if len(found.chosen) == 0:
        return None
    values = found.catalogue.values[found.chosen]
    sizes = found.catalogue.sizes[found.chosen]
    top_value = 13 * 5 * rack_size + 1
    model = Model()
    row_of = {
        tile_type: model.row(float("-inf"), float(rack_counts[tile_type]))
        for tile_type in found.used_types
    }
    value_row = model.row(float(max(rules.initial_meld_points, 1)), float("inf"))
    dense = np.vstack([found.dense, values[np.newaxis, :].astype(np.float64)])
    assert value_row == dense.shape[0] - 1
    model.block = Block(dense, (sizes * top_value + values).astype(np.float64), found.upper)
    joker_columns = add_joker_columns(model, rules, rack_counts, row_of)
    return _OpeningModel(model, found, joker_columns)


def _decode(built: _OpeningModel, answer: Answer, rules: RummikubRules) -> tuple[TileSet, ...]:
    """The new sets the answer lays down, each as the engine reads it (K-MELD-5)."""
    chosen = built.candidates.chosen
    shapes = built.candidates.catalogue.shapes
    values = answer.values
    pieces = [
        shape_reading(shapes[chosen[column]])
        for column, copies in enumerate(values[: len(chosen)])
        for _ in range(copies)
    ]
    if not pieces:
        return ()
    stand_for = {
        tile_type: values[column]
        for tile_type, column in built.joker_columns.items()
        if values[column]
    }
    return tuple(laid_out(reading, rules) for reading in join_runs(place_jokers(pieces, stand_for)))


def _solution(
    new_table: tuple[TileSet, ...],
    before: tuple[TileSet, ...],
    rack_tiles: TileSet,
    rules: RummikubRules,
) -> Solution:
    """The opening with its points as K-OPEN-2 counts them, and its steps."""
    values = [read_meld(tiles, rules).points for tiles in new_table]
    total = sum(values)
    placed = tuple(sorted(tile for tiles in new_table for tile in tiles))
    steps = [
        Step("solver.open_set", (("set", tiles), ("points", value)))
        for tiles, value in zip(new_table, values, strict=True)
    ]
    steps.append(
        Step("solver.open_total", (("points", total), ("needed", rules.initial_meld_points)))
    )
    return Solution(
        placed=placed,
        table=before + new_table,
        points=total,
        before=before,
        rack=tuple(sorted(rack_tiles)),
        rules=rules,
        opening=True,
        plan=tuple(steps),
    )
