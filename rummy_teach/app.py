"""The lesson app: Voilà serving ``notebooks/`` with a landing page, ready for a classroom and offline.

``serve()`` runs Voilà in this process with the ``rummy`` template (the lab template without CDN
links; ``/`` opens the lesson list ``index.ipynb``, never a file browser), preheated kernels,
idle kernels culled, no tracebacks shown to learners. Voilà itself refuses ``execute_request``
from the page's kernel connection.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from rummy_teach import messages
from rummy_teach.static import static_dir

__all__ = [
    "APP_EXTRAS",
    "TEMPLATE",
    "find_notebooks",
    "install_template",
    "main",
    "missing_extras",
    "serve",
    "voila_argv",
]

TEMPLATE = "rummy"
"""The Voilà template the app uses (``widgets/voila/templates/rummy``)."""
DEFAULT_PORT = 8866
CULL_IDLE_SECONDS = 300
"""A kernel with no page connected that has been idle this long (5 minutes) is shut down.

Kernels of open pages are never culled (``cull_connected=False``). Voilà 0.5's own shutdown on
leaving a page is refused by the server's XSRF check (voila-dashboards/voila#1458), so culling is
what ends the kernels of learners who left.
"""
CULL_INTERVAL_SECONDS = 30
APP_EXTRAS = ("voila", "ipywidgets", "anywidget", "ipykernel")
"""What the ``app`` extra installs and serving needs (``pip install 'rummy-teach[app]'``)."""
EXIT_MISSING_EXTRAS = 2


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
    raise FileNotFoundError(
        f"no lessons folder with an index.ipynb among {', '.join(map(str, candidates))}"
    )


def voila_argv(
    notebooks: Path,
    *,
    port: int = DEFAULT_PORT,
    host: str = "127.0.0.1",
    pool_size: int = 1,
    cull_idle_seconds: int = CULL_IDLE_SECONDS,
) -> list[str]:
    """Voilà's command-line arguments for the app (also what ``binder/`` configures)."""
    return [
        str(notebooks),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--no-browser",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.classic_tree=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--preheat_kernel=True",
        f"--pool_size={pool_size}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=False",
        # kernels talk to the server over Unix sockets: no TCP port to race for when a class of
        # learners opens pages at once (jupyter/jupyter_client#487), and nothing on the network
        "--KernelManager.transport=ipc",
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


def serve(
    notebooks: str | os.PathLike[str] | None = None,
    *,
    port: int = DEFAULT_PORT,
    ip: str = "127.0.0.1",
    open_browser: bool = False,
    pool_size: int = 1,
    cull_idle_seconds: int = CULL_IDLE_SECONDS,
) -> int:
    """Serve the lessons at ``http://ip:port/`` until interrupted (``rummy-teach serve``); 0 when stopped.

    Without the app extras it prints one line saying what to install and returns 2.
    """
    refused = refuse_without_extras()
    if refused is not None:
        return refused
    folder = find_notebooks(notebooks)
    _environment()
    try:
        from voila.app import Voila  # type: ignore[import-untyped]
    except ImportError:
        print(messages.text("widgets.app.missing_extras", missing="voila"), file=sys.stderr)
        return EXIT_MISSING_EXTRAS

    argv = voila_argv(
        folder, port=port, host=ip, pool_size=pool_size, cull_idle_seconds=cull_idle_seconds
    )
    if open_browser:
        argv.remove("--no-browser")
    Voila.launch_instance(argv=argv)
    return 0


def install_template(prefix: str | os.PathLike[str] | None = None) -> Path:
    """Copy the ``rummy`` template into ``prefix/share/jupyter/voila/templates`` (Binder's postBuild)."""
    source = template_root() / "voila" / "templates" / TEMPLATE
    target = Path(prefix or sys.prefix) / "share" / "jupyter" / "voila" / "templates" / TEMPLATE
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    return target


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` options, shared by ``rummy-teach serve`` and ``python -m rummy_teach.app``."""
    parser.add_argument(
        "notebooks", nargs="?", default=None, help="lessons folder (default: ./notebooks)"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default: 8866)")
    parser.add_argument(
        "--ip", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--pool-size", type=int, default=1, help="preheated kernels per lesson (default: 1)"
    )
    parser.add_argument(
        "--cull-idle",
        type=int,
        default=CULL_IDLE_SECONDS,
        help="seconds before an idle kernel is shut down",
    )


def run(args: argparse.Namespace) -> int:
    """Serve with parsed ``serve`` options."""
    return serve(
        args.notebooks,
        port=args.port,
        ip=args.ip,
        pool_size=args.pool_size,
        cull_idle_seconds=args.cull_idle,
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
