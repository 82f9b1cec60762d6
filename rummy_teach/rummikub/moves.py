"""Rummikub moves: a play (the whole table as the player wants it), a draw, a penalty; notation both ways.

``parse_move(str(move)) == move`` for every move: ``play R5 R6 R7 | K10 R10 B10``, ``draw``,
``penalty K-TURN-3``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from rummy_teach.errors import NotationError, RulesError, shown
from rummy_teach.pieces import Tile, as_pieces, format_pieces, parse_tiles
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import Table, TileSet, plain, tiles_key
from rummy_teach.rummikub.tiles import format_rummikub, parse_rummikub

__all__ = ["Draw", "Move", "Penalty", "Play", "move_from_json", "move_to_json", "parse_move"]


_WRONG = "Rummikub is played with tiles: {piece} does not belong"


def _as_table(sets: Iterable[Iterable[Tile] | str], rules: RummikubRules | None) -> Table:
    """The sets as tuples of tiles; strings are read as the rules show pieces (tiles or cards)."""
    table: list[TileSet] = []
    for tiles in as_pieces(sets, "the table", "sets"):
        if isinstance(tiles, str):
            group = tuple(parse_tiles(tiles) if rules is None else parse_rummikub(tiles, rules))
        else:
            group = as_pieces(tiles, "each set of the table", "tiles", kind=Tile, wrong=_WRONG)
        table.append(group)
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Play:
    """A playing turn: the whole table as the player wants it at the end of the turn (K-TURN-1).

    ``Play.parse("R5 R6 R7 | K10 R10 B10")`` (or the same after ``play``, as ``str`` writes it) or
    ``Play([tiles, tiles])``; the rack tiles played are the new table minus the old one. Each set
    keeps its order; a joker may say what it stands for (K-MELD-5): ``Play.parse("J=R4 R5 R6")``,
    kept in the tiles' ``stands``, written back by ``str``, ``notation`` and the JSON.
    """

    table: Table

    def __init__(
        self, table: Iterable[Iterable[Tile] | str], *, rules: RummikubRules | None = None
    ) -> None:
        """Keep the proposed sets as tuples of tiles; strings are read as tile notation, or as
        cards when ``rules`` play with cards (K-CARDS-1)."""
        object.__setattr__(self, "table", _as_table(table, rules))

    @classmethod
    def parse(cls, text: str, rules: RummikubRules | None = None) -> Play:
        """Read sets separated by ``|``, with or without ``play`` first; cards under card rules."""
        words = text.split(maxsplit=1)
        if words and words[0].lower() == "play":
            text = words[1] if len(words) > 1 else ""
        return cls((part for part in text.split("|") if part.strip()), rules=rules)

    def notation(self, rules: RummikubRules) -> str:
        """The play as the rules show pieces: ``play QH KH AH`` with cards, else as ``str``."""
        return "play " + " | ".join(format_rummikub(tiles, rules) for tiles in self.table)

    def placed(self, table: Sequence[Sequence[Tile]]) -> TileSet:
        """The tiles this play adds to ``table`` (the multiset difference), sorted."""
        before = Counter(plain(tile for tiles in _as_table(table, None) for tile in tiles))
        after = Counter(plain(tile for tiles in self.table for tile in tiles))
        return tiles_key((after - before).elements())

    def __str__(self) -> str:
        """The play's notation, ``play R5 R6 R7 | K10 R10 B10``; ``Play.parse`` reads it back."""
        return "play " + " | ".join(format_pieces(tiles) for tiles in self.table)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile instead of playing (K-OPEN-3); with the pool empty, pass (K-END-2)."""

    def __str__(self) -> str:
        """The move's notation: ``draw``."""
        return "draw"


@dataclass(frozen=True, slots=True)
class Penalty:
    """The turn failed: the table stays as it was and the player draws ``penalty_draw`` tiles.

    ``rule`` is K-TURN-3 (the table ``attempt`` proposed was not a valid turn) or K-TURN-4 (time
    ran out; ``attempt`` is the table as it was then, if any). The state accepts a penalty only
    when the attempt really fails (K-TURN-3) or the game has a turn timer (K-TURN-4);
    ``RummikubState.end_turn`` makes one for you.
    """

    rule: Literal["K-TURN-3", "K-TURN-4"] = "K-TURN-3"
    attempt: Play | None = None

    def __post_init__(self) -> None:
        """Refuse a rule id that is not a failed turn's."""
        if self.rule not in ("K-TURN-3", "K-TURN-4"):
            raise RulesError(f"a penalty is for K-TURN-3 or K-TURN-4, not {shown(self.rule)}")
        if self.attempt is not None and not isinstance(self.attempt, Play):
            raise RulesError(
                f"a penalty's attempt is the Play that failed, not {shown(self.attempt)}"
            )

    def __str__(self) -> str:
        """The move's notation: ``penalty K-TURN-3``, then the failed ``play …`` if there was one."""
        if self.attempt is None:
            return f"penalty {self.rule}"
        return f"penalty {self.rule} {self.attempt}"


Move: TypeAlias = Play | Draw | Penalty


def parse_move(text: str, rules: RummikubRules | None = None) -> Move:
    """Read a move's notation as ``str(move)`` writes it: ``play …``, ``draw``, ``penalty K-TURN-3``.

    A penalty may name the failed play after it: ``penalty K-TURN-3 play R5 R6``. Anything else
    raises ``NotationError`` naming the word it could not read.
    """
    if not isinstance(text, str):
        raise NotationError(
            f"a move is written as text, not {shown(text)}", token=shown(text), position=0, offset=0
        )
    words = text.split()
    if not words:
        raise NotationError(
            "no move given: write play …, draw or penalty …", token="", position=0, offset=0
        )
    head = words[0].lower()
    if head == "play":
        return Play.parse(text, rules)
    if head == "draw" and len(words) == 1:
        return Draw()
    rule = words[1].upper() if head == "penalty" and len(words) > 1 else ""
    if rule in ("K-TURN-3", "K-TURN-4") and (len(words) == 2 or words[2].lower() == "play"):
        attempt = Play.parse(text.split(maxsplit=2)[2], rules) if len(words) > 2 else None
        return Penalty("K-TURN-3" if rule == "K-TURN-3" else "K-TURN-4", attempt)
    if head not in ("draw", "penalty") or len(words) == 1:
        bad = words[0]
    elif rule in ("K-TURN-3", "K-TURN-4"):
        bad = words[2]
    else:
        bad = words[1]
    raise NotationError(
        f"not a Rummikub move: {shown(bad)} in {shown(text.strip())} (write play …, draw or penalty K-TURN-3/4)",
        token=bad,
        position=words.index(bad) + 1,
        offset=text.index(bad),
    )


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as JSON values: ``{"play": ["R5 R6 R7"]}``, ``{"draw": true}``, ``{"penalty": …}``."""
    if isinstance(move, Play):
        return {"play": [format_pieces(tiles) for tiles in move.table]}
    if isinstance(move, Draw):
        return {"draw": True}
    if not isinstance(move, Penalty):
        raise RulesError(f"not a Rummikub move: {shown(move)}")
    if move.attempt is None:
        return {"penalty": move.rule}
    return {"penalty": move.rule, "attempt": [format_pieces(tiles) for tiles in move.attempt.table]}


def _notation_list(value: object) -> bool:
    """True for a JSON list of notation strings (a table's sets)."""
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def move_from_json(value: object) -> Move:
    """Read a move written by ``move_to_json``; anything else raises ``RulesError`` quoting it."""
    if isinstance(value, dict) and len(value) == 1:
        if _notation_list(value.get("play")):
            return Play(value["play"])
        if value.get("draw") is True:
            return Draw()
    if isinstance(value, dict) and value.get("penalty") in ("K-TURN-3", "K-TURN-4"):
        if len(value) == 1:
            return Penalty(value["penalty"])
        if len(value) == 2 and _notation_list(value.get("attempt")):
            return Penalty(value["penalty"], Play(value["attempt"]))
    raise RulesError(f"not a Rummikub move: {shown(value)}")
