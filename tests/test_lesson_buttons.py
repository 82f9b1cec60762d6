"""Every button of every lesson exercise answers: pressed as the browser does, no press raises.

The comm layer catches an exception so that a learner's click never crashes the kernel, which
would also hide a view that fails on a button; here each press goes to the view's own handler,
so a failure shows. The joker question once failed on every button (a zone without its action).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rummy_teach import lessons, messages
from rummy_teach.lessons.deals_rearrange import TurnPuzzle
from rummy_teach.lessons.deals_scoring import RummikubEnd, RummyEnd
from rummy_teach.widgets import show
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.house_rules import show_house_rule
from rummy_teach.widgets.intents import read_intent

SHOWN = (
    lessons.Puzzle,
    TurnPuzzle,
    lessons.RummyTurnPuzzle,
    lessons.ScoringPuzzle,
    RummyEnd,
    RummikubEnd,
)
"""The lesson puzzles ``show`` makes a view of (the games are played through in their own tests)."""


def _puzzles() -> list[tuple[str, Any]]:
    found = []
    for name in sorted(dir(lessons)):
        value = getattr(lessons, name)
        if isinstance(value, (*SHOWN, lessons.HouseRulePuzzle)):
            found.append((name, value))
    return found


def _view(puzzle: Any) -> Exercise:
    if isinstance(puzzle, lessons.HouseRulePuzzle):
        return show_house_rule(puzzle).exercise
    return show(puzzle)


@pytest.mark.parametrize(("name", "puzzle"), _puzzles(), ids=[name for name, _ in _puzzles()])
def test_every_button_answers(name: str, puzzle: Any) -> None:
    view = _view(puzzle)
    seq = itertools.count(1)
    presses = ["hint", "hint", "hint"] + [
        button["id"] for button in view.buttons if button["id"] not in ("hint", "another")
    ]
    presses += (
        ["reset", "another"] if any(b["id"] == "another" for b in view.buttons) else ["reset"]
    )
    for button in presses:
        before = dict(view.feedback)
        view._on_message(read_intent({"intent": "press", "button": button, "seq": next(seq)}, []))
        assert view.feedback, (name, button)
        if button == "hint":
            assert view.feedback != before or view.hint_level == 3, (name, button)
    assert view.hints_used == 3, name


def test_a_failure_inside_a_view_is_said_in_words() -> None:
    """A press that fails inside the view (a bug) keeps the kernel alive and says so on the page."""
    view = show(lessons.RUMMY_ONLY_RUN)

    def broken(_button: str) -> None:
        raise RuntimeError("a bug")

    view._press = broken  # type: ignore[method-assign]
    answered = view.answered
    view.receive({"intent": "press", "button": "hint", "seq": 1})
    assert view.answered == answered + 1
    assert view.feedback["status"] == "bad"
    assert view.feedback["message"] == messages.text("widgets.failed")
