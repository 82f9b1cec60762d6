"""A table set whose jokers are declared (K-MELD-5) is the set its declarations make: the turn check,
the solver, its hints and the strong computer player all read ``K13 J=K11 J=K12`` as a run and
``O8 J J=R8`` as a group, although without the declarations each would be read as the other kind.

Before, the turn check read such a set without its declarations: after the hint laid
``K13 J=K11 J=K12`` it refused black 10 at the run's end and accepted the run turned into a group of
13s (K-JOKER-1 both ways wrong), and the solver, hint and strong player stopped with an internal
error on ``O8 J J=R8``.
"""

from __future__ import annotations

import pytest

from rummy_teach import IllegalMoveError, RummikubRules
from rummy_teach.bots import RummikubBot
from rummy_teach.errors import RulesError
from rummy_teach.pieces import parse_tiles
from rummy_teach.rummikub import Draw, Play, check_turn, from_position
from rummy_teach.solver import best_play, hint

RULES = RummikubRules()
BOTH = [RULES, RummikubRules(jokers=4)]


def test_a_declared_run_grows_at_its_end_and_stays_a_run() -> None:
    """K-JOKER-1: ``K13 J=K11 J=K12`` takes black 10; it may not become a group of 13s."""
    table = [parse_tiles("K13 J=K11 J=K12")]
    grown = check_turn(
        table, [parse_tiles("K10 J=K11 J=K12 K13")], parse_tiles("K10"), opened=True, rules=RULES
    )
    assert grown.ok, grown.message
    turned = check_turn(
        table, [parse_tiles("K13 R13 J J")], parse_tiles("R13"), opened=True, rules=RULES
    )
    assert not turned.ok and turned.rule == "K-JOKER-1"


def test_the_hint_lays_a_run_and_then_grows_it() -> None:
    """The hint's own run of K13 J J is grown by the next player's black 10, as the engine allows."""
    state = from_position(["K13 J J K1 K5", "K10 R13 B2"], opened=[True, True])
    laid = state.apply(hint(state).move)
    assert [str(tile) for tile in laid.table[0]] == ["J=K11", "J=K12", "K13"]
    move = hint(laid).move
    assert move == Play.parse("K10 J=K11 J=K12 K13")
    after = laid.apply(move)
    assert len(after.racks[1]) == 2
    with pytest.raises(IllegalMoveError, match="joker"):
        laid.apply(Play.parse("K13 R13 J J"))
    assert laid.table == state.apply(hint(state).move).table  # the refusal changed nothing


@pytest.mark.parametrize("rules", BOTH, ids=["2 jokers", "4 jokers"])
@pytest.mark.parametrize("text", ["O8 J J=R8", "J=O3 R3 J", "R3 J=K3 J=O3"])
def test_the_solver_reads_one_tile_and_declared_jokers_as_declared(
    text: str, rules: RummikubRules
) -> None:
    """One tile and two jokers, declared as a group: kept or grown as a group, never an error."""
    table = [parse_tiles(text)]
    rack = parse_tiles("K1 O9 B8 K3")
    play = best_play(rack, table, rules)
    if play.placed:
        assert check_turn(table, play.table, rack, opened=True, rules=rules).ok
    assert play.tiles >= 1  # K3 on the 3s, B8 on the 8s (and a freed joker with K1 K3)


def test_the_hint_and_the_strong_player_go_on_after_a_declared_group() -> None:
    """The game in which ``O8 J J=R8`` was laid goes on: hint and strong player answer."""
    start = from_position(["O8 J J K1 K2 K3", "B5 B6"], opened=[True, True])
    state = start.apply(Play(["O8 J J=R8"])).apply(Draw())
    move = hint(state).move
    assert isinstance(move, Play)
    assert state.apply(move).racks[0] == ()
    assert RummikubBot("strong").choose(state) == move


@pytest.mark.parametrize("rules", BOTH, ids=["2 jokers", "4 jokers"])
def test_a_declaration_that_does_not_fit_is_refused_by_the_solver(rules: RummikubRules) -> None:
    """K-MELD-5: ``J=R9 R5 R6`` is no set; the solver says so (with four jokers it lost the joker)."""
    with pytest.raises(RulesError, match="declared as red 9"):
        best_play(parse_tiles("R7"), [parse_tiles("J=R9 R5 R6")], rules)


@pytest.mark.parametrize(("rack", "colour"), [("O8 J J", "orange"), ("K13 J J", "black")])
def test_the_explanation_names_the_set_as_it_is_laid(rack: str, colour: str) -> None:
    """The steps name the run the table shows, with both its jokers (they said "orange 8-10 with a
    joker" for ``J=O6 J=O7 O8``, and "the 13s" for the run ``J=K11 J=K12 K13``)."""
    play = best_play(parse_tiles(rack), [], RULES)
    (laid,) = play.table
    numbers = [tile.stands.number if tile.stands else tile.number for tile in laid]
    text = play.explain()
    assert f"{colour} {min(numbers)}-{max(numbers)} with 2 jokers" in text
    assert "(The jokers stand for" in text and "with a joker" not in text


@pytest.mark.parametrize(
    ("pieces", "code", "said"),
    [
        ("J=R9 R5 R6", 1, "With the joker as red 9"),
        ("J=R5 R5 B5", 1, "With the joker as red 5"),
        ("J=R4 R5 R6", 0, "from red 4 to red 6, worth 15 points"),
        ("R5 R6 J", 0, "from red 5 to red 7, worth 18 points"),
    ],
)
def test_the_referee_judges_a_joker_as_declared(
    pieces: str, code: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rummy-teach check --rummikub "J=R9 R5 R6"`` is no set (it said valid, 18 points)."""
    from rummy_teach.cli import main

    assert main(["check", "--rummikub", pieces]) == code
    assert said in capsys.readouterr().out


def test_an_opening_counts_its_jokers_as_declared() -> None:
    """K-OPEN-2 with declared jokers: ``check_opening`` agrees with the turn check (54, not 57)."""
    from rummy_teach.melds import check_opening

    rules = RummikubRules(initial_meld_points=55)
    melds = [parse_tiles("J=R11 R12 R13"), parse_tiles("J=R5 R6 R7")]
    verdict = check_opening(melds, rules)
    assert not verdict.ok and "54 points" in verdict.message
    turn = check_turn([], melds, parse_tiles("J J R12 R13 R6 R7"), opened=False, rules=rules)
    assert not turn.ok and "54 points" in turn.message
    free = check_opening([parse_tiles("J R12 R13"), parse_tiles("J R6 R7")], rules)
    assert free.ok and "57 points" in free.message
