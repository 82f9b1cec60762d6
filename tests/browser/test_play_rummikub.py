"""The Rummikub game view in a real browser: a whole game against the strong computer played to its
end, the learner's first turn by keyboard only, and axe on the page.

Every wait is for a state the page reaches (``data-ready``, the ``data-answered`` count, a text);
the limits only stop a hung test, they never decide a result.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from rummy_teach.widgets import RummikubGame
from rummy_teach.widgets.intents import RateLimit
from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_accessibility import PHONE, overflowing, violations
from tests.browser.test_play_rummy import Clicks as RummyClicks
from tests.browser.test_play_rummy import active_key, feedback, key_to, open_view
from tests.test_widget_rummikub_game import learner_turn, press

GAME: dict[str, Any] = {"players": 2, "seed": 0, "level": "strong"}
"""The game on rummikub_game.ipynb (the same seed gives the same game, the same piece ids)."""


def game_script() -> list[dict[str, Any]]:
    """The intents of the page's game played to its end: the scripted learner's turns (the sets it
    spots, else Draw) and Next for each computer move, recorded as the page would send them."""
    game = RummikubGame(**GAME)
    game.limit = RateLimit(1e9, 1e9)
    game.work = RateLimit(1e9, 1e9)
    script: list[dict[str, Any]] = []
    receive = game.receive

    def record(content: Any, buffers: Any = ()) -> None:
        script.append({key: value for key, value in content.items() if key != "seq"})
        receive(content, buffers)

    game.receive = record  # type: ignore[method-assign]
    while game.mode != "game_over":
        if game.mode == "learner":
            learner_turn(game)
        else:
            press(game, "next")
    assert len(script) < 120  # a short game, so the browser test stays short
    return script


class Clicks(RummyClicks):
    """Learner actions in the game view, as the recorded intents say (the game's buttons too)."""

    def send(self, intent: dict[str, Any]) -> None:
        if intent["intent"] == "press":
            self.click(self.view.locator(f"button[data-id='{intent['button']}']").first)
        else:
            self.pick_id(intent["piece"])


def test_a_whole_game_against_the_strong_computer(page: Page, views_server: Server) -> None:
    view = open_view(page, views_server, "rummikub_game")
    expect(view.locator(".rt-opponents li").first).to_have_text(
        "Computer 1: 14 tiles on its rack, not opened yet"
    )
    expect(view.locator(".rt-zone-hand button.rt-piece")).to_have_count(14)
    clicks = Clicks(view)
    for intent in game_script():
        clicks.send(intent)
    expect(view.locator(".rt-feedback")).to_have_class("rt-feedback rt-feedback-solved")
    expect(feedback(view)).to_contain_text("won the game")
    expect(view.locator(".rt-sheet tbody tr")).to_have_count(2)  # the game and the totals
    expect(view.locator(".rt-game-status")).to_have_text("Game 1 is over.")
    clicks.send({"intent": "press", "button": "back"})
    expect(feedback(view)).to_contain_text("Step ")
    view.screenshot(path=str(ARTIFACTS / "rummikub-game-over.png"))


def test_the_first_turn_by_keyboard_only(page: Page, views_server: Server) -> None:
    view = open_view(page, views_server, "rummikub_game")
    clicks = Clicks(view)
    game = RummikubGame(**GAME)  # the page's game: which piece ids K12 R12 O12 have
    names = {"black 12", "red 12", "orange 12"}
    ids = [pid for pid in game.hand_ids if game.pieces[pid]["name"] in names]
    assert len(ids) == 3
    for piece_id in ids:
        key_to(page, f"piece:{piece_id}")
        page.keyboard.press("Space")
        clicks.wait()
    expect(view.locator(".rt-zone-hand button.rt-piece[aria-pressed='true']")).to_have_count(3)
    key_to(page, "button:to_new")
    page.keyboard.press("Enter")
    clicks.wait()
    expect(view.locator(".rt-zone[data-zone='s0'] button.rt-piece")).to_have_count(3)
    key_to(page, "button:end_turn")
    assert active_key(page) == "button:end_turn"
    page.keyboard.press("Enter")
    clicks.wait()
    expect(feedback(view)).to_contain_text("press “Next move”")
    expect(view.locator(".rt-zone-hand button.rt-piece")).to_have_count(11)
    key_to(page, "button:next")
    page.keyboard.press("Enter")
    clicks.wait()
    expect(feedback(view)).to_contain_text("Computer 1 ")
    expect(feedback(view)).to_contain_text("Why: ")


def test_the_game_page_is_accessible(page: Page, views_server: Server) -> None:
    open_view(page, views_server, "rummikub_game")
    assert violations(page) == ""


def test_four_players_score_sheet_scrolls_in_its_own_box_on_a_phone(
    page: Page, views_server: Server
) -> None:
    """With three computers the score sheet (Game, You, Computer 1-3) is ~520 px wide: at 320 px it
    was cut off at the view's edge. It scrolls in a box named by its caption that the keyboard
    reaches, and the page stays within the window."""
    page.set_viewport_size(PHONE)
    view = open_view(page, views_server, "four_players")
    box = view.get_by_role("group", name=RummikubGame(**{**GAME, "players": 4}).sheet["caption"])
    expect(box.locator("table.rt-sheet")).to_contain_text("Computer 3")
    assert overflowing(page) == []
    assert box.evaluate("(node) => node.scrollWidth > node.clientWidth && node.tabIndex === 0")
    assert violations(page) == ""
