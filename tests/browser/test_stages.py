"""Stages in a real browser: a solved exercise shows its stars and offers the next one, the landing page
shows the progress kept in this browser, across reloads; the rule book's anchors; axe on the new parts.

Each test has a fresh browser context (empty localStorage). Every wait is for a state.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from rummy_teach import lessons, messages
from rummy_teach.app import template_root
from tests.browser.conftest import ARTIFACTS, REPO, Logged, Server, checkout_env, free_port
from tests.browser.test_lessons import (
    HANG_GUARD,
    exercise_count,
    expect_feedback,
    open_lesson,
    pick,
    press,
)

FIRST = lessons.LESSONS[0]
SECOND = lessons.LESSONS[1]


def violations(page: Page) -> str:
    """axe-core's violations on the page as drawn now ('' when none)."""
    return str(Axe().run(page).generate_snapshot())


def solve_pick_three(exercise: Locator) -> None:
    """Lesson 1's exercise: the three 9s."""
    pick(exercise, "9 of hearts", "9 of spades", "9 of clubs")
    press(exercise, "lay_down")
    expect_feedback(exercise, "solved", "Goal reached")


def open_index(page: Page, server: Server) -> Locator:
    """The landing page with its progress box drawn; the box."""
    page.goto(f"{server.url}/voila/render/index.ipynb", timeout=HANG_GUARD)
    page.wait_for_selector("body[data-rummy-progress='1']", timeout=HANG_GUARD)
    return page.locator("#rummy-teach-progress")


def lesson_item(page: Page, lesson: lessons.Lesson) -> Locator:
    return page.locator(f"li:has(> a[href='{lesson.file}'])")


def test_progress_is_kept_in_this_browser_across_reloads(page: Page, server: Server) -> None:
    """Solve lesson 1 without a hint: 3 stars, the next lesson offered; the landing page shows it,
    also after a reload, and says where to continue; the lesson says it was solved before."""
    box = open_index(page, server)
    expect(box).to_contain_text(messages.text("course.progress.start", lesson="Lesson 1"))
    expect(lesson_item(page, FIRST)).to_have_attribute("data-rt-solved", "0")

    first = open_lesson(page, server, FIRST.file, [])[0]
    solve_pick_three(first)
    expect(first).to_have_attribute("data-stars", "3")
    stage = first.locator(".rt-stage")
    expect(stage).to_contain_text(messages.text("course.stars.3"))
    if exercise_count(FIRST.file) == 1:  # the last exercise of the page: the next lesson
        link = stage.locator("a.rt-next-lesson")
        expect(link).to_have_text(messages.text("course.next_lesson", title=SECOND.title))
        expect(link).to_have_attribute("href", SECOND.file)

    for _ in range(2):  # once, then after a reload
        box = open_index(page, server)
        item = lesson_item(page, FIRST)
        expect(item).to_have_attribute("data-rt-stars", "3")
        solved_all = exercise_count(FIRST.file) == 1
        expect(item).to_have_attribute("data-rt-done", "1" if solved_all else "0")
        expect(box).to_have_attribute("data-solved", "1")
        going = f"Lesson {SECOND.number}" if solved_all else f"Lesson {FIRST.number}"
        expect(box.locator(".rt-progress-continue a")).to_contain_text(
            messages.text("course.progress.continue", lesson=going)
        )
        page.reload()

    again = open_lesson(page, server, FIRST.file, [])[0]
    expect(again.locator(".rt-stage")).to_contain_text(
        messages.text("course.stars.best", stars=3, max=3)
    )


def test_a_solved_level_offers_the_next_exercise_by_keyboard(page: Page, server: Server) -> None:
    """Lesson 2's first exercise after one hint: 2 stars; Tab reaches "Next exercise", Enter moves
    the focus into the next exercise; the page with its stars panel passes axe."""
    exercises = open_lesson(page, server, SECOND.file, [])
    first = exercises[0]
    press(first, "hint")
    expect(first).to_have_attribute("data-answered", "1")
    pick(first, "4 of diamonds", "5 of diamonds", "6 of diamonds")
    press(first, "lay_down")
    pick(first, "9 of hearts", "9 of spades", "9 of clubs")
    press(first, "lay_down")
    expect_feedback(first, "solved", "a group of three 9s")
    expect(first).to_have_attribute("data-stars", "2")
    expect(first.locator(".rt-stage")).to_contain_text(messages.text("course.stars.2"))
    first.screenshot(path=str(ARTIFACTS / "course-solved-level.png"))
    following = first.locator("button.rt-next-exercise")
    expect(following).to_have_text(messages.text("course.next_exercise"))
    for _ in range(12):  # from the last button pressed, Tab on to the offer
        if page.evaluate("() => document.activeElement.classList.contains('rt-next-exercise')"):
            break
        page.keyboard.press("Tab")
    expect(following).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.activeElement.closest('.rt-exercise')"
        " === document.querySelectorAll('.rt-exercise')[1]",
        timeout=HANG_GUARD,
    )
    assert violations(page) == ""


def test_the_landing_page_with_progress_is_accessible(page: Page, server: Server) -> None:
    """The progress box, the stars beside a lesson and "Forget my progress" pass axe; forgetting works."""
    first = open_lesson(page, server, FIRST.file, [])[0]
    solve_pick_three(first)
    expect(first).to_have_attribute("data-stars", "3")
    box = open_index(page, server)
    expect(lesson_item(page, FIRST)).to_have_attribute("data-rt-stars", "3")
    page.screenshot(path=str(ARTIFACTS / "course-index-progress.png"), full_page=True)
    assert violations(page) == ""
    box.get_by_role("button", name=messages.text("course.progress.forget")).click()
    expect(box).to_contain_text(messages.text("course.progress.forgotten"))
    expect(lesson_item(page, FIRST)).to_have_attribute("data-rt-stars", "0")


def test_the_rule_book_is_anchored_by_rule_id_and_accessible(page: Page, server: Server) -> None:
    """rules.ipynb#K-OPEN-2 (``course.rule_link``) shows that rule's heading; the page passes axe."""
    from rummy_teach import course

    page.goto(f"{server.url}/voila/render/{course.rule_link('K-OPEN-2')}", timeout=HANG_GUARD)
    heading = page.locator("#K-OPEN-2")
    expect(heading).to_have_text(messages.text("rulebook.k_open_2.name"))
    expect(heading).to_be_in_viewport()
    assert page.locator("h4[id]").count() == len(course.RULE_IDS)
    assert violations(page) == ""


def test_the_teachers_guide_is_accessible(page: Page, server: Server) -> None:
    """The teacher's guide opens from the landing page and passes axe."""
    open_index(page, server)
    page.get_by_role("link", name=messages.text("course.index.teachers")).click()
    expect(page.get_by_role("heading", name=messages.text("course.teachers.title"))).to_be_visible()
    expect(page.locator("table tbody tr")).to_have_count(12)
    assert violations(page) == ""


def test_binders_mode_shows_the_progress_box_through_the_template(
    page: Page, tmp_path: Path
) -> None:
    """Under Jupyter Server with Voilà (Binder, JupyterHub) the landing page goes through the rummy
    template, which includes progress.js: the box is drawn there too."""
    config_dir = tmp_path / "jupyter-config"
    config_dir.mkdir()
    shutil.copy(REPO / "binder" / "jupyter_config.json", config_dir / "jupyter_config.json")
    env = {
        **os.environ,
        **checkout_env(),
        "JUPYTER_CONFIG_DIR": str(config_dir),
        "JUPYTER_PATH": str(template_root()),
    }
    argv = [sys.executable, "-m", "jupyter", "server", "--no-browser", f"--port={free_port()}"]
    argv += ["--IdentityProvider.token=", "--allow-root"]
    ARTIFACTS.mkdir(exist_ok=True)
    server = Logged(argv, ARTIFACTS / "jupyter-server-course.log", cwd=REPO, env=env)
    try:
        port = server.wait_until_accepting()
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb"
        page.goto(url, timeout=HANG_GUARD)
        page.wait_for_selector("body[data-rummy-progress='1']", timeout=HANG_GUARD)
        box = page.locator("#rummy-teach-progress")
        expect(box).to_be_visible()
        expect(box.locator(".rt-progress-continue a")).to_have_attribute("href", FIRST.file)
    finally:
        server.stop()
