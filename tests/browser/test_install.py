"""The app from a real install, not this checkout: the built wheel, and binder/requirements.txt.

Slow (each builds a fresh virtual environment from the local package index) but part of ``make test``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, REPO, Server, free_port, wait_for_port

pytestmark = pytest.mark.slow
LESSON = "01-start-here.ipynb"


def clean_env() -> dict[str, str]:
    """The environment without this checkout on PYTHONPATH: the install must stand alone."""
    return {
        key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")
    }


def fresh_venv(where: Path) -> Path:
    venv.create(where, with_pip=True)
    return where / "bin" / "python"


def pip_install(python: Path, *args: str, cwd: Path) -> None:
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *args],
        cwd=cwd,
        env=clean_env(),
        check=True,
    )


def assert_lesson_renders(page: Page, server: Server, name: str) -> None:
    """The lesson page draws its exercises with the view's CSS applied (the assets loaded)."""
    page.goto(f"{server.url}/voila/render/{LESSON}", timeout=60_000)
    page.wait_for_selector(".rt-exercise[data-ready]", timeout=60_000)
    radius = page.evaluate(
        "() => getComputedStyle(document.querySelector('.rt-exercise')).borderRadius"
    )
    assert radius == "12px"
    page.locator(".rt-zone-hand button.rt-piece[aria-label='9 of hearts']").first.click()
    expect(page.locator(".rt-feedback").first).to_contain_text("9♥", timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_wheel_installs_and_its_assets_load(tmp_path: Path, page: Page) -> None:
    """Build the wheel, install it (not editable) in a fresh venv, serve, and see the views work."""
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(REPO)],
        env=clean_env(),
        check=True,
        capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("*.whl"))
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, f"{wheel}[app]", cwd=tmp_path)
    where = subprocess.run(
        [
            str(python),
            "-c",
            "from rummy_teach.widgets._assets import static_dir; print(static_dir())",
        ],
        cwd=tmp_path,
        env=clean_env(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert where.endswith(os.path.join("site-packages", "rummy_teach", "_static")), where
    assert (Path(where) / "exercise.js").is_file()
    shutil.copytree(REPO / "notebooks", tmp_path / "notebooks")
    server = Server(str(python), tmp_path / "notebooks", "voila-wheel.log", clean_env())
    try:
        assert_lesson_renders(page, server, "wheel-install")
    finally:
        server.stop()


def test_binder_requirements_serve_the_app(tmp_path: Path, page: Page) -> None:
    """binder/requirements.txt in a fresh venv is enough to serve the app; its Voilà config is sound."""
    config = json.loads((REPO / "binder" / "jupyter_config.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["template"] == "rummy"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert (REPO / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    assert (REPO / "binder" / "postBuild").read_text().splitlines()[2] == "set -e"
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, "-r", str(REPO / "binder" / "requirements.txt"), cwd=REPO)
    installed = subprocess.run(
        [
            str(python),
            "-c",
            "import rummy_teach.app as app; print(app.install_template(app.sys.prefix))",
        ],
        cwd=tmp_path,
        env=clean_env(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert (Path(installed) / "index.html.j2").is_file()
    server = Server(str(python), REPO / "notebooks", "voila-binder.log", clean_env())
    try:
        assert_lesson_renders(page, server, "binder-install")
    finally:
        server.stop()
    # Binder's own mode: Jupyter Server with the Voilà extension and postBuild's settings
    config_dir = tmp_path / "jupyter-config"
    config_dir.mkdir()
    shutil.copy(REPO / "binder" / "jupyter_config.json", config_dir / "jupyter_config.json")
    port = free_port()
    log = (ARTIFACTS / "jupyter-server-binder.log").open("wb")
    hub = subprocess.Popen(
        [
            str(python),
            "-m",
            "jupyter",
            "server",
            "--no-browser",
            f"--port={port}",
            "--IdentityProvider.token=",
            "--allow-root",
        ],
        cwd=REPO,
        env={**clean_env(), "JUPYTER_CONFIG_DIR": str(config_dir)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, hub)
        page.goto(f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb", timeout=120_000)
        page.wait_for_selector("text=Start here", timeout=120_000)
        assert "cdn.jsdelivr.net" not in page.content()
        page.click("text=Start here")
        page.wait_for_selector(".rt-exercise[data-ready]", timeout=120_000)
        page.screenshot(path=str(ARTIFACTS / "binder-jupyter-server.png"))
    finally:
        if hub.poll() is None:
            os.kill(hub.pid, signal.SIGTERM)
            hub.wait(timeout=30)
        log.close()
