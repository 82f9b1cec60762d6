"""Both games' computer players, in one place: Rummy's ``RandomBot`` and ``RummyBot`` (with
``play_round`` / ``play_match``) and Rummikub's ``RummikubBot``; ``bot.choose(state) -> move``.

>>> from rummy_teach.rummy import deal
>>> play_round([RummyBot(), RummyBot()], deal(2, seed=3)).is_over
True
"""

from __future__ import annotations

from rummy_teach.rummikub import RummikubBot
from rummy_teach.rummy.bots import RandomBot, RummyBot, RummyPlayer, play_match, play_round

__all__ = ["RandomBot", "RummikubBot", "RummyBot", "RummyPlayer", "play_match", "play_round"]
