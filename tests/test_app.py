"""The app's configuration: classroom-ready Voilà settings, the offline template, the lessons folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rummy_teach import app

REPO = Path(__file__).resolve().parents[1]


def test_voila_settings_are_classroom_ready() -> None:
    """Preheated kernels, idle culling, no tracebacks, the rummy template, local address by default."""
    argv = app.voila_argv(REPO / "notebooks")
    assert "--preheat_kernel=True" in argv
    assert "--VoilaConfiguration.show_tracebacks=False" in argv
    assert "--template=rummy" in argv
    assert "--KernelManager.transport=ipc" in argv  # no TCP port races when a class starts at once
    assert "--Voila.ip=127.0.0.1" in argv and "--port=8866" in argv
    assert any(arg.startswith("--MappingKernelManager.cull_idle_timeout=") for arg in argv)


def test_template_has_no_cdn_and_a_lesson_front_door() -> None:
    """No file of the app's template fetches anything from the internet; / opens the lesson list."""
    folder = app.template_root() / "voila" / "templates" / app.TEMPLATE
    for path in folder.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "cdn." not in text and "https://" not in text, path
    assert "voila/render/index.ipynb" in (folder / "tree.html").read_text(encoding="utf-8")


def test_find_notebooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lessons folder is ./notebooks, or the checkout's; a folder without index.ipynb is refused."""
    monkeypatch.chdir(tmp_path)
    assert app.find_notebooks() == (REPO / "notebooks").resolve()
    with pytest.raises(FileNotFoundError):
        app.find_notebooks(tmp_path)


def test_install_template(tmp_path: Path) -> None:
    """Binder's postBuild copies the template where Jupyter Server's Voilà looks for it."""
    target = app.install_template(tmp_path)
    assert (target / "index.html.j2").is_file()
    assert target == tmp_path / "share" / "jupyter" / "voila" / "templates" / "rummy"


def test_rummy_teach_serve_starts_voila_with_the_app_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`rummy-teach serve` (the lead's cli) reaches app.serve, which launches Voilà as configured."""
    from voila.app import Voila

    from rummy_teach import cli

    launched: list[list[str]] = []
    monkeypatch.setattr(
        Voila, "launch_instance", classmethod(lambda cls, argv: launched.append(argv))
    )
    monkeypatch.setenv("JUPYTER_PATH", "")
    monkeypatch.setenv("PYTHONPATH", "")
    monkeypatch.chdir(REPO)
    assert cli.main(["serve", "--port", "8877"]) == 0
    assert cli.main(["serve", "--open-browser"]) == 0
    argv, opening = launched
    assert "--no-browser" not in opening
    assert argv[0] == str((REPO / "notebooks").resolve())
    assert "--port=8877" in argv and "--no-browser" in argv and "--template=rummy" in argv
    assert str(app.template_root()) in os.environ["JUPYTER_PATH"].split(os.pathsep)
