"""A lesson's puzzle (data from ``rummy_teach.lessons``) as its interactive view: one call per notebook cell."""

from __future__ import annotations

from typing import overload

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import Puzzle
from rummy_teach.lessons.deals_rearrange import TurnPuzzle
from rummy_teach.lessons.deals_scoring import RummikubEnd, RummyEnd, ScoringEnd
from rummy_teach.rules import RummikubRules
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.joker import show_turn
from rummy_teach.widgets.layoff import LayoffExercise
from rummy_teach.widgets.meld import MeldExercise
from rummy_teach.widgets.opening import OpeningExercise
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.scoring import ScoringExercise
from rummy_teach.widgets.spot import SpotExercise

__all__ = ["show"]

LessonPuzzle = Puzzle | TurnPuzzle | ScoringEnd
"""What a lesson cell shows: a hand puzzle, a Rummikub turn, or the end of a round to score."""


@overload
def show(puzzle: TurnPuzzle) -> RearrangeExercise: ...
@overload
def show(puzzle: RummyEnd | RummikubEnd) -> ScoringExercise: ...
@overload
def show(puzzle: Puzzle) -> Exercise: ...
def show(puzzle: LessonPuzzle) -> Exercise:
    """The interactive view for ``puzzle``: its ``view`` (meld, layoff, opening, spot), a turn puzzle's
    rearrange or joker view, or the scoring view for a round's end."""
    if isinstance(puzzle, TurnPuzzle):
        return show_turn(puzzle)
    if isinstance(puzzle, RummyEnd | RummikubEnd):
        return ScoringExercise(puzzle)
    title = messages.text(puzzle.title) if puzzle.title else ""
    if puzzle.view == "spot":
        return SpotExercise(puzzle.table, puzzle.rules, title=title)
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
