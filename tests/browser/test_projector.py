"""Projector mode at a projector's, a tablet's and a phone's width: nothing covers a piece, axe is clean.

The walk-through found, in projector mode only, a zone's own button ("Back to your rack", "Move to
set 1") drawn over the first row of tiles, and at 390 px the first cell's heading wider than its
box (axe: ``scrollable-region-focusable``). Each lesson below is opened once, projector mode
switched on by its button, then drawn at each width; every wait is for a state (the page's
markers, two frames after a resize).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_lessons import next_frames, open_lesson

WIDTHS = (1280, 800, 390)
"""A projector, a tablet (or half a screen), a phone: CSS pixels wide."""
LESSONS = (
    "06-rummy-play-a-round.ipynb",
    "09-rummikub-rearranging-the-table.ipynb",
    "11-rummikub-the-end-of-the-game.ipynb",
    "12-house-rules.ipynb",
    "nl/12-house-rules.ipynb",
)
"""The lessons the walk-through flagged: views whose zones carry a button, a long first heading."""
ZONED = {file for file in LESSONS if not file.startswith("06-")}
"""The lessons among them whose views draw zone buttons (the rearrange and turn views)."""

COVERED = """() => {
  const shown = (node) => !node.hidden && node.offsetParent !== null;
  const out = [];
  document.querySelectorAll(".rt-exercise").forEach((exercise, index) => {
    const buttons = Array.from(exercise.querySelectorAll(".rt-zone-action")).filter(shown);
    const pieces = Array.from(exercise.querySelectorAll("button.rt-piece")).filter(shown);
    for (const button of buttons) {
      const b = button.getBoundingClientRect();
      for (const piece of pieces) {
        const p = piece.getBoundingClientRect();
        const wide = Math.min(b.right, p.right) - Math.max(b.left, p.left);
        const high = Math.min(b.bottom, p.bottom) - Math.max(b.top, p.top);
        if (wide > 0 && high > 0) {
          out.push(`exercise ${index}: ${button.textContent} covers ${piece.getAttribute("aria-label")}`);
        }
      }
    }
  });
  return out;
}"""
"""Every zone button whose box meets a piece's box, named (an empty list when none does)."""

ZONE_BUTTONS = "() => document.querySelectorAll('.rt-zone-action:not([hidden])').length"
TEXTS = (".rt-title", ".rt-goal", ".rt-instructions", ".rt-zone-label", ".rt-zone-note", ".rt-par")
"""The views' own text sizes (set in CSS pixels, each a multiple of ``--rt-text``)."""
TEXT_SIZES = """(selectors) => {
  const sizes = {};
  for (const selector of selectors) {
    const node = Array.from(document.querySelectorAll(selector)).find((n) => n.offsetParent !== null);
    if (node) sizes[selector] = parseFloat(getComputedStyle(node).fontSize);
  }
  return sizes;
}"""
"""The computed font size of the first shown element of each selector, by selector."""


def covered(page: Page) -> list[str]:
    """The zone buttons drawn over a piece on the page as drawn now."""
    return [str(line) for line in page.evaluate(COVERED)]


@pytest.mark.parametrize("file", LESSONS)
def test_projector_mode_covers_no_piece_and_is_accessible(
    page: Page, server: Server, file: str
) -> None:
    """Projector mode makes every text of the views a third bigger (zone labels were left at
    16 px), and at each width no zone button lies over a piece and axe finds no violation."""
    open_lesson(page, server, file, [])
    before = page.evaluate(TEXT_SIZES, list(TEXTS))
    switch = page.locator("#rummy-teach-projector")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    after = page.evaluate(TEXT_SIZES, list(TEXTS))
    assert ".rt-zone-label" in before and before.keys() == after.keys()
    small = {key: (before[key], after[key]) for key in before if after[key] < 1.3 * before[key]}
    assert small == {}, f"text that projector mode leaves small (px before, after): {small}"
    if file in ZONED:  # the overlap check looks at something
        assert page.evaluate(ZONE_BUTTONS) > 0
    problems: dict[int, dict[str, object]] = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        next_frames(page)
        found: dict[str, object] = {}
        if over := covered(page):
            found["covered"] = over
        if axe := str(Axe().run(page).generate_snapshot()):
            found["axe"] = axe
        if found:
            problems[width] = found
    assert problems == {}
