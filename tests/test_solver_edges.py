"""Edge cases of the solver: an empty rack (K-TURN-2) has a plain answer, nothing to place; equal
table sets are kept one by one."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.cli import main
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
