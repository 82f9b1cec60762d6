"""Decoding the model's answer into sets: candidate readings, jokers put in, long runs joined.

A reading is a set's tiles in order with each joker as (joker, what it stands for). The sets the
new table shows are laid out as the engine reads them (K-MELD-5) by ``rummikub.sets``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeAlias

from rummy_teach import messages
from rummy_teach.errors import SolverError
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER, TileSet, in_reading_order
from rummy_teach.solver.catalogue import Shape, tile_at

__all__ = ["Reading", "join_runs", "laid_out", "place_jokers", "shape_reading", "show"]

Reading: TypeAlias = tuple[tuple[Tile, Tile], ...]
"""A set's tiles in order, each as (shown, read): a joker shows as the joker, reads as its stand-in."""


def shape_reading(shape: Shape) -> Reading:
    """A candidate as (shown, read) pairs: each joker with what it stands for."""
    stands = iter(shape.stands)
    return tuple((tile, next(stands) if tile.is_joker else tile) for tile in shape.tiles)


def show(reading: Reading) -> TileSet:
    """The tiles as shown on the table (jokers as jokers)."""
    return tuple(shown for shown, _ in reading)


def laid_out(reading: Reading, rules: RummikubRules) -> TileSet:
    """The set as the new table shows it (K-MELD-5): sorted, or with each joker where it stands,
    recording the tile it stands for."""
    tiles = show(reading)
    if not any(tile.is_joker for tile in tiles):
        return tuple(sorted(tiles))
    told = tuple(Tile.joker(read) if shown.is_joker else shown for shown, read in reading)
    return in_reading_order(told, rules)


def _is_run(reading: Reading) -> bool:
    """True when the reading is a run (one colour, different numbers)."""
    stands = [read for _, read in reading]
    return len({tile.colour for tile in stands}) == 1 and len(
        {tile.number for tile in stands}
    ) == len(stands)


def join_runs(readings: list[Reading]) -> list[Reading]:
    """Join run pieces of one colour that touch (the model cuts long runs into pieces of 3-5)."""
    runs = [reading for reading in readings if _is_run(reading)]
    others = [reading for reading in readings if not _is_run(reading)]
    runs.sort(key=lambda reading: (reading[0][1].sort_key(), len(reading)))
    joined: list[Reading] = []
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


def place_jokers(
    pieces: list[Reading], stand_for: dict[int, int], spare: Sequence[Counter[Tile]] = ()
) -> list[Reading]:
    """Turn ``stand_for[t]`` copies of tile type t inside the pieces into jokers standing for it.

    The first ``len(spare)`` pieces carry an old joker set on: only their ``spare`` tiles turn."""
    result = [list(piece) for piece in pieces]
    allowed = [Counter(tiles) for tiles in spare]
    for tile_type, count in stand_for.items():
        tile = tile_at(tile_type)
        for number, piece in enumerate(result):
            if count == 0:
                break
            for place, (shown, read) in enumerate(piece):
                if number < len(allowed):
                    fits = allowed[number][tile] > 0
                else:
                    fits = sum(1 for s, _ in piece if not s.is_joker) > 1
                if count and shown == tile and read == tile and fits:
                    piece[place] = (JOKER, read)
                    if number < len(allowed):
                        allowed[number][tile] -= 1
                    count -= 1
                    break
        if count:  # never: two jokers, sets of three or more
            raise SolverError(messages.text("solver.jokers_unplaced", tile=tile))
    return [tuple(piece) for piece in result]
