"""``make lab``: a real JupyterLab on the lessons, as a teacher opens it from a fresh clone.

The Jupyter data, config, settings and workspace folders are fresh and empty (a new user: nothing
trusted yet); ``python -m rummy_teach.lab`` (what ``make lab`` runs) trusts the lessons and starts
JupyterLab. A lesson opens with its stored pictures drawn as pictures before any cell ran; after
Run All an exercise answers a click.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, REPO, Logged, free_port
from tests.browser.test_lessons import HANG_GUARD, READY, exercise_count, expect_feedback, pick

LESSON = "01-start-here.ipynb"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab started by ``rummy_teach.lab`` for a user with empty Jupyter folders; its URL."""
    if importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("JupyterLab is not installed: pip install 'rummy-teach[lab]'")
    home = tmp_path_factory.mktemp("lab-user")
    clone = home / "notebooks"  # a copy: JupyterLab's autosave must not touch the checkout's files
    shutil.copytree(REPO / "notebooks", clone, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = {
        **os.environ,
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p
        ),
    }
    ARTIFACTS.mkdir(exist_ok=True)
    argv = [
        sys.executable,
        "-m",
        "rummy_teach.lab",
        str(clone),
        "--no-browser",
        f"--port={free_port()}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--LabApp.extension_manager=readonly",
        "--allow-root",  # the CI machine runs the tests as root
    ]
    server = Logged(argv, ARTIFACTS / "jupyterlab.log", cwd=REPO, env=env)
    port = server.wait_until_accepting()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def test_a_lesson_in_jupyterlab_shows_its_pictures_then_works_after_run_all(
    page: Page, lab: str
) -> None:
    """Pictures are drawn (``svg[role=img]``) before running; after Run All the exercise answers."""
    page.goto(f"{lab}/lab/tree/{LESSON}", timeout=HANG_GUARD)
    outputs = page.locator(".jp-NotebookPanel .jp-OutputArea-output")
    expect(outputs.locator("svg[role='img']").first).to_be_visible(timeout=HANG_GUARD)
    assert page.locator(READY).count() == 0  # nothing has run: the pictures are the stored ones
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
        timeout=HANG_GUARD,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.locator(READY)).to_have_count(exercise_count(LESSON), timeout=HANG_GUARD)
    first = page.locator(READY).first
    first.scroll_into_view_if_needed()
    pick(first, "9 of hearts")
    expect(first).to_have_attribute("data-answered", "1", timeout=HANG_GUARD)
    expect_feedback(first, "info", "9♥")
    page.screenshot(path=str(ARTIFACTS / "lab-lesson.png"))
