"""Every lesson in a real browser: loads, its exercises answer right and wrong, keyboard only, offline.

Every wait is for a state the page reaches (a view's ``data-ready`` marker, its ``data-answered``
count, a text); the limits below only stop a hung test, they never decide a result.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

from rummy_teach import lessons, messages
from rummy_teach.widgets import show
from tests.browser.conftest import ARTIFACTS, REPO, Server

HANG_GUARD = 180_000
"""Milliseconds before a wait gives up: only a guard against a hung page, never a measurement."""
expect.set_options(timeout=HANG_GUARD)
EXERCISE = ".rt-exercise:not(.rt-rules-picker)"
"""An exercise view (a house-rule picker beside one is drawn like a view but is no exercise)."""
READY = f"{EXERCISE}[data-ready='1']"


def exercise_count(file: str) -> int:
    """How many exercises a lesson shows: one per cell whose output is a widget (a house-rules
    picker drawn beside one, ``show_with_rules`` or ``show_house_rule``, is part of it)."""
    book = nbformat.read(REPO / "notebooks" / file, as_version=4)
    return sum("# NBVAL_IGNORE_OUTPUT" in cell.source for cell in book.cells)


def open_lesson(page: Page, server: Server, file: str, requests: list[str]) -> list[Locator]:
    """Load a lesson, record every request, wait until every exercise is drawn with its state."""
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{server.url}/voila/render/{file}", timeout=HANG_GUARD)
    expect(page.locator(READY)).to_have_count(exercise_count(file))
    page.wait_for_function(
        "() => !document.querySelector('#loading') || "
        "getComputedStyle(document.querySelector('#loading')).display === 'none'",
        timeout=HANG_GUARD,
    )
    return page.locator(EXERCISE).all()


def next_frames(page: Page) -> None:
    """Wait until the page has drawn two more frames (layout done after a resize)."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def full_screenshot(page: Page, name: str) -> None:
    """The whole lesson, not only the window: Voilà scrolls inside the page, so grow the window."""
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => Math.max(document.body.scrollHeight, ...Array.from(document.querySelectorAll('*'),"
        " (node) => node.scrollHeight))"
    )
    page.set_viewport_size({"width": size["width"], "height": min(max(int(height), 900), 12_000)})
    next_frames(page)
    page.screenshot(path=str(ARTIFACTS / name))
    page.set_viewport_size(size)


def hand_piece(exercise: Locator, name: str, nth: int = 0) -> Locator:
    return exercise.locator(f".rt-zone-hand button.rt-piece[aria-label='{name}']").nth(nth)


def pick(exercise: Locator, *names: str) -> None:
    """Click pieces in the hand by accessible name (names unique in the hand)."""
    for name in names:
        hand_piece(exercise, name).click()


def press(exercise: Locator, button: str) -> None:
    exercise.locator(f"button[data-id='{button}']").click()


def feedback(exercise: Locator) -> Locator:
    return exercise.locator(".rt-feedback")


def expect_feedback(exercise: Locator, status: str, text: str) -> None:
    box = feedback(exercise)
    expect(box).to_have_class(re.compile(rf"rt-feedback-{status}"))
    expect(box).to_contain_text(text)


def assert_local(requests: list[str], server: Server) -> None:
    """Offline: every request goes to the local server (data: and blob: URLs stay in the page)."""
    foreign = [
        url
        for url in requests
        if not url.startswith((server.url, server.url.replace("http", "ws"), "data:", "blob:"))
    ]
    assert not foreign, foreign


def lesson_01(exercises: list[Locator]) -> None:
    first = exercises[0]
    pick(first, "9 of hearts", "9 of spades", "4 of diamonds")
    expect_feedback(first, "bad", "9♥ 9♠ 4♦")
    expect(feedback(first)).to_contain_text("Not valid")
    press(first, "reset")
    expect_feedback(first, "info", "Back to the start")
    pick(first, "9 of hearts", "9 of spades")
    expect(first.locator("button[data-id='lay_down']")).to_have_attribute("aria-disabled", "true")
    # greyed out (aria-disabled, which Playwright will not click unforced), yet it answers why
    first.locator("button[data-id='lay_down']").click(force=True)
    expect_feedback(first, "bad", "is only 2 cards")
    pick(first, "9 of clubs")
    expect_feedback(first, "ok", "a group of three 9s")
    press(first, "lay_down")
    expect_feedback(first, "solved", "Goal reached")


def lesson_02(exercises: list[Locator]) -> None:
    first = exercises[0]
    pick(first, "5 of diamonds", "6 of diamonds", "9 of hearts")
    expect_feedback(first, "bad", "mixes")
    pick(first, "9 of hearts")
    pick(first, "4 of diamonds")
    expect_feedback(first, "ok", "a run of diamonds from 4♦ to 6♦")
    press(first, "lay_down")
    pick(first, "9 of hearts", "9 of spades", "9 of clubs")
    press(first, "lay_down")
    expect_feedback(first, "solved", "a group of three 9s")


def lesson_04(exercises: list[Locator]) -> None:
    first = exercises[0]
    table_six = first.locator(".rt-zone-table button.rt-piece[aria-label='6 of spades']")
    pick(first, "10 of spades")
    table_six.click()
    expect_feedback(first, "bad", "9♠ would have to come first")
    pick(first, "10 of spades", "9 of spades")
    expect_feedback(first, "ok", "fits onto 6♠ 7♠ 8♠")
    table_six.click()
    expect_feedback(first, "ok", "it is now 6♠ 7♠ 8♠ 9♠")
    for card, meld_card in [
        ("10 of spades", "6 of spades"),
        ("5 of spades", "6 of spades"),
        ("king of spades", "king of hearts"),
        ("6 of clubs", "3 of clubs"),
        ("7 of clubs", "3 of clubs"),
    ]:
        pick(first, card)
        first.locator(f".rt-zone-table button.rt-piece[aria-label='{meld_card}']").click()
    expect_feedback(first, "solved", "Goal reached")


def lesson_07(exercises: list[Locator]) -> None:
    group = exercises[0]
    group.locator(".rt-zone-hand button.rt-piece[aria-label='red 7']").nth(0).click()
    group.locator(".rt-zone-hand button.rt-piece[aria-label='red 7']").nth(1).click()
    pick(group, "blue 7")
    expect_feedback(group, "bad", "two red tiles")
    group.locator(".rt-zone-hand button.rt-piece[aria-label='red 7']").nth(1).click()
    pick(group, "orange 7")
    press(group, "lay_down")
    expect_feedback(group, "solved", "a group of three 7s")


def lesson_08(exercises: list[Locator]) -> None:
    first = exercises[0]
    press(first, "hint")  # every exercise has a hint, the opening too
    expect_feedback(first, "info", "“The 30 points”")
    expect(feedback(first).locator("a.rt-feedback-link")).to_have_attribute(
        "href", "rules.ipynb#K-OPEN-2"
    )
    pick(first, "blue 5", "blue 6", "blue 7")
    expect(first.locator(".rt-tally")).to_have_text("18 of 30 points")
    press(first, "open")
    expect_feedback(first, "bad", "12 short of the 30")
    pick(first, "black 8", "red 8", "orange 8")
    expect(first.locator(".rt-tally")).to_have_text("42 points: enough, 30 needed")
    press(first, "lay_down")
    press(first, "open")
    expect_feedback(first, "solved", "An initial meld worth 42 points")


SCRIPTS: dict[str, Callable[[list[Locator]], None]] = {
    "01-start-here.ipynb": lesson_01,
    "02-rummy-groups-and-runs.ipynb": lesson_02,
    "04-rummy-laying-off.ipynb": lesson_04,
    "07-rummikub-tiles-groups-runs-jokers.ipynb": lesson_07,
    "08-rummikub-initial-meld.ipynb": lesson_08,
}


def test_every_lesson_has_a_browser_script() -> None:
    """Each lesson has a script: here, or in a ``tests/browser/test_lessons_<part>.py`` file's SCRIPTS."""
    scripted = set(SCRIPTS)
    for path in sorted(Path(__file__).parent.glob("test_lessons_*.py")):
        module = importlib.import_module(f"tests.browser.{path.stem}")
        scripted |= set(getattr(module, "SCRIPTS", {}))
    assert sorted(scripted) == sorted(lesson.file for lesson in lessons.LESSONS)


def test_front_door_lists_the_lessons_in_order(page: Page, server: Server) -> None:
    """/ is the lesson list (not a file browser), in CURRICULUM order, every link working."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(server.url + "/", timeout=HANG_GUARD)
    page.wait_for_selector("text=Start here", timeout=HANG_GUARD)
    links = page.locator("#rendered_cells a").all()
    named = [f"Lesson {lesson.number}: {lesson.title}" for lesson in lessons.LESSONS]
    titles = [link.inner_text() for link in links if link.inner_text() in named]
    assert titles == named
    assert "¶" not in page.locator("#rendered_cells").inner_text()  # no bare heading anchors
    full_screenshot(page, "00-index.png")
    assert_local(requests, server)


@pytest.mark.parametrize("file", list(SCRIPTS))
def test_lesson_right_and_wrong(page: Page, server: Server, file: str) -> None:
    """Each lesson loads with its widgets; one exercise is answered wrongly, then rightly; offline."""
    requests: list[str] = []
    exercises = open_lesson(page, server, file, requests)
    assert exercises
    full_screenshot(page, file.replace(".ipynb", ".png"))
    SCRIPTS[file](exercises)
    exercises[0].screenshot(path=str(ARTIFACTS / file.replace(".ipynb", "-solved.png")))
    assert_local(requests, server)
    assert "Traceback" not in page.content()


def test_keyboard_only(page: Page, server: Server) -> None:
    """Lesson 1's exercise with Tab, arrows, Space and Enter alone; the focus ring is visible."""
    requests: list[str] = []
    exercises = open_lesson(page, server, "01-start-here.ipynb", requests)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('rt-piece')"):
            break
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "9 of hearts"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Space")  # 9H
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # 9S
    expect(feedback(exercises[0])).to_contain_text("pick one more")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "9 of clubs"
    page.keyboard.press("Space")
    expect_feedback(exercises[0], "ok", "a group of three 9s")
    # the hand is one tab stop: Tab leaves it at once, Shift+Tab comes back to the same piece
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('rt-piece')") is False
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "9 of clubs"
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.id") == "lay_down":
            break
    page.keyboard.press("Enter")
    expect_feedback(exercises[0], "solved", "Goal reached")
    exercises[0].screenshot(path=str(ARTIFACTS / "keyboard-solved.png"))


def test_page_cannot_execute_code(page: Page, server: Server, tmp_path: Path) -> None:
    """The page's kernel refuses execute_request (Voilà), while ordinary requests are answered."""
    requests: list[str] = []
    open_lesson(page, server, "01-start-here.ipynb", requests)
    config = json.loads(page.locator("#jupyter-config-data").first.inner_text())
    kernel_id = config["kernelId"]
    marker = tmp_path / "pwned"
    code = f"open({str(marker)!r}, 'w').write('x')"
    # kernel_info, execute, kernel_info: the kernel answers shell requests in order, so once the
    # second kernel_info_reply is here, an executed request would have written the file and replied
    result = page.evaluate(
        """async ([url, code]) => {
          const ws = new WebSocket(url);
          const replies = [];
          await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
          const last = new Promise((ok) => {
            ws.onmessage = (event) => {
              let msg;
              try { msg = JSON.parse(event.data); } catch (e) { return; }
              replies.push(msg.msg_type);
              if (msg.msg_type === "kernel_info_reply" && msg.parent_header.msg_id === "info-2") ok();
            };
          });
          const send = (type, content, id) => ws.send(JSON.stringify({
            header: {msg_id: id, username: "x", session: "s", msg_type: type, version: "5.3", date: ""},
            parent_header: {}, metadata: {}, content, channel: "shell", buffers: []}));
          send("kernel_info_request", {}, "info-1");
          send("execute_request", {code, silent: false, store_history: false, user_expressions: {},
                                   allow_stdin: false, stop_on_error: true}, "exec-1");
          send("kernel_info_request", {}, "info-2");
          await last;
          ws.close();
          return replies;
        }""",
        [f"{server.url.replace('http', 'ws')}/api/kernels/{kernel_id}/channels", code],
    )
    assert result.count("kernel_info_reply") == 2
    assert "execute_reply" not in result and "execute_input" not in result
    assert not marker.exists()


def test_drag_and_drop(page: Page, server: Server) -> None:
    """Dragging does what clicks do: lay off onto a table meld, lay down, take a meld back."""
    requests: list[str] = []
    exercises = open_lesson(page, server, "04-rummy-laying-off.ipynb", requests)
    layoff = exercises[0]
    hand_piece(layoff, "9 of spades").drag_to(
        layoff.locator(".rt-zone-table").filter(has=page.locator("[aria-label='6 of spades']"))
    )
    expect_feedback(layoff, "ok", "it is now 6♠ 7♠ 8♠ 9♠")
    exercises = open_lesson(page, server, "01-start-here.ipynb", requests)
    first = exercises[0]
    pick(first, "9 of hearts", "9 of spades")
    hand_piece(first, "9 of clubs").drag_to(first.locator("button[data-id='lay_down']"))
    expect_feedback(first, "solved", "a group of three 9s")
    first.locator(".rt-zone-meld button.rt-piece").first.drag_to(first.locator(".rt-zone-hand"))
    expect_feedback(first, "info", "went back to your hand")
    assert_local(requests, server)


def test_a_page_that_lost_a_widget_model_reloads_once(page: Page, server: Server) -> None:
    """Voilà under load can show "model not found" instead of an exercise: the page reloads once.

    Waits for the reloaded page's own views (the old ones are marked stale first), however long
    the reload takes; the reload count in sessionStorage says it happened exactly once.
    """
    requests: list[str] = []
    open_lesson(page, server, "01-start-here.ipynb", requests)
    page.evaluate(
        """() => {
          for (const node of document.querySelectorAll(".rt-exercise")) node.dataset.stale = "1";
          const node = document.createElement("div"); node.className = "jupyter-widgets";
          node.textContent = "Error displaying widget: model not found"; document.body.appendChild(node);
        }"""
    )
    expect(page.locator(f"{READY}:not([data-stale])")).to_have_count(
        exercise_count("01-start-here.ipynb")
    )
    reloads = page.evaluate(
        "() => [sessionStorage.getItem('rummy-teach-reloaded:' + location.pathname), "
        "sessionStorage.length]"
    )
    assert reloads == ["1", 1]
    assert not page.locator(".jupyter-widgets", has_text="model not found").count()
    assert_local(requests, server)


BURST = ["king of spades", "4 of diamonds", "9 of hearts", "5 of diamonds", "king of spades",
         "6 of diamonds", "9 of spades", "9 of hearts", "9 of clubs", "9 of hearts"]  # fmt: skip


def test_a_burst_of_ten_intents_in_one_task_is_handled_in_order(page: Page, server: Server) -> None:
    """Ten clicks in one JavaScript task reach Python as ten intents, in order (none merged or lost)."""
    requests: list[str] = []
    exercise = open_lesson(page, server, "02-rummy-groups-and-runs.ipynb", requests)[0]
    expect(exercise).to_have_attribute("data-answered", "0")
    exercise.evaluate(
        """(root, names) => {
          for (const name of names) {
            root.querySelector(`.rt-zone-hand button.rt-piece[aria-label="${name}"]`).click();
          }
        }""",
        BURST,
    )
    expect(exercise).to_have_attribute("data-answered", str(len(BURST)))
    # the same ten intents, handled in this order by the same view in Python
    model = show(lessons.RUMMY_LAY_DOWN)
    names = {pid: info["name"] for pid, info in model.pieces.items()}
    by_name = {name: pid for pid, name in names.items()}
    for name in BURST:
        model.receive({"intent": "pick", "piece": by_name[name], "seq": 1})
    assert [names[pid] for pid in model.selected] == [
        "4 of diamonds", "5 of diamonds", "6 of diamonds", "9 of spades", "9 of clubs", "9 of hearts"
    ]  # fmt: skip
    expect(feedback(exercise)).to_have_text(re.compile(re.escape(model.feedback["message"]) + "$"))
    pressed = exercise.locator(".rt-zone-hand button.rt-piece[aria-pressed='true']")
    expect(pressed).to_have_count(len(model.selected))
    assert sorted(pressed.evaluate_all("(nodes) => nodes.map((node) => node.ariaLabel)")) == sorted(
        names[pid] for pid in model.selected
    )


def test_each_view_marks_itself_ready(page: Page, server: Server) -> None:
    """Each lesson's views say which view they are once drawn (meld, layoff, opening)."""
    requests: list[str] = []
    for file, view in [
        ("04-rummy-laying-off.ipynb", "layoff"),
        ("08-rummikub-initial-meld.ipynb", "opening"),
        ("07-rummikub-tiles-groups-runs-jokers.ipynb", "meld"),
    ]:
        exercises = open_lesson(page, server, file, requests)
        assert {node.get_attribute("data-view") for node in exercises} == {view}
    assert_local(requests, server)


def centre(locator: Locator) -> tuple[float, float]:
    """Where the mouse points at `locator`, scrolled into the window first (mouse moves do not scroll)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def answer_arrives_while_the_mouse_is_down(
    page: Page, exercise: Locator, on: str, key: str, *, drag_to: Locator | None = None
) -> None:
    """Press the mouse on piece `on` (and drag it onto `drag_to`, if given); while it is held, pick
    `key` by a script's click and wait until its answer reached the view.

    The answer comes between the learner's mouse down and mouse up, every time: the race a fast
    learner (or a slow server) hits now and then, made certain. A view draws an answer that came
    mid-drag once the drag ends, and marks that it has one waiting.
    """
    before = int(exercise.get_attribute("data-answered") or "0")
    page.mouse.move(*centre(hand_piece(exercise, on)))
    page.mouse.down()
    if drag_to is not None:
        page.mouse.move(*centre(drag_to), steps=8)
    hand_piece(exercise, key).evaluate("(button) => button.click()")  # no mouse: it is held
    exercise.page.wait_for_function(
        "([root, count]) => Number(root.dataset.answered) >= count || root.dataset.drawAfterDrag",
        arg=[exercise.element_handle(), before + 1],
        timeout=HANG_GUARD,
    )


def test_a_click_begun_before_an_answer_arrived_is_not_lost(page: Page, server: Server) -> None:
    """A redraw between mouse down and mouse up keeps the pressed piece, so the click counts."""
    requests: list[str] = []
    first = open_lesson(page, server, "01-start-here.ipynb", requests)[0]
    answer_arrives_while_the_mouse_is_down(page, first, "9 of spades", "9 of hearts")
    page.mouse.up()
    expect(first).to_have_attribute("data-answered", "2")
    expect(hand_piece(first, "9 of spades")).to_have_attribute("aria-pressed", "true")
    expect(hand_piece(first, "9 of hearts")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("dragged", [False, True], ids=["pressed", "dragged"])
def test_a_drag_begun_before_an_answer_arrived_is_not_lost(
    page: Page, server: Server, dragged: bool
) -> None:
    """An answer arriving after a piece was pressed, or while it is dragged, keeps the drag: it lands."""
    requests: list[str] = []
    first = open_lesson(page, server, "01-start-here.ipynb", requests)[0]
    pick(first, "9 of hearts")
    lay_down = first.locator("button[data-id='lay_down']")
    answer_arrives_while_the_mouse_is_down(
        page, first, "9 of clubs", "9 of spades", drag_to=lay_down if dragged else None
    )
    if not dragged:
        page.mouse.move(*centre(lay_down), steps=8)
    page.mouse.up()  # dragged: dropped right where the answer found it, with no move in between
    expect_feedback(first, "solved", "a group of three 9s")
    expect(first).not_to_have_attribute("data-draw-after-drag", "1")


def test_clicks_over_the_rate_limit_are_said_in_words(page: Page, server: Server) -> None:
    """Two hundred clicks in one task: those over the limit are dropped, and the page says so; a
    later click that counts takes the notice away.

    How many are dropped depends on how fast the kernel answers (the budget refills in time), so
    the page records every notice it showed, and the test checks the words agree with the count
    the view shows, whatever it is.
    """
    requests: list[str] = []
    exercise = open_lesson(page, server, "02-rummy-groups-and-runs.ipynb", requests)[0]
    notice = exercise.locator(".rt-notice")
    expect(notice).to_be_hidden()
    exercise.evaluate(
        """(root) => {
          const notice = root.querySelector(".rt-notice");
          window.rummyNotices = [];
          new MutationObserver(() => {
            if (!notice.hidden) window.rummyNotices.push(notice.textContent);
          }).observe(notice, { attributes: true, childList: true, characterData: true, subtree: true });
          const piece = root.querySelector(".rt-zone-hand button.rt-piece");
          for (let i = 0; i < 200; i += 1) piece.click();
        }"""
    )
    expect(exercise).to_have_attribute("data-answered", "200")
    answered = 200
    while True:  # clicks right after the burst may be dropped too: one that counts clears it
        throttled = exercise.get_attribute("data-throttled")
        hand_piece(exercise, "9 of hearts").click()
        answered += 1
        expect(exercise).to_have_attribute("data-answered", str(answered))
        if exercise.get_attribute("data-throttled") == throttled:
            break
    expect(notice).to_be_hidden()
    shown = set(page.evaluate("() => window.rummyNotices"))
    if int(exercise.get_attribute("data-throttled") or "0") > 0:
        assert shown == {messages.text("widgets.throttled")}
        expect(notice).to_have_attribute("role", "status")
    else:
        assert not shown


def piece_width(page: Page) -> float:
    """How wide the first piece of the page is drawn, in CSS pixels."""
    return float(
        page.evaluate("() => document.querySelector('.rt-piece img').getBoundingClientRect().width")
    )


def test_projector_mode_makes_pieces_bigger_and_is_remembered(page: Page, server: Server) -> None:
    """The page's switch turns projector mode on (bigger pieces and text), kept across a reload."""
    requests: list[str] = []
    open_lesson(page, server, "01-start-here.ipynb", requests)
    switch = page.locator("#rummy-teach-projector")
    expect(switch).to_have_text(messages.text("widgets.app.projector"))
    expect(switch).to_have_attribute("aria-pressed", "false")
    normal = piece_width(page)
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    next_frames(page)
    assert piece_width(page) > 1.3 * normal
    open_lesson(page, server, "02-rummy-groups-and-runs.ipynb", requests)
    expect(page.locator("#rummy-teach-projector")).to_have_attribute("aria-pressed", "true")
    assert piece_width(page) > 1.3 * normal
    page.locator("#rummy-teach-projector").click()
    expect(page.locator("#rummy-teach-projector")).to_have_attribute("aria-pressed", "false")
    assert_local(requests, server)
