"""Each lesson level with a par in moves: solved within the par and without a hint it earns three
stars; one move more, or one hint, earns two (``course.stars``, Lichess Learn's levels)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rummy_teach import lessons
from rummy_teach.lessons import Puzzle, RummyTurnPuzzle, ScoringPuzzle
from rummy_teach.rummy.moves import parse_move
from rummy_teach.widgets import show
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.rummy_play import RummyPlay, intents_for

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

TURNS: dict[str, tuple[str, ...]] = {
    "TURN_DRAW_FIRST": ("draw", "meld 8S 8D 8C", "discard QC"),
    "TURN_TAKE_THE_SEVEN": ("take", "meld 5H 6H 7H", "meld 9S 9H 9C", "discard KC"),
    "TURN_NO_MELD": ("draw", "discard KH"),
    "OUT_BY_MELD": ("take", "meld 4C 5C 6C", "meld 10D 10H 10S"),
    "OUT_BY_LAYOFF": ("take", "layoff 0 8D 9D", "layoff 1 QH"),
    "OUT_BY_DISCARD": ("take", "meld 10C JC QC KC", "discard 3D"),
}
"""A shortest turn of each Rummy turn level with a par, in the engine's move notation."""


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
        if isinstance(getattr(lessons, name), Puzzle | RummyTurnPuzzle | ScoringPuzzle)
        and getattr(lessons, name).par
    }
    assert with_par == set(SOLUTIONS) | set(TURNS) | {"SCORE_TWENTY_TWO"}


def _play(view: RummyPlay, moves: Sequence[str], seq: list[int]) -> None:
    for text in moves:
        for message in intents_for(parse_move(text), view.state):
            _send(view, seq, **message)


@pytest.mark.parametrize("name", sorted(TURNS))
def test_a_turn_within_its_par_earns_three_stars(name: str) -> None:
    """The shortest turn, intent by intent as the browser sends it, is the par: three stars; a
    hint first, two."""
    puzzle = getattr(lessons, name)
    view = show(puzzle)
    assert view.par == puzzle.par > 0
    _play(view, TURNS[name], [0])
    assert view.solved and view.moves == view.par
    assert view.stars == 3
    hinted = show(puzzle)
    _send(hinted, [100], intent="press", button="hint")
    _play(hinted, TURNS[name], [200])
    assert hinted.solved and hinted.stars == 2


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


def test_the_score_at_the_first_answer_earns_three_stars() -> None:
    """Counting a round's points has a par of one answer: right at once, three stars; a wrong
    total first, two."""
    view = show(lessons.SCORE_TWENTY_TWO)
    assert view.par == 1
    _send(view, [0], intent="answer", value=22)
    assert view.solved and view.stars == 3
    again = show(lessons.SCORE_TWENTY_TWO)
    _send(again, [0], intent="answer", value=21)
    assert not again.solved
    _send(again, [1], intent="answer", value=22)
    assert again.solved and again.stars == 2
