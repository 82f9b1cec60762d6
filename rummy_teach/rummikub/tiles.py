"""The Rummikub tiles (K-SET-1, K-SET-2) and their card faces when playing with two decks (K-CARDS-1)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from rummy_teach import messages
from rummy_teach.errors import NotationError, RulesError, shown
from rummy_teach.pieces import (
    Card,
    Colour,
    Suit,
    Tile,
    as_pieces,
    format_pieces,
    parse_cards,
    parse_tiles,
)
from rummy_teach.rules import RummikubRules, rummikub_rules
from rummy_teach.rummikub.sets import JOKER, TileSet

__all__ = [
    "CARD_JOKER",
    "RACK_SIZE",
    "SUIT_OF_COLOUR",
    "card_to_tile",
    "format_rummikub",
    "full_set",
    "parse_piece",
    "parse_rummikub",
    "tile_label",
    "tile_to_card",
]

CARD_JOKER = "*"
"""How a deck's joker is written in card notation (``J`` is a jack there), K-CARDS-1."""

RACK_SIZE = 14
"""K-SET-2: tiles dealt to each player."""


def full_set(rules: RummikubRules) -> TileSet:
    """Every tile of the game, sorted (K-SET-1): 1-13 in four colours twice, plus 2 or 4 jokers."""
    jokers = rummikub_rules(rules, "full_set").jokers
    tiles = [
        Tile(number, colour) for colour in Colour for number in range(1, 14) for _copy in (1, 2)
    ]
    return (*tiles, *[JOKER] * jokers)


_SUIT_OF_COLOUR = {
    Colour.BLACK: Suit.SPADES,
    Colour.RED: Suit.HEARTS,
    Colour.BLUE: Suit.CLUBS,
    Colour.ORANGE: Suit.DIAMONDS,
}
_COLOUR_OF_SUIT = {suit: colour for colour, suit in _SUIT_OF_COLOUR.items()}
SUIT_OF_COLOUR: Mapping[Colour, Suit] = MappingProxyType(_SUIT_OF_COLOUR)
"""K-CARDS-1: the suit each tile colour is played as with two card decks (black spades, red
hearts, blue clubs, orange diamonds)."""


def tile_to_card(tile: Tile) -> Card | None:
    """The card a tile shows as with ``pieces="cards"`` (K-CARDS-1): A=1 … K=13; None: a joker.

    Colours become suits: black spades, red hearts, blue clubs, orange diamonds.
    """
    if not isinstance(tile, Tile):
        raise RulesError(f"tile_to_card reads a tile, not {shown(tile)}")
    if tile.colour is None:
        return None
    return Card(tile.number, _SUIT_OF_COLOUR[tile.colour])


def card_to_tile(card: Card | None) -> Tile:
    """The tile a card stands for (K-CARDS-1); None, a deck's joker, is the joker tile."""
    if card is None:
        return JOKER
    if not isinstance(card, Card):
        raise RulesError(f"card_to_tile reads a card or None (a joker), not {shown(card)}")
    return Tile(card.rank, _COLOUR_OF_SUIT[card.suit])


def tile_label(tile: Tile, rules: RummikubRules) -> str:
    """How a tile is shown to a learner: ``red 7``, or ``7♥`` when playing cards (K-CARDS-1)."""
    pieces = rummikub_rules(rules, "tile_label").pieces
    if not isinstance(tile, Tile):
        raise RulesError(f"tile_label names a tile, not {shown(tile)}")
    card = tile_to_card(tile) if pieces == "cards" else None
    if card is None:
        return messages.piece_short(tile)
    return messages.piece_short(card)


def parse_rummikub(text: str, rules: RummikubRules) -> list[Tile]:
    """Read Rummikub pieces as the rules show them: tiles (``R7``), or with ``pieces="cards"``
    cards (``7H``; ``*`` a joker) that become the tiles they stand for (K-CARDS-1)."""
    if rummikub_rules(rules, "parse_rummikub").pieces != "cards":
        return parse_tiles(text)
    tiles: list[Tile] = []
    for position, match in enumerate(re.finditer(r"[^\s,]+", text), start=1):
        token = match.group()
        if token == CARD_JOKER:
            tiles.append(JOKER)
            continue
        head, equals, declared = token.partition("=")
        try:
            if equals:  # K-MELD-5: a joker declared as the card it stands for, *=4H
                if head != CARD_JOKER:
                    raise NotationError(token, token=token, position=position, offset=0)
                (card,) = parse_cards(declared)
                tiles.append(Tile.joker(card_to_tile(card)))
                continue
            (card,) = parse_cards(token)
        except (NotationError, ValueError):
            raise NotationError(
                messages.text(
                    "app.notation.bad_card",
                    token=token,
                    position=position,
                    offset=match.start(),
                    help=messages.text("app.notation.rummikub_card_help"),
                ),
                token=token,
                position=position,
                offset=match.start(),
            ) from None
        tiles.append(card_to_tile(card))
    return tiles


def parse_piece(text: str, rules: RummikubRules) -> Tile:
    """One piece as the rules show it: ``R5``, or with ``pieces="cards"`` ``5H`` (K-CARDS-1)."""
    if rummikub_rules(rules, "parse_piece").pieces != "cards":
        return Tile.parse(text)
    pieces = parse_rummikub(text, rules)
    if len(pieces) != 1:
        raise NotationError(
            f"expected exactly one card, got {len(pieces)} in {shown(text)}",
            token=text,
            position=1,
            offset=0,
        )
    return pieces[0]


_WRONG_TILE = "format_rummikub writes tiles, not {piece}"


def format_rummikub(tiles: Iterable[Tile], rules: RummikubRules) -> str:
    """Rummikub pieces in the notation the rules show them in: tiles, or cards (``*`` a joker)."""
    given = as_pieces(tiles, "format_rummikub's tiles", "tiles", kind=Tile, wrong=_WRONG_TILE)
    if rummikub_rules(rules, "format_rummikub").pieces != "cards":
        return format_pieces(given)
    return " ".join(_card_text(tile) for tile in given)


def _card_text(tile: Tile) -> str:
    """One tile as a card: ``4H``, ``*``, or ``*=4H`` for a joker standing for 4H (K-MELD-5)."""
    card = tile_to_card(tile)
    if card is not None:
        return str(card)
    stands = None if tile.stands is None else tile_to_card(tile.stands)
    return CARD_JOKER if stands is None else f"{CARD_JOKER}={stands}"
