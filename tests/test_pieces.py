"""Pieces and notation (RULES.md "Notation")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach import (
    Card,
    Colour,
    NotationError,
    RummyTeachError,
    Suit,
    Tile,
    format_pieces,
    parse_cards,
    parse_tiles,
)

cards = st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit)))
numbered_tiles = st.builds(Tile, st.integers(1, 13), st.sampled_from(list(Colour)))
tiles = st.one_of(numbered_tiles, st.just(Tile.joker()))


def test_parse_cards_in_the_forms_of_the_rule_book() -> None:
    assert parse_cards("5H 6H 7H") == [
        Card(5, Suit.HEARTS),
        Card(6, Suit.HEARTS),
        Card(7, Suit.HEARTS),
    ]
    assert parse_cards("9h, 9♠, 9C") == [
        Card(9, Suit.HEARTS),
        Card(9, Suit.SPADES),
        Card(9, Suit.CLUBS),
    ]
    assert parse_cards("AH 10d jc Qs K♦") == [
        Card(1, Suit.HEARTS),
        Card(10, Suit.DIAMONDS),
        Card(11, Suit.CLUBS),
        Card(12, Suit.SPADES),
        Card(13, Suit.DIAMONDS),
    ]
    assert parse_cards("") == []


def test_parse_tiles_in_the_forms_of_the_rule_book() -> None:
    assert parse_tiles("R10 B10 K10 J") == [
        Tile(10, Colour.RED),
        Tile(10, Colour.BLUE),
        Tile(10, Colour.BLACK),
        Tile.joker(),
    ]
    assert parse_tiles("o13, k1 *") == [
        Tile(13, Colour.ORANGE),
        Tile(1, Colour.BLACK),
        Tile.joker(),
    ]


def test_canonical_notation_and_repr() -> None:
    assert str(Card(10, Suit.HEARTS)) == "10H"
    assert str(Card(1, Suit.SPADES)) == "AS"
    assert Card(12, Suit.DIAMONDS).symbol == "Q♦"
    assert str(Tile(7, Colour.RED)) == "R7"
    assert str(Tile.joker()) == "J"
    assert repr(Card(5, Suit.HEARTS)) == "Card.parse('5H')"
    assert repr(Tile(13, Colour.BLUE)) == "Tile.parse('B13')"
    assert eval(repr(Tile.joker())) == Tile.joker()
    assert format_pieces(parse_tiles("r7 b7 j")) == "R7 B7 J"


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("5H 6X 7H", "6X", 2),
        ("5H 1H", "1H", 2),
        ("11H", "11H", 1),
        ("5H, 6H, ZZ", "ZZ", 3),
        ("H5", "H5", 1),
    ],
)
def test_bad_card_names_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    assert caught.value.token == token
    assert caught.value.position == position
    assert repr(token) in str(caught.value)
    assert f"token {position}" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("R10 B14 K10", "B14", 2),
        ("R0", "R0", 1),
        ("G7", "G7", 1),
        ("R7 JJ", "JJ", 2),
        ("R", "R", 1),
    ],
)
def test_bad_tile_names_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert caught.value.token == token
    assert caught.value.position == position
    assert isinstance(caught.value, RummyTeachError)
    assert isinstance(caught.value, ValueError)


def test_offset_points_at_the_bad_token() -> None:
    text = "R1  R2 ,  Q9"
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert text[caught.value.offset :].startswith("Q9")


def test_pieces_are_frozen_hashable_and_slotted() -> None:
    card = Card(5, Suit.HEARTS)
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]
    assert not hasattr(card, "__dict__")
    assert len({Card(5, Suit.HEARTS), Card(5, Suit.HEARTS), Tile(5, Colour.RED)}) == 2


def test_invalid_values_are_refused() -> None:
    with pytest.raises(RummyTeachError):
        Card(14, Suit.HEARTS)
    with pytest.raises(RummyTeachError):
        Tile(0, Colour.RED)
    with pytest.raises(RummyTeachError):
        Tile(5, None)
    with pytest.raises(RummyTeachError):
        Card(True, Suit.HEARTS)


def test_sorting_is_by_suit_then_rank_and_jokers_last() -> None:
    assert sorted(parse_cards("2S KH AH 5C")) == parse_cards("5C AH KH 2S")
    assert sorted(parse_tiles("J O1 R5 K13 R2")) == parse_tiles("K13 R2 R5 O1 J")


@settings(max_examples=300, derandomize=True)
@given(st.lists(cards, max_size=8))
def test_cards_round_trip(hand: list[Card]) -> None:
    assert parse_cards(format_pieces(hand)) == hand
    assert parse_cards(", ".join(card.symbol.lower() for card in hand)) == hand
    for card in hand:
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card


@settings(max_examples=300, derandomize=True)
@given(st.lists(tiles, max_size=8))
def test_tiles_round_trip(rack: list[Tile]) -> None:
    assert parse_tiles(format_pieces(rack)) == rack
    assert parse_tiles(format_pieces(rack).lower()) == rack
    for tile in rack:
        assert Tile.parse(str(tile)) == tile


@settings(max_examples=1000, derandomize=True)
@given(st.text())
def test_arbitrary_text_only_ever_raises_notation_error(text: str) -> None:
    for parse in (parse_cards, parse_tiles):
        try:
            parsed = parse(text)
        except NotationError as error:
            assert error.token
            assert error.position >= 1
        else:
            assert parse(format_pieces(parsed)) == parsed


@settings(max_examples=300, derandomize=True)
@given(
    st.lists(
        st.sampled_from(["10", "A", "K", "J", "R", "B", "1", "13", "H", "♥", "*", "Q", "0", "O"]),
        max_size=6,
    )
)
def test_near_miss_notation_only_raises_notation_error(parts: list[str]) -> None:
    text = "".join(parts)
    for parse in (parse_cards, parse_tiles):
        try:
            parse(text)
        except NotationError as error:
            assert error.token in text


@pytest.mark.parametrize("token", ["Aſ", "ﬀ", "Kı", "ｋ5", "R１", "Ｊ"])
def test_only_the_rule_books_letters_are_read(token: str) -> None:
    """Notation: letters that fold into A-Z (ſ, ﬀ, ı, full-width forms) are bad tokens, named."""
    with pytest.raises(NotationError) as caught:
        parse_cards(token) if token[0] in "Aſﬀ" else parse_tiles(token)
    assert caught.value.token == token


def test_colours_and_suits_hash_as_themselves() -> None:
    """Enum members are singletons, so the C identity hash stands in for Enum's Python one (the
    solver hashes tiles ~10^5 times a move); equal members still hash and compare alike."""
    import pickle

    from rummy_teach.pieces import Colour, Suit, Tile

    for member in (*Colour, *Suit):
        assert hash(member) == object.__hash__(member)
        assert pickle.loads(pickle.dumps(member)) is member
    assert {Tile(4, Colour.RED): 1}[Tile(4, Colour("R"))] == 1
