"""Seeded deals ("Another hand"): each dealt position meets its exercise's constraint and has a
solution that the engine accepts move by move; the same number gives the same position everywhere."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach import RummikubRules, RummyRules
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import Goal, deals
from rummy_teach.melds import check_layoff, check_meld, check_opening
from rummy_teach.melds.search import best_layoffs, best_sets, single_best_points
from rummy_teach.pieces import Piece, Tile, format_pieces
from rummy_teach.rules import Rules

REPO = Path(__file__).resolve().parents[1]
NUMBERS = st.integers(min_value=1, max_value=deals.HIGHEST_HAND)
RUMMY = RummyRules()
ACE_HIGH = RummyRules(ace="low_or_high")
RUMMIKUB = RummikubRules()


def assert_real_pieces(pieces: Sequence[Piece], rules: Rules) -> None:
    """One deck has each card once; Rummikub has each tile twice (K-SET-1)."""
    most = 2 if isinstance(rules, RummikubRules) else 1
    counts = Counter(piece for piece in pieces if not piece.is_joker)
    assert max(counts.values()) <= most, format_pieces(pieces)


def laid_by_the_engine(hand: Sequence[Piece], rules: Rules, kind: str | None) -> list[list[Piece]]:
    """A solution found by search, each meld checked again by ``check_meld`` and disjoint."""
    sets = best_sets(hand, rules, kind=kind, by="pieces")
    left = Counter(hand)
    for meld in sets:
        verdict = check_meld(meld, rules)
        assert verdict.ok and (kind is None or verdict.kind == kind), verdict.message
        left -= Counter(meld)
    assert sum(left.values()) == len(hand) - sum(len(meld) for meld in sets)
    return sets


@settings(max_examples=40, derandomize=True, deadline=None)
@given(number=NUMBERS, kind=st.sampled_from(["make_meld", "make_run", "make_group"]))
def test_a_meld_hand_holds_a_meld_of_its_kind_R_MELD_1_R_MELD_2(number: int, kind: str) -> None:
    """R-MELD-1, R-MELD-2: a dealt 'make a run/group/meld' hand holds one, laid by the engine."""
    goal = Goal(kind)  # type: ignore[arg-type]
    for rules in (RUMMY, RUMMIKUB):
        hand = deals.meld_hand(goal, rules, number, size=6)
        assert len(hand) == 6
        assert_real_pieces(hand, rules)
        kinds = {"make_run": "run", "make_group": "group"}
        assert laid_by_the_engine(hand, rules, kinds.get(kind))


@settings(max_examples=40, derandomize=True, deadline=None)
@given(number=NUMBERS, left=st.integers(min_value=0, max_value=2))
def test_a_lay_down_all_hand_leaves_exactly_left_pieces_K_MELD_4(number: int, left: int) -> None:
    """K-MELD-4: lay down all but ``left`` (a joker in the Rummikub rack): exactly ``left`` stay."""
    goal = Goal.lay_down_all(left)
    for rules, size, jokers in ((RUMMY, 7, 0), (RUMMIKUB, 9, 1), (ACE_HIGH, 7, 0)):
        hand = deals.meld_hand(goal, rules, number, size=size, jokers=jokers)
        assert len(hand) == size
        assert sum(piece.is_joker for piece in hand) == jokers
        assert_real_pieces(hand, rules)
        sets = laid_by_the_engine(hand, rules, None)
        assert size - sum(len(meld) for meld in sets) == left


@settings(max_examples=25, derandomize=True, deadline=None)
@given(number=NUMBERS, left=st.integers(min_value=0, max_value=2))
def test_a_layoff_position_lays_off_all_but_left_R_TURN_3(number: int, left: int) -> None:
    """R-TURN-3: every card but ``left`` can be laid off, one by one, each checked by check_layoff."""
    deal = deals.layoff_position(Goal.lay_off_all(left), RUMMY, number, melds=3, size=6)
    assert len(deal.table) == 3 and len(deal.hand) == 6
    assert all(check_meld(meld, RUMMY).ok for meld in deal.table)
    assert_real_pieces([*deal.hand, *(card for meld in deal.table for card in meld)], RUMMY)
    table = [list(meld) for meld in deal.table]
    plan = best_layoffs(deal.table, deal.hand, RUMMY)
    for piece, meld in plan:
        assert check_layoff(table[meld], [deal.hand[piece]], RUMMY).ok
        table[meld].append(deal.hand[piece])
    assert len(deal.hand) - len(plan) == left


def best_points(rack: Sequence[Piece]) -> tuple[int, list[list[Tile]]]:
    sets = [
        [tile for tile in meld if isinstance(tile, Tile)]
        for meld in best_sets(rack, RUMMIKUB, by="points")
    ]
    return sum(check_meld(meld, RUMMIKUB).points for meld in sets), sets


@settings(max_examples=40, derandomize=True, deadline=None)
@given(number=NUMBERS, jokers=st.integers(min_value=0, max_value=1))
def test_an_opening_rack_opens_K_OPEN_2(number: int, jokers: int) -> None:
    """K-OPEN-2: a dealt 'open' rack has an initial meld of 30 or more that check_opening accepts."""
    rack = deals.opening_rack("opens", RUMMIKUB, number, size=7, jokers=jokers)
    assert len(rack) == 7 and sum(tile.is_joker for tile in rack) == jokers
    assert_real_pieces(rack, RUMMIKUB)
    points, sets = best_points(rack)
    assert points >= 30 and check_opening(sets, RUMMIKUB).ok


@settings(max_examples=40, derandomize=True, deadline=None)
@given(number=NUMBERS)
def test_a_two_set_rack_opens_only_with_two_sets_K_OPEN_2(number: int) -> None:
    """K-OPEN-2: no single set reaches 30, but two or more together do (check_opening accepts)."""
    rack = deals.opening_rack("two_sets", RUMMIKUB, number, size=8)
    assert single_best_points(rack, RUMMIKUB) < 30
    points, sets = best_points(rack)
    assert points >= 30 and len(sets) >= 2 and check_opening(sets, RUMMIKUB).ok


@settings(max_examples=40, derandomize=True, deadline=None)
@given(number=NUMBERS)
def test_open_or_draw_deals_both_kinds_K_OPEN_1(number: int) -> None:
    """K-OPEN-1: an 'open or draw' rack either opens or truly can't (then drawing is right)."""
    rack = deals.opening_position(Goal.open_or_draw(), RUMMIKUB, number, size=6, like="opens")
    points, sets = best_points(rack)
    if points >= 30:
        assert check_opening(sets, RUMMIKUB).ok
    else:  # the best there is falls short: no initial meld at all, so drawing is right
        assert not sets or not check_opening(sets, RUMMIKUB).ok


def test_open_or_draw_sometimes_cannot_open_K_OPEN_1() -> None:
    """K-OPEN-1: among hands 1-20, some racks can open and some can't."""
    kinds = {
        deals.opening_kind(
            deals.opening_position(Goal.open_or_draw(), RUMMIKUB, n, size=6, like="opens"),
            RUMMIKUB,
        )
        for n in range(1, 21)
    }
    assert "cannot_open" in kinds and kinds - {"cannot_open"}


def test_the_same_number_gives_the_same_position() -> None:
    """Hand 7 twice is the same hand; hand 8 is another; the global random state is untouched."""
    import random

    random.seed(1)
    before = random.random()
    random.seed(1)
    goal = Goal.lay_down_all(1)
    first = deals.meld_hand(goal, RUMMY, 7, size=7)
    assert deals.meld_hand(goal, RUMMY, 7, size=7) == first
    assert deals.meld_hand(goal, RUMMY, 8, size=7) != first
    assert random.random() == before
    deal = deals.layoff_position(Goal.lay_off_all(1), RUMMY, 7)
    assert deals.layoff_position(Goal.lay_off_all(1), RUMMY, 7) == deal
    assert deals.opening_rack("two_sets", RUMMIKUB, 7, size=8) == deals.opening_rack(
        "two_sets", RUMMIKUB, 7, size=8
    )


SCRIPT = (
    "from rummy_teach import RummyRules; from rummy_teach.lessons import Goal, deals;"
    "from rummy_teach.pieces import format_pieces;"
    "print(format_pieces(deals.meld_hand(Goal.lay_down_all(1), RummyRules(), 7, size=7)))"
)


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_hand_7_is_the_same_in_every_process(hash_seed: str) -> None:
    """The whole class gets the same hand 7, whatever the process's hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "3D 3H 9H 5D 4D 9D 9C"


def test_bad_numbers_and_impossible_shapes_are_refused() -> None:
    """A hand number outside 1..HIGHEST_HAND, a bool, or a shape no deal can meet raises."""
    for number in (0, -3, deals.HIGHEST_HAND + 1, True):
        with pytest.raises(RummyTeachError, match="hand number"):
            deals.meld_hand(Goal.make_run(), RUMMY, number)
    with pytest.raises(RummyTeachError):
        deals.meld_hand(Goal.lay_down_all(5), RUMMY, 1, size=7)
    with pytest.raises(RummyTeachError):
        deals.opening_rack("opens", RUMMY, 1)
