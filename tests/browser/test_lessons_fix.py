"""Lessons 2 and 12 in a real browser: the spot-the-mistake exercise right and wrong, the house
rules' first exercise flipped by its switch, and a hint's link to the rule book.

Every wait is for a state the page reaches (``data-ready``, ``data-answered``, a text), never a time.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_lessons import (
    assert_local,
    expect_feedback,
    feedback,
    open_lesson,
    pick,
    press,
)


def mark(exercise: Locator, number: int) -> None:
    """Click the first piece of meld ``number`` (1-based) of a spot exercise, and wait for the answer."""
    before = int(exercise.get_attribute("data-answered") or "0")
    exercise.locator(f".rt-zone[data-zone='s{number - 1}'] button.rt-piece").first.click()
    expect(exercise).to_have_attribute("data-answered", str(before + 1))


def spot(page: Page) -> Locator:
    return page.locator(".rt-exercise[data-view='spot']")


def test_spot_the_mistake_wrong_then_right(page: Page, server: Server) -> None:
    """Lesson 2: a valid meld marked and faulty ones missed is said per meld; the right marks solve it."""
    requests: list[str] = []
    open_lesson(page, server, "02-rummy-groups-and-runs.ipynb", requests)
    exercise = spot(page)
    expect(exercise.locator(".rt-zone-note:visible")).to_have_count(0)  # nothing said before Check
    mark(exercise, 1)
    mark(exercise, 3)  # 7♣ 7♦ 7♠ is a valid group
    pressed = exercise.locator(".rt-zone[data-zone='s0'] button.rt-piece[aria-pressed='true']")
    expect(pressed).to_have_count(3)
    press(exercise, "check")
    expect_feedback(exercise, "bad", "Not quite: 1 of the 5 faulty melds found")
    expect(exercise.locator(".rt-zone[data-zone='s2'] .rt-zone-note")).to_contain_text(
        "This one is valid, so it is no mistake"
    )
    expect(exercise.locator(".rt-zone[data-zone='s5'] .rt-zone-note")).to_contain_text(
        "is only 2 cards"
    )
    mark(exercise, 3)
    for number in (2, 4, 5, 6):
        mark(exercise, number)
    press(exercise, "check")
    expect_feedback(exercise, "solved", "You found every faulty meld")
    expect(exercise.locator(".rt-zone[data-zone='s0'] .rt-zone-note")).to_contain_text(
        "7♥ is missing between 6♥ and 8♥"
    )
    exercise.screenshot(path=str(ARTIFACTS / "02-spot-solved.png"))
    assert_local(requests, server)


def lesson_12(page: Page, exercises: list[Locator]) -> None:
    """The ace exercise: Q♠ K♠ A♠ refused, the switch beside it flipped, the run valid and laid."""
    first = exercises[0]
    pick(first, "queen of spades", "king of spades", "ace of spades")
    expect_feedback(first, "bad", "the ace is low")
    press(first, "hint")
    link = feedback(first).locator("a.rt-feedback-link")
    expect(link).to_have_attribute("href", "rules.ipynb#R-MELD-2")
    expect(link).to_have_text("Read “Runs” in the rule book")
    picker = page.locator(".rt-rules-picker").first
    expect(picker.locator("select[data-rule]")).to_have_count(1)  # only the switch that matters
    before = int(picker.get_attribute("data-answered") or "0")
    picker.locator("select[data-rule='ace']").select_option("low_or_high")
    expect(picker).to_have_attribute("data-answered", str(before + 1))
    expect(picker.locator(".rt-rules-status")).to_contain_text("Ace is now high or low")
    expect_feedback(first, "ok", "a run of spades from Q♠ to A♠")
    press(first, "lay_down")
    expect_feedback(first, "solved", "Goal reached")


SCRIPTS: dict[str, Callable[[Page, list[Locator]], None]] = {
    "12-house-rules.ipynb": lesson_12,
}
"""Lessons scripted here (``tests/browser/test_lessons.py`` checks every lesson has a script)."""


@pytest.mark.parametrize("file", list(SCRIPTS))
def test_lesson_right_and_wrong(page: Page, server: Server, file: str) -> None:
    """The lesson loads with its exercises and their switches; the first is answered wrong, then right."""
    requests: list[str] = []
    exercises = open_lesson(page, server, file, requests)
    assert len(exercises) == page.locator(".rt-rules-picker[data-ready='1']").count()
    SCRIPTS[file](page, exercises)
    exercises[0].screenshot(path=str(ARTIFACTS / file.replace(".ipynb", "-solved.png")))
    assert_local(requests, server)
    assert "Traceback" not in page.content()
