"""Rearranging the Rummikub table (lessons 9 and 10): the turn goals, the lesson puzzles, seeded deals.

A ``TurnPuzzle`` is one position (table, rack, whether the learner has opened, the rules) and a
``TurnGoal``; the views are ``RearrangeExercise`` and ``JokerExercise`` (``rummy_teach.widgets``).
``deal_rearrange(number)`` and ``deal_joker(number)`` make a fresh puzzle of the same kind from a
numbered seed (the same number gives the same puzzle for everyone), each checked by the solver
to have an answer. Engine only: no widget is imported here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour, Tile, format_pieces, parse_tiles
from rummy_teach.rules import Rules, RummikubRules
from rummy_teach.rummikub.card_words import said
from rummy_teach.rummikub.setup import from_position
from rummy_teach.rummikub.state import RummikubState

__all__ = [
    "JOKER_EXTEND",
    "JOKER_STANDS_GROUP",
    "JOKER_STANDS_RUN",
    "JOKER_SWAP",
    "JOKER_TRIO_BOTH",
    "JOKER_TRIO_EITHER",
    "REARRANGE_ADD",
    "REARRANGE_PENALTY",
    "REARRANGE_SPLIT",
    "REARRANGE_TAKE_FROM_GROUP",
    "TurnGoal",
    "TurnPuzzle",
    "deal_joker",
    "deal_rearrange",
]

TurnGoalKind = Literal["place", "place_all", "place_most", "penalty", "swap", "stands"]


@dataclass(frozen=True, slots=True)
class TurnGoal:
    """What a turn exercise asks for: ``kind`` names its sentence (``rearrange.goal.<kind>``).

    ``tiles`` (notation) are the rack tiles to place (``place``, ``swap``, ``penalty``); for
    ``stands`` the set (1-based ``set_number``) whose joker the learner names.
    """

    kind: TurnGoalKind
    tiles: str = ""
    set_number: int = 1

    @classmethod
    def place(cls, tiles: str) -> TurnGoal:
        """Place these rack tiles and end the turn with the table valid (K-TURN-1, K-TURN-2)."""
        return cls("place", tiles)

    @classmethod
    def place_all(cls) -> TurnGoal:
        """Place every rack tile and end the turn with the table valid."""
        return cls("place_all")

    @classmethod
    def place_most(cls) -> TurnGoal:
        """Place as many rack tiles as the solver's best play does (its par)."""
        return cls("place_most")

    @classmethod
    def penalty(cls, tiles: str) -> TurnGoal:
        """End the turn with ``tiles`` where they do not fit and see the penalty (K-TURN-3)."""
        return cls("penalty", tiles)

    @classmethod
    def swap(cls, tiles: str) -> TurnGoal:
        """Swap a joker out with ``tiles`` and play the freed joker this turn (K-JOKER-2)."""
        return cls("swap", tiles)

    @classmethod
    def stands(cls, set_number: int) -> TurnGoal:
        """Say what the joker in table set ``set_number`` stands for (K-MELD-5, K-JOKER-4)."""
        return cls("stands", set_number=set_number)

    def goal_tiles(self) -> tuple[Tile, ...]:
        """The rack tiles this goal names (none for the kinds that name none)."""
        return tuple(parse_tiles(self.tiles)) if self.tiles else ()

    def text(self, rules: Rules | None = None) -> str:
        """The goal in one sentence, as shown above the exercise (with cards under card rules)."""
        return said(
            f"rearrange.goal.{self.kind}",
            rules,
            tiles=messages.pieces_short(self.goal_tiles()),
            number=self.set_number,
        )

    def met(self, placed: Sequence[Tile], rack: Sequence[Tile], *, par: int = 0) -> bool:
        """Whether an accepted turn that placed ``placed`` from ``rack`` meets this goal."""
        if self.kind in ("place", "swap"):
            return not Counter(self.goal_tiles()) - Counter(placed)
        if self.kind == "place_all":
            return len(placed) == len(rack)
        if self.kind == "place_most":
            return len(placed) >= par
        return False


@dataclass(frozen=True, slots=True)
class TurnPuzzle:
    """One turn position for the rearrange and joker views: the table, the rack, the goal."""

    table: tuple[str, ...]
    rack: str
    goal: TurnGoal
    rules: RummikubRules = field(default_factory=RummikubRules)
    opened: bool = True
    seed: int = 0
    """Shuffles the pool the penalty is drawn from (K-TURN-3), so the penalty is the same each time."""
    title: str = ""
    """The message key of the exercise's title ('' for none)."""
    view: Literal["rearrange", "joker"] = "rearrange"

    def state(self) -> RummikubState:
        """The position as a game state: the learner (player 1) to play, the other rack empty.

        The position is in tile notation whatever the rules (with cards too, K-CARDS-1)."""
        return from_position(
            [parse_tiles(self.rack), []],
            table=[parse_tiles(tiles) for tiles in self.table],
            opened=[self.opened, True],
            rules=self.rules,
            seed=self.seed,
        )


# -- lesson 9: rearranging the table (K-TURN-1..3)

REARRANGE_ADD = TurnPuzzle(("B3 B4 B5", "K9 R9 O9"), "B6", TurnGoal.place("B6"))
"""Add ``B6`` to ``B3 B4 B5`` (K-TURN-1)."""
REARRANGE_TAKE_FROM_GROUP = TurnPuzzle(("K5 R5 B5 O5",), "R6 R7", TurnGoal.place_all())
"""Take ``R5`` out of the group of four (three stay valid) and make ``R5 R6 R7``."""
REARRANGE_SPLIT = TurnPuzzle(("K3 K4 K5 K6 K7 K8",), "K5", TurnGoal.place("K5"))
"""Split ``K3 … K8`` to fit a ``K5`` from the rack: ``K3 K4 K5`` + ``K5 K6 K7 K8``."""
REARRANGE_PENALTY = TurnPuzzle(("O1 O2 O3", "K8 R8 B8"), "O5 B11", TurnGoal.penalty("O5"), seed=9)
"""``O5`` does not fit ``O1 O2 O3``: ending the turn so restores the table and costs 3 tiles (K-TURN-3)."""

# -- lesson 10: jokers (K-JOKER-1..4)

JOKER_SWAP = TurnPuzzle(("R5 J R7", "K9 B9 O9"), "R6 K10 K11", TurnGoal.swap("R6"), view="joker")
"""Swap ``R6`` in for the joker, then play the freed joker with ``K10 K11`` (K-JOKER-2, K-JOKER-3)."""
JOKER_EXTEND = TurnPuzzle(("R5 J R7 R8",), "R4 R9", TurnGoal.place_all(), view="joker")
"""Extend a run holding a joker at both ends; taking a tile out of it is refused (K-JOKER-1)."""
JOKER_STANDS_RUN = TurnPuzzle(("B8 J B10", "K4 R4 J"), "", TurnGoal.stands(1), view="joker")
"""What does the joker in ``B8 J B10`` stand for? (K-MELD-5)"""
JOKER_STANDS_GROUP = TurnPuzzle(("B8 J B10", "K4 R4 J"), "", TurnGoal.stands(2), view="joker")
"""What does the joker in ``K4 R4 J`` stand for? Either missing colour (K-JOKER-4)."""
JOKER_TRIO_EITHER = TurnPuzzle(("K7 R7 J",), "B7 O3 O4", TurnGoal.swap("B7"), view="joker")
"""The group of three: ``B7`` alone frees the joker (K-JOKER-4, the default ``"either"``)."""
JOKER_TRIO_BOTH = TurnPuzzle(
    ("K7 R7 J",),
    "B7 O7 B3 B4",
    TurnGoal.place_all(),
    rules=RummikubRules(joker_trio_retrieval="both"),
    view="joker",
)
"""The 1978 book: ``B7`` and ``O7`` together free the joker of ``K7 R7 J`` (K-JOKER-4, ``"both"``)."""

# -- seeded deals ("another hand")

_TRIES = 40
"""Seeds a deal tries in turn before it gives up (each checked by the solver)."""


def _fits_at_an_end(tile: Tile, table: Sequence[Sequence[Tile]], rules: RummikubRules) -> bool:
    """True when ``tile`` added to a table set as it lies makes it a valid set."""
    return any(check_meld([*tiles, tile], rules).ok for tiles in table)


def _solves(puzzle: TurnPuzzle) -> bool:
    """The solver places every tile the goal names (all the rack for ``place_all``)."""
    from rummy_teach.solver import best_play

    state = puzzle.state()
    play = best_play(state.rack, state.table, puzzle.rules)
    return puzzle.goal.met(play.placed, state.rack, par=play.tiles)


def _distractors(rng: random.Random, used: Counter[Tile], count: int) -> list[list[Tile]]:
    """``count`` valid groups of three to fill the table, no tile more than twice in all."""
    sets: list[list[Tile]] = []
    while len(sets) < count:
        number = rng.randint(1, 13)
        colours = rng.sample(list(Colour), 3)
        group = [Tile(number, colour) for colour in colours]
        if all(used[tile] < 2 for tile in group):
            used.update(group)
            sets.append(group)
    return sets


def deal_rearrange(number: int, rules: RummikubRules | None = None) -> TurnPuzzle:
    """Hand ``number``: a table where a rack tile fits only by splitting a run (K-TURN-1).

    The run is 6 or 7 tiles of one colour; the rack tile is one of its inner numbers, which fits
    no set as it lies; the solver checks that it can be placed. Same number, same puzzle.
    """
    rules = rules or RummikubRules()
    if type(number) is not int or number < 0:
        raise RulesError(f"a hand number is a whole number from 0, not {shown(number)}")
    for attempt in range(_TRIES):
        rng = random.Random(f"rearrange-{number}-{attempt}")
        colour = rng.choice(list(Colour))
        length = rng.choice((6, 7))
        start = rng.randint(1, 14 - length)
        run = [Tile(start + step, colour) for step in range(length)]
        tile = run[rng.randint(2, length - 3)]
        used = Counter([*run, tile])
        table = [run, *_distractors(rng, used, rng.randint(1, 2))]
        rng.shuffle(table)
        if _fits_at_an_end(tile, table, rules):
            continue
        puzzle = TurnPuzzle(
            tuple(format_pieces(tiles) for tiles in table),
            format_pieces([tile]),
            TurnGoal.place(format_pieces([tile])),
            rules=rules,
            seed=number,
        )
        if _solves(puzzle):
            return puzzle
    raise RulesError(f"no rearrange deal found for hand {number}")  # pragma: no cover


def deal_joker(number: int, rules: RummikubRules | None = None) -> TurnPuzzle:
    """Hand ``number``: a run holding a joker, the tile it stands for on the rack, and two rack
    tiles that make a set only with the freed joker (K-JOKER-2, K-JOKER-3); solver-checked."""
    rules = rules or RummikubRules()
    if type(number) is not int or number < 0:
        raise RulesError(f"a hand number is a whole number from 0, not {shown(number)}")
    for attempt in range(_TRIES):
        rng = random.Random(f"joker-{number}-{attempt}")
        colour, other = rng.sample(list(Colour), 2)
        start = rng.randint(1, 11)
        run = [Tile(start + step, colour) for step in range(3)]
        hole = rng.randint(0, 2)
        stand_in = run[hole]
        laid = [Tile.joker(stand_in) if place == hole else tile for place, tile in enumerate(run)]
        low = rng.randint(1, 12)
        pair = [Tile(low, other), Tile(low + 1, other)]
        used = Counter([*run, *pair])
        extra = _distractors(rng, used, 1)
        if any(check_meld([*pair, tile], rules).ok for group in extra for tile in group):
            continue
        table = [format_pieces(laid), *(format_pieces(tiles) for tiles in extra)]
        puzzle = TurnPuzzle(
            tuple(table),
            format_pieces([stand_in, *pair]),
            TurnGoal.swap(format_pieces([stand_in])),
            rules=rules,
            seed=number,
            view="joker",
        )
        try:
            if _solves(replace(puzzle, goal=TurnGoal.place_all())):
                return puzzle
        except RulesError:  # a tile more often than the set has (K-SET-1): try the next seed
            continue
    raise RulesError(f"no joker deal found for hand {number}")  # pragma: no cover
