"""The Rummikub game (RULES.md K-*): tiles, sets and jokers, moves, the state, the turn check, the workspace.

>>> from rummy_teach.rummikub import deal, Draw, replay
>>> start = deal(2, seed=1)
>>> state = replay(start, [Draw(), "draw"])
>>> [str(move) for move in state.history]
['draw', 'draw']

The rooms: ``tiles`` (the 106 tiles, card faces), ``sets`` (the one home of joker reading, placing
and swapping), ``moves`` (``Play``, ``Draw``, ``Penalty`` and their notation), ``state``
(``RummikubState``), ``setup`` (``deal``, ``from_position``), ``check`` (``check_turn``), ``workspace`` (a turn built step by
step), ``saves`` (``replay``, ``load``, ``transcript``), ``bots`` and ``random_player``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_teach._lazy import lazy_names

if TYPE_CHECKING:
    from rummy_teach.rummikub.bots import RummikubBot
    from rummy_teach.rummikub.check import check_turn
    from rummy_teach.rummikub.moves import (
        Draw,
        Move,
        Penalty,
        Play,
        move_from_json,
        move_to_json,
        parse_move,
    )
    from rummy_teach.rummikub.saves import load, replay, transcript
    from rummy_teach.rummikub.sets import JOKER, Table, TileSet
    from rummy_teach.rummikub.setup import deal, from_position
    from rummy_teach.rummikub.state import RummikubState, RummikubView
    from rummy_teach.rummikub.tiles import (
        RACK_SIZE,
        card_to_tile,
        format_rummikub,
        full_set,
        parse_rummikub,
        tile_label,
        tile_to_card,
    )
    from rummy_teach.rummikub.workspace import NEW, RACK, SetProblem, TurnResult, TurnWorkspace

__all__ = [
    "JOKER",
    "NEW",
    "RACK",
    "RACK_SIZE",
    "Draw",
    "Move",
    "Penalty",
    "Play",
    "RummikubBot",
    "RummikubState",
    "RummikubView",
    "SetProblem",
    "Table",
    "TileSet",
    "TurnResult",
    "TurnWorkspace",
    "card_to_tile",
    "check_turn",
    "deal",
    "format_rummikub",
    "from_position",
    "full_set",
    "load",
    "move_from_json",
    "move_to_json",
    "parse_move",
    "parse_rummikub",
    "replay",
    "tile_label",
    "tile_to_card",
    "transcript",
]

# Each name imported from its room on first use: the solver reads ``sets`` and ``tiles`` without
# loading the bots, the state, the workspace or the saves.
# Hidden from type checkers, which read the imports above (and so still flag unknown names).
if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(
        globals(),
        {
            "rummy_teach.rummikub.bots": ("RummikubBot",),
            "rummy_teach.rummikub.check": ("check_turn",),
            "rummy_teach.rummikub.moves": (
                "Draw",
                "Move",
                "Penalty",
                "Play",
                "move_from_json",
                "move_to_json",
                "parse_move",
            ),
            "rummy_teach.rummikub.saves": ("load", "replay", "transcript"),
            "rummy_teach.rummikub.sets": ("JOKER", "Table", "TileSet"),
            "rummy_teach.rummikub.setup": ("deal", "from_position"),
            "rummy_teach.rummikub.state": ("RummikubState", "RummikubView"),
            "rummy_teach.rummikub.tiles": (
                "RACK_SIZE",
                "card_to_tile",
                "format_rummikub",
                "full_set",
                "parse_rummikub",
                "tile_label",
                "tile_to_card",
            ),
            "rummy_teach.rummikub.workspace": (
                "NEW",
                "RACK",
                "SetProblem",
                "TurnResult",
                "TurnWorkspace",
            ),
        },
    )
