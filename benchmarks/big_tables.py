"""Seeded big Rummikub positions for the solver's tail: 10-30 table sets, racks of 14-30 tiles,
0, 2 or 4 jokers in play (``positions``); ``python benchmarks/big_tables.py [count]`` prints them."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER

TileSet = tuple[Tile, ...]


@dataclass(frozen=True)
class BigPosition:
    """A generated position: its name, rack, table and rules, and how many jokers are in play."""

    name: str
    rack: TileSet
    table: tuple[TileSet, ...]
    rules: RummikubRules
    jokers: int
    """Jokers in play (0, 2 or 4), on the table and in the rack."""


def _take(pool: list[Tile], tiles: list[Tile]) -> bool:
    """Remove ``tiles`` from ``pool`` if all are there."""
    left = list(pool)
    for tile in tiles:
        if tile not in left:
            return False
        left.remove(tile)
    pool[:] = left
    return True


def _random_set(rng: random.Random, pool: list[Tile], jokers_left: int) -> tuple[TileSet, int]:
    """A random valid set from ``pool`` (a run of 3-6 or a group of 3-4), perhaps with a joker."""
    for _ in range(200):
        joker = jokers_left > 0 and rng.random() < 0.25
        if rng.random() < 0.55:
            colour = rng.choice(list(Colour))
            length = rng.choice((3, 3, 4, 4, 5, 6))
            low = rng.randint(1, 14 - length)
            tiles = [Tile(n, colour) for n in range(low, low + length)]
        else:
            number = rng.randint(1, 13)
            tiles = [Tile(number, c) for c in rng.sample(list(Colour), rng.choice((3, 4)))]
        if joker:
            tiles[rng.randrange(len(tiles))] = JOKER
        real = [tile for tile in tiles if not tile.is_joker]
        if _take(pool, real):
            return tuple(tiles), int(joker)
    return (), 0


def positions(count: int, seed: int = 0) -> Iterator[BigPosition]:
    """``count`` seeded big positions, jokers in play cycling 0, 2, 4."""
    rng = random.Random(seed)
    for number in range(count):
        in_play = (0, 2, 4)[number % 3]
        rules = RummikubRules(jokers=4) if in_play == 4 else RummikubRules()
        pool = [Tile(n, c) for c in Colour for n in range(1, 14) for _ in range(2)]
        jokers_left = in_play
        table: list[TileSet] = []
        size = rng.randint(14, 30)
        for _ in range(rng.randint(10, 30)):
            if len(pool) < size + 6:
                break  # the rack's tiles come first
            tiles, used = _random_set(rng, pool, jokers_left)
            if tiles:
                table.append(tiles)
                jokers_left -= used
        rng.shuffle(pool)
        rack = tuple(pool[:size]) + (JOKER,) * jokers_left
        yield BigPosition(
            f"big-{seed}-{number} ({len(table)} sets, rack {len(rack)}, jokers {in_play})",
            rack,
            tuple(table),
            rules,
            in_play,
        )


if __name__ == "__main__":
    for position in positions(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        print(position.name)
