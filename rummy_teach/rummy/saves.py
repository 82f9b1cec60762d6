"""Saved Rummy rounds and matches: JSON replays ``{"format": ..., "version": 1, ...}``.

A round is saved as its rules, players, seed, dealer and moves in notation, plus, for a round
begun by ``from_position``, its set-up under ``"start"`` (hands, stock, discard pile, table melds
with owners and layoffs, player to act, phase, taken card, who had played); loading replays the
moves, so it rebuilds exactly the same state. A match set up by ``RummyMatch.from_scores`` keeps
its scores, rounds played and first round's set-up under ``"start"`` too.

>>> from rummy_teach.rummy import DrawStock, deal
>>> state = deal(2, seed=7).apply(DrawStock())
>>> load(state.to_json()) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.pieces import Card, format_pieces, parse_cards
from rummy_teach.rules import RummyRules, rules_from_key
from rummy_teach.rummy.match import RummyMatch, start_match
from rummy_teach.rummy.moves import parse_move
from rummy_teach.rummy.setup import deal, from_position
from rummy_teach.rummy.state import RummyState, replay
from rummy_teach.rummy.table import TableMeld
from rummy_teach.rummy.view import table_to_dict
from rummy_teach.saves import VERSION as SAVE_VERSION
from rummy_teach.saves import header, read

__all__ = [
    "GAME_FORMAT",
    "MATCH_FORMAT",
    "SAVE_FORMAT",
    "VERSION",
    "game_to_dict",
    "load",
    "load_game",
    "load_match",
    "match_to_dict",
    "to_json",
]

GAME_FORMAT = "rummy-teach/rummy-game"
"""The ``format`` of a saved round."""
SAVE_FORMAT = GAME_FORMAT
"""The old name of :data:`GAME_FORMAT`."""
MATCH_FORMAT = "rummy-teach/rummy-match"
"""The ``format`` of a saved match."""
VERSION = SAVE_VERSION
"""The one ``version`` of both formats this code writes and reads."""


def to_json(saved: dict[str, Any]) -> str:
    """A saved round or match as JSON text, one item a line."""
    return json.dumps(saved, indent=1)


def _table_to_dict(table: tuple[TableMeld, ...]) -> list[dict[str, Any]]:
    """A set-up's table melds as JSON-ready values, with their layoffs when there are any."""
    saved = table_to_dict(table)
    for entry, meld in zip(saved, table, strict=True):
        if meld.layoffs:
            entry["layoffs"] = [[player, format_pieces(cards)] for player, cards in meld.layoffs]
    return saved


def _round_to_dict(state: RummyState) -> dict[str, Any]:
    """How a round began: its seed and dealer, and the set-up of a round begun by from_position."""
    saved: dict[str, Any] = {"seed": state.seed, "dealer": state.dealer}
    if state.origin is not None:
        start = state.origin
        saved["start"] = {
            "hands": [format_pieces(hand) for hand in start.hands],
            "stock": format_pieces(start.stock),
            "discard_pile": format_pieces(start.discard_pile),
            "table": _table_to_dict(start.table),
            "current_player": start.current_player,
            "phase": start.phase,
            "taken": None if start.taken is None else str(start.taken),
            "played_before": list(start.played_before),
        }
    return saved


def game_to_dict(state: RummyState) -> dict[str, Any]:
    """The round as a replay: rules, players, seed, dealer, moves (and a custom set-up)."""
    begun = _round_to_dict(state)
    saved: dict[str, Any] = {
        **header(GAME_FORMAT),
        "rules": state.rules.key,
        "players": list(state.players),
        "seed": begun["seed"],
        "dealer": begun["dealer"],
        "moves": [str(move) for move in state.history],
    }
    if "start" in begun:
        saved["start"] = begun["start"]
    return saved


def match_to_dict(match: RummyMatch) -> dict[str, Any]:
    """The match as a replay: rules, players, seed and each round's moves (and, for a match set
    up by ``from_scores``, the scores it began with and its first round's set-up)."""
    rounds = list(match.rounds)
    if not match.current.is_over:
        rounds.append(match.current)
    saved: dict[str, Any] = {
        **header(MATCH_FORMAT),
        "rules": match.rules.key,
        "players": list(match.players),
        "seed": match.seed,
        "rounds": [[str(move) for move in state.history] for state in rounds],
    }
    if match.scores_before:
        saved["start"] = {
            "scores": list(match.scores_before),
            "rounds_played": match.rounds_before,
            "round": _round_to_dict(rounds[0]),
        }
    return saved


def _rummy_rules(key: Any, what: str) -> RummyRules:
    """The Rummy rules a saved ``what`` (game or match) names by key."""
    rules = rules_from_key(key)
    if not isinstance(rules, RummyRules):
        raise RulesError(f"a saved Rummy {what} needs Rummy rules, not {shown(key)}")
    return rules


def _layoffs(meld: dict[str, Any]) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """A saved table meld's layoffs: (player, cards) pairs."""
    return tuple(
        (int(player), tuple(parse_cards(cards))) for player, cards in meld.get("layoffs", ())
    )


def _round_from_dict(saved: dict[str, Any], rules: RummyRules, players: list[str]) -> RummyState:
    """The first state of a saved round: dealt from its seed, or its set-up (old saves without
    phase, taken card or played flags begin at the start of a turn, nobody having played)."""
    seed, dealer = int(saved["seed"]), int(saved["dealer"])
    start = saved.get("start")
    if start is None:
        return deal(players, rules, seed=seed, dealer=dealer)
    table = [
        TableMeld(
            tuple(parse_cards(meld["cards"])), int(meld["player"]), meld["kind"], _layoffs(meld)
        )
        for meld in start["table"]
    ]
    return from_position(
        start["hands"],
        discard_pile=start["discard_pile"],
        table=table,
        stock=start["stock"],
        rules=rules,
        current_player=int(start["current_player"]),
        players=players,
        seed=seed,
        phase=start.get("phase"),
        taken=start.get("taken"),
        played_before=start.get("played_before"),
        dealer=dealer,
    )


def load(saved: str | dict[str, Any]) -> RummyState:
    """Replay a round saved by ``RummyState.to_json`` (or ``to_dict``): the same state again."""
    data = read(saved, GAME_FORMAT)
    try:
        start = _round_from_dict(data, _rummy_rules(data["rules"], "game"), list(data["players"]))
        moves = [parse_move(move) for move in data["moves"]]
    except RummyTeachError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RulesError(
            f"a saved Rummy game is incomplete or malformed: {shown(error)}"
        ) from error
    return replay(start, moves)


load_game = load
"""The old name of :func:`load`, kept working."""


def load_match(saved: str | dict[str, Any]) -> RummyMatch:
    """Replay a match saved by ``RummyMatch.to_json``: the same match again."""
    data = read(saved, MATCH_FORMAT)
    try:
        rules = _rummy_rules(data["rules"], "match")
        players = list(data["players"])
        seed = int(data["seed"])
        rounds = [[parse_move(move) for move in moves] for moves in data["rounds"]]
        start = data.get("start")
        if start is None:
            match = start_match(players, rules, seed=seed)
        else:
            first = _round_from_dict(start["round"], rules, players)
            match = RummyMatch.from_scores(
                start["scores"], first, seed=seed, rounds_played=int(start["rounds_played"])
            )
    except RummyTeachError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RulesError(
            f"a saved Rummy match is incomplete or malformed: {shown(error)}"
        ) from error
    for number, moves in enumerate(rounds):
        if number:
            match = match.next_round()
        for move in moves:
            match = match.apply(move)
    return match
