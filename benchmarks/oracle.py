"""A brute-force oracle for small Rummikub positions, judged by the engine's own turn check.

``most_tiles(rack, table, rules, opened=...)`` tries every partition of the table's tiles and a part
of the rack into valid sets (every set ``check_meld`` accepts, built from the tiles there are) and
keeps the most rack tiles any partition places that ``check_turn`` accepts; for a player who has
not opened, the table is left as it is and only rack tiles form the new sets (``check_turn`` with
``opened=False`` judges the initial meld's points). It knows nothing of the solver. ``positions``
deals seeded small positions for the cross-check (tests/test_solver_oracle.py and
``python benchmarks/oracle.py [count] [seed] [ends|slide|both]``), under either K-JOKER-1 rule
(``joker_set_growth``): with ``"ends"`` every run with jokers is tried with its jokers declared in
each place they can stand (K-MELD-5), since there a joker set's jokers keep their tiles.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub import check_turn
from rummy_teach.rummikub.sets import JOKER, tiles_key

TileSet = tuple[Tile, ...]


def valid_sets(tiles: Counter[Tile], rules: RummikubRules) -> list[TileSet]:
    """Every valid set (as a sorted multiset) that ``tiles`` can build, by ``check_meld``; under
    ``joker_set_growth="ends"`` a run with jokers once per place its jokers can stand (declared)."""
    jokers = tiles[JOKER]
    found: dict[str, TileSet] = {}
    declare = rules.joker_set_growth == "ends"
    colours = [colour for colour in Colour if any(t.colour == colour for t in tiles)]
    numbers = sorted({tile.number for tile in tiles if not tile.is_joker})
    for colour in colours:
        for low in range(1, 12):
            for high in range(low + 2, 14):
                window = [Tile(number, colour) for number in range(low, high + 1)]
                real = [tile for tile in window if tiles[tile] > 0]
                if len(window) - len(real) > jokers or not real:
                    continue
                for keep in range(len(real) + 1):
                    for chosen in itertools.combinations(real, keep):
                        if len(window) - keep <= jokers and keep >= 1:
                            holes = [tile for tile in window if tile not in chosen]
                            told = tuple(Tile.joker(tile) if declare else JOKER for tile in holes)
                            option = tiles_key(chosen) + told
                            found[" ".join(map(str, option))] = option
    for number in numbers:
        real = [Tile(number, colour) for colour in Colour if tiles[Tile(number, colour)] > 0]
        for size in (3, 4):
            for keep in range(1, min(size, len(real)) + 1):
                if size - keep > jokers:
                    continue
                for chosen in itertools.combinations(real, keep):
                    option = tiles_key(chosen + (JOKER,) * (size - keep))
                    found[" ".join(map(str, option))] = option
    return sorted(
        (tiles for tiles in found.values() if check_meld(tiles, rules).ok),
        key=lambda tiles: ([tile.sort_key() for tile in tiles], " ".join(map(str, tiles))),
    )


def _fits(tiles: TileSet, have: Counter[Tile]) -> bool:
    """True when ``have`` holds every tile of ``tiles``."""
    return all(have[tile] >= count for tile, count in Counter(tiles).items())


def most_tiles(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    rules: RummikubRules,
    *,
    opened: bool,
) -> int:
    """The most rack tiles any turn ``check_turn`` accepts places (0: only drawing is legal)."""
    rack_count = Counter(rack)
    before = [tuple(tiles) for tiles in table]
    if not opened:
        return _opening(rack_count, before, rules)
    table_count = Counter(tile for tiles in before for tile in tiles)
    candidates = valid_sets(rack_count + table_count, rules)
    rack_tiles = tuple(rack)
    subsets = {
        tiles_key(chosen)
        for size in range(1, len(rack_tiles) + 1)
        for chosen in itertools.combinations(rack_tiles, size)
    }
    for placed in sorted(subsets, key=len, reverse=True):
        if _partitions(before, table_count + Counter(placed), candidates, rack_tiles, rules):
            return len(placed)
    return 0


def _partitions(
    before: list[TileSet],
    tiles: Counter[Tile],
    candidates: list[TileSet],
    rack: TileSet,
    rules: RummikubRules,
) -> bool:
    """True when ``tiles`` split into valid sets in some way ``check_turn`` accepts."""

    def cover(new: list[TileSet], left: Counter[Tile]) -> bool:
        if not left:
            return check_turn(before, new, rack, opened=True, rules=rules).ok
        pivot = min(left, key=Tile.sort_key)
        return any(
            cover([*new, option], left - Counter(option))
            for option in candidates
            if pivot in option and _fits(option, left)
        )

    return cover([], tiles)


def _opening(rack_count: Counter[Tile], before: list[TileSet], rules: RummikubRules) -> int:
    """The most rack tiles an initial meld places (table untouched, K-OPEN-1/2)."""
    candidates = valid_sets(rack_count, rules)
    rack = tuple(rack_count.elements())
    best = 0

    def search(new: list[TileSet], left: Counter[Tile], start: int, placed: int) -> None:
        nonlocal best
        if placed > best and check_turn(before, before + new, rack, opened=False, rules=rules).ok:
            best = placed
        if placed + sum(left.values()) <= best:
            return
        for index in range(start, len(candidates)):
            tiles = candidates[index]
            if _fits(tiles, left):
                search([*new, tiles], left - Counter(tiles), index, placed + len(tiles))

    search([], rack_count, 0, 0)
    return best


# ---------------------------------------------------------------------------------------------
# seeded small positions


@dataclass(frozen=True)
class Position:
    """A small position: rack, table, rules, whether the player has opened."""

    seed: int
    rack: TileSet
    table: tuple[TileSet, ...]
    rules: RummikubRules
    opened: bool


def _small_table(
    rng: random.Random, pool: list[Tile], rules: RummikubRules, sets: int
) -> list[TileSet]:
    """Up to ``sets`` valid table sets drawn from ``pool`` (removed from it)."""
    table: list[TileSet] = []
    for _ in range(sets * 6):
        if len(table) == sets:
            break
        have = Counter(pool)
        on_table = sum(tile.is_joker for tiles in table for tile in tiles)
        options = [
            tiles
            for tiles in valid_sets(have, rules)
            if len(tiles) <= 5 and on_table + tiles.count(JOKER) <= 2
        ]
        if not options:
            break
        tiles = rng.choice(options)
        table.append(tiles)
        for tile in tiles:
            pool.remove(tile)
    return table


def positions(count: int, seed: int = 0, growth: str = "ends") -> Iterator[Position]:
    """``count`` seeded small positions: 0, 2 and 4 jokers in turn, openings and plays mixed,
    under the K-JOKER-1 rule ``growth`` (``"ends"`` or ``"slide"``).

    Tiles come from two or three colours and numbers in a window of six to eight, so runs, groups
    and jokers meet often; tables hold one to three sets with two jokers at most between them (the
    oracle's search grows fast with table jokers), racks two to five tiles (openings three to seven)."""
    rng = random.Random(seed)
    for number in range(count):
        jokers = (0, 2, 4)[number % 3]
        rules = RummikubRules(
            jokers=4 if jokers == 4 else 2,  # 0: none dealt
            joker_set_growth="slide" if growth == "slide" else "ends",
        )
        colours = rng.sample(list(Colour), rng.choice((2, 3)))
        low = rng.randint(1, 6)
        span = range(low, min(13, low + rng.randint(5, 7)) + 1)
        pool = [Tile(n, colour) for colour in colours for n in span for _ in range(2)]
        pool += [JOKER] * jokers
        rng.shuffle(pool)
        opened = rng.random() < 0.75
        table = _small_table(rng, pool, rules, rng.randint(1, 3)) if opened else []
        rack = tuple(sorted(pool[: rng.randint(2, 5)], key=Tile.sort_key))
        if not opened:
            rack = tuple(sorted(pool[: rng.randint(3, 7)], key=Tile.sort_key))
        yield Position(number + seed * 1_000_000, rack, tuple(table), rules, opened)


def solver_tiles(position: Position) -> int:
    """Tiles the solver places in ``position``, its play checked by ``check_turn``."""
    from rummy_teach.solver import best_opening, best_play

    if not position.opened:
        play = best_opening(position.rack, position.rules, table=position.table)
        if play is None:
            return 0
    else:
        play = best_play(position.rack, position.table, position.rules)
        if not play.placed:
            return 0
    verdict = check_turn(
        position.table, play.table, position.rack, opened=position.opened, rules=position.rules
    )
    if not verdict.ok:
        raise AssertionError(f"illegal play in {position}: {verdict.message}")
    return play.tiles


def main() -> None:
    """Cross-check ``count`` seeded positions (default 3000) under both K-JOKER-1 rules (or the one
    named) and print any the solver gets wrong."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    growths = ["ends", "slide"] if len(sys.argv) <= 3 or sys.argv[3] == "both" else [sys.argv[3]]
    for growth in growths:
        print(f"joker_set_growth={growth}:", flush=True)
        _cross_check(count, seed, growth)


def _cross_check(count: int, seed: int, growth: str) -> None:
    """Cross-check ``count`` positions under ``growth`` and print the tally."""
    start = time.process_time()
    tally: Counter[str] = Counter()
    for position in positions(count, seed, growth):
        best = most_tiles(position.rack, position.table, position.rules, opened=position.opened)
        mine = solver_tiles(position)
        dealt = sum(t.is_joker for t in position.rack + tuple(x for s in position.table for x in s))
        kind = f"jokers={position.rules.jokers} {'play' if position.opened else 'opening'}"
        tally[f"with {dealt} jokers out"] += 1
        tally[kind] += 1
        if mine != best:
            tally["wrong"] += 1
            tally["below" if mine < best else "above"] += 1
            print(
                f"{'BELOW' if mine < best else 'ABOVE'} {mine} vs {best}: rack "
                f"{' '.join(map(str, position.rack))} table "
                f"{' | '.join(' '.join(map(str, t)) for t in position.table)} "
                f"jokers={position.rules.jokers} opened={position.opened}",
                flush=True,
            )
    print(dict(tally), f"{time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main()
