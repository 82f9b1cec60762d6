"""Positions for the Rummy turn exercise: lesson 3's, and fresh ones dealt from a numbered seed.

``turn_deal(number)`` is lesson 3's kind of turn, "hand 7" the same for everyone: the top of the
discard pile completes a run in the hand, the hand also holds a group and two loose cards, so the
best turn is take the discard, lay down the run and the group, discard one card (one card left).
Each deal is checked by the engine: the strong computer player's turn from it ends with one card.
Engine only: nothing here imports a widget.
"""

from __future__ import annotations

import random
from typing import Any

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.pieces import Card, Suit, format_pieces
from rummy_teach.rummy.bots import RummyBot
from rummy_teach.rummy.moves import TakeDiscard
from rummy_teach.rummy.setup import DECK, from_position
from rummy_teach.rummy.state import RummyState

__all__ = ["LESSON_3", "TURN_LEFT", "lesson_turn", "turn_deal", "turn_plan"]

LESSON_3: dict[str, Any] = {
    "hands": ["5H 6H KC 2D 9S 9H 9C", "3S 4D 8C JD QH 10C AS"],
    "discard_pile": "4C 7H",
    "seed": 3,
}
"""Lesson 3's turn (CURRICULUM): take the 7♥, lay down 5-6-7♥ and the nines, discard."""
TURN_LEFT = 1
"""Cards left in hand after the best turn of a dealt position (and of lesson 3's)."""
_TRIES = 200
"""Candidates tried per number before giving up (every one so far passes at the first)."""


def lesson_turn() -> RummyState:
    """Lesson 3's turn as a round set up at the start of the learner's turn."""
    return from_position(**LESSON_3)


def turn_plan(state: RummyState) -> RummyState:
    """The state after the strong computer player plays the turn of the player to act."""
    bot = RummyBot()
    player = state.current_player
    while not state.is_over and state.current_player == player:
        state = state.apply(bot.choose(state))
    return state


def _candidate(rng: random.Random, seed: int) -> dict[str, Any]:
    suits = list(Suit)
    suit = rng.choice(suits)
    low = rng.randint(1, 11)
    run = [Card(rank, suit) for rank in range(low, low + 3)]
    top = rng.choice(run)
    group_rank = rng.choice([rank for rank in range(1, 14) if not low - 1 <= rank <= low + 3])
    group = [Card(group_rank, other) for other in rng.sample(suits, 3)]
    used = set(run) | set(group)
    rest = [card for card in DECK if card not in used]
    rng.shuffle(rest)
    loose, rest = rest[:2], rest[2:]
    other_hand, rest = rest[:7], rest[7:]
    below, rest = rest[:2], rest[2:]
    hand = [card for card in run if card != top] + group + loose
    return {
        "hands": [format_pieces(sorted(hand)), format_pieces(sorted(other_hand))],
        "discard_pile": format_pieces([*below, top]),
        "seed": seed,
    }


def _fits(position: dict[str, Any]) -> bool:
    """The engine's check: taking the discard and playing on ends the turn with one card left."""
    state = from_position(**position)
    after = turn_plan(state)
    first = after.log[len(state.log)][1]
    return first == TakeDiscard() and len(after.hands[0]) == TURN_LEFT and not after.is_over


def turn_deal(number: int) -> dict[str, Any]:
    """A fresh lesson-3 kind of turn (``from_position`` arguments), the same for the same number."""
    if type(number) is not int or number < 0:
        raise RummyTeachError(f"a hand number is a whole number from 0, not {shown(number)}")
    rng = random.Random(f"rummy-teach-turn:{number}")
    for _ in range(_TRIES):
        position = _candidate(rng, number)
        if _fits(position):
            return position
    raise RummyTeachError(f"no turn position found for hand {number}")  # pragma: no cover
