"""Edge cases of the solver: an empty rack (K-TURN-2) has a plain answer, nothing to place; equal
table sets are kept one by one."""

from __future__ import annotations

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.cli import main
from rummy_teach.solver import best_opening, best_play

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
