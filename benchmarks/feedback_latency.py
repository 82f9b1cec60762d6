"""Click-to-feedback latency in Chromium: each kind of view against a bare one-button anywidget.

Starts the lesson app (Voilà) on a temporary folder holding a bare anywidget whose Python side
answers each click and one page per view (meld, rearrange, the Rummy game, the Rummikub game);
clicks each many times and measures, in the page, from the click to the moment the answer is
drawn (the bare widget's text; a view's ``data-answered`` count). Prints the medians and each
view's ratio to the bare widget in the same run (target: <= 1.3x).
Run: ``python benchmarks/feedback_latency.py``.
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

REARRANGE = """from rummy_teach.widgets.joker import show_turn
from rummy_teach.lessons import deals_rearrange
show_turn(deals_rearrange.REARRANGE_TAKE_FROM_GROUP)"""

RUMMY_GAME = """from rummy_teach.widgets import RummyGame
RummyGame(players=2, seed=7, level="strong")"""

RUMMIKUB_GAME = """from rummy_teach.widgets import RummikubGame
RummikubGame(players=2, seed=7, level="strong")"""

VIEWS = {
    "MeldExercise": MELD,
    "RearrangeExercise": REARRANGE,
    "RummyGame": RUMMY_GAME,
    "RummikubGame": RUMMIKUB_GAME,
}

# The answer is on screen when the watched node's text (bare widget) or its data-answered
# count (a view) changes: a view's feedback text may repeat, its count never does.
MEASURE = """async ([clickSelector, textSelector, count]) => {
  const times = [];
  const read = () => {
    const node = document.querySelector(textSelector);
    return node ? (node.dataset.answered ?? node.textContent) : "";
  };
  for (let i = 0; i < count; i++) {
    const before = read();
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (read() !== before) { observer.disconnect(); resolve(performance.now()); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
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
        for name, source in VIEWS.items():
            write_notebook(notebooks / f"{name}.ipynb", source)
        server = Server(
            sys.executable, notebooks, "bench-feedback-voila.log", {"PYTHONPATH": str(REPO)}
        )
        times: dict[str, list[float]] = {}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                times["bare one-button anywidget"] = measure(
                    page,
                    f"{server.url}/voila/render/bare.ipynb",
                    "[data-ready]",
                    ".bare-button",
                    ".bare-answer",
                )
                for name in VIEWS:
                    times[name] = measure(
                        page,
                        f"{server.url}/voila/render/{name}.ipynb",
                        ".rt-exercise[data-ready]",
                        ".rt-zone-hand button.rt-piece",
                        ".rt-exercise",
                    )
                browser.close()
        finally:
            server.stop()
    bare_median = statistics.median(times["bare one-button anywidget"])
    print(f"click-to-feedback, {CLICKS} clicks each, Chromium + Voilà on this machine")
    for name, values in times.items():
        median = statistics.median(values)
        p90 = statistics.quantiles(values, n=10)[-1]
        ratio = "" if name.startswith("bare") else f"  {median / bare_median:.2f}x bare"
        print(f"  {name:26} median {median:6.1f} ms  (p90 {p90:6.1f} ms){ratio}")
    print("  target: every view <= 1.3x the bare widget")


if __name__ == "__main__":
    main()
