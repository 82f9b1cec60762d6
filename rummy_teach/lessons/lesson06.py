"""Lesson 6, a round against the computer (every R- rule): the games' seeds and levels. Data only.

One round each (``RummyRules(hands=1)``). Seed 2 against the easy computer is a short round (the
strong player, in the learner's seat, goes out after 7 turns); seed 3 against the strong computer
is a harder one: the computer wins it if the learner plays as the strong player would.
"""

from __future__ import annotations

from rummy_teach.lessons.kinds import GamePuzzle
from rummy_teach.rules import RummyRules

__all__ = ["GAME_EASY", "GAME_STRONG"]

GAME_EASY = GamePuzzle(seed=2, level="easy", rules=RummyRules(hands=1))
GAME_STRONG = GamePuzzle(seed=3, level="strong", rules=RummyRules(hands=1))
