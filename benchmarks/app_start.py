"""The lesson app from a cold start: how soon a lesson opened at once works, and the server answers.

Starts the app (``python -m rummy_teach.app``, the lessons of ``notebooks/``, ``--pool-size 3`` as
``make app`` gives on this machine) and opens a lesson in Chromium the moment the server answers;
meanwhile it asks for the kernel-free lesson list and the status page every 0.25 s. Per run it
prints: the server's first answer, the lesson's time to its first working view, the lesson list's
slowest answer while the pools warm, and when every pool kernel is warm. The baseline, in the same
run: the same server with every kernel warming at once (``warm_at_once`` 1000, as Voilà does it
alone), alternating with the default (one at a time per core, a page's own first). Run:
``python benchmarks/app_start.py [runs]`` (default 2 of each).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

LESSON = "09-rummikub-rearranging-the-table.ipynb"
READY = ".rt-exercise[data-ready]"
LAUNCH = """
import sys
from rummy_teach import app
voila_argv = app.voila_argv
app.voila_argv = lambda *args, **kwargs: [*voila_argv(*args, **kwargs), *sys.argv[1:]]
sys.exit(app.main(["notebooks", "--port", "{port}", "--pool-size", "3"]))
"""
"""The app as ``make app`` starts it, with Voilà options added from the command line."""


@dataclass
class Run:
    """One cold start's figures, seconds from the server's start."""

    up: float = 0.0
    lesson_ready: float = 0.0
    list_answers: list[float] = field(default_factory=list)
    all_warm: float | None = None


def _get(url: str, timeout: float = 60.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return bytes(answer.read())


def cold_start(browser: Browser, warm_at_once: int | None) -> Run:
    """Start the app, open ``LESSON`` at once, and watch the server until every kernel is warm."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    options = (
        [] if warm_at_once is None else [f"--ClassroomKernelManager.warm_at_once={warm_at_once}"]
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-c", LAUNCH.format(port=port), *options],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    run, done = Run(), threading.Event()

    def since() -> float:
        return time.perf_counter() - start

    def watch() -> None:
        while not done.is_set():
            asked = since()
            try:
                _get(f"{base}/voila/render/index.ipynb")
                run.list_answers.append(since() - asked)
                status = json.loads(_get(f"{base}/rummy/status?format=json"))
                if status["warming"] == 0 and status["warm"] > 0 and run.all_warm is None:
                    run.all_warm = since()
            except OSError:
                pass
            done.wait(0.25)

    try:
        while True:
            try:
                _get(f"{base}/", 2)
                break
            except OSError:
                time.sleep(0.05)
        run.up = since()
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        page = browser.new_page()
        page.goto(f"{base}/voila/render/{LESSON}", timeout=180_000)
        page.locator(READY).first.wait_for(timeout=180_000)
        run.lesson_ready = since()
        page.close()
        limit = since() + 180
        while run.all_warm is None and since() < limit:
            time.sleep(0.25)
        done.set()
        watcher.join()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
    return run


def main(runs: int = 2) -> None:
    """Alternate cold starts of the baseline and the default; print each and the medians."""
    found: dict[str, list[Run]] = {"all at once": [], "queued": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            for name, limit in (("all at once", 1000), ("queued", None)):
                run = cold_start(browser, limit)
                found[name].append(run)
                slowest = max(run.list_answers, default=0.0)
                warm = f"{run.all_warm:.1f}" if run.all_warm is not None else "not in 180 s"
                print(
                    f"{name:12} server up {run.up:5.1f} s, lesson {LESSON[:2]} working at "
                    f"{run.lesson_ready:5.1f} s ({run.lesson_ready - run.up:4.1f} s after opening), "
                    f"lesson list slowest {slowest:4.2f} s, every kernel warm at {warm} s",
                    flush=True,
                )
        browser.close()
    print("medians (s):    lesson working after opening   lesson list slowest   all warm")
    for name, taken in found.items():
        opened = statistics.median(run.lesson_ready - run.up for run in taken)
        slowest = statistics.median(max(run.list_answers, default=0.0) for run in taken)
        warm = [run.all_warm for run in taken if run.all_warm is not None]
        all_warm = f"{statistics.median(warm):.1f}" if warm else "-"
        print(f"{name:12} {opened:18.1f} {slowest:24.2f} {all_warm:>13}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
