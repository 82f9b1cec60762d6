"""Judging melds, checked against plain definitions and brute force: properties (R-MELD-*, K-MELD-*)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach import (
    Card,
    Colour,
    RummikubRules,
    RummyRules,
    Suit,
    Tile,
    check_layoff,
    check_meld,
    hand_value,
    parse_cards,
    parse_tiles,
)
from rummy_teach.rules import Rules
from tests.test_melds import ACE_HIGH, KUB, RUMMY, meld, tiles

# -- properties ---------------------------------------------------------------------------------

suits = st.sampled_from(list(Suit))
colours = st.sampled_from(list(Colour))


@settings(max_examples=300, derandomize=True)
@given(st.integers(1, 11), st.integers(3, 13), colours, st.data())
def test_every_run_is_valid_in_any_order_and_with_a_joker_in_it(
    start: int, length: int, colour: Colour, data: st.DataObject
) -> None:
    length = min(length, 14 - start)
    if length < 3:
        return
    run = [Tile(n, colour) for n in range(start, start + length)]
    shuffled = data.draw(st.permutations(run))
    verdict = check_meld(shuffled, KUB)
    assert verdict.ok and verdict.kind == "run" and verdict.points == sum(t.number for t in run)
    hole = data.draw(st.integers(0, length - 1))
    with_joker = [*run[:hole], Tile.joker(), *run[hole + 1 :]]
    joker_verdict = check_meld(with_joker, KUB)
    assert joker_verdict.ok and joker_verdict.kind == "run"
    assert joker_verdict.points >= verdict.points  # the joker may move up, never down


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.builds(Tile, st.integers(1, 13), colours), min_size=0, max_size=6))
def test_a_verdict_always_explains_itself(rack: list[Tile]) -> None:
    verdict = check_meld(rack, KUB)
    assert verdict.message
    if verdict.ok:
        assert verdict.reason is None and verdict.kind in ("group", "run")
        assert Counter(verdict.reading) == Counter(rack)
        assert verdict.points == sum(t.number for t in rack)
    else:
        assert verdict.reason and verdict.rule and verdict.points == 0
    assert verdict.rule is None or verdict.rule.startswith(("K-", "R-"))


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.builds(Card, st.integers(1, 13), suits), min_size=0, max_size=6, unique=True))
def test_card_verdicts_match_a_plain_definition(hand: list[Card]) -> None:
    verdict = check_meld(hand, RUMMY)
    ranks = sorted(card.rank for card in hand)
    one_rank = len(set(ranks)) == 1
    one_suit = len({card.suit for card in hand}) == 1
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks))) if ranks else False
    expected = len(hand) >= 3 and ((one_rank and len(hand) <= 4) or (one_suit and consecutive))
    assert verdict.ok == expected, verdict.message


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "meld.empty"), ("9H", "meld.too_few_one"), ("9H 9S", "meld.too_few")],
)
def test_too_few_cards_is_worded_by_count(text: str, reason: str) -> None:
    """R-MELD-1: too few cards is worded by count."""
    verdict = meld(text)
    assert verdict.reason == reason
    assert "(s)" not in verdict.message and "0" not in verdict.message


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "meld.empty_tiles"), ("R5", "meld.too_few_one_tile"), ("R5 R6", "meld.too_few_tiles")],
)
def test_too_few_tiles_is_worded_by_count(text: str, reason: str) -> None:
    """K-MELD-2: too few tiles is worded by count."""
    assert tiles(text).reason == reason


ALL_TILES = [Tile(number, colour) for colour in Colour for number in range(1, 14)]


def _plainly_valid(assigned: list[Tile]) -> bool:
    """The rule book's definition, written as plainly as possible (K-MELD-2, K-MELD-3)."""
    numbers = sorted(tile.number for tile in assigned)
    colours = [tile.colour for tile in assigned]
    if len(assigned) < 3:
        return False
    group = len(set(numbers)) == 1 and len(set(colours)) == len(colours) <= 4
    run = len(set(colours)) == 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    return group or run


@st.composite
def near_sets(draw: st.DrawFn) -> list[Tile]:
    """A valid run or group, then maybe a tile changed: sets that are valid or just miss."""
    if draw(st.booleans()):
        start = draw(st.integers(1, 11))
        length = draw(st.integers(3, min(6, 14 - start)))
        colour = draw(colours)
        tiles = [Tile(n, colour) for n in range(start, start + length)]
    else:
        number = draw(st.integers(1, 13))
        tiles = [
            Tile(number, c) for c in draw(st.permutations(list(Colour)))[: draw(st.integers(3, 4))]
        ]
    if draw(st.booleans()):
        tiles[draw(st.integers(0, len(tiles) - 1))] = draw(
            st.builds(Tile, st.integers(1, 13), colours)
        )
    return tiles


@settings(max_examples=250, derandomize=True)
@given(
    st.one_of(
        st.lists(st.builds(Tile, st.integers(1, 13), colours), min_size=1, max_size=5),
        near_sets().flatmap(lambda tiles: st.just(tiles[: len(tiles) - 1])),
        near_sets().flatmap(lambda tiles: st.just(tiles[1:])),
    ),
    st.integers(1, 2),
)
def test_jokers_agree_with_brute_force(real: list[Tile], joker_count: int) -> None:
    """K-MELD-5: Valid exactly when some choice of stand-ins makes a valid set; points are the best such choice."""
    pieces = [*real, *[Tile.joker()] * joker_count]
    best = None
    if joker_count == 1:
        choices: list[list[Tile]] = [[tile] for tile in ALL_TILES]
    else:
        choices = [[a, b] for i, a in enumerate(ALL_TILES) for b in ALL_TILES[i:]]
    for stand_ins in choices:
        assigned = real + stand_ins
        if _plainly_valid(assigned):
            points = sum(tile.number for tile in assigned)
            best = points if best is None else max(best, points)
    verdict = check_meld(pieces, KUB)
    assert verdict.ok == (best is not None), verdict.message
    if best is not None:
        assert verdict.points == best
        assert _plainly_valid(list(verdict.reading))
        assert Counter(verdict.reading) == Counter(real) + Counter(verdict.jokers)


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.builds(Card, st.integers(1, 13), suits), min_size=3, max_size=5, unique=True))
def test_ace_high_or_low_matches_a_plain_definition(hand: list[Card]) -> None:
    """R-MELD-3: ace high or low matches a plain definition."""

    def consecutive(ranks: list[int]) -> bool:
        ranks = sorted(ranks)
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))

    ranks = [card.rank for card in hand]
    one_suit = len({card.suit for card in hand}) == 1
    run = one_suit and (consecutive(ranks) or consecutive([14 if r == 1 else r for r in ranks]))
    group = len(set(ranks)) == 1
    verdict = check_meld(hand, ACE_HIGH)
    assert verdict.ok == (run or group), verdict.message
    if verdict.ok:
        assert verdict.points == hand_value(hand, ACE_HIGH)


@pytest.mark.parametrize(
    ("cards", "odd"),
    [("9H 9S KS", "K♠"), ("9H KH 9S", "K♥"), ("KS 9H 9S", "K♠"), ("5H 6H 9S", "9♠")],
)
def test_the_odd_card_out_is_the_one_blamed(cards: str, odd: str) -> None:
    """Two 9s and a king of spades: the king is odd (no spade run is near), not the 9 of hearts."""
    message = check_meld(parse_cards(cards), RummyRules()).message
    assert f"so {odd} does not" in message


@pytest.mark.parametrize(
    ("meld", "added", "rules"),
    [
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", "J", RummikubRules()),
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", "B5", RummikubRules()),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AS", RummyRules(ace="low_or_high")),
    ],
)
def test_a_full_run_says_nothing_more_fits(meld: str, added: str, rules: Rules) -> None:
    """A run of 1-13 (A-K) takes nothing: the layoff says so (it ended "It takes ." and "( now)")."""
    parse = parse_tiles if isinstance(rules, RummikubRules) else parse_cards
    verdict = check_layoff(parse(meld), parse(added), rules)
    assert not verdict.ok
    assert verdict.message.endswith("Nothing more can be added to it.")
    assert "takes ." not in verdict.message and "( now)" not in verdict.message
