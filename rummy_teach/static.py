"""The browser files of the views and the app: where they live, and each view's module and CSS in one piece.

Imports nothing from Jupyter, so ``rummy_teach.app`` can find the Voilà template without loading
anywidget. In a wheel the files are ``rummy_teach/_static``; in a checkout, the repo's ``widgets/``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from rummy_teach.errors import RummyTeachError, shown

__all__ = ["ICON", "asset", "static_dir", "view_css", "view_module"]

_PACKAGE = Path(__file__).resolve().parent
BASE = "base"
"""The browser code every exercise view shares (``base.js``, ``base.css``)."""
DOM = "dom"
"""The smallest helpers every view shares (``dom.js``); ``base.js`` itself uses them."""
GAMES = "games"
"""What the two game views share on top of ``base.js`` (``games.js``: whose move, the score sheet)."""
_SHARED = (DOM, BASE, GAMES)
"""The files a view may import, in the order they are joined in front of it."""
_IMPORT_SHARED = re.compile(
    r'^import\s*\{[^}]*\}\s*from\s*"\./(dom|base|games)\.js";[ \t]*$\n?', re.MULTILINE
)
_ANY_IMPORT = re.compile(r"^\s*import[\s{*\"']", re.MULTILINE)
ICON = (
    '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27'
    " viewBox=%270 0 32 32%27%3E%3Crect x=%275%27 y=%272%27 width=%2722%27 height=%2728%27"
    " rx=%274%27 fill=%27%23fffaf0%27 stroke=%27%230a56b0%27 stroke-width=%272%27/%3E%3Ctext"
    " x=%2716%27 y=%2723%27 font-size=%2718%27 font-family=%27sans-serif%27 font-weight=%27bold%27"
    ' text-anchor=%27middle%27 fill=%27%23b3261e%27%3E7%3C/text%3E%3C/svg%3E">'
)
"""Every page's icon, a tile with a red 7 (inline: without one Chromium asks for /favicon.ico, a
404); the Voilà templates (``index.html.j2``, ``page.html``, ``tree.html``) carry the same line."""


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
        raise RummyTeachError(f"no browser file {shown(name)} in {static_dir()}")
    return path.read_text(encoding="utf-8")


@cache
def view_module(view: str) -> str:
    """One ES module for ``view``: the shared files it imports (``dom.js``, ``base.js``,
    ``games.js``) followed by ``<view>.js``, each without its imports of them.

    anywidget loads a view's ``_esm`` as a single module from a blob URL, where relative imports
    cannot resolve; each view file imports only the shared files (so it also stands alone as a
    module) and those imports are what this joins away. A view gets only the shared files it needs:
    the rules picker only ``dom.js``, the game views ``games.js`` too; every instance carries its
    module.
    """
    wanted = _imports(view, set())
    parts = [f"// ---- {name}.js\n{_own(name)}" for name in _SHARED if name in wanted]
    return "\n".join([*parts, f"// ---- {view}.js\n{_own(view)}"])


def _own(name: str) -> str:
    """A browser file without its imports of the shared files; any other import is refused."""
    joined = _IMPORT_SHARED.sub("", _read(f"{name}.js"))
    if _ANY_IMPORT.search(joined):
        raise RummyTeachError(f"{name}.js may import only from ./dom.js, ./base.js and ./games.js")
    return joined


def _imports(name: str, seen: set[str]) -> set[str]:
    """The shared files ``name`` needs, directly or through ``base.js``."""
    for found in _IMPORT_SHARED.finditer(_read(f"{name}.js")):
        shared = found.group(1)
        if shared not in seen:
            seen.add(shared)
            _imports(shared, seen)
    return seen


@cache
def view_css(view: str) -> str:
    """The CSS for ``view``: ``base.css`` followed by ``<view>.css``."""
    return f"{_read(f'{BASE}.css')}\n/* ---- {view}.css */\n{_read(f'{view}.css')}"
