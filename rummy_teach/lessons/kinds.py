"""Puzzle data for the Rummy play views (a turn, a round's score, a game): data only, no widgets.

``Puzzle`` (``rummy_teach.lessons``) holds a hand and a table; these hold what the turn, scoring
and game views take instead: a whole position, an end of a round, a game's seed and level.
``rummy_teach.widgets.show`` builds the view for each, so a notebook cell stays one call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rummy_teach.lessons.deals_scoring import ScoringEnd
from rummy_teach.lessons.goals import Goal
from rummy_teach.rules import Rules, RummikubRules, RummyRules

__all__ = ["GamePuzzle", "RummyTurnPuzzle", "ScoringPuzzle"]


@dataclass(frozen=True, slots=True)
class RummyTurnPuzzle:
    """One Rummy turn to play: the position (``rummy.from_position``'s arguments) and the goal."""

    position: Mapping[str, Any]
    goal: Goal
    title: str = ""
    """A message key (``widgets.title.*``) for a title above the exercise, or empty."""
    par: int = 0
    """Most moves (presses and picks, as ``intents_for`` sends a turn) for three stars; 0: any."""


@dataclass(frozen=True, slots=True)
class ScoringPuzzle:
    """The end of a round to score, under ``rules`` (None: the rule book's)."""

    end: ScoringEnd
    rules: Rules | None = None
    title: str = ""
    par: int = 0
    """Answers for three stars (1: the right total at the first try); 0: any number."""


@dataclass(frozen=True, slots=True)
class GamePuzzle:
    """A game against the computer: how many players, the deal's seed, the computer's level; the
    rules name the game (Rummy or Rummikub)."""

    seed: int
    level: Literal["easy", "strong"] = "easy"
    rules: RummyRules | RummikubRules = field(default_factory=RummyRules)
    players: int = 2
    title: str = ""
