"""Lesson 3, a Rummy turn (R-TURN-1, R-TURN-2, R-TURN-5, R-TURN-6): the turns to play. Data only.

Each position's stock comes from its seed, so the card drawn from the stock is the same for
everyone (the lesson's tests pin it): the engine sets the positions up, nothing here judges.
"""

from __future__ import annotations

from rummy_teach.lessons.deals_turn import LESSON_3, TURN_LEFT
from rummy_teach.lessons.goals import Goal
from rummy_teach.lessons.kinds import RummyTurnPuzzle

__all__ = ["TURN_DRAW_FIRST", "TURN_NO_MELD", "TURN_TAKE_THE_SEVEN"]

TURN_DRAW_FIRST = RummyTurnPuzzle(
    {
        "hands": ["8S 8D 8C 4H 5H QC 2S", "3S 4D 7C JD QH 10C AS"],
        "discard_pile": "6C KD",
        "seed": 1,
    },
    Goal.play_turn(4),
    par=7,
)
"""R-TURN-1: the three 8s are ready in hand, yet the turn starts with a draw (the stock gives Q♠);
then the 8s go down and one card is discarded: four cards left."""

TURN_TAKE_THE_SEVEN = RummyTurnPuzzle(LESSON_3, Goal.play_turn(TURN_LEFT), par=11)
"""CURRICULUM's turn (R-TURN-2, R-TURN-6): take the 7♥, lay down 5-6-7♥ and the 9s, discard the
K♣ or the 2♦, never the 7♥ just taken."""

TURN_NO_MELD = RummyTurnPuzzle(
    {
        "hands": ["3C 7D 9S JH KH 2S 5C", "4S 8D 6C QD 10H AS 9C"],
        "discard_pile": "2H QS",
        "seed": 2,
    },
    Goal.play_turn(7),
    par=3,
)
"""R-TURN-2 is optional: nothing melds, with the Q♠ or with the stock's 9♦; draw, then discard."""
