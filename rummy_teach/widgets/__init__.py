"""Interactive views for the lessons (anywidget): the Python side; the browser side is ``widgets/``."""

from __future__ import annotations

from rummy_teach.widgets.exercise import Exercise, LayoffExercise, MeldExercise, OpeningExercise
from rummy_teach.widgets.goals import Goal

__all__ = ["Exercise", "Goal", "LayoffExercise", "MeldExercise", "OpeningExercise"]
