"""The app from a real install, not this checkout: binder/requirements.txt, and the built wheel.

Slow (a fresh virtual environment filled from the package index) but part of ``make test``. Both
tests share ONE fresh venv: the Binder test installs ``binder/requirements.txt`` into it first (the
checkout built as a package, with the ``app`` extra); the wheel test then installs the wheel that
``python -m build`` makes over it and checks the install is the wheel's own files. Run alone, either
test starts from the fresh venv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, REPO, Logged, Server, free_port

pytestmark = pytest.mark.slow
LESSON = "01-start-here.ipynb"
HANG_GUARD = 300_000
"""Milliseconds before a wait gives up: only a guard against a hang."""


def clean_env(python: Path | None = None) -> dict[str, str]:
    """The environment without this checkout or its venv: with ``python``, as if its venv were active.

    An activated venv's ``bin`` on ``PATH`` would otherwise serve Binder's mode: ``python -m jupyter
    server`` runs the first ``jupyter-server`` on ``PATH``, not the fresh venv's."""
    env = {
        key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    ours = {str(Path(sys.prefix) / "bin")}
    if "VIRTUAL_ENV" in os.environ:
        ours.add(str(Path(os.environ["VIRTUAL_ENV"]) / "bin"))
    path = [entry for entry in env.get("PATH", "").split(os.pathsep) if entry and entry not in ours]
    if python is not None:
        path.insert(0, str(python.parent))
    env["PATH"] = os.pathsep.join(path)
    return env


@pytest.fixture(scope="module")
def python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Python of one fresh virtual environment, shared by the install tests of this module."""
    where = tmp_path_factory.mktemp("install") / "venv"
    venv.create(where, with_pip=True)
    return where / "bin" / "python"


def pip_install(python: Path, *args: str, cwd: Path) -> None:
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *args],
        cwd=cwd,
        env=clean_env(python),
        check=True,
    )


def run_python(python: Path, code: str, cwd: Path) -> str:
    """What ``code`` prints when run by the installed Python, outside this checkout."""
    return subprocess.run(
        [str(python), "-c", code],
        cwd=cwd,
        env=clean_env(python),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def assert_lesson_renders(page: Page, server: Server, name: str) -> None:
    """The lesson page draws its exercises with the view's CSS applied (the assets loaded)."""
    page.goto(f"{server.url}/voila/render/{LESSON}", timeout=HANG_GUARD)
    page.wait_for_selector(".rt-exercise[data-ready]", timeout=HANG_GUARD)
    radius = page.evaluate(
        "() => getComputedStyle(document.querySelector('.rt-exercise')).borderRadius"
    )
    assert radius == "12px"
    page.locator(".rt-zone-hand button.rt-piece[aria-label='9 of hearts']").first.click()
    expect(page.locator(".rt-feedback").first).to_contain_text("9♥", timeout=HANG_GUARD)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_binder_requirements_serve_the_app(tmp_path: Path, page: Page, python: Path) -> None:
    """binder/requirements.txt in a fresh venv is enough to serve the app; its Voilà config is sound."""
    config = json.loads((REPO / "binder" / "jupyter_config.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["template"] == "rummy"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    manager = config["ServerApp"]["kernel_manager_class"]
    assert manager == "rummy_teach.classroom.ClassroomKernelManager"
    assert (REPO / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    assert (REPO / "binder" / "postBuild").read_text().splitlines()[2] == "set -e"
    pip_install(python, "-r", str(REPO / "binder" / "requirements.txt"), cwd=REPO)
    installed = run_python(
        python,
        "import rummy_teach.app as app; print(app.install_template(app.sys.prefix))",
        tmp_path,
    )
    assert (Path(installed) / "index.html.j2").is_file()
    server = Server(str(python), REPO / "notebooks", "voila-binder.log", clean_env(python))
    try:
        assert_lesson_renders(page, server, "binder-install")
    finally:
        server.stop()
    # Binder's own mode: Jupyter Server with the Voilà extension and postBuild's settings
    config_dir = tmp_path / "jupyter-config"
    config_dir.mkdir()
    shutil.copy(REPO / "binder" / "jupyter_config.json", config_dir / "jupyter_config.json")
    shutil.copy(
        REPO / "binder" / "jupyter_server_config.py", config_dir / "jupyter_server_config.py"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    hub = Logged(
        [
            str(python),
            "-m",
            "jupyter",
            "server",
            "--no-browser",
            f"--port={free_port()}",
            "--IdentityProvider.token=",
            "--allow-root",
        ],
        ARTIFACTS / "jupyter-server-binder.log",
        cwd=REPO,
        env={**clean_env(python), "JUPYTER_CONFIG_DIR": str(config_dir)},
    )
    try:
        port = hub.wait_until_accepting()
        page.goto(f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb", timeout=HANG_GUARD)
        page.wait_for_selector("text=Start here", timeout=HANG_GUARD)
        assert "cdn.jsdelivr.net" not in page.content()
        # the language switch, as in the app (binder/jupyter_server_config.py's page-config hook)
        norsk = page.locator('#rummy-teach-languages a[data-lang="nb"]')
        expect(norsk).to_have_attribute("href", "/voila/render/notebooks/nb/index.ipynb")
        page.click("text=Start here")
        page.wait_for_selector(".rt-exercise[data-ready='1']", timeout=HANG_GUARD)
        hub.wait_for_line(r"rummy-teach: lesson .* opened on kernel")  # the app's kernel manager
        page.locator('#rummy-teach-languages a[data-lang="nb"]').click()
        page.wait_for_url("**/voila/render/notebooks/nb/01-*.ipynb", timeout=HANG_GUARD)
        page.wait_for_selector(".rt-exercise[data-ready='1']", timeout=HANG_GUARD)
        assert page.evaluate("document.documentElement.lang") == "nb"
        page.screenshot(path=str(ARTIFACTS / "binder-jupyter-server.png"))
    finally:
        hub.stop()


def test_wheel_installs_and_its_assets_load(tmp_path: Path, page: Page, python: Path) -> None:
    """Build the wheel, install it (not editable) in the fresh venv, serve, and see the views work."""
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(REPO)],
        env=clean_env(),
        check=True,
        capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("*.whl"))
    # the wheel's own files replace whatever an earlier test installed; then its extra's dependencies
    pip_install(python, "--force-reinstall", "--no-deps", str(wheel), cwd=tmp_path)
    pip_install(python, f"{wheel}[app]", cwd=tmp_path)
    where = run_python(
        python, "from rummy_teach.static import static_dir; print(static_dir())", tmp_path
    )
    assert where.endswith(os.path.join("site-packages", "rummy_teach", "_static")), where
    for name in (
        "base.js",
        "games.js",
        "meld.js",
        "layoff.js",
        "opening.js",
        "base.css",
        "meld.css",
    ):
        assert (Path(where) / name).is_file(), name
    origin = run_python(
        python,
        "import importlib.metadata as m; print(m.distribution('rummy-teach').read_text('direct_url.json'))",
        tmp_path,
    )
    assert wheel.name in origin, origin  # the wheel from build, not the checkout
    worded = run_python(  # the compiled catalogs ship in the wheel: each language words a verdict
        python,
        "from rummy_teach import messages, check_meld, parse_cards, RummyRules\n"
        "for language in messages.LANGUAGES:\n"
        "    messages.set_language(language)\n"
        "    print(check_meld(parse_cards('5H 6H 8H'), RummyRules()).message)",
        tmp_path,
    ).splitlines()
    assert len(set(worded)) == len(worded) == 4, worded
    shutil.copytree(REPO / "notebooks", tmp_path / "notebooks")
    server = Server(str(python), tmp_path / "notebooks", "voila-wheel.log", clean_env(python))
    try:
        assert_lesson_renders(page, server, "wheel-install")
    finally:
        server.stop()
