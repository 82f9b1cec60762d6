"""Lesson 5, going out and scoring (R-OUT-1, R-OUT-2, R-SCORE-1, R-SCORE-2, R-GAME-1). Data only.

Three last turns, each going out a different way (the last card melded, laid off, discarded), and
two ends of a round to score (the engine's ``RUMMY_22`` and ``RUMMY_GOING_RUMMY``).
"""

from __future__ import annotations

from rummy_teach.lessons.deals_scoring import RUMMY_22, RUMMY_GOING_RUMMY
from rummy_teach.lessons.goals import Goal
from rummy_teach.lessons.kinds import RummyTurnPuzzle, ScoringPuzzle
from rummy_teach.rules import RummyRules

__all__ = [
    "OUT_BY_DISCARD",
    "OUT_BY_LAYOFF",
    "OUT_BY_MELD",
    "SCORE_GOING_RUMMY",
    "SCORE_TWENTY_TWO",
]

OUT_BY_MELD = RummyTurnPuzzle(
    {
        "hands": ["4C 5C 6C 10D 10H", "3S 7D QH 2C", "AS 8H JD 6S KC"],
        "discard_pile": "9H 10S",
        "table": ["1: 7S 8S 9S"],
        "played_before": [True, True, True],
        "seed": 5,
    },
    Goal.go_out(),
    par=9,
)
"""R-OUT-1: take the 10♠, lay down 4-5-6♣ and the three 10s: the hand is empty, no discard needed."""

OUT_BY_LAYOFF = RummyTurnPuzzle(
    {
        "hands": ["QH 9D", "3S 7C KH 2C", "AS 8H JC 6S"],
        "discard_pile": "4C 8D",
        "table": ["1: 5D 6D 7D", "2: QS QC QD"],
        "played_before": [True, True, True],
        "seed": 5,
    },
    Goal.go_out(),
    par=6,
)
"""R-OUT-1, R-TURN-3: take the 8♦, lay off 8♦ 9♦ onto 5-6-7♦ and the Q♥ onto the queens."""

OUT_BY_DISCARD = RummyTurnPuzzle(
    {
        "hands": ["10C JC QC 3D", "3S 7D 5H 2C", "AS 8H JD 6S"],
        "discard_pile": "9H KC",
        "table": ["1: 4S 4H 4C"],
        "played_before": [True, True, True],
        "seed": 5,
    },
    Goal.go_out(),
    par=8,
)
"""R-OUT-1, R-TURN-5: take the K♣, lay down 10-J-Q-K♣, discard the 3♦ as the last card."""

SCORE_TWENTY_TWO = ScoringPuzzle(RUMMY_22, par=1)
"""R-SCORE-1: Q♦ 4♠ and A♥ 7♣ left in the opponents' hands: 10 + 4 + 1 + 7 = 22."""

SCORE_GOING_RUMMY = ScoringPuzzle(RUMMY_GOING_RUMMY, RummyRules(going_rummy_doubles=True))
"""R-SCORE-2: all six hearts and the discard in one turn: 44 with doubling on, 22 with it off."""
