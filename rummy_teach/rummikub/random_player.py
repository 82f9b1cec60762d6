"""A simple random Rummikub player that proposes only legal turns, until the real bots exist.

It opens with random sets from its rack when they reach ``initial_meld_points`` (K-OPEN-2); after
that it lays random new sets, adds tiles to the ends of sets on the table, splits a run to fit a
duplicate tile in (K-TURN-1) and swaps a joker out for the tile it stands for, playing the joker
again at once (K-JOKER-2). Every proposal is checked with ``check_turn``; if nothing fits it draws.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.moves import Draw, Move, Play
from rummy_teach.rummikub.sets import (
    JOKER,
    TileSet,
    grows_validly,
    in_reading_order,
    joker_stands,
    swap_options,
    swapped,
)
from rummy_teach.rummikub.state import RummikubState

__all__ = ["RandomPlayer", "rack_sets", "random_move"]


def rack_sets(rack: Sequence[Tile], rules: RummikubRules) -> list[TileSet]:
    """Valid sets (up to 5 tiles in a run) that ``rack`` could lay on its own, jokers included."""
    real = sorted({tile for tile in rack if not tile.is_joker}, key=Tile.sort_key)
    jokers = min(sum(1 for tile in rack if tile.is_joker), 2)
    found: list[TileSet] = []
    for number in range(1, 14):
        colours = [tile for tile in real if tile.number == number]
        for size in (2, 3, 4):
            for chosen in combinations(colours, size):
                for extra in range(jokers + 1):
                    if 3 <= size + extra <= 4:
                        found.append((*chosen, *[JOKER] * extra))
    for colour in Colour:
        numbers = {tile.number for tile in real if tile.colour == colour}
        for low in range(1, 12):
            for high in range(low + 2, min(13, low + 4) + 1):
                span = range(low, high + 1)
                missing = [n for n in span if n not in numbers]
                if len(missing) <= jokers and len(missing) < len(span):
                    found.append(tuple(JOKER if n in missing else Tile(n, colour) for n in span))
    return [tiles for tiles in found if read_meld(tiles, rules).ok]


def _take(rack: Counter[Tile], tiles: Sequence[Tile]) -> bool:
    """Remove ``tiles`` from ``rack`` if all are there; say whether they were."""
    need = Counter(tiles)
    if any(rack[tile] < count for tile, count in need.items()):
        return False
    rack.subtract(need)
    return True


def _lay_new_sets(rack: Counter[Tile], rules: RummikubRules, rng: random.Random) -> list[TileSet]:
    candidates = rack_sets(list(rack.elements()), rules)
    rng.shuffle(candidates)
    chosen: list[TileSet] = []
    for tiles in candidates:
        if _take(rack, tiles):
            chosen.append(tiles)
    return chosen


def _opening(state: RummikubState, rng: random.Random) -> Move:
    rules = state.rules
    rack = Counter(state.rack)
    chosen = _lay_new_sets(rack, rules, rng)
    if not chosen:
        return Draw()
    points = sum(read_meld(tiles, rules).points for tiles in chosen)
    if points < rules.initial_meld_points:
        return Draw()
    return Play((*state.table, *chosen))


def _may_fit(tiles: Sequence[Tile], tile: Tile) -> bool:
    """A cheap first look: could ``tile`` join ``tiles`` (same number, or same colour)?"""
    if tile.is_joker:
        return True
    real = [piece for piece in tiles if not piece.is_joker]
    if all(piece.number == tile.number for piece in real):
        return all(piece.colour != tile.colour for piece in real)
    return all(piece.colour == tile.colour for piece in real)


def _grow(
    table: list[list[Tile]], rack: Counter[Tile], rules: RummikubRules, rng: random.Random
) -> None:
    """Add single rack tiles to sets on the table where the set stays valid."""
    tiles = list(rack.elements())
    rng.shuffle(tiles)
    for tile in tiles:
        order = list(range(len(table)))
        rng.shuffle(order)
        for index in order:
            if not _may_fit(table[index], tile):
                continue
            if grows_validly(table[index], [*table[index], tile], rules):  # K-JOKER-1
                table[index].append(tile)
                rack[tile] -= 1
                break


def _split(
    table: list[list[Tile]],
    rack: Counter[Tile],
    rules: RummikubRules,
    rng: random.Random,
    keep: int | None,
) -> None:
    """K-TURN-1: split a joker-free run at a rack tile's number to fit that duplicate in.

    Set ``keep`` (one whose joker was just freed) stays whole.
    """
    for tile in [tile for tile in rack.elements() if not tile.is_joker]:
        if rack[tile] <= 0:
            continue
        for index, tiles in enumerate(table):
            if index == keep or JOKER in tiles or tile not in tiles:
                continue
            if read_meld(tiles, rules).kind != "run":
                continue
            ordered = sorted(tiles, key=Tile.sort_key)
            cut = ordered.index(tile) + 1
            left, right = ordered[:cut], [tile, *ordered[cut:]]
            if read_meld(left, rules).ok and read_meld(right, rules).ok and rng.random() < 0.8:
                table[index] = left
                table.append(right)
                rack[tile] -= 1
                break


def _swap_joker(
    table: list[list[Tile]], rack: Counter[Tile], rules: RummikubRules, rng: random.Random
) -> int | None:
    """K-JOKER-2: free a joker with the tile it stands for and play it again on another set.

    Returns the index of the set the joker left, if any.
    """
    for index, tiles in enumerate(table):
        if JOKER not in tiles:
            continue
        for freed, stand_ins in swap_options(tiles, rules):
            if freed != 1 or not all(
                rack[tile] >= count for tile, count in Counter(stand_ins).items()
            ):
                continue
            rest = list(swapped(tiles, stand_ins, rules))
            if joker_stands(rest, rules) is None:
                continue
            targets = [i for i in range(len(table)) if i != index]
            rng.shuffle(targets)
            for target in targets:
                if grows_validly(table[target], [*table[target], JOKER], rules):
                    table[index] = rest
                    table[target] = [*table[target], JOKER]
                    rack.subtract(Counter(stand_ins))
                    return index
    return None


def _after_opening(state: RummikubState, rng: random.Random) -> Move:
    rules = state.rules
    rack = Counter(state.rack)
    table = [list(tiles) for tiles in state.table]
    swapped = _swap_joker(table, rack, rules, rng)
    table.extend(list(tiles) for tiles in _lay_new_sets(rack, rules, rng))
    _split(table, rack, rules, rng, swapped)
    _grow(table, rack, rules, rng)
    move = Play(table)
    if not move.placed(state.table):
        return Draw()
    return move


def random_move(state: RummikubState, rng: random.Random) -> Move:
    """A random legal move for the player to act: a checked ``Play`` if one is found, or Draw."""
    if state.opened[state.current_player]:
        move = _after_opening(state, rng)
    else:
        move = _opening(state, rng)
    if isinstance(move, Play):
        verdict = check_turn(
            state.table,
            move.table,
            state.rack,
            opened=state.opened[state.current_player],
            rules=state.rules,
        )
        if not verdict.ok:  # pragma: no cover - the checks above should make this impossible
            raise AssertionError(f"random player proposed an illegal turn: {verdict.message}")
        return Play(in_reading_order(tiles, state.rules) for tiles in move.table)
    return move


class RandomPlayer:
    """Chooses ``random_move`` with its own seeded random source."""

    def __init__(self, seed: int = 0) -> None:
        """Seed the player's choices so games replay."""
        self.rng = random.Random(seed)

    def choose(self, state: RummikubState) -> Move:
        """The move this player makes in ``state``."""
        return random_move(state, self.rng)
