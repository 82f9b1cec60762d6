"""Computer players for Rummikub: an easy one that plays like a beginner, a strong one that plays
the solver's best move (K-OPEN-2, K-TURN-1, K-JOKER-*).

``RummikubBot(level="easy")`` lays the first sets it finds on its rack (an opening once they reach
``initial_meld_points``), then adds single tiles to the ends of sets on the table, never
rearranging anything. ``RummikubBot(level="strong")`` plays ``best_opening`` / ``best_play`` under
the solver's guard; when that gives no answer in time it plays the easy bot's move instead.
Both check every move with the engine's ``check_turn`` and draw when nothing fits (K-OPEN-3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach.errors import RulesError, shown
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.moves import Draw, Move, Play
from rummy_teach.rummikub.sets import TileSet, grows_validly
from rummy_teach.rummikub.state import RummikubState

__all__ = ["Level", "RummikubBot", "greedy_sets", "greedy_table"]

Level = Literal["easy", "strong"]


def greedy_sets(rack: Iterable[Tile]) -> list[TileSet]:
    """Sets a beginner spots on a rack, taken in order: runs of one colour as long as they go
    (3 or more in a row), then groups of 3-4 colours; no jokers, nothing rearranged."""
    left = Counter(tile for tile in rack if not tile.is_joker)
    found: list[TileSet] = []
    for _copy in range(2):  # two of each tile: a second pass finds a second run
        for colour in Colour:
            number = 1
            while number <= 13:
                if left[Tile(number, colour)] == 0:
                    number += 1
                    continue
                start = number
                while number <= 13 and left[Tile(number, colour)] > 0:
                    number += 1
                run = [Tile(n, colour) for n in range(start, number)]
                if len(run) >= 3:
                    found.append(tuple(run))
                    left.subtract(run)
    for number in range(1, 14):
        while True:
            group = tuple(
                Tile(number, colour) for colour in Colour if left[Tile(number, colour)] > 0
            )
            if len(group) < 3:
                break
            found.append(group)
            left.subtract(group)
    return found


def _grow(tiles: TileSet, tile: Tile, rules: RummikubRules) -> TileSet | None:
    """``tiles`` with ``tile`` added at an end (a run) or as a new colour (a group), if valid
    (K-JOKER-1: a joker set grows as ``joker_set_growth`` allows)."""
    for candidate in ((tile, *tiles), (*tiles, tile)):
        if read_meld(candidate, rules).ok and (
            not any(piece.is_joker for piece in tiles) or grows_validly(tiles, candidate, rules)
        ):
            return candidate
    return None


def greedy_table(
    rack: Sequence[Tile], table: Sequence[Sequence[Tile]], rules: RummikubRules, *, opened: bool
) -> tuple[TileSet, ...] | None:
    """A beginner's turn as the whole new table, or None when it plays nothing.

    Not opened yet: the sets ``greedy_sets`` finds, if together they reach ``initial_meld_points``
    (K-OPEN-2). Opened: those sets, then rack tiles added one by one to the ends of table sets."""
    sets = greedy_sets(rack)
    before = tuple(tuple(tiles) for tiles in table)
    if not opened:
        points = sum(read_meld(tiles, rules).points for tiles in sets)
        if not sets or points < rules.initial_meld_points:
            return None
        return before + tuple(sets)
    left = Counter(rack)
    for tiles in sets:
        left.subtract(tiles)
    grown = list(before)
    placed_any = bool(sets)
    changed = True
    while changed:
        changed = False
        for tile in sorted(left.elements()):
            for index, tiles in enumerate(grown):
                bigger = _grow(tiles, tile, rules)
                if bigger is not None:
                    grown[index] = bigger
                    left[tile] -= 1
                    changed = placed_any = True
                    break
    if not placed_any:
        return None
    new_table = tuple(grown) + tuple(sets)
    if check_turn(before, new_table, rack, opened=True, rules=rules).ok:
        return new_table
    if sets and check_turn(before, before + tuple(sets), rack, opened=True, rules=rules).ok:
        return before + tuple(sets)
    return None


@dataclass(frozen=True, slots=True)
class RummikubBot:
    """A computer player: ``choose(state)`` gives its move for the player to act."""

    level: Level = "strong"

    def __post_init__(self) -> None:
        if self.level not in ("easy", "strong"):
            raise RulesError(
                f"a Rummikub bot's level is 'easy' or 'strong', not {shown(self.level)}"
            )

    def choose(self, state: RummikubState) -> Move:
        """The bot's move for the player to act: a ``Play`` (the whole new table) or ``Draw``."""
        if not isinstance(state, RummikubState):
            raise RulesError(f"a Rummikub bot plays a RummikubState, not {shown(state)}")
        if self.level == "strong":
            from rummy_teach.solver import hint
            from rummy_teach.solver.hints import NO_ANSWER

            advice = hint(state)
            if advice.reason != NO_ANSWER:
                return advice.move  # type: ignore[no-any-return]
        return _easy_move(state)


def _easy_move(state: RummikubState) -> Move:
    """The easy bot's move: the beginner's turn if the engine accepts it, else ``Draw``."""
    opened = state.opened[state.current_player]
    new_table = greedy_table(state.rack, state.table, state.rules, opened=opened)
    if new_table is None:
        return Draw()
    move = Play(new_table)
    if not state.check(move).ok:
        return Draw()
    return move
