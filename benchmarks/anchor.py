"""The solver benchmark's public anchor: mjpieters' ``rummikub-solver`` 1.0.0 (cvxpy, HiGHS).

Speed figures on a shared machine swing from day to day; a well-known solver measured in the same
run turns them into ratios that travel. The anchor is imported only when asked for (``load``), so
the benchmarks and tests run without it; ``make bench`` installs it (the ``bench`` extra).

The anchor solves the reference's model, not ours: table jokers move freely (rules K-JOKER-1/2
not applied), so it should reproduce every position's ``max_tiles_without_joker_lock``. Its
opening objective counts number tiles only, so a joker on the rack may be left off in a tie.
Its tiles are numbered 1.. over (colour in its ``Colour`` enum's order, number 1-13), the joker
last (its ``RuleSet._tile_map``); ``tile_number`` gives that number for one of our tiles.
``python benchmarks/anchor.py`` says whether the anchor can run here (the figures are solver.py's).
HiGHS keeps one thread scheduler per process: ours (one thread) starts it anew when the anchor's
(its default thread count) got there first, and the anchor accepts ours.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypedDict, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.pieces import Tile

VERSION = "1.0.0"
"""The anchor's version the figures are for (a newer one may model or solve differently)."""
INSTALL_HINT = (
    f"the anchor (rummikub-solver {VERSION}) is not installed: `make bench` installs it, or"
    f" pip install 'rummy-teach[bench]' (or 'rummikub-solver[highs]=={VERSION}')"
)
COLOURS = ("BLACK", "BLUE", "ORANGE", "RED")
"""The names of the anchor's first four ``Colour`` members, in its order (ours is K, R, B, O)."""
NUMBERS = 13
JOKER = len(COLOURS) * NUMBERS + 1
"""The anchor's number for the joker: one after the 52 numbered tiles."""


class Position(TypedDict):
    """One position of the benchmark file (``benchmarks/data/rummikub_positions.json``)."""

    id: str
    tier: str
    table: list[list[str]]
    rack: list[str]
    max_tiles_without_joker_lock: int


class AnchorUnavailable(RuntimeError):
    """The anchor cannot run: not installed, another version, or not on its HiGHS backend."""


class AnchorState(Protocol):
    """The part of the anchor's ``GameState`` the adapter uses."""

    initial: bool

    def add_rack(self, *tiles: int) -> None:
        """Put tiles (by number) on the rack."""

    def add_table(self, *tiles: int) -> None:
        """Put tiles (by number) on the table."""


class AnchorSolution(Protocol):
    """The part of the anchor's ``ProposedSolution`` the adapter uses."""

    @property
    def tiles(self) -> Sequence[int]:
        """The tiles (by number) moved from the rack to the table."""


class AnchorRules(Protocol):
    """The part of the anchor's ``RuleSet`` the adapter uses."""

    @property
    def backend(self) -> str:
        """The MILP backend's name."""

    @property
    def tiles(self) -> Sequence[Any]:
        """Every tile kind, numbered tiles first (``colour``, ``value``), the joker last."""

    def new_game(self) -> AnchorState:
        """An empty state: no tiles, initial meld still to make."""

    def solve(self, state: AnchorState) -> AnchorSolution | None:
        """The best move for ``state``, None if no tile can be placed."""


class AnchorAnswer(NamedTuple):
    """The anchor's answer to one position, and what it cost."""

    tiles: int
    """Rack tiles placed."""
    jokers: int
    """Of those, jokers."""
    wall_ms: float
    """Wall milliseconds from building the anchor's state to its answer."""
    cpu_ms: float
    """This process's CPU milliseconds over the same span (HiGHS threads included)."""


def tile_number(tile: Tile) -> int:
    """The anchor's number for ``tile``: 1-52 by (its colour order, number 1-13), a joker 53."""
    if tile.is_joker or tile.colour is None:
        return JOKER
    return COLOURS.index(tile.colour.name) * NUMBERS + tile.number


def load() -> Any:
    """The anchor's module, checked to be the expected version; ``AnchorUnavailable`` if not."""
    try:
        module = importlib.import_module("rummikub_solver")
    except ImportError as error:
        raise AnchorUnavailable(INSTALL_HINT) from error
    found = getattr(module, "__version__", "?")
    if found != VERSION:
        raise AnchorUnavailable(f"the anchor is rummikub-solver {found}, not {VERSION}")
    return module


class Anchor:
    """The anchor's rule sets, built once each (their models compile on first use: warm up)."""

    def __init__(self, module: Any) -> None:
        self._module = module
        self._rules: dict[tuple[int, int], AnchorRules] = {}

    def rules(self, rules: RummikubRules) -> AnchorRules:
        """The anchor's rule set for ``rules`` (jokers, initial meld points), its tiles checked."""
        key = (rules.jokers, rules.initial_meld_points)
        if key not in self._rules:
            made = cast(
                AnchorRules,
                self._module.RuleSet(jokers=rules.jokers, min_initial_value=key[1]),
            )
            if str(made.backend) != "HIGHS":
                raise AnchorUnavailable(
                    f"the anchor runs on {made.backend}, not HiGHS: install rummikub-solver[highs]"
                )
            check_tiles(made.tiles)
            self._rules[key] = made
        return self._rules[key]

    def solve(
        self,
        rack: Sequence[Tile],
        table: Sequence[Sequence[Tile]],
        rules: RummikubRules,
        *,
        opened: bool,
    ) -> AnchorAnswer:
        """The anchor's tiles placed from ``rack`` (onto ``table`` once opened), timed."""
        ruleset = self.rules(rules)
        rack_numbers = [tile_number(tile) for tile in rack]
        table_numbers = [tile_number(tile) for set_ in table for tile in set_] if opened else []
        start, start_cpu = time.perf_counter(), time.process_time()
        state = ruleset.new_game()
        state.add_rack(*rack_numbers)
        if opened:
            state.add_table(*table_numbers)
            state.initial = False
        solution = ruleset.solve(state)
        wall = (time.perf_counter() - start) * 1000
        cpu = (time.process_time() - start_cpu) * 1000
        placed = [] if solution is None else [int(tile) for tile in solution.tiles]
        return AnchorAnswer(len(placed), placed.count(JOKER), wall, cpu)

    def solve_position(self, position: Position, rules: RummikubRules) -> AnchorAnswer:
        """The anchor's answer to one benchmark position (an opening: its rack alone, not opened)."""
        rack = parse_tiles(" ".join(position["rack"]))
        table = [parse_tiles(" ".join(tiles)) for tiles in position["table"]]
        return self.solve(rack, table, rules, opened=position["tier"] != "opening")


def check_tiles(tiles: Sequence[Any]) -> None:
    """Raise ``AnchorUnavailable`` unless the anchor's tiles are numbered as ``tile_number`` has it."""
    if len(tiles) != JOKER:
        raise AnchorUnavailable(f"the anchor has {len(tiles)} tile kinds, not {JOKER}")
    for number, tile in enumerate(tiles, 1):
        expected: tuple[str, int] | None = None
        if number < JOKER:
            expected = (COLOURS[(number - 1) // NUMBERS], (number - 1) % NUMBERS + 1)
        colour = getattr(tile, "colour", None)
        found = None if colour is None else (colour.name, tile.value)
        if int(tile) != number or found != expected:
            raise AnchorUnavailable(f"the anchor's tile {number} is {tile!r}, not {expected}")


def cvxpy_version() -> str:
    """The installed cvxpy's version (the anchor's modelling layer), or ``?``."""
    for name in ("cvxpy-base", "cvxpy"):
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return "?"


if __name__ == "__main__":
    try:
        ready = Anchor(load()).rules(RummikubRules())
    except AnchorUnavailable as error:
        print(f"no baseline: {error}")
    else:
        print(
            f"the anchor can run: rummikub-solver {VERSION} on {ready.backend}"
            f" (cvxpy {cvxpy_version()}), its {JOKER} tile numbers as tile_number has them"
        )
