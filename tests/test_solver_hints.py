"""Hints, reviews and computer players built on the solver (K-OPEN-2/3, K-TURN-1, K-JOKER-*)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.rummikub import Draw, Play, RummikubState, deal, from_position
from rummy_teach.rummikub.bots import RummikubBot, greedy_sets, greedy_table
from rummy_teach.solver import best_play, hint, review

RULES = RummikubRules()
T = parse_tiles


def _state(rack: str, table: list[str], *, opened: bool) -> RummikubState:
    """A two-player state whose player 0 holds ``rack`` over ``table``."""
    return from_position(
        [rack, "K13 K12"], table=table, opened=[opened, opened], rules=RULES, seed=7
    )


def test_hint_opens_when_it_can() -> None:
    """K-OPEN-2: a rack holding R10 R11 R12 and K1 K2 K3 is told to open with all six."""
    state = _state("R10 R11 R12 K1 K2 K3 B5", [], opened=False)
    advice = hint(state)
    assert isinstance(advice.move, Play)
    assert advice.play is not None and advice.play.tiles == 6
    assert "6 tiles" in advice.message
    assert state.apply(advice.move).opened[0]


def test_hint_says_draw_without_an_opening() -> None:
    """K-OPEN-2, K-OPEN-3: an 18-point rack cannot open, so the hint is to draw, with the reason."""
    advice = hint(_state("R5 R6 R7 B2", [], opened=False))
    assert isinstance(advice.move, Draw)
    assert advice.reason == "solver.hint_no_opening"
    assert "30" in advice.message


def test_hint_draws_when_nothing_fits() -> None:
    """K-OPEN-3: after opening, no tile fits even by rearranging: draw."""
    advice = hint(_state("R9 B11", ["K1 K2 K3"], opened=True))
    assert isinstance(advice.move, Draw) and advice.reason == "solver.hint_draw"


def test_hint_rearranges_the_table() -> None:
    """K-TURN-1: the hint's move is the whole new table, accepted by the engine."""
    state = _state("R3 R4", ["K5 R5 B5 O5"], opened=True)
    advice = hint(state)
    assert isinstance(advice.move, Play)
    after = state.apply(advice.move)
    assert after.racks[0] == ()
    assert "red 5" in advice.message


def test_review_counts_what_was_possible() -> None:
    """K-TURN-1: A review compares the turn with the best: a draw when 2 tiles fitted, then the best play."""
    state = _state("R3 R4 B9", ["K5 R5 B5 O5"], opened=True)
    drew = review(state, state.apply(Draw()))
    assert (drew.placed, drew.possible) == (0, 2)
    assert drew.reason == "solver.review_drew" and "2 tile" in drew.message
    best = review(state, state.apply(hint(state).move))
    assert best.was_best and best.reason == "solver.review_best"


def test_review_of_a_weaker_play_shows_how() -> None:
    """K-TURN-1:  "You placed 1 tile; 2 were possible — here is how": the better move is spelled out."""
    state = _state("R8 R4 R3", ["R5 R6 R7", "K4 B4 O4"], opened=True)
    weaker = Play([T("R5 R6 R7 R8"), T("K4 B4 O4")])
    result = review(state, state.apply(weaker))
    assert (result.placed, result.possible) == (1, 3)
    assert result.reason == "solver.review_more"
    assert "red 3" in result.message and "red 4" in result.message


def test_review_needs_consecutive_states() -> None:
    state = _state("R3 R4", ["K5 R5 B5 O5"], opened=True)
    with pytest.raises(ValueError):
        review(state, state)


def test_greedy_sets_finds_runs_then_groups() -> None:
    assert greedy_sets(T("R1 R2 R3 R4 K9 B9 O9 J")) == [
        tuple(T("R1 R2 R3 R4")),
        tuple(T("K9 B9 O9")),
    ]


def test_bot_level_is_checked() -> None:
    with pytest.raises(ValueError):
        RummikubBot(level="medium")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_play_a_whole_game_legally(seed: int) -> None:
    """K-TURN-1: Easy against strong, every move through the engine's own apply: never an illegal move."""
    state = deal(2, RULES, seed=seed)
    bots = [RummikubBot("strong"), RummikubBot("easy")]
    played = [0, 0]
    for _turn in range(120):
        if state.is_over:
            break
        player = state.current_player
        move = bots[player].choose(state)
        if isinstance(move, Play):
            played[player] += len(move.placed(state.table))
        state = state.apply(move)
    assert played[0] > 0


@settings(
    derandomize=True,
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],  # the fixture only sets a constant
)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 30))
def test_best_play_beats_greedy_and_fits_the_rack(seed: int, turns: int) -> None:
    """Property: best_play places no fewer tiles than the greedy player, no more than the rack."""
    state = deal(2, RULES, seed=seed)
    bots = [RummikubBot("easy"), RummikubBot("easy")]
    for _ in range(turns):
        if state.is_over:
            return
        state = state.apply(bots[state.current_player].choose(state))
    rack, table = state.rack, state.table
    best = best_play(rack, table, RULES)
    greedy = greedy_table(rack, table, RULES, opened=True)
    greedy_count = 0 if greedy is None else len(Play(greedy).placed(table))
    assert greedy_count <= best.tiles <= len(rack)


def test_hint_opening_leaves_the_table_alone() -> None:
    """K-OPEN-1: before opening, the hint lays new sets and leaves the table's sets as they are."""
    state = _state("R10 R11 R12 K13 B13 O13 R9", ["K5 K6 K7"], opened=False)
    advice = hint(state)
    assert isinstance(advice.move, Play)
    assert advice.move.table[0] == tuple(T("K5 K6 K7"))
    after = state.apply(advice.move)
    assert after.opened[0] and len(after.racks[0]) == 0
