"""The language switch in a real browser: from the English lesson list to Norwegian, a Norwegian
verdict for a run with a gap, and the choice remembered (issue 15).

The expected words come from ``messages`` worded in Norwegian in this process (the nb catalog),
never from strings written here. Every wait is for a state of the page.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from rummy_teach import languages, lessons, messages
from rummy_teach.melds import check_meld
from rummy_teach.pieces import parse_cards
from rummy_teach.rules import RummyRules
from tests.browser.conftest import Server
from tests.browser.test_accessibility import violations
from tests.browser.test_lessons import EXERCISE, HANG_GUARD, READY, exercise_count, feedback

LESSON = "02-rummy-groups-and-runs.ipynb"
"""The first lesson with a meld exercise whose hand holds a run with a gap (its third exercise)."""
EXERCISE_INDEX = 2
GAP = "2H 3H QH"


def norwegian(key: str, **params: object) -> str:
    with languages.speaking("nb"):
        return messages.text(key, **params)


def test_switch_to_norwegian_gets_a_norwegian_verdict_and_is_remembered(
    page: Page, server: Server
) -> None:
    cards = parse_cards(GAP)
    with languages.speaking("nb"):
        verdict = check_meld(cards, RummyRules()).message
        names = [messages.piece_name(card) for card in cards]
    assert verdict != check_meld(cards, RummyRules()).message  # the nb catalog words it

    page.goto(server.url + "/", timeout=HANG_GUARD)
    expect(page).to_have_url(re.compile(r"/voila/render/index\.ipynb$"))
    switch = page.locator("#rummy-teach-languages")
    expect(switch).to_have_attribute("aria-label", messages.text("app.language.label"))
    expect(switch.locator("a[aria-current='page']")).to_have_text("English")
    # keyboard only: focus the Norsk link and press Enter
    switch.get_by_role("link", name="Norsk", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/voila/render/nb/index\.ipynb$"))
    expect(page.locator("html")).to_have_attribute("lang", "nb")
    expect(page.locator("#rummy-teach-languages")).to_have_attribute(
        "aria-label", norwegian("app.language.label")
    )
    assert violations(page) == ""

    page.locator(f"a[href='{LESSON}']").first.click()
    expect(page).to_have_url(re.compile(rf"/voila/render/nb/{re.escape(LESSON)}$"))
    expect(page.locator(READY)).to_have_count(exercise_count(LESSON))
    exercise = page.locator(EXERCISE).nth(EXERCISE_INDEX)
    for name in names:
        exercise.locator(f".rt-zone-hand button.rt-piece[aria-label='{name}']").click()
    expect(feedback(exercise)).to_contain_text(verdict)
    # the stars record is kept per lesson file, the same key as the English lesson's
    record = page.evaluate("() => JSON.parse(localStorage.getItem('rummy-teach-progress') || '{}')")
    assert LESSON in record and not [key for key in record if "/" in key], record
    switch = page.locator("#rummy-teach-languages")
    expect(switch.locator("a[aria-current='page']")).to_have_text("Norsk")
    expect(switch.get_by_role("link", name="English", exact=True)).to_have_attribute(
        "href", f"/voila/render/{LESSON}"
    )
    assert violations(page) == ""

    page.reload(timeout=HANG_GUARD)
    expect(page.locator("body")).to_have_attribute("data-rummy-language", "nb")
    page.goto(server.url + "/", timeout=HANG_GUARD)  # the front door opens the remembered language
    expect(page).to_have_url(re.compile(r"/voila/render/nb/index\.ipynb$"))
    assert lessons.LESSONS[1].file == LESSON
