"""Joker runs that grow at their ends (K-JOKER-1, ``joker_set_growth="ends"``) as a window.

With four jokers a joker run has thousands of hosts (``table.hosts``): every choice of tiles and
new jokers beyond its ends. The model does not need them one by one: a run that grows only at its
ends is its block (the old run, its jokers where they stood, after any swap, K-JOKER-2) and, on
each side, a stretch of numbers covered one after another outwards, each by its tile or by a
joker. So each way the run lives on (each carry) is a column "this carry", and per number beyond
the block a column "covered" (a joker, unless the tile is there) and "by its tile". The same
hosts, and the same relaxation (a stretch is an interval: the columns' polytope is integral), in
some 20 columns per carry. The block's other side is left to ``hosts``: a run of fewer than two
real tiles (the engine may read one tile and jokers as a group) is listed host by host.

A window's answer is laid out as ``table.hosts`` would list it: jokers in the gaps, the others
above the run, then below it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER, TileSet, carry_options, tiles_key
from rummy_teach.solver.catalogue import row_of_tile
from rummy_teach.solver.model import Model
from rummy_teach.solver.readings import Reading
from rummy_teach.solver.table import Host, TableSet

__all__ = ["Window", "WindowColumns", "add_window", "window_host", "windows"]


@dataclass(frozen=True, slots=True)
class Window:
    """One way a joker run lives on under ``"ends"``: its block, grown at either end by the model."""

    block: Reading
    """The run as it lies after the carry: jokers as (joker, what it stands for)."""
    colour: Colour
    freed: int = 0
    """Jokers swapped out (K-JOKER-2); they go back into play elsewhere on the table."""
    stand_ins: TileSet = ()
    """The rack tiles that replace the freed jokers."""

    @property
    def low(self) -> int:
        """The block's lowest number."""
        return self.block[0][1].number

    @property
    def high(self) -> int:
        """The block's highest number."""
        return self.block[-1][1].number


def windows(table_set: TableSet, rules: RummikubRules) -> list[Window] | None:
    """Every way a joker run may live on under ``"ends"`` as a window (K-JOKER-1/2); None when
    the set is not such a run or a carry keeps fewer than two real tiles (``hosts`` lists those)."""
    if table_set.kind != "run" or rules.joker_set_growth != "ends":
        return None
    found: list[Window] = []
    for carry in carry_options(table_set.given, rules):
        real = [tile for tile in carry.needs.elements() if not tile.is_joker]
        stands = list(carry.stands.elements())
        colours = {tile.colour for tile in real + stands}
        numbers = [tile.number for tile in real + stands]
        if (
            len(real) < 2
            or len(colours) != 1
            or carry.needs[JOKER] != len(stands)
            or len(set(numbers)) != len(numbers)
            or max(numbers) - min(numbers) + 1 != len(numbers)
        ):
            return None
        colour = next(iter(colours))
        assert colour is not None
        held = {tile.number for tile in stands}
        block = tuple(
            (JOKER, Tile(n, colour)) if n in held else (Tile(n, colour), Tile(n, colour))
            for n in range(min(numbers), max(numbers) + 1)
        )
        found.append(Window(block, colour, carry.freed, tiles_key(carry.from_rack.elements())))
    return found


@dataclass(frozen=True, slots=True)
class WindowColumns:
    """A window's columns: the carry, and per number beyond the block (covered, by its tile)."""

    carry: int
    beyond: tuple[tuple[int, int, int | None], ...]
    """(number, covered column, tile column or None when only a joker can cover it)."""


def add_window(
    model: Model,
    window: Window,
    row_of: dict[int, int],
    usable: list[bool],
) -> WindowColumns | None:
    """The window's columns and rows; None when a stand-in has no row (the carry cannot be).

    ``usable[t]``: tile type t may come to the run (it is on the rack or the free table)."""
    entries: dict[int, float] = {}
    for tile in window.stand_ins:
        row = row_of.get(row_of_tile(tile))
        if row is None:
            return None
        entries[row] = entries.get(row, 0.0) + 1.0
    joker_row = row_of.get(row_of_tile(JOKER))
    if window.freed:
        if joker_row is None:
            return None
        entries[joker_row] = entries.get(joker_row, 0.0) - window.freed
    carry = model.column(0.0, 0.0, 1.0, sorted(entries.items()))
    beyond: list[tuple[int, int, int | None]] = []
    sides = (range(window.low - 1, 0, -1), range(window.high + 1, 14))
    for side in sides:
        inner = carry  # a number is covered only when the one nearer the block is
        for number in side:
            tile_type = row_of_tile(Tile(number, window.colour))
            tile_row = row_of.get(tile_type) if usable[tile_type] else None
            if joker_row is None:  # no joker can come: a number is covered by its tile
                if tile_row is None:
                    break
                covered = model.column(0.0, 0.0, 1.0, [(tile_row, 1.0)])
                by_tile: int | None = covered
            else:
                covered = model.column(0.0, 0.0, 1.0, [(joker_row, 1.0)])
                by_tile = None
                if tile_row is not None:
                    by_tile = model.column(0.0, 0.0, 1.0, [(tile_row, 1.0), (joker_row, -1.0)])
                    row = model.row(float("-inf"), 0.0)
                    model.attach(row, [by_tile], 1.0)
                    model.attach(row, [covered], -1.0)
            row = model.row(float("-inf"), 0.0)
            model.attach(row, [covered], 1.0)
            model.attach(row, [inner], -1.0)
            beyond.append((number, covered, by_tile))
            inner = covered
    return WindowColumns(carry, tuple(beyond))


def window_host(window: Window, columns: WindowColumns, values: tuple[int, ...]) -> Host:
    """The host the model chose in ``window``, laid out as ``table.hosts`` lists it: the tiles
    beyond the block, jokers in the gaps, the other new jokers above the run, then below it."""
    tiles: list[int] = []
    jokers = 0
    for number, covered, by_tile in columns.beyond:
        if values[covered]:
            if by_tile is not None and values[by_tile]:
                tiles.append(number)
            else:
                jokers += 1
    low = min([window.low, *tiles])
    high = max([window.high, *tiles])
    gaps = sum(1 for n in range(low, high + 1) if not window.low <= n <= window.high) - len(tiles)
    extra = jokers - gaps
    above = min(extra, 13 - high)
    start, stop = low - (extra - above), high + above
    at = {n: Tile(n, window.colour) for n in range(start, stop + 1)}
    reading = tuple(
        window.block[n - window.low]
        if window.low <= n <= window.high
        else ((at[n], at[n]) if n in tiles else (JOKER, at[n]))
        for n in range(start, stop + 1)
    )
    extension = tuple(at[n] for n in sorted(tiles)) + (JOKER,) * jokers
    return Host(reading, extension, window.freed, window.stand_ins)
