"""A lesson's puzzle (data from ``rummy_teach.lessons``) as its interactive view: one call per notebook cell."""

from __future__ import annotations

from ipywidgets import VBox

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import GamePuzzle, Puzzle, ScoringPuzzle, TurnPuzzle
from rummy_teach.rules import RummikubRules
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.layoff import LayoffExercise
from rummy_teach.widgets.meld import MeldExercise
from rummy_teach.widgets.opening import OpeningExercise
from rummy_teach.widgets.rules_picker import RulesPicker
from rummy_teach.widgets.rummy_game import RummyGame
from rummy_teach.widgets.scoring import ScoringExercise
from rummy_teach.widgets.turn import TurnExercise

__all__ = ["show", "show_with_rules"]

AnyPuzzle = Puzzle | TurnPuzzle | ScoringPuzzle | GamePuzzle


def show(puzzle: AnyPuzzle) -> Exercise:
    """The interactive view for ``puzzle`` (meld, layoff, opening; a turn, a score, a game)."""
    title = messages.text(puzzle.title) if puzzle.title else ""
    if isinstance(puzzle, TurnPuzzle):
        return TurnExercise(puzzle.position, puzzle.goal, title=title)
    if isinstance(puzzle, ScoringPuzzle):
        return ScoringExercise(puzzle.end, puzzle.rules, title=title)
    if isinstance(puzzle, GamePuzzle):
        return RummyGame(
            puzzle.players,
            seed=puzzle.seed,
            level=puzzle.level,
            rules=puzzle.rules,
            title=title,
        )
    if puzzle.view == "layoff":
        return LayoffExercise(
            puzzle.table, puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title
        )
    if puzzle.view == "opening":
        if not isinstance(puzzle.rules, RummikubRules):
            raise RummyTeachError(
                f"an opening puzzle needs Rummikub rules, not {puzzle.rules.key!r}"
            )
        return OpeningExercise(puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title)
    return MeldExercise(puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title)


def show_with_rules(puzzle: AnyPuzzle) -> VBox:
    """The puzzle's view with the house-rules picker under it: a switch re-judges the view at once."""
    exercise = show(puzzle)
    return VBox([exercise, RulesPicker(exercise)])
