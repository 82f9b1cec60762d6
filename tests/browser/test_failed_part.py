"""A page whose cell fails says so in words (rummy_teach.page_errors), on a real Voilà page.

``refused.ipynb`` is a teacher's own page that asks for a game of six players: Voilà's own line
("There was an error when executing cell [1]. Please run Voilà with --show_tracebacks=True …")
was all the page said, and the reason was only in the app's log.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_accessibility import violations
from tests.browser.test_lessons import HANG_GUARD

REFUSAL = (
    "This part of the page could not start: a game is the learner and 1 to 3 computers: "
    "2 to 4 players, not 6."
)


def test_a_page_with_a_bad_setting_says_what_is_wrong_in_words(
    page: Page, views_server: Server
) -> None:
    page.goto(f"{views_server.url}/voila/render/refused.ipynb", timeout=HANG_GUARD)
    expect(page.locator("p.rt-part-failed")).to_have_text(REFUSAL)
    text = page.locator("body").inner_text()
    assert "There was an error" not in text and "show_tracebacks" not in text
    assert "Traceback" not in text
    assert "the cell after the failed one" not in text  # the page stops at the part that failed
    assert violations(page) == ""
    views_server.wait_for_line(r"RummyTeachError: a game is the learner and 1 to 3 computers")
