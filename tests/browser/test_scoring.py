"""The scoring view and the house-rules picker in Chromium: an answer right, one wrong, one by the
keyboard alone; the picker flipping a verdict; axe-core finds nothing on either page.

Every wait is for a state the page reaches (``data-ready``, ``data-answered``, a text), never a time.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_accessibility import violations
from tests.browser.test_lessons import HANG_GUARD, READY, expect_feedback, feedback, pick


def open_view(page: Page, server: Server, file: str, ready: str = READY) -> Locator:
    """Load one view page and wait until its view is drawn with the model's state."""
    page.goto(f"{server.url}/voila/render/{file}", timeout=HANG_GUARD)
    expect(page.locator(ready)).to_have_count(1)
    page.wait_for_function(
        "() => !document.querySelector('#loading') || "
        "getComputedStyle(document.querySelector('#loading')).display === 'none'",
        timeout=HANG_GUARD,
    )
    return page.locator(".rt-exercise").first


def answered(view: Locator, count: int) -> None:
    expect(view).to_have_attribute("data-answered", str(count))


def test_scoring_right_and_wrong(page: Page, views_server: Server) -> None:
    """R-SCORE-1: 20 is explained card by card; 22 solves it; the page has no axe violations."""
    view = open_view(page, views_server, "scoring.ipynb")
    field = view.get_by_label("Points Player 1 scores")
    expect(field).to_be_visible()
    assert violations(page) == ""
    field.fill("20")
    view.locator("button[data-id='check']").click()
    answered(view, 1)
    expect_feedback(view, "bad", "Q♦ 10, 4♠ 4, 7♣ 7, A♥ 1: 22.")
    expect(view.locator("[data-zone='h1'] .rt-zone-note-text")).to_have_text("Q♦ 10, 4♠ 4: 14.")
    page.set_viewport_size({"width": 1280, "height": 2000})
    view.screenshot(path=str(ARTIFACTS / "scoring-wrong.png"))
    field.fill("twenty")
    view.locator("button[data-id='check']").click()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(view.locator(".rt-answer-error")).to_have_text("Type a whole number, such as 22.")
    field.fill("22")
    view.locator("button[data-id='check']").click()
    answered(view, 2)
    expect_feedback(view, "solved", "Right: Player 1 scores 22.")
    assert violations(page) == ""


def test_scoring_by_keyboard_only(page: Page, views_server: Server) -> None:
    """R-SCORE-1: Tab to the field, type, Enter; a card's value by Tab and Space."""
    view = open_view(page, views_server, "scoring.ipynb")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('rt-piece')"):
            break
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == (
        "queen of diamonds"
    )
    page.keyboard.press("Space")
    answered(view, 1)
    expect(feedback(view)).to_contain_text("counts 10")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('rt-answer-input')"):
            break
    page.keyboard.type("22")
    page.keyboard.press("Enter")
    answered(view, 2)
    expect_feedback(view, "solved", "Right: Player 1 scores 22.")


def test_the_picker_flips_a_verdict(page: Page, views_server: Server) -> None:
    """R-MELD-3: Q♠ K♠ A♠ picked is refused; ace high-or-low in the picker makes it valid."""
    exercise = open_view(page, views_server, "rules_picker.ipynb", ".rt-view-meld[data-ready='1']")
    picker = page.locator(".rt-rules-picker[data-ready='1']")
    expect(picker).to_have_count(1)
    pick(exercise, "queen of spades", "king of spades", "ace of spades")
    answered(exercise, 3)
    expect_feedback(exercise, "bad", "the ace is low")
    assert violations(page) == ""
    ace = picker.get_by_label("Ace", exact=True)
    expect(ace).to_have_accessible_description(re.compile("Q-K-A is a run too"))
    ace.select_option("low_or_high")
    expect(picker).to_have_attribute("data-answered", "1")
    expect_feedback(exercise, "ok", "a run of spades from Q♠ to A♠")
    expect(picker.locator(".rt-rules-status")).to_contain_text("Ace is now high or low")
    # a number the rule does not take is said, and the field shows the rule's value again
    target = picker.get_by_label("Target score")
    target.fill("0")
    target.press("Enter")
    expect(picker).to_have_attribute("data-answered", "2")
    expect(picker.locator(".rt-rules-status")).to_contain_text("from 1 to 100000")
    expect(target).to_have_value("100")
    picker.screenshot(path=str(ARTIFACTS / "rules-picker.png"))
    assert violations(page) == ""
