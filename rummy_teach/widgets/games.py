"""What the two game views share (``RummyGame``, ``RummikubGame``): the synced traits of a game
(score sheet, opponents, pace), the checks on a game's settings, a button's spec, and the replay
of a finished game step by step.

The browser side is shared the same way: ``gameParts`` in ``widgets/games.js`` draws whose move
it is, the opponents, the score sheet, and presses "Next move" at the page's pace.
"""

from __future__ import annotations

from typing import Any, Literal

import traitlets

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError, shown

__all__ = ["GameTraits", "Level", "button_spec", "check_game", "replay_at"]

Level = Literal["easy", "strong"]
"""The computer players' strength."""


class GameTraits(traitlets.HasTraits):
    """The synced traits every game view adds to its exercise's."""

    sheet = traitlets.Dict().tag(sync=True)
    """The score sheet: caption, head, one row per finished round or game, totals."""
    opponents: traitlets.List[str] = traitlets.List().tag(sync=True)
    """One line per computer player: its name and how many pieces it holds (never which)."""
    pace = traitlets.Float(0.0).tag(sync=True)
    """Seconds the page waits before pressing "Next move" itself; 0: the learner presses it."""


def check_game(players: object, seed: object, level: object, pace: object) -> None:
    """Refuse settings a game cannot have: 2-4 players, a whole seed, easy/strong, pace 0-60 s."""
    if type(players) is not int or not 2 <= players <= 4:
        raise RummyTeachError(
            f"a game is the learner and 1 to 3 computers: 2 to 4 players, not {shown(players)}"
        )
    if level not in ("easy", "strong"):
        raise RummyTeachError(f"level is 'easy' or 'strong', not {shown(level)}")
    if type(seed) is not int:
        raise RummyTeachError(f"a seed is a whole number, not {shown(seed)}")
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0 <= pace <= 60:
        raise RummyTeachError(f"pace is 0 (the Next button) to 60 seconds, not {shown(pace)}")


def button_spec(button_id: str, key: str, enabled: bool) -> dict[str, Any]:
    """One button as the page draws it, labelled by the message ``key``."""
    return {"id": button_id, "label": messages.text(key), "enabled": enabled}


def replay_at(shown: int | None, steps: int, step: int) -> int | None:
    """The replay's step after Back (-1) or Forward (+1) from ``shown`` (None: the last of ``steps``)."""
    at = steps if shown is None else shown
    at = min(max(at + step, 0), steps)
    return None if at == steps else at
