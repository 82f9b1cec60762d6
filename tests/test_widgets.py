"""Exercises driven from Python exactly as the browser drives them: by setting the ``request`` trait."""

from __future__ import annotations

import itertools
import logging
from typing import Any

import pytest

from rummy_teach import RummikubRules, RummyRules, lessons
from rummy_teach.widgets import Exercise, Goal, LayoffExercise, MeldExercise, OpeningExercise
from rummy_teach.widgets._assets import asset
from rummy_teach.widgets.exercise import best_opening_points

_seq = itertools.count(1)


def pick(widget: Exercise, notation: str) -> None:
    """Click each piece of ``notation`` (found in hand first), as the view does."""
    for piece_id in widget.ids_of(notation):
        widget.request = {"action": "pick", "id": piece_id, "seq": next(_seq)}


def press(widget: Exercise, button: str) -> None:
    widget.request = {"action": "button", "id": button, "seq": next(_seq)}


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
    widget = lessons.exercise(lessons.RUMMY_LAY_DOWN)
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


def test_take_back_and_reset() -> None:
    """Clicking a laid meld returns it to the hand in the original order; Reset restores the start."""
    widget = lessons.exercise(lessons.START_PICK_THREE)
    pick(widget, "9H 9S 9C")
    press(widget, "lay_down")
    assert widget.solved
    widget.request = {"action": "pick", "id": widget.melds[0][0], "seq": next(_seq)}
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
    high = lessons.exercise(lessons.RUMMY_ACE_HIGH)
    pick(high, "QS KS AS")
    press(high, "lay_down")
    assert high.solved


def test_layoff_exercise_R_TURN_3() -> None:
    """Lesson 4: 10♠ needs 9♠ first; table cards never move; everything but 2♥ lays off."""
    widget = lessons.exercise(lessons.RUMMY_LAY_OFF)
    assert isinstance(widget, LayoffExercise)
    table_six = widget.melds[0][0]
    widget.request = {"action": "pick", "id": table_six, "seq": next(_seq)}
    assert widget.feedback["status"] == "bad" and "stays there" in widget.feedback["message"]
    pick(widget, "10S")
    widget.request = {"action": "pick", "id": table_six, "seq": next(_seq)}
    assert widget.feedback["status"] == "bad"
    assert "9♠ would have to come first" in widget.feedback["message"]
    pick(widget, "10S")  # unpick
    for card, meld in [("9S", 0), ("10S", 0), ("5S", 0), ("KS", 1), ("6C", 2), ("7C", 2)]:
        pick(widget, card)
        assert widget.feedback["status"] == "ok", widget.feedback
        widget.request = {"action": "pick", "id": widget.melds[meld][0], "seq": next(_seq)}
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
    widget = lessons.exercise(lessons.OPENING_TWO_SETS)
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
    short = lessons.exercise(lessons.OPENING_OR_DRAW)
    pick(short, "K9 R9 B9")
    assert short.tally == "27 of 30 points"
    press(short, "draw")
    assert short.solved and "27 points" in short.feedback["message"]
    can = OpeningExercise("K10 B10 R10 O1", RummikubRules(), goal=Goal.open_or_draw())
    press(can, "draw")
    assert not can.solved and can.feedback["status"] == "bad"


def test_joker_counts_what_it_stands_for_K_MELD_4() -> None:
    """K10 B10 J opens with 30: the joker is a 10 (not 30) inside a set."""
    widget = lessons.exercise(lessons.OPENING_JOKER)
    pick(widget, "K10 B10 J")
    assert widget.tally == "30 points: enough, 30 needed"
    press(widget, "open")
    assert widget.solved


def test_rummikub_rack_all_three_sets_K_MELD_2_K_MELD_3_K_MELD_5() -> None:
    """Lesson 7's rack: group of four 10s, the blue run, and R12 R13 with the joker as R11."""
    widget = lessons.exercise(lessons.RUMMIKUB_RACK)
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
    widget = lessons.exercise(lessons.RUMMIKUB_GROUP)
    pick(widget, "R7 R7 B7")
    assert widget.feedback["status"] == "bad"
    assert "different colour" in widget.feedback["message"]


HOSTILE: list[Any] = [
    None,
    "pick",
    [],
    {"action": "pick"},
    {"action": "pick", "id": "p999"},
    {"action": "pick", "id": 3},
    {"action": "pick", "id": ["p0"]},
    {"action": "pick", "id": "<img src=x onerror=alert(1)>"},
    {"action": "button", "id": "open"},
    {"action": "button", "id": "__init__"},
    {"action": "eval", "id": "p0"},
    {"action": "pick", "id": "p0" * 1000},
    {"action": "button", "id": {"$ne": 1}},
]


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda value: repr(value)[:40])
def test_hostile_requests_change_nothing(hostile: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Malformed or hostile requests are ignored with a log line and never change the state."""
    widget = MeldExercise("9H 9S 4D 9C KH", RummyRules())
    pick(widget, "9H")
    before = snapshot(widget)
    ignored = widget.ignored
    with caplog.at_level(logging.WARNING):
        try:
            widget.request = hostile
        except Exception:  # traitlets refuses non-dicts before our code sees them
            assert not isinstance(hostile, dict)
    assert snapshot(widget) == before
    if isinstance(hostile, dict):
        assert widget.ignored == ignored + 1
        assert "ignored" in caplog.text


def test_browser_cannot_set_python_owned_traits(caplog: pytest.LogCaptureFixture) -> None:
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
    widget.set_state({"request": "not a dict"})
    assert snapshot(widget) == before and widget.ignored == 6
    widget.set_state({"request": {"action": "pick", "id": "p0", "seq": 1}})
    assert widget.selected == ["p0"]


def test_text_from_the_browser_never_reaches_the_view() -> None:
    """Only Python-made text is synced: no part of a hostile request appears in any trait."""
    widget = MeldExercise("9H 9S 4D", RummyRules())
    widget.request = {"action": "pick", "id": "<b>x</b>", "seq": 1}
    widget.request = {"action": "button", "id": "<i>y</i>", "seq": 2}
    assert "<b>" not in repr(snapshot(widget)) and "<i>" not in repr(snapshot(widget))


def test_a_failing_handler_never_crashes_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error inside an action is logged, not raised into the comm handler."""
    widget = MeldExercise("9H 9S 4D", RummyRules())

    def boom(piece_id: str) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(widget, "_pick", boom)
    widget.request = {"action": "pick", "id": "p0", "seq": 1}  # must not raise


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


def test_assets_exist() -> None:
    """The view's ES module and CSS are found (repo widgets/ or the wheel's _static/)."""
    assert "export default" in asset("exercise.js").read_text(encoding="utf-8")
    assert ".rt-exercise" in asset("exercise.css").read_text(encoding="utf-8")


def test_best_opening_points() -> None:
    """The exhaustive search finds the best disjoint sets (K-OPEN-2)."""
    rules = RummikubRules()
    assert best_opening_points(lessons.exercise(lessons.OPENING_TWO_SETS).hand, rules) == 42
    assert best_opening_points(lessons.exercise(lessons.OPENING_OR_DRAW).hand, rules) == 27


def test_every_lesson_puzzle_builds() -> None:
    """Every puzzle in lessons/ makes its view without error."""
    for name in dir(lessons):
        puzzle = getattr(lessons, name)
        if isinstance(puzzle, lessons.Puzzle):
            assert lessons.exercise(puzzle).goal


def test_hint_ladder_nudge_rule_answer_R_MELD_2() -> None:
    """Hint: first a nudge naming the rule, then the rule's text, then a meld to try; it stays at 3."""
    widget = lessons.exercise(lessons.RUMMY_ONLY_RUN)
    press(widget, "hint")
    assert widget.feedback["message"].startswith("Hint 1 of 3:")
    assert "R-MELD-2" in widget.feedback["message"]
    press(widget, "hint")
    assert "Hint 2 of 3: R-MELD-2: a run is 3 or more cards" in widget.feedback["message"]
    assert "Q-K-A and K-A-2 are not" in widget.feedback["message"]
    press(widget, "hint")
    assert widget.feedback["message"] == "Hint 3 of 3: Try A♥ 2♥ 3♥."
    press(widget, "hint")
    assert widget.feedback["message"].startswith("Hint 3 of 3:")
    press(widget, "reset")
    assert widget.hint_level == 0


def test_hint_answers_for_layoff_and_opening_K_OPEN_2() -> None:
    """The last hint says which card fits where, and the best opening (or to draw)."""
    layoff = lessons.exercise(lessons.RUMMY_LAY_OFF)
    assert layoff.hints()[-1] == "Try 5♠ on 6♠ 7♠ 8♠."
    assert "R-TURN-3" in layoff.hints()[1]
    opening = lessons.exercise(lessons.OPENING_TWO_SETS)
    assert opening.hints()[-1] == (
        "The best initial meld here is blue 5 blue 6 blue 7 + black 8 red 8 orange 8, worth 42 points."
    )
    assert "at least 30 points" in opening.hints()[1]
    short = lessons.exercise(lessons.OPENING_OR_DRAW)
    assert short.hints()[-1] == "The best this rack can do is 27 points, short of 30: draw a tile."
    assert "K-OPEN-1" in short.hints()[0]


def test_hint_for_the_whole_rack_uses_every_tile_K_MELD_4() -> None:
    """Lesson 7's rack: the answer is a meld from a way to lay down all ten tiles; jokers named."""
    widget = lessons.exercise(lessons.RUMMIKUB_RACK)
    assert "K-MELD-4" in widget.hints()[0]
    assert widget.hints()[-1].startswith("Try ")
    tiles = RummikubRules()
    from rummy_teach.widgets.exercise import best_sets

    sets = best_sets(widget.hand, tiles, by="pieces")
    assert sum(len(meld) for meld in sets) == 10
