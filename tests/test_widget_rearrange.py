"""The rearrange view driven exactly as the browser drives it: by the messages it sends (K-TURN-1..3)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_teach import RummikubRules, messages
from rummy_teach.lessons import deals_rearrange as deals
from rummy_teach.pieces import Tile
from rummy_teach.rummikub import from_position
from rummy_teach.rummikub.sets import plain
from rummy_teach.widgets import RearrangeExercise
from rummy_teach.widgets.rearrange import set_button

_seq = itertools.count(1)


def send(view: RearrangeExercise, message: dict[str, Any]) -> None:
    view.receive({**message, "seq": next(_seq)})


def pick(view: RearrangeExercise, *piece_ids: str) -> None:
    for piece_id in piece_ids:
        send(view, {"intent": "pick", "piece": piece_id})


def press(view: RearrangeExercise, button: str) -> None:
    send(view, {"intent": "press", "button": button})


def drop(view: RearrangeExercise, piece_id: str, on: str) -> None:
    send(view, {"intent": "drop", "piece": piece_id, "on": on})


def rack_id(view: RearrangeExercise, notation: str) -> str:
    tile = Tile.parse(notation)
    return next(pid for pid in view.hand_ids if view.piece(pid) == tile)


def table_id(view: RearrangeExercise, set_number: int, notation: str) -> str:
    tile = Tile.parse(notation)
    return next(pid for pid in view.melds[set_number - 1] if view.piece(pid) == tile)


def shown(view: RearrangeExercise) -> list[str]:
    return [messages.pieces_short(tiles) for tiles in view.shown_table()]


def set_zone(view: RearrangeExercise, number: int) -> dict[str, Any]:
    return next(zone for zone in view.zones if zone["id"] == f"s{number - 1}")


def frozen(view: RearrangeExercise) -> Any:
    return (view.zones, view.selected, view.hand_ids, view.melds, view.workspace)


def test_add_b6_to_a_run_is_accepted_K_TURN_1() -> None:
    """K-TURN-1: lesson 9's first puzzle: B6 onto B3 B4 B5, End turn accepted, goal reached."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_ADD)
    pick(view, rack_id(view, "B6"))
    assert view.selected == [rack_id(view, "B6")]
    press(view, set_button(0))
    assert shown(view)[0] == "blue 3 blue 4 blue 5 blue 6"
    zone = set_zone(view, 1)
    assert zone["status"] == "ok" and "a run of blue tiles from blue 3 to blue 6" in zone["note"]
    assert zone["marked"] == [view.melds[0][3]]  # placed this turn: drawn crosswise
    assert "accepted" in view.tally
    calls: list[Any] = []
    view.on_turn_end(lambda _view, result: calls.append(result))
    press(view, "end_turn")
    assert view.solved and view.feedback["status"] == "solved"
    assert view.result is not None and not view.result.penalty and calls == [view.result]


def test_take_r5_out_of_a_group_of_four_K_TURN_1() -> None:
    """K-TURN-1: a tile taken from a group of four (three stay valid) makes R5 R6 R7 with the rack."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_TAKE_FROM_GROUP)
    pick(view, table_id(view, 1, "R5"))
    press(view, "to_new")
    assert set_zone(view, 1)["status"] == "ok"
    assert set_zone(view, 2)["status"] == "bad"
    assert set_zone(view, 2)["note"] == "red 5 is a single tile: a set needs at least 3 tiles."
    assert "costs the penalty" in view.tally
    pick(view, rack_id(view, "R6"), rack_id(view, "R7"))
    press(view, set_button(1))
    assert shown(view) == ["black 5 blue 5 orange 5", "red 5 red 6 red 7"]
    assert all(set_zone(view, n)["status"] == "ok" for n in (1, 2))
    press(view, "end_turn")
    assert view.solved


def test_split_a_long_run_to_fit_k5_K_TURN_1() -> None:
    """K-TURN-1: split K3..K8 before K6, K5 from the rack in front of K6 K7 K8."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_SPLIT)
    pick(view, table_id(view, 1, "K6"))
    press(view, "split")
    assert shown(view) == ["black 3 black 4 black 5", "black 6 black 7 black 8"]
    drop(view, rack_id(view, "K5"), "s1")  # a drag onto set 2
    assert shown(view)[1] == "black 5 black 6 black 7 black 8"  # laid out as it reads
    press(view, "end_turn")
    assert view.solved


def test_join_two_sets_K_TURN_1() -> None:
    """K-TURN-1: the two sets the picked tiles lie in become one."""
    view = RearrangeExercise(["K3 K4 K5", "K6 K7 K8"], "K9")
    pick(view, table_id(view, 1, "K3"), table_id(view, 2, "K8"))
    join = next(button for button in view.buttons if button["id"] == "join")
    assert join["enabled"]
    press(view, "join")
    assert shown(view) == ["black 3 black 4 black 5 black 6 black 7 black 8"]
    pick(view, rack_id(view, "K9"))
    press(view, set_button(0))
    press(view, "end_turn")
    assert view.solved


def test_back_to_the_rack_only_for_tiles_placed_this_turn_K_TURN_1() -> None:
    """K-TURN-1: a tile placed this turn goes back; a table tile is refused, nothing changes."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_ADD)
    b6 = rack_id(view, "B6")
    drop(view, b6, "s0")
    drop(view, b6, "hand")
    assert view.hand_ids == [b6] and shown(view)[0] == "blue 3 blue 4 blue 5"
    before = frozen(view)
    pick(view, table_id(view, 1, "B3"))
    press(view, "to_rack")
    assert view.feedback["status"] == "bad"
    assert "was on the table when your turn began" in view.feedback["message"]
    assert (view.melds, view.hand_ids, view.workspace.sets) == (
        before[3],
        before[2],
        before[4].sets,
    )


def test_refusals_leave_the_state_unchanged() -> None:
    """A split at a set's first tile, a greyed-out zone button, an unknown zone: nothing changes."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_SPLIT)
    k3 = table_id(view, 1, "K3")
    pick(view, k3)
    before = (view.melds, view.hand_ids, view.workspace)
    press(view, "split")
    assert view.feedback["status"] == "bad"
    assert "cannot be split there" in view.feedback["message"]
    assert (view.melds, view.hand_ids, view.workspace) == before
    pick(view, k3)  # unpicked: "Move here" is greyed out, yet answers in words
    press(view, "split")
    assert view.feedback["message"].startswith("To split a set, pick one tile in it")
    press(view, "join")
    assert view.feedback["message"].startswith("To join two sets")
    press(view, "to_new")
    assert "pick the tiles to move first" in view.feedback["message"]
    ignored = view.ignored
    drop(view, rack_id(view, "K5"), "s9")
    assert view.ignored == ignored + 1 and (view.melds, view.hand_ids) == before[:2]


def test_before_the_initial_meld_the_table_is_untouchable_K_OPEN_1() -> None:
    """K-OPEN-1: not opened yet: moving a table tile is refused with the engine's words."""
    view = RearrangeExercise(["R1 R2 R3"], "K10 R10 B10 R4", opened=False)
    pick(view, table_id(view, 1, "R3"))
    press(view, "to_new")
    assert view.feedback["status"] == "bad"
    assert "Before your initial meld you may not touch" in view.feedback["message"]
    pick(view, table_id(view, 1, "R3"))
    pick(view, rack_id(view, "K10"), rack_id(view, "R10"), rack_id(view, "B10"))
    press(view, "to_new")
    press(view, "end_turn")
    assert view.result is not None and view.result.verdict.ok


def test_undo_and_reset() -> None:
    """Undo takes back one step (a multi-tile move is one step); Reset starts the turn again."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_TAKE_FROM_GROUP)
    start = (list(view.melds), list(view.hand_ids))
    pick(view, table_id(view, 1, "R5"))
    press(view, "to_new")
    after_one = (list(view.melds), list(view.hand_ids))
    pick(view, rack_id(view, "R6"), rack_id(view, "R7"))
    press(view, set_button(1))
    press(view, "undo")
    assert (view.melds, view.hand_ids) == after_one
    press(view, "undo")
    assert (view.melds, view.hand_ids) == start
    assert not next(button for button in view.buttons if button["id"] == "undo")["enabled"]
    pick(view, table_id(view, 1, "R5"))
    press(view, "to_new")
    press(view, "reset")
    assert (view.melds, view.hand_ids) == start and view.workspace.untouched


def test_ending_with_an_invalid_table_restores_it_and_draws_three_K_TURN_3() -> None:
    """K-TURN-3: the table is shown as it was, the rack tiles back, 3 penalty tiles drawn, the reason."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_PENALTY)
    start_table = shown(view)
    drop(view, rack_id(view, "O5"), "s0")
    assert set_zone(view, 1)["status"] == "bad"
    assert "orange 4 is missing" in set_zone(view, 1)["note"]
    press(view, "end_turn")
    assert view.result is not None and view.result.penalty
    assert shown(view) == start_table
    assert len(view.hand_ids) == 2 + 3
    assert view.zones[0]["note"].startswith("You drew ")
    assert "orange 4 is missing" in view.feedback["message"]
    assert "draw 3 penalty tiles" in view.feedback["message"]
    assert view.solved  # this puzzle's goal is to see it happen
    before = frozen(view)
    pick(view, view.hand_ids[0])
    assert frozen(view) == before and "This turn is over" in view.feedback["message"]
    press(view, "reset")
    assert len(view.hand_ids) == 2 and not view.solved


def test_a_penalty_when_the_goal_was_to_play_is_not_solved_K_TURN_3() -> None:
    """K-TURN-3: ending B3 B4 B5 B6 ... wrongly costs the penalty and says how to try again."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_ADD)
    drop(view, rack_id(view, "B6"), "s1")
    press(view, "end_turn")
    assert view.result is not None and view.result.penalty and not view.solved
    assert view.feedback["status"] == "bad" and "Press Reset" in view.feedback["message"]


def test_ending_untouched_is_refused_K_OPEN_3() -> None:
    """K-OPEN-3: nothing played: the engine says draw instead; nothing ends."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_ADD)
    press(view, "end_turn")
    assert view.result is None and "draw a tile instead" in view.feedback["message"]


def test_a_game_turn_draws_and_starts_the_next_turn_K_OPEN_3() -> None:
    """K-OPEN-3: from_state offers Draw; start_turn shows the next state's turn."""
    state = from_position(["R1 B9", "K2 K3"], table=["O5 O6 O7"], opened=[True, True])
    view = RearrangeExercise.from_state(state)
    press(view, "draw")
    assert view.result is not None and not view.result.penalty
    assert len(view.hand_ids) == 3
    after = view.result.state
    view.start_turn(after)
    assert [view.piece(pid) for pid in view.hand_ids] == list(after.racks[1])
    assert not view.over


def test_hint_ladder_ends_with_the_solvers_play() -> None:
    """The third hint is the solver's play, in words (K-TURN-1)."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_SPLIT)
    ladder = view.hints()
    assert "“Rearranging the table”" in ladder[0] and ladder[1].startswith("After your initial")
    assert ladder[2].startswith("One answer: Split black 3-8")
    for _ in range(3):
        press(view, "hint")
    assert view.feedback["message"].startswith("Hint 3 of 3")


def test_a_dead_end_says_so_and_how_to_undo_K_JOKER_2() -> None:
    """K-JOKER-2: the freed joker put into the 9s: K10 K11 can no longer be placed: said, with Undo."""
    view = RearrangeExercise(["R5 J R7", "K9 B9 O9"], "R6 K10 K11")
    joker = table_id(view, 1, "J")
    pick(view, joker)
    press(view, set_button(1))  # the joker taken out before its tile is in: refused (K-JOKER-2)
    assert view.feedback["status"] == "bad" and view.selected == [joker]
    assert "without red 6 from your rack in its place" in view.feedback["message"]
    pick(view, joker, rack_id(view, "R6"))
    press(view, set_button(0))
    assert "Undo" not in view.feedback["message"]
    pick(view, joker)
    press(view, set_button(1))  # the freed joker into the 9s: valid, but a dead end
    assert shown(view) == ["red 5 red 6 red 7", "black 9 blue 9 orange 9 joker"]
    assert "black 10 black 11 can no longer be placed" in view.feedback["message"]
    assert "Undo" in view.feedback["message"]
    press(view, "undo")
    assert "no longer" not in view.feedback["message"]


def test_deal_gives_a_split_puzzle_the_solver_answers() -> None:
    """Hand n: a tile that fits no set as it lies; the solver places it; same n, same table."""
    view = RearrangeExercise.from_puzzle(deals.REARRANGE_ADD)
    assert view._deal(7)
    first = shown(view)
    tile = view.piece(view.hand_ids[0])
    assert view.turn_goal.goal_tiles() == (tile,)
    assert view._deal(7) and shown(view) == first
    assert deals.deal_rearrange(7) == deals.deal_rearrange(7) != deals.deal_rearrange(8)
    assert view.most_tiles() == 1


@st.composite
def intents(draw: st.DrawFn) -> list[tuple[str, str]]:
    steps = st.one_of(
        st.tuples(st.just("pick"), st.integers(0, 14).map(lambda n: f"p{n}")),
        st.tuples(
            st.just("press"),
            st.sampled_from(["to_a", "to_b", "to_c", "to_d", "to_new", "to_rack"]),
        ),
        st.tuples(st.just("press"), st.sampled_from(["split", "join", "undo", "reset"])),
        st.tuples(
            st.sampled_from(["s0", "s1", "s2", "s3", "new", "hand"]).map(lambda on: f"drop:{on}"),
            st.integers(0, 14).map(lambda n: f"p{n}"),
        ),
    )
    return draw(st.lists(steps, max_size=25))


@settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(intents(), st.booleans())
def test_random_intents_conserve_tiles_and_show_the_workspace(
    steps: list[tuple[str, str]], end: bool
) -> None:
    """Any intents: every tile is somewhere once, and the shown table is the workspace's."""
    view = RearrangeExercise(["K5 R5 B5 O5", "R1 J R3", "B7 B8 B9 B10"], "R6 R7 B11 K5")
    everything = Counter(pid for pid in view.hand_ids) + Counter(
        pid for ids in view.melds for pid in ids
    )
    for name, value in steps:
        if name == "pick":
            pick(view, value)
        elif name == "press":
            press(view, value)
        else:
            drop(view, value, name.split(":")[1])
        now = Counter(view.hand_ids) + Counter(pid for ids in view.melds for pid in ids)
        assert now == everything
        assert [list(plain(tiles)) for tiles in view.workspace.sets] == view.shown_table()
        assert [view.piece(pid) for pid in view.hand_ids] == list(view.workspace.rack)
        assert [zone["pieces"] for zone in view.zones if zone["role"] == "set"] == view.melds
    if end and not view.workspace.untouched:
        press(view, "end_turn")
        assert view.result is not None
        tiles = Counter(view.piece(pid) for pid in view.hand_ids) + Counter(
            view.piece(pid) for ids in view.melds for pid in ids
        )
        state = view.result.state
        kept = Counter(state.racks[0]) + Counter(t for s in state.table for t in s)
        assert tiles == kept
        if view.result.penalty:
            assert [list(plain(t)) for t in view.start_state.table] == view.shown_table()


def test_place_as_many_as_you_can_has_the_solvers_par_K_TURN_2() -> None:
    """K-TURN-2: the par is the solver's count; fewer placed is accepted but not the goal."""
    goal = deals.TurnGoal.place_most()
    view = RearrangeExercise(["R1 R2 R3", "K7 B7 O7"], "R4 R7 O1", goal=goal)
    assert view.most_tiles() == 2
    drop(view, rack_id(view, "R4"), "s0")
    press(view, "end_turn")
    assert view.result is not None and view.result.verdict.ok and not view.solved
    assert "You placed 1; 2 can be placed" in view.feedback["message"]
    press(view, "reset")
    drop(view, rack_id(view, "R4"), "s0")
    drop(view, rack_id(view, "R7"), "s1")
    press(view, "end_turn")
    assert view.solved


def test_rules_object_is_the_views() -> None:
    """K-TURN-3: the rule's text gives the penalty the rules set."""
    view = RearrangeExercise(["R1 R2 R3"], "R4", RummikubRules(penalty_draw=2))
    assert "2 penalty tiles" in view.hints()[1]
