"""Rummikub positions a teacher chooses: ``from_position`` checks everything and replays from JSON."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_teach import RulesError, RummikubRules, parse_tiles
from rummy_teach.rummikub import Draw, Play, RummikubBot, from_position, full_set, load


def test_pool_is_the_rest_of_the_set_shuffled_by_seed() -> None:
    """K-SET-1: with no pool given, every tile not placed elsewhere is the pool, shuffled by seed."""
    state = from_position(["R10 R11 R12 K1", "B5 B6"], table=["K7 R7 B7"])
    placed = Counter([*state.racks[0], *state.racks[1], *state.table[0], *state.pool])
    assert placed == Counter(full_set(RummikubRules()))
    assert state.opened == (False, False) and state.current_player == 0
    again = from_position(["R10 R11 R12 K1", "B5 B6"], table=["K7 R7 B7"])
    other = from_position(["R10 R11 R12 K1", "B5 B6"], table=["K7 R7 B7"], seed=1)
    assert again.pool == state.pool != other.pool


def test_everything_can_be_set() -> None:
    """K-SET-2: racks, table, pool in order, opened, player to act, names and rules as given."""
    rules = RummikubRules(jokers=4)
    state = from_position(
        [parse_tiles("J J J"), "K1", "B2"],
        table=[parse_tiles("R5 R6 J"), "K9 R9 B9"],
        pool="O1 O2",
        opened=[True, False, True],
        current_player=2,
        rules=rules,
        players=["Ada", "Bo", "Cy"],
    )
    assert state.pool == tuple(parse_tiles("O1 O2")) and state.players == ("Ada", "Bo", "Cy")
    assert state.opened == (True, False, True) and state.current_player == 2
    assert state.table[0] == tuple(parse_tiles("R5 R6 J")) and state.rules == rules


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"racks": ["R5 R5 R5", "K1"]}, "3 copies of R5 placed: the set has 2"),
        ({"racks": ["J J J", "K1"]}, "3 copies of J placed: the set has 2"),
        ({"racks": ["R5", "K1"], "table": ["R5 R6"]}, "table set R5 R6 is not valid"),
        ({"racks": ["R5", "K1"], "opened": [True]}, "opened is one True or False per player (2)"),
        ({"racks": ["R5"]}, "2 to 4 players (K-SET-2), not 1"),
        ({"racks": ["R5"] * 5}, "2 to 4 players (K-SET-2), not 5"),
        ({"racks": ["R5", "K1"], "current_player": 2}, "current_player must be 0 to 1"),
        ({"racks": ["R5", "K1"], "players": ["Ada"]}, "1 player names for 2 racks"),
        ({"racks": ["R5", "K1"], "pool": "R5 R5"}, "3 copies of R5"),
        ({"racks": "R5 K1"}, "one rack per player"),
    ],
)
def test_a_bad_position_is_refused_naming_the_problem(
    kwargs: dict[str, object], words: str
) -> None:
    """K-SET-1, K-SET-2, K-MELD-1: what cannot be is refused with a RulesError that says why."""
    racks = kwargs.pop("racks")
    with pytest.raises(RulesError) as caught:
        from_position(racks, **kwargs)  # type: ignore[arg-type]
    assert words in str(caught.value)


def test_a_position_plays_on_and_replays_from_its_save() -> None:
    """Replays: a position played to the end by bots loads back from its JSON as the same state."""
    state = from_position(
        ["R10 R11 R12 K1 K2 K3 B7", "O4 O5 O6 B9 B10 B11 K13", "K8 R8 B8 O13"],
        table=["B1 B2 B3", "O7 O8 O9"],
        opened=[True, True, False],
        seed=5,
    )
    bots = [RummikubBot("easy"), RummikubBot("easy"), RummikubBot("easy")]
    while not state.is_over and len(state.history) < 400:
        state = state.apply(bots[state.current_player].choose(state))
    assert state.is_over
    assert load(state.to_json()) == state
    assert load(state.to_json()).origin == state.origin


def test_a_play_from_a_position_is_checked_as_usual() -> None:
    """K-OPEN-1: the player who has not opened may not touch the table set up for the lesson."""
    state = from_position(["R10 R11 R12 K7", "B5 B6"], table=["R7 B7 O7"], opened=[False, True])
    verdict = state.check(Play.parse("R7 B7 O7 K7 | R10 R11 R12"))
    assert not verdict.ok and verdict.rule == "K-OPEN-1"
    assert state.apply(Draw()).current_player == 1
