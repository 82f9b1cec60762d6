"""A Rummikub turn workspace with an id on every tile: what the rearrange views show and step through.

``TurnWorkspace`` (``rummy_teach.rummikub.workspace``) knows tiles, not which of two equal tiles is
which; the page needs stable ids (``p3``) so a picked tile stays picked and a redraw keeps its node.
A ``Layout`` is one workspace plus the ids of its rack and of each set, in the workspace's order
(after every step the two are aligned again: the shown table is the workspace's). Each step is the
workspace's own (``move``, ``split``), so the engine's refusals (``IllegalMoveError``) come through
as they are; on top, steps that would break up a set that held a joker when the turn began are
refused at once (K-JOKER-1, K-JOKER-2, K-JOKER-4), worded from ``rummikub`` messages and decided
with ``rummikub.sets``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError
from rummy_teach.pieces import Piece, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet, in_reading_order, swap_options
from rummy_teach.rummikub.workspace import NEW, RACK, TurnWorkspace

__all__ = [
    "NEW_PLACE",
    "RACK_PLACE",
    "JokerSet",
    "Layout",
    "Target",
    "either",
    "letters",
    "set_button",
    "table_set_name",
]

RACK_PLACE = -1
"""A step's target or source: the rack (sets are 0-based indexes)."""
NEW_PLACE = -2
"""A step's target: a new set."""
Target = int
"""Where a step sends tiles: a set index, ``RACK_PLACE`` or ``NEW_PLACE``."""


def _illegal(reason: str, rule: str, **params: object) -> IllegalMoveError:
    sentence = messages.text(reason, **params)
    return IllegalMoveError(sentence[:1].upper() + sentence[1:], reason=reason, rule=rule)


def table_set_name(tiles: Sequence[Tile]) -> str:
    """``the set red 5, joker (red 6), red 7``: each joker named with what it stands for."""
    names = [
        messages.text("piece.joker_for", tile=messages.piece_short(tile.stands))
        if tile.is_joker and tile.stands is not None
        else messages.piece_short(tile)
        for tile in tiles
    ]
    return messages.text("rummikub.table_set_name", tiles=", ".join(names))


def either(words: Iterable[str]) -> str:
    """Alternatives in words: ``a``, ``a or b``, ``a, b or c``."""
    return messages.join_or(words)


def letters(index: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa: a set's part of a button id (button ids hold no digits)."""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def set_button(index: int) -> str:
    """The id of set ``index``'s "Move here" button (0-based): ``to_a``, ``to_b`` …"""
    return f"to_{letters(index)}"


@dataclass(frozen=True, slots=True)
class JokerSet:
    """A set that held a joker when the turn began: its tiles (each joker stamped) and their ids."""

    tiles: TileSet
    ids: tuple[str, ...]
    jokers: frozenset[str]
    rules: RummikubRules = field(repr=False)

    @property
    def others(self) -> frozenset[str]:
        """The ids of its numbered tiles."""
        return frozenset(self.ids) - self.jokers

    def intact_in(self, set_ids: Sequence[str]) -> bool:
        """Whether this set still lies whole, a joker still in it, inside ``set_ids`` (K-JOKER-1)."""
        here = set(set_ids)
        return self.others <= here and bool(self.jokers & here)

    def name(self) -> str:
        """The set in words, each joker with the tile it stands for."""
        return table_set_name(in_reading_order(self.tiles, self.rules))


@dataclass(frozen=True, slots=True)
class Layout:
    """One turn in progress with an id for every tile: the rack's ids and each set's, in order."""

    workspace: TurnWorkspace
    rack: tuple[str, ...]
    sets: tuple[tuple[str, ...], ...]
    pieces: Mapping[str, Piece] = field(repr=False, compare=False)
    from_rack: frozenset[str] = frozenset()
    """The ids that were on the rack when the turn began (placed ones are marked)."""
    joker_sets: tuple[JokerSet, ...] = ()

    @classmethod
    def start(
        cls,
        workspace: TurnWorkspace,
        rack: Sequence[str],
        sets: Sequence[Sequence[str]],
        pieces: Mapping[str, Piece],
    ) -> Layout:
        """The turn as it begins: ``rack`` and ``sets`` are the ids of the workspace's tiles."""
        joker_sets = tuple(
            JokerSet(
                tiles,
                tuple(ids),
                frozenset(pid for pid in ids if pieces[pid].is_joker),
                workspace.state.rules,
            )
            for tiles, ids in zip(workspace.sets, sets, strict=True)
            if any(tile.is_joker for tile in tiles)
        )
        layout = cls(
            workspace,
            tuple(rack),
            tuple(tuple(ids) for ids in sets),
            pieces,
            frozenset(rack),
            joker_sets,
        )
        layout.check_aligned()
        return layout

    # -- reading

    def place_of(self, piece_id: str) -> int:
        """Where a tile lies: a set index, or ``RACK_PLACE``; ``KeyError`` if nowhere."""
        if piece_id in self.rack:
            return RACK_PLACE
        for index, ids in enumerate(self.sets):
            if piece_id in ids:
                return index
        raise KeyError(piece_id)

    def tile(self, piece_id: str) -> Tile:
        """The workspace's tile behind an id (a joker as the workspace holds it, perhaps stamped)."""
        place = self.place_of(piece_id)
        if place == RACK_PLACE:
            return self.workspace.rack[self.rack.index(piece_id)]
        return self.workspace.sets[place][self.sets[place].index(piece_id)]

    def set_tiles(self, index: int) -> TileSet:
        """The tiles of set ``index`` as the workspace holds them."""
        return self.workspace.sets[index]

    def check_aligned(self) -> None:
        """Assert that every id's piece is the workspace's tile at the same place."""
        shown = [self.pieces[pid] for pid in self.rack]
        assert shown == list(self.workspace.rack), (shown, self.workspace.rack)
        assert len(self.sets) == len(self.workspace.sets)
        for ids, tiles in zip(self.sets, self.workspace.sets, strict=True):
            assert [self.pieces[pid] for pid in ids] == list(tiles), (ids, tiles)

    def locked(self, index: int) -> list[JokerSet]:
        """The sets that held a joker at the turn's start lying whole in set ``index`` (K-JOKER-1)."""
        return [joker_set for joker_set in self.joker_sets if joker_set.intact_in(self.sets[index])]

    def freed(self, index: int) -> list[str]:
        """The jokers of set ``index`` that held it at the turn's start and may leave it now: the
        tiles they stand for came from the rack (K-JOKER-2)."""
        free: list[str] = []
        for joker_set in self.locked(index):
            staying = [pid for pid in self.sets[index] if pid not in joker_set.jokers]
            try:
                self._check_freed(joker_set, staying)
            except IllegalMoveError:
                continue
            free.extend(pid for pid in joker_set.jokers if pid in self.sets[index])
        return free

    # -- steps

    def _aligned(self, workspace: TurnWorkspace, rack: list[str], sets: list[list[str]]) -> Layout:
        kept = [ids for ids in sets if ids]
        rack_ids = _align(rack, workspace.rack, self.pieces)
        set_ids = [
            tuple(_align(ids, tiles, self.pieces))
            for ids, tiles in zip(kept, workspace.sets, strict=True)
        ]
        return replace(self, workspace=workspace, rack=tuple(rack_ids), sets=tuple(set_ids))

    def move(self, piece_ids: Sequence[str], target: Target) -> Layout:
        """Move these tiles, in order, to set ``target`` (an index), a new set or the rack.

        Tiles already in the target set stay. Raises ``IllegalMoveError`` (the workspace's, or
        K-JOKER-1/2/4 for a set that held a joker) and then changes nothing.
        """
        moving = [pid for pid in piece_ids if target < 0 or pid not in self.sets[target]]
        self._check_jokers(moving, target)
        anchor = self.sets[target][0] if target >= 0 else None
        layout = self
        for piece_id in moving:
            layout = layout._move_one(piece_id, target, anchor)
            if target == NEW_PLACE:
                anchor, target = piece_id, 0  # the rest join the new set, wherever it lies
        return layout

    def _move_one(self, piece_id: str, target: Target, anchor: str | None) -> Layout:
        source = self.place_of(piece_id)
        tile = self.tile(piece_id)
        rack = list(self.rack)
        sets = [list(ids) for ids in self.sets]
        if source == RACK_PLACE:
            rack.remove(piece_id)
        else:
            sets[source].remove(piece_id)
        if target == RACK_PLACE:
            where: int | Literal["rack", "new"] = RACK
            rack.append(piece_id)
        elif target == NEW_PLACE:
            where = NEW
            sets.append([piece_id])
        else:
            assert anchor is not None
            index = self.place_of(anchor)
            where = index + 1
            sets[index].append(piece_id)
        origin: int | Literal["rack"] = RACK if source == RACK_PLACE else source + 1
        workspace = self.workspace.move(tile, origin, where)
        return self._aligned(workspace, rack, sets)

    def split(self, piece_id: str) -> Layout:
        """Split the set holding this tile just before it (K-TURN-1)."""
        index = self.place_of(piece_id)
        if index == RACK_PLACE:
            raise KeyError(piece_id)
        at = self.sets[index].index(piece_id)
        for joker_set in self.locked(index):
            left = set(self.sets[index][:at])
            if not (set(joker_set.ids) <= left or not set(joker_set.ids) & left):
                raise _illegal("rummikub.joker_set_broken", "K-JOKER-1", set_name=joker_set.name())
        workspace = self.workspace.split(index + 1, at)
        sets = [list(ids) for ids in self.sets]
        sets[index : index + 1] = [sets[index][:at], sets[index][at:]]
        return self._aligned(workspace, list(self.rack), sets)

    # -- K-JOKER-1, K-JOKER-2, K-JOKER-4 at once, not only when the turn ends

    def _check_jokers(self, moving: Sequence[str], target: Target) -> None:
        for index, ids in enumerate(self.sets):
            leaving = [pid for pid in moving if pid in ids]
            if not leaving or len(leaving) == len(ids):  # untouched, or moved whole
                continue
            for joker_set in self.locked(index):
                broken = [pid for pid in leaving if pid in joker_set.others]
                if broken:
                    raise _illegal(
                        "rummikub.joker_set_broken", "K-JOKER-1", set_name=joker_set.name()
                    )
                freed = [pid for pid in leaving if pid in joker_set.jokers]
                if freed:
                    staying = [pid for pid in ids if pid not in leaving]
                    self._check_freed(joker_set, staying)

    def _check_freed(self, joker_set: JokerSet, staying: Sequence[str]) -> None:
        """A joker may leave its set once the tiles it stands for came from the rack (K-JOKER-2)."""
        rules = self.workspace.state.rules
        gone = len(joker_set.jokers - set(staying))
        placed: Counter[Piece] = Counter(
            self.pieces[pid] for pid in staying if pid in self.from_rack
        )
        options = swap_options(joker_set.tiles, rules)
        if any(freed == gone and not Counter[Piece](tiles) - placed for freed, tiles in options):
            return
        if len(options) == 1 and options[0][0] == 1 and len(options[0][1]) == 2:
            raise _illegal(
                "rummikub.joker_trio_both",
                "K-JOKER-4",
                set_name=joker_set.name(),
                stand_ins=messages.join(messages.piece_short(tile) for tile in options[0][1]),
            )
        wanted = sorted({tile for _freed, tiles in options for tile in tiles}, key=Tile.sort_key)
        raise _illegal(
            "rummikub.joker_not_replaced",
            "K-JOKER-2",
            set_name=joker_set.name(),
            stand_ins=either(messages.piece_short(tile) for tile in wanted),
        )


def _align(ids: Sequence[str], tiles: Sequence[Tile], pieces: Mapping[str, Piece]) -> list[str]:
    """``ids`` put in the order of ``tiles`` (equal tiles keep their order; a joker equals a joker)."""
    left = list(ids)
    ordered = []
    for tile in tiles:
        match = next(pid for pid in left if pieces[pid] == tile)
        left.remove(match)
        ordered.append(match)
    assert not left, left
    return ordered
