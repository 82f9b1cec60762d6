"""Computer players and matches (rummy_teach.bots, R-GAME-1)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence

import pytest

from rummy_teach.bots import RandomBot, RummyBot, play_match, play_round
from rummy_teach.errors import IllegalMoveError
from rummy_teach.pieces import Card, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    RummyMatch,
    RummyState,
    TakeDiscard,
    deal,
    load_match,
    start_match,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def position(
    hands: Sequence[str], *, pile: str = "", table: Sequence[str] = (), stock_top: str = ""
) -> RummyState:
    placed = [c for text in (*hands, pile, stock_top, *table) for c in cards(text)]
    rest = tuple(card for card in DECK if card not in set(placed))
    return RummyState.from_position(
        hands, discard_pile=cards(pile), table=table, stock=cards(stock_top) + rest
    )


def test_rummybot_takes_a_discard_that_makes_a_meld() -> None:
    """R-TURN-1 strategy: take the top discard only when it fits."""
    state = position(["5H 6H 9C KS 2D", "4S 5S"], pile="7H")
    assert RummyBot().choose(state) == TakeDiscard()
    state = position(["5H 6H 9C KS 2D", "4S 5S"], pile="QD")
    assert RummyBot().choose(state) == DrawStock()


def test_rummybot_takes_a_discard_that_fits_the_table() -> None:
    """R-TURN-3 strategy: a discard that can be laid off is worth taking."""
    state = position(["2C 9C KS 4D", "4S 5S"], pile="9H", table=["6H 7H 8H"])
    assert RummyBot().choose(state) == TakeDiscard()


def test_rummybot_melds_then_lays_off_then_discards() -> None:
    """R-TURN-2, R-TURN-3, R-TURN-5: the bot puts melds down at once, lays off, then discards."""
    state = position(["5H 6H 7H 9S 2C KD", "4S 5S"], table=["6S 7S 8S"], stock_top="3D").apply(
        DrawStock()
    )
    bot = RummyBot()
    move = bot.choose(state)
    assert move == LayMeld(cards("5H 6H 7H"))
    state = state.apply(move)
    move = bot.choose(state)
    assert move == LayOff(0, cards("9S"))
    state = state.apply(move)
    assert isinstance(bot.choose(state), Discard)


def test_rummybot_discards_high_loose_cards_first() -> None:
    """Strategy tip: a king with no partners costs 10 points if someone goes out; throw it first."""
    state = position(["2C 3C 5D KS 9H", "4S 5S"], stock_top="JD").apply(DrawStock())
    move = RummyBot().choose(state)
    assert move == Discard(Card.parse("KS"))
    assert "K♠" in RummyBot().explain(state, move)


def test_rummybot_keeps_cards_that_fit_two_melds() -> None:
    """Strategy tip: 7S fits both the sevens and the spade run; loose cards go before it."""
    state = position(["7S 7H 6S 2C 9D", "4S 5S"], stock_top="4D").apply(DrawStock())
    discards = []
    bot = RummyBot()
    while True:
        move = bot.choose(state)
        assert isinstance(move, Discard)
        discards.append(move.card)
        state = state.apply(move)
        if state.is_over or len(discards) == 3:
            break
        # the opponent draws and throws the card back; the bot draws again
        state = state.apply(DrawStock())
        state = state.apply(Discard(state.hands[1][-1])).apply(DrawStock())
    assert Card.parse("7S") not in discards
    explained = RummyBot().explain(
        position(["7S 7H 6S 2C 9D", "4S"], stock_top="4D").apply(DrawStock()),
        Discard(Card.parse("9D")),
    )
    assert "Kept 7♠" in explained
    # 7♠ has a 7 beside it and 6♠ near it, but no run of spades exists yet: none is claimed
    assert "could still go into a group of 7s or a spades run" in explained, explained


def hidden_twin(state: RummyState, seed: int) -> RummyState:
    """The same position for the player to act, with the cards they cannot see dealt differently:
    set up by ``from_position`` at the same moment of the turn."""
    me = state.current_player
    hidden = [c for p, hand in enumerate(state.hands) if p != me for c in hand] + list(state.stock)
    random.Random(seed).shuffle(hidden)
    hands = []
    for p, hand in enumerate(state.hands):
        if p == me:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            hidden = hidden[len(hand) :]
    return RummyState.from_position(
        hands,
        discard_pile=state.discard_pile,
        table=state.table,
        stock=hidden,
        rules=state.rules,
        current_player=me,
        players=state.players,
        seed=state.seed,
        phase=None if state.phase == "over" else state.phase,
        taken=state.taken if state.taken in state.hand else None,  # a taken card already melded
        played_before=state.played_before,
        dealer=state.dealer,
    )


def test_rummybot_sees_only_its_own_view() -> None:
    """Hidden information: the bot chooses the same whatever the other hands and the stock hold."""
    bots = [RummyBot(), RummyBot(), RummyBot()]
    state = deal(3, seed=5)
    compared = 0
    while not state.is_over:
        twin = hidden_twin(state, compared)
        if twin.hands != state.hands:
            compared += 1
            assert bots[0].choose(twin) == bots[0].choose(state)
        state = state.apply(bots[state.current_player].choose(state))
    assert compared > 10


def test_random_bot_is_seeded() -> None:
    """Replays: a RandomBot with the same seed plays the same round."""
    first = play_round([RandomBot(1), RandomBot(2)], deal(2, seed=9))
    second = play_round([RandomBot(1), RandomBot(2)], deal(2, seed=9))
    assert first == second and first.is_over


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_play_round_between_bots_ends(players: int) -> None:
    """R-OUT-2 / R-STOCK-2: a whole round between bots always ends."""
    state = play_round([RummyBot() for _ in range(players)], seed=players)
    assert state.is_over and state.card_count() == 52


def test_rummybot_beats_randombot() -> None:
    """The sensible bot wins most rounds against random play."""
    wins = 0
    for seed in range(20):
        final = play_round([RummyBot(), RandomBot(seed)], seed=seed)
        wins += final.winner == 0
    assert wins >= 15


def test_match_to_100() -> None:
    """R-GAME-1: rounds repeat until a player reaches 100; nobody had 100 before the last round."""
    match = play_match([RummyBot(), RummyBot(), RandomBot(3)], seed=12)
    assert match.is_over and max(match.totals) >= 100
    before_last = [sum(row[p] for row in match.score_table[:-1]) for p in range(3)]
    assert max(before_last) < 100
    assert match.winner == match.totals.index(max(match.totals))
    assert all(sum(1 for points in row if points) <= 1 for row in match.score_table)


def test_match_to_a_target_of_150() -> None:
    """R-GAME-1 variant ``target=150``."""
    match = play_match([RummyBot(), RummyBot()], RummyRules(target=150), seed=4)
    before_last = [sum(row[p] for row in match.score_table[:-1]) for p in range(2)]
    assert max(match.totals) >= 150 and max(before_last) < 150


def test_fixed_number_of_hands() -> None:
    """R-GAME-1 variant ``hands=3``: exactly three rounds, most points wins."""
    match = play_match([RummyBot(), RandomBot(0)], RummyRules(hands=3), seed=8)
    assert len(match.score_table) == 3
    assert match.winner == max(range(2), key=lambda p: match.totals[p])


def test_rounds_rotate_the_deal_and_wait_for_the_round_to_end() -> None:
    """R-GAME-1 / R-SETUP-4: the deal passes clockwise; a round ends before the next is dealt."""
    match = start_match(3, RummyRules(hands=2), seed=1)
    with pytest.raises(IllegalMoveError):
        match.next_round()
    first_dealer = match.current.dealer
    bots = [RummyBot()] * 3
    while not match.current.is_over:
        match = match.apply(bots[match.current.current_player].choose(match.current))
    match = match.next_round()
    assert match.current.dealer == (first_dealer + 1) % 3
    assert match.current.current_player == (first_dealer + 2) % 3


def test_match_saves_and_replays() -> None:
    """Replays: a saved match loads back to the same score table and state."""
    match = play_match([RummyBot(), RandomBot(2)], RummyRules(hands=2), seed=30)
    loaded = load_match(match.to_json())
    assert isinstance(loaded, RummyMatch)
    assert loaded.score_table == match.score_table and loaded.current == match.current
    assert "After 2 rounds" in loaded.score_message()
    with pytest.raises(IllegalMoveError):
        loaded.apply(DrawStock())


OLD_RUMMY_NAMES = [
    "DECK",
    "HAND_SIZES",
    "Discard",
    "DrawStock",
    "LayMeld",
    "LayOff",
    "Move",
    "PlayerView",
    "RummyMatch",
    "RummyState",
    "TableMeld",
    "TakeDiscard",
    "deal",
    "describe_move",
    "layoff_candidates",
    "load_game",
    "load_match",
    "meld_candidates",
    "parse_move",
    "replay",
    "start_match",
]


def test_the_rummy_package_keeps_every_old_name_and_holds_its_bots() -> None:
    """The package: every name rummy_teach.rummy exported before it was a package, and its bots."""
    import rummy_teach.bots
    import rummy_teach.rummy

    for name in [*OLD_RUMMY_NAMES, "load", "RandomBot", "RummyBot", "play_round", "play_match"]:
        assert name in rummy_teach.rummy.__all__ and hasattr(rummy_teach.rummy, name), name
    assert rummy_teach.bots.RummyBot is rummy_teach.rummy.RummyBot
    assert rummy_teach.bots.play_round is rummy_teach.rummy.play_round


def test_both_games_bots_import_without_the_solver() -> None:
    """rummy_teach.bots holds both games' players and loads neither numpy nor highspy."""
    code = (
        "import sys, json, rummy_teach.bots as bots; "
        "print(json.dumps([sorted(bots.__all__), 'numpy' in sys.modules, 'highspy' in sys.modules]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    names, numpy_loaded, highspy_loaded = json.loads(result.stdout)
    assert {"RandomBot", "RummyBot", "RummikubBot", "play_round", "play_match"} <= set(names)
    assert not numpy_loaded and not highspy_loaded
