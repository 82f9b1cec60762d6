"""K-CARDS-1: with Rummikub played with card decks every piece is named, read out and drawn as the
card it is, the views say which suit stands for which colour; with tiles nothing changes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from rummy_teach import messages, svg
from rummy_teach.errors import IllegalMoveError
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import legend, shown_by
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.setup import from_position
from rummy_teach.rummikub.tiles import parse_rummikub
from rummy_teach.rummikub.workspace import NEW, RACK, TurnWorkspace
from rummy_teach.solver import hint
from rummy_teach.widgets import JokerExercise, OpeningExercise, RearrangeExercise
from rummy_teach.widgets.base import Exercise
from tests.test_widget_rummikub_cards import CARDS, a_game_seen, pressed
from tests.test_widget_rummikub_game import make

TILES = RummikubRules()
TILE_NAME = re.compile(r"\b(black|red|blue|orange) (1[0-3]|[1-9])\b", re.IGNORECASE)
"""How a tile is named (``red 7``), which a game with cards never says."""
LEGEND = (
    "With cards, each suit stands for a colour: ♠ spades = black, ♥ hearts = red, ♣ clubs = blue "
    "and ♦ diamonds = orange."
)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English."""
    messages.set_language("en")
    yield
    messages.set_language("en")


def faces(view: Exercise) -> list[dict[str, str]]:
    """What the page gets for each piece of ``view``: its picture, accessible name, short name."""
    return [dict(shown) for shown in view.pieces.values()]


def test_a_view_with_cards_names_reads_out_and_draws_each_piece_as_its_card() -> None:
    view = RearrangeExercise(["5H 6H 7H"], "8H 4S *", rules=CARDS)
    shown = {face["short"]: face for face in faces(view)}
    assert sorted(shown) == sorted(["5♥", "6♥", "7♥", "8♥", "4♠", "joker"])
    assert shown["4♠"]["name"] == "4 of spades"
    assert 'aria-label="4 of spades"' in shown["4♠"]["svg"]
    assert 'fill="#ffffff"' in shown["4♠"]["svg"] and "♠" in shown["4♠"]["svg"]  # a card's face
    assert shown["joker"]["name"] == "joker" and "JOKER" in shown["joker"]["svg"]


def test_a_view_with_tiles_names_and_draws_tiles_as_it_always_did() -> None:
    view = RearrangeExercise(["R5 R6 R7"], "R8 K4 J")
    shown = {face["short"]: face for face in faces(view)}
    assert sorted(shown) == sorted(["red 5", "red 6", "red 7", "red 8", "black 4", "joker"])
    assert shown["black 4"]["name"] == "black 4"
    assert 'aria-label="black 4"' in shown["black 4"]["svg"]
    assert 'fill="#fbf6e9"' in shown["black 4"]["svg"] and "♠" not in shown["black 4"]["svg"]


def test_a_joker_standing_for_a_card_is_named_and_drawn_with_that_card() -> None:
    joker = Tile.joker(Tile(4, Colour.RED))
    with shown_by(CARDS):
        name, picture = messages.piece_name(joker), svg.piece_svg(joker)
    assert name == "joker as 4 of hearts"
    assert ">4♥</text>" in picture and ">R4</text>" not in picture
    assert messages.piece_name(joker) == "joker as red 4"
    assert ">R4</text>" in svg.piece_svg(joker)


def test_a_whole_game_with_cards_names_no_tile() -> None:
    view_texts = a_game_seen(CARDS)
    named = [text for text in view_texts if TILE_NAME.search(text)]
    assert not named, named[:5]
    assert any(re.search(r"\b(10|[2-9]|[AJQK])[♠♥♣♦]", text) for text in view_texts)


def test_a_whole_game_with_tiles_names_tiles() -> None:
    view_texts = a_game_seen()
    assert any(TILE_NAME.search(text) for text in view_texts)
    assert not any(re.search(r"[♠♥♣♦]", text) for text in view_texts)


def test_the_engine_names_cards_with_card_rules_and_tiles_with_tile_rules() -> None:
    run = parse_rummikub("5H 6H 7H", CARDS)
    assert check_meld(run, CARDS).message == (
        "5♥ 6♥ 7♥: a run of red cards from 5♥ to 7♥, worth 18 points."
    )
    assert check_meld(run, TILES).message == (
        "red 5 red 6 red 7: a run of red tiles from red 5 to red 7, worth 18 points."
    )
    rack = parse_rummikub("8H 4S", CARDS)
    stolen = [[*run, *parse_rummikub("9H", CARDS)]]
    refused = check_turn([run], stolen, rack, opened=True, rules=CARDS)
    assert refused.message.startswith("On the table but not in your hand: 9♥.")
    workspace = TurnWorkspace.start(from_position([rack, ""], table=[run], rules=CARDS))
    with pytest.raises(IllegalMoveError, match=r"^9♥ is not in your hand"):
        workspace.move(Tile(9, Colour.RED), RACK, NEW)
    state = from_position([rack, "5D"], table=[run], opened=[True, True], rules=CARDS)
    assert "add 8♥ from your hand" in hint(state).message
    assert "add red 8 from your rack" in hint(replace(state, rules=TILES)).message


def test_the_opening_view_with_cards_says_which_card_was_drawn() -> None:
    view = OpeningExercise("2H 3H 4H 7S 9C", rules=CARDS, goal=Goal.open_or_draw())
    said = " ".join(pressed(view, "draw"))
    assert re.search(r"You drew (10|[2-9]|[AJQK])[♠♥♣♦]; your sets went back to your hand", said)
    tiles = OpeningExercise("R2 R3 R4 K7 B9", rules=TILES, goal=Goal.open_or_draw())
    said = " ".join(pressed(tiles, "draw"))
    assert re.search(r"You drew (black|red|blue|orange) ([0-9]+); your sets went back", said)


def test_every_view_with_cards_says_which_suit_is_which_colour() -> None:
    views: list[Exercise] = [
        RearrangeExercise(["5H 6H 7H"], "8H", rules=CARDS),
        JokerExercise(["5H 6H *"], "7H", rules=CARDS),
        OpeningExercise("10H JH QH", rules=CARDS),
    ]
    for view in views:
        assert view.instructions.endswith(LEGEND), type(view).__name__
    game = make(rules=CARDS, seed=3)
    assert game.instructions.endswith(LEGEND)
    for view in (RearrangeExercise(["R5 R6 R7"], "R8"), OpeningExercise("R10 R11 R12")):
        assert "suit" not in view.instructions
    assert legend(TILES) == ""


def test_the_legend_is_translated() -> None:
    messages.set_language("nb")
    said = legend(CARDS)
    assert said.startswith("Med kort står hver sort for en farge:") and "♠ spar = svart" in said


def test_naming_tiles_as_cards_ends_with_the_call() -> None:
    RearrangeExercise(["5H 6H 7H"], "8H", rules=CARDS).hints()
    assert messages.card_suits() is None
    assert messages.piece_short(Tile(5, Colour.RED)) == "red 5"
    with shown_by(CARDS):
        assert messages.piece_short(Tile(5, Colour.RED)) == "5♥"
        with shown_by(TILES):
            assert messages.piece_short(Tile(5, Colour.RED)) == "red 5"
        assert messages.piece_name(Tile(12, Colour.BLUE)) == "queen of clubs"
    assert messages.piece_name(Tile(12, Colour.BLUE)) == "blue 12"


def test_another_hand_with_cards_is_dealt_and_named_in_cards() -> None:
    for view in (
        RearrangeExercise(["5H 6H 7H"], "8H", rules=CARDS),
        JokerExercise(["5H 6H *"], "7H", rules=CARDS),
        OpeningExercise("10H JH QH", rules=CARDS),
    ):
        view.another(3)
        assert view.hand_number == 3, type(view).__name__
        texts = [view.goal, str(view.feedback["message"]), *view.hints()]
        texts += [face["name"] + " " + face["short"] for face in faces(view)]
        assert not [text for text in texts if TILE_NAME.search(text)], type(view).__name__


def switched_views() -> list[Exercise]:
    """One of each Rummikub view a rules picker can sit beside, dealt with tiles."""
    from rummy_teach.widgets import MeldExercise

    return [
        MeldExercise("R5 R6 R7 B5 J", rules=TILES),
        OpeningExercise("R10 R11 R12 K1 K2", rules=TILES),
        RearrangeExercise(["R5 R6 R7"], "R8 K4 J"),
        JokerExercise(["R5 J R7"], "R6 K4"),
        make(),
    ]


@pytest.mark.parametrize("number", range(5))
def test_switching_to_cards_in_the_rules_picker_shows_every_piece_and_the_legend_as_cards(
    number: int,
) -> None:
    """K-CARDS-1 through the picker: the pieces' names and pictures and the instructions' legend
    follow the switch, both ways, as a view dealt with those rules shows them."""
    from rummy_teach.widgets import RulesPicker

    view = switched_views()[number]
    picker = RulesPicker(view)
    picker.choose("pieces", "cards")
    assert view.rules.pieces == "cards"
    shown = faces(view)
    assert shown and not [face for face in shown if TILE_NAME.search(face["name"])]
    assert all(face["name"] == "joker" or re.search("[♠♥♣♦]", face["short"]) for face in shown)
    assert all('aria-label="' + face["name"] in face["svg"] for face in shown)
    assert view.instructions.endswith(LEGEND)
    picker.choose("pieces", "tiles")
    assert all(TILE_NAME.search(face["name"]) or "joker" in face["name"] for face in faces(view))
    assert LEGEND not in view.instructions and "♠" not in view.instructions


@pytest.mark.parametrize("number", range(5))
def test_a_switch_sends_the_pieces_once(number: int) -> None:
    """A rules switch draws every piece once: the page gets one ``pieces`` message, not one for
    the pieces a game is about to replace and another for the new deal's."""
    from rummy_teach.widgets import RulesPicker

    view = switched_views()[number]
    picker = RulesPicker(view)
    sent: list[object] = []
    view.observe(lambda change: sent.append(change["new"]), names="pieces")
    picker.choose("pieces", "cards")
    assert len(sent) == 1
    assert sent[0] == view.pieces
