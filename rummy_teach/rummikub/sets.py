"""The one home of Rummikub jokers on the table: how a set reads, where its jokers stand, how they are freed.

The engine's turn check, the workspace, the random player and the solver all call this module, so
the joker rules (K-MELD-5, K-JOKER-1, K-JOKER-2, K-JOKER-4) are written once.

What a joker on the table stands for (K-MELD-5): what the player declared (``J=R4``, the tile's
``stands``), else what ``melds.reading.read_meld`` reads it as: a gap first, else the run extended
upwards, else downwards. A set keeps the order its tiles were laid in; when it is laid the engine
records in each joker what it stands for (``stamped``, ``settle``), so the table remembers. In a
group a joker may stand for any missing colour, so K-JOKER-4 decides which tiles free it: either
missing colour, or (``"both"``, in a group of two tiles and a joker) both missing colours together.

K-JOKER-1 (``RummikubRules.joker_set_growth``): under ``"ends"`` (the rule book's default) a run
holding a joker grows only at its ends and each joker keeps the tile it stood for until swapped out
(K-JOKER-2); a group grows by a missing colour, its jokers standing for whichever colours are still
missing. Under ``"slide"`` the set is read afresh, so a joker may slide along a growing run. Either
way the set's tiles stay together in one new set of the same kind, and no joker is taken out but by
a swap.

>>> from rummy_teach.pieces import parse_tiles
>>> from rummy_teach.rules import RummikubRules
>>> swap_options(parse_tiles("R5 J R7"), RummikubRules())
[(1, (Tile.parse('R6'),))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal, TypeAlias

from rummy_teach.melds import Verdict
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules

__all__ = [
    "JOKER",
    "Carry",
    "Settled",
    "Table",
    "TileSet",
    "carry_options",
    "grows_validly",
    "in_reading_order",
    "joker_stands",
    "jokers_in_place",
    "plain",
    "set_verdict",
    "settle",
    "stamped",
    "stand_ins",
    "swap_options",
    "swapped",
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
    """A set's reading with every place that no real tile fills shown as a joker standing for it."""
    present = Counter(real)
    ordered: list[Tile] = []
    for tile in reading:
        if present[tile] > 0:
            present[tile] -= 1
            ordered.append(tile)
        else:
            ordered.append(Tile.joker(tile))
    return tuple(ordered)


def plain(tiles: Iterable[Tile]) -> TileSet:
    """The tiles with every joker's declaration dropped (to be read afresh, K-MELD-5)."""
    return tuple(JOKER if tile.is_joker else tile for tile in tiles)


def _with_declared(tiles: Sequence[Tile]) -> list[Tile]:
    """The tiles with each declared joker replaced by the tile it stands for."""
    return [tile.stands if tile.is_joker and tile.stands is not None else tile for tile in tiles]


def joker_stands(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet | None:
    """What each joker of the set stands for, in the order the jokers lie (K-MELD-5).

    A declared joker stands for its declared tile; the others as ``read_meld`` reads them, the
    declared ones fixed. None when the set is not valid so read (invalid, or a declaration that
    does not fit); ``()`` for a valid set without jokers.
    """
    if all(tile.is_joker for tile in tiles):
        return None
    verdict = read_meld(_with_declared(tiles), rules)
    if not verdict.ok:
        return None
    read = iter(tile for tile in verdict.jokers if isinstance(tile, Tile))
    stands = [tile.stands or next(read) for tile in tiles if tile.is_joker]
    return tuple(stands)


def stamped(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """The set in the order given, each joker recording what it stands for (K-MELD-5).

    A declaration that does not fit is dropped and the joker read afresh; an invalid set comes back
    as given.
    """
    stands = joker_stands(tiles, rules)
    if stands is None:
        stands = joker_stands(plain(tiles), rules)
        if stands is None:
            return tuple(tiles)
    told = iter(stands)
    return tuple(Tile.joker(next(told)) if tile.is_joker else tile for tile in tiles)


def set_verdict(tiles: Sequence[Tile], rules: RummikubRules) -> Verdict:
    """``check_meld`` of the set with its declared jokers standing for what they were declared as."""
    if not any(tile.is_joker and tile.stands is not None for tile in tiles):
        return read_meld(tiles, rules)
    stands = joker_stands(tiles, rules)
    if stands is None:
        read = joker_stands(plain(tiles), rules)
        if read is None:
            return read_meld(tiles, rules)
        jokers = [tile for tile in tiles if tile.is_joker]
        stands = tuple(joker.stands or tile for joker, tile in zip(jokers, read, strict=True))
    return read_meld(tiles, rules, jokers=stands)


def in_reading_order(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """The set laid out as it reads (K-MELD-5), each joker where the tile it stands for would be
    and recording it. An invalid set comes back sorted."""
    laid = stamped(tiles, rules)
    verdict = set_verdict(laid, rules)
    if not verdict.ok or any(tile.is_joker and tile.stands is None for tile in laid):
        return tiles_key(tiles)
    if verdict.kind == "group":  # K R B O, then the jokers
        return tiles_key(tile for tile in laid if not tile.is_joker) + tuple(
            tile for tile in laid if tile.is_joker
        )
    verdict = read_meld(_with_declared(laid), rules)
    reading = [piece for piece in verdict.reading if isinstance(piece, Tile)]
    return jokers_in_place(reading, [tile for tile in laid if not tile.is_joker])


def stand_ins(tiles: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """What the set's jokers stand for (K-MELD-5), in reading order; none for an invalid set."""
    if not any(tile.is_joker for tile in tiles):
        return ()
    laid = in_reading_order(tiles, rules)
    return tuple(tile.stands for tile in laid if tile.is_joker and tile.stands is not None)


def _misfit(tiles: Sequence[Tile], rules: RummikubRules) -> int | None:
    """The place of the first declared joker whose declaration the set cannot take, or None."""
    kept = list(plain(tiles))
    for place, tile in enumerate(tiles):
        if tile.is_joker and tile.stands is not None:
            kept[place] = tile
            if joker_stands(kept, rules) is None:
                return place
    return None


@dataclass(frozen=True, slots=True)
class Settled:
    """A proposed table with every joker recording what it stands for, or the declaration that
    does not fit: ``problem`` is (set index, the joker as declared)."""

    table: Table
    problem: tuple[int, Tile] | None = None


def settle(
    before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]], rules: RummikubRules
) -> Settled:
    """The table ``after`` as it would be laid over ``before`` (K-MELD-5, K-JOKER-1).

    Sets keep their order; every joker records what it stands for: as declared, else as read (a
    set written again with the same tiles and no declarations is the set that lay there, and keeps
    what its jokers stood for). A joker still recording what it stood for on the table before (a declaration it brought along)
    is read afresh where that no longer fits; any other declaration that does not fit is the
    ``problem`` (K-MELD-5). Sets that are not valid however read stay as they are.
    """
    brought: Counter[Tile] = Counter()
    untouched: dict[TileSet, list[TileSet]] = {}
    for tiles in before:
        told = joker_stands(tiles, rules) or ()
        brought.update(told)
        if told:
            untouched.setdefault(tiles_key(tiles), []).append(told)
    table: list[TileSet] = []
    problem: tuple[int, Tile] | None = None
    for index, tiles in enumerate(after):
        laid = list(tiles)
        if joker_stands(plain(laid), rules) is None:
            table.append(tuple(laid))
            continue
        same = untouched.get(tiles_key(laid))
        if same and all(tile.stands is None for tile in laid):  # left as it was: it remembers
            kept = iter(same.pop())
            table.append(tuple(Tile.joker(next(kept)) if t.is_joker else t for t in laid))
            continue
        while (place := _misfit(laid, rules)) is not None:
            joker = laid[place]
            assert joker.stands is not None
            if brought[joker.stands] <= 0:
                problem = problem or (index, joker)
                break
            brought[joker.stands] -= 1
            laid[place] = JOKER
        table.append(stamped(laid, rules))
    return Settled(tuple(table), problem)


def swap_options(tiles: Sequence[Tile], rules: RummikubRules) -> list[tuple[int, TileSet]]:
    """Ways to free jokers from a table set (K-JOKER-2, K-JOKER-4): (jokers freed, their stand-ins).

    Runs: the tiles the jokers stand for (as declared, else as ``read_meld`` reads them). Groups:
    any missing colour per joker, or, with ``joker_trio_retrieval="both"`` in a group of two
    tiles and a joker, both missing colours. An invalid set, or one without jokers, has none.
    """
    jokers = sum(1 for tile in tiles if tile.is_joker)
    verdict = set_verdict(tiles, rules)
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
        stands = joker_stands(tiles, rules) or joker_stands(plain(tiles), rules) or ()
        for freed in range(1, jokers + 1):
            for chosen in combinations(stands, freed):
                options.add((freed, tiles_key(chosen)))
    return sorted(options, key=lambda option: (option[0], [t.sort_key() for t in option[1]]))


def swapped(tiles: Sequence[Tile], stand_ins: Sequence[Tile], rules: RummikubRules) -> TileSet:
    """The set with jokers swapped out for ``stand_ins`` (K-JOKER-2): in a run the jokers standing
    for them, in a group any; the other jokers keep what they stand for."""
    laid = list(stamped(tiles, rules))
    group = set_verdict(laid, rules).kind == "group"
    for tile in stand_ins:
        for place, joker in enumerate(laid):
            if joker.is_joker and (group or joker.stands == tile):
                laid[place] = tile
                break
        else:
            if group:  # K-JOKER-4, "both": two tiles for one joker, the second joins the group
                laid.append(tile)
    return tuple(laid)


def _kind(tiles: Sequence[Tile], rules: RummikubRules) -> Literal["run", "group"] | None:
    """The set's kind as its jokers are declared (K-MELD-5): ``K13 J=K11 J=K12`` is a run."""
    return set_verdict(tiles, rules).kind


def grows_validly(tiles: Sequence[Tile], grown: Sequence[Tile], rules: RummikubRules) -> bool:
    """True when ``grown`` (``tiles`` plus more) is a valid set of the same kind that carries the
    set on as K-JOKER-1 allows: under ``"ends"`` a run's jokers keep the tiles they stand for."""
    if not read_meld(grown, rules).ok or _kind(grown, rules) != _kind(tiles, rules):
        return False
    if rules.joker_set_growth == "slide" or _kind(tiles, rules) == "group":
        return True
    old = joker_stands(tiles, rules)
    new = joker_stands(grown, rules)
    return old is not None and new is not None and not Counter(old) - Counter(new)


@dataclass(frozen=True, slots=True)
class Carry:
    """One way a table set holding a joker may live on (K-JOKER-1, K-JOKER-2).

    A new set of the same kind must hold ``needs``; ``from_rack`` are the rack tiles that replace
    freed jokers (empty when the set lives on whole, perhaps grown); under
    ``joker_set_growth="ends"`` the new set's jokers must stand for ``stands`` (in a run: what the
    jokers still in it stood for).
    """

    needs: Counter[Tile]
    from_rack: Counter[Tile]
    freed: int = 0
    stands: Counter[Tile] = field(default_factory=Counter)


def carry_options(tiles: Sequence[Tile], rules: RummikubRules) -> list[Carry]:
    """Every way the joker set ``tiles`` may live on: whole first, then each joker swap."""
    have = Counter(plain(tiles))
    pinned = rules.joker_set_growth == "ends" and _kind(tiles, rules) == "run"
    stands = Counter(joker_stands(tiles, rules) or ()) if pinned else Counter()
    options = [Carry(have, Counter(), 0, stands)]
    for freed, stand_ins in swap_options(tiles, rules):
        needs = have - Counter({JOKER: freed}) + Counter(stand_ins)
        left = stands - Counter(stand_ins) if pinned else Counter()
        options.append(Carry(needs, Counter(stand_ins), freed, left))
    return options
