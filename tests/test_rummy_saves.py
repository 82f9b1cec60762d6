"""Replays and saves of Rummy rounds, and the vocabulary both games share: ``deal(players, rules,
*, seed)``, ``players``, ``history``, ``replay``, ``load`` and one save shape
``{"format": ..., "version": 1, ...}``."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from rummy_teach.errors import IllegalMoveError, RulesError
from rummy_teach.pieces import Card, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    RummyState,
    deal,
    load,
    load_game,
    load_match,
    replay,
    start_match,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def position(hands: Sequence[str], *, pile: str = "", stock_top: str = "") -> RummyState:
    """A round set up by hand: ``stock_top`` on top of the stock, the other cards below it."""
    placed = [c for text in (*hands, pile, stock_top) for c in cards(text)]
    rest = tuple(card for card in DECK if card not in set(placed))
    return RummyState.from_position(hands, discard_pile=cards(pile), stock=cards(stock_top) + rest)


def test_replay_saved_game_reproduces_it_exactly() -> None:
    """Replays: a game is a seed plus moves; JSON save and load give back the same state."""
    rng = random.Random(4)
    state = deal(3, RummyRules(ace="low_or_high", empty_stock="shuffle"), seed=77)
    for _ in range(60):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    saved = state.to_json()
    assert json.loads(saved)["seed"] == 77
    assert load_game(saved) == state
    assert replay(deal(3, state.rules, seed=77), state.history) == state


def test_replay_of_a_custom_position() -> None:
    """Replays: a round set up by hand saves its set-up and replays too."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="7H")
    state = state.apply(DrawStock()).apply(LayMeld(cards("5H 6H 7H")))
    assert load_game(state.to_json()) == state


def test_bad_saved_games_raise_rummy_teach_errors() -> None:
    """Replays: malformed saves are refused with the project's own errors, never a bare KeyError."""
    with pytest.raises(RulesError):
        load_game("{not json")
    with pytest.raises(RulesError):
        load_game('{"format": "something else"}')
    with pytest.raises(RulesError):
        load_game('{"format": "rummy-teach/rummy-game", "rules": "rummy"}')
    saved = json.loads(deal(2, seed=1).to_json())
    saved["moves"] = ["discard 2C"]
    with pytest.raises(IllegalMoveError):
        load_game(saved)


def test_deal_takes_a_count_or_names_and_the_seed_by_keyword() -> None:
    """R-SETUP-1: ``deal(players, rules=None, *, seed=None, dealer=None)``; ``players`` holds the
    names, their count is the number of players."""
    named = deal(["Ada", "Bo", "Cy"], seed=4)
    assert named.players == ("Ada", "Bo", "Cy") and len(named.hands) == 3
    assert deal(3, seed=4).players == ("Player 1", "Player 2", "Player 3")
    assert named.hands == deal(3, seed=4).hands
    with pytest.raises(TypeError):
        deal(2, RummyRules(), 7)  # type: ignore[misc]
    with pytest.raises(TypeError):
        start_match(2, RummyRules(), 7)  # type: ignore[misc]


def test_history_is_the_moves_in_order_and_log_adds_the_players() -> None:
    """Replays: ``state.history`` is the moves in order; ``state.log`` pairs each with its player."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="7H 2C")
    moves = [DrawStock(), LayMeld(cards("5H 6H 7H")), Discard(Card.parse("9C"))]
    after = replay(state, moves)
    assert after.history == tuple(moves)
    assert after.log == tuple((0, move) for move in moves)
    assert replay(state, [str(move) for move in moves]) == after


def test_saves_share_one_shape_and_load_is_the_loader() -> None:
    """Replays: a saved round is ``{"format": "rummy-teach/rummy-game", "version": 1, ...}``;
    ``load`` reads it back, and ``load_game`` is its old name."""
    state = deal(2, seed=5).apply(DrawStock())
    saved = state.to_dict()
    assert (saved["format"], saved["version"]) == ("rummy-teach/rummy-game", 1)
    assert load(saved) == state
    assert load_game is load
    match = start_match(2, seed=5)
    assert (match.to_dict()["format"], match.to_dict()["version"]) == ("rummy-teach/rummy-match", 1)


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_loading_refuses_another_version_naming_it(version: object) -> None:
    """Replays: a save of another version is refused with a RulesError that names the version."""
    saved = deal(2, seed=5).to_dict()
    match = start_match(2, seed=5).to_dict()
    for loader, data in ((load, saved), (load_match, match)):
        data = {**data, "version": version}
        with pytest.raises(RulesError, match=f"version {version!r}"):
            loader(data)
