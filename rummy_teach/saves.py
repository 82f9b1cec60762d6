"""The one shape of every saved game: ``{"format": ..., "version": 1, ...}``, written and read here.

Both games save through ``header`` and load through ``read``, so a save of either game is
recognised, versioned and refused with the same clear ``RulesError``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from rummy_teach.errors import RulesError, shown

__all__ = ["VERSION", "header", "move_list", "read"]

VERSION = 1
"""The version of the save format this rummy-teach writes and reads."""


def move_list(moves: object) -> tuple[Any, ...]:
    """The moves to replay as a tuple; text or anything not a list of moves: ``RulesError``."""
    if isinstance(moves, str):
        raise RulesError(
            f"moves is a list of moves, not the text {shown(moves)}: put each in a list"
        )
    if not isinstance(moves, Iterable):
        raise RulesError(f"moves is a list of moves, not {shown(moves)}")
    return tuple(moves)


def header(format_name: str) -> dict[str, Any]:
    """The first two keys of a save of ``format_name``: its format and this version."""
    return {"format": format_name, "version": VERSION}


def read(saved: str | dict[str, Any], format_name: str) -> dict[str, Any]:
    """The saved JSON object, checked to be of ``format_name`` and of this version."""
    try:
        data = json.loads(saved) if isinstance(saved, str) else saved
    except json.JSONDecodeError as error:
        raise RulesError(f"a saved game is JSON; this is not: {error}") from None
    except RecursionError:  # lists within lists thousands deep: no save is like that
        raise RulesError(
            "a saved game is JSON nested a few levels deep; this is far deeper"
        ) from None
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise RulesError(f"not a saved game of format {shown(format_name)}")
    if data.get("version") != VERSION:
        raise RulesError(
            f"a saved game of format {shown(format_name)} version {shown(data.get('version'))} cannot be "
            f"read: this rummy-teach reads version {VERSION}"
        )
    return data
