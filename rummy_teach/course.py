"""The course as a whole: the twelve lessons in CURRICULUM order, the rule book's ids, and how stars are earned.

Like Lichess Learn, each lesson is a *stage* and each exercise on its page a *level*. A level has
a one-line goal and a *par*; solving it earns 1 to 3 stars (:func:`stars`). The learner's
progress is kept in their own browser only (``localStorage``, see ``widgets/base.js``); nothing
here stores it. Pure data and arithmetic: no Jupyter, no widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.lessons import LESSONS

__all__ = [
    "MAX_STARS",
    "PLAN",
    "RULE_BOOK_PAGE",
    "RULE_GROUPS",
    "RULE_IDS",
    "TEACHERS_PAGE",
    "PlannedLesson",
    "lesson_file",
    "rule_key",
    "rule_link",
    "stars",
]

MAX_STARS = 3
RULE_BOOK_PAGE = "rules.ipynb"
"""The rule book notebook, beside the lessons (``notebooks/rules.ipynb``)."""
TEACHERS_PAGE = "teachers.ipynb"
"""The teacher's guide notebook, beside the lessons."""
INDEX_PAGE = "index.ipynb"

Section = Literal["start", "rummy", "rummikub", "house"]


@dataclass(frozen=True, slots=True)
class PlannedLesson:
    """One lesson of the course plan: its CURRICULUM number, section, minutes and the rules it teaches."""

    number: int
    section: Section
    minutes: int
    rules: tuple[str, ...]

    @property
    def key(self) -> str:
        """The stem of its message keys: ``course.lesson.<number>`` (``.title``, ``.goal``)."""
        return f"course.lesson.{self.number}"


def _ids(prefix: str, first: int, last: int) -> tuple[str, ...]:
    return tuple(f"{prefix}-{n}" for n in range(first, last + 1))


PLAN: tuple[PlannedLesson, ...] = (
    PlannedLesson(1, "start", 10, ()),
    PlannedLesson(2, "rummy", 15, _ids("R-MELD", 1, 3)),
    PlannedLesson(3, "rummy", 12, ("R-TURN-1", "R-TURN-2", "R-TURN-5", "R-TURN-6")),
    PlannedLesson(4, "rummy", 12, ("R-TURN-3", "R-TURN-4")),
    PlannedLesson(5, "rummy", 15, ("R-OUT-1", "R-OUT-2", "R-SCORE-1", "R-SCORE-2", "R-GAME-1")),
    PlannedLesson(6, "rummy", 15, ()),
    PlannedLesson(7, "rummikub", 15, ("K-SET-1", *_ids("K-MELD", 1, 5))),
    PlannedLesson(8, "rummikub", 15, _ids("K-OPEN", 1, 4)),
    PlannedLesson(9, "rummikub", 15, _ids("K-TURN", 1, 3)),
    PlannedLesson(10, "rummikub", 12, _ids("K-JOKER", 1, 4)),
    PlannedLesson(11, "rummikub", 15, ("K-END-1", "K-END-2")),
    PlannedLesson(12, "house", 12, ()),
)
"""The twelve lessons in the order learners take them (CURRICULUM.md), built or still to come."""

RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rulebook.rummy.setup", _ids("R-SETUP", 1, 4)),
    ("rulebook.rummy.melds", _ids("R-MELD", 1, 3)),
    ("rulebook.rummy.turn", _ids("R-TURN", 1, 6)),
    ("rulebook.rummy.out", ("R-OUT-1", "R-OUT-2", "R-SCORE-1", "R-SCORE-2", "R-GAME-1")),
    ("rulebook.rummy.stock", ("R-STOCK-1", "R-STOCK-2")),
    ("rulebook.rummikub.setup", (*_ids("K-SET", 1, 3), "K-CARDS-1")),
    ("rulebook.rummikub.sets", _ids("K-MELD", 1, 5)),
    ("rulebook.rummikub.open", _ids("K-OPEN", 1, 4)),
    ("rulebook.rummikub.turn", _ids("K-TURN", 1, 4)),
    ("rulebook.rummikub.jokers", _ids("K-JOKER", 1, 4)),
    ("rulebook.rummikub.end", ("K-END-1", "K-END-2")),
)
"""The rule book's sections (a message key for the heading) and the rule ids in each, in order."""

RULE_IDS: tuple[str, ...] = tuple(rule for _, rules in RULE_GROUPS for rule in rules)
"""Every rule id the rule book page explains."""


def rule_key(rule_id: str) -> str:
    """The message key of a rule's text: ``K-OPEN-2`` -> ``rulebook.k_open_2``."""
    return "rulebook." + rule_id.lower().replace("-", "_")


def rule_link(rule_id: str) -> str:
    """The rule book page's address for ``rule_id``, relative to a lesson page: ``rules.ipynb#K-OPEN-2``.

    A lesson or hint can use it as a link target as it stands (the lessons and the rule book lie
    in one folder, in the app, on Binder and in JupyterLab). An unknown id raises
    ``RummyTeachError``.
    """
    if rule_id not in RULE_IDS:
        raise RummyTeachError(f"no rule {shown(rule_id)} in the rule book")
    return f"{RULE_BOOK_PAGE}#{rule_id}"


def lesson_file(number: int) -> str | None:
    """The notebook of lesson ``number`` if it is built (in ``LESSONS``), else None."""
    return next((lesson.file for lesson in LESSONS if lesson.number == number), None)


def stars(hints_used: int, moves: int, par: int = 0) -> int:
    """Stars for a solved level, 1 to 3: how much help it took and how many moves.

    - 3 stars: solved without a hint, and within the par (at most ``par`` moves; a par of 0
      means any number of moves is fine);
    - 2 stars: solved after one hint step, or without a hint but in more moves than the par;
    - 1 star: solved after two or more hint steps (the rule's text, or the answer).

    ``hints_used`` is the deepest step of the hint ladder the learner has seen on this level
    (a Reset does not undo it); ``moves`` counts the learner's actions since the last Reset
    (picks, drops and button presses, but not Hint or Reset).
    """
    if hints_used < 0 or moves < 0 or par < 0:
        raise RummyTeachError(
            f"stars need counts of at least 0, not hints={hints_used}, moves={moves}, par={par}"
        )
    if hints_used >= 2:
        return 1
    if hints_used == 1 or (par and moves > par):
        return 2
    return MAX_STARS
