"""The browser files of the views and the app: where they live, and each view's module and CSS in one piece.

Imports nothing from Jupyter, so ``rummy_teach.app`` can find the Voilà template without loading
anywidget. In a wheel the files are ``rummy_teach/_static``; in a checkout, the repo's ``widgets/``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from rummy_teach.errors import RummyTeachError

__all__ = ["asset", "static_dir", "view_css", "view_module"]

_PACKAGE = Path(__file__).resolve().parent
BASE = "base"
"""The browser code every view shares (``base.js``, ``base.css``)."""
_IMPORT_BASE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./base\.js";[ \t]*$', re.MULTILINE)
_ANY_IMPORT = re.compile(r"^\s*import[\s{*\"']", re.MULTILINE)


def static_dir() -> Path:
    """The folder holding the browser side of the views (ES modules, CSS, the Voilà template)."""
    installed = _PACKAGE / "_static"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "widgets"


def asset(name: str) -> Path:
    """The path of one browser file, e.g. ``asset("meld.js")``."""
    return static_dir() / name


def _read(name: str) -> str:
    path = asset(name)
    if not path.is_file():
        raise RummyTeachError(f"no browser file {name!r} in {static_dir()}")
    return path.read_text(encoding="utf-8")


@cache
def view_module(view: str) -> str:
    """One ES module for ``view``: ``base.js`` followed by ``<view>.js`` without its import of it.

    anywidget loads a view's ``_esm`` as a single module from a blob URL, where relative imports
    cannot resolve; each view file imports only ``./base.js`` (so it also stands alone as a module)
    and that one import is what this joins away.
    """
    source = _read(f"{view}.js")
    joined = _IMPORT_BASE.sub("", source)
    if _ANY_IMPORT.search(joined):
        raise RummyTeachError(f"{view}.js may import only from ./base.js")
    return f"{_read(f'{BASE}.js')}\n// ---- {view}.js\n{joined}"


@cache
def view_css(view: str) -> str:
    """The CSS for ``view``: ``base.css`` followed by ``<view>.css``."""
    return f"{_read(f'{BASE}.css')}\n/* ---- {view}.css */\n{_read(f'{view}.css')}"
