"""The solver against a brute-force oracle (benchmarks/oracle.py: every partition into valid sets,
judged by the engine's ``check_turn``), and the positions issue 12 found it short on.

Both K-JOKER-1 rules: ``joker_set_growth="ends"`` (the default: a run holding a joker grows only at
its ends, its jokers keep their tiles) and ``"slide"`` (a joker set's tiles stay together in one new
set of the same kind and its jokers are read anew)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.rummikub import check_turn
from rummy_teach.solver import best_opening, best_play

ROOT = Path(__file__).resolve().parent.parent
T = parse_tiles
FOUR = RummikubRules(jokers=4)
SLIDE = RummikubRules(joker_set_growth="slide")


def _oracle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("oracle", ROOT / "benchmarks" / "oracle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["oracle"] = module
    spec.loader.exec_module(module)
    return module


oracle = _oracle()


@pytest.mark.parametrize(
    ("rack", "table"),
    [
        ("O4 O5 O7", "J O9 J"),
        ("R2 R3 R5", "R7 J J"),
        ("K1 K2 K4", "K6 J J"),
    ],
)
def test_a_joker_set_grows_into_a_run_longer_than_five(rack: str, table: str) -> None:
    """K-JOKER-1 (slide): the jokers slide along the grown run, all three rack tiles fit."""
    old = [T(table)]
    play = best_play(T(rack), old, SLIDE)
    assert play.tiles == 3 and play.proven
    assert check_turn(old, play.table, T(rack), opened=True, rules=SLIDE).ok


@pytest.mark.parametrize(
    ("rack", "table", "tiles"),
    [
        ("O4 O5 O7", "J O9 J", 0),  # O9-O11: O7 is no neighbour
        ("O8 O12", "J O9 J", 2),  # O8 below, O12 above
        ("R2 R3 R5", "R7 J J", 0),  # R7-R9: nothing reaches an end
        ("K1 K2 K4", "K6 J J", 0),
        ("R6 R10", "R7 J J", 2),  # one at each end
    ],
)
def test_a_joker_set_grows_only_at_its_ends(rack: str, table: str, tiles: int) -> None:
    """K-JOKER-1 (ends): the jokers keep their tiles, so only tiles beyond them fit."""
    old = [T(table)]
    rules = RummikubRules()
    play = best_play(T(rack), old, rules)
    assert play.tiles == tiles and play.proven
    if tiles:
        assert check_turn(old, play.table, T(rack), opened=True, rules=rules).ok


def test_a_freed_joker_moves_to_another_joker_set() -> None:
    """K-JOKER-2: O5 frees the group's joker, which joins B1 J B3 (four jokers)."""
    old = [T("K5 R5 B5 J"), T("R7 R8 J"), T("B1 J B3"), T("O10 O11 J")]
    play = best_play(T("O5"), old, FOUR)
    assert play.tiles == 1
    assert check_turn(old, play.table, T("O5"), opened=True, rules=FOUR).ok


@pytest.mark.parametrize(
    ("rack", "points", "tiles", "value"),
    [
        ("R3 R4 J J J J", 30, 6, 33),
        ("R3 R4 R5 J J J", 31, 6, 33),
        ("K2 K3 J J J J", 27, 6, 27),
    ],
)
def test_an_opening_with_three_or_four_jokers_in_one_run(
    rack: str, points: int, tiles: int, value: int
) -> None:
    """K-OPEN-2: a run of six whose every cut into 3-5 leaves a piece of jokers alone."""
    rules = RummikubRules(jokers=4, initial_meld_points=points)
    play = best_opening(T(rack), rules)
    assert play is not None and (play.tiles, play.points) == (tiles, value)
    assert check_turn([], play.table, T(rack), opened=False, rules=rules).ok


@pytest.mark.parametrize(
    ("rack", "table", "rules"),
    [
        ("J", "R5 J R7", RummikubRules()),
        ("J", "R5 R6 R7 J", FOUR),
        ("J R9", "R5 R6 J", FOUR),
    ],
)
def test_a_joker_set_grows_at_an_end_by_a_new_joker(
    rack: str, table: str, rules: RummikubRules
) -> None:
    """K-JOKER-1: a locked joker set takes a joker from the rack at one end."""
    old = [T(table)]
    play = best_play(T(rack), old, rules)
    assert play.tiles == len(T(rack))
    assert check_turn(old, play.table, T(rack), opened=True, rules=rules).ok


@pytest.mark.parametrize("growth", ["ends", "slide"])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_never_below_the_oracle_on_small_positions(seed: int, growth: str) -> None:
    """K-TURN-1, K-OPEN-2, K-JOKER-1/2/4: on 60 seeded small positions per seed (0, 2 and 4
    jokers, openings and plays) under either joker rule the solver places as many tiles as the
    oracle, legally (``solver_tiles`` checks each answer with ``check_turn``)."""
    wrong = []
    for position in oracle.positions(60, seed, growth):
        assert position.rules.joker_set_growth == growth
        best = oracle.most_tiles(
            position.rack, position.table, position.rules, opened=position.opened
        )
        mine = oracle.solver_tiles(position)  # checks the play with check_turn
        if mine != best:
            wrong.append((position, mine, best))
    assert not wrong
