"""rummy_teach: learn Rummy and Rummikub by doing; a rules engine whose verdicts explain themselves.

>>> from rummy_teach import parse_cards, RummyRules, check_meld
>>> check_meld(parse_cards("5H 6H 8H"), RummyRules()).message
'5♥ 6♥ 8♥ has a gap: 7♥ is missing between 6♥ and 8♥.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_teach.errors import IllegalMoveError, NotationError, RulesError, RummyTeachError
from rummy_teach.melds import Verdict, check_layoff, check_meld, check_opening, hand_value
from rummy_teach.messages import get_language, set_language
from rummy_teach.pieces import Card, Colour, Suit, Tile, format_pieces, parse_cards, parse_tiles
from rummy_teach.referee import referee
from rummy_teach.rules import RummikubRules, RummyRules, rules_from_key

if TYPE_CHECKING:
    from rummy_teach.solver import best_opening, best_play, hint, review

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Colour",
    "IllegalMoveError",
    "NotationError",
    "RulesError",
    "RummikubRules",
    "RummyRules",
    "RummyTeachError",
    "Suit",
    "Tile",
    "Verdict",
    "__version__",
    "best_opening",
    "best_play",
    "check_layoff",
    "check_meld",
    "check_opening",
    "format_pieces",
    "get_language",
    "hand_value",
    "hint",
    "parse_cards",
    "parse_tiles",
    "referee",
    "review",
    "rules_from_key",
    "set_language",
]

_SOLVER_NAMES = frozenset({"best_opening", "best_play", "hint", "review"})


def __getattr__(name: str) -> Any:
    """The solver's functions, imported on first use (so ``import rummy_teach`` stays light)."""
    if name in _SOLVER_NAMES:
        from rummy_teach import solver

        value = getattr(solver, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rummy_teach' has no attribute {name!r}")
