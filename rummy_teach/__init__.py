"""rummy_teach: learn Rummy and Rummikub by doing; a rules engine whose verdicts explain themselves.

>>> from rummy_teach import parse_cards, RummyRules, check_meld
>>> check_meld(parse_cards("5H 6H 8H"), RummyRules()).message
'5♥ 6♥ 8♥ has a gap: 7♥ is missing between 6♥ and 8♥.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_teach._lazy import lazy_names

# ``referee`` is also the name of its module: imported here, so that importing the module
# elsewhere first cannot leave ``rummy_teach.referee`` naming the module instead of the function.
from rummy_teach.referee import referee

if TYPE_CHECKING:
    from rummy_teach.errors import IllegalMoveError, NotationError, RulesError, RummyTeachError
    from rummy_teach.melds import Verdict, check_layoff, check_meld, check_opening, hand_value
    from rummy_teach.messages import get_language, set_language
    from rummy_teach.pieces import (
        Card,
        Colour,
        Suit,
        Tile,
        format_pieces,
        parse_cards,
        parse_tiles,
    )
    from rummy_teach.rules import RummikubRules, RummyRules, rules_from_key
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

# Each public name imported from its module on first use: ``import rummy_teach`` stays light, and
# ``from rummy_teach import parse_tiles`` loads ``pieces``, not the melds, the messages or the solver.
# Hidden from type checkers, which read the imports above (and so still flag unknown names).
if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(
        globals(),
        {
            "rummy_teach.errors": (
                "IllegalMoveError",
                "NotationError",
                "RulesError",
                "RummyTeachError",
            ),
            "rummy_teach.melds": (
                "Verdict",
                "check_layoff",
                "check_meld",
                "check_opening",
                "hand_value",
            ),
            "rummy_teach.messages": ("get_language", "set_language"),
            "rummy_teach.pieces": (
                "Card",
                "Colour",
                "Suit",
                "Tile",
                "format_pieces",
                "parse_cards",
                "parse_tiles",
            ),
            "rummy_teach.rules": ("RummikubRules", "RummyRules", "rules_from_key"),
            "rummy_teach.solver": ("best_opening", "best_play", "hint", "review"),
        },
    )

# A lesson page's failing cell says so in words, not in Voilà's line for developers (Voilà only).
from rummy_teach import page_errors

page_errors.install()
