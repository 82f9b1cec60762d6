"""Click-to-feedback latency in Chromium: the meld exercise against a bare one-button anywidget.

Starts the lesson app (Voilà) on a temporary folder holding one MeldExercise and one bare
anywidget whose Python side answers each click; clicks each many times and measures, in the
page, from the click to the moment the answer's text is on screen. Prints both medians and
the ratio (target: meld exercise <= 1.3x the bare widget). Run: ``python benchmarks/feedback_latency.py``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import nbformat
from playwright.sync_api import Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402

CLICKS = 40

BARE = '''import anywidget, traitlets

class Bare(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const button = document.createElement("button"); button.className = "bare-button"; button.textContent = "Click";
      const answer = document.createElement("span"); answer.className = "bare-answer";
      button.onclick = () => { model.set("clicks", model.get("clicks") + 1); model.save_changes(); };
      model.on("change:reply", () => { answer.textContent = model.get("reply"); });
      el.append(button, answer); el.dataset.ready = "true";
    } };"""
    clicks = traitlets.Int(0).tag(sync=True)
    reply = traitlets.Unicode("").tag(sync=True)

    @traitlets.observe("clicks")
    def _on_clicks(self, change):
        self.reply = f"clicked {change['new']} times"

    def __repr__(self):
        return "Bare()"

Bare()'''

MELD = """from rummy_teach import RummyRules
from rummy_teach.widgets import MeldExercise
MeldExercise("4D 5D 6D 9H 9S 9C KS", RummyRules())"""

MEASURE = """async ([clickSelector, textSelector, count]) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const before = document.querySelector(textSelector)?.textContent ?? "";
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const now = document.querySelector(textSelector)?.textContent ?? "";
        if (now !== before) { observer.disconnect(); resolve(performance.now()); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const start = performance.now();
    document.querySelector(clickSelector).click();
    times.push((await changed) - start);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return times;
}"""


def write_notebook(path: Path, source: str) -> None:
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(source)]
    book.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(book, path)


def measure(page: Page, url: str, ready: str, click: str, text: str) -> list[float]:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(ready, timeout=120_000)
    page.wait_for_timeout(500)
    measure_page: list[float] = page.evaluate(MEASURE, [click, text, 3])  # warm up
    measure_page = page.evaluate(MEASURE, [click, text, CLICKS])
    return measure_page


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        notebooks = Path(folder) / "notebooks"
        notebooks.mkdir()
        write_notebook(notebooks / "index.ipynb", "1")
        write_notebook(notebooks / "bare.ipynb", BARE)
        write_notebook(notebooks / "meld.ipynb", MELD)
        server = Server(
            sys.executable, notebooks, "bench-feedback-voila.log", {"PYTHONPATH": str(REPO)}
        )
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                bare = measure(
                    page,
                    f"{server.url}/voila/render/bare.ipynb",
                    "[data-ready]",
                    ".bare-button",
                    ".bare-answer",
                )
                meld = measure(
                    page,
                    f"{server.url}/voila/render/meld.ipynb",
                    ".rt-exercise[data-ready]",
                    ".rt-zone-hand button.rt-piece",
                    ".rt-feedback-message",
                )
                browser.close()
        finally:
            server.stop()
    bare_median = statistics.median(bare)
    meld_median = statistics.median(meld)
    print(f"click-to-feedback, {CLICKS} clicks each, Chromium + Voilà on this machine")
    print(
        f"  bare one-button anywidget: median {bare_median:6.1f} ms  (p90 {statistics.quantiles(bare, n=10)[-1]:6.1f} ms)"
    )
    print(
        f"  MeldExercise:              median {meld_median:6.1f} ms  (p90 {statistics.quantiles(meld, n=10)[-1]:6.1f} ms)"
    )
    print(f"  ratio meld / bare: {meld_median / bare_median:.2f}x  (target <= 1.3x)")


if __name__ == "__main__":
    main()
