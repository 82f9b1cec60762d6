"""K-CARDS-1: the Rummikub views say card, hand and stock when the game is played with card decks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError
from rummy_teach.lessons.deals_rearrange import TurnGoal
from rummy_teach.messages import Plural
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import CARD_KEYS, worded
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.setup import from_position
from rummy_teach.rummikub.tiles import parse_rummikub
from rummy_teach.rummikub.workspace import NEW, RACK, TurnWorkspace
from rummy_teach.widgets import JokerExercise, RearrangeExercise
from rummy_teach.widgets.intents import RateLimit
from tests.test_widget_rummikub_game import learner_turn, make, press, send

CARDS = RummikubRules(pieces="cards")
TILE_WORDS = re.compile(r"\b(tiles?|racks?|pool)\b", re.IGNORECASE)
"""The words of a game with tiles, which a game with cards never says."""


def says_tiles(template: str) -> bool:
    """Whether a sentence or a template names tiles, a rack or the pool: not in a placeholder, nor
    in a rule book section's “title” that a hint links to (the rule book is about tiles)."""
    return TILE_WORDS.search(re.sub(r"\{[^{}]*\}|“[^”]*”", " ", template)) is not None


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English."""
    messages.set_language("en")
    yield
    messages.set_language("en")


def shown(view: RearrangeExercise) -> list[str]:
    """Every text the page shows now: goal, instructions, feedback, counts, zones, buttons."""
    texts = [view.goal, view.instructions, str(view.feedback["message"])]
    texts += getattr(view, "opponents", [])
    texts += [str(spec["label"]) for spec in view.buttons]
    for zone in view.zones:
        texts += [str(zone.get("label", "")), str(zone.get("note", ""))]
        if "action" in zone:
            texts.append(str(zone["action"]["label"]))
    sheet: dict[str, Any] = getattr(view, "sheet", {})
    texts += [str(sheet.get("caption", "")), *map(str, sheet.get("head", []))]
    return texts


def a_game_seen(rules: RummikubRules | None = None, games: int = 1) -> list[str]:
    """The texts of whole games: hints, greyed-out buttons, a penalty, draws, sorting, the end."""
    view = make(rules=rules, seed=3)
    seen = shown(view)
    for button in ("hint", "hint", "hint", "split", "join", "to_rack", "end_turn"):
        press(view, button)
        seen += shown(view)
    rack = list(view.hand_ids)
    send(view, intent="pick", piece=rack[0])
    seen += shown(view)
    press(view, "to_new")  # one piece alone: the turn's table is not valid
    seen += shown(view)
    press(view, "end_turn")  # the penalty (K-TURN-3)
    seen += shown(view)
    for _ in range(2000):
        if view.mode == "game_over":
            seen += shown(view)
            games -= 1
            if not games:
                return seen
            press(view, "next_round")
        elif view.mode == "learner":
            learner_turn(view)
        else:
            press(view, "next")
        seen += shown(view)
        press(view, "sort_number" if len(seen) % 2 else "sort_colour")
        seen += shown(view)
    raise AssertionError("the game did not end")


def test_with_cards_no_text_of_the_game_says_tile_rack_or_pool() -> None:
    seen = a_game_seen(CARDS, games=2)
    said = [text for text in seen if says_tiles(text)]
    assert not said, said[:5]
    joined = " ".join(seen)
    for english in (
        "Draw a card",
        "Your hand",
        "The stock: ",
        "14 cards each",
        "Be the first to play every card in your hand.",
        "cards in hand",
        "from the stock",  # a computer drew
        "penalty cards",
        "Sort by suit",
    ):
        assert english in joined, english


def test_with_tiles_the_game_says_what_it_always_said() -> None:
    seen = a_game_seen()
    joined = " ".join(seen)
    for english in (
        "Draw a tile",
        "Your rack",
        "The pool: ",
        "14 tiles each",
        "Be the first to place every tile of your rack.",
        "tiles on its rack",
        "drew a tile.",
        "penalty tiles",
        "Sort by colour",
    ):
        assert english in joined, english
    assert not any(word in joined for word in ("Draw a card", "The stock", "cards in hand"))


def test_a_translated_game_with_cards_has_no_tile_word_left() -> None:
    messages.set_language("nb")
    seen = " ".join(a_game_seen(CARDS)).lower()
    for tile_word in ("brikke", "stativ", " bunken"):
        assert tile_word not in seen, tile_word
    assert "trekk et kort" in seen and "trekkbunken" in seen


@pytest.mark.parametrize("language", messages.LANGUAGES[1:])
def test_every_card_wording_is_translated(language: str) -> None:
    messages.set_language(language)
    for key in sorted(set(CARD_KEYS.values())):
        english = messages.SOURCE[key]
        forms = (english.one, english.other) if isinstance(english, Plural) else (english,)
        said = [messages.template(key, count=number) for number in (1, 7)]
        assert not set(said) & set(forms), f"{language}: {key} is still English"


def test_each_card_wording_says_the_same_with_cards() -> None:
    for key, card_key in CARD_KEYS.items():
        tile, card = messages.SOURCE[key], messages.SOURCE[card_key]
        assert messages.placeholders(key) == messages.placeholders(card_key), key
        assert isinstance(tile, Plural) == isinstance(card, Plural), key
        if isinstance(tile, Plural) and isinstance(card, Plural):
            assert tile.n == card.n, key
        forms = (card.one, card.other) if isinstance(card, Plural) else (card,)
        assert not any(says_tiles(form) for form in forms), card_key


def test_every_sentence_of_the_game_and_its_engine_naming_tiles_has_a_card_wording() -> None:
    missing = [
        key
        for key, english in messages.CATALOG.items()
        if key.startswith(("rummikub.", "rummikub_game.", "rearrange.", "joker."))
        and not key.endswith(".cards")
        and says_tiles(english)
        and key not in CARD_KEYS
    ]
    assert not missing, missing


def test_the_card_wording_is_picked_by_the_rules_only() -> None:
    assert worded("rummikub_game.goal", CARDS) == "rummikub_game.goal.cards"
    assert worded("rummikub_game.goal", RummikubRules()) == "rummikub_game.goal"
    assert worded("rummikub_game.goal", None) == "rummikub_game.goal"
    assert worded("rummikub_game.status.learner", CARDS) == "rummikub_game.status.learner"


def pressed(view: RearrangeExercise, *buttons: str) -> list[str]:
    """The texts ``view`` shows before and after each of ``buttons`` is pressed."""
    view.limit = view.work = RateLimit(1e9, 1e9)
    seen = shown(view)
    for button in buttons:
        send(view, intent="press", button=button)
        seen += shown(view)
    return seen


def test_the_rearrange_view_with_cards_says_cards() -> None:
    view = RearrangeExercise(["5H 6H 7H", "9S 9H 9C 9D"], "8H 4S", rules=CARDS, allow_draw=True)
    seen = pressed(view, "hint", "hint", "hint", "split", "join", "end_turn")
    said = [text for text in seen if says_tiles(text)]
    assert not said, said[:5]
    assert view.goal == messages.text("rearrange.goal.place_all.cards")
    assert "Draw a card" in seen and "Your hand" in seen


def test_the_joker_view_with_cards_says_cards() -> None:
    swap = JokerExercise(["5H 6H *"], "7H 4S", rules=CARDS)
    stands = JokerExercise(["5H 6H *"], "", rules=CARDS, goal=TurnGoal.stands(1))
    seen = pressed(swap, "hint", "hint", "hint", "swap") + pressed(stands, "hint", "hint")
    said = [text for text in seen if says_tiles(text)]
    assert not said, said[:5]
    assert messages.text("joker.asked.cards") in seen


def test_the_engine_refuses_a_card_turn_in_card_words_with_the_same_reason() -> None:
    table, rack = [parse_rummikub("5H 6H 7H", CARDS)], parse_rummikub("8H 4S", CARDS)
    stolen = [*table[0], *parse_rummikub("9H", CARDS)]
    for rules, said in (
        (CARDS, "On the table but not in your hand: 9♥."),
        (RummikubRules(), "On the table but not on your rack: red 9."),
    ):
        verdict = check_turn(table, [stolen], rack, opened=True, rules=rules)
        assert verdict.reason == "rummikub.not_on_rack"
        assert verdict.message.startswith(said)
    workspace = TurnWorkspace.start(from_position([rack, ""], table=table, rules=CARDS))
    with pytest.raises(IllegalMoveError, match="is not in your hand") as refused:
        workspace.move(Tile(9, Colour.RED), RACK, NEW)
    assert refused.value.reason == "rummikub.ws_not_on_rack"
