"""The app's reliability floor in a real browser: no lesson opens dead, a lost kernel is said and
healed, a closed page frees its kernel.

Each test runs its own server with short limits and waits for states (the server's log lines, the
page's markers), never for a time: the limits only stop a hung test.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from collections.abc import Iterator

import psutil
import pytest
from playwright.sync_api import Browser, Page, expect

from rummy_teach import messages
from tests.browser.conftest import REPO, Server, checkout_env

HANG_GUARD = 180_000
expect.set_options(timeout=HANG_GUARD)
READY = ".rt-exercise[data-ready='1']"
LESSON = "02-rummy-groups-and-runs.ipynb"
KERNEL = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


@pytest.fixture(scope="module")
def short_limits() -> Iterator[Server]:
    """A lesson app whose culler runs every second and culls after 3 idle seconds."""
    options = ["--pool-size", "1", "--cull-idle", "3", "--cull-interval", "1"]
    running = Server(
        sys.executable, REPO / "notebooks", "voila-classroom.log", checkout_env(), options
    )
    yield running
    running.stop()


def open_lesson(page: Page, server: Server, file: str = LESSON) -> str:
    """Open a lesson, wait until its first exercise is drawn; the page's kernel id."""
    page.goto(f"{server.url}/voila/render/{file}", timeout=HANG_GUARD)
    expect(page.locator(READY).first).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
    config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
    return str(config["kernelId"])


def answers_a_click(page: Page) -> None:
    """The first exercise answers a click on a piece of the hand."""
    exercise = page.locator(READY).first
    answered = int(exercise.get_attribute("data-answered") or "0")
    exercise.locator(".rt-zone-hand button.rt-piece").first.click()
    expect(exercise).to_have_attribute("data-answered", str(answered + 1))


def kernel_ids(server: Server) -> set[str]:
    """The kernels the server runs now, from its status page."""
    with urllib.request.urlopen(f"{server.url}/rummy/status?format=json") as reply:
        report = json.load(reply)
    return set(report["kernel_ids"])


def test_a_lesson_opened_after_its_kernel_waited_past_the_limit_is_alive(
    page: Page, short_limits: Server
) -> None:
    """A preheated kernel idle longer than the cull limit is kept, and the page that takes it works.

    Waits for the server to say it kept the lesson's pooled kernel past the limit, opens the
    lesson on that kernel, then waits until the refilled pool kernel has also passed the limit
    (so culling ran while the page was open) and clicks.
    """
    start = short_limits.lines()
    kept, start = short_limits.wait_for_line(
        rf"keeping kernel ({KERNEL}) \({re.escape(LESSON)}\), idle \d+ s: waiting in the pool",
        start,
    )
    kernel = open_lesson(page, short_limits)
    assert kernel == kept.group(1)
    short_limits.wait_for_line(rf"lesson {re.escape(LESSON)} opened on kernel {kernel}")
    short_limits.wait_for_line(
        rf"keeping kernel (?!{kernel}){KERNEL} \({re.escape(LESSON)}\).*waiting in the pool", start
    )
    answers_a_click(page)
    assert kernel in kernel_ids(short_limits)
    assert f"culling kernel {kernel}" not in short_limits.log()


def kill_kernel(kernel: str) -> None:
    """Kill the kernel's process, as a crash would (the server restarts it: the page's widgets die)."""
    for process in psutil.process_iter(["cmdline"]):
        if any(kernel in part for part in process.info["cmdline"] or ()):
            process.kill()
            return
    raise AssertionError(f"no process runs kernel {kernel}")


def test_a_page_whose_kernel_died_says_so_and_reloads_once(
    page: Page, short_limits: Server
) -> None:
    """Kill a page's kernel: the page says so in words and reloads once onto a new kernel that works;
    a second death within a minute is said, with no second automatic reload."""
    first = open_lesson(page, short_limits)
    kill_kernel(first)
    page.wait_for_function(
        "(old) => JSON.parse(document.getElementById('jupyter-config-data')?.textContent || '{}')"
        ".kernelId !== old",
        arg=first,
        timeout=HANG_GUARD,
    )
    expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
    state = page.evaluate("() => history.state")
    assert state["said"] == messages.text("widgets.app.kernel_gone")
    assert state["why"] in {"restarted", "died", "shutdown"}
    second = open_kernel_of(page)
    assert second != first
    expect(page.locator(READY).first).to_be_visible()
    answers_a_click(page)
    count = "() => sessionStorage.getItem('rummy-teach-reloaded:' + location.pathname)"
    assert page.evaluate(count) == "1"
    assert not page.get_by_text(re.compile(r"Exercise\(")).count()

    kill_kernel(second)
    notice = page.locator("#rummy-teach-notice")
    expect(notice).to_have_text(messages.text("widgets.app.kernel_gone_again"))
    expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "gone")
    assert page.evaluate(count) == "1"
    assert open_kernel_of(page) == second


def open_kernel_of(page: Page) -> str:
    """The kernel id of the page as loaded now."""
    config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
    return str(config["kernelId"])


def test_closing_pages_ends_their_kernels(browser: Browser, server: Server) -> None:
    """Open three lessons and close them: the server ends their kernels at once (no culling).

    The shared server culls only after 5 minutes; the test waits for the server's own lines
    saying each page left and its kernel ended.
    """
    context = browser.new_context()
    kernels = []
    start = server.lines()
    for file in ["02-rummy-groups-and-runs.ipynb", "04-rummy-laying-off.ipynb", LESSON]:
        page = context.new_page()
        kernels.append(open_lesson(page, server, file))
        page.close(run_before_unload=True)
    for kernel in kernels:
        server.wait_for_line(rf"page of kernel {kernel} left: ending it", start)
        server.wait_for_line(rf"kernel {kernel} \(.*\) ended", start)
    assert not set(kernels) & kernel_ids(server)
    assert not re.search(r"[Cc]ulling (?!kernels with idle)", server.log())
    context.close()
