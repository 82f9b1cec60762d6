"""``make lab``: the lessons in JupyterLab, for teachers who read or change them.

JupyterLab does not show the stored SVG pictures of an *untrusted* notebook: it draws a sanitized
copy of their HTML form, which drops the ``<svg>``, so text placeholders show until the notebook is
run. A fresh clone's notebooks are untrusted (trust is a signature kept in the user's own Jupyter
data folder, never in the file). So :func:`main` first trusts the lesson notebooks of this checkout
(``jupyter trust``, the project's own files, whose only stored outputs are pictures and text made
by ``rummy_teach``), then starts JupyterLab on the lessons folder: the pictures show before anything
runs, and Run All makes every exercise live. Runs Jupyter as separate programs: imports none of it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from rummy_teach import messages
from rummy_teach.app import find_notebooks

__all__ = ["lab_argv", "main", "notebooks_in", "trust", "trust_argv"]

EXIT_MISSING_LAB = 2
EXIT_NO_LESSONS = 2


def notebooks_in(folder: Path) -> list[Path]:
    """Every notebook under ``folder`` (lessons, translations, the generated pages), no checkpoints."""
    return [
        path for path in sorted(folder.rglob("*.ipynb")) if ".ipynb_checkpoints" not in path.parts
    ]


def trust_argv(notebooks: Sequence[Path]) -> list[str]:
    """The command that signs ``notebooks`` as trusted for this user (``jupyter trust``)."""
    return [sys.executable, "-m", "jupyter", "trust", *(str(path) for path in notebooks)]


def trust(folder: Path) -> list[Path]:
    """Trust every notebook under ``folder`` for this user; the notebooks trusted."""
    found = notebooks_in(folder)
    subprocess.run(trust_argv(found), check=True, stdout=subprocess.DEVNULL)
    return found


def lab_argv(folder: Path, options: Sequence[str] = ()) -> list[str]:
    """JupyterLab's command line on the lessons folder, with any extra ``options`` (``--port=…``)."""
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", *options]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rummy_teach.lab [notebooks] [jupyterlab options]``: trust, then run JupyterLab.

    Without JupyterLab installed, one line says what to install and the exit code is 2.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    folder_arg = args.pop(0) if args and not args[0].startswith("-") else None
    if importlib.util.find_spec("jupyterlab") is None:
        print(messages.text("course.lab.missing"), file=sys.stderr)
        return EXIT_MISSING_LAB
    try:
        folder = find_notebooks(folder_arg)
    except FileNotFoundError as error:
        print(f"rummy_teach.lab: {error}", file=sys.stderr)
        return EXIT_NO_LESSONS
    trust(folder)
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        args.append("--allow-root")  # a container or CI machine: JupyterLab refuses root otherwise
    # this process becomes JupyterLab, so a stop signal (Ctrl-C, a test's SIGTERM) reaches it and
    # it shuts its kernels down; a child would be left running behind a stopped parent
    command = lab_argv(folder, args)
    os.execv(command[0], command)


if __name__ == "__main__":
    sys.exit(main())
