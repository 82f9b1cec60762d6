"""What pieces are worth: in a meld, and left in a hand or rack at the end (R-SCORE-1, R-SCORE-2, K-END-1)."""

from __future__ import annotations

from collections.abc import Iterable

from rummy_teach.errors import RulesError, shown
from rummy_teach.pieces import Card, Piece, Tile, as_pieces
from rummy_teach.rules import Rules, RummyRules, any_rules

__all__ = ["JOKER_POINTS", "card_value", "hand_value", "piece_value", "tile_value"]

JOKER_POINTS = 30
"""K-END-1: a joker left on a rack (or counted among placed tiles) is worth 30 points."""


def card_value(card: Card, rules: RummyRules) -> int:
    """Points a card is worth (R-SCORE-1): ace 1 (15 with ``ace="low_or_high"``), 2-10 face value, J/Q/K 10."""
    if card.rank == 1:
        return rules.ace_value
    return min(card.rank, 10)


def tile_value(tile: Tile) -> int:
    """Points a tile is worth on a rack (K-END-1): its number, a joker 30."""
    return JOKER_POINTS if tile.is_joker else tile.number


def piece_value(piece: Piece, rules: Rules) -> int:
    """Points a piece left in hand is worth: R-SCORE-1 for cards, K-END-1 for tiles (joker 30)."""
    if isinstance(rules, RummyRules):
        if not isinstance(piece, Card):
            raise RulesError(f"Rummy is played with cards, not {shown(piece)}")
        return card_value(piece, rules)
    if not isinstance(piece, Tile):
        raise RulesError(f"Rummikub is played with tiles, not {shown(piece)}")
    return tile_value(piece)


def hand_value(pieces: Iterable[Piece], rules: Rules) -> int:
    """Points left in a hand or rack at the end of a round (R-SCORE-1, R-SCORE-2 ace 15, K-END-1 joker 30)."""
    checked = any_rules(rules, "hand_value")
    return sum(piece_value(piece, checked) for piece in as_pieces(pieces, "a hand"))
