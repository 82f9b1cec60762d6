"""Judging melds, layoffs and openings: R-MELD-*, K-MELD-*, K-OPEN-2, R-SCORE-1/2, K-END-1 (hand value)."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_teach import (
    Card,
    Colour,
    RulesError,
    RummikubRules,
    RummyRules,
    Suit,
    Tile,
    check_layoff,
    check_meld,
    check_opening,
    format_pieces,
    hand_value,
    parse_cards,
    parse_tiles,
)
from rummy_teach.melds import Verdict

RUMMY = RummyRules()
ACE_HIGH = RummyRules(ace="low_or_high")
KUB = RummikubRules()


def meld(text: str, rules: RummyRules = RUMMY) -> Verdict:
    return check_meld(parse_cards(text), rules)


def tiles(text: str, rules: RummikubRules = KUB) -> Verdict:
    return check_meld(parse_tiles(text), rules)


# -- R-MELD-1: groups -------------------------------------------------------------------------


def test_group_of_three_and_four() -> None:
    """R-MELD-1: group of three and four."""
    three = meld("9H 9S 9C")
    assert three.ok and bool(three) and three.kind == "group" and three.rule == "R-MELD-1"
    assert three.points == 27
    assert three.reason is None
    assert "group of three 9s" in three.message
    four = meld("KH KD KC KS")
    assert four.ok and four.kind == "group" and four.points == 40


def test_a_group_of_two_is_too_few() -> None:
    """R-MELD-1: a group of two is too few."""
    verdict = meld("9H 9S")
    assert not verdict and verdict.reason == "meld.too_few" and verdict.rule == "R-MELD-1"
    assert "9♥ 9♠" in verdict.message and "at least 3" in verdict.message


def test_mixed_ranks_name_the_odd_card() -> None:
    """R-MELD-1: mixed ranks name the odd card."""
    verdict = meld("9H 9S 8C")
    assert verdict.reason == "group.mixed_ranks" and verdict.rule == "R-MELD-1"
    assert "8♣ does not belong" in verdict.message


@pytest.mark.parametrize(
    ("verdict", "words"),
    [
        (meld("9H 9S 9D 8C 4C"), "8♣ and 4♣ do not belong with the 9s"),
        (meld("5H 6H 7S 8S"), "7♠ and 8♠ do not fit with the hearts"),
        (tiles("R10 B10 K10 B4 B5"), "blue 4 and blue 5 do not belong with the 10s"),
        (
            check_layoff(parse_cards("5H 5S 5D"), parse_cards("6C 7C"), RUMMY),
            "6♣ and 7♣ do not match",
        ),
        (
            check_layoff(parse_cards("5H 6H 7H"), parse_cards("8S 4S"), RUMMY),
            "8♠ and 4♠ are not hearts",
        ),
        (check_layoff(parse_cards("5H 6H 7H"), parse_cards("8S"), RUMMY), "8♠ is not hearts"),
    ],
)
def test_the_odd_pieces_take_a_verb_of_their_number(verdict: Verdict, words: str) -> None:
    """Two odd pieces are named with a plural verb, one with a singular (a ``Plural`` template)."""
    assert words in verdict.message


def test_the_odd_pieces_agree_in_dutch_too() -> None:
    """The catalogs give each form its own verb: Dutch "hoort" for one odd tile, "horen" for two."""
    from rummy_teach import languages

    with languages.speaking("nl"):
        one = tiles("R10 B10 K10 B4").message
        two = tiles("R10 B10 K10 B4 B5").message
    assert "blauwe 4 hoort er niet bij" in one
    assert "blauwe 4 en blauwe 5 horen er niet bij" in two


def test_one_deck_has_each_card_once() -> None:
    """R-SETUP-1: one deck has each card once."""
    verdict = meld("9H 9H 9S")
    assert verdict.reason == "meld.duplicate_card" and verdict.rule == "R-SETUP-1"
    assert "9♥ appears twice" in verdict.message


# -- R-MELD-2: runs ---------------------------------------------------------------------------


def test_run_any_order() -> None:
    """R-MELD-2: run any order."""
    verdict = meld("7H 5H 6H")
    assert verdict.ok and verdict.kind == "run" and verdict.rule == "R-MELD-2"
    assert format_pieces(verdict.reading) == "5H 6H 7H"
    assert verdict.points == 18


def test_worked_example_5_6_8_of_hearts_has_a_gap() -> None:
    """R-MELD-2: worked example 5 6 8 of hearts has a gap."""
    verdict = meld("5H 6H 8H")
    assert not verdict.ok
    assert verdict.reason == "run.gap" and verdict.rule == "R-MELD-2"
    assert verdict.missing == (Card(7, Suit.HEARTS),)
    assert verdict.message == "5♥ 6♥ 8♥ has a gap: 7♥ is missing between 6♥ and 8♥."


def test_two_missing_cards_are_both_named() -> None:
    """R-MELD-2: two missing cards are both named."""
    verdict = meld("5H 6H 9H")
    assert verdict.reason == "run.gaps"
    assert verdict.missing == tuple(parse_cards("7H 8H"))
    assert "7♥ and 8♥ are missing" in verdict.message


def test_suits_never_mix_even_of_one_colour() -> None:
    """R-MELD-2: suits never mix even of one colour."""
    verdict = meld("5H 6D 7H")
    assert verdict.reason == "run.mixed_suits_same_colour" and verdict.rule == "R-MELD-2"
    assert "6♦" in verdict.message and "different suits" in verdict.message
    other = meld("5H 6C 7H")
    assert other.reason == "run.mixed_suits" and "6♣ does not fit" in other.message


def test_neither_group_nor_run() -> None:
    """R-MELD-2: neither group nor run."""
    verdict = meld("2C 9H KD")
    assert verdict.reason == "meld.neither" and not verdict.ok


def test_run_with_a_repeated_rank() -> None:
    verdict = tiles("R5 R5 R6")
    assert verdict.reason == "run.duplicate_number" and verdict.rule == "K-MELD-3"


# -- R-MELD-3: ace low ------------------------------------------------------------------------


def test_ace_low() -> None:
    """R-MELD-3: ace low."""
    assert meld("AH 2H 3H").ok
    assert meld("AH 2H 3H").points == 6


def test_q_k_a_only_with_ace_high_or_low() -> None:
    """R-MELD-3: q k a only with ace high or low."""
    low = meld("QS KS AS")
    assert low.reason == "run.ace_high" and low.rule == "R-MELD-3"
    assert "ace high or low" in low.message
    high = meld("QS KS AS", ACE_HIGH)
    assert high.ok and high.points == 10 + 10 + 15
    assert format_pieces(high.reading) == "QS KS AS"


@pytest.mark.parametrize("rules", [RUMMY, ACE_HIGH])
def test_round_the_corner_never(rules: RummyRules) -> None:
    """R-MELD-3: round the corner never."""
    verdict = meld("KS AS 2S", rules)
    assert verdict.reason == "run.wrap" and verdict.rule == "R-MELD-3"
    assert "round the corner" in verdict.message


# -- K-MELD-*: Rummikub sets --------------------------------------------------------------------


def test_worked_example_three_tens_is_thirty() -> None:
    """K-OPEN-2: worked example three tens is thirty."""
    verdict = tiles("R10 B10 K10")
    assert (
        verdict.ok
        and verdict.kind == "group"
        and verdict.points == 30
        and verdict.rule == "K-MELD-2"
    )


def test_worked_example_red_11_12_13_is_36() -> None:
    """K-OPEN-2: worked example red 11 12 13 is 36."""
    verdict = tiles("R11 R12 R13")
    assert (
        verdict.ok and verdict.kind == "run" and verdict.points == 36 and verdict.rule == "K-MELD-3"
    )


def test_worked_example_joker_as_12_is_worth_12() -> None:
    """K-OPEN-2: worked example joker as 12 is worth 12."""
    verdict = tiles("R11 J R13")
    assert verdict.ok and verdict.jokers == (Tile(12, Colour.RED),)
    assert verdict.points == 36
    assert "joker stands for red 12" in verdict.message
    assert verdict.rule == "K-MELD-4"


def test_two_red_sevens_never_share_a_group() -> None:
    """K-MELD-2: two red sevens never share a group."""
    verdict = tiles("R7 R7 B7")
    assert verdict.reason == "group.duplicate_colour" and verdict.rule == "K-MELD-2"
    assert "red 7 and red 7" in verdict.message


def test_a_group_holds_at_most_four() -> None:
    """K-MELD-2: a group holds at most four."""
    verdict = tiles("R7 B7 K7 O7 J", RummikubRules(jokers=4))
    assert verdict.reason == "group.too_many" and verdict.rule == "K-MELD-2"


def test_mixed_numbers() -> None:
    """K-MELD-2: mixed numbers."""
    verdict = tiles("R7 B7 K8")
    assert verdict.reason == "group.mixed_numbers" and "black 8" in verdict.message


def test_worked_example_12_13_1_is_not_a_run() -> None:
    """K-MELD-3: worked example 12 13 1 is not a run."""
    verdict = tiles("R12 R13 R1")
    assert verdict.reason == "run.wrap_tiles" and verdict.rule == "K-MELD-3"
    assert "12-13-1" in verdict.message


def test_colours_never_mix() -> None:
    """K-MELD-3: colours never mix."""
    verdict = tiles("R4 R5 B6")
    assert verdict.reason == "run.mixed_colours" and "blue 6" in verdict.message


def test_too_long() -> None:
    """K-MELD-3: too long."""
    verdict = tiles(" ".join(f"R{n}" for n in range(1, 14)) + " J")
    assert verdict.reason == "run.too_long"


def test_too_few_tiles() -> None:
    verdict = tiles("R5 R6")
    assert verdict.reason == "meld.too_few_tiles" and verdict.rule == "K-MELD-3"


@pytest.mark.parametrize(
    ("text", "reading", "points"),
    [
        ("R5 R6 J", "R5 R6 R7", 18),  # K-MELD-5: extends upwards
        ("R12 R13 J", "R11 R12 R13", 36),  # cannot go up: downwards
        ("R5 J J", "R5 R6 R7", 18),  # run beats the 15-point group
        ("R5 J R7", "R5 R6 R7", 18),  # fills the gap first
        ("J R5 R7 R8", "R5 R6 R7 R8", 26),
        ("K10 B10 J", "K10 B10 R10", 30),  # group: takes a missing colour
        ("R13 J J", "K13 R13 B13", 39),  # the higher-valued reading wins
    ],
)
def test_reading_jokers(text: str, reading: str, points: int) -> None:
    """K-MELD-5: reading jokers."""
    verdict = tiles(text)
    assert verdict.ok
    assert Counter(verdict.reading) == Counter(parse_tiles(reading))
    assert verdict.points == points


def test_a_joker_in_a_run_fills_one_place_only() -> None:
    """K-MELD-5: a joker in a run fills one place only."""
    verdict = tiles("R5 R9 J")
    assert verdict.reason == "run.gap_jokers" and verdict.missing == tuple(parse_tiles("R6 R7 R8"))


def test_explicit_joker() -> None:
    """K-MELD-5: explicit joker."""
    verdict = check_meld(parse_tiles("R5 R6 J"), KUB, jokers=[Tile(4, Colour.RED)])
    assert verdict.ok and verdict.points == 15
    assert format_pieces(verdict.reading) == "R4 R5 R6"
    wrong = check_meld(parse_tiles("R5 R6 J"), KUB, jokers=[Tile(9, Colour.RED)])
    assert wrong.reason == "meld.declared_invalid" and "red 9" in wrong.message
    assert wrong.message.startswith("With the joker as red 9,")
    two = check_meld(parse_tiles("K13 J J"), KUB, jokers=parse_tiles("K9 B13"))
    assert two.message.startswith("With the jokers as black 9 and blue 13,")  # said "the joker"
    with pytest.raises(RulesError):
        check_meld(parse_tiles("R5 R6 J"), KUB, jokers=[])


def test_a_joker_tiles_own_declaration_is_read() -> None:
    """K-MELD-5: ``J=R9`` is read as red 9, as check_opening and the turn check read it."""
    wrong = check_meld(parse_tiles("R5 J=R9 R7"), KUB)  # was: a run with the joker as red 6
    assert not wrong.ok and wrong.reason == "meld.declared_invalid"
    assert wrong.message.startswith("With the joker as red 9,")
    opened = check_opening([parse_tiles("R5 J=R9 R7")], KUB)
    assert not opened.ok and wrong.message in opened.message
    run = check_meld(parse_tiles("K13 J=K11 J=K12"), KUB)  # was: a group of 13s, 39 points
    assert run.ok and run.points == 36 and "run" in run.message
    assert format_pieces(run.reading) == "K11 K12 K13"
    assert check_opening([parse_tiles("K13 J=K11 J=K12")], KUB).points == 36
    fits = check_meld(parse_tiles("R5 J=R6 R7"), KUB)
    assert fits.ok and fits.points == 18


def test_no_more_jokers_than_the_game_has() -> None:
    """K-MELD-5: no more jokers than the game has."""
    assert tiles("R5 J J J").reason == "meld.too_many_jokers"
    four = RummikubRules(jokers=4)
    assert tiles("R5 J J J", four).ok
    assert tiles("J J J", four).reason == "meld.jokers_only"


def test_wrong_pieces_for_the_game_are_a_programming_error() -> None:
    with pytest.raises(RulesError):
        check_meld(parse_tiles("R5 R6 R7"), RUMMY)
    with pytest.raises(RulesError):
        check_meld(parse_cards("5H 6H 7H"), KUB)


# -- layoffs: R-TURN-3, R-TURN-4 ----------------------------------------------------------------


def test_lay_off_at_either_end_of_a_run() -> None:
    """R-TURN-3: lay off at either end of a run."""
    low = check_layoff(parse_cards("6S 7S 8S"), parse_cards("5S"), RUMMY)
    high = check_layoff(parse_cards("6S 7S 8S"), parse_cards("9S 10S"), RUMMY)
    assert low.ok and high.ok and low.rule == "R-TURN-3"
    assert format_pieces(high.reading) == "6S 7S 8S 9S 10S"


def test_turn_a_group_of_three_into_four() -> None:
    """R-TURN-3: turn a group of three into four."""
    verdict = check_layoff(parse_cards("KH KD KC"), parse_cards("KS"), RUMMY)
    assert verdict.ok and verdict.kind == "group" and verdict.points == 40


def test_a_gap_names_the_card_needed_first() -> None:
    """R-TURN-3: a gap names the card needed first."""
    verdict = check_layoff(parse_cards("6S 7S 8S"), parse_cards("10S"), RUMMY)
    assert verdict.reason == "layoff.gap"
    assert "9♠ would have to come first" in verdict.message
    assert "5♠ and 9♠" in verdict.message


def test_layoff_onto_a_full_group() -> None:
    verdict = check_layoff(parse_cards("7H 7S 7D 7C"), parse_cards("7H"), RUMMY)
    assert verdict.reason == "layoff.duplicate"
    full = check_layoff(parse_tiles("R7 B7 K7 O7"), parse_tiles("R7"), KUB)
    assert full.reason == "layoff.group_full"


def test_layoff_wrong_rank_and_suit_say_what_fits() -> None:
    rank = check_layoff(parse_cards("KH KD KC"), parse_cards("QS"), RUMMY)
    assert rank.reason == "layoff.wrong_rank" and "K♠" in rank.message
    suit = check_layoff(parse_cards("6S 7S 8S"), parse_cards("5H"), RUMMY)
    assert suit.reason == "layoff.wrong_suit" and "5♠ and 9♠" in suit.message
    assert suit.missing == tuple(parse_cards("5S 9S"))
    colour = check_layoff(parse_tiles("R3 R4 R5"), parse_tiles("B6"), KUB)
    assert colour.reason == "layoff.wrong_colour"


def test_layoff_ace_high_only_with_the_house_rule() -> None:
    low = check_layoff(parse_cards("JS QS KS"), parse_cards("AS"), RUMMY)
    assert low.reason == "layoff.not_at_end" and low.rule == "R-MELD-3"
    assert check_layoff(parse_cards("JS QS KS"), parse_cards("AS"), ACE_HIGH).ok
    corner = check_layoff(parse_cards("QS KS AS"), parse_cards("2S"), ACE_HIGH)
    assert not corner.ok


def test_layoff_onto_an_invalid_meld_and_with_nothing() -> None:
    assert (
        check_layoff(parse_cards("5H 6H 8H"), parse_cards("7H"), RUMMY).reason == "layoff.bad_meld"
    )
    nothing = check_layoff(parse_cards("3C 4C 5C"), [], RUMMY)
    assert nothing.reason == "layoff.nothing" and "2♣ and 6♣" in nothing.message


def test_layoff_group_with_suit_already_there_tiles() -> None:
    verdict = check_layoff(parse_tiles("R7 B7 K7"), parse_tiles("B7"), KUB)
    assert verdict.reason == "layoff.group_suit" and "orange 7" in verdict.message


# -- K-OPEN-2: the initial meld -----------------------------------------------------------------


def test_openings() -> None:
    """K-OPEN-2: openings."""
    assert check_opening([parse_tiles("R10 B10 K10")], KUB).points == 30
    assert check_opening([parse_tiles("R11 R12 R13")], KUB).ok
    assert check_opening([parse_tiles("K10 B10 J")], KUB).ok
    two = check_opening([parse_tiles("B5 B6 B7"), parse_tiles("O8 O9 O10")], KUB)
    assert two.ok and two.points == 45 and two.kind is None and "18 + 27" in two.message


def test_short_opening_says_how_many_points_are_missing() -> None:
    """K-OPEN-2: short opening says how many points are missing."""
    verdict = check_opening([parse_tiles("B5 B6 B7"), parse_tiles("O2 O3 O4")], KUB)
    assert verdict.reason == "opening.short" and verdict.rule == "K-OPEN-2"
    assert verdict.points == 27
    assert "27 points" in verdict.message and "3 short of the 30" in verdict.message


def test_threshold_is_a_rules_setting() -> None:
    """K-OPEN-2: threshold is a rules setting."""
    verdict = check_opening([parse_tiles("K9 R9 B9")], RummikubRules(initial_meld_points=25))
    assert verdict.ok


def test_every_set_must_be_valid_and_copies_counted() -> None:
    """K-OPEN-2: every set must be valid and copies counted."""
    bad = check_opening([parse_tiles("R10 B10 K10"), parse_tiles("O5 O6 O8")], KUB)
    assert bad.reason == "opening.bad_set" and "Set 2" in bad.message and "orange 7" in bad.message
    empty = check_opening([], KUB)
    assert empty.reason == "opening.empty"
    assert "30 points or more together" in empty.message  # not one set worth 30 alone
    copies = check_opening(
        [parse_tiles("R10 B10 K10"), parse_tiles("R10 R11 R12"), parse_tiles("R10 O10 B10")], KUB
    )
    assert copies.reason == "opening.too_many_copies"
    with pytest.raises(RulesError):
        check_opening([parse_tiles("R10 B10 K10")], RUMMY)  # type: ignore[arg-type]


# -- hand value: R-SCORE-1, R-SCORE-2, K-END-1 ----------------------------------------------------


def test_worked_example_22_points() -> None:
    """R-SCORE-1: worked example 22 points."""
    assert hand_value(parse_cards("QD 4S"), RUMMY) + hand_value(parse_cards("AH 7C"), RUMMY) == 22


def test_ace_scores_15_when_it_may_be_high() -> None:
    """R-SCORE-2: ace scores 15 when it may be high."""
    assert hand_value(parse_cards("AH"), ACE_HIGH) == 15
    assert hand_value(parse_cards("AH KS 10D 5C"), RUMMY) == 26


def test_joker_left_on_a_rack_is_30() -> None:
    """K-END-1: joker left on a rack is 30."""
    assert hand_value(parse_tiles("R5 J O13"), KUB) == 48


def test_a_group_with_a_joker_takes_every_colour_it_lacks() -> None:
    """K-JOKER-1: a group's joker stands for whichever colour is still missing, so red 7 blue 7
    joker takes black 7 and orange 7 (it named only the colour its joker was read as)."""
    verdict = check_layoff(parse_tiles("R7 B7 J"), parse_tiles("R8"), KUB)
    assert verdict.message.endswith("this group takes only black 7 and orange 7.")
    assert check_layoff(parse_tiles("R7 B7 J"), parse_tiles("K7"), KUB).ok


def test_with_the_ace_high_or_low_a_gap_is_counted_from_the_ace_above_the_king() -> None:
    """R-MELD-3 (house rule 'low_or_high'): 9♥ Q♥ K♥ A♥ lacks 10♥ and J♥ (not 2♥ to 8♥ as well),
    and a run from 2 to K takes one ace, named once."""
    rules = RummyRules(ace="low_or_high")
    gaps = check_meld(parse_cards("9H QH KH AH"), rules)
    assert "10♥ and J♥ are missing between 9♥ and Q♥" in gaps.message, gaps.message
    assert "10♥ and J♥ would have to come first" in (
        check_layoff(parse_cards("QH KH AH"), parse_cards("9H"), rules).message
    )
    long_run = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert "(A♥ now)" in check_layoff(long_run, parse_cards("5C"), rules).message
