"""The exact Rummikub solver (K-OPEN-2, K-TURN-1, K-MELD-*, K-JOKER-1/2/4): hand-checked cases,
a brute-force cross-check on small random positions, and the engine's turn check on every play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from rummy_teach import RummikubRules, Tile, parse_tiles
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour
from rummy_teach.rummikub import check_turn
from rummy_teach.solver import Solution, best_opening, best_play

RULES = RummikubRules()
JOKER = Tile.joker()
T = parse_tiles


def sets(*texts: str) -> list[list[Tile]]:
    return [T(text) for text in texts]


def assert_legal(
    play: Solution,
    table: Sequence[Sequence[Tile]],
    rack: Sequence[Tile],
    *,
    opened: bool,
    rules: RummikubRules = RULES,
) -> None:
    verdict = check_turn(table, play.table, rack, opened=opened, rules=rules)
    assert verdict.ok, (verdict.message, play.table)


# ---------------------------------------------------------------------------------------------
# hand-checked cases


def test_opening_two_runs_places_all_six() -> None:
    """K-OPEN-2: R10 R11 R12 (33) and K1 K2 K3 (6) together reach 39: all six tiles open."""
    rack = T("R10 R11 R12 K1 K2 K3")
    play = best_opening(rack, RULES)
    assert play is not None
    assert play.tiles == 6
    assert play.points == 39
    assert sorted(map(tuple, play.table)) == sorted([tuple(T("K1 K2 K3")), tuple(T("R10 R11 R12"))])
    assert_legal(play, [], rack, opened=False)


def test_rack_worth_18_has_no_opening() -> None:
    """K-OPEN-2: R5 R6 R7 is 18 points and K1 K2 K3 only 6 more: 24 < 30, so no opening."""
    assert best_opening(T("R5 R6 R7 K1 K2 K3"), RULES) is None
    assert best_opening(T("R5 R6 R7"), RULES) is None


def test_initial_meld_points_variant() -> None:
    """K-OPEN-2 variant: with initial_meld_points=15 the same 18-point run opens."""
    play = best_opening(T("R5 R6 R7"), RummikubRules(initial_meld_points=15))
    assert play is not None and play.points == 18


def test_joker_opens_counted_as_its_stand_in() -> None:
    """K-MELD-4, K-OPEN-2: J R12 R13 is R11 R12 R13 = 36 points, an opening using the joker."""
    rack = T("J R12 R13")
    play = best_opening(rack, RULES)
    assert play is not None
    assert play.tiles == 3 and JOKER in play.placed
    assert play.points == 36
    assert_legal(play, [], rack, opened=False)


def test_opening_prefers_more_tiles_then_more_points() -> None:
    """K-OPEN-2: four 13s and three 10s together: all seven tiles, 82 points."""
    rack = T("K13 R13 B13 O13 K10 R10 B10")
    play = best_opening(rack, RULES)
    assert play is not None
    assert play.tiles == 7
    assert play.points == 52 + 30


def test_opening_never_touches_the_table() -> None:
    """K-OPEN-1: the table is copied, untouched, before the new sets."""
    table = sets("K5 K6 K7")
    rack = T("R10 R11 R12 K8")
    play = best_opening(rack, RULES, table=table)
    assert play is not None
    assert play.tiles == 3  # K8 may not go onto the black run before opening
    assert tuple(play.table[0]) == tuple(table[0])
    assert_legal(play, table, rack, opened=False)


def test_joker_set_grows_with_both_tiles() -> None:
    """K-JOKER-2: table B9 J B11, rack B10 B12: swap B10 for the joker, B12 follows, both placed."""
    table = sets("B9 J B11")
    rack = T("B10 B12")
    play = best_play(rack, table, RULES)
    assert play.tiles == 2
    assert_legal(play, table, rack, opened=True)


def test_group_gives_up_its_5_to_make_a_run() -> None:
    """K-TURN-1: the 4-group of 5s gives its red 5 to R3 R4: both rack tiles placed."""
    table = sets("K5 R5 B5 O5")
    rack = T("R3 R4")
    play = best_play(rack, table, RULES)
    assert play.tiles == 2
    assert sorted(map(tuple, play.table)) == sorted([tuple(T("R3 R4 R5")), tuple(T("K5 B5 O5"))])
    assert_legal(play, table, rack, opened=True)
    words = play.explain()
    assert "red 5" in words and "red 3" in words and "red 4" in words


def test_joker_set_may_not_be_broken_up() -> None:
    """K-JOKER-1: R5 J R7 holds a joker: its R5 may not leave to make a group with K5 B5."""
    table = sets("R5 J R7")
    rack = T("K5 B5")
    play = best_play(rack, table, RULES)
    assert play.tiles == 0
    assert play.table == tuple(tuple(tiles) for tiles in table)


def test_without_the_joker_the_set_may_be_broken_up() -> None:
    """K-TURN-1: Contrast with K-JOKER-1: K5 K6 K7 K8 may give its K5 to a group with R5 B5."""
    table = sets("K5 K6 K7 K8")
    rack = T("R5 B5")
    play = best_play(rack, table, RULES)
    assert play.tiles == 2
    assert_legal(play, table, rack, opened=True)


def test_spare_joker_on_a_run_end() -> None:
    """K-MELD-4: a joker that is not needed still goes on: at the end of a run."""
    table = sets("O1 O2 O3")
    rack = T("J")
    play = best_play(rack, table, RULES)
    assert play.tiles == 1
    assert_legal(play, table, rack, opened=True)


def test_spare_joker_makes_a_four_group() -> None:
    """K-MELD-2: K7 R7 B7 with a spare joker becomes a group of four."""
    table = sets("K7 R7 B7")
    rack = T("J")
    play = best_play(rack, table, RULES)
    assert play.tiles == 1
    assert len(play.table) == 1 and len(play.table[0]) == 4


def test_trio_joker_either_colour() -> None:
    """K-JOKER-4 ("either"): K5 R5 J, rack B5 R7 R8: B5 frees the joker for R7 R8 J."""
    table = sets("K5 R5 J")
    rack = T("B5 R7 R8")
    play = best_play(rack, table, RULES)
    assert play.tiles == 3
    assert_legal(play, table, rack, opened=True)


def test_trio_joker_both_colours() -> None:
    """K-JOKER-4 variant "both": one missing colour does not free the joker, so R7 R8 stay."""
    rules = RummikubRules(joker_trio_retrieval="both")
    table = sets("K5 R5 J")
    rack = T("B5 R7 R8")
    play = best_play(rack, table, rules)
    assert play.tiles == 1  # B5 joins the group, the joker stays
    assert_legal(play, table, rack, opened=True, rules=rules)
    both = best_play(T("B5 O5 R7 R8"), table, rules)
    assert both.tiles == 4
    assert_legal(both, table, T("B5 O5 R7 R8"), opened=True, rules=rules)


def test_nothing_fits_places_nothing() -> None:
    """K-OPEN-3: nothing fits, so the play places no tile and leaves the table as it was."""
    table = sets("K1 K2 K3")
    play = best_play(T("R9 B11"), table, RULES)
    assert play.tiles == 0 and play.placed == ()
    assert play.explain()


def test_fewest_sets_changed_breaks_ties() -> None:
    """K-TURN-1: Tie-break: R8 can extend R5 R6 R7 (one set changed); the solver does not rebuild more."""
    table = sets("R5 R6 R7", "K8 B8 O8", "R1 R2 R3")
    play = best_play(T("R8"), table, RULES)
    assert play.tiles == 1
    unchanged = [tiles for tiles in table if tuple(tiles) in play.table]
    assert len(unchanged) == 2


def test_points_objective_prefers_value() -> None:
    """objective="points" (K-END-1 values, a joker 30): one joker, two places for it.

    R1 R2 J R4 places 4 tiles (37 points); K12 K13 J places 3 but 55 points."""
    rack = T("R1 R2 R4 K12 K13 J")
    by_tiles = best_play(rack, [], RULES)
    by_points = best_play(rack, [], RULES, objective="points")
    assert (by_tiles.tiles, by_tiles.points) == (4, 37)
    assert (by_points.tiles, by_points.points) == (3, 55)


def test_explain_names_the_tiles_it_moves() -> None:
    """explain() says which set is split and names the tiles that move (K-TURN-1)."""
    table = sets("B3 B4 B5 B6 B7")
    rack = T("B5")
    play = best_play(rack, table, RULES)
    assert play.tiles == 1
    words = play.explain()
    assert "Split" in words and "blue 5" in words
    assert_legal(play, table, rack, opened=True)


def test_four_jokers_variant() -> None:
    """K-SET-1 variant jokers=4: three jokers and a tile make a set; plays pass the turn check."""
    rules = RummikubRules(jokers=4)
    rack = T("J J J R13")
    play = best_opening(rack, rules)
    assert play is not None and play.tiles == 4
    assert_legal(play, [], rack, opened=False, rules=rules)
    table = sets("K5 J K7", "R1 R2 R3")
    rack = T("J K6 R4 J")
    play = best_play(rack, table, rules)
    assert play.tiles == 4
    assert_legal(play, table, rack, opened=True, rules=rules)


def test_cards_variant() -> None:
    """K-CARDS-1: with pieces="cards" the solver plays the same tiles (cards are their look)."""
    rules = RummikubRules(jokers=4, pieces="cards")
    rack = T("R10 R11 R12 K1 K2 K3")
    play = best_opening(rack, rules)
    assert play is not None and play.tiles == 6
    assert "10♥" in play.explain()  # worded with cards
    moved = best_play(T("R3 R4"), sets("K5 R5 B5 O5"), rules)
    assert "5♥" in moved.explain()


def test_bad_objective_is_refused() -> None:
    with pytest.raises(ValueError, match="objective"):
        best_play(T("R1"), [], RULES, objective="fun")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# brute force: every packing of valid sets, judged by the engine's own turn check


def _worth(tile: Tile) -> int:
    return 30 if tile.is_joker else tile.number


def _candidate_sets(available: Counter[Tile], rules: RummikubRules) -> list[tuple[Tile, ...]]:
    """Every valid set (any length) the available tiles can form, jokers anywhere."""
    jokers = available[JOKER]
    found: set[tuple[Tile, ...]] = set()
    for colour in Colour:
        for low in range(1, 12):
            for high in range(low + 2, 14):
                span = [Tile(number, colour) for number in range(low, high + 1)]
                for count in range(min(jokers, len(span) - 1) + 1):
                    for places in _subsets(range(len(span)), count):
                        tiles = tuple(JOKER if i in places else tile for i, tile in enumerate(span))
                        if _fits(tiles, available):
                            found.add(tuple(sorted(tiles)))
    for number in range(1, 14):
        colours = [Tile(number, colour) for colour in Colour]
        for size in range(1, 5):
            for chosen in _subsets(range(4), size):
                for count in range(jokers + 1):
                    if 3 <= size + count <= 4:
                        tiles = tuple(colours[i] for i in chosen) + (JOKER,) * count
                        if _fits(tiles, available):
                            found.add(tuple(sorted(tiles)))
    return sorted(tiles for tiles in found if check_meld(tiles, rules).ok)


def _subsets(items: Sequence[int] | range, size: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    return combinations(items, size)


def _fits(tiles: Sequence[Tile], available: Counter[Tile]) -> bool:
    need = Counter(tiles)
    return all(available[tile] >= count for tile, count in need.items())


def _packings(
    candidates: list[tuple[Tile, ...]], available: Counter[Tile]
) -> Iterator[list[tuple[Tile, ...]]]:
    """Every multiset of candidate sets that the available tiles can pay for."""

    def walk(
        start: int, left: Counter[Tile], chosen: list[tuple[Tile, ...]]
    ) -> Iterator[list[tuple[Tile, ...]]]:
        yield chosen
        for index in range(start, len(candidates)):
            tiles = candidates[index]
            if _fits(tiles, left):
                yield from walk(index, left - Counter(tiles), [*chosen, tiles])

    yield from walk(0, available, [])


def _changed(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]) -> int:
    old = Counter(tuple(sorted(tiles)) for tiles in before)
    new = Counter(tuple(sorted(tiles)) for tiles in after)
    return sum(old.values()) - sum((old & new).values())


def brute_best_play(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    rules: RummikubRules,
    *,
    points_first: bool = False,
) -> tuple[int, int, int]:
    """(tiles, -sets changed, points) of the best legal turn, by enumeration and check_turn.

    Every table tile must end up in some set: branch on the sets holding the first uncovered table
    tile; once all are covered, add any further sets the rack tiles left can pay for."""
    table_tiles = Counter(tile for tiles in table for tile in tiles)
    available = table_tiles + Counter(rack)
    candidates = _candidate_sets(available, rules)
    best = (0, 0, 0)

    def judge(packing: list[tuple[Tile, ...]], left: Counter[Tile]) -> None:
        nonlocal best
        placed = available - left - table_tiles
        if not placed:
            return
        tiles = sum(placed.values())
        points = sum(_worth(t) for t in placed.elements())
        changed = -_changed(table, packing)
        key = (points, tiles, changed) if points_first else (tiles, changed, points)
        if key > best and check_turn(table, packing, rack, opened=True, rules=rules).ok:
            best = key

    def extra(start: int, left: Counter[Tile], packing: list[tuple[Tile, ...]]) -> None:
        judge(packing, left)
        for index in range(start, len(candidates)):
            if _fits(candidates[index], left):
                extra(index, left - Counter(candidates[index]), [*packing, candidates[index]])

    def cover(left: Counter[Tile], owed: Counter[Tile], packing: list[tuple[Tile, ...]]) -> None:
        if not owed:
            extra(0, left, packing)
            return
        first = min(owed, key=Tile.sort_key)
        for tiles in candidates:
            if first in tiles and _fits(tiles, left):
                cover(left - Counter(tiles), owed - Counter(tiles), [*packing, tiles])

    cover(available, table_tiles, [])
    return best


def brute_best_opening(rack: Sequence[Tile], rules: RummikubRules) -> tuple[int, int]:
    """(tiles, points) of the best initial meld, by enumeration (K-OPEN-2)."""
    available = Counter(rack)
    best = (0, 0)
    for packing in _packings(_candidate_sets(available, rules), available):
        if not packing:
            continue
        points = sum(check_meld(tiles, rules).points for tiles in packing)
        if points >= rules.initial_meld_points:
            best = max(best, (sum(len(tiles) for tiles in packing), points))
    return best


def _random_set(rng: random.Random, colours: list[Colour], low: int, jokers: int) -> list[Tile]:
    if rng.random() < 0.5:
        colour = rng.choice(colours)
        start = rng.randint(low, low + 2)
        tiles = [Tile(n, colour) for n in range(start, start + rng.choice((3, 3, 4)))]
    else:
        number = rng.randint(low, low + 4)
        tiles = [Tile(number, colour) for colour in rng.sample(list(Colour), rng.choice((3, 3, 4)))]
    if jokers and rng.random() < 0.6:
        tiles[rng.randrange(len(tiles))] = JOKER
    return tiles


def random_position(seed: int) -> tuple[list[Tile], list[list[Tile]]]:
    """A small position: 1-2 table sets and 2-5 rack tiles from a narrow window, jokers included."""
    rng = random.Random(seed)
    colours = rng.sample(list(Colour), 2)
    low = rng.randint(1, 8)
    while True:
        table = [_random_set(rng, colours, low, 1) for _ in range(rng.choice((1, 2, 2, 3)))]
        counts = Counter(tile for tiles in table for tile in tiles)
        if (
            counts[JOKER] <= 2
            and all(c <= 2 for c in counts.values())
            and all(check_meld(t, RULES).ok for t in table)
        ):
            break
    pool = [Tile(n, c) for n in range(low, low + 5) for c in colours for _ in range(2)] + [
        JOKER,
        JOKER,
    ]
    pool = [tile for tile in pool if counts[tile] == 0 or (tile != JOKER and counts[tile] < 2)]
    rng.shuffle(pool)
    size = rng.choice((2, 3, 4, 5, 6))
    rack: list[Tile] = []
    for tile in pool:
        if len(rack) == size:
            break
        limit = 2 - counts[tile]
        if Counter(rack)[tile] < limit:
            rack.append(tile)
    return rack, table


@pytest.mark.parametrize("seed", range(150))
def test_best_play_matches_brute_force(seed: int) -> None:
    """K-TURN-1, K-JOKER-1/2/4: on small random positions the solver's (tiles, sets changed, points)
    equals the best over every packing of valid sets that the engine's turn check accepts."""
    rack, table = random_position(seed)
    play = best_play(rack, table, RULES)
    assert play.proven
    expected = brute_best_play(rack, table, RULES)
    if play.tiles:
        assert_legal(play, table, rack, opened=True)
        got = (play.tiles, -_changed(table, play.table), play.points)
    else:
        got = (0, 0, 0)
    assert got == expected, (format_position(rack, table), play.table)


def format_position(rack: Sequence[Tile], table: Sequence[Sequence[Tile]]) -> str:
    return (
        " ".join(map(str, rack)) + " / " + " | ".join(" ".join(map(str, tiles)) for tiles in table)
    )


@pytest.mark.parametrize("seed", range(30))
def test_best_opening_matches_brute_force(seed: int) -> None:
    """K-OPEN-2: the opening's (tiles, points) equals the brute-force best; None when none."""
    rng = random.Random(1000 + seed)
    low = rng.randint(1, 9)
    colours = rng.sample(list(Colour), 3)
    pool = [Tile(n, c) for n in range(low, low + 5) for c in colours for _ in range(2)] + [
        JOKER,
        JOKER,
    ]
    rack = rng.sample(pool, rng.randint(4, 8))
    rules = RummikubRules(initial_meld_points=rng.choice((30, 20)))
    play = best_opening(rack, rules)
    expected = brute_best_opening(rack, rules)
    if expected == (0, 0):
        assert play is None
        return
    assert play is not None
    assert (play.tiles, play.points) == expected
    assert_legal(play, [], rack, opened=False, rules=rules)


@pytest.mark.parametrize("seed", range(40))
def test_variants_match_brute_force(seed: int) -> None:
    """Variants jokers=4 (K-SET-1, the four-joker model) and joker_trio_retrieval="both"
    (K-JOKER-4): the solver still equals the brute force judged by check_turn."""
    rules = RummikubRules(jokers=4) if seed % 2 else RummikubRules(joker_trio_retrieval="both")
    rack, table = random_position(500 + seed)
    if seed % 4 == 1:
        rack = [*rack, JOKER, JOKER][:6]  # more jokers than the default set holds
    play = best_play(rack, table, rules)
    expected = brute_best_play(rack, table, rules)
    if play.tiles:
        assert_legal(play, table, rack, opened=True, rules=rules)
        got = (play.tiles, -_changed(table, play.table), play.points)
    else:
        got = (0, 0, 0)
    assert got == expected, (format_position(rack, table), play.table)


def test_long_run_stays_whole_when_untouched() -> None:
    """K-TURN-1: Tie-break: a run longer than the model's pieces (K1-K8) stays exactly as it was."""
    table = sets("K1 K2 K3 K4 K5 K6 K7 K8", "R4 R5 R6")
    play = best_play(T("R7"), table, RULES)
    assert play.tiles == 1
    assert tuple(table[0]) in play.table
    assert_legal(play, table, T("R7"), opened=True)


def test_same_question_same_answer() -> None:
    """The solver is deterministic: the same position gives the same play."""
    table = sets("K5 R5 B5 O5", "R6 R7 R8", "B1 B2 B3")
    rack = T("R3 R4 B4 O6 J")
    first = best_play(rack, table, RULES)
    assert best_play(rack, table, RULES) == first
    assert first.explain() == best_play(rack, table, RULES).explain()


def test_play_reports_rack_left_and_tiles() -> None:
    """Solution.left is the rack minus what was placed; tiles counts the placed tiles."""
    rack = T("R3 R4 B9")
    play = best_play(rack, sets("K5 R5 B5 O5"), RULES)
    assert play.tiles == 2 and play.left == (T("B9")[0],)


@pytest.mark.parametrize("seed", range(30))
def test_points_objective_matches_brute_force(seed: int) -> None:
    """objective="points": (points, tiles, sets changed) equals the brute-force best (K-END-1)."""
    rack, table = random_position(700 + seed)
    play = best_play(rack, table, RULES, objective="points")
    expected = brute_best_play(rack, table, RULES, points_first=True)
    if play.tiles:
        assert_legal(play, table, rack, opened=True)
        got = (play.points, play.tiles, -_changed(table, play.table))
    else:
        got = (0, 0, 0)
    assert got == expected, (format_position(rack, table), play.table)


def test_empty_rack_and_bad_table() -> None:
    """An empty rack places nothing; a table set that is not valid (K-MELD-1) is refused, named."""
    assert best_opening([], RULES) is None
    assert best_play([], sets("K1 K2 K3"), RULES).tiles == 0
    with pytest.raises(ValueError, match="K1 K2 K4"):
        best_play(T("R5"), sets("K1 K2 K4"), RULES)
    with pytest.raises(ValueError, match="tiles"):
        best_play(["R5"], [], RULES)  # type: ignore[list-item]


def test_tables_in_any_order() -> None:
    """Sets may be written in any order (K-MELD-5): a run given high to low still grows."""
    table = sets("R7 R6 R5", "O9 B9 K9")
    play = best_play(T("R8 R9"), table, RULES)
    assert play.tiles == 2
    assert_legal(play, table, T("R8 R9"), opened=True)
