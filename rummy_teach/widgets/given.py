"""How a view reads the pieces it is given: notation as the rules show pieces, or pieces."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_teach.melds.terms import check_types
from rummy_teach.pieces import Piece, as_pieces, parse_pieces
from rummy_teach.rules import Rules, RummikubRules, any_rules
from rummy_teach.rummikub.tiles import parse_rummikub

__all__ = ["parse"]


def parse(text: str | Sequence[Piece], rules: Rules) -> list[Piece]:
    """Pieces from notation (cards or tiles, as the rules use; Rummikub's tiles written as cards
    when it is played with cards, K-CARDS-1) or as given; anything else raises ``RulesError``."""
    any_rules(rules, "an exercise")
    if not isinstance(text, str):
        pieces = list(as_pieces(text, "an exercise's pieces"))
        check_types(pieces, rules)
        return pieces
    if isinstance(rules, RummikubRules):
        return list(parse_rummikub(text, rules))
    return list(parse_pieces(text, tiles=rules.uses_tiles))
