"""Exercises driven from Python exactly as the browser drives them: by the messages it sends."""

from __future__ import annotations

import itertools
import json
import logging
import re
import subprocess
import sys
from typing import Any

import pytest

from rummy_teach import RummikubRules, RummyRules, lessons, messages
from rummy_teach.widgets import (
    Exercise,
    Goal,
    LayoffExercise,
    MeldExercise,
    OpeningExercise,
    SpotExercise,
    show,
)
from rummy_teach.widgets.answers import best_opening_points, best_sets
from rummy_teach.widgets.intents import Intent, read_intent

_seq = itertools.count(1)


def send(widget: Exercise, message: object, buffers: list[object] | None = None) -> None:
    """Deliver one custom message as the kernel's comm does (the whole envelope)."""
    envelope = {"content": {"data": {"method": "custom", "content": message}}}
    widget._handle_msg({**envelope, "buffers": buffers or []})


def pick_id(widget: Exercise, piece_id: str) -> None:
    send(widget, {"intent": "pick", "piece": piece_id, "seq": next(_seq)})


def pick(widget: Exercise, notation: str) -> None:
    """Click each piece of ``notation`` (found in hand first), as the view does."""
    for piece_id in widget.ids_of(notation):
        pick_id(widget, piece_id)


def press(widget: Exercise, button: str) -> None:
    send(widget, {"intent": "press", "button": button, "seq": next(_seq)})


def drop(widget: Exercise, piece_id: str, on: str) -> None:
    send(widget, {"intent": "drop", "piece": piece_id, "on": on, "seq": next(_seq)})


def snapshot(widget: Exercise) -> dict[str, Any]:
    return {
        name: getattr(widget, name)
        for name in (
            "zones",
            "selected",
            "feedback",
            "tally",
            "buttons",
            "solved",
            "pieces",
            "goal",
        )
    }


def test_meld_exercise_lays_down_everything_R_MELD_1_R_MELD_2() -> None:
    """Lesson 2's hand: a run and a group laid down, one card left: solved, with a callback."""
    widget = show(lessons.RUMMY_LAY_DOWN)
    calls: list[Exercise] = []
    widget.on_success(calls.append)
    pick(widget, "4D 5D 6D")
    assert widget.feedback["status"] == "ok"
    assert (
        widget.feedback["message"] == "4♦ 5♦ 6♦: a run of diamonds from 4♦ to 6♦, worth 15 points."
    )
    press(widget, "lay_down")
    assert not widget.solved
    pick(widget, "9H 9S 9C")
    press(widget, "lay_down")
    assert widget.solved and calls == [widget]
    assert widget.feedback["status"] == "solved"
    assert [str(p) for p in widget.hand] == ["KS"]


def test_instant_feedback_names_the_gap_R_MELD_2() -> None:
    """Picking 5♥ 6♥ 8♥ says at once that 7♥ is missing, before any button."""
    widget = MeldExercise("5H 6H 8H 7C", RummyRules())
    pick(widget, "5H 6H")
    assert widget.feedback["status"] == "info"
    pick(widget, "8H")
    assert widget.feedback["status"] == "bad"
    assert "7♥ is missing between 6♥ and 8♥" in widget.feedback["message"]
    assert widget.feedback["status_text"] == "Not valid"


def test_invalid_lay_down_is_refused_and_changes_nothing_R_MELD_1() -> None:
    """A two-card 'group' cannot be laid down: the engine's message, the hand untouched."""
    widget = MeldExercise("9H 9S 4D", RummyRules())
    pick(widget, "9H 9S")
    before = [str(p) for p in widget.hand]
    press(widget, "lay_down")  # greyed out with fewer than 3 picked: the engine says why
    assert [str(p) for p in widget.hand] == before
    assert "a meld needs at least 3" in widget.feedback["message"]
    pick(widget, "4D")
    press(widget, "lay_down")
    assert widget.feedback["status"] == "bad"
    assert widget.melds == []


def test_a_hint_after_solving_says_none_is_needed_not_yet() -> None:
    """The greyed-out Hint of a solved exercise answers that it is solved, and how to start again."""
    widget = show(lessons.START_PICK_THREE)
    pick(widget, "9H 9S 9C")
    press(widget, "lay_down")
    assert widget.solved
    press(widget, "hint")
    assert widget.feedback["message"] == (
        "This exercise is solved: no hint needed. “Reset” starts it again."
    )
    assert widget.hints_used == 0


def test_take_back_and_reset() -> None:
    """Clicking a laid meld returns it to the hand in the original order; Reset restores the start."""
    widget = show(lessons.START_PICK_THREE)
    pick(widget, "9H 9S 9C")
    press(widget, "lay_down")
    assert widget.solved
    pick_id(widget, widget.melds[0][0])
    assert [str(p) for p in widget.hand] == ["9H", "9S", "4D", "9C", "KH"]
    assert widget.feedback["message"].endswith("went back to your hand.")
    pick(widget, "4D")
    press(widget, "reset")
    assert widget.selected == [] and not widget.solved
    assert widget.feedback["message"] == "Back to the start: every piece is in your hand again."


def test_ace_high_switch_flips_the_verdict_R_MELD_3() -> None:
    """Q-K-A is refused with the default ace-low rules and accepted with ace high-or-low."""
    low = MeldExercise("QS KS AS", RummyRules())
    pick(low, "QS KS AS")
    assert low.feedback["status"] == "bad"
    high = show(lessons.RUMMY_ACE_HIGH)
    pick(high, "QS KS AS")
    press(high, "lay_down")
    assert high.solved


def test_layoff_exercise_R_TURN_3() -> None:
    """Lesson 4: 10♠ needs 9♠ first; table cards never move; everything but 2♥ lays off."""
    widget = show(lessons.RUMMY_LAY_OFF)
    assert isinstance(widget, LayoffExercise)
    table_six = widget.melds[0][0]
    pick_id(widget, table_six)
    assert widget.feedback["status"] == "bad" and "stays there" in widget.feedback["message"]
    pick(widget, "10S")
    pick_id(widget, table_six)
    assert widget.feedback["status"] == "bad"
    assert "9♠ would have to come first" in widget.feedback["message"]
    pick(widget, "10S")  # unpick
    for card, meld in [("9S", 0), ("10S", 0), ("5S", 0), ("KS", 1), ("6C", 2), ("7C", 2)]:
        pick(widget, card)
        assert widget.feedback["status"] == "ok", widget.feedback
        pick_id(widget, widget.melds[meld][0])
        assert widget.feedback["status"] in ("ok", "solved"), widget.feedback
    assert widget.solved
    assert [str(p) for p in widget.hand] == ["2H"]
    assert [str(widget.piece(pid)) for pid in widget.melds[0]] == [
        "5S",
        "6S",
        "7S",
        "8S",
        "9S",
        "10S",
    ]


def test_opening_tally_and_two_sets_K_OPEN_2() -> None:
    """Lesson 8: live tally while building; two sets together reach 42 and open."""
    widget = show(lessons.OPENING_TWO_SETS)
    assert widget.tally == "0 of 30 points"
    pick(widget, "B5 B6 B7")
    assert widget.tally == "18 of 30 points"
    press(widget, "open")
    assert widget.feedback["status"] == "bad"
    assert "12 short of the 30" in widget.feedback["message"]
    assert not widget.solved
    pick(widget, "K8 R8 O8")
    press(widget, "lay_down")
    assert widget.tally == "42 points: enough, 30 needed"
    press(widget, "open")
    assert widget.solved and widget.feedback["status"] == "solved"


def test_opening_draw_is_right_only_when_the_rack_cannot_open_K_OPEN_1() -> None:
    """27 points can't open: drawing is the right answer; with a 30-point rack it is not."""
    short = show(lessons.OPENING_OR_DRAW)
    pick(short, "K9 R9 B9")
    assert short.tally == "27 of 30 points"
    press(short, "draw")
    assert short.solved and "27 points" in short.feedback["message"]
    can = OpeningExercise("K10 B10 R10 O1", RummikubRules(), goal=Goal.open_or_draw())
    press(can, "draw")
    assert not can.solved and can.feedback["status"] == "bad"


def test_joker_counts_what_it_stands_for_K_MELD_4() -> None:
    """K10 B10 J opens with 30: the joker is a 10 (not 30) inside a set."""
    widget = show(lessons.OPENING_JOKER)
    pick(widget, "K10 B10 J")
    assert widget.tally == "30 points: enough, 30 needed"
    press(widget, "open")
    assert widget.solved
    press(widget, "open")  # greyed out now: it says why
    assert (
        widget.feedback["message"] == "You have opened already. “Reset” starts the exercise again."
    )


def test_rummikub_rack_all_three_sets_K_MELD_2_K_MELD_3_K_MELD_5() -> None:
    """Lesson 7's rack: group of four 10s, the blue run, and R12 R13 with the joker as R11."""
    widget = show(lessons.RUMMIKUB_RACK)
    pick(widget, "R12 R13 J")
    assert "stands for red 11" in widget.feedback["message"]
    press(widget, "lay_down")
    assert [str(widget.piece(pid)) for pid in widget.melds[0]] == ["J", "R12", "R13"]
    pick(widget, "R10 B10 K10 O10")
    press(widget, "lay_down")
    pick(widget, "B4 B5 B6")
    press(widget, "lay_down")
    assert widget.solved


def test_duplicate_colour_in_group_K_MELD_2() -> None:
    """R7 R7 B7: two red tiles in a group is refused with the engine's reason."""
    widget = show(lessons.RUMMIKUB_GROUP)
    pick(widget, "R7 R7 B7")
    assert widget.feedback["status"] == "bad"
    assert "different colour" in widget.feedback["message"]


HOSTILE: list[Any] = [
    None,
    "pick",
    [],
    3,
    {},
    {"intent": "pick"},
    {"intent": "pick", "piece": "p0"},
    {"intent": "pick", "piece": "p999", "seq": 1},
    {"intent": "pick", "piece": 3, "seq": 1},
    {"intent": "pick", "piece": ["p0"], "seq": 1},
    {"intent": "pick", "piece": "<img src=x onerror=alert(1)>", "seq": 1},
    {"intent": "pick", "piece": "p0" * 1000, "seq": 1},
    {"intent": "pick", "piece": "p0", "seq": -1},
    {"intent": "pick", "piece": "p0", "seq": 2**40},
    {"intent": "pick", "piece": "p0", "seq": True},
    {"intent": "pick", "piece": "p0", "seq": 1.5},
    {"intent": "pick", "piece": "p0", "seq": "1"},
    {"intent": "pick", "piece": "p0", "seq": 1, "extra": 1},
    {"intent": "pick", "button": "lay_down", "seq": 1},
    {"intent": "press", "button": "open", "seq": 1},
    {"intent": "press", "button": "__init__", "seq": 1},
    {"intent": "press", "button": {"$ne": 1}, "seq": 1},
    {"intent": "press", "button": "Reset", "seq": 1},
    {"intent": "eval", "piece": "p0", "seq": 1},
    {"intent": "x" * 10_000, "seq": 1},
    {"intent": "drop", "piece": "p0", "on": "m7", "seq": 1},
    {"intent": "drop", "piece": "p0", "on": "hand", "seq": 1},
    {"intent": "drop", "piece": "p0", "on": "reset", "seq": 1},
    {"intent": "drop", "piece": "p0", "on": "../../etc", "seq": 1},
    {"intent": "drop", "piece": "p0", "seq": 1},
    {"action": "pick", "id": "p0", "seq": 1},  # the old protocol is refused too
    {"intent": "pick", "piece": {"deep": {"deeper": ["p0"]}}, "seq": 1},
    {str(n): n for n in range(100_000)},
]


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda value: repr(value)[:40])
def test_hostile_messages_change_nothing(hostile: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Malformed or hostile messages are refused with one log line, no traceback, no change."""
    widget = MeldExercise("9H 9S 4D 9C KH", RummyRules())
    pick(widget, "9H")
    before = snapshot(widget)
    ignored, answered = widget.ignored, widget.answered
    with caplog.at_level(logging.WARNING):
        send(widget, hostile)
    assert snapshot(widget) == before
    assert widget.ignored == ignored + 1
    assert widget.answered == answered + 1
    assert "ignored" in caplog.text and "Traceback" not in caplog.text
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is None


def test_messages_with_buffers_or_broken_envelopes_are_refused(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Binary buffers, or comm messages that are not widget messages, are refused without a traceback."""
    widget = MeldExercise("9H 9S 4D 9C KH", RummyRules())
    before = snapshot(widget)
    with caplog.at_level(logging.WARNING):
        send(widget, {"intent": "pick", "piece": "p0", "seq": 1}, buffers=[b"x"])
        for envelope in [None, "x", {}, {"content": None}, {"content": {"data": []}}]:
            widget._handle_msg(envelope)
        widget._handle_msg({"content": {"data": {"method": "exec", "content": "1"}}})
    assert snapshot(widget) == before
    assert widget.ignored == 7
    assert all(record.exc_info is None for record in caplog.records)


def test_browser_cannot_set_any_trait(caplog: pytest.LogCaptureFixture) -> None:
    """A page that sends new values for feedback, pieces or solved (comm set_state) is ignored."""
    widget = MeldExercise("9H 9S 4D 9C KH", RummyRules())
    before = snapshot(widget)
    with caplog.at_level(logging.WARNING):
        widget.set_state(
            {
                "feedback": {"status": "ok", "message": "<script>alert(1)</script>"},
                "pieces": {"p0": {"svg": "<svg onload=alert(1)>", "name": "x"}},
                "solved": True,
                "selected": ["p0", "p1", "p2"],
                "goal": "<b>pwned</b>",
            }
        )
    assert snapshot(widget) == before
    assert widget.ignored == 5
    widget._handle_msg({"content": {"data": {"method": "update", "state": {"answered": 99}}}})
    widget.set_state("not a mapping")
    assert snapshot(widget) == before and widget.ignored == 7 and widget.answered == 0


def test_text_from_the_browser_never_reaches_the_view() -> None:
    """Only Python-made text is synced: no part of a hostile message appears in any trait."""
    widget = MeldExercise("9H 9S 4D", RummyRules())
    send(widget, {"intent": "pick", "piece": "<b>x</b>", "seq": 1})
    send(widget, {"intent": "press", "button": "<i>y</i>", "seq": 2})
    assert "<b>" not in repr(snapshot(widget)) and "<i>" not in repr(snapshot(widget))


def test_a_failing_handler_never_crashes_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error inside an action is logged, not raised into the comm handler."""
    widget = MeldExercise("9H 9S 4D", RummyRules())

    def boom(piece_id: str) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(widget, "_pick", boom)
    pick_id(widget, "p0")  # must not raise
    assert widget.answered == 1


def test_a_burst_of_intents_is_handled_completely_and_in_order() -> None:
    """Ten messages in a row (as the browser sends them in one task): each is answered, in order."""
    widget = show(lessons.RUMMY_LAY_DOWN)
    ids = widget.ids_of("4D 5D 6D 9H 9S 9C KS")
    for piece_id in [*ids, ids[6], ids[5], ids[4]]:
        pick_id(widget, piece_id)
    assert widget.answered == 10
    assert widget.selected == ids[:4]
    assert widget.feedback["status"] == "bad"  # 4♦ 5♦ 6♦ 9♥ mixes a run with a 9
    assert widget.feedback["message"].startswith("4♦ 5♦ 6♦ 9♥")


def test_every_view_driven_by_the_browser_messages() -> None:
    """Each view (meld, layoff, opening) takes pick, press and drop messages and answers each."""
    meld = show(lessons.START_PICK_THREE)
    nine_hearts, nine_spades, _, nine_clubs, _ = meld.ids_of("9H 9S 4D 9C KH")
    pick_id(meld, nine_hearts)
    pick_id(meld, nine_spades)
    drop(meld, nine_clubs, "lay_down")  # dragged onto "Lay down": laid down with the picked two
    assert meld.solved and sorted(meld.melds[0]) == sorted([nine_hearts, nine_spades, nine_clubs])
    drop(meld, nine_spades, "hand")  # a laid meld's piece dragged back: the meld comes back
    assert meld.melds == [] and "went back to your hand" in meld.feedback["message"]
    layoff = show(lessons.RUMMY_LAY_OFF)
    nine = layoff.ids_of("9S")[0]
    drop(layoff, nine, "m0")  # onto the run 6♠ 7♠ 8♠
    assert "it is now 6♠ 7♠ 8♠ 9♠" in layoff.feedback["message"]
    drop(layoff, layoff.melds[1][0], "hand")  # table cards never move
    assert layoff.ignored == 1
    opening = show(lessons.OPENING_TWO_SETS)
    for piece_id in opening.ids_of("B5 B6 B7"):
        pick_id(opening, piece_id)
    press(opening, "lay_down")
    pick(opening, "K8 R8")
    drop(opening, opening.ids_of("O8")[0], "lay_down")
    press(opening, "open")
    assert opening.solved and opening.tally == "42 points: enough, 30 needed"
    assert (meld.answered, layoff.answered, opening.answered) == (4, 2, 8)


def test_pieces_are_svg_pictures_with_accessible_names() -> None:
    """The browser gets svg.py's pictures and messages.piece_name for each piece."""
    widget = OpeningExercise("R7 J", RummikubRules())
    assert widget.pieces["p0"]["name"] == "red 7"
    assert widget.pieces["p1"]["name"] == "joker"
    assert widget.pieces["p0"]["svg"].startswith("<svg")


def test_repr_has_no_memory_address() -> None:
    """nbval compares widget cells' text/plain: the repr must be stable."""
    widget = MeldExercise("9H 9S", RummyRules())
    assert "0x" not in repr(widget)
    assert repr(widget) == "MeldExercise('9H 9S', rules='rummy')"


def test_best_opening_points() -> None:
    """The exhaustive search finds the best disjoint sets (K-OPEN-2)."""
    rules = RummikubRules()
    assert best_opening_points(show(lessons.OPENING_TWO_SETS).hand, rules) == 42
    assert best_opening_points(show(lessons.OPENING_OR_DRAW).hand, rules) == 27


def test_every_lesson_puzzle_builds() -> None:
    """Every puzzle in lessons/ makes its view (of the kind it names) without error."""
    kinds = {
        "meld": MeldExercise,
        "layoff": LayoffExercise,
        "opening": OpeningExercise,
        "spot": SpotExercise,
    }
    for name in dir(lessons):
        puzzle = getattr(lessons, name)
        if isinstance(puzzle, lessons.Puzzle):
            widget = show(puzzle)
            # anywidget's add_traits gives each instance its own subclass of the view's class
            assert widget.goal and type(widget).__mro__[1] is kinds[puzzle.view]


def test_hint_ladder_nudge_rule_answer_R_MELD_2() -> None:
    """Hint: first a nudge naming the rule, then the rule's text, then a meld to try; it stays at 3."""
    widget = show(lessons.RUMMY_ONLY_RUN)
    press(widget, "hint")
    assert widget.feedback["message"].startswith("Hint 1 of 3:")
    assert "“Runs”" in widget.feedback["message"]  # named in words, never by id
    assert not re.search(r"\b[RK]-[A-Z]{3,}-\d", widget.feedback["message"])
    assert widget.feedback["link"] == "rules.ipynb#R-MELD-2"
    assert widget.feedback["link_text"] == "Read “Runs” in the rule book"
    press(widget, "hint")
    assert "Hint 2 of 3: A run is 3 or more cards" in widget.feedback["message"]
    assert widget.feedback["link"] == "rules.ipynb#R-MELD-2"
    assert "Q-K-A and K-A-2 are not" in widget.feedback["message"]
    press(widget, "hint")
    assert widget.feedback["message"] == "Hint 3 of 3: Try A♥ 2♥ 3♥."
    press(widget, "hint")
    assert widget.feedback["message"].startswith("Hint 3 of 3:")
    press(widget, "reset")
    assert widget.hint_level == 0


def test_hint_answers_for_layoff_and_opening_K_OPEN_2() -> None:
    """The last hint says which card fits where, and the best opening (or to draw)."""
    layoff = show(lessons.RUMMY_LAY_OFF)
    assert layoff.hints()[-1] == "Try 5♠ on 6♠ 7♠ 8♠."
    assert "any meld on the table" in layoff.hints()[1]
    opening = show(lessons.OPENING_TWO_SETS)
    assert opening.hints()[-1] == (
        "The best initial meld here is blue 5 blue 6 blue 7 + black 8 red 8 orange 8, worth 42 points."
    )
    assert "at least 30 points" in opening.hints()[1]
    short = show(lessons.OPENING_OR_DRAW)
    assert short.hints()[-1] == "The best this rack can do is 27 points, short of 30: draw a tile."
    assert "“Hands off the table at first”" in short.hints()[0]


def test_hint_for_the_whole_rack_uses_every_tile_K_MELD_4() -> None:
    """Lesson 7's rack: the answer is a meld from a way to lay down all ten tiles; jokers named."""
    widget = show(lessons.RUMMIKUB_RACK)
    assert "“Jokers”" in widget.hints()[0]
    assert widget.hints()[-1].startswith("Try ")
    tiles = RummikubRules()
    sets = best_sets(widget.hand, tiles, by="pieces")
    assert sum(len(meld) for meld in sets) == 10


def test_lessons_are_data_and_import_no_widget() -> None:
    """rummy_teach.lessons holds puzzle data only: importing it loads no widget, anywidget or traitlets."""
    code = (
        "import sys, json, rummy_teach.lessons; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('anywidget', 'ipywidgets', 'traitlets', 'comm') or m.startswith('rummy_teach.widgets'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_intent_messages_round_trip() -> None:
    """What the browser sends for each intent is read back as that intent."""
    for intent in [
        Intent("pick", "p3", seq=1),
        Intent("press", "lay_down", seq=2),
        Intent("drop", "p12", on="m0", seq=3),
    ]:
        assert read_intent(intent.to_message()) == intent


def test_a_refused_drop_leaves_the_dragged_piece_unpicked() -> None:
    """Dragging 4♦ onto "Lay down" with 9♥ 9♠ picked is refused, and 4♦ is not left picked."""
    meld = show(lessons.START_PICK_THREE)
    pick(meld, "9H 9S")
    (four,) = meld.ids_of("4D")
    drop(meld, four, "lay_down")
    assert meld.feedback["status"] == "bad" and not meld.melds
    assert four not in meld.selected and meld.selected == meld.ids_of("9H 9S")
    (nine,) = meld.ids_of("9C")
    drop(meld, nine, "lay_down")  # an accepted drop lays all three down
    assert len(meld.melds) == 1 and not meld.selected


def test_a_greyed_out_button_answers_in_words() -> None:
    """Pressing "Open" while it is greyed out says it cannot be used yet (no silent refusal)."""
    opening = show(lessons.OPENING_OR_DRAW)
    ignored = opening.ignored
    press(opening, "open")
    assert opening.feedback["status"] == "info"
    assert opening.feedback["message"] == messages.text(
        "widgets.button_off", button=messages.text("widgets.button.open")
    )
    assert opening.ignored == ignored
    press(opening, "no_such_button")
    assert opening.ignored == ignored + 1


def test_drawing_instead_of_opening_takes_the_sets_back_and_draws_one_tile() -> None:
    """K-OPEN-1: a rack that cannot open draws; sets laid down meanwhile go back to the rack."""
    opening = show(lessons.OPENING_OR_DRAW)
    rack = sorted(opening.hand_ids)
    pick(opening, "K9 R9 B9")
    press(opening, "lay_down")
    assert opening.melds
    press(opening, "draw")
    assert opening.solved and not opening.melds and not opening.selected
    assert opening.drawn_id is not None and opening.drawn_id not in rack
    assert sorted(opening.hand_ids) == sorted([*rack, opening.drawn_id])
    drawn = opening.piece(opening.drawn_id)
    assert messages.piece_short(drawn) in opening.feedback["message"]
    assert show(lessons.OPENING_OR_DRAW).piece(opening.drawn_id) == drawn  # the same every time
    zone_pieces = [pid for zone in opening.zones for pid in zone["pieces"]]
    assert opening.drawn_id in zone_pieces
    press(opening, "reset")
    assert sorted(opening.hand_ids) == rack and opening.drawn_id is None


def test_the_opening_has_a_hint() -> None:
    opening = show(lessons.OPENING_OR_DRAW)
    assert "hint" in [button["id"] for button in opening.buttons]
    press(opening, "hint")
    assert opening.hint_level == 1 and "“The 30 points”" in opening.feedback["message"]
    assert opening.feedback["link"] == "rules.ipynb#K-OPEN-2"


@pytest.mark.parametrize("name", ["START_PICK_THREE", "RUMMY_LAY_OFF", "OPENING_JOKER"])
def test_a_view_without_a_page_says_where_it_works_not_its_repr(name: str) -> None:
    """The plain-text form of a view (a static viewer, an untrusted notebook) is a sentence."""
    view = show(getattr(lessons, name))
    data, _ = view._repr_mimebundle_()
    assert data["text/plain"] == messages.text("widgets.needs_page")
    assert "application/vnd.jupyter.widget-view+json" in data


def test_every_hint_names_its_rules_in_words_and_links_the_first() -> None:
    """No rule id in any step of any lesson exercise's ladder; each hint links the rule book."""
    for name in dir(lessons):
        puzzle = getattr(lessons, name)
        if not isinstance(puzzle, lessons.Puzzle):
            continue
        view = show(puzzle)
        for step in view.hints():
            assert not re.search(r"\b[RK]-[A-Z]{3,}-\d", step), (name, step)
        press(view, "hint")
        assert view.feedback["link"].startswith("rules.ipynb#"), name
        assert view.feedback["link_text"].startswith("Read “"), name
