"""The rearrange and joker views in a real browser: right, wrong (live verdict, then the penalty),
keyboard only, and axe-core with no violations (K-TURN-1..3, K-JOKER-2).

Pages: tests/browser/views/rearrange.ipynb (table K5 R5 B5 O5, rack R6 R7) and joker.ipynb
(table R5 J R7 and K9 B9 O9, rack R6 K10 K11). Every wait is for a state the page reaches.
"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_lessons import HANG_GUARD, READY, expect_feedback, feedback


def open_view(page: Page, views_server: Server, kind: str) -> Locator:
    """Load a view's page and wait until its exercise is drawn with its state."""
    page.goto(f"{views_server.url}/voila/render/{kind}.ipynb", timeout=HANG_GUARD)
    expect(page.locator(READY)).to_have_count(1)
    page.wait_for_function(
        "() => !document.querySelector('#loading') || "
        "getComputedStyle(document.querySelector('#loading')).display === 'none'",
        timeout=HANG_GUARD,
    )
    return page.locator(".rt-exercise").first


def zone(view: Locator, zone_id: str) -> Locator:
    return view.locator(f".rt-zone[data-zone='{zone_id}']")


def tile(view: Locator, zone_id: str, name: str) -> Locator:
    return zone(view, zone_id).locator(f"button.rt-piece[aria-label='{name}']").first


def press(view: Locator, button_id: str) -> None:
    """Press a button and wait until Python has answered it (every press is answered)."""
    click_and_wait(view, view.locator(f"button[data-id='{button_id}']"))


def answered(view: Locator) -> int:
    return int(view.get_attribute("data-answered") or "0")


def click_and_wait(view: Locator, target: Locator) -> None:
    """Click, then wait until Python has answered that click (the view's count moves on)."""
    count = answered(view)
    target.click()
    expect(view).to_have_attribute("data-answered", str(count + 1))


def test_rearrange_right(page: Page, views_server: Server) -> None:
    """K-TURN-1: R5 out of the group of four into a new set, R6 R7 with it: accepted, solved."""
    view = open_view(page, views_server, "rearrange")
    click_and_wait(view, tile(view, "s0", "red 5"))
    expect(tile(view, "s0", "red 5")).to_have_attribute("aria-pressed", "true")
    press(view, "to_new")
    expect(zone(view, "s1").locator(".rt-zone-note")).to_contain_text("a single tile")
    expect(zone(view, "s1")).to_have_class(re.compile("rt-zone-bad"))
    expect(zone(view, "s0").locator(".rt-zone-note")).to_contain_text("a group of three 5s")
    click_and_wait(view, tile(view, "hand", "red 6"))
    click_and_wait(view, tile(view, "hand", "red 7"))
    press(view, "to_b")
    expect(zone(view, "s1").locator(".rt-zone-note")).to_contain_text("a run of red tiles")
    expect(zone(view, "s1").locator("button.rt-piece.rt-marked")).to_have_count(2)
    expect(view.locator(".rt-tally")).to_contain_text("accepted")
    press(view, "end_turn")
    expect_feedback(view, "solved", "Goal reached")
    view.screenshot(path=str(ARTIFACTS / "rearrange-solved.png"))


def test_rearrange_wrong_then_the_penalty(page: Page, views_server: Server) -> None:
    """K-TURN-3: R6 dragged onto the group: its verdict turns bad at once; End turn restores the
    table and draws 3 tiles, with the reason."""
    view = open_view(page, views_server, "rearrange")
    tile(view, "hand", "red 6").drag_to(zone(view, "s0"))
    expect(zone(view, "s0")).to_have_class(re.compile("rt-zone-bad"))
    expect(zone(view, "s0").locator(".rt-zone-note")).to_contain_text("red 6")
    expect(view.locator(".rt-tally")).to_contain_text("costs the penalty")
    press(view, "end_turn")
    expect_feedback(view, "bad", "draw 3 penalty tiles")
    expect(feedback(view)).to_contain_text("is not valid")
    expect(zone(view, "s0").locator("button.rt-piece")).to_have_count(4)  # restored
    expect(zone(view, "s0")).to_have_class(re.compile("rt-zone-ok"))
    expect(zone(view, "hand").locator("button.rt-piece")).to_have_count(5)
    expect(zone(view, "hand").locator(".rt-zone-note")).to_contain_text("You drew")
    view.screenshot(path=str(ARTIFACTS / "rearrange-penalty.png"))


def _active(page: Page, script: str) -> object:
    return page.evaluate(f"() => {{ const a = document.activeElement; return {script}; }}")


def tab_to(page: Page, script: str) -> None:
    """Tab (then Shift+Tab) until the focused element matches ``script``; fail if it never does."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(60):
            if _active(page, script):
                return
            page.keyboard.press(key)
    raise AssertionError(f"no focusable element matches {script}")


def arrow_to(page: Page, name: str) -> None:
    """From a focused tile, the arrow keys move to the tile named ``name``."""
    for _ in range(30):
        if _active(page, "a.getAttribute('aria-label')") == name:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no tile {name!r} reached by the arrow keys")


def key_and_wait(page: Page, view: Locator, key: str) -> None:
    count = answered(view)
    page.keyboard.press(key)
    expect(view).to_have_attribute("data-answered", str(count + 1))


def test_rearrange_by_keyboard_only(page: Page, views_server: Server) -> None:
    """Every step without a mouse: Tab to a zone, arrows to a tile, Space to pick, Enter on the
    zone's own button and on End turn."""
    view = open_view(page, views_server, "rearrange")
    tab_to(page, "a.classList.contains('rt-piece') && a.closest('.rt-zone-set') !== null")
    arrow_to(page, "red 5")
    key_and_wait(page, view, "Space")
    tab_to(page, "a.dataset.id === 'to_new'")
    key_and_wait(page, view, "Enter")
    expect(zone(view, "s1").locator(".rt-zone-note")).to_contain_text("a single tile")
    tab_to(page, "a.classList.contains('rt-piece') && a.closest('.rt-zone-hand') !== null")
    arrow_to(page, "red 6")
    key_and_wait(page, view, "Enter")
    page.keyboard.press("ArrowRight")
    arrow_to(page, "red 7")
    key_and_wait(page, view, "Space")
    tab_to(page, "a.dataset.id === 'to_b'")
    key_and_wait(page, view, "Enter")
    expect(zone(view, "s1").locator(".rt-zone-note")).to_contain_text("a run of red tiles")
    tab_to(page, "a.dataset.id === 'undo'")
    key_and_wait(page, view, "Enter")
    expect(zone(view, "s1").locator("button.rt-piece")).to_have_count(1)
    tab_to(page, "a.dataset.id === 'to_b'")
    key_and_wait(page, view, "Enter")  # greyed out: answers in words
    expect(feedback(view)).to_contain_text("pick the tiles to move first")
    tab_to(page, "a.classList.contains('rt-piece') && a.closest('.rt-zone-hand') !== null")
    arrow_to(page, "red 6")
    key_and_wait(page, view, "Space")
    page.keyboard.press("ArrowRight")
    key_and_wait(page, view, "Space")
    tab_to(page, "a.dataset.id === 'to_b'")
    key_and_wait(page, view, "Enter")
    tab_to(page, "a.dataset.id === 'end_turn'")
    key_and_wait(page, view, "Enter")
    expect_feedback(view, "solved", "Goal reached")


def test_joker_swap_wrong_then_right(page: Page, views_server: Server) -> None:
    """K-JOKER-2: K10 refused as the joker's stand-in; R6 frees it, and the joker is played at once."""
    view = open_view(page, views_server, "joker")
    click_and_wait(view, tile(view, "s0", "joker"))
    click_and_wait(view, tile(view, "hand", "black 10"))
    press(view, "swap")
    expect_feedback(view, "bad", "does not free the joker")
    click_and_wait(view, tile(view, "hand", "black 10"))
    click_and_wait(view, tile(view, "hand", "red 6"))
    press(view, "swap")
    expect(zone(view, "s2").locator("button.rt-piece")).to_have_count(1)
    expect(feedback(view)).to_contain_text("play it on the table this turn")
    click_and_wait(view, tile(view, "hand", "black 10"))
    click_and_wait(view, tile(view, "hand", "black 11"))
    press(view, "to_c")
    expect(zone(view, "s2").locator(".rt-zone-note")).to_contain_text("a run of black tiles")
    press(view, "end_turn")
    expect_feedback(view, "solved", "Goal reached")


def test_rearrange_and_joker_views_are_accessible(page: Page, views_server: Server) -> None:
    """axe-core: no violations on either page, before and after a step."""
    for kind in ("rearrange", "joker"):
        view = open_view(page, views_server, kind)
        assert str(Axe().run(page).generate_snapshot()) == ""
        click_and_wait(view, tile(view, "hand", "red 6"))
        tiles = zone(view, "s0").locator("button.rt-piece")
        before = tiles.count()
        press(view, "to_a")
        expect(tiles).to_have_count(before + 1)  # red 6 joined set 1 (4 tiles or 5)
        assert str(Axe().run(page).generate_snapshot()) == ""
