"""The Rummy play views in a real browser: lesson 3's turn right, wrong and by keyboard only, a short
whole game against the computer played to its end, and axe on both pages.

Every wait is for a state the page reaches (``data-ready``, the ``data-answered`` count, a text);
the limits only stop a hung test, they never decide a result.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from rummy_teach import messages
from rummy_teach.pieces import Card
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import RummyBot
from rummy_teach.widgets import RummyGame
from rummy_teach.widgets.rummy_play import CARD_IDS, intents_for
from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_accessibility import violations
from tests.browser.test_lessons import HANG_GUARD, READY

GAME = {"players": 2, "seed": 38, "level": "strong", "rules": RummyRules(hands=1)}
"""The game on rummy_game.ipynb: one short round (the same seed gives the same game)."""


def open_view(page: Page, server: Server, kind: str) -> Locator:
    """A view's page, once its exercise is drawn with its state."""
    page.goto(f"{server.url}/voila/render/{kind}.ipynb", timeout=HANG_GUARD)
    expect(page.locator(READY)).to_have_count(1)
    return page.locator(".rt-exercise")


HANG_GUARD_CLICKS = 1000
"""Clicks in a row dropped over the page's limits after which a test gives up (a hang guard)."""


class Clicks:
    """Learner actions in the page, each waited for until Python has answered it, and made again
    when the page dropped it over its rate limit or work budget (as a learner told so would)."""

    def __init__(self, view: Locator) -> None:
        self.view = view
        self.answered = 0
        self.dropped = 0

    def wait(self) -> None:
        self.answered += 1
        expect(self.view).to_have_attribute("data-answered", str(self.answered))

    def click(self, target: Locator, *, force: bool = False) -> None:
        """Click ``target`` until the page takes the click (a dropped one leaves the view as it was)."""
        for _ in range(HANG_GUARD_CLICKS):
            throttled = self.view.get_attribute("data-throttled")
            target.click(force=force)
            self.wait()
            if self.view.get_attribute("data-throttled") == throttled:
                return
            self.dropped += 1
        raise AssertionError(f"{target} dropped {HANG_GUARD_CLICKS} times in a row")

    def press(self, button: str, *, greyed: bool = False) -> None:
        """Press a button; ``greyed``: one shown greyed out (aria-disabled), which still answers."""
        self.click(self.view.locator(f".rt-buttons button[data-id='{button}']"), force=greyed)

    def pick(self, *cards: str) -> None:
        for card in cards:
            self.pick_id(CARD_IDS[Card.parse(card)])

    def pick_id(self, piece_id: str) -> None:
        self.click(self.view.locator(f"button.rt-piece[data-id='{piece_id}']"))

    def send(self, intent: dict[str, Any]) -> None:
        if intent["intent"] == "press":
            self.press(intent["button"])
        else:
            self.pick_id(intent["piece"])


def feedback(view: Locator) -> Locator:
    return view.locator(".rt-feedback-message")


def test_lesson_3_turn_right(page: Page, views_server: Server) -> None:
    view = open_view(page, views_server, "turn")
    clicks = Clicks(view)
    clicks.press("take")
    expect(feedback(view)).to_contain_text("You took 7♥ from the discard pile.")
    clicks.pick("5H", "6H", "7H")
    clicks.press("lay_down")
    expect(view.locator(".rt-zone-table")).to_have_count(1)
    expect(view.locator(".rt-zone-table .rt-zone-note")).to_contain_text("Laid down by you.")
    clicks.pick("9S", "9H", "9C")
    clicks.press("lay_down")
    clicks.pick("KC")
    clicks.press("discard")
    expect(view.locator(".rt-feedback")).to_have_class("rt-feedback rt-feedback-solved")
    expect(feedback(view)).to_contain_text("Your turn is over.")
    view.screenshot(path=str(ARTIFACTS / "turn-solved.png"))


def test_lesson_3_turn_wrong_is_refused_in_the_engines_words(
    page: Page, views_server: Server
) -> None:
    view = open_view(page, views_server, "turn")
    clicks = Clicks(view)
    clicks.press("discard", greyed=True)  # before drawing
    expect(feedback(view)).to_have_text(messages.text("rummy.draw_first"))
    clicks.press("take")
    clicks.pick("7H")
    clicks.press("discard", greyed=True)
    expect(feedback(view)).to_have_text(messages.text("rummy.discard_taken", card="7♥"))
    pile = view.locator(".rt-zone-discard button.rt-piece")  # 7♥ stays in hand, 4♣ on the pile
    expect(pile).to_have_attribute("aria-label", "4 of clubs")
    expect(view.locator(".rt-zone-hand button.rt-piece")).to_have_count(8)


def active_key(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement?.dataset?.key || ''"))


def key_to(page: Page, key: str) -> None:
    """Move the focus to ``key`` with the keyboard alone: Tab between stops, arrows among pieces."""
    for _ in range(80):
        active = active_key(page)
        if active == key:
            return
        if active.startswith("piece:") and key.startswith("piece:"):
            page.keyboard.press("ArrowRight")
        else:
            page.keyboard.press("Tab")
    raise AssertionError(f"the keyboard never reached {key}")


def test_lesson_3_turn_by_keyboard_only(page: Page, views_server: Server) -> None:
    view = open_view(page, views_server, "turn")
    clicks = Clicks(view)
    key_to(page, "button:take")
    page.keyboard.press("Enter")
    clicks.wait()
    for cards in (("5H", "6H", "7H"), ("9S", "9H", "9C")):
        for card in cards:
            key_to(page, f"piece:{CARD_IDS[Card.parse(card)]}")
            page.keyboard.press("Space")
            clicks.wait()
        key_to(page, "button:lay_down")
        page.keyboard.press("Enter")
        clicks.wait()
    key_to(page, f"piece:{CARD_IDS[Card.parse('KC')]}")
    page.keyboard.press("Space")
    clicks.wait()
    key_to(page, "button:discard")
    page.keyboard.press("Enter")
    clicks.wait()
    expect(view.locator(".rt-feedback")).to_have_class("rt-feedback rt-feedback-solved")


def game_script() -> list[dict[str, Any]]:
    """The intents of the page's game played to its end: the learner plays as the strong computer
    would, and presses Next for each computer move (the same seed gives the same game)."""
    game = RummyGame(**GAME)
    learner = RummyBot()
    script: list[dict[str, Any]] = []
    while game.mode != "game_over":
        if game.mode == "learner":
            intents = intents_for(learner.choose(game.state), game.state)
        elif game.mode == "computer":
            intents = [{"intent": "press", "button": "next"}]
        else:
            intents = [{"intent": "press", "button": "next_round"}]
        for intent in intents:
            script.append(intent)
            game.receive({**intent, "seq": len(script)})
    assert len(script) < 80  # a short game, so the browser test stays short
    return script


def test_a_short_whole_game_against_the_computer(page: Page, views_server: Server) -> None:
    view = open_view(page, views_server, "rummy_game")
    expect(view.locator(".rt-opponents li")).to_have_text("Computer 1: 10 cards in hand")
    clicks = Clicks(view)
    for intent in game_script():
        clicks.send(intent)
    expect(view.locator(".rt-feedback")).to_have_class("rt-feedback rt-feedback-solved")
    expect(feedback(view)).to_contain_text("You won the game!")
    expect(view.locator(".rt-sheet tbody tr")).to_have_count(2)  # the round and the totals
    expect(view.locator(".rt-game-status")).to_have_text("The game is over.")
    clicks.press("back")
    expect(feedback(view)).to_contain_text("Step ")
    view.screenshot(path=str(ARTIFACTS / "rummy-game-over.png"))


def test_both_play_pages_are_accessible(page: Page, views_server: Server) -> None:
    for kind in ("turn", "rummy_game"):
        open_view(page, views_server, kind)
        assert violations(page) == "", kind
