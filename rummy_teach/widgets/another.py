"""What "Another hand" and "no dead ends" share across views: hand numbers and the dead-end mark.

A view deals by implementing ``Exercise._deal(number) -> bool`` (replace the starting position
with hand ``number`` from ``rummy_teach.lessons.deals`` and restart; False: this view cannot deal)
and says when its goal can no longer be reached by implementing ``Exercise._dead_end() -> str``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.lessons.deals import HIGHEST_HAND

__all__ = ["HIGHEST_HAND", "another_button", "hand_number", "mark_dead_end"]


def hand_number(number: object, current: int) -> int:
    """The hand to deal: ``number`` checked (1..HIGHEST_HAND), or the one after ``current`` if None."""
    if number is None:
        return current % HIGHEST_HAND + 1
    if isinstance(number, bool) or not isinstance(number, int):
        raise RummyTeachError(f"a hand number is a whole number, not {shown(number)}")
    if not 1 <= number <= HIGHEST_HAND:
        raise RummyTeachError(f"a hand number runs from 1 to {HIGHEST_HAND}, not {number}")
    return number


def mark_dead_end(zones: Sequence[dict[str, Any]], dead: str) -> list[dict[str, Any]]:
    """``zones`` with the hand's verdict line saying ``dead`` (why the goal is out of reach), if any."""
    if not dead:
        return list(zones)
    return [
        {**zone, "status": "bad", "note": dead} if zone["id"] == "hand" else zone for zone in zones
    ]


def another_button(shown: bool) -> list[dict[str, Any]]:
    """The "Another hand" button (always enabled) if ``shown`` (the view deals), else none."""
    if not shown:
        return []
    return [{"id": "another", "label": messages.text("every.button.another"), "enabled": True}]
