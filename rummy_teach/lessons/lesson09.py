"""Lesson 9, Rummikub: rearranging the table (K-TURN-1..3): its puzzles, easy to hard. Data only.

The turn puzzles live with their seeded deals in ``deals_rearrange``; this module names the ones
the lesson shows, in the order it shows them, and the positions its pictures draw.
"""

from __future__ import annotations

from rummy_teach.lessons.deals_rearrange import (
    REARRANGE_ADD,
    REARRANGE_PENALTY,
    REARRANGE_SPLIT,
    REARRANGE_TAKE_FROM_GROUP,
    TurnPuzzle,
)

__all__ = [
    "REARRANGE_ADD",
    "REARRANGE_PENALTY",
    "REARRANGE_PICTURES",
    "REARRANGE_PUZZLES",
    "REARRANGE_SPLIT",
    "REARRANGE_TAKE_FROM_GROUP",
]

REARRANGE_PUZZLES: tuple[TurnPuzzle, ...] = (
    REARRANGE_ADD,
    REARRANGE_TAKE_FROM_GROUP,
    REARRANGE_SPLIT,
    REARRANGE_PENALTY,
)
"""Lesson 9's exercises in order: add a tile (K-TURN-1), take one from a group of four, split a
run, and the penalty for a table left invalid (K-TURN-3)."""

REARRANGE_PICTURES: dict[str, tuple[str, ...]] = {
    "before": ("K3 K4 K5 K6 K7 K8", "R9 B9 O9"),
    "after": ("K3 K4 K5", "K5 K6 K7 K8", "R9 B9 O9 K9"),
}
"""The opening example: one table before and after a turn that split a run and grew a group."""
