"""Rules objects: one validated field per variant switch in RULES.md, with its defaults."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach import RulesError, RummikubRules, RummyRules, RummyTeachError, rules_from_key


def test_rummy_defaults_are_the_rule_books() -> None:
    rules = RummyRules()
    assert rules.ace == "low"  # R-MELD-3
    assert rules.melds_per_turn is None  # R-TURN-2: many
    assert rules.must_discard_to_go_out is False  # R-OUT-1
    assert rules.going_rummy_doubles is False  # R-SCORE-2
    assert rules.target == 100  # R-GAME-1
    assert rules.empty_stock == "flip"  # R-STOCK-1
    assert rules.max_restocks == 3  # R-STOCK-2
    assert rules.key == "rummy"


def test_rummikub_defaults_are_the_rule_books() -> None:
    rules = RummikubRules()
    assert rules.jokers == 2  # K-SET-1
    assert rules.direction == "clockwise"  # K-SET-3
    assert rules.initial_meld_points == 30  # K-OPEN-2
    assert rules.penalty_draw == 3  # K-TURN-3
    assert rules.turn_seconds is None  # K-TURN-4
    assert rules.joker_trio_retrieval == "either"  # K-JOKER-4
    assert rules.pieces == "tiles"  # K-CARDS-1
    assert rules.key == "rummikub"


@pytest.mark.parametrize(
    "make",
    [
        lambda: RummyRules(ace="high"),
        lambda: RummyRules(melds_per_turn=0),
        lambda: RummyRules(must_discard_to_go_out=1),  # type: ignore[arg-type]
        lambda: RummyRules(target=-5),
        lambda: RummyRules(target=True),  # type: ignore[arg-type]
        lambda: RummyRules(empty_stock="burn"),  # type: ignore[arg-type]
        lambda: RummyRules(max_restocks=0),
        lambda: RummikubRules(jokers=3),
        lambda: RummikubRules(direction="left"),  # type: ignore[arg-type]
        lambda: RummikubRules(initial_meld_points=-1),
        lambda: RummikubRules(penalty_draw=2.5),  # type: ignore[arg-type]
        lambda: RummikubRules(turn_seconds=30),
        lambda: RummikubRules(joker_trio_retrieval="neither"),  # type: ignore[arg-type]
        lambda: RummikubRules(pieces="dominoes"),  # type: ignore[arg-type]
        lambda: RummikubRules(empty_pool_end="never"),  # type: ignore[arg-type]
        lambda: rules_from_key("rummy:target=" + "9" * 5000),
    ],
)
def test_invalid_settings_raise_a_clear_error(make: object) -> None:
    with pytest.raises(RulesError) as caught:
        make()  # type: ignore[operator]
    assert isinstance(caught.value, RummyTeachError)
    assert "must" in str(caught.value)


def test_a_rules_key_with_an_overlong_number_names_the_field() -> None:
    """A 5,000-digit number in a rules key is refused by name, before ``int`` reads it."""
    with pytest.raises(RulesError, match="target must be a whole number of at most 9 digits"):
        rules_from_key("rummy:target=" + "9" * 5000)


def test_cards_play_with_the_two_decks_four_jokers() -> None:
    """K-CARDS-1: ``pieces="cards"`` has four jokers unless told otherwise; the key round-trips."""
    rules = RummikubRules(pieces="cards")
    assert rules.jokers == 4 and rules == RummikubRules(pieces="cards", jokers=4)
    assert rules_from_key(rules.key) == rules


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        RummyRules().ace = "low_or_high"  # type: ignore[misc]


def test_keys_name_only_what_differs_and_are_stable() -> None:
    assert RummyRules(ace="low_or_high").key == "rummy:ace=low_or_high"
    assert (
        RummyRules(going_rummy_doubles=True, target=150).key
        == "rummy:going_rummy_doubles=true:target=150"
    )
    assert RummikubRules(jokers=4, turn_seconds=90).key == "rummikub:jokers=4:turn_seconds=90"
    assert RummyRules(ace="low_or_high") == RummyRules(ace="low_or_high")
    assert RummyRules(ace="low_or_high").key != RummyRules().key


@pytest.mark.parametrize("key", ["", "poker", "rummy:colour=red", "rummy:ace", "rummikub:jokers=5"])
def test_bad_keys_raise_rules_error(key: str) -> None:
    with pytest.raises(RulesError):
        rules_from_key(key)


def test_a_key_typed_as_a_refusal_spells_its_words_means_them() -> None:
    """A refusal writes ``None`` and ``True`` as Python does; the key reads them in any case.

    ``rummy:must_discard_to_go_out=True`` was refused as "must be True or False, not 'True'".
    """
    with pytest.raises(RulesError, match="or None, not 0"):
        rules_from_key("rummy:hands=0")
    with pytest.raises(RulesError, match="must be True or False, not 'yes'"):
        rules_from_key("rummy:must_discard_to_go_out=yes")
    assert rules_from_key("rummy:hands=None:must_discard_to_go_out=True") == RummyRules(
        must_discard_to_go_out=True
    )
    assert rules_from_key("rummikub:turn_seconds=NONE") == RummikubRules()
    assert rules_from_key("rummy:going_rummy_doubles=FALSE").key == "rummy"
    with pytest.raises(RulesError, match="ace must be one of 'low', 'low_or_high', not 'Nonesuch'"):
        rules_from_key("rummy:ace=Nonesuch")  # only the whole word is read as None


rummy_rules = st.builds(
    RummyRules,
    ace=st.sampled_from(["low", "low_or_high"]),
    melds_per_turn=st.sampled_from([None, 1, 2]),
    must_discard_to_go_out=st.booleans(),
    going_rummy_doubles=st.booleans(),
    target=st.sampled_from([100, 150, 500]),
    hands=st.sampled_from([None, 1, 4]),
    empty_stock=st.sampled_from(["flip", "shuffle"]),
    max_restocks=st.integers(1, 5),
)
rummikub_rules = st.builds(
    RummikubRules,
    jokers=st.sampled_from([2, 4]),
    direction=st.sampled_from(["clockwise", "counterclockwise"]),
    initial_meld_points=st.integers(0, 60),
    penalty_draw=st.integers(0, 5),
    turn_seconds=st.sampled_from([None, 60, 120]),
    joker_trio_retrieval=st.sampled_from(["either", "both"]),
    pieces=st.sampled_from(["tiles", "cards"]),
    empty_pool_end=st.sampled_from(["next_player", "all_pass"]),
)


@settings(max_examples=200, derandomize=True)
@given(st.one_of(rummy_rules, rummikub_rules))
def test_key_round_trips(rules: RummyRules | RummikubRules) -> None:
    assert rules_from_key(rules.key) == rules
