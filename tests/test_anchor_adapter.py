"""The solver benchmark's anchor adapter (benchmarks/anchor.py) numbers our tiles as the anchor does,
hands it the rack and (once opened) the table, and counts its answer; the anchor itself is needed
only by the last test (in a fresh interpreter), skipped where it is not installed (CI)."""

from __future__ import annotations

import enum
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from itertools import product
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks import anchor
from benchmarks.anchor import Anchor, AnchorUnavailable, check_tiles, tile_number
from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.pieces import Tile

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data" / "rummikub_positions.json"
KINDS = [f"{colour}{number}" for colour in "KRBO" for number in range(1, 14)] + ["J"]
ANCHOR_ORDER = "KBOR"
"""Our letters for the anchor's Colour enum, in its order: BLACK, BLUE, ORANGE, RED."""
EXPECTED = {
    f"{letter}{number}": index
    for index, (letter, number) in enumerate(product(ANCHOR_ORDER, range(1, 14)), 1)
} | {"J": 53}
"""The anchor's ``_tile_map``: tiles 1.. over product(colours, numbers 1-13), the joker after."""


def _tile(text: str) -> Tile:
    (tile,) = parse_tiles(text)
    return tile


def test_all_53_tile_kinds_get_the_anchors_numbers() -> None:
    """Each kind maps to its number in the anchor's colour order (ours, K R B O, would differ)."""
    assert len(KINDS) == 53
    found = {text: tile_number(_tile(text)) for text in KINDS}
    assert found == EXPECTED
    assert sorted(found.values()) == list(range(1, 54))


class _Colour(enum.Enum):
    BLACK = 1
    BLUE = 2
    ORANGE = 3
    RED = 4


class _Number(int):
    colour: _Colour
    value: int


def _anchor_tiles(order: Sequence[_Colour]) -> list[int]:
    """Tiles as the anchor's RuleSet.tiles lists them, with the colours in ``order``."""
    tiles: list[int] = []
    for index, (colour, value) in enumerate(product(order, range(1, 14)), 1):
        tile = _Number(index)
        tile.colour, tile.value = colour, value
        tiles.append(tile)
    return [*tiles, 53]


def test_the_tile_check_accepts_the_anchors_order_and_refuses_another() -> None:
    """check_tiles passes the anchor's numbering, and stops a run whose colours are ordered K R B O."""
    check_tiles(_anchor_tiles(list(_Colour)))
    with pytest.raises(AnchorUnavailable, match="tile 14"):
        check_tiles(_anchor_tiles([_Colour.BLACK, _Colour.RED, _Colour.BLUE, _Colour.ORANGE]))
    with pytest.raises(AnchorUnavailable, match="52 tile kinds"):
        check_tiles(_anchor_tiles(list(_Colour))[:-1])


class _State:
    def __init__(self) -> None:
        self.initial = True
        self.rack: list[int] = []
        self.table: list[int] = []

    def add_rack(self, *tiles: int) -> None:
        self.rack.extend(tiles)

    def add_table(self, *tiles: int) -> None:
        self.table.extend(tiles)


class _RuleSet:
    """A stand-in for the anchor's RuleSet that places the first ``places`` rack tiles."""

    def __init__(self, *, jokers: int, min_initial_value: int) -> None:
        self.jokers, self.min_initial_value = jokers, min_initial_value
        self.backend = "HIGHS"
        self.tiles = _anchor_tiles(list(_Colour))
        self.states: list[_State] = []
        self.places = 3
        MADE.append(self)

    def new_game(self) -> _State:
        return _State()

    def solve(self, state: _State) -> Any:
        self.states.append(state)
        placed = state.rack[: self.places]
        return SimpleNamespace(tiles=placed) if placed else None


MADE: list[_RuleSet] = []
"""Every stand-in RuleSet made, in order."""


@pytest.fixture
def fake() -> Anchor:
    MADE.clear()
    return Anchor(SimpleNamespace(RuleSet=_RuleSet))


def test_an_opening_gives_the_rack_alone_and_a_later_turn_the_table(fake: Anchor) -> None:
    """An opening is solved as not opened with no table; a later turn with every table tile."""
    rules = RummikubRules()
    rack = parse_tiles("R1 B2 J O13")
    table = [parse_tiles("K5 K6 K7"), parse_tiles("R9 B9 J")]
    opening = fake.solve(rack, table, rules, opened=False)
    later = fake.solve(rack, table, rules, opened=True)
    (ruleset,) = MADE  # one rule set, built once
    assert (ruleset.jokers, ruleset.min_initial_value) == (2, 30)
    first, second = ruleset.states
    assert (first.initial, first.rack, first.table) == (True, [40, 15, 53, 39], [])
    assert (second.initial, second.rack) == (False, [40, 15, 53, 39])
    assert second.table == [5, 6, 7, 48, 22, 53]
    assert (opening.tiles, opening.jokers) == (3, 1)
    assert later.tiles == 3
    assert opening.wall_ms >= 0 and opening.cpu_ms >= 0


def test_no_answer_is_no_tile_and_each_rule_set_has_its_own_model(fake: Anchor) -> None:
    """None from the anchor counts 0 tiles; 4 jokers or another meld threshold is another RuleSet."""
    assert fake.solve([], [], RummikubRules(), opened=True).tiles == 0
    fake.solve([], [], RummikubRules(jokers=4), opened=True)
    fake.solve([], [], RummikubRules(initial_meld_points=25), opened=True)
    fake.solve([], [], RummikubRules(), opened=True)
    assert [(r.jokers, r.min_initial_value) for r in MADE] == [(2, 30), (4, 30), (2, 25)]


def test_a_missing_anchor_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """With rummikub_solver not importable, load raises AnchorUnavailable naming make bench."""
    monkeypatch.setitem(sys.modules, "rummikub_solver", None)
    with pytest.raises(AnchorUnavailable, match="make bench"):
        anchor.load()


REAL_ANCHOR = """
import json
from benchmarks import anchor
from rummy_teach import RummikubRules
solver = anchor.Anchor(anchor.load())
rules = RummikubRules()
anchor.check_tiles(solver.rules(rules).tiles)
positions = json.loads(open({data!r}).read())["positions"]
found = {{p["id"]: [solver.solve_position(p, rules).tiles, p["max_tiles_without_joker_lock"]]
         for p in positions[:3] + positions[100:103] + positions[200:203]}}
print(json.dumps(found))
"""


@pytest.mark.skipif(
    importlib.util.find_spec("rummikub_solver") is None, reason="the anchor is not installed"
)
def test_the_real_anchor_numbers_tiles_so_and_meets_the_reference() -> None:
    """The installed anchor's tiles pass the check and its first answers equal the reference.

    In a fresh interpreter: the anchor's HiGHS leaves the process's one thread scheduler on its
    default thread count, which the other tests' solves would then have to start anew."""
    done = subprocess.run(
        [sys.executable, "-c", REAL_ANCHOR.format(data=str(DATA))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    found = json.loads(done.stdout.splitlines()[-1])  # HiGHS's banner may come first
    assert len(found) == 9
    for position, (tiles, reference) in found.items():
        assert tiles == reference, position
