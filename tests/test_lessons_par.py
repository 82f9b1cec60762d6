"""Each lesson level with a par in moves: solved within the par and without a hint it earns three
stars; one move more, or one hint, earns two (``course.stars``, Lichess Learn's levels)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rummy_teach import lessons
from rummy_teach.lessons import Puzzle
from rummy_teach.widgets import show
from rummy_teach.widgets.base import Exercise

Step = tuple[str, ...] | tuple[str, int]
SOLUTIONS: dict[str, tuple[Sequence[Step], str]] = {
    "START_PICK_THREE": ([("9H", "9S", "9C")], ""),
    "RUMMY_LAY_DOWN": ([("4D", "5D", "6D"), ("9H", "9S", "9C")], ""),
    "RUMMY_ONLY_RUN": ([("AH", "2H", "3H")], ""),
    "RUMMY_ACE_HIGH": ([("QS", "KS", "AS")], ""),
    "RUMMIKUB_GROUP": ([("R7", "B7", "O7")], ""),
    "RUMMIKUB_RACK": ([("R10", "B10", "K10", "O10"), ("B4", "B5", "B6"), ("R12", "R13", "J")], ""),
    "OPENING_TWO_SETS": ([("B5", "B6", "B7"), ("K8", "R8", "O8")], "open"),
    "OPENING_JOKER": ([("K10", "B10", "J")], "open"),
    "RUMMY_LAY_OFF": ([("5S", 0), ("9S", 0), ("10S", 0), ("KS", 1), ("6C", 2), ("7C", 2)], ""),
}
"""A shortest solution of each level with a par: melds to lay down (or cards to lay off onto the
table meld numbered from 0), then a last button to press."""


def _id(view: Exercise, notation: str) -> str:
    return next(pid for pid in view.hand_ids if str(view._all[pid]) == notation)


def _send(view: Exercise, seq: list[int], **message: object) -> None:
    seq[0] += 1
    view.receive({**message, "seq": seq[0]})


def _solve(view: Exercise, steps: Sequence[Step], last: str, seq: list[int]) -> None:
    for step in steps:
        if len(step) == 2 and isinstance(step[1], int):
            table = [zone for zone in view.zones if zone.get("role") == "table"]
            _send(view, seq, intent="pick", piece=_id(view, str(step[0])))
            _send(view, seq, intent="pick", piece=table[step[1]]["pieces"][0])
            continue
        for notation in step:
            _send(view, seq, intent="pick", piece=_id(view, str(notation)))
        _send(view, seq, intent="press", button="lay_down")
    if last:
        _send(view, seq, intent="press", button=last)


def test_every_level_with_a_par_has_a_solution_here() -> None:
    """The levels whose par counts moves are the ones solved below (a new par needs its solution)."""
    with_par = {
        name
        for name in vars(lessons)
        if isinstance(getattr(lessons, name), Puzzle) and getattr(lessons, name).par
    }
    assert with_par == set(SOLUTIONS)


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_three_stars_within_the_par_without_a_hint(name: str) -> None:
    """The shortest solution takes exactly the par's moves and earns three stars."""
    puzzle = getattr(lessons, name)
    view = show(puzzle)
    assert view.par == puzzle.par > 0
    steps, last = SOLUTIONS[name]
    _solve(view, steps, last, [0])
    assert view.solved
    assert view.moves == view.par
    assert view.stars == 3


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_two_stars_over_the_par_or_after_a_hint(name: str) -> None:
    """A wasted move (a pick taken back) costs the third star; so does a hint."""
    steps, last = SOLUTIONS[name]
    view = show(getattr(lessons, name))
    seq = [0]
    first = view.hand_ids[0]
    _send(view, seq, intent="pick", piece=first)
    _send(view, seq, intent="pick", piece=first)
    _solve(view, steps, last, seq)
    assert view.solved and view.moves > view.par
    assert view.stars == 2
    hinted = show(getattr(lessons, name))
    _send(hinted, [100], intent="press", button="hint")
    _solve(hinted, steps, last, [200])
    assert hinted.solved and hinted.moves == hinted.par
    assert hinted.stars == 2
