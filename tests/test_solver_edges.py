"""Edge cases of the solver: an empty rack (K-TURN-2) has a plain answer, nothing to place; equal
table sets are kept one by one; a position holding more of a tile than the game has is refused."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.cli import main
from rummy_teach.errors import RulesError
from rummy_teach.solver import best_opening, best_play
from rummy_teach.solver.explain import Plan

RULES = RummikubRules()


def test_an_empty_rack_places_nothing() -> None:
    """K-TURN-2: with nothing on the rack the play places nothing and leaves the table as it was."""
    play = best_play([], [], RULES)
    assert play.placed == () and play.table == ()
    assert "empty" in play.explain()
    table = [parse_tiles("R1 R2 R3")]
    play = best_play([], table, RULES)
    assert play.placed == () and play.table == (tuple(table[0]),)
    assert best_opening([], RULES) is None


@pytest.mark.parametrize(
    "extra", [["--opened"], [], ["--table", "R1 R2 R3"], ["--opened", "--json"]]
)
def test_the_cli_says_an_empty_rack_has_nothing_to_place(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """K-TURN-2: ``rummy-teach solve ""`` says there is nothing to place, exit code 1."""
    assert main(["solve", "", *extra]) == 1
    assert "empty" in capsys.readouterr().out


def test_identical_table_sets_are_kept_one_by_one() -> None:
    """K-TURN-1 tie-break with two equal table sets (their tiles' only copies): a play beside them
    keeps both; R6 changes one of them and keeps the other."""
    table = [parse_tiles("R3 R4 R5"), parse_tiles("R3 R4 R5"), parse_tiles("B7 K7 O7")]
    play = best_play(parse_tiles("K9 K10 K11"), table, RULES)
    assert play.tiles == 3 and play.table.count(tuple(table[0])) == 2
    assert tuple(table[2]) in play.table
    play = best_play(parse_tiles("R6"), table, RULES)
    assert play.tiles == 1
    assert (
        play.table.count(tuple(table[0])) == 1 and tuple(parse_tiles("R3 R4 R5 R6")) in play.table
    )
    assert tuple(table[2]) in play.table


KEPT_COUNT_CASES = [
    ("R6", ["R3 R4 R5", "R3 R4 R5", "B7 K7 O7"], RULES),
    ("K9 K10 K11 B3", ["B4 B5 J", "K1 R1 O1", "R8 R9 R10 R11 R12 R13"], RULES),
    ("R7 R13 J J", ["R9 J R11", "B2 B3 B4", "K5 R5 O5"], RummikubRules(jokers=4)),
    (
        "K2 K3 K3 K6 R2 R2 R3 B1 O1 O5 O6",
        ["K1 R1 O1", "K1 R1 B1", "K2 B2 O2", "O2 O3 O4", "K4 K5 K6 K7", "R6 R7 J"],
        RULES,
    ),
]


@pytest.mark.parametrize(("rack", "table", "rules"), KEPT_COUNT_CASES)
def test_the_sets_kept_column_counts_the_sets_the_answer_keeps(
    rack: str, table: list[str], rules: RummikubRules
) -> None:
    """The model's sets-kept column (HiGHS's handle on the tie-break) equals the number of table
    sets the decoded answer keeps as they were: free sets and joker sets left untouched."""
    from rummy_teach.solver import play as play_module
    from rummy_teach.solver.model import solve

    tables = [parse_tiles(tiles) for tiles in table]
    position = play_module._read_position(parse_tiles(rack), tables, rules, lock_jokers=True)
    built = play_module._build(position, rules, "tiles")
    answer = solve(built.model)
    assert answer is not None and answer.proven
    decoded = play_module._decode(position, built, answer, rules)
    assert decoded.tiles > 0
    before, after = Counter(map(tuple, tables)), Counter(decoded.table)
    unchanged = sum(min(count, after[tiles]) for tiles, count in before.items())
    assert isinstance(decoded.plan, Plan)
    assert answer.values[built.kept_count] == len(decoded.plan.kept) == unchanged


@pytest.mark.parametrize(
    ("rack", "table", "rules", "said"),
    [
        ("J J J", [], RULES, "3 jokers in the rack and on the table, but the game has only 2"),
        ("J", ["K1 K2 J", "R5 J R7"], RULES, "3 jokers"),
        (
            "J J J J J",
            [],
            RummikubRules(jokers=4),
            "5 jokers in the rack and on the table, but the game has only 4",
        ),
        ("R1 R1 R1", [], RULES, "3 copies of R1"),
        ("R1 R2 R3", ["R1 R2 R3", "K1 R1 B1"], RULES, "3 copies of R1"),
        ("AH AH AH", [], RummikubRules(pieces="cards"), "3 copies of AH"),
    ],
)
def test_more_of_a_tile_than_the_game_has_is_refused_by_name(
    rack: str, table: list[str], rules: RummikubRules, said: str
) -> None:
    """K-SET-1: two of each tile and two (or four) jokers; more is refused, naming the tile.

    Before, three jokers came back as an internal "could not place the jokers" error and three red
    1s as "nothing can be placed", an answer to a position no game can reach."""
    from rummy_teach.rummikub import parse_rummikub

    tiles = parse_rummikub(rack, rules)
    sets = [parse_rummikub(text, rules) for text in table]
    with pytest.raises(RulesError, match="K-SET-1") as refused:
        best_play(tiles, sets, rules)
    assert said in str(refused.value)
    with pytest.raises(RulesError, match=said):
        best_opening(tiles, rules, table=sets)


def test_as_many_of_a_tile_as_the_game_has_is_solved() -> None:
    """Two of a tile and every joker of the game are a position like any other (K-SET-1)."""
    table = [parse_tiles(text) for text in ("R2 R3 R4", "K1 R1 B1", "K5 J K7")]
    play = best_play(parse_tiles("R1 J"), table, RULES)
    assert play.tiles == 2
    opening = best_opening(parse_tiles("J J J J R10 R11"), RummikubRules(jokers=4))
    assert opening is not None and opening.tiles == 6


def test_the_cli_refuses_three_jokers_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """``rummy-teach solve "J J J"`` names the jokers on stderr (it said "could not place")."""
    assert main(["solve", "J J J"]) == 2
    error = capsys.readouterr().err
    assert "3 jokers" in error and "K-SET-1" in error and "could not place" not in error
