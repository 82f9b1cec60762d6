"""What a meld is, in both games: ``check_meld``, ``check_layoff``, ``check_opening`` and what pieces are worth.

A check never raises for a learner's mistake: it returns a ``Verdict`` with a stable reason key,
the RULES.md id that decides it and a sentence from ``messages`` naming the actual pieces.
Programming errors (wrong piece type for the rules, a bad joker declaration) raise ``RulesError``.

The rooms: ``reading`` (groups, runs, jokers), ``diagnosis`` (why pieces are no meld), ``layoff``,
``opening``, ``values`` and ``terms`` (each game's rule ids and reason keys in one table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_teach._lazy import lazy_names

if TYPE_CHECKING:
    from rummy_teach.melds.layoff import check_layoff
    from rummy_teach.melds.opening import check_opening
    from rummy_teach.melds.reading import check_meld
    from rummy_teach.melds.values import (
        JOKER_POINTS,
        card_value,
        hand_value,
        piece_value,
        tile_value,
    )
    from rummy_teach.verdict import Verdict

__all__ = [
    "JOKER_POINTS",
    "Verdict",
    "card_value",
    "check_layoff",
    "check_meld",
    "check_opening",
    "hand_value",
    "piece_value",
    "tile_value",
]

# Each name imported from its room on first use: ``check_meld`` loads ``reading`` (and what it
# reads with), not ``layoff`` or ``opening``.
# Hidden from type checkers, which read the imports above (and so still flag unknown names).
if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(
        globals(),
        {
            "rummy_teach.melds.layoff": ("check_layoff",),
            "rummy_teach.melds.opening": ("check_opening",),
            "rummy_teach.melds.reading": ("check_meld",),
            "rummy_teach.melds.values": (
                "JOKER_POINTS",
                "card_value",
                "hand_value",
                "piece_value",
                "tile_value",
            ),
            "rummy_teach.verdict": ("Verdict",),
        },
    )
