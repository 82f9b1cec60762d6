"""Tile types as model rows, and every candidate set (K-MELD-2, K-MELD-3, K-SET-1).

The model has one row per tile type: colour-major numbers 0-51, the joker 52. Almost every run
longer than five splits into runs of three to five, so the candidates are runs of 3-5 and groups
of 3-4 (and, with four jokers, the few longer runs no such cut builds: ``_long_runs``),
built once per number of jokers and filtered per position; pieces of one long run are joined
again afterwards (``readings.join_runs``). ``numpy`` is imported on first use only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER, TileSet

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rummy_teach.solver.model import Model

__all__ = [
    "COLOURS",
    "JOKER_ROW",
    "TYPES",
    "Candidates",
    "Catalogue",
    "Shape",
    "add_joker_columns",
    "candidates",
    "catalogue",
    "counts",
    "row_of_tile",
    "tile_at",
    "uses_virtual_jokers",
]

JOKER_ROW = 52
"""The joker's row in the model."""
TYPES = 53
"""Tile types: 52 numbered tiles and the joker."""
COLOURS = tuple(Colour)


def row_of_tile(tile: Tile) -> int:
    """The tile's row in the model: colour-major numbers 0-51, the joker 52."""
    if tile.colour is None:
        return JOKER_ROW
    return tile.colour.order * 13 + tile.number - 1


def tile_at(row: int) -> Tile:
    """The tile on model row ``row``."""
    if row == JOKER_ROW:
        return JOKER
    return Tile(row % 13 + 1, COLOURS[row // 13])


def counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each tile type (model rows) ``tiles`` holds."""
    found = [0] * TYPES
    for tile in tiles:
        found[row_of_tile(tile)] += 1
    return found


@dataclass(frozen=True, slots=True)
class Shape:
    """A candidate set: tiles in order (jokers as the joker tile), what the jokers stand for."""

    kind: Literal["run", "group"]
    tiles: TileSet
    stands: TileSet
    value: int


def _shapes(jokers: int) -> dict[tuple[tuple[int, ...], int], Shape]:
    """Every run of 3-5 and group of 3-4 with up to ``jokers`` jokers, the best per tile multiset."""
    best: dict[tuple[tuple[int, ...], int], Shape] = {}

    def offer(shape: Shape) -> None:
        real = tuple(sorted(row_of_tile(tile) for tile in shape.tiles if not tile.is_joker))
        key = (real, len(shape.stands))
        if key not in best or shape.value > best[key].value:
            best[key] = shape

    for colour in COLOURS:
        for length in (3, 4, 5):
            for low in range(1, 15 - length):
                numbers = range(low, low + length)
                for count in range(min(jokers, length - 1) + 1):
                    for places in itertools.combinations(range(length), count):
                        tiles = tuple(
                            JOKER if place in places else Tile(number, colour)
                            for place, number in enumerate(numbers)
                        )
                        stands = tuple(Tile(numbers[place], colour) for place in places)
                        offer(Shape("run", tiles, stands, sum(numbers)))
    for shape in _long_runs(jokers):
        offer(shape)
    for number in range(1, 14):
        for size in (3, 4):
            for count in range(min(jokers, size - 1) + 1):
                for colours in itertools.combinations(COLOURS, size - count):
                    missing = [colour for colour in COLOURS if colour not in colours]
                    tiles = tuple(Tile(number, colour) for colour in colours) + (JOKER,) * count
                    stands = tuple(Tile(number, colour) for colour in missing[:count])
                    offer(Shape("group", tiles, stands, number * size))
    return best


def _splits(jokers_at: frozenset[int], length: int) -> bool:
    """True when a run of ``length`` with jokers at ``jokers_at`` cuts into runs of 3-5 that each
    keep a real tile (then the model builds it from pieces)."""
    real_before = [0]  # real tiles among the first n places, for n = 0..length
    for place in range(length):
        real_before.append(real_before[-1] + (place not in jokers_at))
    can = [True] + [False] * length
    for end in range(3, length + 1):
        can[end] = any(
            can[end - size] and real_before[end] > real_before[end - size]
            for size in (3, 4, 5)
            if size <= end
        )
    return can[length]


def _long_runs(jokers: int) -> Iterable[Shape]:
    """Runs longer than five that no cut into runs of 3-5 builds: every cut leaves a piece of
    jokers alone (three jokers or more side by side, e.g. R3 R4 and four jokers up to R8)."""
    if jokers < 3:
        return
    unsplit = {  # whether a cut exists depends on the joker places alone, not on the numbers
        length: [
            places
            for count in range(3, min(jokers, length - 1) + 1)
            for places in itertools.combinations(range(length), count)
            if not _splits(frozenset(places), length)
        ]
        for length in range(6, 14)
    }
    for colour in COLOURS:
        for length in range(6, 14):
            for low in range(1, 15 - length):
                numbers = range(low, low + length)
                for places in unsplit[length]:
                    tiles = tuple(
                        JOKER if place in places else Tile(number, colour)
                        for place, number in enumerate(numbers)
                    )
                    stands = tuple(Tile(numbers[place], colour) for place in places)
                    yield Shape("run", tiles, stands, sum(numbers))


class Catalogue:
    """Every run of 3-5 and group of 3-4 with jokers anywhere, one per distinct tile multiset."""

    def __init__(self, jokers: int) -> None:
        """Enumerate every run of 3-5 and group of 3-4 with up to ``jokers`` jokers."""
        import numpy as np

        best = _shapes(jokers)
        self.shapes: list[Shape] = list(best.values())
        self.position: dict[tuple[tuple[int, ...], int], int] = {
            key: place for place, key in enumerate(best)
        }
        """Where each tile multiset (real tile types sorted, joker count) sits in ``shapes``."""
        self.comp: npt.NDArray[np.int64] = np.zeros((len(self.shapes), TYPES), dtype=np.int64)
        for row, shape in enumerate(self.shapes):
            for tile in shape.tiles:
                self.comp[row, row_of_tile(tile)] += 1
        self.values: npt.NDArray[np.int64] = np.array(
            [shape.value for shape in self.shapes], dtype=np.int64
        )
        self.sizes: npt.NDArray[np.int64] = self.comp.sum(axis=1)


@lru_cache(maxsize=8)
def catalogue(jokers: int) -> Catalogue:
    """The candidate list for ``jokers`` jokers, built once and kept."""
    return Catalogue(jokers)


def uses_virtual_jokers(rules: RummikubRules) -> bool:
    """True with two jokers: then a joker is a column "a joker turning into tile t".

    No set can be all jokers then, so the plain candidate list is exact and three times smaller.
    With four jokers a set of three jokers must be ruled out, so every joker placement is its own
    candidate."""
    return rules.jokers <= 2


def add_joker_columns(
    model: Model, rules: RummikubRules, reach: npt.NDArray[np.int64], row_of: dict[int, int]
) -> dict[int, int]:
    """With virtual jokers, one column per tile type a joker may stand for: its column by type.

    Each column puts +1 on the joker row and -1 on the type's row: a joker turning into that tile."""
    if not uses_virtual_jokers(rules) or reach[JOKER_ROW] == 0:
        return {}
    joker_row = row_of[JOKER_ROW]
    return {
        tile_type: model.column(0.0, 0.0, float(reach[JOKER_ROW]), [(joker_row, 1.0), (row, -1.0)])
        for tile_type, row in row_of.items()
        if tile_type != JOKER_ROW
    }


@dataclass(frozen=True, slots=True, eq=False)
class Candidates:
    """The candidate sets one position can build, as the model's leading block of columns."""

    catalogue: Catalogue
    chosen: npt.NDArray[np.intp]
    """The chosen candidates' places in ``catalogue.shapes``, one model column each."""
    used_types: list[int]
    """The tile types that need a row, in row order."""
    dense: npt.NDArray[np.float64]
    """The chosen sets' counts on those rows (types x sets)."""
    upper: npt.NDArray[np.float64]
    """How many copies of each chosen set the tiles allow."""


def candidates(rules: RummikubRules, reach: npt.NDArray[np.int64]) -> Candidates:
    """Candidate sets buildable from ``reach`` (counts per tile type)."""
    import numpy as np

    virtual = uses_virtual_jokers(rules)
    found = catalogue(0 if virtual else rules.jokers)
    comp = found.comp
    if virtual:
        short = np.maximum(comp - reach, 0).sum(axis=1)
        chosen = np.nonzero(short <= reach[JOKER_ROW])[0]
    else:
        chosen = np.nonzero((comp <= reach).all(axis=1))[0]
    sub = comp[chosen]
    support = sub.any(axis=0) | (reach > 0)
    used_types = [int(t) for t in np.nonzero(support)[0]]
    if virtual and reach[JOKER_ROW] > 0 and JOKER_ROW not in used_types:
        used_types.append(JOKER_ROW)
    block = sub[:, used_types]
    supply = reach[used_types] + (reach[JOKER_ROW] if virtual else 0)
    if block.shape[1] == 0:  # nothing on the rack or the table (an empty rack, K-TURN-2)
        upper = np.zeros(len(chosen), dtype=np.int64)
    else:
        upper = np.min(np.where(block > 0, supply // np.maximum(block, 1), 99), axis=1)
    return Candidates(
        found, chosen, used_types, block.T.astype(np.float64), upper.astype(np.float64)
    )
