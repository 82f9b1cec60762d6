"""Bad input gets a clear error in words: a turn check without a yes or no for ``opened``, an
opening solved beside a table that is no table, a review of two different games, and empty parts
of an opening on the command line."""

from __future__ import annotations

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.cli import main
from rummy_teach.errors import RulesError
from rummy_teach.rummikub import Draw, check_turn, deal
from rummy_teach.solver import best_opening, hint, review

RULES = RummikubRules()


@pytest.mark.parametrize("opened", ["no", None, 1])
def test_check_turn_wants_opened_true_or_false(opened: object) -> None:
    """``opened="no"`` was taken as opened, ``None`` as not."""
    with pytest.raises(RulesError, match="True or False"):
        check_turn(
            [], [parse_tiles("R10 R11 R12")], parse_tiles("R10 R11 R12"), opened=opened, rules=RULES
        )  # type: ignore[arg-type]


def test_an_opening_beside_a_table_that_is_no_table_is_refused() -> None:
    """The table is left as it is, but ``K1 K2`` on it is no set (the answer held it)."""
    rack = parse_tiles("R10 R11 R12")
    with pytest.raises(RulesError, match="K1 K2 is not valid"):
        best_opening(rack, RULES, table=[parse_tiles("K1 K2")])
    opening = best_opening(rack, RULES, table=[parse_tiles("K1 K2 K3")])
    assert opening is not None and opening.tiles == 3


def test_review_refuses_two_states_of_different_games() -> None:
    """Before and after must be one turn apart in one game (two deals with empty histories fit)."""
    with pytest.raises(RulesError, match="just before a turn"):
        review(deal(4, seed=9), deal(2, seed=1).apply(Draw()))
    state = deal(2, seed=3)
    after = state.apply(hint(state).move)
    assert review(state, after).placed == review(state, after).possible


def test_empty_parts_of_an_opening_are_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    """``check --opening "R10 R11 R12||"`` is the one set (it said "Set 2 () is not valid")."""
    assert main(["check", "--opening", "R10 R11 R12||"]) == 0
    assert "33 points" in capsys.readouterr().out


def test_card_games_take_card_notation_in_replay_and_the_workspace() -> None:
    """K-CARDS-1: ``replay`` and ``TurnWorkspace.move`` read ``5H`` in a card game (they wanted R5)."""
    from rummy_teach.errors import NotationError
    from rummy_teach.rummikub import TurnWorkspace, from_position, parse_move, replay

    cards = RummikubRules(pieces="cards")
    start = from_position(["5H 6H 7H QS", "KS"], rules=cards, opened=[True, True])
    after = replay(start, ["play 5H 6H 7H", "draw"])
    assert after == start.apply(parse_move("play 5H 6H 7H", cards)).apply(Draw())
    workspace = TurnWorkspace.start(start).move("5H", "rack", "new")
    assert [str(tile) for tile in workspace.sets[0]] == ["R5"]
    with pytest.raises(NotationError, match="bad card 'R5'"):
        TurnWorkspace.start(start).move("R5", "rack", "new")


def test_odd_values_are_refused_by_name() -> None:
    """A joker numbered False or 0.0, a rules key setting a value twice, players named None or
    "" in Rummikub and a string of letters as Rummy's names were taken as they came."""
    from rummy_teach import Tile, rummikub, rummy
    from rummy_teach.errors import NotationError
    from rummy_teach.rules import rules_from_key

    for number in (False, 0.0):
        with pytest.raises(NotationError, match="a joker has number 0"):
            Tile(number, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="comes twice"):
        rules_from_key("rummikub:jokers=4:jokers=2")
    for names in ([None, None], ["", "Bo"]):
        with pytest.raises(RulesError, match="non-empty names"):
            rummikub.deal(names)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="non-empty player names"):
        rummy.from_position(["5H 6H 7H", "KS"], discard_pile="8H", players="ab")
    assert rummikub.deal(["Ada", "Bo"], seed=1).players == ("Ada", "Bo")


def test_wrong_kinds_of_argument_are_refused_in_words() -> None:
    """None, a string or a flat list where a list of pieces or sets belongs: a ``RulesError`` or
    ``NotationError`` naming it (they were ``TypeError`` and ``AttributeError``)."""
    from rummy_teach import check_meld, check_opening
    from rummy_teach.errors import NotationError
    from rummy_teach.rummikub import parse_move

    tiles = parse_tiles("R10 R11 R12")
    refusals = [
        (lambda: check_meld(None, RULES), "a meld is a list of pieces, not None"),  # type: ignore[arg-type]
        (lambda: check_meld("R1 R2 R3", RULES), "read it with parse_tiles"),
        (lambda: check_opening(None, RULES), "an opening is a list of sets"),  # type: ignore[arg-type]
        (lambda: check_opening(tiles, RULES), "each set of an opening"),  # type: ignore[arg-type]
        (lambda: check_turn(None, [], [], opened=True, rules=RULES), "table is a list of sets"),  # type: ignore[arg-type]
        (lambda: check_turn([tiles], [], None, opened=True, rules=RULES), "the rack is a list"),  # type: ignore[arg-type]
        (lambda: best_opening(None, RULES), "the rack is a list of pieces"),  # type: ignore[arg-type]
        (lambda: best_opening(tiles, RULES, table=tiles), "each set of the table"),  # type: ignore[arg-type]
    ]
    for call, said in refusals:
        with pytest.raises(RulesError, match=said):
            call()
    for move in (None, 5):
        with pytest.raises(NotationError, match="a move is written as text"):
            parse_move(move)  # type: ignore[arg-type]
    assert check_meld(iter(tiles), RULES).ok  # any iterable of pieces still does


def test_no_penalty_for_a_turn_that_changed_nothing() -> None:
    """K-TURN-3 is for a failed play: an attempt that leaves the table as it was is a draw (K-OPEN-3),
    as ``end_turn`` says; ``apply`` took three tiles for it."""
    from rummy_teach import IllegalMoveError
    from rummy_teach.rummikub import Penalty, Play, from_position

    state = from_position(["R1 K5", "B2"], table=["K1 K2 K3"], opened=[True, True])
    with pytest.raises(IllegalMoveError, match="draw"):
        state.apply(Penalty("K-TURN-3", Play([parse_tiles("K1 K2 K3")])))
    failed = state.apply(Penalty("K-TURN-3", Play([parse_tiles("K1 K2 K3"), parse_tiles("R1 K5")])))
    assert len(failed.racks[0]) == 2 + 3
