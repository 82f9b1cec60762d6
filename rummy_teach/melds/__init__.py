"""What a meld is, in both games: ``check_meld``, ``check_layoff``, ``check_opening`` and what pieces are worth.

A check never raises for a learner's mistake: it returns a ``Verdict`` with a stable reason key,
the RULES.md id that decides it and a sentence from ``messages`` naming the actual pieces.
Programming errors (wrong piece type for the rules, a bad joker declaration) raise ``RulesError``.

The rooms: ``reading`` (groups, runs, jokers), ``diagnosis`` (why pieces are no meld), ``layoff``,
``opening``, ``values`` and ``terms`` (each game's rule ids and reason keys in one table).
"""

from __future__ import annotations

from rummy_teach.melds.layoff import check_layoff
from rummy_teach.melds.opening import check_opening
from rummy_teach.melds.reading import check_meld
from rummy_teach.melds.values import JOKER_POINTS, card_value, hand_value, piece_value, tile_value
from rummy_teach.verdict import Verdict

__all__ = [
    "JOKER_POINTS",
    "Verdict",
    "card_value",
    "check_layoff",
    "check_meld",
    "check_opening",
    "hand_value",
    "piece_value",
    "tile_value",
]
