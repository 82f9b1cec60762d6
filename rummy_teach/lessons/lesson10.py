"""Lesson 10, Rummikub: joker rules (K-JOKER-1..4, K-MELD-5): its puzzles in order. Data only.

The turn puzzles live with their seeded deals in ``deals_rearrange``; this module names the ones
the lesson shows, in the order it shows them, and the positions its pictures draw.
"""

from __future__ import annotations

from rummy_teach.lessons.deals_rearrange import (
    JOKER_EXTEND,
    JOKER_STANDS_GROUP,
    JOKER_STANDS_RUN,
    JOKER_SWAP,
    JOKER_TRIO_BOTH,
    JOKER_TRIO_EITHER,
    TurnPuzzle,
)

__all__ = [
    "JOKER_EXTEND",
    "JOKER_PICTURES",
    "JOKER_PUZZLES",
    "JOKER_STANDS_GROUP",
    "JOKER_STANDS_RUN",
    "JOKER_SWAP",
    "JOKER_TRIO_BOTH",
    "JOKER_TRIO_EITHER",
]

JOKER_PUZZLES: tuple[TurnPuzzle, ...] = (
    JOKER_STANDS_RUN,
    JOKER_STANDS_GROUP,
    JOKER_EXTEND,
    JOKER_SWAP,
    JOKER_TRIO_EITHER,
    JOKER_TRIO_BOTH,
)
"""Lesson 10's exercises in order: what a joker stands for (K-MELD-5), growing a set that holds
one (K-JOKER-1), the swap and its reuse (K-JOKER-2, K-JOKER-3), the trio rule both ways (K-JOKER-4)."""

JOKER_PICTURES: dict[str, tuple[str, ...]] = {
    "before": ("R5 J R7", "K9 B9 O9"),
    "after": ("R5 R6 R7", "K9 B9 O9", "K10 K11 J"),
}
"""The opening example: a joker swapped out with R6 and played again at once with K10 K11."""
