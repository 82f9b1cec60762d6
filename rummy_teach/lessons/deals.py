"""Seeded deals for "Another hand": a fresh position of an exercise's kind from a hand number.

The same number with the same goal, rules and sizes gives the same position on every machine
(``random.Random`` seeded with a string, never the global generator), so a teacher can say
"everyone try hand 7". Each position is built under its exercise's constraints and then checked
by the engine's exhaustive searches (``rummy_teach.melds.search``) to have a solution; a position
that fails is redrawn, a bounded number of times. Engine only: nothing here imports a widget.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import check_meld
from rummy_teach.melds.layoff import layoff_takes
from rummy_teach.melds.search import best_cover, best_layoffs, best_sets, valid_melds
from rummy_teach.melds.terms import make_piece, terms_for
from rummy_teach.pieces import Colour, Piece, Suit, Tile
from rummy_teach.rules import Rules, RummikubRules
from rummy_teach.rummikub.tiles import full_set
from rummy_teach.rummy.setup import DECK

__all__ = [
    "HIGHEST_HAND",
    "MELD_GOALS",
    "LayoffDeal",
    "OpeningKind",
    "layoff_position",
    "layoff_works",
    "meld_hand",
    "meld_hand_works",
    "opening_kind",
    "opening_position",
    "opening_rack",
    "opening_rack_works",
]

HIGHEST_HAND = 999_999
"""Hand numbers run from 1 to this."""
ATTEMPTS = 400
"""How many positions a deal may build before it gives up (a bound on work, never reached)."""

MELD_GOALS = frozenset({"make_meld", "make_run", "make_group", "lay_down_all"})
"""The goals of laying down melds from a hand, which ``meld_hand`` deals for."""
OpeningKind = Literal["opens", "two_sets", "cannot_open"]
"""A rack that can open; one that opens only with two sets or more; one that cannot open."""


@dataclass(frozen=True, slots=True)
class LayoffDeal:
    """A lay-off position: melds on the table and a hand whose pieces but ``left`` all fit."""

    table: tuple[tuple[Piece, ...], ...]
    hand: tuple[Piece, ...]


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= HIGHEST_HAND:
        raise RummyTeachError(f"a hand number runs from 1 to {HIGHEST_HAND}, not {shown(number)}")


def _rng(what: str, rules: Rules, number: int, *extra: object) -> random.Random:
    _check_number(number)
    return random.Random(":".join(["rummy-teach", what, rules.key, *map(str, extra), str(number)]))


def _pool(rules: Rules) -> list[Piece]:
    """Every piece of the game except jokers, sorted (two of each tile in Rummikub)."""
    if isinstance(rules, RummikubRules):
        return [tile for tile in full_set(rules) if not tile.is_joker]
    return list(DECK)


def _take(pool: list[Piece], wanted: Sequence[Piece]) -> list[Piece] | None:
    """Remove ``wanted`` from ``pool`` and return it, or None (pool unchanged) if one is missing."""
    need = Counter(wanted)
    have = Counter(pool)
    if any(have[piece] < count for piece, count in need.items()):
        return None
    for piece in wanted:
        pool.remove(piece)
    return list(wanted)


def _random_meld(rng: random.Random, rules: Rules, kind: str, size: int) -> list[Piece]:
    """A run or group of ``size`` pieces (a group at most 4), before checking the pool."""
    terms = terms_for(rules)
    suits: list[Suit | Colour] = list(terms.suits)
    if kind == "group":
        number = rng.randint(1, 13)
        return [make_piece(number, suit, terms.cards) for suit in rng.sample(suits, min(size, 4))]
    suit = rng.choice(suits)
    low = rng.randint(1, 14 - size)
    return [make_piece(number, suit, terms.cards) for number in range(low, low + size)]


def _melds_into(
    rng: random.Random, rules: Rules, pool: list[Piece], sizes: Sequence[int], kinds: Sequence[str]
) -> list[list[Piece]] | None:
    melds = []
    for size in sizes:
        kind = rng.choice([k for k in kinds if k == "run" or size <= 4] or ["run"])
        meld = _take(pool, _random_meld(rng, rules, kind, size))
        if meld is None:
            return None
        melds.append(meld)
    return melds


def _with_jokers(rng: random.Random, melds: list[list[Piece]], jokers: int) -> None:
    """Put ``jokers`` jokers in place of pieces of the melds (one per meld, the first melds)."""
    for meld in rng.sample(melds, min(jokers, len(melds))):
        meld[rng.randrange(len(meld))] = Tile.joker()


def _sizes(rng: random.Random, total: int) -> list[int]:
    """Meld sizes of 3 to 5 adding up to ``total`` (at least 3)."""
    sizes: list[int] = []
    while total - sum(sizes) > 5:
        rest = total - sum(sizes)
        sizes.append(
            rng.choice([size for size in (3, 4, 5) if rest - size == 0 or rest - size >= 3])
        )
    sizes.append(total - sum(sizes))
    return sizes


def _kind_of(goal: Goal) -> str | None:
    return {"make_run": "run", "make_group": "group"}.get(goal.kind)


def meld_hand_works(hand: Sequence[Piece], goal: Goal, rules: Rules) -> bool:
    """Whether ``hand`` can meet ``goal`` (a meld goal), checked by exhaustive search.

    A lay-down-all goal needs the best melds to leave exactly ``goal.left`` pieces.
    """
    if goal.kind in ("make_meld", "make_run", "make_group"):
        return bool(best_sets(hand, rules, kind=_kind_of(goal), by="pieces"))
    if goal.kind == "lay_down_all":
        left = len(hand) - sum(len(meld) for meld in best_sets(hand, rules, by="pieces"))
        return left == goal.left
    raise RummyTeachError(f"{shown(goal.kind)} is not a goal of laying down melds")


def meld_hand(
    goal: Goal, rules: Rules, number: int, *, size: int = 7, jokers: int = 0
) -> tuple[Piece, ...]:
    """Hand ``number`` for a meld goal: ``size`` pieces (``jokers`` of them jokers) that meet it."""
    rng = _rng("meld", rules, number, goal.kind, goal.left, size, jokers)
    if goal.kind == "lay_down_all":
        if size - goal.left < 3 or size > 12:
            raise RummyTeachError(f"no deal lays down {size - goal.left} of {size} pieces")
    elif not 3 <= size <= 12:
        raise RummyTeachError(f"a meld exercise's hand holds 3 to 12 pieces, not {size}")
    jokers = jokers if isinstance(rules, RummikubRules) else 0
    kinds = [_kind_of(goal)] if _kind_of(goal) else ["run", "group"]
    for _attempt in range(ATTEMPTS):
        pool = _pool(rules)
        if goal.kind == "lay_down_all":
            sizes = _sizes(rng, size - goal.left)
        else:
            sizes = [rng.randint(3, min(4, size))]
        melds = _melds_into(rng, rules, pool, sizes, [k for k in kinds if k])
        if melds is None:
            continue
        _with_jokers(rng, melds, jokers)
        hand = [piece for meld in melds for piece in meld]
        hand += rng.sample(pool, size - len(hand))
        rng.shuffle(hand)
        if meld_hand_works(hand, goal, rules):
            return tuple(hand)
    raise RummyTeachError(f"no hand {number} for {shown(goal.kind)} found in {ATTEMPTS} tries")


def layoff_works(deal: LayoffDeal, goal: Goal, rules: Rules) -> bool:
    """Whether every piece of the hand but exactly ``goal.left`` can be laid off (exhaustive search)."""
    laid = best_layoffs(deal.table, deal.hand, rules)
    return len(deal.hand) - len(laid) == goal.left


def layoff_position(
    goal: Goal, rules: Rules, number: int, *, melds: int = 3, size: int = 7
) -> LayoffDeal:
    """Position ``number`` for a lay-off goal: ``melds`` melds of three on the table and a hand of
    ``size`` pieces, all but ``goal.left`` of which can be laid off (R-TURN-3)."""
    rng = _rng("layoff", rules, number, goal.kind, goal.left, melds, size)
    if not (1 <= melds <= 6 and 1 <= size <= 10 and 0 <= goal.left < size):
        raise RummyTeachError(f"no lay-off deal with {melds} melds and {size} pieces")
    for _attempt in range(ATTEMPTS):
        pool = _pool(rules)
        table = _melds_into(rng, rules, pool, [3] * melds, ["run", "group"])
        if table is None:
            continue
        grown = [list(meld) for meld in table]
        hand: list[Piece] = []
        for _piece in range(size - goal.left):
            fits = [  # what each meld takes (R-TURN-3) that is still in the pool
                (piece, index)
                for index, meld in enumerate(grown)
                for piece in layoff_takes(check_meld(meld, rules), rules)
                if piece in pool
            ]
            if not fits:
                break
            piece, index = rng.choice(fits)
            pool.remove(piece)
            grown[index].append(piece)
            hand.append(piece)
        if len(hand) < size - goal.left:
            continue
        hand += rng.sample(pool, goal.left)
        rng.shuffle(hand)
        deal = LayoffDeal(tuple(tuple(meld) for meld in table), tuple(hand))
        if layoff_works(deal, goal, rules):
            return deal
    raise RummyTeachError(f"no lay-off position {number} found in {ATTEMPTS} tries")


def _needed(rules: Rules) -> int:
    if not isinstance(rules, RummikubRules):
        raise RummyTeachError(f"an opening needs Rummikub rules, not {shown(rules.key)}")
    return rules.initial_meld_points


def opening_kind(rack: Sequence[Piece], rules: Rules) -> OpeningKind:
    """What kind of rack this is: it opens with one set, only with two or more, or not at all."""
    needed = _needed(rules)
    candidates = valid_melds(rack, rules)
    if sum(cand.points for cand in best_cover(candidates)) < needed:
        return "cannot_open"
    return "opens" if max(cand.points for cand in candidates) >= needed else "two_sets"


def opening_rack_works(rack: Sequence[Piece], kind: OpeningKind, rules: Rules) -> bool:
    """Whether ``rack`` is of ``kind`` (checked by exhaustive search); "opens" takes any rack that can."""
    found = opening_kind(rack, rules)
    return found == kind or (kind == "opens" and found == "two_sets")


def opening_rack(
    kind: OpeningKind, rules: Rules, number: int, *, size: int = 7, jokers: int = 0
) -> tuple[Piece, ...]:
    """Rack ``number`` of ``kind`` (K-OPEN-2): ``size`` tiles, ``jokers`` of them jokers."""
    needed = _needed(rules)
    rng = _rng("opening", rules, number, kind, needed, size, jokers)
    if not 3 <= size <= 10 or (kind == "two_sets" and size < 6):
        raise RummyTeachError(f"no {shown(kind)} rack of {size} tiles")
    for _attempt in range(ATTEMPTS):
        pool = _pool(rules)
        count = 0 if kind == "cannot_open" else 2 if kind == "two_sets" else rng.randint(1, 2)
        count = min(count, size // 3)
        sets = _melds_into(rng, rules, pool, [3] * count, ["run", "group"])
        if sets is None:
            continue
        _with_jokers(rng, sets, jokers)
        rack = [tile for meld in sets for tile in meld]
        rack += rng.sample(pool, size - len(rack) - max(0, jokers - len(sets)))
        rack += [Tile.joker()] * max(0, jokers - len(sets))
        rng.shuffle(rack)
        if opening_rack_works(rack, kind, rules):
            return tuple(rack)
    raise RummyTeachError(f"no {shown(kind)} rack {number} found in {ATTEMPTS} tries")


def opening_position(
    goal: Goal, rules: Rules, number: int, *, size: int = 7, jokers: int = 0, like: OpeningKind
) -> tuple[Piece, ...]:
    """Rack ``number`` for an opening goal, of the kind of the exercise's own rack (``like``).

    "Open": a rack that opens ("two_sets" stays "only with two sets"); "open or draw": by the
    number, sometimes a rack that can open, sometimes one that can't (K-OPEN-1, K-OPEN-2).
    """
    if goal.kind == "open":
        kind: OpeningKind = "two_sets" if like == "two_sets" else "opens"
    elif goal.kind == "open_or_draw":
        pick = _rng("open_or_draw", rules, number, size, jokers)
        kind = "cannot_open" if pick.random() < 0.5 else "opens"
    else:
        raise RummyTeachError(f"{shown(goal.kind)} is not an opening goal")
    return opening_rack(kind, rules, number, size=size, jokers=jokers)
