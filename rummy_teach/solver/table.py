"""The position as the solver sees it: the checked input, each table set read, joker sets' hosts.

Table sets holding a joker follow the engine's ``check_turn`` (K-JOKER-1/2/4): each lives on inside
a new set of its own and of the same kind, whole (it may grow: at its ends only, its jokers keeping
their tiles, under ``joker_set_growth="ends"``; with its jokers sliding along a growing run under
``"slide"``) or with one or more jokers swapped for the tiles they stand for from the rack (the
freed jokers must be played again at once, K-JOKER-3). Which swaps there are, K-JOKER-4 included,
is ``rummikub.sets.carry_options``'s to say.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Colour, Tile, as_pieces
from rummy_teach.rules import RummikubRules, rummikub_rules
from rummy_teach.rummikub.card_words import said
from rummy_teach.rummikub.sets import (
    JOKER,
    TileSet,
    carry_options,
    joker_stands,
    plain,
    set_verdict,
    settle,
    tiles_key,
)
from rummy_teach.rummikub.tiles import format_rummikub, full_set, tile_label
from rummy_teach.solver.catalogue import COLOURS
from rummy_teach.solver.readings import Reading

__all__ = [
    "Host",
    "TableSet",
    "check_pieces",
    "check_rules",
    "check_supply",
    "hosts",
    "read_set",
]

_NAMING_RULES = RummikubRules(jokers=4)
"""Rules that read any set of tiles, whatever the variant (how the engine tells runs from groups)."""


def check_rules(rules: RummikubRules) -> None:
    """Refuse rules that are not Rummikub's."""
    rummikub_rules(rules, "the solver")


def check_pieces(pieces: Iterable[Tile], what: str) -> TileSet:
    """The pieces as a tuple; anything but a list of tiles raises ``RulesError``."""
    tiles: TileSet = as_pieces(
        pieces,
        f"each set of the {what}" if what == "table" else f"the {what}",
        kind=Tile,
        wrong=f"Rummikub is played with tiles: {{piece}} in the {what} does not belong",
    )
    return tiles


def check_supply(tiles: Iterable[Tile], rules: RummikubRules) -> None:
    """Refuse a position holding more of a tile than the game has (K-SET-1), naming the tile."""
    found = Counter(plain(tiles))
    in_game = Counter(full_set(rules))
    for tile in sorted(found, key=Tile.sort_key):
        if found[tile] > in_game[tile]:
            key = "solver.too_many_jokers" if tile.is_joker else "solver.too_many_copies"
            tile_text = format_rummikub([tile], rules)
            raise RulesError(
                said(key, rules, count=found[tile], tile=tile_text, allowed=in_game[tile])
            )


@dataclass(frozen=True, slots=True)
class TableSet:
    """A set on the table: as given, its kind, how many jokers it holds (and what they stand for)."""

    given: TileSet
    kind: Literal["run", "group"]
    jokers: int
    stands: TileSet = ()
    """What its jokers stand for (K-MELD-5: declared, else as read), in the order they lie."""


def read_set(tiles: Sequence[Tile], rules: RummikubRules) -> TableSet:
    """Read a table set as the engine does (K-MELD-5); an invalid set raises ``RulesError``."""
    given = tuple(tiles)
    for tile in given:
        if not isinstance(tile, Tile):
            raise RulesError(f"Rummikub is played with tiles: {shown(tile)} does not belong")
    quick = _read_plain(given)
    if quick is not None:
        return quick
    verdict = read_meld(given, rules)
    if not verdict.ok:
        raise RulesError(
            messages.text(
                "solver.bad_table_set",
                pieces=format_rummikub(given, rules),
                reason=verdict.message,
            )
        )
    problem = settle((), [given], rules).problem
    if problem is not None:  # K-MELD-5: the table remembers only what fits
        stand_in = problem[1].stands
        assert stand_in is not None
        raise RulesError(
            said(
                "rummikub.joker_misfit",
                rules,
                set_name=format_rummikub(given, rules),
                stand_in=tile_label(stand_in, rules),
            )
        )
    jokers = sum(1 for tile in given if tile.is_joker)
    stands = joker_stands(given, rules) or joker_stands(plain(given), rules) or ()
    kind = set_verdict(given, rules).kind  # as its jokers are declared: J=R8 makes O8 J a group
    return TableSet(given, kind or "run", jokers, stands)


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


def hosts(
    table_set: TableSet,
    rules: RummikubRules,
    spare: int,
    usable: Callable[[Tile], bool] | None = None,
    *,
    swappable: Callable[[TileSet], bool] | None = None,
) -> list[Host]:
    """Every new set that could carry ``table_set`` on: untouched, grown, or jokers swapped out.

    Today's rule (``joker_set_growth="slide"``, K-JOKER-1): the old set's tiles stay together in
    one new set of the same kind (a run holding a joker stays a run, a group a group) and its
    jokers are read anew, so they may slide anywhere along a run that grows, however long.
    ``spare`` extra jokers may join (four-joker model); ``usable`` says which tiles an extension
    may take (default: any); ``swappable`` which stand-ins a swap may take (default: any; the
    solver's, those on the rack: most swaps are not, so their hosts are never built). Hosts are
    told apart by the tiles they take: one per extension.

    A run host never begins (or ends) with three extension tiles in a row that could split off
    as a run of their own while the rest still carries the old set: that split is as good and
    the model has it (a catalogue run beside a smaller host), so such hosts are left out.

    Under ``joker_set_growth="ends"`` (K-JOKER-1) a run grows only at its ends and its jokers keep
    their tiles (each carry's ``stands``): ``_run_carriers_at_ends`` gives the runs whose jokers
    stand where the old ones did, the extension beyond them (new jokers too); a swap (K-JOKER-2)
    stays as it is, and groups are the same under both rules."""
    found: list[Host] = []
    seen: set[tuple[TileSet, int, TileSet]] = set()
    for carry in carry_options(table_set.given, rules):
        real = tuple(tile for tile in carry.needs.elements() if not tile.is_joker)
        stand_ins = tiles_key(carry.from_rack.elements())
        if stand_ins and swappable is not None and not swappable(stand_ins):
            continue
        if table_set.kind == "run" and rules.joker_set_growth == "ends":
            # a joker swapped out may come back at an end of its own set (K-JOKER-2)
            carriers = _run_carriers_at_ends(
                real,
                tuple(carry.stands.elements()),
                spare + carry.freed,
                usable or (lambda tile: True),
            )
        else:
            carriers = _carriers(real, carry.needs[JOKER], spare, table_set.kind, usable)
        for reading, extension in carriers:
            key = (tiles_key(extension), carry.freed, stand_ins)
            if key in seen:
                continue
            if len(real) + sum(not tile.is_joker for tile in extension) == 1:
                declared = [
                    Tile.joker(read) if shown.is_joker else shown for shown, read in reading
                ]
                if set_verdict(declared, _NAMING_RULES).kind != table_set.kind:
                    continue  # one tile and jokers: the engine would read it as the other kind
            seen.add(key)
            found.append(Host(reading, extension, carry.freed, stand_ins))
    return found


def _carriers(
    real: TileSet, jokers: int, spare: int, kind: str, usable: Callable[[Tile], bool] | None
) -> list[tuple[Reading, TileSet]]:
    """Valid sets of ``kind`` holding ``real`` and ``jokers`` jokers (``spare`` more): (reading, extra)."""
    allowed = usable or (lambda tile: True)
    if kind == "group":
        return [
            (reading, extra)
            for reading, extra in _group_carriers(real, jokers, spare)
            if all(tile.is_joker or allowed(tile) for tile in extra)
        ]
    return _run_carriers(real, jokers, spare, allowed)


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


def _run_carriers(
    real: TileSet, jokers: int, spare: int, usable: Callable[[Tile], bool]
) -> list[tuple[Reading, TileSet]]:
    """Runs holding ``real`` and the jokers (``spare`` more may join), any length up to 13.

    Each is told by its real tiles ``N`` (``real`` and the extension): they span a window whose
    gaps the jokers fill, the jokers left over standing beyond it (K-JOKER-1, slide)."""
    found: list[tuple[Reading, TileSet]] = []
    numbers = {tile.number for tile in real}
    colours = {tile.colour for tile in real}
    if len(colours) != 1 or len(numbers) != len(real):
        return found
    colour = next(iter(colours))
    assert colour is not None
    low, high = min(numbers), max(numbers)
    open_numbers = {n for n in range(1, 14) if n not in numbers and usable(Tile(n, colour))}
    for extra_jokers in range(spare + 1):
        all_jokers = jokers + extra_jokers
        for start in range(1, low + 1):
            if start != low and start not in open_numbers:
                continue
            for stop in range(high, 14):
                if stop != high and stop not in open_numbers:
                    continue
                inner = [n for n in range(start + 1, stop) if n not in numbers]
                forced = [n for n in inner if n not in open_numbers]
                choice = [n for n in inner if n in open_numbers]
                for more in range(all_jokers - len(forced) + 1):
                    for gaps in itertools.combinations(choice, more):
                        holes = set(forced) | set(gaps)
                        present = sorted(n for n in range(start, stop + 1) if n not in holes)
                        if not _fits_run(present, numbers, all_jokers):
                            continue
                        found.append(
                            _run_reading(present, numbers, colour, all_jokers, extra_jokers)
                        )
    return found


def _fits_run(present: list[int], numbers: set[int], jokers: int) -> bool:
    """True when ``present`` (sorted) and ``jokers`` make a run no split could do as well."""
    length = len(present) + jokers
    if not 3 <= length <= 13:
        return False
    if len(present) + jokers < 6:
        return True  # nothing to split off: the rest would be too short
    for ends in (present[:3], present[-3:]):
        if not numbers.intersection(ends) and ends[2] - ends[0] == 2:
            return False  # three extension tiles in a row at an end: they split off as a run
    return True


def _run_reading(
    present: list[int], numbers: set[int], colour: Colour, jokers: int, extra_jokers: int
) -> tuple[Reading, TileSet]:
    """The run's reading (jokers in the gaps, then beyond the ends) and its extension tiles."""
    start, stop = present[0], present[-1]
    reading: list[tuple[Tile, Tile]] = []
    for number in range(start, stop + 1):
        tile = Tile(number, colour)
        reading.append((tile, tile) if number in present else (JOKER, tile))
    left = jokers - (stop - start + 1 - len(present))
    above = min(left, 13 - stop)
    reading.extend((JOKER, Tile(stop + step, colour)) for step in range(1, above + 1))
    below = left - above
    reading[:0] = [(JOKER, Tile(start - step, colour)) for step in range(below, 0, -1)]
    extension = tuple(Tile(n, colour) for n in present if n not in numbers)
    return tuple(reading), extension + (JOKER,) * extra_jokers


def _run_carriers_at_ends(
    real: TileSet, stands: TileSet, spare: int, usable: Callable[[Tile], bool]
) -> list[tuple[Reading, TileSet]]:
    """K-JOKER-1 (``"ends"``): runs holding ``real`` with jokers standing for ``stands``, grown
    only beyond that block at either end, by usable tiles or up to ``spare`` new jokers.

    Numbers are bits of one integer (measured: the late tier's hosts 261 -> 205 ms per 100
    positions against sets of numbers, every host the same)."""
    found: list[tuple[Reading, TileSet]] = []
    block = {tile.number for tile in real} | {tile.number for tile in stands}
    colours = {tile.colour for tile in real} | {tile.colour for tile in stands}
    if len(colours) != 1 or len(block) != len(real) + len(stands):
        return found
    colour = next(iter(colours))
    assert colour is not None
    low, high = min(block), max(block)
    if high - low + 1 != len(block):
        return found
    numbers = 0
    for tile in real:
        numbers |= 1 << tile.number
    held = 0
    for tile in stands:
        held |= 1 << tile.number
    at = [JOKER] + [Tile(n, colour) for n in range(1, 14)]
    open_at = [False] + [not low <= n <= high and usable(at[n]) for n in range(1, 14)]
    done: set[tuple[int, int]] = set()  # extensions ``hosts`` keeps for sure
    for start in range(low, 0, -1):
        below = [n for n in range(start, low) if not open_at[n]]
        if len(below) > spare:
            break  # a longer window only blocks more
        for stop in range(high, 14):
            if not 3 <= stop - start + 1 <= 13:
                continue
            blocked = below + [n for n in range(high + 1, stop + 1) if not open_at[n]]
            if len(blocked) > spare:
                break
            free = [n for n in range(start, stop + 1) if open_at[n]]
            blocked_bits = 0
            for n in blocked:
                blocked_bits |= 1 << n
            window = (1 << (stop + 1)) - (1 << start)
            size = stop - start + 1
            # a joker below the old set's block could stand above the window instead: that host
            # (the window one higher) came first, so ``hosts`` would drop this repeat
            shifts = start < low and stop < 13
            for more in range(spare - len(blocked) + 1):
                shown = size - len(blocked) - more - len(stands)
                for chosen in itertools.combinations(free, more):
                    holes = blocked_bits | held
                    for n in chosen:
                        holes |= 1 << n
                    if shifts and shown > 1 and holes >> start & 1:
                        continue
                    present = window & ~holes
                    added = present & ~numbers
                    key = (added, holes.bit_count() - len(stands))
                    if key in done or not present:
                        continue
                    if size >= 6 and not _ends_fit(present, numbers):
                        continue
                    if present & (present - 1):  # ``hosts`` drops a repeat of it unread
                        done.add(key)
                    reading = tuple(
                        (JOKER, at[n]) if holes >> n & 1 else (at[n], at[n])
                        for n in range(start, stop + 1)
                    )
                    extension = tuple(at[n] for n in range(start, stop + 1) if added >> n & 1)
                    found.append((reading, extension + (JOKER,) * key[1]))
    return found


def _ends_fit(present: int, numbers: int) -> bool:
    """``_fits_run`` for a run of six or more (``present`` and ``numbers`` as bits of numbers):
    False when three extension tiles in a row at an end would split off as a run."""
    lowest = (present & -present).bit_length() - 1
    if present >> lowest & 7 == 7 and not numbers & (7 << lowest):
        return False
    highest = present.bit_length() - 3
    return not (highest >= 0 and present >> highest & 7 == 7 and not numbers & (7 << highest))
