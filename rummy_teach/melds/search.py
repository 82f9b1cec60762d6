"""Exhaustive searches over small hands: the best disjoint melds, the most pieces laid off (bounded work).

Both search every possibility, so they are exact; each bounds its input (``limit`` pieces), so the
work is bounded by the size of a lesson's hand, never by a clock. The hint ladder's answers, the
"no dead ends" check and the seeded deals of ``rummy_teach.lessons.deals`` use them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach.melds.layoff import check_layoff, layoff_takes
from rummy_teach.melds.reading import check_meld
from rummy_teach.pieces import Piece
from rummy_teach.rules import Rules

__all__ = [
    "Candidate",
    "LayoffStep",
    "best_cover",
    "best_layoffs",
    "best_sets",
    "single_best_points",
    "valid_melds",
]

LayoffStep = tuple[int, int]
"""One lay-off: (index of the piece in the hand, index of the meld on the table)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One valid meld among a hand's pieces: which pieces (indexes), its kind and its points."""

    indexes: frozenset[int]
    kind: str
    points: int


def valid_melds(pieces: Sequence[Piece], rules: Rules, *, limit: int = 14) -> tuple[Candidate, ...]:
    """Every valid meld among the first ``limit`` pieces (each checked once by ``check_meld``)."""
    hand = list(pieces)[:limit]
    found = []
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(range(len(hand)), size):
            verdict = check_meld([hand[i] for i in combo], rules)
            if verdict.ok:
                found.append(Candidate(frozenset(combo), verdict.kind or "", verdict.points))
    return tuple(found)


def best_cover(
    candidates: Sequence[Candidate],
    available: frozenset[int] | None = None,
    *,
    kind: str | None = None,
    by: Literal["points", "pieces"] = "points",
) -> list[Candidate]:
    """Disjoint candidates within ``available`` pieces (all if None) with the most points or pieces.

    Exhaustive; with ``kind``, only groups or only runs count. Largest first, then by first piece.
    """
    valid = [
        (cand, cand.points if by == "points" else len(cand.indexes))
        for cand in candidates
        if (kind is None or cand.kind == kind) and (available is None or cand.indexes <= available)
    ]
    best: tuple[int, list[Candidate]] = (0, [])

    def search(start: int, used: frozenset[int], total: int, chosen: list[Candidate]) -> None:
        nonlocal best
        if total > best[0]:
            best = (total, list(chosen))
        for index in range(start, len(valid)):
            cand, worth = valid[index]
            if not cand.indexes & used:
                chosen.append(cand)
                search(index + 1, used | cand.indexes, total + worth, chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    return sorted(best[1], key=lambda cand: (-len(cand.indexes), min(cand.indexes)))


def best_sets(
    pieces: Sequence[Piece],
    rules: Rules,
    *,
    kind: str | None = None,
    by: Literal["points", "pieces"] = "points",
    limit: int = 14,
) -> list[list[Piece]]:
    """Disjoint valid melds from ``pieces`` with the most points (or pieces), largest first.

    Exhaustive, for the small hands of the lessons (up to ``limit`` pieces). With ``kind``,
    only groups or only runs count.
    """
    hand = list(pieces)[:limit]
    cover = best_cover(valid_melds(hand, rules), kind=kind, by=by)
    return [[hand[i] for i in sorted(cand.indexes)] for cand in cover]


def single_best_points(pieces: Sequence[Piece], rules: Rules, *, limit: int = 14) -> int:
    """The most points one valid meld from ``pieces`` is worth (0 if none; exhaustive)."""
    hand = list(pieces)[:limit]
    best = 0
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            verdict = check_meld(list(combo), rules)
            if verdict.ok:
                best = max(best, verdict.points)
    return best


def best_layoffs(
    table: Sequence[Sequence[Piece]],
    hand: Sequence[Piece],
    rules: Rules,
    *,
    enough: int | None = None,
    limit: int = 10,
) -> list[LayoffStep]:
    """An order of single lay-offs (R-TURN-3) placing the most hand pieces onto ``table``.

    Exhaustive over every order (memoised on what is left and what each meld holds), for hands
    of up to ``limit`` pieces; ties go to the first piece, then the first meld. With ``enough``,
    the first order found placing that many pieces is returned (a shorter one means none does).
    """
    pieces = list(hand)[:limit]
    memo: dict[tuple[frozenset[int], tuple[tuple[int, ...], ...]], list[LayoffStep]] = {}
    takes: dict[tuple[int, tuple[int, ...]], list[Piece] | None] = {}
    start = tuple(() for _ in table)

    def fit(index: int, extra: tuple[int, ...], piece: int) -> bool:
        """Whether the piece fits meld ``index`` grown by ``extra`` (the engine's layoff_takes)."""
        grown = [*table[index], *(pieces[i] for i in extra)]
        if (index, extra) not in takes:
            verdict = check_meld(grown, rules)
            plain = verdict.ok and not any(held.is_joker for held in grown)
            takes[index, extra] = layoff_takes(verdict, rules) if plain else None
        accepted = takes[index, extra]
        if accepted is None or pieces[piece].is_joker:  # jokers: the whole check
            return check_layoff(grown, [pieces[piece]], rules).ok
        return pieces[piece] in accepted

    def search(
        left: frozenset[int], added: tuple[tuple[int, ...], ...], need: int
    ) -> list[LayoffStep]:
        key = (left, added)
        if key in memo:
            return memo[key]
        best: list[LayoffStep] = []
        done = False
        for piece in sorted(left):
            for index in range(len(table)):
                if not fit(index, added[index], piece):
                    continue
                after = tuple(
                    tuple(sorted((*extra, piece))) if at == index else extra
                    for at, extra in enumerate(added)
                )
                plan = [(piece, index), *search(left - {piece}, after, need - 1)]
                if len(plan) > len(best):
                    best = plan
                done = len(best) >= min(need, len(left))
                if done:
                    break
            if done:
                break
        if not done or len(best) == len(left):  # the most from here: kept for other orders
            memo[key] = best
        return best

    return search(frozenset(range(len(pieces))), start, len(pieces) if enough is None else enough)
