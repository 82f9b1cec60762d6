"""A real JupyterHub from deploy/jupyterhub/ on this machine: five learners log in, each gets the lessons.

The hub runs ``deploy/jupyterhub/jupyterhub_config.py`` itself (with the test-only spawner that needs no
Unix accounts), its configurable-http-proxy from ``make hub-proxy``, real single-user servers and the
idle culler; the learners are Chromium pages. Figures (time to a working page, memory per learner's
server) go to ``test-artifacts/hub-figures.json``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import Browser, Page, expect

from rummy_teach import lessons
from tests.browser.conftest import ARTIFACTS, REPO, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = REPO / "build" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
LEARNERS = [f"learner{number}" for number in range(1, 6)]
PASSWORD = "rummy-class-password"
TOKEN = "hub-test-" + "0123456789abcdef" * 3
LANDING = "/voila/render/notebooks/index.ipynb"
CULL_IDLE = 45
"""Seconds of idleness before the culler stops a learner's server (30 minutes in the real config).

Well above the longest a learner's page waits for the test while the others load (~15 s measured
with the two cores shared with other work).
"""
HANG_GUARD = 180
"""Outer limit for a state to be reached (only against hangs; every wait ends on the state)."""
TIMEOUT = HANG_GUARD * 1000

OVERLAY = """
load_subconfig({config!r})
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
# activity reaches the hub within seconds, so a short culler timeout sees the truth
c.JupyterHub.last_activity_interval = 5
c.JupyterHub.activity_resolution = 1
c.Spawner.environment = {{**c.Spawner.environment, "JUPYTERHUB_ACTIVITY_INTERVAL": "5"}}
c.JupyterHub.services = [*c.JupyterHub.services, {{"name": "hub-test", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [
    *c.JupyterHub.load_roles,
    {{"name": "hub-test", "scopes": ["list:users", "read:users", "read:servers"], "services": ["hub-test"]}},
]
"""


class Hub:
    """A running JupyterHub: its public URL, process and log, and a token for its REST API."""

    def __init__(self, state: Path) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = ARTIFACTS / "jupyterhub.log"
        config = state / "hub_test_config.py"
        config.write_text(
            OVERLAY.format(
                config=str(CONFIG),
                hub_port=free_port(),
                proxy_api_port=free_port(),
                token=TOKEN,
            ),
            encoding="utf-8",
        )
        python_path = [str(REPO), os.environ.get("PYTHONPATH", "")]
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(part for part in python_path if part),
            "RUMMY_HUB_SPAWNER": "simple",
            "RUMMY_HUB_PASSWORD": PASSWORD,
            "RUMMY_HUB_STATE": str(state),
            "RUMMY_HUB_BIND_URL": self.url,
            "RUMMY_HUB_PROXY": str(PROXY),
            "RUMMY_HUB_CULL_IDLE": str(CULL_IDLE),
            "RUMMY_HUB_CULL_EVERY": "5",
        }
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(config)],
            cwd=state,
            env=environment,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            # a shell's background job ignores SIGINT, and that would pass on to the servers the
            # hub stops with SIGINT first (each would then linger 30 s before SIGTERM)
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            self._wait_until_running()
        except Exception as error:
            self.stop()
            raise RuntimeError(f"{error}; the hub's last lines:\n{self.tail()}") from error

    def _wait_until_running(self) -> None:
        """The proxy's port opens before the hub's route is added: wait for the hub's API to answer."""
        deadline = time.monotonic() + HANG_GUARD
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited with {self.process.returncode}")
            try:
                self.api("/")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        raise TimeoutError("the hub's API did not answer")

    def api(self, path: str) -> Any:
        """GET the hub's REST API as the test's own service."""
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}", headers={"Authorization": f"token {TOKEN}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def running_servers(self) -> dict[str, bool]:
        """Learner name -> whether the hub counts a default server for them (True once ready)."""
        users = self.api("/users")
        return {
            user["name"]: bool(user["servers"][""].get("ready"))
            for user in users
            if "" in user.get("servers", {})
        }

    def single_user_servers(self) -> dict[str, psutil.Process]:
        """Learner name -> that learner's jupyterhub-singleuser process (a child of the hub)."""
        found: dict[str, psutil.Process] = {}
        for child in psutil.Process(self.process.pid).children():
            try:
                if any("jupyterhub-singleuser" in part for part in child.cmdline()):
                    found[child.environ().get("JUPYTERHUB_USER", "?")] = child
            except psutil.NoSuchProcess:
                continue
        return found

    def tail(self, lines: int = 25) -> str:
        """The hub's last log lines, for error messages."""
        self._log.flush()
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the hub (it stops its servers, services and proxy), then anything of its left behind."""
        leftovers: list[psutil.Process] = []
        if self.process.poll() is None:
            leftovers = psutil.Process(self.process.pid).children(recursive=True)
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for process in leftovers:
            if process.is_running():
                process.kill()
        self._log.close()


def memory_mib(server: psutil.Process) -> dict[str, float]:
    """RSS and USS (memory only this process has) of a server and its kernels, in MiB."""
    processes = [server, *server.children(recursive=True)]
    rss = uss = 0
    for process in processes:
        try:
            info = process.memory_full_info()
        except psutil.NoSuchProcess:
            continue
        rss += info.rss
        uss += info.uss
    return {
        "processes": len(processes),
        "rss_mib": round(rss / 2**20, 1),
        "uss_mib": round(uss / 2**20, 1),
    }


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    """JupyterHub with deploy/jupyterhub's configuration on free ports of 127.0.0.1."""
    if not PROXY.exists():
        pytest.skip("configurable-http-proxy is not installed: make hub-proxy")
    # a short folder: the learners' kernel sockets live under it (Unix socket paths are short)
    state = Path(tempfile.mkdtemp(prefix="rt-hub-"))
    try:
        running = Hub(state)
        yield running
        running.stop()
    finally:
        shutil.rmtree(state, ignore_errors=True)


READY_STAMP = """
new MutationObserver((_, observer) => {
  if (document.querySelector(".rt-exercise[data-ready]")) {
    window.rtReadyAt = Date.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""
"""Each page notes when its first exercise is drawn and ready (pages load side by side)."""


def log_in(browser: Browser, hub: Hub, name: str) -> Page:
    """Fill in the hub's login form as a learner (own cookies); the hub then starts their server."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(READY_STAMP)
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login", timeout=TIMEOUT)
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit", no_wait_after=True)
    return page


def test_five_learners_get_working_lessons_then_idle_servers_stop(
    hub: Hub, browser: Browser
) -> None:
    """Five learners log in at once; each gets the lesson list, then a lesson that answers a click.

    Every learner's server is theirs alone (another learner is refused), runs the app's template
    (no CDN) with its kernel watch, and is stopped by the idle culler once its learner has left.
    """
    started = time.monotonic()
    submitted: dict[str, float] = {}
    pages: dict[str, Page] = {}
    for name in LEARNERS:
        pages[name] = log_in(browser, hub, name)
        submitted[name] = time.time()

    titles = [f"Lesson {lesson.number}: {lesson.title}" for lesson in lessons.LESSONS]
    landing: dict[str, float] = {}
    clicked: dict[str, float] = {}
    for name, page in pages.items():
        page.wait_for_url(re.compile(rf"/user/{name}{re.escape(LANDING)}"), timeout=TIMEOUT)
        page.wait_for_selector("text=Start here", timeout=TIMEOUT)
        shown = [link.inner_text() for link in page.locator("#rendered_cells a").all()]
        assert [title for title in shown if title in titles] == titles, name
        assert "cdn.jsdelivr.net" not in page.content()
        loaded_at = page.evaluate(
            "() => (performance.timeOrigin + "
            "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd) / 1000"
        )
        landing[name] = loaded_at - submitted[name]
        # each opens the first lesson straight away (no learner's page sits idle for the culler)
        page.click("text=Start here", no_wait_after=True)
        clicked[name] = time.time()
    assert sorted(hub.running_servers()) == LEARNERS

    # the lessons load side by side; each exercise then answers a click
    ready: dict[str, float] = {}
    answered: dict[str, float] = {}
    memory: dict[str, dict[str, float]] = {}
    for name, page in pages.items():
        page.wait_for_url(
            re.compile(rf"/user/{name}/voila/render/notebooks/01-start-here"), timeout=TIMEOUT
        )
        page.wait_for_function("() => window.rtReadyAt !== undefined", timeout=TIMEOUT)
        ready[name] = page.evaluate("() => window.rtReadyAt") / 1000 - clicked[name]
        begin = time.monotonic()
        page.locator(".rt-zone-hand button.rt-piece[aria-label='9 of hearts']").first.click()
        expect(page.locator(".rt-feedback").first).to_contain_text("9♥", timeout=TIMEOUT)
        answered[name] = time.monotonic() - begin
        assert "Traceback" not in page.content()
        # the page watches its kernel (rummy_teach.watch) and claims no lost server
        expect(page.locator("body")).to_have_attribute("data-rummy-kernel", "alive")
        expect(page.locator("#rummy-teach-notice")).to_be_hidden()
    for name, page in pages.items():
        memory[name] = memory_mib(hub.single_user_servers()[name])
        page.screenshot(path=str(ARTIFACTS / f"hub-{name}.png"))

    # a learner cannot open another learner's server
    other = pages[LEARNERS[1]].context.request.get(f"{hub.url}/user/{LEARNERS[0]}{LANDING}")
    assert other.status == 403, other.status

    for page in pages.values():
        page.context.close()
    left = time.monotonic()
    deadline = left + HANG_GUARD
    while (hub.running_servers() or hub.single_user_servers()) and time.monotonic() < deadline:
        time.sleep(1)
    assert not hub.running_servers(), hub.tail()
    assert not hub.single_user_servers(), hub.tail()
    culled_after = time.monotonic() - left
    log = hub.log_path.read_text(encoding="utf-8", errors="replace")
    assert all(f"Culling server {name} " in log for name in LEARNERS)

    def rounded(values: dict[str, float]) -> dict[str, float]:
        return {name: round(value, 2) for name, value in values.items()}

    figures = {
        "learners": len(LEARNERS),
        "login_to_lesson_list_s": rounded(landing),
        "lesson_click_to_exercise_ready_s": rounded(ready),
        "piece_click_to_feedback_s": rounded(answered),
        "memory_per_learner_server": memory,
        "median_rss_mib": statistics.median(item["rss_mib"] for item in memory.values()),
        "median_uss_mib": statistics.median(item["uss_mib"] for item in memory.values()),
        "all_servers_culled_after_leaving_s": round(culled_after, 1),
        "cull_idle_timeout_s": CULL_IDLE,
        "test_s": round(time.monotonic() - started, 1),
    }
    (ARTIFACTS / "hub-figures.json").write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(json.dumps(figures, indent=2))
