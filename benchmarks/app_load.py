"""Time from navigation to the first interactive widget, per lesson and for a bare one-widget page;
then 20 learners opening the same lesson at once.

Starts the lesson app (Voilà, preheated kernels) on a temporary copy of notebooks/ plus a bare
one-anywidget notebook, loads each page several times in fresh Chromium pages and prints the
medians and the ratio to the bare page (target <= 1.3x), then 20 concurrent loads of lesson 1
(target: all 20 succeed). Run: ``python benchmarks/app_load.py``.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from playwright.async_api import async_playwright
from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rummy_teach import lessons  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402

REPEATS = 3
TARGET = 1.3
"""Most a lesson may take to its first interactive view, as a multiple of the bare page's time."""
CONCURRENT = 20
BARE = '''import anywidget

class Bare(anywidget.AnyWidget):
    _esm = """export default { render({ model, el }) {
      const button = document.createElement("button"); button.textContent = "Click";
      el.append(button); el.dataset.ready = "true"; } };"""

    def __repr__(self):
        return "Bare()"

Bare()'''


def ready_selector(name: str) -> str:
    return "[data-ready]" if name == "bare.ipynb" else ".rt-exercise[data-ready]"


def load_times(url: str, names: list[str]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in names}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(REPEATS):
            for name in names:
                page = browser.new_page()
                start = time.perf_counter()
                page.goto(f"{url}/voila/render/{name}", timeout=120_000)
                page.wait_for_selector(ready_selector(name), timeout=120_000)
                times[name].append(time.perf_counter() - start)
                page.goto("about:blank")  # leave the page so Voilà can end its kernel
                page.close()
        browser.close()
    return times


def pools_filled(server: Server, names: list[str]) -> None:
    """Wait until Voilà says each page's preheated kernel pool is full (a state, not a time).

    The heavier lessons take longest to pre-run: a fixed wait measured some of them on kernels
    still starting, which is the pool's refill time, not the page's.
    """
    for name in names:
        server.wait_for_line(rf"Kernel pool of {re.escape(name)} is filled")


async def concurrent_loads(url: str, name: str) -> list[float | None]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

        async def one() -> float | None:
            context = await browser.new_context()
            page = await context.new_page()
            start = time.perf_counter()
            try:
                await page.goto(f"{url}/voila/render/{name}", timeout=180_000)
                await page.wait_for_selector(ready_selector(name), timeout=180_000)
                return time.perf_counter() - start
            except Exception as error:
                print(f"  a load failed: {type(error).__name__}: {str(error).splitlines()[0]}")
                return None
            finally:
                await page.goto("about:blank")
                await context.close()

        results = await asyncio.gather(*(one() for _ in range(CONCURRENT)))
        await browser.close()
        return list(results)


def main() -> None:
    names = [lesson.file for lesson in lessons.LESSONS] + ["bare.ipynb"]  # every lesson
    with tempfile.TemporaryDirectory() as folder:
        notebooks = Path(folder) / "notebooks"
        shutil.copytree(REPO / "notebooks", notebooks)
        book = nbformat.v4.new_notebook()
        book.cells = [nbformat.v4.new_code_cell(BARE)]
        book.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(book, notebooks / "bare.ipynb")
        env = {"PYTHONPATH": str(REPO)}
        # a fresh server for each part: Voilà 0.5 keeps a left page's kernel until it is culled
        server = Server(sys.executable, notebooks, "bench-app-load-voila.log", env)
        try:
            pools_filled(server, names)  # measure pages served from full preheated pools
            times = load_times(server.url, names)
        finally:
            server.stop()
        server = Server(sys.executable, notebooks, "bench-app-load-concurrent-voila.log", env)
        try:
            pools_filled(server, names)
            concurrent = asyncio.run(concurrent_loads(server.url, lessons.LESSONS[0].file))
        finally:
            server.stop()
    bare = statistics.median(times["bare.ipynb"])
    print(
        f"navigation to first interactive widget, median of {REPEATS} loads (Chromium + Voilà, preheated)"
    )
    print(f"  {'bare one-widget notebook':45s} {bare:5.2f} s")
    over = []
    for name in names[:-1]:
        median = statistics.median(times[name])
        ratio = median / bare
        mark = "ok" if ratio <= TARGET else "OVER"
        print(f"  {name:45s} {median:5.2f} s   {ratio:4.2f}x bare  {mark} (target <= {TARGET}x)")
        if ratio > TARGET:
            over.append(name)
    within = len(names) - 1 - len(over)
    print(f"  {within} of {len(names) - 1} lessons within {TARGET}x of the bare page in this run")
    done = [seconds for seconds in concurrent if seconds is not None]
    print(
        f"{CONCURRENT} concurrent loads of {lessons.LESSONS[0].file}: {len(done)} of {CONCURRENT} succeeded"
    )
    if done:
        print(f"  median {statistics.median(done):5.2f} s, slowest {max(done):5.2f} s")


if __name__ == "__main__":
    main()
