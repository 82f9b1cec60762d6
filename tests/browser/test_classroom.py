"""The app's reliability floor in a real browser: no lesson opens dead, a lost kernel is said and
healed, a network blip is said and bridged with no click lost, a closed page frees its kernel.

Each test runs its own server with short limits and waits for states (the server's log lines, the
page's markers), never for a time: the limits only stop a hung test.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import Browser, Page, expect

from rummy_teach import languages, messages
from rummy_teach.lessons import LESSONS
from tests.browser.blip import blip_in_front_of
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
    return open_page(page, f"{server.url}/voila/render/{file}")


def open_page(page: Page, url: str) -> str:
    """Open a lesson page, wait until its first exercise is drawn and it is alive; its kernel id."""
    page.goto(url, timeout=HANG_GUARD)
    expect(page.locator(READY).first).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
    return open_kernel_of(page)


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


def wait_for_another_kernel(page: Page, old: str) -> None:
    """Wait until the page has reloaded onto a kernel other than ``old``."""
    page.wait_for_function(
        "(old) => JSON.parse(document.getElementById('jupyter-config-data')?.textContent || '{}')"
        ".kernelId !== old",
        arg=old,
        timeout=HANG_GUARD,
    )


def test_a_page_whose_kernel_died_says_so_and_reloads_once(
    page: Page, short_limits: Server
) -> None:
    """Kill a page's kernel: the page says so in words and reloads once onto a new kernel that works;
    a second death within a minute is said, with no second automatic reload."""
    first = open_lesson(page, short_limits)
    kill_kernel(first)
    wait_for_another_kernel(page, first)
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
    assert "Uncaught exception" not in short_limits.log()  # a page left while its kernel restarted


LINK = "() => window.jupyterapp.widgetManager.kernel.connectionStatus"
"""The page's own kernel socket (JupyterLab's kernel connection): "connected" when it carries clicks."""


def test_a_network_blip_is_said_and_the_click_made_in_it_is_answered_after(
    page: Page, server: Server
) -> None:
    """Cut the network between page and app: the page says so in words; a click made meanwhile is
    kept. Once the network is back the page is "alive" only with its kernel socket connected (not
    after JupyterLab's random back-off of up to a minute), on the same kernel, and the click is
    answered, then the next one."""
    with blip_in_front_of(server.port or 0) as network:
        kernel = open_page(page, f"{network.url}/voila/render/{LESSON}")
        exercise = page.locator(READY).first
        body = page.locator("body")
        answered = int(exercise.get_attribute("data-answered") or "0")

        network.cut()
        expect(body).to_have_attribute("data-rummy-kernel", "lost")
        expect(page.locator("#rummy-teach-notice")).to_have_text(
            messages.text("widgets.app.server_lost")
        )
        page.wait_for_function(f"() => ({LINK})() !== 'connected'", timeout=HANG_GUARD)
        exercise.locator(".rt-zone-hand button.rt-piece").first.click()
        assert exercise.get_attribute("data-answered") == str(answered)
        # the watch tries again after 0.5, 1, 2 ... s, each at a random point of its second half
        # (a class's pages do not all knock at once): two tries made in the cut
        expect(body).to_have_attribute("data-rummy-waits", re.compile(r"^\d+ \d+"))
        waits = [int(wait) for wait in (body.get_attribute("data-rummy-waits") or "").split()]
        steps = [min(500 * 2**number, 10_000) for number in range(len(waits))]
        assert all(step // 2 <= wait < step for wait, step in zip(waits, steps, strict=True)), waits

        network.heal()
        expect(body).to_have_attribute("data-rummy-kernel", "alive")
        assert page.evaluate(LINK) == "connected"
        expect(page.locator("#rummy-teach-notice")).to_be_hidden()
        expect(exercise).to_have_attribute("data-answered", str(answered + 1))
        assert open_kernel_of(page) == kernel  # bridged, not reloaded onto another kernel
        exercise.locator(".rt-zone-hand button.rt-piece").nth(1).click()
        expect(exercise).to_have_attribute("data-answered", str(answered + 2))


def test_a_page_open_while_the_app_restarts_reloads_onto_the_new_app(
    page: Page, tmp_path: Path
) -> None:
    """The teacher stops the app and starts it again: an open page says the server cannot be
    reached, then, the new app knowing nothing of its kernel, says so and reloads once onto a new
    kernel that answers. (A folder with one lesson, so each app warms two kernels only.)"""
    lessons_folder = tmp_path / "notebooks"
    lessons_folder.mkdir()
    for name in ("index.ipynb", LESSON):
        shutil.copy(REPO / "notebooks" / name, lessons_folder / name)
    options = ["--pool-size", "1"]
    first = Server(sys.executable, lessons_folder, "voila-restart-1.log", checkout_env(), options)
    try:
        with blip_in_front_of(first.port or 0) as network:
            kernel = open_page(page, f"{network.url}/voila/render/{LESSON}")
            first.stop()
            expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "lost")
            expect(page.locator("#rummy-teach-notice")).to_have_text(
                messages.text("widgets.app.server_lost")
            )
            second = Server(
                sys.executable, lessons_folder, "voila-restart-2.log", checkout_env(), options
            )
            try:
                network.retarget(second.port or 0)
                wait_for_another_kernel(page, kernel)
                expect(page.locator(READY).first).to_be_visible()
                expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
                said = page.evaluate("() => history.state")["said"]
                assert said == messages.text("widgets.app.kernel_gone")
                answers_a_click(page)
            finally:
                second.stop()
    finally:
        first.stop()


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
    since = "\n".join(server.log().splitlines()[start:])
    for kernel in kernels:  # ended by their pages' leave, not by the culler (other pages' may be)
        assert not re.search(rf"culling kernel {kernel}", since)
    context.close()


def test_a_translated_lesson_is_named_in_the_log_and_counted_on_the_status_page(
    page: Page, server: Server
) -> None:
    """A Norwegian lesson (no preheated kernel: its page starts one) is logged by its path, number
    and language, not as "?", and the status page counts its open page under Norsk, by title. The
    page and the log say where the class opens the app."""
    file = "nb/03-rummy-a-turn.ipynb"
    start = server.lines()
    kernel = open_lesson(page, server, file)
    server.wait_for_line(
        rf"lesson {re.escape(file)} opened on kernel {kernel} \(lesson 03 in Norsk \(nb\);", start
    )
    assert status_of(server)["lessons"][file] == {"open": 1}
    teacher = page.context.new_page()
    teacher.goto(f"{server.url}/rummy/status", timeout=HANG_GUARD)
    # a server on 127.0.0.1 says, on its status page and in its log, who can open it and how not
    where = messages.text("app.only_this_machine", url=f"http://127.0.0.1:{server.port}/")
    expect(teacher.locator("#rummy-address")).to_have_text(where)
    assert f"rummy-teach: {where}" in server.log()
    assert "websocket_ping_timeout" not in server.log()  # Tornado's warning (see classroom.py)
    with languages.speaking("nb"):
        title = f"03 {LESSONS[2].title}"
    row = teacher.locator('details[data-language="nb"] tbody tr').filter(has_text=title)
    expect(row.locator("td")).to_have_text(["0", "1", "0", "0"])
    teacher.close()


def status_of(server: Server) -> dict[str, Any]:
    """The server's status report (JSON)."""
    with urllib.request.urlopen(f"{server.url}/rummy/status?format=json") as reply:
        report: dict[str, Any] = json.load(reply)
    return report


@pytest.fixture(scope="module")
def class_of_three() -> Iterator[Server]:
    """A lesson app got ready for a class of 3 opening lesson 02 (1 kernel for every other lesson)."""
    options = ["--pool-size", "1", "--class-size", "3", "--lessons", "02"]
    running = Server(sys.executable, REPO / "notebooks", "voila-class.log", checkout_env(), options)
    yield running
    running.stop()


def test_a_class_gets_its_kernels_ready_and_learners_use_them_up(
    page: Page, class_of_three: Server
) -> None:
    """The server says when the class is ready; each learner's page takes one kernel of the reserve,
    which shrinks to the usual pool instead of refilling; the teacher's page says ready in words."""
    server = class_of_three
    server.wait_for_line(r"ready for the class: 3 learners, 02-rummy-groups-and-runs\.ipynb")
    report = status_of(server)["class"]
    assert report["ready"] and report["wanted"] == {LESSON: 3} and report["waiting"] == {LESSON: 3}
    page.goto(f"{server.url}/rummy/status", timeout=HANG_GUARD)
    expect(page.locator("#rummy-class")).to_have_attribute("data-state", "ready")
    expect(page.locator("#rummy-class")).to_have_text(
        messages.text("widgets.teacher.ready", size=3, lessons="02")
    )
    kernels = [open_lesson(page, server)]
    kernels.append(open_lesson(page, server))  # the first page left: its kernel ends
    report = status_of(server)["class"]
    assert report["taken"] == {LESSON: 2} and report["wanted"] == {LESSON: 1}
    assert report["ready"]  # one learner to come, one kernel waiting: nothing was refilled
    pooled = status_of(server)["lessons"][LESSON].get("pool", 0)
    assert pooled == 1


def test_the_teacher_gets_another_class_ready_from_the_status_page(
    page: Page, class_of_three: Server
) -> None:
    """On the status page (by keyboard-reachable form fields) the teacher names 2 learners and
    lesson 04: the page refreshes itself until it says the class is ready."""
    server = class_of_three
    page.goto(f"{server.url}/rummy/status", timeout=HANG_GUARD)
    page.get_by_label(messages.text("widgets.teacher.size_label")).fill("2")
    for box in page.locator("input[name=lessons]").all():
        box.set_checked(box.get_attribute("value") == "04-rummy-laying-off.ipynb")
    start = server.lines()
    page.get_by_role("button", name=messages.text("widgets.teacher.submit")).click()
    server.wait_for_line(r"ready for the class: 2 learners, 04-rummy-laying-off\.ipynb", start)
    expect(page.locator("#rummy-class")).to_have_attribute("data-state", "ready")
    expect(page.locator("#rummy-class")).to_contain_text("2 learners can open 04")
    assert status_of(server)["class"]["lessons"] == ["04-rummy-laying-off.ipynb"]


def test_a_class_cannot_be_changed_without_the_pages_form_field(class_of_three: Server) -> None:
    """A form posted from elsewhere (no XSRF field) is refused and the class stays as it was."""
    before = status_of(class_of_three)["class"]
    request = urllib.request.Request(
        f"{class_of_three.url}/rummy/class",
        data=b"class_size=100&lessons=01-start-here.ipynb&action=set",
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 403
    assert status_of(class_of_three)["class"] == before
