"""The lesson app: Voilà serving ``notebooks/`` with a landing page, ready for a classroom and offline.

``serve()`` runs the app's Voilà (``rummy_teach.classroom.ClassroomVoila``) in this process with the
``rummy`` template (the lab template without CDN links; ``/`` opens the lesson list
``index.ipynb``, shown without a kernel, never a file browser), preheated kernels (a pool per
lesson sized from the memory: the most for the server's language, ``warmup.language_pools``), no
tracebacks shown to learners. Kernels are culled only after their page has gone; closing a page
ends its kernel; ``/rummy/status`` tells the teacher what the server is doing. Voilà itself
refuses ``execute_request`` from the page's kernel connection.

Languages (``rummy_teach.languages``): English in ``notebooks/``, each translation in
``notebooks/<lang>/``. ``--lang nb`` makes ``/`` open ``nb/index.ipynb`` (unless the browser
remembers another choice, or the address says ``/?lang=da``); every page gets a language switch
and the server's words in the page's own language (:func:`page_languages`).
"""

from __future__ import annotations

import argparse
import errno
import html
import importlib.util
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from rummy_teach import languages, messages, warmup
from rummy_teach.errors import RummyTeachError
from rummy_teach.messages.en_app import LANGUAGE_NAMES
from rummy_teach.static import ICON, static_dir
from rummy_teach.warmup import KERNEL_MIB

__all__ = [
    "APP_EXTRAS",
    "LANGUAGE_STORE",
    "PAGE_TEXTS",
    "TEMPLATE",
    "WATCH_SETTING",
    "code_free",
    "find_notebooks",
    "front_door",
    "hosted_page_config",
    "install_template",
    "language_folders",
    "lesson_counts",
    "main",
    "missing_extras",
    "page_languages",
    "serve",
    "voila_argv",
]

TEMPLATE = "rummy"
"""The Voilà template the app uses (``widgets/voila/templates/rummy``)."""
DEFAULT_PORT = 8866
CULL_IDLE_SECONDS = 300
"""A kernel whose page has gone and that has been idle this long since (5 minutes) is shut down.

Culling is the safety net (``rummy_teach.classroom.ClassroomKernelManager``): a page that is
closed ends its kernel at once. Kernels of open pages are never culled, nor kernels waiting in the
preheated pool, nor a kernel handed to a page that has not connected yet (a page that never
connects loses it after this long).
"""
CULL_INTERVAL_SECONDS = 30
KERNEL_MANAGER = "rummy_teach.classroom.ClassroomKernelManager"
APP_EXTRAS = ("voila", "ipywidgets", "anywidget", "ipykernel")
"""What the ``app`` extra installs and serving needs (``pip install 'rummy-teach[app]'``)."""
EXIT_MISSING_EXTRAS = 2
EXIT_BAD_OPTIONS = 2
LANGUAGE_STORE = "rummy-teach-language"
"""The browser's record (localStorage) of the language the learner chose on a switch."""
PAGE_TEXTS = (
    "widgets.app.kernel_gone",
    "widgets.app.kernel_gone_again",
    "widgets.app.server_lost",
    "widgets.app.projector",
    "app.language.label",
)
"""The server's words on a page: the notices when its kernel or the server is gone, the projector
switch and the language switch's name (each page gets them in its own language)."""


def missing_extras() -> list[str]:
    """The app extras that cannot be imported here, found without importing them."""
    missing = []
    for name in APP_EXTRAS:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # a broken install, or a module blocked in sys.modules
            found = False
        if not found:
            missing.append(name)
    return missing


def refuse_without_extras() -> int | None:
    """Say in one line what to install and return exit code 2 when an app extra is missing, else None."""
    missing = missing_extras()
    if not missing:
        return None
    print(messages.text("widgets.app.missing_extras", missing=", ".join(missing)), file=sys.stderr)
    return EXIT_MISSING_EXTRAS


def template_root() -> Path:
    """The folder to put on ``JUPYTER_PATH`` so Voilà finds the ``rummy`` template."""
    return static_dir()


def find_notebooks(path: str | os.PathLike[str] | None = None) -> Path:
    """The lessons folder: ``path`` if given, else ``./notebooks``, else the checkout's ``notebooks/``."""
    candidates = (
        [Path(path)]
        if path is not None
        else [Path.cwd() / "notebooks", static_dir().parent / "notebooks"]
    )
    for candidate in candidates:
        if (candidate / "index.ipynb").is_file():
            return candidate.resolve()
    raise FileNotFoundError(messages.text("app.no_lessons", folder=candidates[0]))


def code_free(path: Path) -> bool:
    """True when a notebook has no code cell (the lesson list): shown without a kernel."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return False
    return not any(isinstance(cell, dict) and cell.get("cell_type") == "code" for cell in cells)


def lessons_with_code(notebooks: Path, language: str | None = None) -> list[Path]:
    """The notebooks under ``notebooks`` that run code, so need a kernel (and a preheated pool);
    only those of ``language`` (its folder, ``rummy_teach.languages``) when given."""
    found = sorted(notebooks.rglob("*.ipynb"))
    return [
        p
        for p in found
        if ".ipynb_checkpoints" not in p.parts
        and not code_free(p)
        and (
            language is None
            or languages.language_of(p.relative_to(notebooks).as_posix()) == language
        )
    ]


def available_memory() -> int | None:
    """Bytes of memory available to start programs now, or None when it cannot be read."""
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return None
    return int(psutil.virtual_memory().available)


def language_folders(notebooks: Path) -> list[str]:
    """The languages whose lesson list is under ``notebooks`` (``index.ipynb`` in their folder)."""
    return [
        language
        for language in languages.LANGUAGES
        if (notebooks / languages.folder(language) / "index.ipynb").is_file()
    ]


def _render_url(base_url: str, path: str) -> str:
    return f"{base_url}voila/render/{quote(path)}"


def page_languages(
    notebooks: Path, notebook_path: str, base_url: str = "/", prefix: str = ""
) -> dict[str, Any]:
    """What a page's script needs for its language: the page's language, the switch's choices
    (the same page in each language that has it, else that language's lesson list) and the
    server's words (``PAGE_TEXTS``) in the page's language. ``prefix`` is where ``notebooks``
    lies under the server's root in the pages' addresses (``notebooks/`` on Binder and JupyterHub)."""
    language = languages.language_of(notebook_path)
    name = PurePosixPath(notebook_path.replace("\\", "/")).name
    choices = []
    for other in language_folders(notebooks):
        place = PurePosixPath(languages.folder(other))
        target = place / name if (notebooks / place / name).is_file() else place / "index.ipynb"
        choices.append(
            {
                "code": other,
                "name": LANGUAGE_NAMES[other],
                "url": _render_url(base_url, prefix + target.as_posix()),
            }
        )
    with languages.speaking(language):
        texts = {key.rsplit(".", 1)[1]: messages.text(key) for key in PAGE_TEXTS}
    return {"language": language, "store": LANGUAGE_STORE, "languages": choices, "texts": texts}


WATCH_SETTING = "rummy_teach_watch"
"""The server setting that says it serves the pages' kernel watch, ``/rummy/watch/<kernel>``
(``rummy_teach.watch`` sets it under Jupyter Server); a page is told to open it only then."""
HOSTED_FOLDER = "notebooks/"
"""Where the lessons lie under a hosted server's root (Binder's and JupyterHub's Jupyter Server)."""


def hosted_page_config(page_config: dict[str, Any], **context: Any) -> dict[str, Any]:
    """Voilà's page-config hook under Jupyter Server (Binder, JupyterHub: ``binder/
    jupyter_server_config.py``): a lesson's language switch, as the app gives it, for the pages
    under ``notebooks/``, and whether the server watches their kernels (``rummy_teach.watch``);
    other pages are left as they are."""
    settings = context.get("settings") or {}
    root = Path(settings.get("server_root_dir") or os.getcwd()).expanduser()
    path = str(context.get("notebook_path") or "").replace("\\", "/").lstrip("/")
    if path.startswith(HOSTED_FOLDER) and (root / HOSTED_FOLDER / "index.ipynb").is_file():
        inner = path[len(HOSTED_FOLDER) :]
        base = context.get("base_url") or "/"
        page_config["rummyTeach"] = {
            **page_languages(root / HOSTED_FOLDER, inner, base, prefix=HOSTED_FOLDER),
            "watch": bool(settings.get(WATCH_SETTING)),
        }
    return page_config


_FRONT_DOOR = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{title}</title>
<!-- icon -->
<noscript><meta http-equiv="refresh" content="0; url={url}"></noscript>
<script>
(function () {{
  var urls = {urls};
  var chosen = new URLSearchParams(location.search).get("lang");
  try {{
    if (chosen && urls[chosen]) localStorage.setItem({store}, chosen);
    else chosen = localStorage.getItem({store});
  }} catch (error) {{ /* storage blocked: the server's default */ }}
  location.replace(urls[chosen] || urls[{default}]);
}})();
</script></head>
<body><main><p><a href="{url}">{link}</a></p></main></body></html>
""".replace("<!-- icon -->", ICON)


def front_door(notebooks: Path, language: str, base_url: str = "/") -> str:
    """The page at ``/``: opens the lesson list in the language the browser remembers (or
    ``?lang=`` names, which it then remembers), else in ``language``, the server's default."""
    urls = {
        other: _render_url(
            base_url, (PurePosixPath(languages.folder(other)) / "index.ipynb").as_posix()
        )
        for other in language_folders(notebooks)
    }
    default = language if language in urls else next(iter(urls), languages.ENGLISH)
    url = urls.get(default, _render_url(base_url, "index.ipynb"))
    with languages.speaking(default):
        title, link = messages.text("app.front.title"), messages.text("app.front.open")

    def script(value: object) -> str:
        return json.dumps(value).replace("</", "<\\/")

    return _FRONT_DOOR.format(
        language=default,
        title=html.escape(title),
        url=html.escape(url, quote=True),
        urls=script(urls),
        store=script(LANGUAGE_STORE),
        default=script(default),
        link=html.escape(link),
    )


def _whole_path(path: Path) -> str:
    """A preheat-denylist pattern for exactly this notebook (as Voilà lists it: under its root)."""
    return re.escape(str(path)) + "$"


def lesson_counts(notebooks: Path) -> dict[str, int]:
    """How many lessons with code each language under ``notebooks`` has (its lesson list there)."""
    return {
        language: len(lessons_with_code(notebooks, language))
        for language in language_folders(notebooks)
    }


def voila_argv(
    notebooks: Path,
    *,
    port: int = DEFAULT_PORT,
    host: str = "127.0.0.1",
    pool_size: int = 1,
    cull_idle_seconds: int = CULL_IDLE_SECONDS,
    cull_interval_seconds: int = CULL_INTERVAL_SECONDS,
    class_size: int = 0,
    class_lessons: Sequence[str] = (),
    language: str = languages.ENGLISH,
    pools: Mapping[str, int] | None = None,
) -> list[str]:
    """Voilà's command-line arguments for the app (also what ``binder/`` configures).

    ``class_size`` learners opening ``class_lessons`` (paths under ``notebooks``): each of those
    lessons keeps a kernel ready per learner still to come (``rummy_teach.warmup``). ``language``
    is the one ``/`` opens when the browser remembers none. ``pools``: preheated kernels per
    lesson of each language (``warmup.language_pools``); without it ``language``'s lessons keep
    ``pool_size`` and the others none.
    """
    pools = dict(pools) if pools is not None else {language: pool_size}
    default = pools.get(language, pool_size)
    # Voilà denies preheating to a notebook when a pattern is a substring of its path or matches it
    # from the start, so each pattern is one file's whole path, escaped and anchored: a bare
    # "rules.ipynb" also denied 10-rummikub-joker-rules.ipynb and 12-house-rules.ipynb.
    every = sorted(notebooks.rglob("*.ipynb"), key=lambda p: (len(p.parts), p.as_posix()))
    no_kernel = [
        _whole_path(p) for p in every if ".ipynb_checkpoints" not in p.parts and code_free(p)
    ]  # the pages without code (lesson lists, rule books, guides): English first
    own_pools: dict[str, int] = {}  # the lessons whose pool is not the default's
    for path in lessons_with_code(notebooks):
        name = path.relative_to(notebooks).as_posix()
        size = pools.get(languages.language_of(name), 0)
        if size <= 0:
            no_kernel.append(_whole_path(path))  # a page of a language without a pool starts one
        if size != default:
            own_pools[name] = max(0, size)
    return [
        str(notebooks),
        f"--port={port}",
        "--Voila.port_retries=0",  # the port given or none: never another one the class does not know
        f"--Voila.ip={host}",
        "--no-browser",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.classic_tree=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--preheat_kernel=True",
        f"--pool_size={default}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        f"--MappingKernelManager.cull_interval={cull_interval_seconds}",
        "--MappingKernelManager.cull_connected=False",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        # notebooks without code (the lesson list) are shown without a kernel: none preheated;
        # nor are the lessons of a language without a pool
        f"--VoilaKernelManager.preheat_denylist={json.dumps(no_kernel)}",
        # one option per lesson: traitlets deprecates a dict given as JSON on the command line
        *(
            f"--ClassroomKernelManager.lesson_pools={path}={size}"
            for path, size in own_pools.items()
        ),
        # kernels talk to the server over Unix sockets: no TCP port to race for when a class of
        # learners opens pages at once (jupyter/jupyter_client#487), and nothing on the network
        "--KernelManager.transport=ipc",
        f"--ClassroomKernelManager.class_size={class_size if class_lessons else 0}",
        f"--ClassroomKernelManager.class_lessons={','.join(class_lessons)}",
        f"--ClassroomVoila.language={language}",
    ]


def _environment() -> None:
    """Let Voilà find the template, and the kernels find this package."""
    paths = [str(template_root())]
    if os.environ.get("JUPYTER_PATH"):
        paths.append(os.environ["JUPYTER_PATH"])
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)
    package_parent = str(Path(__file__).resolve().parent.parent)
    python_path = os.environ.get("PYTHONPATH", "")
    if package_parent not in python_path.split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, python_path) if p)


def listen_problem(host: str, port: int) -> str | None:
    """Why Voilà could not listen on ``host:port``, in words; None when it can."""
    import socket

    from tornado.netutil import bind_sockets

    try:
        sockets = bind_sockets(
            port, host
        )  # as Voilà will (SO_REUSEADDR: a just-stopped app is no user)
    except socket.gaierror:
        return messages.text("app.no_such_address", host=host)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return messages.text("app.port_in_use", port=port, host=host)
        if error.errno == errno.EACCES:
            return messages.text("app.port_denied", port=port)
        return messages.text("app.no_such_address", host=host)
    for bound in sockets:
        bound.close()
    return None


def serve(
    notebooks: str | os.PathLike[str] | None = None,
    *,
    port: int = DEFAULT_PORT,
    ip: str = "127.0.0.1",
    open_browser: bool = False,
    pool_size: int | None = None,
    cull_idle_seconds: int = CULL_IDLE_SECONDS,
    cull_interval_seconds: int = CULL_INTERVAL_SECONDS,
    class_size: int | None = None,
    lessons: str | Sequence[str] = "",
    language: str = languages.ENGLISH,
) -> int:
    """Serve the lessons at ``http://ip:port/`` until interrupted (``rummy-teach serve``); 0 when stopped.

    ``pool_size`` (preheated kernels per lesson of ``language``) defaults to what the memory
    available now holds; English and then the other languages keep one per lesson when the memory
    allows (``warmup.language_pools``), else their pages start a kernel when opened.
    ``class_size`` gets ``lessons`` ("02,04"; every lesson when empty) ready for that many
    learners at once, in the background. Without the app extras it prints one line
    saying what to install and returns 2; a class or lesson that cannot be used, one line and 2.
    ``language`` (``nb``, ``da``, ``nl``; default English) is the one ``/`` opens and the one the
    server's own messages use; it needs that language's lessons (``notebooks/<lang>/``).
    """
    try:
        languages.check_language(language)
    except RummyTeachError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_OPTIONS
    messages.set_language(language)
    refused = refuse_without_extras()
    if refused is not None:
        return refused
    try:
        folder = find_notebooks(notebooks)
    except FileNotFoundError as error:
        print(f"rummy-teach serve: {error}", file=sys.stderr)
        return EXIT_BAD_OPTIONS
    if language not in language_folders(folder):
        where = folder / languages.folder(language)
        print(messages.text("app.lang_missing", language=language, folder=where), file=sys.stderr)
        return EXIT_BAD_OPTIONS
    _environment()
    try:
        from rummy_teach.classroom import ClassroomVoila
    except ImportError as error:
        missing = error.name or "voila"
        print(messages.text("widgets.app.missing_extras", missing=missing), file=sys.stderr)
        return EXIT_MISSING_EXTRAS

    place = folder / languages.folder(language)  # --lessons 02 names the default language's 02
    with_code = [path.relative_to(place).as_posix() for path in lessons_with_code(folder, language)]
    pools = warmup.language_pools(lesson_counts(folder), language, available_memory(), pool_size)
    chosen: tuple[str, ...] = ()
    size = warmup.DEFAULT_CLASS_SIZE if class_size is None else class_size
    if class_size is not None or lessons:
        try:
            picked = warmup.pick_lessons(lessons, with_code)
            chosen = tuple((place / name).relative_to(folder).as_posix() for name in picked)
            warmup.ClassPlan.make(size, chosen)
        except warmup.PlanError as problem:
            print(messages.text("widgets.app.unknown_lessons", problem=problem), file=sys.stderr)
            return EXIT_BAD_OPTIONS
    cannot = listen_problem(ip, port)  # on a port in use Voilà would move to the next one
    if cannot is not None:
        print(cannot, file=sys.stderr)
        return EXIT_BAD_OPTIONS
    argv = voila_argv(
        folder,
        port=port,
        host=ip,
        pool_size=pools[language],
        cull_idle_seconds=cull_idle_seconds,
        cull_interval_seconds=cull_interval_seconds,
        class_size=size,
        class_lessons=chosen,
        language=language,
        pools=pools,
    )
    if open_browser:
        argv.remove("--no-browser")
    ClassroomVoila.launch_instance(argv=argv)
    return 0


def install_template(prefix: str | os.PathLike[str] | None = None) -> Path:
    """Copy the ``rummy`` template into ``prefix/share/jupyter/voila/templates`` (Binder's postBuild)."""
    source = template_root() / "voila" / "templates" / TEMPLATE
    target = Path(prefix or sys.prefix) / "share" / "jupyter" / "voila" / "templates" / TEMPLATE
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    return target


MAX_CULL_IDLE_SECONDS = 86_400
MAX_CULL_INTERVAL_SECONDS = 3_600
MAX_GIVEN_POOL_SIZE = 16
"""The most preheated kernels per lesson ``--pool-size`` may ask for (12 lessons: 192 kernels)."""


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else the error that says so."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            shown = repr(text) if value is None else str(value)
            raise argparse.ArgumentTypeError(
                messages.text("app.cli.not_whole", value=shown, low=low, high=high)
            )
        return value

    return read


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` options, shared by ``rummy-teach serve`` and ``python -m rummy_teach.app``."""
    parser.add_argument(
        "notebooks", nargs="?", default=None, help="lessons folder (default: ./notebooks)"
    )
    parser.add_argument(
        "--port", type=whole_number(1, 65_535), default=DEFAULT_PORT, help="port (default: 8866)"
    )
    parser.add_argument(
        "--ip", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--open-browser", action="store_true", help="also open the landing page in a web browser"
    )
    parser.add_argument(
        "--pool-size",
        type=whole_number(0, MAX_GIVEN_POOL_SIZE),
        default=None,
        help=(
            "preheated kernels per lesson in the --lang language (default: from the memory "
            f"available, an eighth of it at {KERNEL_MIB} MiB per kernel, 1 to {warmup.MAX_POOL_SIZE}); "
            "English and the other languages keep one per lesson when that eighth holds them"
        ),
    )
    parser.add_argument(
        "--cull-idle",
        type=whole_number(1, MAX_CULL_IDLE_SECONDS),
        default=CULL_IDLE_SECONDS,
        help=f"seconds before the kernel of a page that left is shut down (default: {CULL_IDLE_SECONDS})",
    )
    parser.add_argument(
        "--cull-interval",
        type=whole_number(1, MAX_CULL_INTERVAL_SECONDS),
        default=CULL_INTERVAL_SECONDS,
        help=f"seconds between checks for such kernels (default: {CULL_INTERVAL_SECONDS})",
    )

    parser.add_argument(
        "--class-size",
        type=int,
        default=None,
        help="get the lessons ready for this many learners opening them at once (see --lessons)",
    )
    parser.add_argument(
        "--lang",
        choices=languages.LANGUAGES,
        default=languages.ENGLISH,
        metavar="LANG",
        help=messages.text("app.cli.serve_lang"),
    )
    parser.add_argument(
        "--lessons",
        default="",
        help='the lessons the class opens, by number or file: "02,04" (default: every lesson)',
    )


def run(args: argparse.Namespace) -> int:
    """Serve with parsed ``serve`` options."""
    return serve(
        args.notebooks,
        port=args.port,
        ip=args.ip,
        open_browser=args.open_browser,
        pool_size=args.pool_size,
        cull_idle_seconds=args.cull_idle,
        cull_interval_seconds=args.cull_interval,
        class_size=args.class_size,
        lessons=args.lessons,
        language=args.lang,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rummy_teach.app [notebooks] [--port N]``: the same as ``rummy-teach serve``."""
    parser = argparse.ArgumentParser(
        prog="rummy-teach serve", description="Serve the lessons with Voilà."
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
