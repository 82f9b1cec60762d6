"""Joker runs growing at their ends as windows (K-JOKER-1, ``joker_set_growth="ends"``, four
jokers): the same optimum as the host-by-host model, laid out as the hosts would be."""

from __future__ import annotations

import random

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rummikub import check_turn
from rummy_teach.rummikub.sets import JOKER
from rummy_teach.solver import Solution, best_play, play
from rummy_teach.solver.explain import Plan

FOUR = RummikubRules(jokers=4)
T = parse_tiles


def _legal(answer: Solution) -> bool:
    """True when the engine's turn check accepts the answer."""
    verdict = check_turn(answer.before, answer.table, answer.rack, opened=True, rules=FOUR)
    return verdict.ok


def test_new_jokers_go_above_the_run_then_below() -> None:
    """K-JOKER-1: two new jokers on ``R10 J R12`` stand for R13 and R9 (above first)."""
    answer = best_play(T("J J"), [T("R10 J R12")], FOUR)
    assert answer.tiles == 2
    (grown,) = answer.table
    assert [str(tile) for tile in grown if not tile.is_joker] == ["R10", "R12"]
    assert len(grown) == 5
    assert _legal(answer)


def test_a_run_grows_by_tiles_and_jokers_at_both_ends() -> None:
    """K-JOKER-1: tiles beyond a gap come with a joker in it; the old joker keeps its place."""
    answer = best_play(T("R7 R13 J J"), [T("R9 J R11")], FOUR)
    assert answer.tiles == 4
    assert [str(tile) for tile in answer.table[0]] == [
        "R7",
        "J=R8",
        "R9",
        "J=R10",
        "R11",
        "J=R12",
        "R13",
    ]
    assert _legal(answer)


def _position(rng: random.Random) -> tuple[list[Tile], list[list[Tile]]]:
    """A seeded table of joker runs and plain sets, and a rack around them."""
    table: list[list[Tile]] = []
    used: set[tuple[int, Colour]] = set()
    for place, colour in enumerate(rng.sample(list(Colour), 3)):
        low = rng.randint(1, 9)
        run = [Tile(n, colour) for n in range(low, low + rng.choice((3, 4)))]
        used.update((tile.number, colour) for tile in run)
        if place < 2:
            run[rng.randrange(len(run))] = JOKER
        table.append(run)
    free = [Tile(n, c) for c in Colour for n in range(1, 14) if (n, c) not in used]
    rack = rng.sample(free, rng.randint(4, 10)) + [JOKER] * rng.randint(1, 2)
    return rack, table


@pytest.mark.parametrize("seed", range(12))
def test_windows_find_the_optimum_of_the_host_by_host_model(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """K-TURN-1: tiles, points and sets kept are those of the model that lists every host."""
    rack, table = _position(random.Random(seed))
    windowed = best_play(rack, table, FOUR)
    monkeypatch.setattr(play, "windows", lambda *args: None)
    listed = best_play(rack, table, FOUR)
    assert (windowed.tiles, windowed.points) == (listed.tiles, listed.points)
    assert windowed.tiles  # a rack joker fits at a run's end at least
    assert isinstance(windowed.plan, Plan) and isinstance(listed.plan, Plan)
    assert len(windowed.plan.kept) == len(listed.plan.kept)
    assert windowed.proven and listed.proven
    assert _legal(windowed)
