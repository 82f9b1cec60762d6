"""'Another hand' in a real browser: a lesson exercise deals hand 1, shows its number, and is solved.

Every wait is for a state the page reaches (the view's ``data-hand`` and ``data-answered``, a text);
the limits only stop a hung test, they never decide a result.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from rummy_teach import lessons, messages
from rummy_teach.lessons import deals
from rummy_teach.melds.search import best_sets
from tests.browser.conftest import Server
from tests.browser.test_accessibility import violations
from tests.browser.test_lessons import expect_feedback, open_lesson, pick, press


def test_another_hand_is_dealt_shown_and_solved(page: Page, server: Server) -> None:
    """Lesson 2's first exercise: "Another hand" deals hand 1 (the same as Python deals), solved.

    The page with the hand number shown passes axe-core."""
    requests: list[str] = []
    first = open_lesson(page, server, "02-rummy-groups-and-runs.ipynb", requests)[0]
    expect(first).to_have_attribute("data-hand", "0")
    expect(first.locator(".rt-hand-number")).to_be_hidden()
    press(first, "another")
    expect(first).to_have_attribute("data-hand", "1")
    expect(first.locator(".rt-hand-number")).to_have_text("Hand 1")
    expect_feedback(first, "info", "Here is hand 1")
    assert violations(page) == ""  # the hand number and the new button, checked by axe-core
    puzzle = lessons.RUMMY_LAY_DOWN
    hand = deals.meld_hand(puzzle.goal, puzzle.rules, 1, size=7)
    names = [messages.piece_name(card) for card in hand]
    shown = first.locator(".rt-zone-hand button.rt-piece")
    expect(shown).to_have_count(len(hand))
    assert sorted(shown.evaluate_all("(nodes) => nodes.map((n) => n.ariaLabel)")) == sorted(names)
    melds = best_sets(hand, puzzle.rules, by="pieces")
    for number, meld in enumerate(melds, start=1):
        pick(first, *(messages.piece_name(card) for card in meld))
        press(first, "lay_down")
        expect(first.locator(".rt-zone-meld")).to_have_count(number)
    expect_feedback(first, "solved", "Goal reached")
