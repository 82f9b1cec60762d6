"""Edge cases of the solver's input: an empty rack (K-TURN-2) has a plain answer, nothing to place."""

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
