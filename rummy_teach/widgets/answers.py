"""The hint ladder's last step: the best disjoint melds a lesson's small hand or rack can make.

The search itself is the engine's (``rummy_teach.melds.search``); this module keeps the names
the views and tests import.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_teach.melds import check_meld
from rummy_teach.melds.search import best_sets
from rummy_teach.pieces import Piece
from rummy_teach.rules import Rules

__all__ = ["best_opening_points", "best_sets"]


def best_opening_points(rack: Sequence[Piece], rules: Rules, *, limit: int = 14) -> int:
    """The highest total of disjoint valid sets from ``rack`` (exhaustive; racks up to ``limit`` pieces)."""
    return sum(check_meld(meld, rules).points for meld in best_sets(rack, rules, limit=limit))
