"""Lessons 3, 5 and 6's puzzles played through their views, as the browser drives them: each
right, each lesson's misconception refused or answered with its own sentence."""

from __future__ import annotations

import itertools

from rummy_teach import lessons, messages
from rummy_teach.widgets import (
    RulesPicker,
    RummyGame,
    ScoringExercise,
    TurnExercise,
    show,
    show_with_rules,
)
from tests.rummy_play_driver import card_id, enabled, message, pick, press

_seq = itertools.count(1)


def turn(puzzle: lessons.RummyTurnPuzzle) -> TurnExercise:
    view = show(puzzle)
    assert isinstance(view, TurnExercise)
    return view


def answer(view: ScoringExercise, value: int) -> None:
    view.receive({"intent": "answer", "value": value, "seq": next(_seq)})


def test_laying_down_a_ready_meld_before_drawing_is_refused() -> None:
    """R-TURN-1: the 8s are ready, yet laying them down first is refused; then draw, meld, discard."""
    view = turn(lessons.TURN_DRAW_FIRST)
    before = str(view.state)
    pick(view, "8S", "8D", "8C")
    press(view, "lay_down")
    assert message(view) == messages.text("rummy.draw_first")
    assert "even when you already hold a meld" in message(view)
    assert str(view.state) == before
    press(view, "draw")
    assert message(view).startswith("You drew Q♠ from the stock.")
    pick(view, "8S", "8D", "8C")
    press(view, "lay_down")
    pick(view, "2S")
    press(view, "discard")
    assert view.solved and view.feedback["status"] == "solved"


def test_with_no_table_the_hints_of_a_turn_leave_laying_off_out() -> None:
    """R-TURN-2, R-TURN-3: lesson 03's first turn has no melds on the table, so after the draw its
    hints name melding (R-TURN-2) but not laying off or the table's melds (lesson 04's rules)."""
    view = turn(lessons.TURN_TAKE_THE_SEVEN)
    press(view, "take")
    assert view.state.phase == "play" and not view.state.table
    said = " ".join(view.hints())
    assert messages.text("turn.rule.r_turn_2") in said
    assert messages.text("turn.rule.r_turn_3") not in said
    assert messages.text("turn.rule.r_turn_4") not in said
    assert "melds on the table" not in said


def test_the_seven_just_taken_cannot_be_discarded() -> None:
    """R-TURN-6, R-TURN-2, R-TURN-5: take 7♥, meld the run and the 9s, discard K♣, not the 7♥."""
    view = turn(lessons.TURN_TAKE_THE_SEVEN)
    press(view, "take")
    pick(view, "7H")
    press(view, "discard")
    assert message(view) == messages.text("rummy.discard_taken", card="7♥")
    assert not view.solved
    assert view.selected == [card_id("7H")]  # the refusal keeps the pick
    pick(view, "5H", "6H")
    press(view, "lay_down")
    pick(view, "9S", "9H", "9C")
    press(view, "lay_down")
    pick(view, "KC")
    press(view, "discard")
    assert view.solved


def test_a_turn_with_nothing_to_meld_says_so_and_ends_with_a_discard() -> None:
    """R-TURN-2 (melding is optional): nothing melds, the view says so; drawing and discarding is a turn."""
    view = turn(lessons.TURN_NO_MELD)
    press(view, "draw")
    assert message(view).startswith("You drew 9♦ from the stock.")
    assert message(view).endswith(messages.text("turn.prompt.discard"))
    assert view.state.phase == "discard" and not enabled(view)["lay_down"]
    pick(view, "KH")
    press(view, "discard")
    assert view.solved
    taker = turn(lessons.TURN_NO_MELD)
    press(taker, "take")  # the Q♠ melds nothing either
    assert message(taker).endswith(messages.text("turn.prompt.discard"))


def test_going_out_by_melding_laying_off_and_discarding() -> None:
    """R-OUT-1, R-OUT-2: each last card leaves the hand its own way and the round stops at once."""
    plays = {
        "OUT_BY_MELD": [("take",), ("4C", "5C", "6C", "lay_down"), ("10D", "10H", "10S", "lay_down")],
        "OUT_BY_LAYOFF": [("take",), ("8D", "9D", "@5D"), ("QH", "@QS")],
        "OUT_BY_DISCARD": [("take",), ("10C", "JC", "QC", "KC", "lay_down"), ("3D", "discard")],
    }  # fmt: skip
    for name, steps in plays.items():
        view = turn(getattr(lessons, name))
        for step in steps:
            for action in step:
                if action in ("take", "lay_down", "discard"):
                    press(view, action)
                else:
                    pick(view, action.lstrip("@"))
        assert view.solved, (name, message(view))
        assert view.state.is_over and view.state.winner == 0
        assert "You went out and the round is over." in message(view)


def test_going_out_needs_the_right_draw() -> None:
    """R-OUT-1: drawing from the stock instead of taking the K♣ leaves cards in hand: goal not met."""
    view = turn(lessons.OUT_BY_DISCARD)
    press(view, "draw")
    pick(view, "10C", "JC", "QC")
    press(view, "lay_down")
    pick(view, "3D")
    press(view, "discard")
    assert not view.solved and view.feedback["status"] == "bad"


def test_the_22_points_and_going_rummy_with_the_switch() -> None:
    """R-SCORE-1, R-SCORE-2: 22 for Q♦ 4♠ A♥ 7♣; going rummy 44 with doubling on, 22 once it is off."""
    view = show(lessons.SCORE_TWENTY_TWO)
    assert isinstance(view, ScoringExercise)
    answer(view, 22)
    assert view.solved
    box = show_with_rules(lessons.SCORE_GOING_RUMMY)
    rummy, picker = box.children
    assert isinstance(rummy, ScoringExercise) and isinstance(picker, RulesPicker)
    answer(rummy, 22)
    assert not rummy.solved and "the points double" in str(rummy.feedback["message"])
    answer(rummy, 44)
    assert rummy.solved
    picker.choose("going_rummy_doubles", False)
    assert not rummy.solved and rummy.points == 22


def test_the_games_are_one_round_against_the_easy_and_the_strong_computer() -> None:
    """R-GAME-1: one round (hands=1), the same deal for the same seed."""
    easy, strong = show(lessons.GAME_EASY), show(lessons.GAME_STRONG)
    assert isinstance(easy, RummyGame) and isinstance(strong, RummyGame)
    assert (easy.level, strong.level) == ("easy", "strong")
    assert easy.rules.hands == strong.rules.hands == 1
    assert easy.goal == messages.text("turn.goal.play_game_hands", hands=1)
    assert str(show(lessons.GAME_EASY).state) == str(easy.state)
