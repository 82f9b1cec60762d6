"""The position as the solver sees it: the checked input, each table set read, joker sets' hosts.

Table sets holding a joker follow the engine's ``check_turn`` (K-JOKER-1/2/4): each lives on inside
a new set of its own and of the same kind, whole (it may grow, and its joker may slide along a
growing run) or with one or more jokers swapped for the tiles they stand for from the rack (the
freed jokers must be played again at once, K-JOKER-3). Which swaps there are, K-JOKER-4 included,
is ``rummikub.sets.carry_options``'s to say.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach.errors import RulesError
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER, TileSet, carry_options, tiles_key
from rummy_teach.solver.catalogue import COLOURS
from rummy_teach.solver.readings import Reading

__all__ = ["Host", "TableSet", "check_pieces", "check_rules", "hosts", "read_set"]

_NAMING_RULES = RummikubRules(jokers=4)
"""Rules that read any set of tiles, whatever the variant (how the engine tells runs from groups)."""


def check_rules(rules: RummikubRules) -> None:
    """Refuse rules that are not Rummikub's."""
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"the solver plays Rummikub: rules must be RummikubRules, not {rules!r}")


def check_pieces(pieces: Iterable[Tile], what: str) -> TileSet:
    """The pieces as a tuple; anything but a tile raises ``RulesError``."""
    tiles = tuple(pieces)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise RulesError(
                f"Rummikub is played with tiles: {tile!r} in the {what} does not belong"
            )
    return tiles


@dataclass(frozen=True, slots=True)
class TableSet:
    """A set on the table: as given, its kind, how many jokers it holds."""

    given: TileSet
    kind: Literal["run", "group"]
    jokers: int


def read_set(tiles: Sequence[Tile], rules: RummikubRules) -> TableSet:
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
    return TableSet(given, verdict.kind or "run", jokers)


def _read_plain(given: TileSet) -> TableSet | None:
    """A joker-free valid set read without the full judge (K-MELD-2, K-MELD-3); else None."""
    if len(given) < 3 or any(tile.colour is None for tile in given):
        return None
    numbers = {tile.number for tile in given}
    colours = {tile.colour for tile in given}
    if len(numbers) == 1 and len(colours) == len(given) <= 4:
        return TableSet(given, "group", 0)
    if (
        len(colours) == 1
        and len(numbers) == len(given)
        and max(numbers) - min(numbers) == len(given) - 1
    ):
        return TableSet(given, "run", 0)
    return None


@dataclass(frozen=True, slots=True)
class Host:
    """A new set that carries an old joker set on (K-JOKER-1): its extra tiles, any joker swap."""

    reading: Reading
    """The new set in order, jokers as (joker, stand-in); extension tiles not yet jokers."""
    extension: TileSet
    """Tiles the new set takes besides the old set's own (and besides the stand-ins)."""
    freed: int = 0
    """Jokers swapped out (K-JOKER-2); they go back into play elsewhere on the table."""
    stand_ins: TileSet = ()
    """The rack tiles that replace the freed jokers."""

    @property
    def untouched(self) -> bool:
        """True when the old set lives on exactly as it was."""
        return not self.extension and not self.freed


def hosts(table_set: TableSet, rules: RummikubRules, spare: int) -> list[Host]:
    """Every new set that could carry ``table_set`` on: untouched, grown, or jokers swapped out.

    A host is of the same kind as the old set (K-JOKER-1: a run holding a joker stays a run, a
    group a group). A run host reaches at most two tiles beyond its jokers on each side: anything
    longer splits off as a run of its own, so nothing is lost. ``spare`` extra jokers may join
    (four-joker model)."""
    found: list[Host] = []
    seen: set[tuple[TileSet, int, TileSet]] = set()
    for carry in carry_options(table_set.given, rules):
        real = tuple(tile for tile in carry.needs.elements() if not tile.is_joker)
        stand_ins = tiles_key(carry.from_rack.elements())
        for reading, extension in _carriers(real, carry.needs[JOKER], spare, table_set.kind):
            key = (tiles_key(extension), carry.freed, stand_ins)
            if key in seen:
                continue
            if sum(1 for shown, _ in reading if not shown.is_joker) == 1:
                shown_tiles = [shown for shown, _ in reading]
                if check_meld(shown_tiles, _NAMING_RULES).kind != table_set.kind:
                    continue  # one tile and jokers: the engine would read it as the other kind
            seen.add(key)
            found.append(Host(reading, extension, carry.freed, stand_ins))
    return found


def _carriers(real: TileSet, jokers: int, spare: int, kind: str) -> list[tuple[Reading, TileSet]]:
    """Valid sets of ``kind`` holding ``real`` and ``jokers`` jokers (``spare`` more): (reading, extra)."""
    if kind == "group":
        return _group_carriers(real, jokers, spare)
    return _run_carriers(real, jokers, spare)


def _group_carriers(real: TileSet, jokers: int, spare: int) -> list[tuple[Reading, TileSet]]:
    """Groups of 3-4 holding ``real`` and the jokers, each joker on a missing colour."""
    found: list[tuple[Reading, TileSet]] = []
    numbers = {tile.number for tile in real}
    colours = {tile.colour for tile in real}
    if len(numbers) != 1 or len(colours) != len(real):
        return found
    number = next(iter(numbers))
    missing = [Tile(number, colour) for colour in COLOURS if colour not in colours]
    for extra_jokers in range(spare + 1):
        for size in range(len(missing) + 1):
            for extra in itertools.combinations(missing, size):
                total = len(real) + size + jokers + extra_jokers
                if not 3 <= total <= 4:
                    continue
                left = [tile for tile in missing if tile not in extra]
                reading = tuple((tile, tile) for tile in sorted(real + extra)) + tuple(
                    (JOKER, left[place]) for place in range(jokers + extra_jokers)
                )
                found.append((reading, extra + (JOKER,) * extra_jokers))
    return found


def _run_carriers(real: TileSet, jokers: int, spare: int) -> list[tuple[Reading, TileSet]]:
    """Runs holding ``real`` and the jokers, reaching up to two tiles past the jokers each side."""
    found: list[tuple[Reading, TileSet]] = []
    numbers = {tile.number for tile in real}
    colours = {tile.colour for tile in real}
    if len(colours) != 1 or len(numbers) != len(real):
        return found
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
                        (JOKER, Tile(number, colour))
                        if number in places
                        else (Tile(number, colour),) * 2
                        for number in range(start, stop + 1)
                    )
                    extension = tuple(
                        Tile(number, colour) for number in free if number not in places
                    )
                    found.append((reading, extension + (JOKER,) * extra_jokers))
    return found
