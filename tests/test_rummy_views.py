"""The Rummy game's moves, views and replays: unknown moves refused in words, no hidden card leaked
(RULES.md R-*)."""

from __future__ import annotations

import json
import random
import re

from rummy_teach import messages
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Card
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    RummyState,
    TakeDiscard,
    deal,
    describe_move,
)
from tests.test_rummy import cards, position, refused

# ---------------------------------------------------------------------------- moves, views, replays


def test_unknown_moves_are_refused_not_crashed() -> None:
    """A value that is no move is refused with a message."""
    state = deal(2, seed=3)
    refused(state, "draw", "rummy.unknown_move", None)
    drawn = state.apply(DrawStock())
    refused(drawn, LayOff(5, drawn.hand[:1]), "rummy.no_such_meld", "R-TURN-3")
    refused(drawn, Discard(next(c for c in DECK if c not in drawn.hand)), "rummy.not_in_hand", None)
    refused(
        drawn,
        LayMeld((drawn.hand[0], drawn.hand[0], drawn.hand[1])),
        "rummy.card_twice",
        "R-SETUP-1",
    )


def test_refusal_messages_come_from_the_message_catalog() -> None:
    """Every refusal is worded by messages/ under its reason key."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="QC").apply(TakeDiscard())
    error = refused(state, Discard(Card.parse("KD")), "rummy.discard_taken", "R-TURN-6")
    assert str(error) == messages.text("rummy.discard_taken", card="K♦")


def test_view_never_leaks_other_hands_or_the_stock() -> None:
    """Hidden information: a player's view is the same whatever the others hold and the stock order
    is."""
    state = deal(3, seed=42)
    others = [c for hand in state.hands[1:] for c in hand] + list(state.stock)
    random.Random(1).shuffle(others)
    sizes = [len(h) for h in state.hands[1:]]
    hands = [
        state.hands[0],
        tuple(sorted(others[: sizes[0]])),
        tuple(sorted(others[sizes[0] : sum(sizes)])),
    ]
    shuffled = RummyState.from_position(
        hands, discard_pile=state.discard_pile, stock=tuple(others[sum(sizes) :]), current_player=0
    )
    assert shuffled.hands != state.hands
    view, other_view = state.view(0), shuffled.view(0)
    assert view.to_dict() == other_view.to_dict()
    assert view.hand == state.hands[0] and view.hand_sizes == (7, 7, 7)
    shown = set(re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", json.dumps(view.to_dict())))
    assert shown == {str(card) for card in (*state.hands[0], *state.discard_pile)}
    assert state.view(1).legal_moves == ()


def test_view_shows_the_players_own_taken_card_and_moves() -> None:
    """The acting player's view lists their legal moves and the card they may not discard."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="QC").apply(TakeDiscard())
    view = state.view(0)
    assert view.taken == Card.parse("KD")
    assert list(view.legal_moves) == state.legal_moves()
    assert state.view(1).taken is None


def test_describe_move_says_what_happened() -> None:
    """Each move has a sentence for the learner (lesson 6)."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="7H")
    assert describe_move(state, TakeDiscard()) == "Player 1 took K♦ from the discard pile."
    assert describe_move(state, DrawStock(), reveal=True) == "Player 1 drew 7♥ from the stock."
    drawn = state.apply(DrawStock())
    assert describe_move(drawn, LayMeld(cards("5H 6H 7H"))) == "Player 1 laid down 5♥ 6♥ 7♥."


def test_table_melds_are_always_valid() -> None:
    """R-TURN-3: after a layoff a meld is still one valid group or run."""
    state = position(["5S 9S 2H", "4C 5C"], table=["6S 7S 8S"], stock_top="QD").apply(DrawStock())
    after = state.apply(LayOff(0, cards("5S 9S")))
    assert all(check_meld(meld.cards, after.rules).ok for meld in after.table)


def test_lesson_3_turn_in_the_right_order() -> None:
    """R-TURN-1, -2, -5, -6 (lesson 3): take the 7, meld 5-6-7 and the nines, the 7 can't go back."""
    state = position(["5H 6H KC 2D 9S 9H 9C", "4S 5S"], pile="7H")
    state = state.apply(TakeDiscard())
    refused(state, Discard(Card.parse("7H")), "rummy.discard_taken", "R-TURN-6")
    state = state.apply(LayMeld(cards("5H 6H 7H"))).apply(LayMeld(cards("9S 9H 9C")))
    assert state.phase == "discard"
    assert state.legal_moves() == [Discard(Card.parse("KC")), Discard(Card.parse("2D"))]
    after = state.apply(Discard(Card.parse("KC")))
    assert after.hands[0] == cards("2D") and after.current_player == 1
