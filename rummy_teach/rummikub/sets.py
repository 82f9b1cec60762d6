"""The one home of Rummikub jokers on the table: how a set reads, where its jokers stand, how they are freed.

The engine's turn check, the workspace, the random player and the solver all call this module, so
the joker rules (K-MELD-5, K-JOKER-1, K-JOKER-2, K-JOKER-4) are written once.

What a joker on the table stands for (the project's convention, K-MELD-5): a set on the table is a
plain collection of tiles, and its jokers stand for what ``melds.check_meld`` reads them as: a gap
first, else the run extended upwards, else downwards. In a group a joker may stand for any missing
colour, so K-JOKER-4 decides which tiles free it: either missing colour, or (``"both"``, in a group
of two tiles and a joker) both missing colours together. When tiles are added to a set holding a
joker the set is read afresh, so a joker may slide along a growing run; it is never taken out.

>>> from rummy_teach.pieces import parse_tiles
>>> from rummy_teach.rules import RummikubRules
>>> swap_options(parse_tiles("R5 J R7"), RummikubRules())
[(1, (Tile.parse('R6'),))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeAlias

from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules

__all__ = [
    "JOKER",
    "Carry",
    "Table",
    "TileSet",
    "carry_options",
    "in_reading_order",
    "jokers_in_place",
    "stand_ins",
    "swap_options",
    "tiles_key",
]

JOKER = Tile.joker()
"""The joker tile (K-SET-1)."""

TileSet: TypeAlias = tuple[Tile, ...]
"""One set of tiles, in the order it lies."""
Table: TypeAlias = tuple[TileSet, ...]
"""The sets on the table."""


def tiles_key(tiles: Iterable[Tile]) -> TileSet:
    """The tiles sorted (colour, number, jokers last): equal for two sets holding the same tiles."""
    return tuple(sorted(tiles, key=Tile.sort_key))


def jokers_in_place(reading: Sequence[Tile], real: Sequence[Tile]) -> TileSet:
    """A set's reading with every place that no real tile fills shown as a joker."""
    present = Counter(real)
    ordered: list[Tile] = []
    for tile in reading:
        if present[tile] > 0:
            present[tile] -= 1
            ordered.append(tile)
        else:
            ordered.append(JOKER)
    return tuple(ordered)


def in_reading_order(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """The set laid out as it reads (K-MELD-5), each joker where the tile it stands for would be.

    An invalid set comes back sorted.
    """
    verdict = check_meld(tiles, rules)
    if not verdict.ok:
        return tiles_key(tiles)
    reading = [piece for piece in verdict.reading if isinstance(piece, Tile)]
    return jokers_in_place(reading, [tile for tile in tiles if not tile.is_joker])


def stand_ins(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """What the set's jokers stand for (K-MELD-5), in reading order; none for an invalid set."""
    if not any(tile.is_joker for tile in tiles):
        return ()
    verdict = check_meld(tiles, rules)
    if not verdict.ok:
        return ()
    return tuple(tile for tile in verdict.jokers if isinstance(tile, Tile))


def swap_options(tiles: Sequence[Tile], rules: RummikubRules) -> list[tuple[int, TileSet]]:
    """Ways to free jokers from a table set (K-JOKER-2, K-JOKER-4): (jokers freed, their stand-ins).

    Runs: the tiles ``check_meld`` reads the jokers as. Groups: any missing colour per joker, or,
    with ``joker_trio_retrieval="both"`` in a group of two tiles and a joker, both missing colours.
    An invalid set, or one without jokers, has none.
    """
    jokers = sum(1 for tile in tiles if tile.is_joker)
    verdict = check_meld(tiles, rules)
    if not jokers or not verdict.ok:
        return []
    options: set[tuple[int, TileSet]] = set()
    if verdict.kind == "group":
        real = [tile for tile in tiles if not tile.is_joker]
        number = real[0].number
        present = {tile.colour for tile in real}
        missing = [Tile(number, colour) for colour in Colour if colour not in present]
        if rules.joker_trio_retrieval == "both" and len(real) == 2 and jokers == 1:
            return [(1, tuple(missing))]
        for freed in range(1, jokers + 1):
            for chosen in combinations(missing, freed):
                options.add((freed, chosen))
    else:
        stand_ins = [tile for tile in verdict.jokers if isinstance(tile, Tile)]
        for freed in range(1, jokers + 1):
            for chosen in combinations(stand_ins, freed):
                options.add((freed, tiles_key(chosen)))
    return sorted(options, key=lambda option: (option[0], [t.sort_key() for t in option[1]]))


@dataclass(frozen=True, slots=True)
class Carry:
    """One way a table set holding a joker may live on (K-JOKER-1, K-JOKER-2).

    A new set of the same kind must hold ``needs``; ``from_rack`` are the rack tiles that replace
    freed jokers (empty when the set lives on whole, perhaps grown).
    """

    needs: Counter[Tile]
    from_rack: Counter[Tile]
    freed: int = 0


def carry_options(tiles: Sequence[Tile], rules: RummikubRules) -> list[Carry]:
    """Every way the joker set ``tiles`` may live on: whole first, then each joker swap."""
    have = Counter(tiles)
    options = [Carry(have, Counter())]
    for freed, stand_ins in swap_options(tiles, rules):
        needs = have - Counter({JOKER: freed}) + Counter(stand_ins)
        options.append(Carry(needs, Counter(stand_ins), freed))
    return options
