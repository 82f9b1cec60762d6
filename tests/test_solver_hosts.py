"""The hosts a joker run may live on in under ``joker_set_growth="ends"`` (K-JOKER-1): the solver's
fast enumeration (numbers as bits) against every window written out one by one."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rummy_teach.pieces import Colour, Tile, parse_tiles
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import JOKER, TileSet
from rummy_teach.solver.readings import Reading
from rummy_teach.solver.table import _run_carriers_at_ends, hosts, read_set

Carrier = tuple[Reading, TileSet]


def every_grown_run(
    real: set[int], held: set[int], colour: Colour, spare: int, unusable: set[int]
) -> set[Carrier]:
    """Each run holding the block ``real`` + ``held`` (jokers standing for ``held``), grown at its
    ends by usable tiles or up to ``spare`` new jokers, as ``hosts`` may keep it: no three
    extension tiles in a row at an end of a run of six or more (they would split off), and no
    new joker at the bottom of a window that could slide it to the top instead."""
    low, high = min(real | held), max(real | held)
    found: set[Carrier] = set()
    for start in range(1, low + 1):
        for stop in range(high, 14):
            size = stop - start + 1
            outside = [n for n in range(start, stop + 1) if not low <= n <= high]
            for count in range(min(spare, len(outside)) + 1):
                for jokers in itertools.combinations(outside, count):
                    tiles = [n for n in outside if n not in jokers]
                    if size < 3 or any(n in unusable for n in tiles):
                        continue
                    present = sorted(real | set(tiles))
                    if not present:
                        continue
                    if size >= 6 and any(
                        len(ends) == 3 and ends[2] - ends[0] == 2 and not real & set(ends)
                        for ends in (present[:3], present[-3:])
                    ):
                        continue
                    if start < low and stop < 13 and len(present) > 1 and start in jokers:
                        continue
                    holes = held | set(jokers)
                    reading = tuple(
                        (JOKER, Tile(n, colour)) if n in holes else (Tile(n, colour),) * 2
                        for n in range(start, stop + 1)
                    )
                    extension = tuple(Tile(n, colour) for n in tiles) + (JOKER,) * count
                    found.add((reading, extension))  # type: ignore[arg-type]
    return found


@given(
    low=st.integers(1, 11),
    size=st.integers(3, 6),
    jokers=st.sets(st.integers(0, 5), max_size=3),
    colour=st.sampled_from(list(Colour)),
    spare=st.integers(0, 3),
    unusable=st.sets(st.integers(1, 13)),
)
def test_the_fast_hosts_are_every_grown_run_once(
    low: int, size: int, jokers: set[int], colour: Colour, spare: int, unusable: set[int]
) -> None:
    """Every host the enumeration gives is a valid grown run, every valid extension is among
    them, and an extension comes once unless its run shows one tile: then every reading of it
    comes, since ``hosts`` drops those the engine would read as a group."""
    block = [n for n in range(low, low + size) if n <= 13]
    held = {block[place] for place in jokers if place < len(block)}
    real = set(block) - held
    if not real:
        return
    carriers = _run_carriers_at_ends(
        tuple(Tile(n, colour) for n in sorted(real)),
        tuple(Tile(n, colour) for n in sorted(held)),
        spare,
        lambda tile: tile.number not in unusable,
    )
    expected = every_grown_run(real, held, colour, spare, unusable)
    assert set(carriers) <= expected
    assert {extension for _, extension in carriers} == {extension for _, extension in expected}
    shown_one = [carrier for carrier in carriers if _shown(carrier) == 1]
    assert set(shown_one) == {carrier for carrier in expected if _shown(carrier) == 1}
    shown_more = [extension for reading, extension in carriers if _shown((reading, extension)) > 1]
    assert len(shown_more) == len(set(shown_more))


def _shown(carrier: Carrier) -> int:
    """How many tiles (not jokers) the carrier's run shows."""
    return sum(not shown.is_joker for shown, _ in carrier[0])


@given(
    st.sampled_from(["J J B3", "R4 J R6", "K5 J J", "J R7 B7", "O1 O2 J O4", "J J O9 O10"]),
    st.sampled_from(["slide", "ends"]),
    st.sets(st.sampled_from(["B1", "B2", "B4", "R5", "K6", "K7", "O7", "B7", "O3", "O8", "O11"])),
)
def test_hosts_skip_the_swaps_whose_stand_ins_are_not_to_hand(
    text: str, growth: str, rack: set[str]
) -> None:
    """``swappable`` drops exactly the hosts whose swap takes stand-ins it refuses, the untouched
    and grown ones kept, in the same order (K-JOKER-2: a swap needs the tile from the rack)."""
    rules = RummikubRules(joker_set_growth=growth)  # type: ignore[arg-type]
    table_set = read_set(parse_tiles(text), rules)
    on_hand = Counter(parse_tiles(" ".join(sorted(rack))))

    def swappable(tiles: TileSet) -> bool:
        return all(on_hand[tile] >= count for tile, count in Counter(tiles).items())

    every = hosts(table_set, rules, 0)
    kept = hosts(table_set, rules, 0, swappable=swappable)
    assert kept == [host for host in every if swappable(host.stand_ins)]
    assert any(host.untouched for host in kept)
