"""A lesson's puzzle (data from ``rummy_teach.lessons``) as its interactive view: one call per notebook cell."""

from __future__ import annotations

from typing import overload

from rummy_teach import messages
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.lessons import GamePuzzle, Puzzle, RummyTurnPuzzle, ScoringPuzzle
from rummy_teach.lessons.deals_rearrange import TurnPuzzle
from rummy_teach.lessons.deals_scoring import RummikubEnd, RummyEnd, ScoringEnd
from rummy_teach.rules import RummikubRules
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.house_rules import HouseRules
from rummy_teach.widgets.joker import show_turn
from rummy_teach.widgets.layoff import LayoffExercise
from rummy_teach.widgets.meld import MeldExercise
from rummy_teach.widgets.opening import OpeningExercise
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.rules_picker import RulesPicker
from rummy_teach.widgets.rummikub_game import RummikubGame
from rummy_teach.widgets.rummy_game import RummyGame
from rummy_teach.widgets.scoring import ScoringExercise
from rummy_teach.widgets.spot import SpotExercise
from rummy_teach.widgets.turn import TurnExercise

__all__ = ["show", "show_with_rules"]

LessonPuzzle = Puzzle | TurnPuzzle | ScoringEnd | RummyTurnPuzzle | ScoringPuzzle | GamePuzzle
"""What a lesson cell shows: a hand puzzle, a Rummy or Rummikub turn, a round's end to score, a game."""


@overload
def show(puzzle: TurnPuzzle) -> RearrangeExercise: ...
@overload
def show(puzzle: RummyEnd | RummikubEnd | ScoringPuzzle) -> ScoringExercise: ...
@overload
def show(puzzle: RummyTurnPuzzle) -> TurnExercise: ...
@overload
def show(puzzle: GamePuzzle) -> RummyGame | RummikubGame: ...
@overload
def show(puzzle: Puzzle) -> Exercise: ...
def show(puzzle: LessonPuzzle) -> Exercise:
    """The interactive view for ``puzzle``: its ``view`` (meld, layoff, opening, spot), a Rummy
    turn, a Rummikub turn's rearrange or joker view, a round's end to score, or a game."""
    view = _view(puzzle)
    if isinstance(puzzle, Puzzle | RummyTurnPuzzle | ScoringPuzzle) and puzzle.par:
        view.par = puzzle.par  # the level's par in moves (three stars within it, no hint)
    return view


def _view(puzzle: LessonPuzzle) -> Exercise:
    if not isinstance(puzzle, LessonPuzzle):
        raise RulesError(f"show draws a lesson's puzzle (rummy_teach.lessons), not {shown(puzzle)}")
    if isinstance(puzzle, TurnPuzzle):
        return show_turn(puzzle)
    if isinstance(puzzle, RummyEnd | RummikubEnd):
        return ScoringExercise(puzzle)
    title = messages.text(puzzle.title) if puzzle.title else ""
    if isinstance(puzzle, RummyTurnPuzzle):
        return TurnExercise(puzzle.position, puzzle.goal, title=title)
    if isinstance(puzzle, ScoringPuzzle):
        return ScoringExercise(puzzle.end, puzzle.rules, title=title)
    if isinstance(puzzle, GamePuzzle):
        game, rules = puzzle, puzzle.rules
        if isinstance(rules, RummikubRules):
            return RummikubGame(
                game.players, seed=game.seed, level=game.level, rules=rules, title=title
            )
        return RummyGame(game.players, seed=game.seed, level=game.level, rules=rules, title=title)
    if puzzle.view == "spot":
        return SpotExercise(puzzle.table, puzzle.rules, title=title)
    if puzzle.view == "layoff":
        return LayoffExercise(
            puzzle.table, puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title
        )
    if puzzle.view == "opening":
        if not isinstance(puzzle.rules, RummikubRules):
            raise RummyTeachError(
                f"an opening puzzle needs Rummikub rules, not {shown(puzzle.rules.key)}"
            )
        return OpeningExercise(puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title)
    return MeldExercise(puzzle.hand, puzzle.rules, goal=puzzle.goal, title=title)


def show_with_rules(puzzle: LessonPuzzle) -> HouseRules:
    """The puzzle's view with the house-rules picker under it: a switch re-judges the view at once."""
    exercise = show(puzzle)
    return HouseRules(exercise, RulesPicker(exercise), ())
