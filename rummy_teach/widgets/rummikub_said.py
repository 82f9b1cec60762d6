"""A computer's Rummikub move in one sentence: what it did (the solver's steps, in the third person)
and why, never naming a tile still on its rack.

A play is traced with the solver's ``describe`` (``rummy_teach.solver.explain``): old sets kept as
they were are left out, every other step (a split, a set grown, a set laid or made, a joker
swapped, as the turn check finds the swaps) becomes one clause. A draw says only that a tile (a
card, K-CARDS-1) was drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_teach import messages
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import said
from rummy_teach.rummikub.moves import Move, Play
from rummy_teach.rummikub.sets import TileSet
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.solver.explain import Plan, Step, describe, set_name, sources

__all__ = ["computer_move_said", "kept_sets"]


def kept_sets(before: Sequence[TileSet], after: Sequence[TileSet]) -> frozenset[int]:
    """The old sets (by place) that lie on the new table exactly as they were."""
    left = Counter(tuple(tiles) for tiles in after)
    kept = set()
    for index, tiles in enumerate(before):
        if left[tuple(tiles)] > 0:
            left[tuple(tiles)] -= 1
            kept.add(index)
    return frozenset(kept)


def _tiles(tiles: Sequence[Tile]) -> str:
    """Tiles listed one by one: "blue 3, blue 4 and blue 5"."""
    return messages.join(messages.piece_short(tile) for tile in tiles)


def _part(tiles: Sequence[Tile]) -> str:
    """A group of tiles inside a longer list: a set by its name, a few loose tiles side by side."""
    return set_name(tiles) if len(tiles) >= 3 else messages.pieces_short(tiles)


def _clause(step: Step, rules: RummikubRules) -> str:
    """One step of a computer's play as a clause (``rummikub_game.step.*``)."""
    params = dict(step.params)
    kind = step.kind.removeprefix("solver.")
    if kind == "swap":
        news = (params["new"], *params.get("also", ()))
        return messages.text(
            "rummikub_game.step.swap_jokers" if "count" in params else "rummikub_game.step.swap",
            old=set_name(params["old"]),
            tiles=_part(params["tiles"]),
            new=messages.join(set_name(tiles) for tiles in news),
            count=params.get("count", 1),
        )
    if kind == "split":
        return messages.text(
            "rummikub_game.step.split",
            old=set_name(params["old"]),
            parts=messages.join(_part(part) for part in params["parts"]),
        )
    keys = ("rummikub_game.from_rack", "rummikub_game.from_set")
    parts = sources(params, _part, set_name, keys, rules)
    return messages.text(
        f"rummikub_game.step.{kind}",
        new=set_name(params["new"]),
        old=set_name(params.get("old", ())),
        parts=messages.join(parts),
    )


def computer_move_said(before: RummikubState, move: Move, *, strong: bool) -> str:
    """What the player to act in ``before`` did with ``move``, and why, in one sentence."""
    player = before.players[before.current_player]
    rules = before.rules
    needed = rules.initial_meld_points
    opened = before.opened[before.current_player]
    if not isinstance(move, Play):
        if before.pool:
            did = said("rummikub_game.did.draw", rules, player=player)
        else:
            did = said("rummikub.passed", rules, player=player)
        if not opened:
            why = said("rummikub_game.why.closed", rules, needed=needed)
        else:
            stuck = "rummikub_game.why.stuck" if strong else "rummikub_game.why.stuck_easy"
            why = said(stuck, rules)
        return messages.text("rummikub_game.computer_move", did=did, why=why)
    kept = kept_sets(before.table, move.table)
    if not opened:
        laid = [tiles for tiles in move.table if tiles not in before.table]
        points = sum(read_meld(tiles, rules).points for tiles in laid)
        did = messages.text(
            "rummikub_game.did.open",
            player=player,
            sets=messages.join(set_name(tiles) for tiles in laid),
            points=points,
        )
        why = messages.text("rummikub_game.why.open", needed=needed)
        return messages.text("rummikub_game.computer_move", did=did, why=why)
    placed = move.placed(before.table)
    steps = describe(before.table, move.table, placed, Plan(kept), rules)
    key = "rummikub_game.did.out" if len(placed) == len(before.rack) else "rummikub_game.did.play"
    did = said(
        key,
        rules,
        player=player,
        tiles=_tiles(placed),
        steps="; ".join(_clause(step, rules) for step in steps),
    )
    why = said("rummikub_game.why.strong" if strong else "rummikub_game.why.easy", rules)
    return messages.text("rummikub_game.computer_move", did=did, why=why)
