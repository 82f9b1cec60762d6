"""Seeded deals for spot the mistake: a row of Rummy melds, some valid, some with a beginner's slip.

The slips are the ones lesson 2 teaches: a run with a gap, a run mixing two suits of one colour,
a run round the corner (while the ace is low), a "group" of two. The same number and rules give
the same row on every machine (``random.Random`` seeded with a string); every meld is judged by
the engine (``check_meld``) before the row is used, so a valid one is valid and a slip is one.
"""

from __future__ import annotations

import random

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.melds import check_meld
from rummy_teach.pieces import parse_cards
from rummy_teach.rules import RummyRules

__all__ = ["SLIPS", "spot_melds"]

SLIPS = ("gap", "mixed_suits", "corner", "two")
"""The beginner's slips a dealt row shows (each at most once)."""
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = "HDCS"
_SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}
_TRIES = 50


def _card(rank: int, suit: str) -> str:
    return _RANKS[rank - 1] + suit


def _valid(rng: random.Random) -> str:
    suit = rng.choice(_SUITS)
    if rng.random() < 0.5:
        start = rng.randint(1, 11)
        return " ".join(_card(rank, suit) for rank in range(start, start + 3))
    rank = rng.randint(1, 13)
    return " ".join(_card(rank, s) for s in rng.sample(_SUITS, 3))


def _slip(rng: random.Random, slip: str) -> str:
    suit = rng.choice(_SUITS)
    if slip == "gap":
        start = rng.randint(1, 10)
        return " ".join(_card(rank, suit) for rank in (start, start + 1, start + 3))
    if slip == "mixed_suits":
        start, other = rng.randint(1, 11), _SAME_COLOUR[suit]
        return " ".join(_card(start + i, (suit, other, suit)[i]) for i in range(3))
    if slip == "corner":
        return " ".join(_card(rank, suit) for rank in rng.choice(((12, 13, 1), (13, 1, 2))))
    rank = rng.randint(1, 13)
    return " ".join(_card(rank, s) for s in rng.sample(_SUITS, 2))


def spot_melds(number: int, rules: RummyRules, size: int = 6) -> tuple[str, ...]:
    """Row ``number``: ``size`` melds in notation, two or three valid and the rest slips, judged."""
    if type(number) is not int or number < 1:
        raise RummyTeachError(f"a hand number is a whole number from 1, not {shown(number)}")
    rng = random.Random(f"spot:{rules.key}:{number}:{size}")
    for _ in range(_TRIES):
        valid = rng.randint(2, 3)
        slips = rng.sample(SLIPS, min(size - valid, len(SLIPS)))
        row = [(_valid(rng), True) for _ in range(size - len(slips))]
        row += [(_slip(rng, slip), False) for slip in slips]
        rng.shuffle(row)
        if all(check_meld(parse_cards(meld), rules).ok == ok for meld, ok in row):
            return tuple(meld for meld, _ in row)
    raise RummyTeachError(f"no row of melds for hand {number} under {shown(rules.key)}")
