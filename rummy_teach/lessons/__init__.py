"""Puzzle data the lesson notebooks use (hands, tables, goals), and the lessons in order. No prose here.

Data only: each puzzle is notation plus a rules object plus a goal (a message key), and names its
view by a word. Nothing here imports a widget; ``rummy_teach.widgets.show(puzzle)`` builds the view,
so a notebook cell is one call: ``show(lessons.RUMMY_LAY_DOWN)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rummy_teach import messages
from rummy_teach.lessons.examples import (
    WHAT_IF_BAD_MELD,
    WHAT_IF_CARDS,
    WHAT_IF_COUNTERCLOCKWISE,
    WHAT_IF_DEAL,
    WHAT_IF_DECLARED,
    WHAT_IF_EMPTY_PILE,
    WHAT_IF_GAME_OVER,
    WHAT_IF_GROUP_COLOUR,
    WHAT_IF_JOKER_MISFIT,
    WHAT_IF_JOKER_MOVED,
    WHAT_IF_JOKER_STAND_IN,
    WHAT_IF_JOKER_TO_RACK,
    WHAT_IF_LAYOFF_SLIPS,
    WHAT_IF_MATCH,
    WHAT_IF_MELD_SLIPS,
    WHAT_IF_NO_SUCH_MELD,
    WHAT_IF_NO_TIMER,
    WHAT_IF_NOT_YOURS,
    WHAT_IF_OPEN_REARRANGED,
    WHAT_IF_OPEN_SHORT,
    WHAT_IF_OPEN_TABLE_TILE,
    WHAT_IF_OPEN_TOUCHED,
    WHAT_IF_OPENING_SLIPS,
    WHAT_IF_PASS,
    WHAT_IF_PENALTY,
    WHAT_IF_RACK_MISSING,
    WHAT_IF_RESTOCK,
    WHAT_IF_ROUND_OVER,
    WHAT_IF_STUCK_STOCK,
    WHAT_IF_TABLE_STAYS_VALID,
    WHAT_IF_TABLE_TILE_GONE,
    WHAT_IF_TILE_SLIPS,
    WHAT_IF_TILES_DEAL,
    WHAT_IF_TIMER,
    WHAT_IF_WRONG_STEPS,
)
from rummy_teach.lessons.goals import Goal
from rummy_teach.lessons.kinds import GamePuzzle, RummyTurnPuzzle, ScoringPuzzle
from rummy_teach.lessons.lesson03 import TURN_DRAW_FIRST, TURN_NO_MELD, TURN_TAKE_THE_SEVEN
from rummy_teach.lessons.lesson05 import (
    OUT_BY_DISCARD,
    OUT_BY_LAYOFF,
    OUT_BY_MELD,
    SCORE_GOING_RUMMY,
    SCORE_TWENTY_TWO,
)
from rummy_teach.lessons.lesson06 import GAME_EASY, GAME_STRONG
from rummy_teach.lessons.lesson09 import (
    REARRANGE_ADD,
    REARRANGE_PENALTY,
    REARRANGE_PICTURES,
    REARRANGE_PUZZLES,
    REARRANGE_SPLIT,
    REARRANGE_TAKE_FROM_GROUP,
)
from rummy_teach.lessons.lesson10 import (
    JOKER_EXTEND,
    JOKER_PICTURES,
    JOKER_PUZZLES,
    JOKER_STANDS_GROUP,
    JOKER_STANDS_RUN,
    JOKER_SWAP,
    JOKER_TRIO_BOTH,
    JOKER_TRIO_EITHER,
)
from rummy_teach.lessons.lesson11 import (
    END_PICTURES,
    END_PUZZLES,
    RUMMIKUB_EMPTY_POOL,
    RUMMIKUB_GAME,
    RUMMIKUB_JOKER_LEFT,
)
from rummy_teach.lessons.lesson12 import (
    HOUSE_ACE,
    HOUSE_DOUBLING,
    HOUSE_EMPTY_POOL,
    HOUSE_GO_OUT,
    HOUSE_JOKERS,
    HOUSE_MELDS_PER_TURN,
    HOUSE_OPENING,
    HOUSE_PENALTY,
    HOUSE_PUZZLES,
    HOUSE_TRIO,
    HouseRulePuzzle,
)
from rummy_teach.lessons.whatif import what_if
from rummy_teach.rules import Rules, RummikubRules, RummyRules

__all__ = [
    "END_PICTURES",
    "END_PUZZLES",
    "GAME_EASY",
    "GAME_STRONG",
    "HOUSE_ACE",
    "HOUSE_DOUBLING",
    "HOUSE_EMPTY_POOL",
    "HOUSE_GO_OUT",
    "HOUSE_JOKERS",
    "HOUSE_MELDS_PER_TURN",
    "HOUSE_OPENING",
    "HOUSE_PENALTY",
    "HOUSE_PUZZLES",
    "HOUSE_TRIO",
    "JOKER_EXTEND",
    "JOKER_PICTURES",
    "JOKER_PUZZLES",
    "JOKER_STANDS_GROUP",
    "JOKER_STANDS_RUN",
    "JOKER_SWAP",
    "JOKER_TRIO_BOTH",
    "JOKER_TRIO_EITHER",
    "LESSONS",
    "OUT_BY_DISCARD",
    "OUT_BY_LAYOFF",
    "OUT_BY_MELD",
    "REARRANGE_ADD",
    "REARRANGE_PENALTY",
    "REARRANGE_PICTURES",
    "REARRANGE_PUZZLES",
    "REARRANGE_SPLIT",
    "REARRANGE_TAKE_FROM_GROUP",
    "RUMMIKUB_EMPTY_POOL",
    "RUMMIKUB_GAME",
    "RUMMIKUB_JOKER_LEFT",
    "SCORE_GOING_RUMMY",
    "SCORE_TWENTY_TWO",
    "TURN_DRAW_FIRST",
    "TURN_NO_MELD",
    "TURN_TAKE_THE_SEVEN",
    "WHAT_IF_BAD_MELD",
    "WHAT_IF_CARDS",
    "WHAT_IF_COUNTERCLOCKWISE",
    "WHAT_IF_DEAL",
    "WHAT_IF_DECLARED",
    "WHAT_IF_EMPTY_PILE",
    "WHAT_IF_GAME_OVER",
    "WHAT_IF_GROUP_COLOUR",
    "WHAT_IF_JOKER_MISFIT",
    "WHAT_IF_JOKER_MOVED",
    "WHAT_IF_JOKER_STAND_IN",
    "WHAT_IF_JOKER_TO_RACK",
    "WHAT_IF_LAYOFF_SLIPS",
    "WHAT_IF_MATCH",
    "WHAT_IF_MELD_SLIPS",
    "WHAT_IF_NOT_YOURS",
    "WHAT_IF_NO_SUCH_MELD",
    "WHAT_IF_NO_TIMER",
    "WHAT_IF_OPENING_SLIPS",
    "WHAT_IF_OPEN_REARRANGED",
    "WHAT_IF_OPEN_SHORT",
    "WHAT_IF_OPEN_TABLE_TILE",
    "WHAT_IF_OPEN_TOUCHED",
    "WHAT_IF_PASS",
    "WHAT_IF_PENALTY",
    "WHAT_IF_RACK_MISSING",
    "WHAT_IF_RESTOCK",
    "WHAT_IF_ROUND_OVER",
    "WHAT_IF_STUCK_STOCK",
    "WHAT_IF_TABLE_STAYS_VALID",
    "WHAT_IF_TABLE_TILE_GONE",
    "WHAT_IF_TILES_DEAL",
    "WHAT_IF_TILE_SLIPS",
    "WHAT_IF_TIMER",
    "WHAT_IF_WRONG_STEPS",
    "GamePuzzle",
    "Goal",
    "HouseRulePuzzle",
    "Lesson",
    "Puzzle",
    "RummyTurnPuzzle",
    "ScoringPuzzle",
    "View",
    "what_if",
]

View = Literal["meld", "layoff", "opening", "spot"]
"""Which exercise view shows a puzzle (``rummy_teach.widgets`` has one module per view)."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson notebook: its file in ``notebooks/`` and its title as the landing page lists it."""

    number: int
    file: str

    @property
    def key(self) -> str:
        """The stem of its message keys, the course plan's: ``course.lesson.7`` (``.title``, ``.goal``)."""
        return f"course.lesson.{self.number}"

    @property
    def title(self) -> str:
        """The lesson's title in the learner's language (``messages/en_course.py``)."""
        return messages.text(f"{self.key}.title")


LESSONS: tuple[Lesson, ...] = (
    Lesson(1, "01-start-here.ipynb"),
    Lesson(2, "02-rummy-groups-and-runs.ipynb"),
    Lesson(3, "03-rummy-a-turn.ipynb"),
    Lesson(4, "04-rummy-laying-off.ipynb"),
    Lesson(5, "05-rummy-going-out-and-scoring.ipynb"),
    Lesson(6, "06-rummy-play-a-round.ipynb"),
    Lesson(7, "07-rummikub-tiles-groups-runs-jokers.ipynb"),
    Lesson(8, "08-rummikub-initial-meld.ipynb"),
    Lesson(9, "09-rummikub-rearranging-the-table.ipynb"),
    Lesson(10, "10-rummikub-joker-rules.ipynb"),
    Lesson(11, "11-rummikub-the-end-of-the-game.ipynb"),
    Lesson(12, "12-house-rules.ipynb"),
)
"""The lessons built so far, in the order learners take them (CURRICULUM.md numbering)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """An exercise's data: which view, the pieces in notation, the rules and the goal."""

    view: View
    hand: str
    rules: Rules
    goal: Goal
    table: tuple[str, ...] = field(default=())
    """The melds on the table in notation (the layoff view), or the melds to judge (the spot view)."""
    title: str = ""
    """A message key (``widgets.title.*``) for a title above the exercise, or empty."""
    par: int = 0
    """Most moves (picks, drops, presses) for three stars; 0: any number (``course.stars``)."""


# Lesson 1 — start here
START_PICK_THREE = Puzzle("meld", "9H 9S 4D 9C KH", RummyRules(), Goal.make_meld(), par=4)

# Lesson 2 — Rummy groups and runs (R-MELD-1..3)
RUMMY_LAY_DOWN = Puzzle(
    "meld", "4D 5D 6D 9H 9S 9C KS", RummyRules(), Goal.lay_down_all(left=1), par=8
)
RUMMY_SPOT = Puzzle(
    "spot",
    "",
    RummyRules(),
    Goal.spot(),
    table=("5H 6H 8H", "5H 6D 7H", "7C 7D 7S", "QS KS AS", "KS AS 2S", "9H 9S"),
)
RUMMY_ONLY_RUN = Puzzle("meld", "AH 2H 3H QH KH 7C 7D", RummyRules(), Goal.make_run(), par=4)
RUMMY_ACE_HIGH = Puzzle(
    "meld",
    "QS KS AS 5D 9C",
    RummyRules(ace="low_or_high"),
    Goal.make_run(),
    title="widgets.title.ace_high",
    par=4,
)

# Lesson 4 — laying off (R-TURN-3, R-TURN-4)
RUMMY_LAY_OFF = Puzzle(
    "layoff",
    "5S 9S 10S KS 6C 7C 2H",
    RummyRules(),
    Goal.lay_off_all(left=1),
    table=("6S 7S 8S", "KH KD KC", "3C 4C 5C"),
    par=12,
)

# Lesson 7 — Rummikub tiles, groups, runs and jokers (K-SET-1, K-MELD-*)
RUMMIKUB_RACK = Puzzle(
    "meld",
    "R10 B10 K10 O10 B4 B5 B6 R12 R13 J",
    RummikubRules(),
    Goal.lay_down_all(left=0),
    par=13,
)
RUMMIKUB_GROUP = Puzzle("meld", "R7 R7 B7 O7 K3", RummikubRules(), Goal.make_group(), par=4)

# Lesson 8 — the initial meld (K-OPEN-1, K-OPEN-2)
OPENING_TWO_SETS = Puzzle(
    "opening", "B5 B6 B7 K8 R8 O8 R2 K12", RummikubRules(), Goal.open(), par=9
)
OPENING_OR_DRAW = Puzzle("opening", "K9 R9 B9 O2 R4 B12", RummikubRules(), Goal.open_or_draw())
OPENING_JOKER = Puzzle("opening", "K10 B10 J R3 O5", RummikubRules(), Goal.open(), par=5)
