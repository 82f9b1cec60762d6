"""Setting up a Rummikub game: ``deal`` from a seed, or ``from_position`` for a position a teacher chooses.

>>> from rummy_teach.rummikub import from_position, Play
>>> state = from_position(["R10 R11 R12 K1", "B5 B6"], table=["K7 R7 B7"], opened=[True, False])
>>> len(state.pool), state.current_player
(97, 0)
>>> state.apply(Play.parse("K7 R7 B7 | R10 R11 R12")).racks[0]
(Tile.parse('K1'),)

Both check everything and raise ``RulesError`` naming the problem; a state set up either way
replays from its saved JSON (``RummikubState.to_json``, ``load``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Tile, as_pieces, format_pieces
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet, plain, settle, tiles_key
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.rummikub.tiles import RACK_SIZE, full_set, parse_rummikub

__all__ = ["deal", "from_position"]


def _rules(rules: RummikubRules | None, what: str) -> RummikubRules:
    """The rules given, or the rule book's defaults; anything but RummikubRules is refused."""
    rules = RummikubRules() if rules is None else rules
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"{what} needs RummikubRules, not {shown(rules)}")
    return rules


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    """The players' names from a count or a list of names; 2 to 4 of them (K-SET-2)."""
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(messages.text("rummikub.player_name", number=n + 1) for n in range(players))
    elif (
        isinstance(players, Sequence)
        and not isinstance(players, str)
        and all(isinstance(name, str) and name for name in players)
    ):
        names = tuple(players)
    else:
        raise RulesError(
            f"players is a number from 2 to 4 or a list of non-empty names, not {shown(players)}"
        )
    if not 2 <= len(names) <= 4:
        raise RulesError(f"Rummikub is for 2 to 4 players (K-SET-2), not {len(names)}")
    return names


def deal(
    players: int | Sequence[str], rules: RummikubRules | None = None, *, seed: int | None = None
) -> RummikubState:
    """Shuffle with ``seed``, deal 14 tiles to each of 2-4 players, the rest the pool (K-SET-1..3).

    ``players`` is a count or the players' names; player 0 starts, play goes ``rules.direction``.
    """
    rules = _rules(rules, "deal")
    names = _names(players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if type(seed) is not int:
        raise RulesError(f"seed must be a whole number, not {shown(seed)}")
    tiles = list(full_set(rules))
    random.Random(seed).shuffle(tiles)
    racks = tuple(
        tiles_key(tiles[seat * RACK_SIZE : (seat + 1) * RACK_SIZE]) for seat in range(len(names))
    )
    return RummikubState(
        rules=rules,
        players=names,
        seed=seed,
        racks=racks,
        pool=tuple(tiles[len(names) * RACK_SIZE :]),
        table=(),
        opened=(False,) * len(names),
        current_player=0,
    )


def _tiles(value: Iterable[Tile] | str, what: str, rules: RummikubRules) -> TileSet:
    """Tiles given as notation (cards under card rules, K-CARDS-1) or as tiles; else ``RulesError``."""
    if isinstance(value, str):
        return tuple(parse_rummikub(value, rules))
    wrong = f"Rummikub is played with tiles: {{piece}} in {what} does not belong"
    return as_pieces(value, what, "tiles", kind=Tile, wrong=wrong)


def from_position(
    racks: Sequence[Iterable[Tile] | str],
    *,
    table: Iterable[Iterable[Tile] | str] = (),
    pool: Iterable[Tile] | str | None = None,
    opened: Sequence[bool] | None = None,
    current_player: int = 0,
    rules: RummikubRules | None = None,
    seed: int = 0,
    players: Sequence[str] | None = None,
) -> RummikubState:
    """A game set up by hand (lessons, tests): racks, table sets and pool in notation or as tiles.

    ``pool=None`` makes every tile of the full set not placed elsewhere the pool, shuffled by
    ``seed``; a given pool is used as it is, in that order (tiles placed nowhere are out of the
    game). ``opened`` says per player whether the initial meld is made (default: nobody has).
    Raises ``RulesError`` naming the problem: more copies of a tile than the set has, a table set
    that is not valid, ``opened`` or ``players`` of the wrong length, a player count outside 2-4.
    """
    rules = _rules(rules, "from_position")
    if type(seed) is not int:  # the save keeps it: a game that cannot be reloaded is lost
        raise RulesError(f"seed must be a whole number, not {shown(seed)}")
    if isinstance(racks, str) or not isinstance(racks, Sequence):
        raise RulesError(f"racks is a list with one rack per player, not {shown(racks)}")
    if players is not None and (isinstance(players, str) or not isinstance(players, Sequence)):
        raise RulesError(f"players is a list of names, one per rack, not {shown(players)}")
    if players is not None and len(players) != len(racks):
        raise RulesError(f"{len(players)} player names for {len(racks)} racks")
    names = _names(len(racks) if players is None else players)
    rack_tiles = [
        tiles_key(plain(_tiles(rack, f"rack {n + 1}", rules))) for n, rack in enumerate(racks)
    ]
    sets = [_tiles(tiles, "the table", rules) for tiles in as_pieces(table, "the table", "sets")]
    for tiles in sets:
        verdict = read_meld(tiles, rules)
        if not verdict.ok:
            raise RulesError(
                f"the table set {format_pieces(tiles)} is not valid: {verdict.message}"
            )
    settled = settle((), sets, rules)
    if settled.problem is not None:
        index, joker = settled.problem
        raise RulesError(
            f"the table set {format_pieces(sets[index])} cannot hold {joker}: the joker does not "
            f"fit there (K-MELD-5)"
        )
    given_pool = None if pool is None else _tiles(pool, "the pool", rules)
    placed = Counter(
        plain(tile for tiles in [*rack_tiles, *sets, given_pool or ()] for tile in tiles)
    )
    in_set = Counter(full_set(rules))
    for tile in sorted(placed, key=Tile.sort_key):
        if placed[tile] > in_set[tile]:
            raise RulesError(
                f"{placed[tile]} copies of {tile} placed: the set has {in_set[tile]} (K-SET-1)"
            )
    if given_pool is None:
        rest = list((in_set - placed).elements())
        random.Random(seed).shuffle(rest)
        given_pool = tuple(rest)
    flags = (False,) * len(racks) if opened is None else as_pieces(opened, "opened", "flags")
    if len(flags) != len(racks) or not all(type(flag) is bool for flag in flags):
        raise RulesError(
            f"opened is one True or False per player ({len(racks)}), not {shown(opened)}"
        )
    if type(current_player) is not int or not 0 <= current_player < len(racks):
        raise RulesError(
            f"current_player must be 0 to {len(racks) - 1}, not {shown(current_player)}"
        )
    state = RummikubState(
        rules=rules,
        players=names,
        seed=seed,
        racks=tuple(rack_tiles),
        pool=given_pool,
        table=settled.table,
        opened=flags,
        current_player=current_player,
    )
    object.__setattr__(state, "origin", state)
    return state
