"""The hint ladder's last step: the best disjoint melds a lesson's small hand or rack can make."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

from rummy_teach.melds import check_meld
from rummy_teach.pieces import Piece
from rummy_teach.rules import Rules

__all__ = ["best_opening_points", "best_sets"]


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
    valid: list[tuple[frozenset[int], int]] = []
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(range(len(hand)), size):
            verdict = check_meld([hand[i] for i in combo], rules)
            if verdict.ok and (kind is None or verdict.kind == kind):
                valid.append((frozenset(combo), verdict.points if by == "points" else size))
    best: tuple[int, list[frozenset[int]]] = (0, [])

    def search(start: int, used: frozenset[int], total: int, chosen: list[frozenset[int]]) -> None:
        nonlocal best
        if total > best[0]:
            best = (total, list(chosen))
        for index in range(start, len(valid)):
            indexes, worth = valid[index]
            if not indexes & used:
                chosen.append(indexes)
                search(index + 1, used | indexes, total + worth, chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    ordered = sorted(best[1], key=lambda indexes: (-len(indexes), min(indexes)))
    return [[hand[i] for i in sorted(indexes)] for indexes in ordered]


def best_opening_points(rack: Sequence[Piece], rules: Rules, *, limit: int = 14) -> int:
    """The highest total of disjoint valid sets from ``rack`` (exhaustive; racks up to ``limit`` pieces)."""
    return sum(check_meld(meld, rules).points for meld in best_sets(rack, rules, limit=limit))
