"""Golden playthrough: one short seeded Rummy round between two RummyBots, written move by move.

The text in tests/golden/rummy_playthrough.txt pins the deal, the engine and the bot together: any
change in dealing, rules, scoring or bot choices shows up as a diff. After an intended change,
regenerate it and review the diff:

    PYTHONPATH=. python -m pytest tests/test_rummy_golden.py --update-golden
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_teach.bots import RummyBot
from rummy_teach.pieces import format_pieces
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import RummyState, deal, load

if TYPE_CHECKING:
    from conftest import GoldenFile

SEED = 216


def picture(state: RummyState) -> list[str]:
    """Hands, stock, discard pile, table and scores, one item a line."""
    lines = [f"  hand {n}: {format_pieces(hand) or '-'}" for n, hand in enumerate(state.hands)]
    top = str(state.stock[0]) if state.stock else "-"
    lines.append(f"  stock: {len(state.stock)} cards, top {top}")
    lines.append(f"  discard pile: {format_pieces(state.discard_pile) or '-'}")
    for index, meld in enumerate(state.table):
        lines.append(
            f"  table {index}: {format_pieces(meld.cards)} ({meld.kind}, laid by {meld.player})"
        )
    lines.append(
        f"  phase: {state.phase}, player {state.current_player}; scores {list(state.scores)}"
    )
    return lines


def playthrough(seed: int = SEED) -> tuple[str, RummyState]:
    """The whole round as text, and its final state."""
    state = deal(2, RummyRules(), seed=seed)
    bots = [RummyBot(), RummyBot()]
    lines = [
        f"rummy playthrough: rules {state.rules.key}, seed {seed}, 2 players, dealer {state.dealer}"
    ]
    lines.append("deal")
    lines += picture(state)
    number = 0
    while not state.is_over:
        number += 1
        move = bots[state.current_player].choose(state)
        lines.append(f"move {number}: player {state.current_player} {move}")
        state = state.apply(move)
        lines += picture(state)
    lines.append(f"result: {state.ending}, winner {state.winner}, scores {list(state.scores)}")
    lines.append(state.result_message())
    return "\n".join(lines) + "\n", state


def test_golden_playthrough_matches(golden: GoldenFile) -> None:
    """R-SETUP-1..4, R-TURN-1..6, R-OUT-1/2, R-SCORE-1: the seeded round plays out as written."""
    text, final = playthrough()
    golden.check("rummy_playthrough.txt", text)
    assert final.is_over
    assert load(final.to_json()) == final
