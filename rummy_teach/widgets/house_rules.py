"""Lesson 12's exercises: an exercise with the house-rule switches that flip its verdict beside it.

``show_house_rule(puzzle)`` builds the exercise a :class:`~rummy_teach.lessons.lesson12.HouseRulePuzzle`
names and a :class:`RulesPicker` of its switches, in one box. Views that re-judge by themselves
(meld, opening, scoring, the Rummy turn) do so when a switch flips; a Rummikub turn starts again
under the new rules (``RearrangeExercise.set_rules``), since its table is the engine's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import ipywidgets

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.lessons.deals_rearrange import TurnPuzzle
from rummy_teach.lessons.goals import Goal
from rummy_teach.lessons.lesson12 import HouseRulePuzzle, TurnPosition
from rummy_teach.rules import RummikubRules, RummyRules
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.joker import JokerExercise
from rummy_teach.widgets.meld import MeldExercise
from rummy_teach.widgets.opening import OpeningExercise
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.rules_picker import RulesPicker
from rummy_teach.widgets.scoring import ScoringExercise
from rummy_teach.widgets.turn import TurnExercise

__all__ = ["HouseRules", "show_house_rule"]


class HouseRules(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets ships no types
    """An exercise and, under it, the switches of the house rules that flip its verdict."""

    def __init__(self, exercise: Exercise, picker: RulesPicker, rule_ids: tuple[str, ...]) -> None:
        super().__init__([exercise, picker])
        self.exercise = exercise
        self.picker = picker
        self.rule_ids = rule_ids
        """The rule book entries the switches vary."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """As the views: the widget for the page, a sentence (not a repr) as plain text."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, metadata = bundle
            return {**data, "text/plain": messages.text("widgets.needs_page")}, metadata
        if isinstance(bundle, dict):
            return {**bundle, "text/plain": messages.text("widgets.needs_page")}
        return bundle


def _exercise(puzzle: HouseRulePuzzle) -> Exercise:
    """The view the puzzle names, under the puzzle's rules."""
    part, rules = puzzle.exercise, puzzle.rules
    if isinstance(part, Goal):
        if part.kind in ("open", "open_or_draw"):
            if not isinstance(rules, RummikubRules):
                raise RulesError(f"an opening needs Rummikub rules, not {shown(rules)}")
            return OpeningExercise(puzzle.hand, rules, goal=part)
        return MeldExercise(puzzle.hand, rules, goal=part)
    if isinstance(part, TurnPosition):
        if not isinstance(rules, RummyRules):
            raise RulesError(f"a Rummy turn needs Rummy rules, not {shown(rules)}")
        return TurnExercise(part.state(rules), part.goal)
    if isinstance(part, TurnPuzzle):
        if not isinstance(rules, RummikubRules):
            raise RulesError(f"a Rummikub turn needs Rummikub rules, not {shown(rules)}")
        kind = JokerExercise if part.view == "joker" else RearrangeExercise
        return kind(state=dataclasses.replace(part, rules=rules).state(), goal=part.goal)
    return ScoringExercise(part, rules)


def show_house_rule(puzzle: HouseRulePuzzle) -> HouseRules:
    """Lesson 12's exercise for ``puzzle``: its view with a picker of the switches beside it."""
    exercise = _exercise(puzzle)
    return HouseRules(exercise, RulesPicker(exercise, puzzle.switches), puzzle.rule_ids)
