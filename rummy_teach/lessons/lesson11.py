"""Lesson 11, Rummikub: the end of the game (K-END-1, K-END-2): the rounds it scores. Data only.

The end positions live with their seeded deals in ``deals_scoring``; this module names the ones
the lesson shows, in order, and the racks its opening picture draws.
"""

from __future__ import annotations

from rummy_teach.lessons.deals_scoring import RUMMIKUB_EMPTY_POOL, RUMMIKUB_JOKER_LEFT, RummikubEnd
from rummy_teach.lessons.kinds import GamePuzzle
from rummy_teach.rules import RummikubRules

__all__ = [
    "END_PICTURES",
    "END_PUZZLES",
    "RUMMIKUB_EMPTY_POOL",
    "RUMMIKUB_GAME",
    "RUMMIKUB_JOKER_LEFT",
]

END_PUZZLES: tuple[RummikubEnd, ...] = (RUMMIKUB_JOKER_LEFT, RUMMIKUB_EMPTY_POOL)
"""Lesson 11's exercises in order: a joker left on a rack costs 30 (K-END-1), then the game that
stops with the pool empty (K-END-2)."""

END_PICTURES: dict[str, tuple[str, ...]] = {
    "went_out": ("R2 R9", "K13 J"),
    "pool_empty": ("B2 O4", "R10", "K7 K8 R6"),
}
"""The prose's examples: the racks left when a player went out (11 and 43: +54 for the winner),
and three racks when the pool ran out (6, 10 and 21: the 6 wins 4 + 15 = 19)."""

RUMMIKUB_GAME = GamePuzzle(seed=0, level="easy", rules=RummikubRules())
"""The lesson's last exercise: a whole Rummikub game against the easy computer (every K- rule)."""
