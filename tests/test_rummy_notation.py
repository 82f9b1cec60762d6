"""Rummy move notation round-trips: ``parse_move(str(move)) == move`` for every move type, and bad
notation raises NotationError naming the bad word and where it stands in the move."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach.bots import RandomBot
from rummy_teach.errors import NotationError
from rummy_teach.pieces import Card, Suit, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import (
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Move,
    TakeDiscard,
    deal,
    parse_move,
)

CARDS = st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit)))
CARD_LISTS = st.lists(CARDS, max_size=8)  # any order, repeats allowed: the values allow both
MOVES: st.SearchStrategy[Move] = st.one_of(
    st.just(DrawStock()),
    st.just(TakeDiscard()),
    st.builds(LayMeld, CARD_LISTS.map(tuple)),
    st.builds(LayOff, st.integers(0, 10**6), CARD_LISTS.map(tuple)),
    st.builds(Discard, CARDS),
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


@settings(derandomize=True, max_examples=400, deadline=None)
@given(move=MOVES)
def test_every_move_reads_back_from_its_notation(move: Move) -> None:
    """Notation: ``parse_move(str(move)) == move`` for every move type, card order and meld index."""
    text = str(move)
    assert parse_move(text) == move
    assert str(parse_move(text)) == text, "str(move) is the one canonical spelling"


@settings(derandomize=True, max_examples=200, deadline=None)
@given(move=MOVES, case=st.sampled_from([str.lower, str.upper, str.title]), pad=st.text(" \t,"))
def test_notation_reads_in_any_case_and_spacing(
    move: Move, case: Callable[[str], str], pad: str
) -> None:
    """Notation: case and extra spaces (or commas between words) do not change the move."""
    written = pad + case(str(move)).replace(" ", f" {pad}") + pad
    assert parse_move(written) == move


@settings(derandomize=True, max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_every_legal_move_of_a_game_reads_back(seed: int, players: int) -> None:
    """Notation: every move a real round lists (and so every saved move) round-trips."""
    state = deal(players, RummyRules(ace="low_or_high"), seed=seed)
    bots = [RandomBot(seed + n) for n in range(players)]
    while not state.is_over:
        for move in state.legal_moves():
            assert parse_move(str(move)) == move
        state = state.apply(bots[state.current_player].choose(state))
    assert [parse_move(str(move)) for move in state.history] == list(state.history)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (DrawStock(), "draw"),
        (TakeDiscard(), "take"),
        (LayMeld(cards("7H 5H 6H")), "meld 5H 6H 7H"),
        (LayMeld(cards("KS KD KC")), "meld KC KD KS"),
        (LayMeld(()), "meld"),
        (LayOff(0, cards("8H")), "layoff 0 8H"),
        (LayOff(12, cards("10S 9S")), "layoff 12 9S 10S"),
        (LayOff(3, ()), "layoff 3"),
        (Discard(Card.parse("KS")), "discard KS"),
        (Discard(Card.parse("10D")), "discard 10D"),
    ],
)
def test_each_move_type_is_written_and_read_back(move: Move, text: str) -> None:
    """Notation: each move type's spelling, cards in suit-then-rank order, and back again."""
    assert str(move) == text
    assert parse_move(text) == move


def test_meld_and_layoff_read_their_cards_in_notation() -> None:
    """Notation: ``LayMeld.parse`` and ``LayOff.parse`` read cards; the order written does not
    matter."""
    assert LayMeld.parse("7H 5H 6H") == LayMeld(cards("5H 6H 7H")) == LayMeld(cards("6H 7H 5H"))
    assert LayOff.parse(2, "10S 9S") == LayOff(2, cards("9S 10S"))


def test_notation_accepts_the_cards_other_spellings() -> None:
    """Notation: suit symbols, lower case and commas read as the same move."""
    assert parse_move("meld 5♥, 6h, 7H") == LayMeld(cards("5H 6H 7H"))
    assert parse_move("  LAYOFF   02  q♠ ") == LayOff(2, cards("QS"))
    assert parse_move("Discard a♣") == Discard(Card.parse("AC"))


@pytest.mark.parametrize(
    ("text", "token", "position", "offset"),
    [
        ("fold", "fold", 1, 0),
        ("draw 5H", "5H", 2, 5),
        ("take now", "now", 2, 5),
        ("meld 5H ZZ 7H", "ZZ", 3, 8),
        ("layoff", "layoff", 1, 0),
        ("layoff x 9S", "x", 2, 7),
        ("layoff -1 9S", "-1", 2, 7),
        ("layoff 0 9S 1Q", "1Q", 4, 12),
        ("discard", "discard", 1, 0),
        ("discard 5H 6H", "6H", 3, 11),
        ("discard 5X", "5X", 2, 8),
    ],
)
def test_bad_notation_names_the_bad_word(text: str, token: str, position: int, offset: int) -> None:
    """Notation: a bad move names its bad word, the word's place and its character offset."""
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    error = caught.value
    assert (error.token, error.position, error.offset) == (token, position, offset)
    assert text[offset : offset + len(token)] == token
    assert repr(token) in str(error) and repr(text) in str(error)


@pytest.mark.parametrize("text", ["", "   ", " , "])
def test_an_empty_move_is_refused(text: str) -> None:
    """Notation: nothing written is no move."""
    with pytest.raises(NotationError):
        parse_move(text)


def test_a_move_that_is_no_text_is_refused() -> None:
    """Notation: only text is read."""
    with pytest.raises(NotationError):
        parse_move(5)  # type: ignore[arg-type]
