"""A learner's Rummikub turn, built step by step: move tiles, undo, see what is wrong, end the turn.

>>> from rummy_teach.rummikub import deal
>>> from rummy_teach.rummikub import TurnWorkspace, NEW
>>> state = deal(2, seed=3)
>>> turn = TurnWorkspace.start(state)
>>> turn = turn.move(state.rack[0], "rack", NEW)
>>> [p.number for p in turn.problems()]
[1]
>>> turn.undo().sets
()

Every step returns a new workspace (the old one is untouched, so undo is free). Ending a turn
whose table is not all valid costs the K-TURN-3 penalty; with ``turn_seconds`` set, a turn that
runs out of time costs the same (K-TURN-4). Time comes from an injectable ``clock``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, TypeAlias

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, shown
from rummy_teach.melds import Verdict
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import said, shown_by
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.moves import Play
from rummy_teach.rummikub.sets import (
    TileSet,
    in_reading_order,
    joker_stands,
    plain,
    set_verdict,
    settle,
    tiles_key,
)
from rummy_teach.rummikub.state import RummikubState, TurnResult
from rummy_teach.rummikub.tiles import parse_piece

__all__ = ["NEW", "RACK", "SetProblem", "TurnResult", "TurnWorkspace"]

RACK: Literal["rack"] = "rack"
"""Where a tile comes from or goes to: the player's rack."""
NEW: Literal["new"] = "new"
"""A destination: a new set on the table."""

Place: TypeAlias = int | Literal["rack", "new"]
Clock: TypeAlias = Callable[[], float]


@dataclass(frozen=True, slots=True)
class SetProblem:
    """One invalid set on the table right now: its 1-based number, its tiles and why (K-MELD-*)."""

    number: int
    tiles: TileSet
    verdict: Verdict


def _illegal(
    reason: str, rule: str | None, *, rules: RummikubRules | None = None, **params: object
) -> IllegalMoveError:
    """A refused step, said with cards when ``rules`` play with cards (K-CARDS-1)."""
    sentence = said(reason, rules, **params)
    return IllegalMoveError(sentence[:1].upper() + sentence[1:], reason=reason, rule=rule)


def _set_name(number: int, tiles: TileSet) -> str:
    return messages.text("rummikub.set_name", number=number, tiles=messages.pieces_short(tiles))


@dataclass(frozen=True, slots=True)
class TurnWorkspace:
    """The turn in progress of the player to act: their rack and the table as they moved them."""

    state: RummikubState
    """The state at the start of the turn; nothing here changes until the turn ends."""
    rack: TileSet
    sets: tuple[TileSet, ...]
    """The table as it is now, set 1 first; an emptied set disappears."""
    started: float
    clock: Clock = field(repr=False, compare=False)
    history: tuple[tuple[TileSet, tuple[TileSet, ...]], ...] = field(default=(), repr=False)

    @classmethod
    def start(cls, state: RummikubState, *, clock: Clock = time.monotonic) -> TurnWorkspace:
        """Begin the turn of ``state.current_player``; ``clock`` gives seconds (injectable)."""
        if not isinstance(state, RummikubState):
            raise RulesError(f"a turn starts from a RummikubState, not {shown(state)}")
        if state.is_over:
            raise _illegal("rummikub.game_over", "K-END-1")
        return cls(state=state, rack=state.rack, sets=state.table, started=clock(), clock=clock)

    # -- reading

    @property
    def opened(self) -> bool:
        """Whether the player had made the initial meld before this turn."""
        return self.state.opened[self.state.current_player]

    def seconds_left(self) -> float | None:
        """Seconds left under the turn timer (K-TURN-4), or None when there is no timer."""
        limit = self.state.rules.turn_seconds
        if limit is None:
            return None
        return max(0.0, limit - (self.clock() - self.started))

    @property
    def timed_out(self) -> bool:
        """True once the turn timer has run out (K-TURN-4)."""
        left = self.seconds_left()
        return left is not None and left <= 0

    def played(self) -> TileSet:
        """The rack tiles on the table now."""
        before = Counter(plain(tile for tiles in self.state.table for tile in tiles))
        now = Counter(plain(tile for tiles in self.sets for tile in tiles))
        return tiles_key((now - before).elements())

    def problems(self) -> tuple[SetProblem, ...]:
        """Every set on the table that is not valid right now, and why (K-MELD-1..5; a declared
        joker that does not fit its set, K-MELD-5)."""
        found = []
        rules = self.state.rules
        settled = settle(self.state.table, self.sets, rules)
        for number, tiles in enumerate(self.sets, start=1):
            verdict = read_meld(tiles, rules)
            if verdict.ok and settled.problem is not None and settled.problem[0] == number - 1:
                verdict = set_verdict(tiles, rules)
            if not verdict.ok:
                found.append(SetProblem(number, tiles, verdict))
        return tuple(found)

    def verdict(self) -> Verdict:
        """What ending the turn now would mean: ``check_turn`` on the table as it is."""
        return check_turn(
            self.state.table, self.sets, self.state.rack, opened=self.opened, rules=self.state.rules
        )

    @property
    def untouched(self) -> bool:
        """True when the table and rack are as the turn began."""
        return Counter(self.rack) == Counter(self.state.rack) and Counter(
            tiles_key(tiles) for tiles in self.sets
        ) == Counter(tiles_key(tiles) for tiles in self.state.table)

    # -- steps

    def _step(self, rack: TileSet, sets: list[TileSet]) -> TurnWorkspace:
        kept = tuple(tiles for tiles in sets if tiles)
        return replace(self, rack=rack, sets=kept, history=(*self.history, (self.rack, self.sets)))

    def _refused(self, reason: str, rule: str | None, **params: object) -> IllegalMoveError:
        """A refused step in this game's words (with cards under card rules, K-CARDS-1)."""
        return _illegal(reason, rule, rules=self.state.rules, **params)

    def _check_time(self) -> None:
        if self.timed_out:
            raise self._refused(
                "rummikub.ws_time_up", "K-TURN-4", seconds=self.state.rules.turn_seconds
            )

    def _set_index(self, place: int) -> int:
        if type(place) is not int or not 1 <= place <= len(self.sets):
            raise self._refused("rummikub.ws_no_such_set", "K-TURN-1", number=place)
        index = place - 1
        if not self.opened and index < len(self.state.table):
            # K-OPEN-1: the sets that were on the table stay untouched until the initial meld.
            raise self._refused(
                "rummikub.ws_not_opened", "K-OPEN-1", set_name=_set_name(place, self.sets[index])
            )
        return index

    def move(self, tile: Tile | str, source: Place, target: Place) -> TurnWorkspace:
        """Move ``tile`` from ``source`` (``"rack"`` or a set number) to ``target`` (or ``"new"``).

        Sets are numbered from 1 as in ``sets``. A joker may be moved as declared (``"J=R4"``,
        K-MELD-5) to say what it stands for where it goes; moved as ``"J"`` it is read there as
        K-MELD-5 reads it. A tile that was on the table when the turn began
        may not go to the rack (K-TURN-1; a joker, K-JOKER-3); before the initial meld the sets
        already on the table may not be touched (K-OPEN-1). A refusal names tiles as the rules
        show them (K-CARDS-1).
        """
        with shown_by(self.state.rules):
            return self._move(tile, source, target)

    def _move(self, tile: Tile | str, source: Place, target: Place) -> TurnWorkspace:
        """``move`` with the tiles named as they are shown now."""
        self._check_time()
        piece = parse_piece(tile, self.state.rules) if isinstance(tile, str) else tile
        if not isinstance(piece, Tile):
            raise RulesError(f"move takes a tile or its notation, not {shown(tile)}")
        rack = list(self.rack)
        sets = [list(tiles) for tiles in self.sets]
        if source == target and source != NEW:
            raise self._refused("rummikub.ws_same_place", None, tile=messages.piece_short(piece))
        if source == RACK:
            if piece not in rack:
                raise self._refused(
                    "rummikub.ws_not_on_rack", "K-TURN-2", tile=messages.piece_short(piece)
                )
            rack.remove(piece)
        elif isinstance(source, int) and not isinstance(source, bool):
            index = self._set_index(source)
            if piece not in sets[index]:
                raise self._refused(
                    "rummikub.ws_not_in_set",
                    "K-TURN-1",
                    tile=messages.piece_short(piece),
                    set_name=_set_name(source, self.sets[index]),
                )
            if target == RACK and piece not in self.played():
                if piece.is_joker:
                    raise self._refused("rummikub.ws_joker_to_rack", "K-JOKER-3")
                raise self._refused(
                    "rummikub.ws_table_to_rack", "K-TURN-1", tile=messages.piece_short(piece)
                )
            sets[index].remove(piece)
        else:
            raise self._refused("rummikub.ws_no_such_set", "K-TURN-1", number=source)
        if target == RACK:
            rack.append(piece)
        elif target == NEW:
            sets.append([piece])
        else:
            index = self._set_index(target)
            sets[index] = list(self._lay([*sets[index], piece]))
        return self._step(tiles_key(plain(rack)), [tuple(tiles) for tiles in sets])

    def _lay(self, tiles: list[Tile]) -> TileSet:
        """A set a tile joined, laid out as it reads once valid (K-MELD-5): each joker where it
        stands (read afresh if it brought along a tile that no longer fits), declared jokers still
        declared, the others still free to be read anew; an invalid set as it lies."""
        rules = self.state.rules
        settled = settle(self.state.table, [tiles], rules)
        if settled.problem is not None or joker_stands(settled.table[0], rules) is None:
            return tuple(tiles)
        # the declarations kept (a joker read only now for the layout stays undeclared)
        told = Counter(tile.stands for tile in tiles if tile.stands) & Counter(
            tile.stands for tile in settled.table[0] if tile.stands
        )
        laid = []
        for tile in in_reading_order(settled.table[0], rules):
            if tile.stands is not None and told[tile.stands] > 0:
                told[tile.stands] -= 1
                laid.append(tile)
            else:
                laid.append(plain([tile])[0])
        return tuple(laid)

    def split(self, number: int, at: int) -> TurnWorkspace:
        """Split set ``number`` before its ``at``-th tile (0-based) into two sets (K-TURN-1).

        The second part goes right after the first.
        """
        self._check_time()
        index = self._set_index(number)
        tiles = self.sets[index]
        if type(at) is not int or not 0 < at < len(tiles):
            with shown_by(self.state.rules):
                name = _set_name(number, tiles)
            raise self._refused("rummikub.ws_bad_split", "K-TURN-1", set_name=name)
        sets = list(self.sets)
        sets[index : index + 1] = [tiles[:at], tiles[at:]]
        return self._step(self.rack, sets)

    def undo(self) -> TurnWorkspace:
        """The workspace as it was before the last step."""
        if not self.history:
            raise self._refused("rummikub.ws_nothing_to_undo", None)
        rack, sets = self.history[-1]
        return replace(self, rack=rack, sets=sets, history=self.history[:-1])

    def reset(self) -> TurnWorkspace:
        """Back to the start of the turn (the history is kept, so this can be undone)."""
        return self._step(self.state.rack, list(self.state.table))

    # -- ending

    def end(self) -> TurnResult:
        """End the turn: a valid table is played; otherwise the K-TURN-3 penalty (K-TURN-4 if late).

        Ending without having touched anything is refused: draw instead (K-OPEN-3).
        """
        if self.untouched and not self.timed_out:
            raise self._refused("rummikub.ws_untouched", "K-OPEN-3")
        return self.state.end_turn(Play(self.sets), timed_out=self.timed_out)

    def draw(self) -> TurnResult:
        """Give up the turn and draw a tile (K-OPEN-3): the table goes back as it was."""
        if self.timed_out:
            return self.state.end_turn(Play(self.sets), timed_out=True)
        return self.state.end_turn(None)
