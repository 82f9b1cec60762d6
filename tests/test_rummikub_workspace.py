"""The learner's turn workspace: moves, undo, live problems, ending (K-TURN-3, K-TURN-4)."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_teach import IllegalMoveError, RummikubRules, Tile, parse_tiles
from rummy_teach.rummikub import NEW, RACK, RummikubState, TurnWorkspace, from_position


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(parse_tiles(text), key=Tile.sort_key))


def position(
    rack: str, table: str = "", *, opened: bool = True, rules: RummikubRules | None = None
) -> RummikubState:
    return from_position(
        [rack, "K13"],
        table=[part for part in table.split("|") if part.strip()],
        pool="O1 O2 O3 O4 O5",
        opened=[opened, opened],
        rules=rules,
    )


class FakeClock:
    """Seconds that tests move on by hand: no sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_build_a_run_step_by_step_and_end() -> None:
    """K-TURN-1: split a run on the table and fit a rack tile in, one step at a time."""
    state = position("R5 K1", "R3 R4 R5 R6 R7 R8")
    turn = TurnWorkspace.start(state)
    turn = turn.split(1, 3)  # R3 R4 R5 | R6 R7 R8
    assert turn.sets == (tiles("R3 R4 R5"), tiles("R6 R7 R8"))
    turn = turn.move("R5", RACK, 2)
    assert turn.problems() == ()
    assert turn.played() == tiles("R5")
    result = turn.end()
    assert not result.penalty and result.verdict.ok
    assert result.state.table == (tiles("R3 R4 R5"), tiles("R5 R6 R7 R8"))
    assert result.state.racks[0] == tiles("K1")


def test_problems_show_which_sets_are_invalid_and_why() -> None:
    """K-MELD-1: at any moment the workspace names each invalid set and the reason."""
    state = position("R9 B9 K2", "K5 K6 K7")
    turn = TurnWorkspace.start(state).move("R9", RACK, NEW).move("B9", RACK, 2)
    problems = turn.problems()
    assert [problem.number for problem in problems] == [2]
    assert problems[0].tiles == tiles("R9 B9")
    assert problems[0].verdict.reason == "meld.too_few_tiles"
    assert not turn.verdict().ok and turn.verdict().reason == "rummikub.bad_set"


def test_undo_steps_back_one_move_at_a_time() -> None:
    """Undo: each step can be taken back; the turn's start cannot be undone further."""
    state = position("R9 B9 K9 K2", "K5 K6 K7")
    start = TurnWorkspace.start(state)
    one = start.move("R9", RACK, NEW)
    two = one.move("B9", RACK, 2)
    assert two.undo() == one and two.undo().undo() == start
    with pytest.raises(IllegalMoveError) as caught:
        start.undo()
    assert caught.value.reason == "rummikub.ws_nothing_to_undo"
    assert two.reset().sets == state.table and two.reset().rack == state.rack


def test_invalid_end_restores_and_costs_exactly_three() -> None:
    """K-TURN-3: ending with an invalid table restores table and rack and draws exactly 3 tiles."""
    state = position("R9 B9 K2", "K5 K6 K7 K8")
    turn = TurnWorkspace.start(state).move("K8", 1, NEW).move("R9", RACK, 2).move("B9", RACK, 2)
    assert turn.problems()
    result = turn.end()
    assert result.penalty and result.verdict.reason == "rummikub.bad_set"
    after = result.state
    assert after.table == state.table
    assert Counter(after.racks[0]) == Counter(state.racks[0]) + Counter(state.pool[:3])
    assert len(after.racks[0]) - len(state.racks[0]) == 3
    assert after.pool == state.pool[3:] and after.current_player == 1


def test_workspace_keeps_hands_off_the_table_before_opening() -> None:
    """K-OPEN-1: before the initial meld, the sets already on the table cannot be touched."""
    state = position("R9 B9 K9 K2", "K5 K6 K7", opened=False)
    turn = TurnWorkspace.start(state)
    with pytest.raises(IllegalMoveError) as caught:
        turn.move("K2", RACK, 1)
    assert (caught.value.reason, caught.value.rule) == ("rummikub.ws_not_opened", "K-OPEN-1")
    with pytest.raises(IllegalMoveError):
        turn.move("K7", 1, NEW)
    fresh = turn.move("R9", RACK, NEW).move("B9", RACK, 2)  # own new set: fine
    assert fresh.sets[1] == tiles("R9 B9")


def test_table_tiles_never_go_to_the_rack() -> None:
    """K-TURN-1: a tile that was on the table may move between sets, never onto the rack."""
    state = position("R9 K2", "K5 K6 K7 K8")
    turn = TurnWorkspace.start(state)
    with pytest.raises(IllegalMoveError) as caught:
        turn.move("K8", 1, RACK)
    assert caught.value.reason == "rummikub.ws_table_to_rack"
    # a tile played this turn may go back
    back = turn.move("R9", RACK, NEW).move("R9", 2, RACK)
    assert back.rack == state.rack and back.sets == state.table


def test_freed_joker_cannot_go_to_the_rack() -> None:
    """K-JOKER-3: a joker taken from a table set may not be put on the rack."""
    state = position("B10 K2", "B9 J B11")
    turn = TurnWorkspace.start(state).move("J", 1, NEW).move("B10", RACK, 1)
    with pytest.raises(IllegalMoveError) as caught:
        turn.move("J", 2, RACK)
    assert (caught.value.reason, caught.value.rule) == ("rummikub.ws_joker_to_rack", "K-JOKER-3")


def test_swap_in_the_workspace() -> None:
    """K-JOKER-2: swap the joker for its stand-in and play it again in the same turn."""
    state = position("B10 K12 O12", "B9 J B11")
    turn = (
        TurnWorkspace.start(state)
        .move("J", 1, NEW)
        .move("B10", RACK, 1)
        .move("K12", RACK, 2)
        .move("O12", RACK, 2)
    )
    result = turn.end()
    assert not result.penalty, result.verdict.message
    assert result.state.table == (tiles("B9 B10 B11"), tuple(parse_tiles("K12 O12 J")))


def test_ending_untouched_says_draw_instead() -> None:
    """K-OPEN-3: ending without playing is refused with a hint to draw; drawing takes one tile."""
    state = position("R9 K2", "K5 K6 K7")
    turn = TurnWorkspace.start(state)
    with pytest.raises(IllegalMoveError) as caught:
        turn.end()
    assert caught.value.reason == "rummikub.ws_untouched"
    result = turn.move("R9", RACK, NEW).draw()
    assert not result.penalty and len(result.state.racks[0]) == 3
    assert result.state.table == state.table


def test_bad_places_are_refused() -> None:
    """Untrusted input: unknown sets, tiles that are not there and bad splits are refused."""
    state = position("R9 K2", "K5 K6 K7")
    turn = TurnWorkspace.start(state)
    for call, reason in [
        (lambda: turn.move("R8", RACK, NEW), "rummikub.ws_not_on_rack"),
        (lambda: turn.move("K9", 1, NEW), "rummikub.ws_not_in_set"),
        (lambda: turn.move("K5", 4, NEW), "rummikub.ws_no_such_set"),
        (lambda: turn.move("R9", RACK, 7), "rummikub.ws_no_such_set"),
        (lambda: turn.split(1, 0), "rummikub.ws_bad_split"),
        (lambda: turn.split(1, 3), "rummikub.ws_bad_split"),
    ]:
        with pytest.raises(IllegalMoveError) as caught:
            call()
        assert caught.value.reason == reason


def test_timer_off_by_default() -> None:
    """K-TURN-4: lessons start without a timer."""
    clock = FakeClock()
    turn = TurnWorkspace.start(position("R9 K2", "K5 K6 K7"), clock=clock)
    clock.now += 10_000
    assert turn.seconds_left() is None and not turn.timed_out
    assert turn.move("R9", RACK, NEW).undo() == turn


def test_timeout_costs_the_penalty() -> None:
    """K-TURN-4: with ``turn_seconds`` set, running out of time costs the K-TURN-3 penalty."""
    rules = RummikubRules(turn_seconds=60)
    state = position("K8 K2", "K5 K6 K7", rules=rules)
    clock = FakeClock()
    turn = TurnWorkspace.start(state, clock=clock).move("K8", RACK, 1)
    clock.now += 59.5
    assert turn.seconds_left() == pytest.approx(0.5) and not turn.timed_out
    clock.now += 1
    assert turn.timed_out
    with pytest.raises(IllegalMoveError) as caught:
        turn.move("K2", RACK, NEW)
    assert (caught.value.reason, caught.value.rule) == ("rummikub.ws_time_up", "K-TURN-4")
    result = turn.end()  # a valid table, but too late
    assert result.penalty
    assert result.state.table == state.table and len(result.state.racks[0]) == 2 + 3
    assert result.state.last_verdict is not None
    assert result.state.last_verdict.rule == "K-TURN-4"
    # in time, the same turn is played
    clock.now = 1000.0
    in_time = TurnWorkspace.start(state, clock=clock).move("K8", RACK, 1).end()
    assert not in_time.penalty and in_time.state.table == (tiles("K5 K6 K7 K8"),)
