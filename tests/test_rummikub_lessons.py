"""Lessons 9-11 (Rummikub: rearranging, jokers, the end): each exercise is solvable the way its
prose says, each misconception it names gets its own message, and a house rule flipped beside an
exercise changes what that exercise accepts. Driven as the browser drives the views."""

from __future__ import annotations

from typing import Any

from rummy_teach import lessons
from rummy_teach.widgets import JokerExercise, RearrangeExercise, RulesPicker, show
from rummy_teach.widgets.rearrange import set_button


class Driver:
    """Sends a view the intents the page would send, with rising sequence numbers."""

    def __init__(self, view: RearrangeExercise) -> None:
        self.view = view
        self.seq = 0

    def send(self, **message: Any) -> None:
        self.seq += 1
        self.view.receive({**message, "seq": self.seq})

    def rack(self, name: str) -> str:
        return next(pid for pid in self.view.hand_ids if self.view.pieces[pid]["name"] == name)

    def table(self, set_index: int, name: str) -> str:
        ids = self.view.melds[set_index]
        return next(pid for pid in ids if self.view.pieces[pid]["name"] == name)

    def pick(self, *piece_ids: str) -> None:
        for piece_id in piece_ids:
            self.send(intent="pick", piece=piece_id)

    def press(self, button: str) -> None:
        self.send(intent="press", button=button)

    @property
    def message(self) -> str:
        return str(self.view.feedback["message"])

    @property
    def status(self) -> str:
        return str(self.view.feedback["status"])

    def notes(self) -> list[str]:
        return [str(zone.get("note", "")) for zone in self.view.zones if zone["role"] == "set"]


def test_lesson_nine_lists_its_exercises_easy_to_hard() -> None:
    """K-TURN-1, K-TURN-3: four turn puzzles, the penalty last; each shown by the rearrange view."""
    assert lessons.REARRANGE_PUZZLES[-1] is lessons.REARRANGE_PENALTY
    for puzzle in lessons.REARRANGE_PUZZLES:
        view = show(puzzle)
        assert isinstance(view, RearrangeExercise) and not isinstance(view, JokerExercise)


def test_adding_a_tile_shows_the_wrong_set_at_once() -> None:
    """K-TURN-1: B6 on the 9s: that set's verdict says why at once; on B3 B4 B5 the turn is solved."""
    drive = Driver(show(lessons.REARRANGE_ADD))
    drive.pick(drive.rack("blue 6"))
    drive.press(set_button(1))
    assert drive.view.zones[2]["status"] == "bad"
    assert "does not belong with the 9s" in drive.notes()[1]
    drive.press("undo")
    drive.pick(drive.rack("blue 6"))
    drive.press(set_button(0))
    drive.press("end_turn")
    assert drive.view.solved


def test_a_group_of_four_spares_a_tile() -> None:
    """K-TURN-1: R5 out of K5 R5 B5 O5 (three stay valid), R5 R6 R7 made: solved."""
    drive = Driver(show(lessons.REARRANGE_TAKE_FROM_GROUP))
    drive.pick(drive.table(0, "red 5"))
    drive.press("to_new")
    assert "a group of three 5s" in drive.notes()[0]
    drive.pick(drive.rack("red 6"), drive.rack("red 7"))
    drive.press(set_button(1))
    drive.press("end_turn")
    assert drive.view.solved


def test_a_run_split_in_the_right_place_takes_the_tile() -> None:
    """K-TURN-1: K3..K8 split before K5, the rack's K5 ends K3 K4: two valid runs, solved."""
    drive = Driver(show(lessons.REARRANGE_SPLIT))
    drive.pick(drive.table(0, "black 5"))
    drive.press("split")
    assert "only 2 tiles" in drive.notes()[0]  # the short part, for a moment
    drive.pick(drive.rack("black 5"))
    drive.press(set_button(0))
    drive.press("end_turn")
    assert drive.view.solved
    assert [len(ids) for ids in drive.view.melds] == [3, 4]


def test_the_penalty_happens_as_the_lesson_says() -> None:
    """K-TURN-3: O5 onto O1 O2 O3, End turn: the table restored, 3 tiles drawn, the reason given."""
    drive = Driver(show(lessons.REARRANGE_PENALTY))
    drive.pick(drive.rack("orange 5"))
    drive.press(set_button(0))
    assert "costs the penalty" in drive.view.tally
    drive.press("end_turn")
    assert drive.view.solved
    assert "orange 4 is missing" in drive.message
    assert "draw 3 penalty tiles" in drive.message
    assert [len(ids) for ids in drive.view.melds] == [3, 3]
    assert len(drive.view.hand_ids) == 5


def test_a_house_rule_flipped_beside_a_turn_changes_what_it_accepts() -> None:
    """K-JOKER-4: the picker's trio switch reaches the turn: with "both", B7 alone no longer frees
    the joker of K7 R7 J; switched back, it does. Each flip starts the turn again and says so."""
    view = show(lessons.JOKER_TRIO_EITHER)
    picker = RulesPicker(view)
    drive = Driver(view)
    picker.choose("joker_trio_retrieval", "both")
    assert view.start_state.rules.joker_trio_retrieval == "both"
    assert "starts again" in drive.message
    drive.pick(drive.table(0, "joker"), drive.rack("blue 7"))
    drive.press("swap")
    assert drive.status == "bad" and "both missing colours" in drive.message
    picker.choose("joker_trio_retrieval", "either")
    drive.pick(drive.table(0, "joker"), drive.rack("blue 7"))
    drive.press("swap")
    assert "took the joker's place" in drive.message
    drive.pick(drive.rack("orange 3"), drive.rack("orange 4"))
    drive.press(set_button(1))
    drive.press("end_turn")
    assert view.solved


def test_lesson_ten_uses_the_joker_view_throughout() -> None:
    """K-JOKER-1..4, K-MELD-5: every lesson 10 puzzle is shown by the joker view."""
    assert all(isinstance(show(puzzle), JokerExercise) for puzzle in lessons.JOKER_PUZZLES)


def test_what_a_joker_stands_for_is_answered_both_ways() -> None:
    """K-MELD-5, K-JOKER-4: a wrong tile is explained by the set it would make; in the group
    either missing colour is right."""
    drive = Driver(show(lessons.JOKER_STANDS_RUN))
    choices = {drive.view.pieces[pid]["name"]: pid for pid in drive.view.zones[-1]["pieces"]}
    drive.pick(choices["blue 7"])
    assert drive.status == "bad" and "Not blue 7" in drive.message and "gap" in drive.message
    drive.pick(choices["blue 9"])
    assert drive.view.solved
    for colour in ("blue", "orange"):
        drive = Driver(show(lessons.JOKER_STANDS_GROUP))
        choices = {drive.view.pieces[pid]["name"]: pid for pid in drive.view.zones[-1]["pieces"]}
        drive.pick(choices[f"{colour} 4"])
        assert drive.view.solved and "a missing colour" in drive.message


def test_breaking_up_a_joker_set_and_taking_the_joker_each_have_their_own_message() -> None:
    """K-JOKER-1: R8 taken from R5 J R7 R8 is refused as breaking up the set; the joker taken to
    the rack is refused as not replaced; R4 and R9 at the ends are accepted."""
    drive = Driver(show(lessons.JOKER_EXTEND))
    drive.pick(drive.table(0, "red 8"))
    drive.press("to_new")
    broke_up = drive.message
    assert drive.status == "bad" and "only grows" in broke_up
    drive.pick(drive.table(0, "red 8"), drive.table(0, "joker"))
    drive.press("to_rack")
    assert drive.status == "bad" and "only the tile a joker stands for" in drive.message
    assert drive.message != broke_up
    assert [len(ids) for ids in drive.view.melds] == [4]
    drive.pick(drive.table(0, "joker"), drive.rack("red 4"), drive.rack("red 9"))
    drive.press(set_button(0))
    drive.press("end_turn")
    assert drive.view.solved


def test_a_wrong_swap_and_a_freed_joker_to_the_rack_each_have_their_own_message() -> None:
    """K-JOKER-2, K-JOKER-3: K10 does not free the joker of R5 J R7 (the tile it stands for is
    named); after R6 swaps it out, the freed joker may not go to the rack; played with K10 K11:
    solved."""
    drive = Driver(show(lessons.JOKER_SWAP))
    drive.pick(drive.table(0, "joker"), drive.rack("black 10"))
    drive.press("swap")
    assert drive.status == "bad" and "black 10 does not free the joker" in drive.message
    assert "red 6" in drive.message
    drive.pick(drive.rack("black 10"), drive.rack("red 6"))
    drive.press("swap")
    assert "took the joker's place" in drive.message
    drive.press("to_rack")
    assert drive.status == "bad" and "never yours to keep" in drive.message
    drive.pick(drive.rack("black 10"), drive.rack("black 11"))
    drive.press(set_button(2))
    drive.press("end_turn")
    assert drive.view.solved


def test_the_strict_trio_rule_needs_both_colours() -> None:
    """K-JOKER-4 ("both"): B7 and O7 together free the joker; it then goes with B3 B4: solved."""
    drive = Driver(show(lessons.JOKER_TRIO_BOTH))
    drive.pick(drive.table(0, "joker"), drive.rack("blue 7"), drive.rack("orange 7"))
    drive.press("swap")
    drive.pick(drive.rack("blue 3"), drive.rack("blue 4"))
    drive.press(set_button(1))
    drive.press("end_turn")
    assert drive.view.solved


def test_lesson_eleven_scores_a_joker_left_and_the_empty_pool() -> None:
    """K-END-1, K-END-2: a joker left counts 30 (the winner +59, the scores sum to zero); with the
    pool empty the lowest rack wins the differences (+54). A wrong number is counted out for it."""
    first = show(lessons.RUMMIKUB_JOKER_LEFT)
    assert first.end_state.scores == (59, -52, -7)
    first.receive({"intent": "answer", "value": 29, "seq": 1})
    assert first.feedback["status"] == "bad" and "joker 30" in first.feedback["message"]
    first.receive({"intent": "answer", "value": 59, "seq": 2})
    assert first.solved and "sum to zero" in first.feedback["message"]
    second = show(lessons.RUMMIKUB_EMPTY_POOL)
    assert second.winner == 2 and second.points == 54
    second.receive({"intent": "answer", "value": 54, "seq": 1})
    assert second.solved and "pool is empty" in second.feedback["message"]
    assert lessons.END_PUZZLES == (lessons.RUMMIKUB_JOKER_LEFT, lessons.RUMMIKUB_EMPTY_POOL)


def test_in_the_empty_pool_ending_nobody_can_play() -> None:
    """K-END-2: lessons 11 and 12 say nobody here can play, so no rack places a tile on this table
    (a joker on a rack could join the 10s or the orange run)."""
    from rummy_teach import RummikubRules, parse_tiles
    from rummy_teach.solver import best_play

    position = lessons.RUMMIKUB_EMPTY_POOL
    table = [parse_tiles(tiles) for tiles in position.table]
    for rack in position.racks:
        assert best_play(parse_tiles(rack), table, RummikubRules()).tiles == 0, rack
