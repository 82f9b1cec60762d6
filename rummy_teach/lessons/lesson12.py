"""Lesson 12, house rules: each exercise beside the switches that flip its verdict. Data only.

A :class:`HouseRulePuzzle` pairs an exercise (a meld or opening puzzle, a Rummy turn, a Rummikub
turn or the end of a round to score) with the rules fields whose switch changes what the engine
says about it; ``rummy_teach.widgets.show_house_rule`` shows it with a rules picker of those
fields. :data:`SWITCH_RULES` names the rule book entry each field varies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from rummy_teach.lessons.deals_rearrange import TurnGoal, TurnPuzzle
from rummy_teach.lessons.deals_scoring import RUMMIKUB_EMPTY_POOL, RUMMY_GOING_RUMMY, ScoringEnd
from rummy_teach.lessons.goals import Goal
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummy.setup import from_position
from rummy_teach.rummy.state import RummyState

__all__ = [
    "HOUSE_ACE",
    "HOUSE_DOUBLING",
    "HOUSE_EMPTY_POOL",
    "HOUSE_GO_OUT",
    "HOUSE_JOKERS",
    "HOUSE_MELDS_PER_TURN",
    "HOUSE_OPENING",
    "HOUSE_PENALTY",
    "HOUSE_PUZZLES",
    "HOUSE_TRIO",
    "SWITCH_RULES",
    "HouseRulePuzzle",
    "TurnPosition",
]

SWITCH_RULES: Final[Mapping[str, str]] = {
    "ace": "R-MELD-3",
    "melds_per_turn": "R-TURN-2",
    "must_discard_to_go_out": "R-OUT-1",
    "going_rummy_doubles": "R-SCORE-2",
    "target": "R-GAME-1",
    "hands": "R-GAME-1",
    "empty_stock": "R-STOCK-1",
    "max_restocks": "R-STOCK-2",
    "jokers": "K-SET-1",
    "direction": "K-SET-3",
    "initial_meld_points": "K-OPEN-2",
    "penalty_draw": "K-TURN-3",
    "turn_seconds": "K-TURN-4",
    "joker_set_growth": "K-JOKER-1",
    "joker_trio_retrieval": "K-JOKER-4",
    "empty_pool_end": "K-END-2",
    "pieces": "K-CARDS-1",
}
"""Each house-rule field of the rules objects and the rule book entry whose variant it is."""


@dataclass(frozen=True, slots=True)
class TurnPosition:
    """A Rummy turn for the turn view: the hands, the discard pile (top last), the table, the goal."""

    hands: tuple[str, ...]
    discard_pile: str
    goal: Goal
    table: tuple[str, ...] = ()
    seed: int = 0

    def state(self, rules: RummyRules) -> RummyState:
        """The position as a round at the start of the learner's (player 1's) turn."""
        return from_position(
            list(self.hands),
            discard_pile=self.discard_pile,
            table=list(self.table),
            seed=self.seed,
            rules=rules,
        )


@dataclass(frozen=True, slots=True)
class HouseRulePuzzle:
    """An exercise and the house-rule switches beside it that flip its verdict."""

    switches: tuple[str, ...]
    """The rules fields the picker beside the exercise shows."""
    exercise: Goal | TurnPosition | TurnPuzzle | ScoringEnd
    """What to show: a goal for ``hand`` (meld and opening views), a turn, or an end to score."""
    rules: Rules
    hand: str = ""
    """The hand or rack in notation, for a meld or opening exercise."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule book entries the switches vary (for the hints and the coverage count)."""
        return tuple(dict.fromkeys(SWITCH_RULES[switch] for switch in self.switches))


# -- melds: the ace and the jokers
HOUSE_ACE = HouseRulePuzzle(("ace",), Goal.make_run(), RummyRules(), hand="QS KS AS 5D 9C")
"""R-MELD-3: Q♠ K♠ A♠ is refused with aces low, valid once the ace may be high."""
HOUSE_JOKERS = HouseRulePuzzle(("jokers",), Goal.make_run(), RummikubRules(), hand="R5 J J J B9")
"""K-SET-1: three jokers in one set need the four-joker game; with two, R5 and two jokers do."""

# -- a Rummy turn: how many melds, how to go out
HOUSE_MELDS_PER_TURN = HouseRulePuzzle(
    ("melds_per_turn",),
    TurnPosition(("5H 6H 9S 9H 9C KC 2D", "3S 4D 8C JD QH 10C AS"), "4C 7H", Goal.play_turn(1)),
    RummyRules(),
)
"""R-TURN-2: take 7♥, lay down 5-6-7♥ and the nines, discard: with one meld a turn, the nines wait."""
HOUSE_GO_OUT = HouseRulePuzzle(
    ("must_discard_to_go_out",),
    TurnPosition(
        ("4C 5C 6C", "3S 4D 8C JD QH 10H AS"), "KD 7C", Goal.go_out(), table=("9H 9S 9D",)
    ),
    RummyRules(),
)
"""R-OUT-1: take 7♣ and meld all four clubs to go out; with discard-to-go-out, keep one to discard."""

# -- scores
HOUSE_DOUBLING = HouseRulePuzzle(("going_rummy_doubles", "ace"), RUMMY_GOING_RUMMY, RummyRules())
"""R-SCORE-2, R-MELD-3: 22 points, 44 when going rummy doubles; an ace left counts 15 if high."""

# -- Rummikub: the initial meld, the penalty, a joker in a group of three
HOUSE_OPENING = HouseRulePuzzle(
    ("initial_meld_points",), Goal.open_or_draw(), RummikubRules(), hand="K9 R9 B9 O2 R4 B12"
)
"""K-OPEN-2: three 9s (27) must draw with 30 needed, and open when the house asks for 25."""
HOUSE_PENALTY = HouseRulePuzzle(
    ("penalty_draw",),
    TurnPuzzle(("O1 O2 O3", "K8 R8 B8"), "O5 B11", TurnGoal.penalty("O5"), seed=9),
    RummikubRules(),
)
"""K-TURN-3: O5 laid where it does not fit: the turn is undone and costs 3 tiles, or the house's number."""
HOUSE_TRIO = HouseRulePuzzle(
    ("joker_trio_retrieval",),
    TurnPuzzle(("K7 R7 J",), "B7 O7 B3 B4", TurnGoal.place_all(), view="joker"),
    RummikubRules(),
)
"""K-JOKER-4: B7 alone frees the joker of K7 R7 J; by the 1978 book, B7 and O7 must both come first."""

HOUSE_EMPTY_POOL = HouseRulePuzzle(("empty_pool_end",), RUMMIKUB_EMPTY_POOL, RummikubRules())
"""K-END-2: nobody can play and the pool is empty: the game ends at once, or once all have passed;
the score of this position is the same either way (54), which the exercise lets the learner see."""

HOUSE_PUZZLES: tuple[HouseRulePuzzle, ...] = (
    HOUSE_ACE,
    HOUSE_JOKERS,
    HOUSE_MELDS_PER_TURN,
    HOUSE_GO_OUT,
    HOUSE_DOUBLING,
    HOUSE_OPENING,
    HOUSE_PENALTY,
    HOUSE_TRIO,
    HOUSE_EMPTY_POOL,
)
"""Lesson 12's exercises, in the order the lesson shows them."""
