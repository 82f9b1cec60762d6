"""Lesson 12, house rules: every exercise's verdict flips when the switch beside it flips."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest

from rummy_teach import RummikubRules, RummyRules, course, lessons, messages
from rummy_teach.lessons.lesson12 import SWITCH_RULES
from rummy_teach.pieces import Tile
from rummy_teach.widgets import HouseRules, show_house_rule
from rummy_teach.widgets.base import Exercise
from tests.rummy_play_driver import pick as pick_cards
from tests.rummy_play_driver import press

_seq = itertools.count(1)


def send(view: Exercise, **message: Any) -> None:
    view.receive({**message, "seq": next(_seq)})


def pick(view: Exercise, notation: str) -> None:
    for pid in view.ids_of(notation):
        send(view, intent="pick", piece=pid)


def test_every_switch_names_a_field_and_a_rule_in_the_rule_book() -> None:
    """The switch table covers every field of both rules objects, each a rule book id."""
    fields = {f.name for f in dataclasses.fields(RummyRules)} | {
        f.name for f in dataclasses.fields(RummikubRules)
    }
    assert set(SWITCH_RULES) == fields
    assert set(SWITCH_RULES.values()) <= set(course.RULE_IDS)


@pytest.mark.parametrize("puzzle", lessons.HOUSE_PUZZLES, ids=lambda p: "-".join(p.switches))
def test_each_exercise_shows_only_its_switches_and_a_sentence_as_text(
    puzzle: lessons.HouseRulePuzzle,
) -> None:
    box = show_house_rule(puzzle)
    assert isinstance(box, HouseRules)
    assert sorted(control["name"] for control in box.picker.controls) == sorted(puzzle.switches)
    assert box.children == (box.exercise, box.picker)
    data = box._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"] == messages.text("widgets.needs_page")


def test_ace_high_makes_the_picked_run_valid_R_MELD_3() -> None:
    """R-MELD-3: Q♠ K♠ A♠ refused with aces low, valid at once with the ace high or low."""
    box = show_house_rule(lessons.HOUSE_ACE)
    pick(box.exercise, "QS KS AS")
    assert box.exercise.feedback["status"] == "bad"
    box.picker.choose("ace", "low_or_high")
    assert box.exercise.feedback["status"] == "ok"
    send(box.exercise, intent="press", button="lay_down")
    assert box.exercise.solved


def test_four_jokers_make_three_in_a_set_valid_K_SET_1() -> None:
    """K-SET-1: R5 J J J uses three jokers: refused in the two-joker game, a run with four."""
    box = show_house_rule(lessons.HOUSE_JOKERS)
    pick(box.exercise, "R5 J J J")
    assert (
        box.exercise.feedback["message"]
        == "red 5 joker joker joker uses 3 jokers, but the game only has 2."
    )
    box.picker.choose("jokers", "4")
    assert box.exercise.feedback["status"] == "ok"
    assert "from red 5 to red 8" in box.exercise.feedback["message"]


def test_one_meld_a_turn_takes_the_second_meld_back_R_TURN_2() -> None:
    """R-TURN-2: the turn with two melds meets its goal; with one meld a turn the second is refused."""
    box = show_house_rule(lessons.HOUSE_MELDS_PER_TURN)
    view = box.exercise
    press(view, "take")
    pick_cards(view, "5H", "6H", "7H")
    press(view, "lay_down")
    pick_cards(view, "9S", "9H", "9C")
    press(view, "lay_down")
    pick_cards(view, "KC")
    press(view, "discard")
    assert view.solved
    box.picker.choose("melds_per_turn", 1)
    assert not view.solved and view.feedback["status"] == "bad"
    assert "only 1 new meld" in view.feedback["message"]
    assert len(view.state.table) == 1  # the nines are back in the hand
    box.picker.choose("melds_per_turn", None)
    assert view.feedback["message"] == messages.text("turn.rules_kept")
    pick_cards(view, "9S", "9H", "9C")
    press(view, "lay_down")
    pick_cards(view, "KC")
    press(view, "discard")
    assert view.solved


def test_going_out_by_melding_is_refused_when_the_last_card_must_be_discarded_R_OUT_1() -> None:
    """R-OUT-1: melding all four clubs goes out; with discard-to-go-out it is taken back, and
    melding three and discarding the fourth goes out instead."""
    box = show_house_rule(lessons.HOUSE_GO_OUT)
    view = box.exercise
    press(view, "take")
    pick_cards(view, "4C", "5C", "6C", "7C")
    press(view, "lay_down")
    assert view.solved
    box.picker.choose("must_discard_to_go_out", True)
    assert not view.solved and "must be discarded" in view.feedback["message"]
    pick_cards(view, "5C", "6C", "7C")
    press(view, "lay_down")
    pick_cards(view, "4C")
    press(view, "discard")
    assert view.solved
    box.picker.choose("must_discard_to_go_out", False)
    assert view.solved and view.feedback["message"] == messages.text("turn.rules_kept")


def test_doubling_and_the_high_ace_change_the_score_R_SCORE_2() -> None:
    """R-SCORE-2, R-MELD-3: 22, then 44 with going rummy doubled, 72 with the ace counting 15 too."""
    box = show_house_rule(lessons.HOUSE_DOUBLING)
    view = box.exercise
    send(view, intent="answer", value=22)
    assert view.solved
    box.picker.choose("going_rummy_doubles", True)
    assert not view.solved
    send(view, intent="answer", value=44)
    assert view.solved
    box.picker.choose("ace", "low_or_high")
    assert not view.solved
    send(view, intent="answer", value=72)
    assert view.solved


def test_fewer_points_for_the_initial_meld_let_three_nines_open_K_OPEN_2() -> None:
    """K-OPEN-2: three 9s are 27: draw with 30 needed, open with 25."""
    box = show_house_rule(lessons.HOUSE_OPENING)
    view = box.exercise
    send(view, intent="press", button="draw")
    assert view.solved
    send(view, intent="press", button="reset")
    box.picker.choose("initial_meld_points", 25)
    send(view, intent="press", button="draw")
    assert not view.solved and "can open with 27" in view.feedback["message"]
    pick(view, "K9 R9 B9")
    send(view, intent="press", button="lay_down")
    send(view, intent="press", button="open")
    assert view.solved


def _rack(view: Exercise, notation: str) -> str:
    tile = Tile.parse(notation)
    return next(pid for pid in view.hand_ids if view.piece(pid) == tile)


def test_the_penalty_costs_what_the_house_says_K_TURN_3() -> None:
    """K-TURN-3: the same wrong turn costs 3 tiles, then 1 once the penalty is set to 1."""
    box = show_house_rule(lessons.HOUSE_PENALTY)
    view = box.exercise
    send(view, intent="drop", piece=_rack(view, "O5"), on="s0")
    send(view, intent="press", button="end_turn")
    assert len(view.hand_ids) == 2 + 3
    box.picker.choose("penalty_draw", 1)
    assert view.feedback["message"] == messages.text("rearrange.rules_changed")
    assert len(view.hand_ids) == 2 and not view.solved
    send(view, intent="drop", piece=_rack(view, "O5"), on="s0")
    send(view, intent="press", button="end_turn")
    assert len(view.hand_ids) == 2 + 1 and view.solved
    assert "draw 1 penalty tile." in view.feedback["message"]


def test_the_1978_trio_rule_refuses_one_colour_alone_K_JOKER_4() -> None:
    """K-JOKER-4: B7 alone frees the joker of K7 R7 J; by the 1978 book it is refused."""
    box = show_house_rule(lessons.HOUSE_TRIO)
    view = box.exercise

    def swap_b7() -> None:
        joker = next(pid for pid in view.melds[0] if view.piece(pid).is_joker)
        send(view, intent="pick", piece=joker)
        send(view, intent="pick", piece=_rack(view, "B7"))
        send(view, intent="press", button="swap")

    swap_b7()
    assert view.feedback["status"] != "bad"
    box.picker.choose("joker_trio_retrieval", "both")
    swap_b7()
    assert view.feedback["status"] == "bad"
    assert "add both missing colours" in view.feedback["message"]


def test_the_empty_pool_rule_changes_the_ending_not_the_score_K_END_2() -> None:
    """K-END-2: 54 is right whether the game stops at once or once everybody passed."""
    box = show_house_rule(lessons.HOUSE_EMPTY_POOL)
    view = box.exercise
    send(view, intent="answer", value=54)
    assert view.solved
    box.picker.choose("empty_pool_end", "all_pass")
    assert view.rules.empty_pool_end == "all_pass"
    assert view.solved and "With the house rule" in view.hints()[1]
