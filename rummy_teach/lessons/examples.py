"""The lessons' what-if examples: moves no view offers, tried through the engine (``what_if``). Data only.

Each names the lesson that shows it (CURRICULUM numbering) and what the referee answers, so the
course reaches every refusal the engine can make, each where its rule is taught.
"""

from __future__ import annotations

from rummy_teach.lessons.deals_turn import LESSON_3
from rummy_teach.lessons.whatif import (
    Judge,
    MatchTry,
    RummikubDeal,
    RummikubTry,
    RummyDeal,
    RummyTry,
    TurnCheck,
)
from rummy_teach.rules import RummikubRules, RummyRules

__all__ = [
    "WHAT_IF_BAD_MELD",
    "WHAT_IF_CARDS",
    "WHAT_IF_COUNTERCLOCKWISE",
    "WHAT_IF_DEAL",
    "WHAT_IF_DECLARED",
    "WHAT_IF_EMPTY_PILE",
    "WHAT_IF_GAME_OVER",
    "WHAT_IF_GROUP_COLOUR",
    "WHAT_IF_JOKER_MISFIT",
    "WHAT_IF_JOKER_MOVED",
    "WHAT_IF_JOKER_STAND_IN",
    "WHAT_IF_JOKER_TO_RACK",
    "WHAT_IF_LAYOFF_SLIPS",
    "WHAT_IF_MATCH",
    "WHAT_IF_MELD_SLIPS",
    "WHAT_IF_NOT_YOURS",
    "WHAT_IF_NO_SUCH_MELD",
    "WHAT_IF_NO_TIMER",
    "WHAT_IF_OPENING_SLIPS",
    "WHAT_IF_OPEN_REARRANGED",
    "WHAT_IF_OPEN_SHORT",
    "WHAT_IF_OPEN_TABLE_TILE",
    "WHAT_IF_OPEN_TOUCHED",
    "WHAT_IF_PASS",
    "WHAT_IF_PENALTY",
    "WHAT_IF_RACK_MISSING",
    "WHAT_IF_RESTOCK",
    "WHAT_IF_ROUND_OVER",
    "WHAT_IF_STUCK_STOCK",
    "WHAT_IF_TABLE_STAYS_VALID",
    "WHAT_IF_TABLE_TILE_GONE",
    "WHAT_IF_TILES_DEAL",
    "WHAT_IF_TILE_SLIPS",
    "WHAT_IF_TIMER",
    "WHAT_IF_WRONG_STEPS",
]

_TILES = RummikubRules()

# Lesson 2 — a card twice, a meld of nothing
WHAT_IF_MELD_SLIPS = Judge(("7H 7H 7S", ""))
"""R-SETUP-1: one pack has one 7♥; R-MELD-1, R-MELD-2: nothing picked is no meld."""

# Lesson 3 — a turn: cards you do not hold, a card twice, an empty pile, a pass
WHAT_IF_NOT_YOURS = RummyTry(LESSON_3, ("draw", "meld 5H 6H 7H", "meld 9S 9S 9H"))
"""Drawn from the stock, the 7♥ stays on the pile: not in hand (no rule); 9♠ twice (R-SETUP-1)."""
WHAT_IF_EMPTY_PILE = RummyTry(
    {"hands": ["5H 6H KC 2D 9S 9H 9C", "3S 4D 8C JD QH 10C AS"], "discard_pile": "", "seed": 3},
    ("take",),
)
"""R-TURN-1: nothing to take from an empty discard pile; the stock it is."""
WHAT_IF_PASS = RummyTry(LESSON_3, ("pass",))
"""No move passes a turn: the engine names the moves there are."""

# Lesson 4 — laying off onto a meld that is not there
WHAT_IF_NO_SUCH_MELD = RummyTry(
    {
        "hands": ["5S 9S 10S KS 6C 7C 2H", "3D 4D 8D JD QH 10C AS"],
        "discard_pile": "4H",
        "table": ["1: 6S 7S 8S", "1: KH KD KC", "1: 3C 4C 5C"],
        "seed": 4,
    },
    ("draw", "layoff 3 9S"),
)
"""R-TURN-3: three melds on the table (0, 1, 2): there is no fourth to lay off onto."""

WHAT_IF_LAYOFF_SLIPS = Judge(("7S", "", "9S"), onto="6S 7S 8S")
"""R-SETUP-1: the 7♠ is already in the run; nothing laid off; the 9♠ fits (R-TURN-3)."""
WHAT_IF_BAD_MELD = Judge(("8H",), onto="5H 6D 7H")
"""A meld that is not valid takes nothing (it could never have been laid down, R-MELD-2)."""

# Lesson 5 — the round stops at once; a game is many rounds
WHAT_IF_ROUND_OVER = RummyTry(
    {
        "hands": ["10C JC QC 3D", "3S 7D 5H 2C", "AS 8H JD 6S"],
        "discard_pile": "9H KC",
        "table": ["1: 4S 4H 4C"],
        "played_before": [True, True, True],
        "seed": 5,
    },
    ("take", "meld 10C JC QC KC", "discard 3D", "draw"),
)
"""R-OUT-2: Player 1 went out by discarding; Player 2 may not even draw."""
WHAT_IF_MATCH = MatchTry(
    (92, 40),
    {"hands": ["10C JC QC 3D", "3S 7D 5H 2C"], "discard_pile": "9H KC", "seed": 5},
    ("next round", "take", "meld 10C JC QC KC", "discard 3D", "next round"),
)
"""R-GAME-1: no new deal before the round ends; 92 + 17 reaches 100, so no next round either."""

# Lesson 6 — the deal and the stock


def _rest_of_the_pack(*held: str) -> list[str]:
    """Late in a round: every card not ``held`` on the table, one group per rank."""
    out = {card for cards in held for card in cards.split()}
    ranks = ("A", *map(str, range(2, 11)), "J", "Q", "K")
    groups = [" ".join(r + s for s in "CDHS" if r + s not in out) for r in ranks]
    return [f"1: {group}" for group in groups]


_LATE_TABLE = _rest_of_the_pack("2C 9H 3D KS 5C")
"""Every card but five on the table: two hands of two and a discard left (for the stock rules)."""
WHAT_IF_DEAL = RummyDeal(3, seed=6)
"""R-SETUP-1..4: one pack, 7 cards each for 3 players, the stock and the first discard, who starts."""
WHAT_IF_RESTOCK = RummyTry(
    {"hands": ["2C 9H", "3D KS"], "discard_pile": "5C", "stock": "", "table": _LATE_TABLE},
    ("draw", "discard 5C", "draw", "discard 5C", "draw", "discard 5C"),
)
"""R-STOCK-1: the pile turned over is the new stock, each time; R-STOCK-2: run out again after its
third rebuild, the round stops with no winner."""
WHAT_IF_STUCK_STOCK = RummyTry(
    {"hands": ["2C 9H", "3D KS"], "discard_pile": "5C", "stock": "", "table": _LATE_TABLE},
    ("draw", "take"),
    rules=RummyRules(empty_stock="shuffle"),
)
"""R-STOCK-1, lesson 12's house rule: shuffling all discards but the top leaves nothing to draw
from a pile of one; the top discard may still be taken."""

# Lesson 7 — the tiles, the racks, the order of play
WHAT_IF_TILES_DEAL = RummikubDeal(3, seed=7)
"""K-SET-2, K-SET-3: 14 tiles each for 3 players, 64 in the pool; clockwise."""

WHAT_IF_TILE_SLIPS = Judge(("", "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 J"), _TILES)
"""K-MELD-3: nothing picked; a run of fourteen, longer than 1 to 13."""
WHAT_IF_DECLARED = Judge(("R5 R6 J",), _TILES, jokers="R9")
"""K-MELD-5: a joker said to be the red 9 does not make red 5 red 6 a run."""
WHAT_IF_TABLE_STAYS_VALID = Judge(("B7", "R7", "B6"), _TILES, onto="B4 B5 B6")
"""K-MELD-1: a tile joins a table set only if the set stays valid: blue 7 yes, red 7 no (K-MELD-3),
a second blue 6 no."""
WHAT_IF_GROUP_COLOUR = Judge(("R7",), _TILES, onto="K7 R7 B7")
"""K-MELD-2: a second red 7 may not join the group."""

# Lesson 8 — a rack's opening judged as a whole
WHAT_IF_OPENING_SLIPS = (
    Judge((), _TILES, opening=True),
    Judge(("R10 R11",), _TILES, opening=True),
    Judge(("R10 B10 K10", "R10 R11 R12", "R10 O10 K10"), _TILES, opening=True),
)
"""K-OPEN-2: no set at all; a set of two; K-SET-1: three red 10s where the box has two."""

# Lesson 8 — the initial meld played on a real table
WHAT_IF_OPEN_SHORT = TurnCheck((), ("K9 R9 B9",), "K9 R9 B9 O2 R4 B12", opened=False)
"""K-OPEN-2: 27 points laid down as an opening: the turn fails."""
WHAT_IF_OPEN_TOUCHED = TurnCheck(
    ("R10 R11 R12",), ("R10 R11 R12 R13", "K10 B10 O10"), "R13 K10 B10 O10", opened=False
)
"""K-OPEN-1: a tile added to a table set before the initial meld."""
WHAT_IF_OPEN_TABLE_TILE = TurnCheck(
    ("K5 R5 B5 O5",), ("K5 R5 B5", "O5 O6 O7", "K10 B10 R10"), "O6 O7 K10 B10 R10", opened=False
)
"""K-OPEN-2: the orange 5 taken from the table to make an opening set."""
WHAT_IF_OPEN_REARRANGED = TurnCheck(
    ("K3 K4 K5 K6 K7 K8",), ("K3 K4 K5", "K6 K7 K8", "R10 B10 O10"), "R10 B10 O10", opened=False
)
"""K-OPEN-4: a valid opening, but the table split in the same turn: rearranging comes later."""

# Lesson 9 — rearranging: what may not happen
WHAT_IF_TABLE_TILE_GONE = TurnCheck(("K5 R5 B5 O5",), ("K5 R5 B5", "R6 R7 R8"), "R6 R7 R8")
"""K-TURN-1: the orange 5 vanished from the table (back to the rack): table tiles stay on it."""
WHAT_IF_RACK_MISSING = TurnCheck(("B3 B4 B5",), ("B3 B4 B5 B6 B7",), "B6 R7")
"""K-TURN-2: the blue 7 is not on the rack."""
WHAT_IF_WRONG_STEPS = RummikubTry(
    ("B6 R7 K2", "K9 K10 K11"),
    ("B3 B4 B5", "R1 R2 R3"),
    ("undo", "move B7 rack new", "move B6 rack 5", "move R9 1 new", "end as is"),
    opened=(True, True),
)
"""No step to undo; a tile not on the rack; no set 5; a tile not in set 1 (K-TURN-1, K-TURN-2);
ending a turn that played nothing (K-OPEN-3)."""
WHAT_IF_PENALTY = RummikubTry(
    ("B6 R7 K2", "K9 K10 K11"),
    ("B3 B4 B5", "R1 R2 R3"),
    ("penalty", "move B6 rack 1", "penalty for it", "end"),
    opened=(True, True),
)
"""K-TURN-3: a penalty only for a turn that failed: none asked for nothing, none for a valid table."""

# Lesson 10 — jokers on the table
WHAT_IF_JOKER_TO_RACK = (
    TurnCheck(("R3 R4 J",), ("R3 R4 R5",), "R5"),
    RummikubTry(("R5 K2", "K9 K10 K11"), ("R3 R4 J",), ("move J 1 rack",), (True, True)),
)
"""K-JOKER-3: the joker replaced, but taken to the rack instead of played; or dragged there."""
WHAT_IF_JOKER_STAND_IN = TurnCheck(
    ("R3 J R5", "K4 B4 O4 R4"), ("R3 R4 R5", "K4 B4 O4", "J B8 B9"), "B8 B9"
)
"""K-JOKER-2: the red 4 that frees the joker must come from the rack, not from a table set."""
WHAT_IF_JOKER_MOVED = TurnCheck(("R5 R6 J",), ("J=R3 R4 R5 R6",), "R4")
"""K-JOKER-1: the joker stood for the red 7; the red 4 added and the joker said to be the 3."""
WHAT_IF_JOKER_MISFIT = TurnCheck((), ("R5 R6 J=R9", "K10 B10 O10"), "R5 R6 J K10 B10 O10")
"""K-MELD-5: a joker said to be the red 9 does not fit red 5 red 6."""

# Lesson 11 — after the last tile
WHAT_IF_GAME_OVER = RummikubTry(
    ("R5", "K1 K2 O13"), ("R2 R3 R4",), ("move R5 rack 1", "end", "move K1 rack new"), (True, True)
)
"""K-END-1: Player 1 lays the last tile and wins; Player 2 may not play on."""

# Lesson 12 — house rules: the turn timer, the direction of play, cards instead of tiles
WHAT_IF_NO_TIMER = RummikubTry(
    ("B6 R7 K2", "K9 K10 K11"), ("B3 B4 B5",), ("penalty for time",), (True, True)
)
"""K-TURN-4: without a timer, time cannot run out."""
WHAT_IF_TIMER = RummikubTry(
    ("B6 B7 K2", "K9 K10 K11"),
    ("B3 B4 B5",),
    ("move B6 rack 1", "move B7 rack 1", "end"),
    (True, True),
    rules=RummikubRules(turn_seconds=60),
    seconds=40.0,
)
"""K-TURN-4: a minute a turn, 40 seconds a step: the third step comes too late; the penalty."""
WHAT_IF_COUNTERCLOCKWISE = RummikubDeal(
    4, seed=12, rules=RummikubRules(direction="counterclockwise")
)
"""K-SET-3: the 1978 book's direction of play."""
WHAT_IF_CARDS = RummikubDeal(2, seed=12, rules=RummikubRules(pieces="cards", jokers=4))
"""K-CARDS-1: two packs of cards: which suit is which colour."""
