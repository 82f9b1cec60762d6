"""Lessons 3, 5 and 6 in a real browser: each opens with all its views drawn, and its first exercise
is answered wrongly (the engine's own refusal or verdict) and rightly; offline.

Every wait is for a state the page reaches (``data-ready``, a feedback class and text); the limits
only stop a hung test, they never decide a result.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from rummy_teach import messages
from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_lessons import (
    assert_local,
    expect_feedback,
    feedback,
    open_lesson,
    pick,
    press,
)


def press_greyed(exercise: Locator, button: str) -> None:
    """A button shown greyed out (aria-disabled) still answers why when pressed."""
    exercise.locator(f"button[data-id='{button}']").click(force=True)


def lesson_03(exercises: list[Locator]) -> None:
    """R-TURN-1: the ready 8s cannot go down before the draw; then draw, lay them down, discard."""
    first = exercises[0]
    pick(first, "8 of spades", "8 of diamonds", "8 of clubs")
    press_greyed(first, "lay_down")
    expect_feedback(first, "bad", messages.text("rummy.draw_first"))
    press(first, "draw")
    expect_feedback(first, "ok", "You drew Q♠ from the stock.")
    pick(first, "8 of spades", "8 of diamonds", "8 of clubs")
    press(first, "lay_down")
    expect(first.locator(".rt-zone-table")).to_have_count(1)
    pick(first, "2 of spades")
    press(first, "discard")
    expect_feedback(first, "solved", "Your turn is over.")


def lesson_05(exercises: list[Locator]) -> None:
    """R-OUT-1: drawing blind leaves a card in hand (goal missed); taking the 10♠ goes out."""
    first = exercises[0]
    press(first, "draw")
    expect_feedback(first, "ok", "You drew 9♣ from the stock.")
    pick(first, "4 of clubs", "5 of clubs", "6 of clubs")
    press(first, "lay_down")
    expect(first.locator(".rt-zone-table")).to_have_count(2)
    pick(first, "9 of clubs")
    press(first, "discard")
    expect_feedback(first, "bad", "Your turn is over, but the goal was")
    press(first, "reset")
    expect_feedback(first, "info", "Back to the start")
    press(first, "take")
    pick(first, "4 of clubs", "5 of clubs", "6 of clubs")
    press(first, "lay_down")
    pick(first, "10 of diamonds", "10 of hearts", "10 of spades")
    press(first, "lay_down")
    expect_feedback(first, "solved", "You went out and the round is over.")


def lesson_06(exercises: list[Locator]) -> None:
    """R-TURN-1 in a game: a discard before the draw is refused; a whole turn hands over."""
    game = exercises[0]
    press_greyed(game, "discard")
    expect_feedback(game, "bad", messages.text("rummy.draw_first"))
    press(game, "draw")
    expect_feedback(game, "ok", "You drew Q♠ from the stock.")
    pick(game, "queen of spades")
    press(game, "discard")
    expect(feedback(game)).to_contain_text("It is Computer 1's turn")
    press(game, "next")
    expect(feedback(game)).to_contain_text("Why: Picked a move at random.")


SCRIPTS: dict[str, Callable[[list[Locator]], None]] = {
    "03-rummy-a-turn.ipynb": lesson_03,
    "05-rummy-going-out-and-scoring.ipynb": lesson_05,
    "06-rummy-play-a-round.ipynb": lesson_06,
}


@pytest.mark.parametrize("file", list(SCRIPTS))
def test_rummy_lesson_right_and_wrong(page: Page, server: Server, file: str) -> None:
    """Each lesson loads with its views; its first exercise is answered wrongly, then rightly."""
    requests: list[str] = []
    exercises = open_lesson(page, server, file, requests)
    assert exercises
    SCRIPTS[file](exercises)
    exercises[0].screenshot(path=str(ARTIFACTS / file.replace(".ipynb", "-solved.png")))
    assert_local(requests, server)
    assert "Traceback" not in page.content()
