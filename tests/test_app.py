"""The app's configuration: classroom-ready Voilà settings, the offline template, the lessons folder."""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_teach import app, warmup
from rummy_teach.lessons import LESSONS

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


def test_hosted_pages_get_the_language_switch() -> None:
    """Binder's and JupyterHub's Jupyter Server: a page under notebooks/ gets the app's switch,
    with addresses under notebooks/; a page elsewhere is left as it is."""
    context = {"settings": {"server_root_dir": str(REPO)}, "base_url": "/user/ada/"}
    config = app.hosted_page_config(
        {}, notebook_path="notebooks/nb/02-rummy-groups-and-runs.ipynb", **context
    )
    switch = config["rummyTeach"]
    assert switch["language"] == "nb"
    urls = {choice["code"]: choice["url"] for choice in switch["languages"]}
    assert urls["en"] == "/user/ada/voila/render/notebooks/02-rummy-groups-and-runs.ipynb"
    assert urls["da"] == "/user/ada/voila/render/notebooks/da/02-rummy-groups-and-runs.ipynb"
    assert app.hosted_page_config({"x": 1}, notebook_path="elsewhere.ipynb", **context) == {"x": 1}
    config_file = (REPO / "binder" / "jupyter_server_config.py").read_text(encoding="utf-8")
    assert "c.VoilaConfiguration.page_config_hook = hosted_page_config" in config_file
    assert "jupyter_server_config.py" in (REPO / "binder" / "postBuild").read_text(encoding="utf-8")


def test_a_hosted_page_opens_its_kernel_watch_only_where_the_server_serves_it() -> None:
    """A page is told to open /rummy/watch only by a server with rummy_teach.watch loaded (it
    said "cannot be reached" for good where the watch was a 404); Binder's settings load it."""
    page = "notebooks/02-rummy-groups-and-runs.ipynb"
    settings = {"server_root_dir": str(REPO)}
    plain = app.hosted_page_config({}, notebook_path=page, settings=settings)
    assert plain["rummyTeach"]["watch"] is False
    watched = {**settings, app.WATCH_SETTING: True}
    assert app.hosted_page_config({}, notebook_path=page, settings=watched)["rummyTeach"]["watch"]
    config_file = (REPO / "binder" / "jupyter_server_config.py").read_text(encoding="utf-8")
    assert 'jpserver_extensions.update({"rummy_teach.watch": True})' in config_file


def test_install_template(tmp_path: Path) -> None:
    """Binder's postBuild copies the template where Jupyter Server's Voilà looks for it."""
    target = app.install_template(tmp_path)
    assert (target / "index.html.j2").is_file()
    assert target == tmp_path / "share" / "jupyter" / "voila" / "templates" / "rummy"


def test_rummy_teach_serve_starts_voila_with_the_app_settings(
    monkeypatch: pytest.MonkeyPatch, voila_launches: list[list[str]]
) -> None:
    """`rummy-teach serve` (the lead's cli) reaches app.serve, which launches Voilà as configured."""
    from rummy_teach import cli

    launched = voila_launches
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


def test_importing_the_app_loads_no_widget_library() -> None:
    """`import rummy_teach.app` (what serving needs) imports neither anywidget nor ipywidgets."""
    code = (
        "import sys, json, rummy_teach.app; "
        "print(json.dumps(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', "
        "'rummy_teach.widgets') if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


BLOCK_APP_EXTRAS = """
import importlib.abc, runpy, sys

class Missing(importlib.abc.MetaPathFinder):
    '''Acts as if the app extras were never installed.'''
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
sys.argv = ["rummy-teach", *{argv!r}]
runpy.run_module({module!r}, run_name="__main__")
"""


@pytest.mark.parametrize(
    ("module", "argv", "blocked"),
    [
        ("rummy_teach.cli", ["serve"], ["voila"]),
        ("rummy_teach.cli", ["serve", "--port", "8899"], ["anywidget", "ipywidgets"]),
        ("rummy_teach.app", [], ["voila", "anywidget", "ipywidgets", "ipykernel"]),
    ],
)
def test_serve_without_the_app_extras_says_what_to_install(
    module: str, argv: list[str], blocked: list[str]
) -> None:
    """Without voila/anywidget/ipywidgets, serving prints one line naming the install and exits 2."""
    code = BLOCK_APP_EXTRAS.format(blocked=blocked, argv=argv, module=module)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=REPO
    )
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "pip install 'rummy-teach[app]'" in lines[0]
    assert all(name in lines[0] for name in blocked)
    assert "Traceback" not in result.stderr


def voila_denies(patterns: list[str], path: Path) -> bool:
    """Voilà's preheat filter (VoilaKernelManager._notebook_filter), on the path as it lists it."""
    name = str(path)
    return any(pattern in name or re.match(pattern, name) for pattern in patterns)


def test_the_app_uses_the_classroom_kernel_manager_and_no_kernel_for_the_lesson_list() -> None:
    """Culling is the classroom manager's; the code-free lesson list gets no preheated kernel."""
    argv = app.voila_argv(REPO / "notebooks", cull_interval_seconds=7)
    assert f"--VoilaConfiguration.multi_kernel_manager_class={app.KERNEL_MANAGER}" in argv
    assert "--MappingKernelManager.cull_interval=7" in argv
    denylist = next(a for a in argv if a.startswith("--VoilaKernelManager.preheat_denylist="))
    denied = json.loads(denylist.split("=", 1)[1])
    notebooks = REPO / "notebooks"
    preheated = {
        path.relative_to(notebooks).as_posix()
        for path in notebooks.rglob("*.ipynb")
        if not voila_denies(denied, path)
    }  # as Voilà filters them: a pattern as a substring of the path, or matching from its start
    assert preheated == {lesson.file for lesson in LESSONS}  # every English lesson, nothing else
    assert "10-rummikub-joker-rules.ipynb" in preheated and "12-house-rules.ipynb" in preheated
    assert app.code_free(REPO / "notebooks" / "index.ipynb")
    assert not app.code_free(REPO / "notebooks" / "02-rummy-groups-and-runs.ipynb")
    assert "index.ipynb" not in {p.name for p in app.lessons_with_code(REPO / "notebooks")}


@pytest.mark.parametrize(
    ("lessons", "available_gib", "expected"),
    [(5, 24, 4), (5, 4, 1), (2, 4, 4), (5, 8, 3), (5, None, 1), (0, 24, 1), (5, 0.1, 1)],
)
def test_the_default_pool_follows_the_memory(
    lessons: int, available_gib: float | None, expected: int
) -> None:
    """An eighth of the available memory at 64 MiB a kernel, shared by the lessons, 1 to 4."""
    available = None if available_gib is None else int(available_gib * 2**30)
    assert warmup.language_pools({"en": lessons}, "en", available) == {"en": expected}


def test_rummy_teach_serve_takes_every_app_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rummy-teach serve` and `python -m rummy_teach.app` take the same options, to the same effect."""
    from rummy_teach import cli

    served: list[dict[str, object]] = []
    monkeypatch.setattr(app, "serve", lambda notebooks, **options: served.append(options) or 0)
    options = ["--pool-size", "2", "--cull-idle", "60", "--cull-interval", "5", "--port", "9"]
    assert cli.main(["serve", *options]) == 0
    assert app.main(options) == 0
    assert served[0] == served[1]
    assert served[0]["pool_size"] == 2 and served[0]["cull_idle_seconds"] == 60
    assert served[0]["cull_interval_seconds"] == 5 and served[0]["port"] == 9


def test_a_class_plan_reaches_voila(
    monkeypatch: pytest.MonkeyPatch, voila_launches: list[list[str]]
) -> None:
    """`serve --class-size 30 --lessons 02,04` hands the classroom manager the size and the files."""
    from rummy_teach import cli

    launched = voila_launches
    monkeypatch.chdir(REPO)
    assert cli.main(["serve", "--class-size", "30", "--lessons", "02,04"]) == 0
    assert cli.main(["serve", "--lessons", "08"]) == 0  # a class of 30 unless told
    assert cli.main(["serve"]) == 0
    (planned, lesson_only, plain) = launched
    assert "--ClassroomKernelManager.class_size=30" in planned
    lessons = next(a for a in planned if a.startswith("--ClassroomKernelManager.class_lessons="))
    assert lessons.split("=", 1)[1] == "02-rummy-groups-and-runs.ipynb,04-rummy-laying-off.ipynb"
    assert "--ClassroomKernelManager.class_size=30" in lesson_only
    assert "--ClassroomKernelManager.class_size=0" in plain


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--lessons", "13"], "no lesson called '13'"),
        (["--class-size", "0"], "from 1 to 200"),
        (["--class-size", "5000", "--lessons", "02"], "from 1 to 200"),
        # a mistyped --ip was Voilà's traceback (192.0.2.7 is no machine's: RFC 5737)
        (["--ip", "192.0.2.7"], "cannot listen at 192.0.2.7: this machine has no such address"),
        (["--ip", "no-such-host.invalid"], "cannot listen at no-such-host.invalid"),
    ],
)
def test_serve_refuses_a_class_or_address_it_cannot_use_in_one_line(
    options: list[str],
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    voila_launches: list[list[str]],
) -> None:
    from rummy_teach import cli

    monkeypatch.chdir(REPO)
    assert cli.main(["serve", *options]) == 2
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1 and "Traceback" not in error
    assert voila_launches == []


def test_serve_on_a_port_in_use_says_so_and_starts_nothing(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    voila_launches: list[list[str]],
) -> None:
    """A second ``make app`` (or anything else on the port): Voilà would serve on the next free
    port instead, a second app beside the first, while the class's addresses lead to the first.
    Refused in one line naming the port, before any kernel starts."""
    from rummy_teach import cli

    monkeypatch.chdir(REPO)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 2
    error = capsys.readouterr().err
    assert f"port {port} is in use" in error and "--port" in error
    assert error.count("\n") == 1 and "Traceback" not in error
    assert voila_launches == []


def test_a_port_that_needs_administrator_rights_is_said_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Port 80 without root: the bind is refused (EACCES), and the sentence says what to do."""
    import tornado.netutil

    def refuse(port: int, host: str) -> list[socket.socket]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tornado.netutil, "bind_sockets", refuse)
    said = app.listen_problem("127.0.0.1", 80)
    assert said == (
        "rummy-teach serve: port 80 needs administrator rights: choose one above 1023 with --port"
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "70000"], "--port: 70000 is not a whole number from 1 to 65535"),
        (["--port", "-1"], "--port: -1 is not a whole number from 1 to 65535"),
        (["--port", "eighty"], "--port: 'eighty' is not a whole number from 1 to 65535"),
        (["--pool-size", "-1"], "--pool-size: -1 is not a whole number from 0 to 16"),
        (["--pool-size", "1000"], "--pool-size: 1000 is not a whole number from 0 to 16"),
        (["--cull-idle", "-5"], "--cull-idle: -5 is not a whole number from 1 to 86400"),
        (["--cull-idle", "0"], "--cull-idle: 0 is not a whole number from 1 to 86400"),  # never
        (["--cull-interval", "0"], "--cull-interval: 0 is not a whole number from 1 to 3600"),
    ],
)
def test_serve_refuses_a_number_out_of_range_naming_it(
    options: list[str],
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    voila_launches: list[list[str]],
) -> None:
    """A port past 65535 reached Voilà, a pool of 1000 kernels per lesson would fill the memory,
    Jupyter silently replaced a cull interval of 0 by its 300 s, and a cull time of 0 meant
    "never" to it: each is refused as the command line's error, naming the option."""
    from rummy_teach import cli

    monkeypatch.chdir(REPO)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", *options])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error
    assert voila_launches == []


def test_serve_without_a_lessons_folder_says_so_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    voila_launches: list[list[str]],
) -> None:
    """A folder without the lessons (a typo, the wrong checkout) was a FileNotFoundError's traceback."""
    from rummy_teach import cli

    assert cli.main(["serve", str(tmp_path / "lesons")]) == 2
    error = capsys.readouterr().err
    assert error == (
        f"rummy-teach serve: no lessons here: {tmp_path / 'lesons'} has no index.ipynb"
        " (give the folder that holds the lessons' index.ipynb, e.g. notebooks)\n"
    )
    assert voila_launches == []


def test_voila_never_moves_to_another_port() -> None:
    """Between the check above and Voilà's own listen the port may be taken: Voilà then stops
    (its "no available port"), never serving the class on a port nobody was told."""
    assert "--Voila.port_retries=0" in app.voila_argv(REPO / "notebooks")


def test_every_page_names_the_same_inline_icon() -> None:
    """The Voilà templates, the page without a kernel and the front door carry ``static.ICON``, an
    inline icon: without one Chromium asks for /favicon.ico and logs a 404 on every page."""
    from rummy_teach import teacher
    from rummy_teach.static import ICON, static_dir

    assert ICON.startswith('<link rel="icon" href="data:image/svg+xml,')
    folder = static_dir() / "voila" / "templates" / "rummy"
    for name in ("index.html.j2", "page.html", "tree.html"):
        assert (folder / name).read_text(encoding="utf-8").count(ICON) == 1, name
    assert teacher.STATIC_PAGE.count(ICON) == 1
    assert app.front_door(app.find_notebooks(), "en").count(ICON) == 1
