"""Accessibility, checked by axe-core (axe-playwright-python bundles it) on every page a learner or
teacher opens: the lesson list, each lesson with its exercises drawn, the teacher's status page.

All of axe's default rules: WCAG 2.1 A and AA and its best practices (unique landmarks, headings
in order, all content in a landmark). A violation names the rule, its impact and how many nodes
break it, so the failure message says what to fix.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from rummy_teach import lessons
from tests.browser.conftest import Server
from tests.browser.test_lessons import HANG_GUARD, open_lesson


def violations(page: Page) -> str:
    """axe-core's violations on the page as drawn now, one line each ('' when none)."""
    return str(Axe().run(page).generate_snapshot())


def test_the_lesson_list_is_accessible(page: Page, server: Server) -> None:
    page.goto(server.url + "/", timeout=HANG_GUARD)
    first = lessons.LESSONS[0]
    name = f"Lesson {first.number}: {first.title}"
    expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert violations(page) == ""


@pytest.mark.parametrize("file", [lesson.file for lesson in lessons.LESSONS])
def test_each_lesson_is_accessible(page: Page, server: Server, file: str) -> None:
    open_lesson(page, server, file, [])
    assert violations(page) == ""


def test_the_teachers_page_is_accessible(page: Page, server: Server) -> None:
    page.goto(server.url + "/rummy/status", timeout=HANG_GUARD)
    expect(page.locator("#rummy-class")).to_be_visible()
    assert violations(page) == ""


def test_pages_load_with_no_error_in_the_console(page: Page, server: Server) -> None:
    """The front door, the lesson list and a lesson load with nothing failing in the console, and
    each names its own icon (without one Chromium asks for /favicon.ico: a 404 in the console)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda answer: (
            errors.append(f"{answer.status} {answer.url}") if answer.status >= 400 else None
        ),
    )
    icons = []
    page.goto(server.url + "/", timeout=HANG_GUARD)
    expect(
        page.get_by_role("link", name=f"Lesson {lessons.LESSONS[0].number}", exact=False).first
    ).to_be_visible()
    icons.append(page.evaluate("() => document.querySelector('link[rel=icon]')?.href ?? ''"))
    open_lesson(page, server, lessons.LESSONS[0].file, [])
    icons.append(page.evaluate("() => document.querySelector('link[rel=icon]')?.href ?? ''"))
    assert all(icon.startswith("data:image/svg+xml,") for icon in icons), icons
    assert errors == []
