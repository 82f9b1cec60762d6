"""Rummikub games saved and replayed: ``replay(start, moves)``, ``load(json)``, and a plain transcript."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rummy_teach.errors import RulesError, shown
from rummy_teach.pieces import Tile, parse_tiles
from rummy_teach.rules import RummikubRules, rules_from_key
from rummy_teach.rummikub.moves import Move, Play, move_from_json, parse_move
from rummy_teach.rummikub.setup import deal, from_position
from rummy_teach.rummikub.state import SAVE_FORMAT, RummikubState
from rummy_teach.rummikub.tiles import format_rummikub
from rummy_teach.saves import move_list, read

__all__ = ["load", "replay", "transcript"]


def replay(start: RummikubState, moves: Iterable[Move | str]) -> RummikubState:
    """The state after playing ``moves`` (values or notation) in order from ``start``: exactly."""
    if not isinstance(start, RummikubState):
        raise RulesError(f"replay starts from a RummikubState, not {shown(start)}")
    state = start
    for move in move_list(moves):
        # notation as the rules show pieces: tiles, or cards with pieces="cards" (K-CARDS-1)
        state = state.apply(parse_move(move, state.rules) if isinstance(move, str) else move)
    return state


def load(text: str) -> RummikubState:
    """Replay a game saved by ``RummikubState.to_json``: the same state again."""
    record = read(text, SAVE_FORMAT)
    rules = rules_from_key(str(record.get("rules")))
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"not Rummikub rules: {shown(record.get('rules'))}")
    players = record.get("players")
    seed = record.get("seed")
    moves = record.get("moves")
    if not isinstance(players, list) or type(seed) is not int or not isinstance(moves, list):
        raise RulesError("a saved Rummikub game has 'players', 'seed' and 'moves'")
    if record.get("jokers_stand") is not True and "joker_set_growth=" not in str(record["rules"]):
        # K-JOKER-1: a save from before tables remembered their jokers was played with the
        # looser reading (jokers read anew), so it replays with that.
        rules = replace(rules, joker_set_growth="slide")
    return replay(_start(record, players, rules, seed), [move_from_json(move) for move in moves])


def _start(
    record: dict[str, Any], players: list[Any], rules: RummikubRules, seed: int
) -> RummikubState:
    """The first state of a saved game: dealt from its seed, or the position it was set up from."""
    start = record.get("start")
    if start is None:
        return deal(players, rules, seed=seed)
    try:
        return from_position(  # written in tile notation whatever the pieces (K-CARDS-1)
            [_saved_tiles(rack) for rack in start["racks"]],
            table=[_saved_tiles(tiles) for tiles in start["table"]],
            pool=_saved_tiles(start["pool"]),
            opened=start["opened"],
            current_player=start["current_player"],
            rules=rules,
            seed=seed,
            players=players,
        )
    except (KeyError, TypeError) as error:
        raise RulesError(
            f"a saved Rummikub position is incomplete or malformed: {shown(error)}"
        ) from None


def _saved_tiles(text: object) -> list[Tile]:
    """Tiles of a saved position, which ``to_json`` writes in tile notation under any rules."""
    if not isinstance(text, str):
        raise TypeError(f"tiles are saved as notation, not {shown(text)}")
    return parse_tiles(text)


def transcript(state: RummikubState) -> str:
    """The game so far as plain notation, one block per move: the golden playthrough format.

    Pieces are written as the rules show them: tiles, or cards with ``pieces="cards"`` (K-CARDS-1).
    """
    if not isinstance(state, RummikubState):
        raise RulesError(f"transcript writes a RummikubState, not {shown(state)}")

    def show(tiles: Iterable[Tile]) -> str:
        return format_rummikub(tiles, state.rules)

    game = (
        state.origin
        if state.origin is not None
        else deal(state.players, state.rules, seed=state.seed)
    )
    lines = [f"{state.rules.key} seed={state.seed} players={'; '.join(state.players)}"]
    lines += [
        f"deal {name}: {show(rack)}" for name, rack in zip(game.players, game.racks, strict=True)
    ]
    lines.append(f"pool {len(game.pool)}")
    for number, move in enumerate(state.history, start=1):
        player = game.current_player
        before = game
        game = game.apply(move)
        if isinstance(move, Play):
            placed = show(move.placed(before.table))
            lines.append(f"{number} {game.players[player]}: play {placed}")
            lines.append("  table " + " | ".join(show(tiles) for tiles in game.table))
        else:
            lines.append(f"{number} {game.players[player]}: {move}")
        lines.append(f"  rack {show(game.racks[player])}; pool {len(game.pool)}")
    if game.is_over:
        assert game.winner is not None and game.scores is not None
        scores = " ".join(f"{score:+d}" for score in game.scores)
        lines.append(f"end {game.ending}: winner {game.players[game.winner]}; scores {scores}")
    return "\n".join(lines) + "\n"
