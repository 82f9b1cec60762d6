"""Browser tests: Debian's Chromium driven by pytest-playwright against a real Voilà server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
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
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Wait until the server accepts TCP connections (not /api/status: Voilà answers it with 403)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s")


class Server:
    """A running lesson app: its base URL, PID and log file."""

    def __init__(
        self, python: str, notebooks: Path, log_name: str, env: dict[str, str] | None = None
    ) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = ARTIFACTS / log_name
        self._log = self.log_path.open("wb")
        environment = {**os.environ, **(env or {})}
        self.process = subprocess.Popen(
            [python, "-m", "rummy_teach.app", str(notebooks), "--port", str(self.port)],
            cwd=notebooks.parent,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=environment,
            start_new_session=True,
        )
        try:
            wait_for_port(self.port, self.process)
        except Exception as error:
            self.stop()
            tail = "\n".join(self.log_path.read_text(errors="replace").splitlines()[-15:])
            raise RuntimeError(f"{error}; the server's last lines:\n{tail}") from error

    def log(self) -> str:
        """What the server printed so far."""
        self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """Stop this server's process only (Voilà shuts its kernels down on SIGTERM)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """The lesson app from this checkout, on a free port."""
    env = {
        "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    }
    running = Server(sys.executable, REPO / "notebooks", "voila.log", env)
    yield running
    running.stop()
