"""The Rummy game, rule by rule (RULES.md R-*): each test names the rule it would catch being
dropped."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rummy_teach.errors import IllegalMoveError, RulesError
from rummy_teach.pieces import Card, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    RummyState,
    TableMeld,
    TakeDiscard,
    deal,
    from_position,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def position(
    hands: Sequence[str],
    *,
    pile: str = "",
    table: Sequence[str | TableMeld] = (),
    stock_top: str = "",
    empty_stock: bool = False,
    rules: RummyRules | None = None,
    current: int = 0,
) -> RummyState:
    """A round set up by hand: ``stock_top`` on top of the stock, every other card below it in
    deck order (or, with ``empty_stock``, at the bottom of the discard pile under ``pile``)."""
    placed = [c for hand in hands for c in cards(hand)] + list(cards(pile)) + list(cards(stock_top))
    for meld in table:
        placed += list(meld.cards if isinstance(meld, TableMeld) else cards(meld))
    rest = tuple(card for card in DECK if card not in set(placed))
    if empty_stock:
        assert not stock_top
        return RummyState.from_position(
            hands,
            discard_pile=rest + cards(pile),
            table=table,
            stock=(),
            rules=rules,
            current_player=current,
        )
    return RummyState.from_position(
        hands,
        discard_pile=cards(pile),
        table=table,
        stock=cards(stock_top) + rest,
        rules=rules,
        current_player=current,
    )


def refused(state: RummyState, move: object, reason: str, rule: str | None) -> IllegalMoveError:
    """Apply ``move``, expect a refusal with ``reason`` and ``rule``, and check nothing changed."""
    before = (state.hands, state.stock, state.discard_pile, state.table, state.log, state.drawn)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)  # type: ignore[arg-type]
    error = caught.value
    assert error.reason == reason
    assert error.rule == rule
    assert str(error)
    assert (
        state.hands,
        state.stock,
        state.discard_pile,
        state.table,
        state.log,
        state.drawn,
    ) == before
    assert move not in state.legal_moves()
    return error


# ------------------------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_two_to_six_players_only(players: int) -> None:
    """R-SETUP-1: 2 to 6 players."""
    with pytest.raises(RulesError):
        deal(players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_deck_no_jokers(players: int) -> None:
    """R-SETUP-1: one 52-card deck, no jokers, every card once."""
    state = deal(players, seed=11)
    everything = (
        [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discard_pile)
    )
    assert sorted(everything) == sorted(DECK)
    assert all(isinstance(card, Card) for card in everything)


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_hand_sizes_by_player_count(players: int, size: int) -> None:
    """R-SETUP-2: 2 players get 10 cards, 3-4 get 7, 5-6 get 6."""
    state = deal(players, seed=5)
    assert [len(hand) for hand in state.hands] == [size] * players


def test_stock_and_first_discard() -> None:
    """R-SETUP-3: the rest is the stock; its top card is turned up to start the discard pile."""
    state = deal(2, seed=8)
    assert len(state.discard_pile) == 1
    assert len(state.stock) == 52 - 20 - 1
    top = state.stock[0]
    drawn = state.apply(DrawStock())
    assert top in drawn.hands[0]
    assert drawn.stock == state.stock[1:]


def test_left_of_dealer_starts_and_play_goes_clockwise() -> None:
    """R-SETUP-4: the player after the dealer starts and receives the first card; turns go
    clockwise."""
    state = deal(4, seed=21, dealer=2)
    assert state.current_player == 3
    deck = list(DECK)
    random.Random(21).shuffle(deck)
    assert deck[0] in state.hands[3] and deck[1] in state.hands[0]
    seen = [state.current_player]
    for _ in range(4):
        state = state.apply(DrawStock())
        state = state.apply(Discard(state.hand[0]))
        seen.append(state.current_player)
    assert seen == [3, 0, 1, 2, 3]


def test_deal_is_a_seeded_chance_step() -> None:
    """Replays: the same seed deals the same round; another seed deals another."""
    assert deal(3, seed=99) == deal(3, seed=99)
    assert deal(3, seed=99).hands != deal(3, seed=100).hands


# -------------------------------------------------------------------------------------------- melds


def test_groups_of_three_and_four() -> None:
    """R-MELD-1: three or four cards of one rank make a group; two do not."""
    state = position(["9H 9S 9C 4D 4C 4H 4S 7H 7S KD", "2C 3C"], stock_top="QD").apply(DrawStock())
    state = state.apply(LayMeld(cards("9H 9S 9C")))
    state = state.apply(LayMeld(cards("4D 4C 4H 4S")))
    assert [meld.kind for meld in state.table] == ["group", "group"]
    assert [len(meld.cards) for meld in state.table] == [3, 4]
    refused(state, LayMeld(cards("7H 7S")), "meld.too_few", "R-MELD-1")


def test_runs_need_no_gap_and_one_suit() -> None:
    """R-MELD-2: 5-6-8 of hearts is no run without the 7; hearts and diamonds never mix."""
    state = position(["5H 6H 8H 6D 7H 2C 3C", "4S 5S"], stock_top="QD").apply(DrawStock())
    error = refused(state, LayMeld(cards("5H 6H 8H")), "run.gap", "R-MELD-2")
    assert "7♥" in str(error)
    refused(state, LayMeld(cards("5H 6D 7H")), "run.mixed_suits_same_colour", "R-MELD-2")
    ok = state.apply(LayMeld(cards("5H 6H 7H")))
    assert ok.table[0].cards == cards("5H 6H 7H") and ok.table[0].kind == "run"


def test_ace_low_by_default() -> None:
    """R-MELD-3: A-2-3 is a run, Q-K-A is not (K-A-2 neither) with the default ace."""
    state = position(["AS 2S 3S QS KS 5D 9C", "4H 5H"], stock_top="QD").apply(DrawStock())
    refused(state, LayMeld(cards("QS KS AS")), "run.ace_high", "R-MELD-3")
    refused(state, LayMeld(cards("KS AS 2S")), "run.wrap", "R-MELD-3")
    assert LayMeld(cards("AS 2S 3S")) in state.legal_moves()
    assert LayMeld(cards("QS KS AS")) not in state.legal_moves()
    assert state.apply(LayMeld(cards("AS 2S 3S"))).table[0].cards == cards("AS 2S 3S")


def test_queen_king_ace_only_with_ace_low_or_high() -> None:
    """R-MELD-3 variant ``ace="low_or_high"``: Q-K-A is a run too; K-A-2 still is not."""
    rules = RummyRules(ace="low_or_high")
    state = position(["AS 2S QS KS 5D 9C 4H", "4C 5C"], stock_top="QD", rules=rules).apply(
        DrawStock()
    )
    assert LayMeld(cards("QS KS AS")) in state.legal_moves()
    refused(state, LayMeld(cards("KS AS 2S")), "run.wrap", "R-MELD-3")
    after = state.apply(LayMeld(cards("QS KS AS")))
    assert after.table[0].cards == cards("QS KS AS")


# -------------------------------------------------------------------------------------------- turns


def test_drawing_is_compulsory_even_with_a_meld_in_hand() -> None:
    """R-TURN-1: a turn starts by drawing; holding a complete meld does not excuse it."""
    state = position(["5H 6H 7H 9C 2D", "4S 5S"], pile="KD", stock_top="QC")
    assert state.phase == "draw"
    assert state.legal_moves() == [DrawStock(), TakeDiscard()]
    refused(state, LayMeld(cards("5H 6H 7H")), "rummy.draw_first", "R-TURN-1")
    refused(state, Discard(Card.parse("9C")), "rummy.draw_first", "R-TURN-1")


def test_exactly_one_card_is_drawn() -> None:
    """R-TURN-1: one card, from the stock or the discard top, and only once a turn."""
    state = position(["5H 6H 7H 9C 2D", "4S 5S"], pile="KD", stock_top="QC")
    from_stock = state.apply(DrawStock())
    assert from_stock.hands[0] == tuple(sorted(cards("5H 6H 7H 9C 2D QC")))
    from_pile = state.apply(TakeDiscard())
    assert from_pile.hands[0] == tuple(sorted(cards("5H 6H 7H 9C 2D KD")))
    assert from_pile.discard_pile == ()
    refused(from_stock, DrawStock(), "rummy.already_drew", "R-TURN-1")
    refused(from_stock, TakeDiscard(), "rummy.already_drew", "R-TURN-1")


def test_many_melds_in_one_turn_by_default() -> None:
    """R-TURN-2: any number of new melds in a turn."""
    state = position(["5H 6H 7H 9C 9D 9S 2C 3C 4C KD", "4S 5S"], stock_top="QC").apply(DrawStock())
    for meld in ("5H 6H 7H", "9C 9D 9S", "2C 3C 4C"):
        state = state.apply(LayMeld(cards(meld)))
    assert len(state.table) == 3 and state.current_player == 0


def test_one_meld_a_turn_with_melds_per_turn_1() -> None:
    """R-TURN-2 variant ``melds_per_turn=1``: the second new meld of a turn is refused."""
    rules = RummyRules(melds_per_turn=1)
    state = position(["5H 6H 7H 9C 9D 9S KD", "4S 5S"], stock_top="QC", rules=rules).apply(
        DrawStock()
    )
    state = state.apply(LayMeld(cards("5H 6H 7H")))
    refused(state, LayMeld(cards("9C 9D 9S")), "rummy.melds_per_turn", "R-TURN-2")
    assert not any(isinstance(move, LayMeld) for move in state.legal_moves())
    next_turn = state.apply(Discard(Card.parse("KD"))).apply(DrawStock())
    next_turn = next_turn.apply(Discard(next_turn.hand[0])).apply(DrawStock())
    assert next_turn.apply(LayMeld(cards("9C 9D 9S"))).table[-1].cards == cards("9C 9D 9S")


def test_melding_is_optional() -> None:
    """R-TURN-2: a player holding a meld may simply discard."""
    state = position(["5H 6H 7H 9C", "4S 5S"], stock_top="QC").apply(DrawStock())
    assert state.phase == "play"
    after = state.apply(Discard(Card.parse("QC")))
    assert after.current_player == 1 and after.table == ()


def test_lay_off_onto_another_players_meld() -> None:
    """R-TURN-3: lay off onto a meld someone else laid down; it stays theirs, the layoff is
    recorded."""
    theirs = TableMeld(cards("6S 7S 8S"), 1, "run")
    state = position(["5S 2H 3D", "4C 5C"], table=[theirs], stock_top="9S").apply(DrawStock())
    assert LayOff(0, cards("5S 9S")) in state.legal_moves()
    after = state.apply(LayOff(0, cards("5S 9S")))
    assert after.table[0].cards == cards("5S 6S 7S 8S 9S")
    assert after.table[0].player == 1
    assert after.table[0].layoffs == ((0, cards("5S 9S")),)


def test_lesson_4_lay_off_everything_that_fits() -> None:
    """R-TURN-3: run ends and a group of three take cards; 10S fits only after 9S (the gap
    message)."""
    table = ["6S 7S 8S", "KH KD KC", "3C 4C 5C"]
    state = position(["5S 9S 10S KS 6C 7C 2H", "4D 5D"], table=table, stock_top="QD").apply(
        DrawStock()
    )
    refused(state, LayOff(0, cards("10S")), "layoff.gap", "R-TURN-3")
    for move in (LayOff(0, cards("5S")), LayOff(0, cards("9S")), LayOff(0, cards("10S"))):
        state = state.apply(move)
    state = state.apply(LayOff(1, cards("KS"))).apply(LayOff(2, cards("6C 7C")))
    assert state.hand == cards("QD 2H")
    assert [str(meld) for meld in state.table] == [
        "5S 6S 7S 8S 9S 10S",
        "KC KD KH KS",
        "3C 4C 5C 6C 7C",
    ]
    refused(state, LayOff(1, cards("QD")), "layoff.group_full", "R-MELD-1")


def test_cards_on_the_table_never_move() -> None:
    """R-TURN-4: no taking cards out of melds or moving them between melds."""
    state = position(
        ["5S 6S 2H 3D", "4C 5C"], table=["7S 8S 9S", "KH KD KC"], stock_top="QD"
    ).apply(DrawStock())
    refused(state, LayMeld(cards("5S 6S 7S")), "rummy.table_cards_stay", "R-TURN-4")
    refused(state, LayOff(1, cards("9S")), "rummy.table_cards_stay", "R-TURN-4")
    after = state.apply(LayOff(0, cards("5S 6S")))
    assert after.table[0].cards[2:] == cards("7S 8S 9S")
    assert after.table[1].cards == state.table[1].cards


def test_no_minimum_to_open() -> None:
    """R-TURN-4: unlike Rummikub, any meld may open, however few points (A-2-3 is 6)."""
    state = position(["AC 2C 3C 9H", "4S 5S"], stock_top="QD").apply(DrawStock())
    assert state.apply(LayMeld(cards("AC 2C 3C"))).table[0].cards == cards("AC 2C 3C")


def test_one_discard_ends_the_turn() -> None:
    """R-TURN-5: the turn goes on until a discard; the discard passes the turn."""
    state = position(["5H 6H 7H 9C 2D", "4S 5S 8D"], stock_top="QC").apply(DrawStock())
    state = state.apply(LayMeld(cards("5H 6H 7H")))
    assert state.current_player == 0 and state.phase == "discard"
    assert all(isinstance(move, Discard) for move in state.legal_moves())
    after = state.apply(Discard(Card.parse("9C")))
    assert after.current_player == 1 and after.phase == "draw"
    assert after.discard_top == Card.parse("9C")
    refused(after, Discard(Card.parse("4S")), "rummy.draw_first", "R-TURN-1")


def test_the_taken_discard_cannot_go_straight_back() -> None:
    """R-TURN-6: a card taken from the discard pile may not be discarded in the same turn."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="QC").apply(TakeDiscard())
    error = refused(state, Discard(Card.parse("KD")), "rummy.discard_taken", "R-TURN-6")
    assert "K♦" in str(error)
    assert Discard(Card.parse("9C")) in state.legal_moves()


def test_a_card_from_the_stock_may_be_discarded_at_once() -> None:
    """R-TURN-6: a card drawn from the stock may go straight onto the discard pile."""
    state = position(["5H 6H 9C", "4S 5S"], pile="KD", stock_top="QC").apply(DrawStock())
    assert state.apply(Discard(Card.parse("QC"))).discard_top == Card.parse("QC")


def test_the_taken_card_cannot_be_left_alone_in_hand() -> None:
    """R-TURN-6: melding everything but the taken card would leave no legal discard."""
    state = position(["5H 6H 7H", "4S 5S"], pile="KD", stock_top="QC").apply(TakeDiscard())
    refused(state, LayMeld(cards("5H 6H 7H")), "rummy.stranded", "R-TURN-6")
    # ...unless the taken card can then be laid off: here 8H onto the new run
    state = position(["5H 6H 7H", "4S 5S"], pile="8H", stock_top="QC").apply(TakeDiscard())
    assert LayMeld(cards("5H 6H 7H")) in state.legal_moves()


# ---------------------------------------------------------------------------------------- going out


def test_going_out_by_melding() -> None:
    """R-OUT-1: the last cards may be melded; no discard is needed."""
    state = position(["5H 6H 7H 8H", "4S 5S"], stock_top="9H").apply(DrawStock())
    after = state.apply(LayMeld(cards("5H 6H 7H 8H 9H")))
    assert after.is_over and after.winner == 0 and after.hands[0] == ()
    assert after.discard_pile == state.discard_pile


def test_going_out_by_laying_off() -> None:
    """R-OUT-1: the last card may be laid off."""
    state = position(["9S", "4C 5C"], table=["6S 7S 8S"], stock_top="10S").apply(DrawStock())
    after = state.apply(LayOff(0, cards("9S 10S")))
    assert after.is_over and after.winner == 0


def test_going_out_by_discarding() -> None:
    """R-OUT-1: the last card may be discarded."""
    state = position(["5H 6H 9C", "4S 5S"], stock_top="7H").apply(DrawStock())
    state = state.apply(LayMeld(cards("5H 6H 7H")))
    after = state.apply(Discard(Card.parse("9C")))
    assert after.is_over and after.winner == 0 and after.discard_top == Card.parse("9C")


def test_must_discard_to_go_out() -> None:
    """R-OUT-1 variant ``must_discard_to_go_out``: melding or laying off the last card is
    refused."""
    rules = RummyRules(must_discard_to_go_out=True)
    state = position(["5H 6H 7H 8H", "4S 5S"], stock_top="9H", rules=rules).apply(DrawStock())
    refused(state, LayMeld(cards("5H 6H 7H 8H 9H")), "rummy.must_discard_last", "R-OUT-1")
    state = state.apply(LayMeld(cards("5H 6H 7H 8H")))
    refused(state, LayOff(0, cards("9H")), "rummy.must_discard_last", "R-OUT-1")
    after = state.apply(Discard(Card.parse("9H")))
    assert after.is_over and after.winner == 0


def test_the_round_ends_with_no_extra_turn() -> None:
    """R-OUT-2: nobody plays again, even an opponent holding a complete meld; it scores against
    them."""
    state = position(["5H 6H 9C", "KS KD KC 2S"], stock_top="7H").apply(DrawStock())
    state = state.apply(LayMeld(cards("5H 6H 7H"))).apply(Discard(Card.parse("9C")))
    assert state.is_over and state.phase == "over"
    assert state.legal_moves() == []
    refused(state, DrawStock(), "rummy.round_over", "R-OUT-2")
    assert state.current_player == 0
    assert state.hands[1] == tuple(sorted(cards("KS KD KC 2S")))
    assert state.scores == (32, 0)


# ------------------------------------------------------------------------------------------ scoring


def twenty_two_point_round(
    rules: RummyRules | None = None, table: Sequence[TableMeld] = ()
) -> RummyState:
    """Player 0 goes out in one turn; the opponents hold Q+4 and A+7 (RULES.md's example)."""
    state = position(["5D 6D 9C 9S 9H", "QD 4S", "AH 7C"], table=table, stock_top="7D", rules=rules)
    state = state.apply(DrawStock())
    return state.apply(LayMeld(cards("5D 6D 7D"))).apply(LayMeld(cards("9C 9S 9H")))


def test_the_22_point_example() -> None:
    """R-SCORE-1: opponents left with Q+4 and A+7 give the winner 22."""
    state = twenty_two_point_round()
    assert state.is_over and state.winner == 0
    assert state.scores == (22, 0, 0)
    assert "22" in state.result_message()


def test_cards_on_the_table_score_nothing() -> None:
    """R-SCORE-1: only cards left in hand count, not the opponents' melds on the table."""
    table = [TableMeld(cards("KH KD KC"), 1, "group"), TableMeld(cards("10S JS QS"), 2, "run")]
    state = twenty_two_point_round(table=table)
    assert state.scores == (22, 0, 0)


def test_ace_counts_15_when_aces_may_be_high() -> None:
    """R-SCORE-1 / R-MELD-3 variant: with ``ace="low_or_high"`` an ace left in hand is 15 (A+7 =
    22)."""
    state = twenty_two_point_round(RummyRules(ace="low_or_high"))
    assert state.scores == (36, 0, 0)


def test_going_rummy_doubles_when_switched_on() -> None:
    """R-SCORE-2: all cards down in one turn with nothing played before doubles the round's
    points."""
    plain = twenty_two_point_round()
    assert plain.going_rummy and plain.scores == (22, 0, 0)
    doubled = twenty_two_point_round(RummyRules(going_rummy_doubles=True))
    assert doubled.going_rummy and doubled.scores == (44, 0, 0)
    assert "44" in doubled.result_message()


def test_no_doubling_after_melding_in_an_earlier_turn() -> None:
    """R-SCORE-2: a player who melded in an earlier turn of the hand does not go rummy."""
    rules = RummyRules(going_rummy_doubles=True)
    state = position(["5D 6D 7D 9C 9S 2C", "QD 4S", "AH 7C"], stock_top="KS 3S 3H 9H", rules=rules)
    state = (
        state.apply(DrawStock()).apply(LayMeld(cards("5D 6D 7D"))).apply(Discard(Card.parse("2C")))
    )
    state = state.apply(DrawStock()).apply(Discard(Card.parse("3S")))
    state = state.apply(DrawStock()).apply(Discard(Card.parse("3H")))
    state = (
        state.apply(DrawStock()).apply(LayMeld(cards("9C 9S 9H"))).apply(Discard(Card.parse("KS")))
    )
    assert state.is_over and state.winner == 0
    assert not state.going_rummy
    assert state.scores == (22, 0, 0)


def test_played_before_is_tracked_per_player() -> None:
    """R-SCORE-2: melding in an earlier turn marks the player as having played in this hand."""
    state = position(["5C 6C 7C 9H 2D", "QD 4S 2S", "AH 7D 3S"], stock_top="KS 3H 3D")
    state = (
        state.apply(DrawStock()).apply(LayMeld(cards("5C 6C 7C"))).apply(Discard(Card.parse("KS")))
    )
    assert state.played_before == (True, False, False)


# -------------------------------------------------------------------------------------- empty stock


def test_empty_stock_flips_step_by_step() -> None:
    """R-STOCK-1 (flip): the top discard may still be taken; declining it turns the pile over
    unshuffled."""
    state = position(["5H 6H", "4S 5S"], pile="9C", empty_stock=True)
    pile = state.discard_pile
    assert state.stock == () and pile[-1] == Card.parse("9C")
    taken = state.apply(TakeDiscard())
    assert Card.parse("9C") in taken.hand and taken.restocks == 0
    drew = state.apply(DrawStock())
    # turned over: the bottom discard is now the top of the stock, and is drawn
    assert pile[0] in drew.hand
    assert drew.stock == pile[1:]
    assert drew.discard_pile == ()
    assert drew.restocks == 1
    assert drew.card_count() == 52


def test_empty_stock_shuffled_step_by_step() -> None:
    """R-STOCK-1 variant ``empty_stock="shuffle"``: all discards but the top card are shuffled into
    the stock."""
    rules = RummyRules(empty_stock="shuffle")
    state = position(["5H 6H", "4S 5S"], pile="9C", empty_stock=True, rules=rules)
    pile = state.discard_pile
    drew = state.apply(DrawStock())
    assert drew.discard_pile == (Card.parse("9C"),)
    new_cards = sorted((*drew.stock, *(c for c in drew.hand if c not in state.hand)))
    assert new_cards == sorted(pile[:-1])
    assert (*[c for c in drew.hand if c not in state.hand], *drew.stock) != pile[:-1]  # shuffled
    assert drew == state.apply(DrawStock())  # seeded: the same shuffle every time
    assert drew.restocks == 1


def test_shuffle_needs_more_than_the_top_card() -> None:
    """R-STOCK-1 (shuffle): with only the top discard left there is nothing to shuffle: take it."""
    rules = RummyRules(empty_stock="shuffle")
    everything_else = [c for c in DECK if c not in set(cards("9C"))]
    hands = [everything_else[:26], everything_else[26:]]
    state = RummyState.from_position(hands, discard_pile=cards("9C"), stock=(), rules=rules)
    assert state.legal_moves() == [TakeDiscard()]
    refused(state, DrawStock(), "rummy.nothing_to_draw", "R-STOCK-1")


def test_round_stops_after_max_restocks() -> None:
    """R-STOCK-2: once the stock has been rebuilt ``max_restocks`` times, running out again ends the
    round."""
    rules = RummyRules(max_restocks=1)
    state = position(["5H 6H KC", "4S 5S QC"], pile="9C", empty_stock=True, rules=rules)
    state = state.apply(DrawStock())  # rebuild 1
    assert state.restocks == 1 and not state.is_over
    state = state.apply(Discard(state.hand[-1]))
    while not state.is_over:
        state = state.apply(DrawStock())
        assert state.restocks == 1
        state = state.apply(Discard(state.hand[-1]))
    assert state.stock == ()
    assert state.is_over and state.ending == "blocked"
    assert state.winner is None and state.scores == (0, 0)
    assert "no winner" in state.result_message()


def test_default_allows_three_rebuilds() -> None:
    """R-STOCK-2 (N=3): the stock is rebuilt three times before the round is stopped."""
    state = position(["5H 6H KC", "4S 5S QC"], pile="9C", empty_stock=True)
    rebuilds = []
    while not state.is_over:
        state = state.apply(DrawStock())
        rebuilds.append(state.restocks)
        state = state.apply(Discard(state.hand[-1]))
    assert max(rebuilds) == 3 and state.ending == "blocked"


def test_a_stock_rebuilt_every_turn_is_rebuilt_max_restocks_times() -> None:
    """R-STOCK-2: a stock that runs out every turn, rebuilt each time from a pile of one card, is
    rebuilt three times before the round stops (the lap safeguard is for a stock nobody rebuilds:
    it stopped this round after two rebuilds)."""
    from rummy_teach.lessons.examples import WHAT_IF_RESTOCK

    state = from_position(**WHAT_IF_RESTOCK.position)
    assert state.stock == () and len(state.discard_pile) == 1
    rebuilds = []
    while not state.is_over:
        state = state.apply(DrawStock())
        rebuilds.append(state.restocks)
        state = state.apply(Discard(state.hand[-1]))
    assert rebuilds == [1, 2, 3] and state.ending == "blocked"
    assert "rebuilt 3 times" in state.result_message()


def test_a_lap_with_an_empty_stock_ends_the_round() -> None:
    """R-STOCK-2: if every player in turn keeps taking the discard instead of rebuilding, the round
    stops."""
    state = position(["5H 6H KC", "4S 5S QC", "2D 3D JC"], pile="9C", empty_stock=True)
    turns = 0
    while not state.is_over:
        state = state.apply(TakeDiscard())
        state = state.apply(Discard(next(c for c in state.hand if c != state.taken)))
        turns += 1
    assert state.ending == "blocked" and turns == 3
    assert "stayed empty for a whole lap" in state.result_message()
    assert "rebuilt" not in state.result_message().split(":")[1]  # it was never rebuilt
