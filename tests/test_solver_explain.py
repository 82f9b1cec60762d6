"""A play's explanation after a joker swap (K-JOKER-2/3): each later step names the joker set as
the swap left it, and the joker the swap freed as "the freed joker", in every language."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rummy_teach import RummikubRules, Tile, messages, parse_tiles
from rummy_teach.solver import best_play
from rummy_teach.solver.explain import Step, after_swap

T = parse_tiles


def explained(rack: str, table: list[str], rules: RummikubRules | None = None) -> list[str]:
    """The steps of the best play, one sentence each."""
    play = best_play(T(rack), [T(tiles) for tiles in table], rules or RummikubRules())
    return play.explain().splitlines()


def test_the_set_grown_after_its_swap_is_named_without_its_joker() -> None:
    """B9 J B11 + B10 B12: after the swap the set is blue 9-11 without a joker, and it grows."""
    swap, grow = explained("B10 B12", ["B9 J B11"])
    assert swap.startswith("Put your blue 10 in place of the joker in blue 9-11 with a joker")
    assert grow == (
        "Grow blue 9-11 into blue 9-13 with a joker: add blue 12 from your rack and the freed "
        "joker. (The joker stands for blue 13.)"
    )


def test_the_freed_joker_is_named_as_freed_where_it_goes() -> None:
    """R5 R6 J + R7 O5 O6: the freed joker joins O5 O6, not a "joker from red 5-7 with a joker"."""
    swap, lay = explained("R7 O5 O6", ["R5 R6 J", "K7 B7 O7"])
    assert "it goes into orange 5-7 with a joker" in swap
    assert lay == (
        "Lay down orange 5-7 with a joker: orange 5 and orange 6 from your rack and the freed "
        "joker. (The joker stands for orange 7.)"
    )


def test_a_trio_freed_by_two_tiles_is_named_as_the_swap_left_it() -> None:
    """K-JOKER-4 "both": K5 R5 J needs B5 and O5 to free its joker, then R8-10 takes it."""
    rules = RummikubRules(joker_trio_retrieval="both")
    swap, grow = explained("B5 O5 R7", ["K5 R5 J", "R8 R9 R10"], rules)
    assert swap.startswith("Put your blue 5 and orange 5 in place of the joker")
    assert grow == (
        "Grow red 8-10 into red 7-11 with a joker: add red 7 from your rack and the freed joker. "
        "(The joker stands for red 11.)"
    )


def test_a_swap_that_frees_two_jokers_says_where_both_go() -> None:
    """B8 J J + B9 B10: both jokers are freed, and each step names the one it takes."""
    swap, *laid = explained("B9 B10 R1 R3 O5 O6", ["B8 J J"])
    assert swap == (
        "Put your blue 9 and blue 10 in place of the 2 jokers in blue 8-10 with 2 jokers; the "
        "freed jokers must be played now, and they go into red 1-3 with a joker and orange 5-7 "
        "with a joker."
    )
    assert all(step.startswith("Lay down") and "the freed joker." in step for step in laid)
    swap, lay = explained("B9 B10 R1", ["B8 J J"])
    assert swap.endswith("they go into red 1-3 with 2 jokers.")
    assert lay.startswith("Lay down red 1-3 with 2 jokers: red 1 from your rack and the 2 freed")


def test_a_freed_joker_back_in_its_own_set_is_told() -> None:
    """B8 J J + B9 B10 R1 R3: one freed joker goes back to blue 8-10, the other to red 1-3."""
    swap, grow, lay = explained("B9 B10 R1 R3", ["B8 J J"])
    assert swap.endswith("they go into blue 8-11 with a joker and red 1-3 with a joker.")
    assert grow == (
        "Grow blue 8-10 into blue 8-11 with a joker: add the freed joker. "
        "(The joker stands for blue 11.)"
    )
    assert lay.startswith("Lay down red 1-3 with a joker")


def test_two_sets_joined_whole_are_both_named() -> None:
    """R2-4 and R5-7 join with R1 R8 R9 into red 1-9: the step names red 5-7 too."""
    (grow,) = explained("R1 R8 R9", ["R2 R3 R4", "R5 R6 R7"])
    assert grow == (
        "Grow red 2-4 into red 1-9: add red 1, red 8 and red 9 from your rack and all of red 5-7."
    )


def test_a_split_names_its_parts_in_order() -> None:
    """Black 1-6 split four ways: the parts come lowest first (they came in the new sets' order:
    "black 2, black 3 and black 4; black 6; black 1; black 5")."""
    rack = "K3 K7 K8 K11 K12 K13 R1 B1 B3 B5 B6 B13 O1 O2 O5"
    table = ["R4 R5 R6 R7", "O10 O11 O12 O13", "K1 K2 K3 K4 K5 K6", "K13 B13 O13", "K1 R1 O1"]
    table += ["K10 R10 B10 O10", "R9 R10 R11 R12 R13", "R3 R4 R5", "R9 B9 O9", "K7 R7 B7 O7"]
    splits = [step for step in explained(rack, [*table, "K4 B4 O4"]) if step.startswith("Split")]
    assert (
        "Split black 1-6 into 4 parts: black 1; black 2, black 3 and black 4; black 5; black 6."
        in (splits)
    )


def test_a_joker_set_after_its_swap() -> None:
    """after_swap: the tiles put in take the freed jokers' places; a joker not freed stays."""
    assert after_swap(tuple(T("B9 J B11")), tuple(T("B10")), 1) == tuple(T("B9 B10 B11"))
    assert after_swap(tuple(T("K5 R5 J")), tuple(T("B5 O5")), 1) == tuple(T("K5 R5 B5 O5"))
    assert after_swap(tuple(T("O3 J J")), tuple(T("O4")), 1) == tuple(T("O3 O4 J"))


@pytest.mark.parametrize("language", ["nb", "da", "nl"])
def test_the_freed_joker_in_every_language(language: str) -> None:
    """The freed joker has its own words in each language, not the English ones."""
    english = explained("R7 O5 O6", ["R5 R6 J", "K7 B7 O7"])[1]
    two = explained("B9 B10 R1", ["B8 J J"])
    messages.set_language(language)
    try:
        words = explained("R7 O5 O6", ["R5 R6 J", "K7 B7 O7"])[1]
        freed = messages.text("solver.freed_joker", count=1)
        swap, lay = explained("B9 B10 R1", ["B8 J J"])
        both = messages.text("solver.freed_joker", count=2)
    finally:
        messages.set_language("en")
    assert freed in words and freed != "the freed joker"
    assert words != english
    assert both in lay and swap != two[0] and "2" in swap


DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "rummikub_positions.json"
BENCHMARK = [p for p in json.loads(DATA.read_text())["positions"] if p["tier"] != "opening"]


def _accounted(step: Step) -> Counter[Tile]:
    """The tiles a step says make its new set: the rack's, the grown and joined sets', the moved
    ones and the freed jokers."""
    params = dict(step.params)
    tiles = Counter(params["rack"]) + Counter(params.get("old", ()))
    tiles += Counter(tile for whole in params.get("joined", ()) for tile in whole)
    tiles += Counter(tile for _, moved in params["moved"] for tile in moved)
    tiles[Tile.joker()] += params["freed"]
    return +tiles


@pytest.mark.parametrize(
    "rules",
    [RummikubRules(), RummikubRules(joker_set_growth="slide"), RummikubRules(jokers=4)],
    ids=["ends", "slide", "four-jokers"],
)
def test_every_step_names_all_the_tiles_of_its_set(rules: RummikubRules) -> None:
    """On the benchmark's 200 midgame and late positions, each step that grows, makes or lays
    down a set names exactly that set's tiles: none left out (two sets joined), none twice; and
    no step splits a set that holds a joker."""
    told = 0
    for position in BENCHMARK:
        rack = T(" ".join(position["rack"]))
        table = [T(" ".join(tiles)) for tiles in position["table"]]
        for step in best_play(rack, table, rules).steps:
            if step.kind == "solver.split":  # K-JOKER-1: a set holding a joker is never split
                assert not any(tile.is_joker for tile in dict(step.params)["old"]), step.text()
            if step.kind in ("solver.grow", "solver.make", "solver.new_set"):
                new = Counter(dict(step.params)["new"])
                assert _accounted(step) == new, step.text()
                told += 1
    assert told > 1000
