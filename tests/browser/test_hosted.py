"""The hosted lessons (Binder, JupyterHub: Jupyter Server with binder/'s settings) in a real browser.

A lesson page there watches its kernel as in the app (``rummy_teach.watch``): it is alive with no
notice (it once said "cannot be reached" from the start, its watch a 404 every few seconds), it
says so and reloads once when its kernel dies, and the watch is refused to a visitor without the
user's token. Every wait is for a state.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import websocket
from playwright.sync_api import Page, expect

from rummy_teach import messages
from rummy_teach.app import template_root
from tests.browser.conftest import ARTIFACTS, REPO, Logged, checkout_env, free_port
from tests.browser.test_classroom import (
    HANG_GUARD,
    READY,
    answers_a_click,
    kill_kernel,
    open_page,
    wait_for_another_kernel,
)

TOKEN = "hosted-test-" + "0123456789abcdef" * 2
LESSON = "notebooks/02-rummy-groups-and-runs.ipynb"


class Hosted:
    """A Jupyter Server as Binder runs it (binder/'s two settings files), with a token."""

    def __init__(self, config_dir: Path) -> None:
        config_dir.mkdir()
        for name in ("jupyter_config.json", "jupyter_server_config.py"):
            shutil.copy(REPO / "binder" / name, config_dir / name)
        env = {
            **os.environ,
            **checkout_env(),
            "JUPYTER_CONFIG_DIR": str(config_dir),
            "JUPYTER_PATH": str(template_root()),
        }
        argv = [sys.executable, "-m", "jupyter", "server", "--no-browser", f"--port={free_port()}"]
        argv += [f"--IdentityProvider.token={TOKEN}", "--allow-root"]
        ARTIFACTS.mkdir(exist_ok=True)
        self.server = Logged(argv, ARTIFACTS / "jupyter-server-hosted.log", cwd=REPO, env=env)
        self.port = self.server.wait_until_accepting()
        self.url = f"http://127.0.0.1:{self.port}"


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hosted]:
    """The hosted lessons on a free port."""
    running = Hosted(tmp_path_factory.mktemp("hosted") / "jupyter-config")
    yield running
    running.server.stop()


def open_hosted_lesson(page: Page, hosted: Hosted) -> str:
    """Sign in with the token, open the lesson, wait until it is drawn and alive; its kernel id."""
    return open_page(page, f"{hosted.url}/voila/render/{LESSON}?token={TOKEN}")


def test_a_hosted_lesson_watches_its_kernel_and_says_nothing_while_all_is_well(
    page: Page, hosted: Hosted
) -> None:
    """The page is alive (only its watch says so) with no notice and answers a click; the server
    never refused its watch."""
    start = hosted.server.lines()
    open_hosted_lesson(page, hosted)
    expect(page.locator("#rummy-teach-notice")).to_be_hidden()
    answers_a_click(page)
    hosted.server.wait_for_line(r"rummy-teach: lesson pages watch their kernels at /rummy/watch/")
    since = "\n".join(hosted.server.log().splitlines()[start:])
    assert "404 GET /rummy/watch/" not in since


def test_the_hosted_watch_is_refused_without_the_users_token(page: Page, hosted: Hosted) -> None:
    """Anyone may knock, but only the signed-in user learns whether a kernel lives (403 otherwise)."""
    kernel = open_hosted_lesson(page, hosted)
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(f"ws://127.0.0.1:{hosted.port}/rummy/watch/{kernel}")
    assert refused.value.status_code == 403
    signed_in = websocket.create_connection(
        f"ws://127.0.0.1:{hosted.port}/rummy/watch/{kernel}?token={TOKEN}"
    )
    try:
        assert json.loads(signed_in.recv())["state"] == "alive"
    finally:
        signed_in.close()


def test_a_hosted_page_whose_kernel_died_says_so_and_reloads(page: Page, hosted: Hosted) -> None:
    """Kill the page's kernel: as in the app, the page says so in words and reloads once onto a
    kernel that answers."""
    first = open_hosted_lesson(page, hosted)
    kill_kernel(first)
    wait_for_another_kernel(page, first)
    expect(page.locator(READY).first).to_be_visible(timeout=HANG_GUARD)
    expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
    assert page.evaluate("() => history.state")["said"] == messages.text("widgets.app.kernel_gone")
    answers_a_click(page)
