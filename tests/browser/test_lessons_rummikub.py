"""Lessons 9, 10 and 11 in a real browser: each loads with every view drawn, its first exercise is
answered wrongly and then rightly, and lesson 10's rules picker changes the turn beside it.

Every wait is for a state the page reaches (``data-ready``, ``data-answered``, a class, a text).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_lessons import assert_local, expect_feedback, open_lesson


def zone(view: Locator, zone_id: str) -> Locator:
    return view.locator(f".rt-zone[data-zone='{zone_id}']")


def tile(view: Locator, zone_id: str, name: str) -> Locator:
    return zone(view, zone_id).locator(f"button.rt-piece[aria-label='{name}']").first


def click_and_wait(view: Locator, target: Locator) -> None:
    """Click, then wait until Python has answered that click (the view's count moves on)."""
    count = int(view.get_attribute("data-answered") or "0")
    target.click()
    expect(view).to_have_attribute("data-answered", str(count + 1))


def press(view: Locator, button_id: str) -> None:
    click_and_wait(view, view.locator(f"button[data-id='{button_id}']"))


def lesson_09(exercises: list[Locator]) -> None:
    """K-TURN-1: B6 on the 9s shows that set bad at once; undone and put on B3 B4 B5: solved."""
    first = exercises[0]
    click_and_wait(first, tile(first, "hand", "blue 6"))
    press(first, "to_b")
    expect(zone(first, "s1")).to_have_class(re.compile("rt-zone-bad"))
    expect(zone(first, "s1").locator(".rt-zone-note")).to_contain_text("does not belong")
    expect(first.locator(".rt-tally")).to_contain_text("costs the penalty")
    press(first, "undo")
    click_and_wait(first, tile(first, "hand", "blue 6"))
    press(first, "to_a")
    expect(zone(first, "s0")).to_have_class(re.compile("rt-zone-ok"))
    expect(first.locator(".rt-tally")).to_contain_text("accepted")
    press(first, "end_turn")
    expect_feedback(first, "solved", "Goal reached")


def lesson_10(exercises: list[Locator]) -> None:
    """K-MELD-5: blue 7 for the joker of B8 J B10 is explained as a gap; blue 9 is right."""
    first = exercises[0]
    click_and_wait(first, tile(first, "choices", "blue 7"))
    expect_feedback(first, "bad", "Not blue 7")
    expect(first.locator(".rt-feedback")).to_contain_text("blue 9 is missing")
    click_and_wait(first, tile(first, "choices", "blue 9"))
    expect_feedback(first, "solved", "stands for blue 9")


def lesson_11(exercises: list[Locator]) -> None:
    """K-END-1: 29 (the joker counted as 10) is explained tile by tile; 59 is right, zero-sum."""
    first = exercises[0]
    field = first.get_by_label("Points Player 1 scores")
    field.fill("29")
    click_and_wait(first, first.locator("button[data-id='check']"))
    expect_feedback(first, "bad", "joker 30")
    expect(zone(first, "h1").locator(".rt-zone-note-text")).to_contain_text("scores -52")
    field.fill("59")
    click_and_wait(first, first.locator("button[data-id='check']"))
    expect_feedback(first, "solved", "The scores sum to zero")


SCRIPTS: dict[str, Callable[[list[Locator]], None]] = {
    "09-rummikub-rearranging-the-table.ipynb": lesson_09,
    "10-rummikub-joker-rules.ipynb": lesson_10,
    "11-rummikub-the-end-of-the-game.ipynb": lesson_11,
}


@pytest.mark.parametrize("file", list(SCRIPTS))
def test_rummikub_lesson_right_and_wrong(page: Page, server: Server, file: str) -> None:
    """Each lesson loads with its views; its first exercise is answered wrongly, then rightly."""
    requests: list[str] = []
    exercises = open_lesson(page, server, file, requests)
    assert exercises
    SCRIPTS[file](exercises)
    exercises[0].screenshot(path=str(ARTIFACTS / file.replace(".ipynb", "-solved.png")))
    assert_local(requests, server)
    assert "Traceback" not in page.content()


def test_the_trio_switch_reaches_the_turn_beside_it(page: Page, server: Server) -> None:
    """K-JOKER-4: "both colours needed" in lesson 10's picker: the turn starts again and B7 alone
    no longer frees the joker of K7 R7 J."""
    requests: list[str] = []
    open_lesson(page, server, "10-rummikub-joker-rules.ipynb", requests)
    trio = page.locator(".rt-exercise[data-view='joker']").filter(
        has=page.locator("button.rt-piece[aria-label='orange 3']")
    )
    picker = page.locator(".rt-rules-picker[data-ready='1']")
    expect(trio).to_have_count(1)
    picker.get_by_label("Freeing a joker from a group of three").select_option("both")
    expect(picker).to_have_attribute("data-answered", "1")
    expect_feedback(trio, "info", "starts again")
    click_and_wait(trio, tile(trio, "s0", "joker"))
    click_and_wait(trio, tile(trio, "hand", "blue 7"))
    press(trio, "swap")
    expect_feedback(trio, "bad", "both missing colours")
    assert_local(requests, server)
