"""Browser tests: Debian's Chromium driven by pytest-playwright against a real Voilà server."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy_teach.ports import listening_port

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
VIEWS = Path(__file__).parent / "views"
"""Pages that show one view each (a playground per exercise kind), served by ``views_server``."""
collect_ignore_glob = ["views/*.ipynb"]  # served to the browser, not compared by nbval
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/browser is a browser test (``-m 'not browser'`` skips them)."""
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (Playwright cannot download its own here) with no network chatter."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A projector-sized window."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


def free_port() -> int:
    """A TCP port nobody listens on now, out of the way of outgoing connections (``rummy_teach.ports``)."""
    return listening_port(part=0, parts=2)  # part 1 is the hub's, for its learners' servers


HANG_GUARD_SECONDS = 300
"""How long a server may take to start before a test gives up: a guard against a hang only."""
_RUNNING = re.compile(r"is running at")
_ADDRESS = re.compile(r"http://(?:127\.0\.0\.1|localhost|\[::1\]):([0-9]+)/")


class Logged:
    """A server process whose output is copied to a log file line by line, watched for its address.

    Voilà and Jupyter Server print "... is running at:" and then their URL once they listen, so a
    test waits for that line (the state), not for a time or a polled port.
    """

    def __init__(
        self, argv: list[str], log_path: Path, *, cwd: Path, env: dict[str, str] | None = None
    ) -> None:
        self.log_path = log_path
        self.port: int | None = None
        self._log = log_path.open("wb")
        self._listening = threading.Event()
        self._lines: list[str] = []
        self._new_line = threading.Condition()
        self.process = subprocess.Popen(
            argv,
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        self._copier = threading.Thread(target=self._copy, daemon=True)
        self._copier.start()

    def _copy(self) -> None:
        assert self.process.stdout is not None
        seen_running = False
        for line in self.process.stdout:
            self._log.write(line)
            self._log.flush()
            text = line.decode("utf-8", errors="replace")
            with self._new_line:
                self._lines.append(text)
                self._new_line.notify_all()
            seen_running = seen_running or bool(_RUNNING.search(text))
            found = _ADDRESS.search(text)
            if seen_running and found and self.port is None:
                self.port = int(found.group(1))
                self._listening.set()
        self._listening.set()  # the process ended: wake the waiter, which sees no port
        with self._new_line:
            self._lines.append("")  # the end: wakes line waiters, which then give up
            self._new_line.notify_all()
        self._log.close()

    def wait_until_listening(self) -> int:
        """The port the server listens on, once it says so; an error if it exits first."""
        self._listening.wait(HANG_GUARD_SECONDS)
        if self.port is None:
            tail = "\n".join(self.log().splitlines()[-15:])
            self.stop()
            raise RuntimeError(f"the server never said it was listening; its last lines:\n{tail}")
        return self.port

    def wait_until_accepting(self) -> int:
        """The port, once the server says it listens AND takes a TCP connection there.

        For Jupyter Server, which prints its address before it binds (in its event loop's first
        callback, a few milliseconds later): try to connect until it accepts, ending early if the
        process exits; the 50 ms between tries is a poll interval, the hang guard the only limit.
        """
        port = self.wait_until_listening()
        deadline = time.monotonic() + HANG_GUARD_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    return port
            time.sleep(0.05)  # a poll interval, not a wait for time: the loop ends on the state
        raise RuntimeError(f"the server said it listens on {port} but never took a connection")

    def wait_for_line(self, pattern: str, start: int = 0) -> tuple[re.Match[str], int]:
        """The first log line from line ``start`` on matching ``pattern``, and the index after it.

        Waits for the server to print it (a state), however long that takes; an error if the
        server exits first or the hang guard passes.
        """
        wanted = re.compile(pattern)
        deadline = time.monotonic() + HANG_GUARD_SECONDS
        index = start
        with self._new_line:
            while True:
                while index < len(self._lines):
                    line = self._lines[index]
                    index += 1
                    found = wanted.search(line)
                    if found:
                        return found, index
                    if line == "" and self.process.poll() is not None:
                        raise RuntimeError(f"the server exited before printing {pattern!r}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"the server never printed {pattern!r}")
                self._new_line.wait(left)

    def lines(self) -> int:
        """How many lines the server has printed so far (a start for ``wait_for_line``)."""
        with self._new_line:
            return len(self._lines)

    def log(self) -> str:
        """What the server printed so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """Stop this server's process only (Voilà shuts its kernels down on SIGTERM)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=HANG_GUARD_SECONDS)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()


class Server(Logged):
    """A running lesson app (``python -m rummy_teach.app``): its base URL, PID and log file."""

    def __init__(
        self,
        python: str,
        notebooks: Path,
        log_name: str,
        env: dict[str, str] | None = None,
        options: list[str] | None = None,
    ) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        environment = {**os.environ, **(env or {})}
        argv = [python, "-m", "rummy_teach.app", str(notebooks), "--port", str(free_port())]
        argv += options or []
        super().__init__(argv, ARTIFACTS / log_name, cwd=notebooks.parent, env=environment)
        self.port = self.wait_until_listening()
        self.url = f"http://127.0.0.1:{self.port}"


def checkout_env() -> dict[str, str]:
    """The environment that makes a server's kernels import this checkout's package."""
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path}


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """The lesson app from this checkout, on a free port."""
    options = ["--pool-size", "1"]  # one preheated kernel per lesson: the tests share two cores
    running = Server(sys.executable, REPO / "notebooks", "voila.log", checkout_env(), options)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def views_server() -> Iterator[Server]:
    """The app serving ``tests/browser/views/``: one page per view kind, for that view's browser tests."""
    options = ["--pool-size", "1"]
    running = Server(sys.executable, VIEWS, "voila-views.log", checkout_env(), options)
    yield running
    running.stop()
