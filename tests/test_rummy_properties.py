"""Property tests of the Rummy engine over many seeded random games with random variant settings.

Seeded (``derandomize=True``) and bounded so the file runs in well under a minute.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_teach.bots import RandomBot, RummyBot
from rummy_teach.errors import IllegalMoveError
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Card
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Move,
    RummyState,
    TakeDiscard,
    deal,
    load,
    meld_candidates,
)

RULES = st.builds(
    RummyRules,
    ace=st.sampled_from(["low", "low_or_high"]),
    melds_per_turn=st.sampled_from([None, 1, 2]),
    must_discard_to_go_out=st.booleans(),
    going_rummy_doubles=st.booleans(),
    empty_stock=st.sampled_from(["flip", "shuffle"]),
    max_restocks=st.integers(1, 3),
)
SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.integers(2, 6)


def snapshot(state: RummyState) -> tuple[object, ...]:
    return (
        state.hands,
        state.stock,
        state.discard_pile,
        state.table,
        state.log,
        state.current_player,
        state.drawn,
        state.taken,
        state.ending,
    )


def check_invariants(state: RummyState) -> None:
    """The 52 cards are all somewhere exactly once; every meld on the table is valid (R-SETUP-1,
    R-TURN-3)."""
    everywhere = (
        [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discard_pile)
    )
    everywhere += [c for meld in state.table for c in meld.cards]
    assert Counter(everywhere) == Counter(DECK)
    for meld in state.table:
        verdict = check_meld(meld.cards, state.rules)
        assert verdict.ok and verdict.kind == meld.kind, (meld, verdict.message)
    if state.is_over:
        assert state.legal_moves() == []
        assert sum(state.scores) == state.points
    else:
        assert state.legal_moves(), "a round that is not over always has a move"


def bots_for(kind: str, players: int, seed: int) -> list[RandomBot | RummyBot]:
    if kind == "random":
        return [RandomBot(seed + n) for n in range(players)]
    if kind == "rummy":
        return [RummyBot() for _ in range(players)]
    return [RummyBot() if n % 2 else RandomBot(seed + n) for n in range(players)]


@settings(derandomize=True, max_examples=100, deadline=None)
@given(seed=SEEDS, players=PLAYERS, rules=RULES, kind=st.sampled_from(["random", "rummy", "mixed"]))
def test_random_games_keep_every_card_and_meld_valid_and_end(
    seed: int, players: int, rules: RummyRules, kind: str
) -> None:
    """R-SETUP-1, R-TURN-3, R-OUT-2, R-STOCK-2: invariants after every move; every round ends;
    replays match."""
    state = deal(players, rules, seed=seed)
    bots = bots_for(kind, players, seed)
    for _ in range(20_000):
        check_invariants(state)
        if state.is_over:
            break
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.is_over, "every round ends (R-STOCK-2)"
    if state.ending == "out":
        assert state.winner is not None and state.hands[state.winner] == ()
    else:
        assert state.winner is None and state.scores == (0,) * players
    assert load(state.to_json()) == state


@settings(derandomize=True, max_examples=40, deadline=None)
@given(seed=SEEDS, players=PLAYERS, rules=RULES)
def test_every_listed_move_is_accepted(seed: int, players: int, rules: RummyRules) -> None:
    """legal_moves never lists an illegal move: apply accepts each one, in every state of a game."""
    state = deal(players, rules, seed=seed)
    bots = bots_for("mixed", players, seed)
    while not state.is_over:
        for move in state.legal_moves():
            state.apply(move)
        state = state.apply(bots[state.current_player].choose(state))


def candidate_moves(state: RummyState, rng: random.Random) -> list[Move]:
    """Plausible and implausible moves: random card sets from the hand, the table and the deck."""
    hand = list(state.hand)
    table_cards = [c for meld in state.table for c in meld.cards]
    moves: list[Move] = [DrawStock(), TakeDiscard()]
    for _ in range(25):
        size = rng.randint(1, 5)
        pool = (
            hand + rng.sample(table_cards, min(1, len(table_cards))) if rng.random() < 0.2 else hand
        )
        chosen = rng.sample(pool, min(size, len(pool)))
        moves.append(LayMeld(tuple(chosen)))
        moves.append(LayOff(rng.randint(0, len(state.table)), tuple(chosen[:3])))
    moves += [Discard(card) for card in rng.sample(list(DECK), 5)]
    moves += [Discard(card) for card in hand]
    return moves


@settings(derandomize=True, max_examples=80, deadline=None)
@given(seed=SEEDS, players=PLAYERS, rules=RULES, steps=st.integers(0, 120))
def test_apply_accepts_exactly_the_legal_moves_and_refusals_change_nothing(
    seed: int, players: int, rules: RummyRules, steps: int
) -> None:
    """Illegal moves raise IllegalMoveError and leave the state unchanged; accepted ones are all
    listed."""
    state = deal(players, rules, seed=seed)
    bots = bots_for("mixed", players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state))
    if not state.is_over and not state.drawn and rng.random() < 0.8:
        state = state.apply(bots[state.current_player].choose(state))
    legal = state.legal_moves()
    before = snapshot(state)
    for move in candidate_moves(state, rng):
        try:
            state.apply(move)
        except IllegalMoveError as error:
            assert error.reason and str(error)
            assert snapshot(state) == before
            assert move not in legal, (move, error.reason)
        else:
            assert move in legal, move


def hand_subsets(hand: tuple[Card, ...], sizes: range) -> itertools.chain[tuple[Card, ...]]:
    return itertools.chain.from_iterable(itertools.combinations(hand, size) for size in sizes)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 3), rules=RULES, steps=st.integers(0, 60))
def test_every_meld_and_layoff_apply_accepts_is_listed(
    seed: int, players: int, rules: RummyRules, steps: int
) -> None:
    """R-TURN-2, R-TURN-3: brute force over the hand's card sets finds no meld or layoff missing
    from legal_moves."""
    state = deal(players, rules, seed=seed)
    bots = bots_for("rummy", players, seed)
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(bots[state.current_player].choose(state))
    if state.is_over:
        return
    if not state.drawn:
        state = state.apply(DrawStock() if DrawStock() in state.legal_moves() else TakeDiscard())
    legal = set(state.legal_moves())
    accepted: set[Move] = set()
    for chosen in hand_subsets(state.hand, range(3, len(state.hand) + 1)):
        try:
            state.apply(LayMeld(chosen))
        except IllegalMoveError:
            continue
        accepted.add(LayMeld(chosen))
    for index, meld in enumerate(state.table):
        first = meld.cards[0]
        fitting = tuple(
            c
            for c in state.hand
            if (c.rank if meld.kind == "group" else c.suit)
            == (first.rank if meld.kind == "group" else first.suit)
        )
        others = itertools.chain(
            hand_subsets(fitting, range(1, len(fitting) + 1)), hand_subsets(state.hand, range(1, 3))
        )
        for chosen in others:
            try:
                state.apply(LayOff(index, chosen))
            except IllegalMoveError:
                continue
            accepted.add(LayOff(index, chosen))
    listed = {move for move in legal if isinstance(move, (LayMeld, LayOff))}
    assert accepted == listed


def test_meld_candidates_cover_every_valid_meld_of_a_whole_suit() -> None:
    """R-MELD-2, R-MELD-3: all thirteen spades plus three more aces, both ace rules, against brute force."""
    hand = tuple(card for card in DECK if card.suit.value == "S") + tuple(
        Card(1, suit) for suit in {card.suit for card in DECK} if suit.value != "S"
    )
    for rules in (RummyRules(), RummyRules(ace="low_or_high")):
        listed = {
            frozenset(cards)
            for cards in meld_candidates(hand, rules)
            if check_meld(cards, rules).ok
        }
        brute = {
            frozenset(cards)
            for cards in hand_subsets(hand, range(3, 14))
            if len({c.suit for c in cards}) == 1 or len({c.rank for c in cards}) == 1
            if check_meld(cards, rules).ok
        }
        assert listed == brute
        queen_king_ace = frozenset(Card.parse(text) for text in ("QS", "KS", "AS"))
        assert (queen_king_ace in listed) == (rules.ace == "low_or_high")
