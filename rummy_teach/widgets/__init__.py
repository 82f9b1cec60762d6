"""Interactive views for the lessons (anywidget): the Python side; the browser side is ``widgets/``.

``base`` holds what every view shares (Python-owned state, intents from the browser, the hint
ladder); ``meld``, ``layoff`` and ``opening`` are one view each; ``show(puzzle)`` builds a lesson
puzzle's view.
"""

from __future__ import annotations

from rummy_teach.lessons.goals import Goal
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.house_rules import HouseRules, show_house_rule
from rummy_teach.widgets.joker import JokerExercise
from rummy_teach.widgets.layoff import LayoffExercise
from rummy_teach.widgets.lesson import show, show_with_rules
from rummy_teach.widgets.meld import MeldExercise
from rummy_teach.widgets.opening import OpeningExercise
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.rules_picker import RulesPicker
from rummy_teach.widgets.rummikub_game import RummikubGame
from rummy_teach.widgets.rummy_game import RummyGame
from rummy_teach.widgets.scoring import ScoringExercise
from rummy_teach.widgets.spot import SpotExercise
from rummy_teach.widgets.turn import TurnExercise

__all__ = [
    "Exercise",
    "Goal",
    "HouseRules",
    "JokerExercise",
    "LayoffExercise",
    "MeldExercise",
    "OpeningExercise",
    "RearrangeExercise",
    "RulesPicker",
    "RummikubGame",
    "RummyGame",
    "ScoringExercise",
    "SpotExercise",
    "TurnExercise",
    "show",
    "show_house_rule",
    "show_with_rules",
]
