"""K-CARDS-1: the opening view, the solver's hints and reviews, and the lessons' reading of a deal
say card, hand and stock when Rummikub is played with card decks; with tiles they say what they said.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_teach import lessons, messages
from rummy_teach.lessons.goals import Goal
from rummy_teach.lessons.whatif import _rummikub_deal
from rummy_teach.melds import check_opening
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.moves import Draw
from rummy_teach.rummikub.setup import from_position
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.rummikub.tiles import parse_rummikub
from rummy_teach.solver import hint, review
from rummy_teach.widgets import MeldExercise, OpeningExercise
from tests.test_widget_rummikub_cards import CARDS, pressed, says_tiles

TILES = RummikubRules()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English."""
    messages.set_language("en")
    yield
    messages.set_language("en")


OPENS = "10H JH QH 2S 3S"
"""A hand (in cards) that opens with 33 points: the 10, J and Q of hearts."""
CANNOT = "2H 3H 4H 7S 9C"
"""A hand (in cards) whose best initial meld is 9 points: it must draw."""


def as_tiles(hand: str) -> str:
    """The same hand in tile notation."""
    return " ".join(str(tile) for tile in parse_rummikub(hand, CARDS))


def opening_seen(rules: RummikubRules, hand: str, goal: Goal, *buttons: str) -> list[str]:
    """Every text an opening view of ``hand`` shows before and after each of ``buttons``."""
    rack = hand if rules.pieces == "cards" else as_tiles(hand)
    view = OpeningExercise(rack, rules=rules, goal=goal)
    return pressed(view, *buttons)


def test_the_opening_view_with_cards_says_cards() -> None:
    seen = [
        *opening_seen(CARDS, OPENS, Goal.open(), "hint", "hint", "hint"),
        *opening_seen(CARDS, OPENS, Goal.open_or_draw(), "draw"),
        *opening_seen(CARDS, CANNOT, Goal.open_or_draw(), "hint", "hint", "hint", "draw"),
        *opening_seen(CARDS, CANNOT, Goal.open_or_draw(), "open"),
    ]
    said = [text for text in seen if says_tiles(text)]
    assert not said, said[:5]
    for english in (
        "Your hand",
        "Can't open: draw a card",
        "Count points, not cards",
        "from your own hand",
        "this hand can open with 33 points",
        "so you draw a card and wait for a better hand",
        "your sets went back to your hand",
        "The best this hand can do is 9 points, short of 30: draw a card.",
        messages.text("widgets.goal.open.cards", needed=30),
    ):
        assert any(english in text for text in seen), english


def test_the_opening_view_with_tiles_says_what_it_always_said() -> None:
    seen = [
        *opening_seen(TILES, OPENS, Goal.open(), "hint", "hint", "hint"),
        *opening_seen(TILES, OPENS, Goal.open_or_draw(), "draw"),
        *opening_seen(TILES, CANNOT, Goal.open_or_draw(), "hint", "hint", "hint", "draw"),
    ]
    for english in (
        "Your rack",
        "Can't open: draw a tile",
        "Count points, not tiles: add up the numbers in the sets you could make",
        "The initial meld is one or more valid sets from your own rack worth at least 30 points",
        "Don't give up yet: this rack can open with 33 points. Look again.",
        "so you draw a tile and wait for a better rack.",
        "your sets went back to your rack. Your turn is over.",
        "The best this rack can do is 9 points, short of 30: draw a tile.",
        "Build an initial meld worth at least 30 points from your rack, then put it down.",
    ):
        assert any(english in text for text in seen), english
    assert not any("card" in text for text in seen)


def test_the_meld_view_of_rummikub_with_cards_says_hand_and_cards() -> None:
    cards = pressed(MeldExercise("5H 6H 7H 9S", CARDS, goal=Goal.make_run()), "hint", "hint")
    assert not [text for text in cards if says_tiles(text)], cards
    assert "Your hand" in cards
    assert any("A run is 3 or more cards of one colour in a row" in text for text in cards)
    tiles = pressed(
        MeldExercise(as_tiles("5H 6H 7H 9S"), TILES, goal=Goal.make_run()), "hint", "hint"
    )
    assert "Your rack" in tiles
    assert any(
        "A run is 3 or more tiles of one colour in a row; 1 is always low." in text
        for text in tiles
    )


def test_a_card_hand_is_read_as_cards_by_the_opening_view() -> None:
    view = OpeningExercise(OPENS, rules=CARDS)
    assert view.best_points() == 33
    tiles = OpeningExercise(as_tiles(OPENS), rules=TILES)
    assert [view._all[pid] for pid in view.hand_ids] == [tiles._all[pid] for pid in tiles.hand_ids]


def test_the_initial_meld_is_judged_in_card_words_with_the_same_reason() -> None:
    short = [parse_rummikub("2H 3H 4H", CARDS)]
    said = check_opening(short, CARDS)
    assert said.reason == "opening.short" and "use higher cards" in said.message
    assert check_opening(short, TILES).message == (
        "9 points: 21 short of the 30 an initial meld needs. Add a set, or use higher tiles."
    )
    thrice = [parse_rummikub("2H 3H 4H", CARDS), parse_rummikub("2H 2S 2C 2H", CARDS)]
    copies = check_opening(thrice, CARDS)
    assert copies.reason == "opening.too_many_copies" and "two of each card" in copies.message
    assert "two of each tile" in check_opening(thrice, TILES).message


def position(
    rules: RummikubRules, hand: str, *, table: str = "", opened: bool = False
) -> RummikubState:
    """A two-player game where player 1 holds ``hand`` (written as cards) and may have opened."""
    sets = [parse_rummikub(part, CARDS) for part in table.split("|") if part.strip()]
    return from_position(
        [parse_rummikub(hand, CARDS), parse_rummikub("5D", CARDS)],
        table=sets,
        opened=[opened, opened],
        rules=rules,
    )


def advice(rules: RummikubRules) -> list[str]:
    """The solver's hints and reviews in four positions: open, can't open, place, can't place."""
    said = []
    for state in (
        position(rules, OPENS),
        position(rules, CANNOT),
        position(rules, "8H 4S", table="5H 6H 7H", opened=True),
        position(rules, "4S", table="5H 6H 7H", opened=True),
    ):
        said.append(hint(state).message)
        said.append(review(state, state.apply(Draw())).message)
    return said


def test_the_solver_advises_with_cards_in_card_words() -> None:
    said = advice(CARDS)
    assert not [text for text in said if says_tiles(text)], said
    joined = " ".join(said)
    for english in (
        "You can open with 3 cards worth 33 points:",
        "from your hand alone, so draw a card",
        "You can place 1 card:",
        "None of your cards fits anywhere",
        "You drew, but you could have placed 3 cards.",
        "Drawing was right: no card from your hand could be placed.",
    ):
        assert english in joined, english


def test_the_solver_advises_with_tiles_as_it_always_did() -> None:
    joined = " ".join(advice(TILES))
    for english in (
        "You can open with 3 tiles worth 33 points:",
        "No initial meld worth 30 points can be made from your rack alone, so draw a tile",
        "You can place 1 tile:",
        "None of your tiles fits anywhere, even by rearranging the table, so draw a tile.",
        "You drew, but you could have placed 3 tiles. Here is how:",
        "Drawing was right: no tile from your rack could be placed.",
    ):
        assert english in joined, english
    assert "card" not in joined


def test_a_deal_with_cards_is_read_back_in_card_words() -> None:
    cards = _rummikub_deal(lessons.WHAT_IF_CARDS)
    assert [verdict.reason for verdict in cards] == [
        "lesson.fact.rummikub_racks",
        *["lesson.fact.suit_colour"] * 4,
    ]
    assert cards[0].message == (
        "2 players take 14 cards each in a hand the others cannot see; the other 80 cards stay "
        "face down as the stock."
    )
    tiles = _rummikub_deal(lessons.WHAT_IF_COUNTERCLOCKWISE)
    assert tiles[0].message == (
        "4 players take 14 tiles each on a rack the others cannot see; the other 50 tiles stay "
        "face down as the pool."
    )
