"""Where the views' browser files live: ``rummy_teach/_static`` in a wheel, else the repo's ``widgets/``."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def static_dir() -> Path:
    """The folder holding the browser side of the views (ES modules and CSS)."""
    installed = _PACKAGE / "_static"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "widgets"


def asset(name: str) -> Path:
    """The path of one browser file, e.g. ``asset("exercise.js")``."""
    return static_dir() / name
