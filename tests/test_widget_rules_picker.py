"""The house-rules picker driven by the messages the browser sends: every field has a control and
an explanation, a change re-judges the exercise beside it, hostile messages change nothing."""

from __future__ import annotations

import dataclasses
import itertools
import logging
import re

import pytest

from rummy_teach import RummikubRules, RummyRules, messages
from rummy_teach.errors import RulesError
from rummy_teach.lessons.deals_scoring import RUMMIKUB_EMPTY_POOL, RUMMY_GOING_RUMMY, ScoringEnd
from rummy_teach.widgets import (
    LayoffExercise,
    MeldExercise,
    OpeningExercise,
    RulesPicker,
    ScoringExercise,
)
from rummy_teach.widgets.rules_picker import NUMBER_BOUNDS, controls_for

_seq = itertools.count(1)
RULES_CLASSES = [RummyRules, RummikubRules]


def choose(picker: RulesPicker, rule: str, value: object) -> None:
    picker.receive({"intent": "set_rule", "rule": rule, "value": value, "seq": next(_seq)})


def pick(view: MeldExercise | LayoffExercise, notation: str) -> None:
    for piece_id in view.ids_of(notation):
        view.receive({"intent": "pick", "piece": piece_id, "seq": next(_seq)})


@pytest.mark.parametrize("rules_class", RULES_CLASSES)
def test_every_field_has_a_control_and_an_explanation(
    rules_class: type[RummyRules] | type[RummikubRules],
) -> None:
    """Each field of the rules class is shown, labelled, explained, with its options worded."""
    rules = rules_class()
    view = (
        MeldExercise("9H 9S 9C", rules)
        if rules_class is RummyRules
        else OpeningExercise("R1 R2 R3")
    )
    picker = RulesPicker(view)
    names = [field.name for field in dataclasses.fields(rules_class)]
    assert [control["name"] for control in picker.controls] == names
    for control in picker.controls:
        assert control["label"] and control["explanation"].endswith("."), control
        assert not re.search(r"\b[RK]-[A-Z]{3,}-\d", control["explanation"]), control
        assert control["kind"] in ("switch", "choice", "number")
        if control["kind"] == "choice":
            assert len(control["options"]) >= 2
            assert all(option["label"] for option in control["options"])
        assert control["value"] == (
            str(getattr(rules, control["name"]))
            if control["kind"] == "choice"
            else getattr(rules, control["name"])
        )


@pytest.mark.parametrize("rules_class", RULES_CLASSES)
def test_number_bounds_match_the_rules_validation(
    rules_class: type[RummyRules] | type[RummikubRules],
) -> None:
    """The picker's bounds are exactly those the rules object accepts; optional ones take None."""
    for control in controls_for(rules_class):
        if control.kind != "number":
            continue
        assert NUMBER_BOUNDS[control.name] == (control.low, control.high)
        rules_class(**{control.name: control.low})  # type: ignore[arg-type]
        rules_class(**{control.name: control.high})  # type: ignore[arg-type]
        for outside in (control.low - 1, control.high + 1):
            with pytest.raises(RulesError):
                rules_class(**{control.name: outside})  # type: ignore[arg-type]
        if control.optional:
            rules_class(**{control.name: None})  # type: ignore[arg-type]


@pytest.mark.parametrize("rules_class", RULES_CLASSES)
def test_every_choice_of_every_control_is_accepted(
    rules_class: type[RummyRules] | type[RummikubRules],
) -> None:
    for control in controls_for(rules_class):
        values = (
            [True, False]
            if control.kind == "switch"
            else list(control.options)
            if control.kind == "choice"
            else [control.low, control.high]
        )
        for value in values:
            assert getattr(rules_class(**{control.name: value}), control.name) == value  # type: ignore[arg-type]


def test_ace_high_or_low_makes_the_picked_run_valid_at_once() -> None:
    """R-MELD-3: Q♠ K♠ A♠ picked is refused; ace high-or-low makes it valid at once, low again refuses."""
    view = MeldExercise("QS KS AS 4D", RummyRules())
    picker = RulesPicker(view)
    pick(view, "QS KS AS")
    assert view.feedback["status"] == "bad"
    choose(picker, "ace", "low_or_high")
    assert view.rules.ace == "low_or_high" and picker.rules == view.rules
    assert view.feedback["status"] == "ok" and "worth 35 points" in view.feedback["message"]
    assert [view.piece(pid) for pid in view.selected] == view._pieces(view.ids_of("QS KS AS"))
    assert picker.status == "Ace is now high or low: the exercise is judged by the new rules."
    assert picker.controls[0]["value"] == "low_or_high"
    assert picker.answered == 1
    choose(picker, "ace", "low")
    assert view.feedback["status"] == "bad"


def test_a_laid_meld_loses_the_goal_when_its_rule_is_switched_off() -> None:
    """R-MELD-3: a Q-K-A run laid under ace high stops solving the exercise once aces are low."""
    view = MeldExercise("QS KS AS", RummyRules(ace="low_or_high"))
    pick(view, "QS KS AS")
    view.receive({"intent": "press", "button": "lay_down", "seq": next(_seq)})
    assert view.solved
    RulesPicker(view).choose("ace", "low")
    assert not view.solved and len(view.melds) == 1  # the learner's meld stays where it was
    laid = view.zones[1]
    assert laid["status"] == "bad" and "the ace is low" in laid["note"]


def test_a_layoff_preview_follows_the_ace_rule() -> None:
    """R-TURN-3, R-MELD-3: A♠ picked fits J♠ Q♠ K♠ only once aces may be high."""
    view = LayoffExercise(["JS QS KS"], "AS 2D", RummyRules())
    picker = RulesPicker(view)
    pick(view, "AS")
    assert view.feedback["status"] == "info"
    choose(picker, "ace", "low_or_high")
    assert view.feedback["status"] == "ok"
    assert view.selected == view.ids_of("AS")


def test_the_opening_threshold_re_judges_the_tally() -> None:
    """K-OPEN-2: 27 points is short of 30, enough for a house rule of 25; the goal says so."""
    view = OpeningExercise("K9 R9 B9 O2")
    picker = RulesPicker(view)
    pick(view, "K9 R9 B9")
    assert view.tally == messages.text("widgets.tally", points=27, needed=30)
    choose(picker, "initial_meld_points", 25)
    assert view.tally == messages.text("widgets.tally_enough", points=27, needed=25)
    assert "25 points" in view.goal


def test_doubling_re_judges_a_scoring_answer() -> None:
    """R-SCORE-2: the typed 22 becomes wrong the moment doubling is switched on."""
    view = ScoringExercise(RUMMY_GOING_RUMMY)
    picker = RulesPicker(view)
    view.receive({"intent": "answer", "value": 22, "seq": next(_seq)})
    assert view.solved
    choose(picker, "going_rummy_doubles", True)
    assert not view.solved and view.feedback["status"] == "bad"
    assert "scores 44" in view.feedback["message"]
    assert (
        picker.status == "Going rummy doubles is now on: the exercise is judged by the new rules."
    )


def test_an_optional_number_can_be_cleared_and_a_bad_one_is_said() -> None:
    """R-GAME-1: the number of hands empty means play to the target; 0 hands is out of range."""
    view = MeldExercise("9H 9S 9C", RummyRules(hands=5))
    picker = RulesPicker(view)
    choose(picker, "hands", None)
    assert view.rules.hands is None
    choose(picker, "target", 0)
    assert view.rules.target == 100
    assert picker.status == "Target score takes a whole number from 1 to 100000."


def test_hostile_messages_change_nothing(caplog: pytest.LogCaptureFixture) -> None:
    view = MeldExercise("QS KS AS", RummyRules())
    picker = RulesPicker(view)
    before = (view.rules, picker.controls, picker.status)
    bad: list[object] = [
        "ace",
        {"intent": "set_rule", "rule": "ace", "value": "high", "seq": 1},
        {"intent": "set_rule", "rule": "ace", "value": None, "seq": 1},
        {"intent": "set_rule", "rule": "jokers", "value": "4", "seq": 1},
        {"intent": "set_rule", "rule": "x" * 5000, "value": 1, "seq": 1},
        {"intent": "set_rule", "rule": "target", "value": 10**400, "seq": 1},
        {"intent": "set_rule", "rule": "target", "value": "100", "seq": 1},
        {"intent": "set_rule", "rule": "target", "value": None, "seq": 1},
        {"intent": "set_rule", "rule": "going_rummy_doubles", "value": 1, "seq": 1},
        {"intent": "set_rule", "rule": "ace", "value": {"a": 1}, "seq": 1},
        {"intent": "set_rule", "rule": "__class__", "value": "low", "seq": 1},
        {"intent": "set_rule", "rule": "ace", "value": "low", "seq": -1},
        {"intent": "set_rule", "rule": "ace", "value": "low", "seq": 1, "more": 1},
        {"intent": "pick", "piece": "p1", "seq": 1},
    ]
    with caplog.at_level(logging.WARNING):
        for message in bad:
            picker.receive(message)
        picker._handle_msg(
            {"content": {"data": {"method": "update", "state": {"status": "<b>x</b>"}}}}
        )
    assert picker.ignored == len(bad) + 1 and picker.answered == len(bad)
    assert (view.rules, picker.controls, picker.status) == before


def test_the_rules_of_the_other_game_are_refused_by_the_exercise() -> None:
    view = MeldExercise("9H 9S 9C", RummyRules())
    with pytest.raises(RulesError):
        view.set_rules(RummikubRules())


@pytest.mark.parametrize("end", [RUMMY_GOING_RUMMY, RUMMIKUB_EMPTY_POOL], ids=["rummy", "rummikub"])
def test_every_value_of_every_control_re_judges_a_scoring_view(end: ScoringEnd) -> None:
    """Each switch, choice and number bound the picker offers is taken and re-judged at once."""
    view = ScoringExercise(end)
    picker = RulesPicker(view)
    view.receive({"intent": "answer", "value": view.points, "seq": next(_seq)})
    for control in controls_for(type(view.rules)):
        values: list[object] = (
            [True, False]
            if control.kind == "switch"
            else [control.option_id(option) for option in control.options]
            if control.kind == "choice"
            else [control.high, control.low]
        )
        for value in values:
            choose(picker, control.name, value)
            assert picker.status.endswith("the exercise is judged by the new rules."), control
            assert view.rules == picker.rules and view.feedback["status"] in ("solved", "bad")
            assert view.solved == (view.entered == view.points)


def test_a_switch_beside_a_turn_or_a_game_replays_it_under_the_new_rules() -> None:
    """R-OUT-2 / K-OPEN-2: the play views take a new house rule at once, from their position."""
    from rummy_teach.lessons.deals_turn import LESSON_3
    from rummy_teach.widgets import RummikubGame, RummyGame, TurnExercise

    turn = TurnExercise(LESSON_3)
    RulesPicker(turn).choose("must_discard_to_go_out", True)
    assert turn.state.rules.must_discard_to_go_out is True
    game = RummyGame(players=2, seed=3)
    RulesPicker(game).choose("ace", "low_or_high")
    assert game.match.rules.ace == "low_or_high" and "new game" in game.feedback["message"]
    tiles = RummikubGame(players=2, seed=3)
    RulesPicker(tiles).choose("initial_meld_points", 40)
    assert tiles.game.rules.initial_meld_points == 40 and tiles.rules == tiles.game.rules
