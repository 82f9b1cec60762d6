"""The Rummy game (RULES.md R-*): an immutable state, small move values, ``legal_moves``, ``apply``.

In the style of OpenSpiel's Python games: the rules object lives apart from the state, dealing is an
explicit seeded chance step, and a game is a seed plus a list of moves, so every game replays.

>>> state = deal(2, seed=7)
>>> state.phase, state.current_player, len(state.hands[0])
('draw', 0, 10)
>>> state = state.apply(DrawStock())
>>> state.phase in ("play", "discard")
True
>>> replay(deal(2, seed=7), ["draw"]) == state
True

The modules: ``moves`` (the five moves and their notation), ``table`` (table melds, meld and
layoff candidates), ``state`` (``RummyState``: legal moves, ``apply``, ``replay``), ``setup``
(``deal``, ``from_position``: any moment of a turn), ``view`` (``PlayerView``, moves and results
in words), ``match`` (R-GAME-1; ``RummyMatch.from_scores`` for a match under way), ``saves`` (JSON
replays), ``bots`` (computer players).
"""

from __future__ import annotations

from rummy_teach.rummy.bots import RandomBot, RummyBot, RummyPlayer, play_match, play_round
from rummy_teach.rummy.match import RummyMatch, start_match
from rummy_teach.rummy.moves import (
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Move,
    TakeDiscard,
    parse_move,
)
from rummy_teach.rummy.saves import load, load_game, load_match
from rummy_teach.rummy.setup import DECK, HAND_SIZES, deal, from_position
from rummy_teach.rummy.state import RummyState, replay
from rummy_teach.rummy.table import TableMeld, layoff_candidates, meld_candidates
from rummy_teach.rummy.view import PlayerView, describe_move

__all__ = [
    "DECK",
    "HAND_SIZES",
    "Discard",
    "DrawStock",
    "LayMeld",
    "LayOff",
    "Move",
    "PlayerView",
    "RandomBot",
    "RummyBot",
    "RummyMatch",
    "RummyPlayer",
    "RummyState",
    "TableMeld",
    "TakeDiscard",
    "deal",
    "describe_move",
    "from_position",
    "layoff_candidates",
    "load",
    "load_game",
    "load_match",
    "meld_candidates",
    "parse_move",
    "play_match",
    "play_round",
    "replay",
    "start_match",
]
