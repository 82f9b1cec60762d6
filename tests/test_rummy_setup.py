"""Rummy positions a teacher chooses: ``from_position`` at any moment of a turn (phase, taken card,
who has played, dealer, table owners), a match from set scores (``RummyMatch.from_scores``), and
both saved and replayed exactly."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from rummy_teach.errors import NotationError, RulesError
from rummy_teach.pieces import Card, parse_cards
from rummy_teach.rules import RummikubRules, RummyRules
from rummy_teach.rummy import (
    DECK,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    RandomBot,
    RummyBot,
    RummyMatch,
    RummyState,
    TableMeld,
    TakeDiscard,
    deal,
    from_position,
    load,
    load_match,
    play_match,
    play_round,
    replay,
    start_match,
)
from rummy_teach.rummy.match import round_seed

HANDS = ["4S 5S 7D KD", "9C 10C JC"]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    return Card.parse(text)


# ------------------------------------------------------------------------------ the turn's phase


def test_a_position_after_taking_the_discard() -> None:
    """R-TURN-6: a position set up with the card taken from the discard pile named: that card may
    not be discarded this turn, every other may; the player has drawn (R-TURN-1)."""
    state = from_position(HANDS, discard_pile="2C", table=["1: 7H 7S 7C"], taken="KD")
    assert state.drawn and state.taken == card("KD") and state.phase == "play"
    assert Discard(card("KD")) not in state.legal_moves()
    assert Discard(card("4S")) in state.legal_moves()
    assert LayOff(0, cards("7D")) in state.legal_moves()
    assert DrawStock() not in state.legal_moves() and TakeDiscard() not in state.legal_moves()
    with pytest.raises(Exception, match="K♦") as caught:
        state.apply(Discard(card("KD")))
    assert getattr(caught.value, "rule", None) == "R-TURN-6"
    after = state.apply(Discard(card("4S")))
    assert after.current_player == 1 and after.phase == "draw" and after.taken is None


def test_the_taken_card_may_not_be_stranded_in_a_set_position() -> None:
    """R-TURN-6: from a set position too, melding all but the taken card is refused."""
    state = from_position(["5H 6H 7H KD", "9C 10C JC"], discard_pile="2C", taken="KD")
    assert LayMeld(cards("5H 6H 7H")) not in state.legal_moves()
    with pytest.raises(Exception, match="K♦") as caught:
        state.apply(LayMeld(cards("5H 6H 7H")))
    assert getattr(caught.value, "reason", None) == "rummy.stranded"


def test_a_position_after_drawing_from_the_stock() -> None:
    """R-TURN-1, R-TURN-6: ``phase="play"`` with no taken card is a turn whose card came from the
    stock: no second draw, and any card may be discarded."""
    state = from_position(["5H 6H 7H 9C", "4S 5S"], discard_pile="KD", phase="play")
    assert state.phase == "play" and state.drawn and state.taken is None
    assert state.legal_moves()[0] == LayMeld(cards("5H 6H 7H"))
    assert {move for move in state.legal_moves() if isinstance(move, Discard)} == {
        Discard(c) for c in cards("5H 6H 7H 9C")
    }
    with pytest.raises(Exception, match="already drawn") as caught:
        state.apply(DrawStock())
    assert getattr(caught.value, "rule", None) == "R-TURN-1"


def test_the_discard_phase_and_the_default_phase() -> None:
    """R-TURN-5: ``phase="discard"`` when nothing is left to meld or lay off; by default a position
    is the start of a turn (R-TURN-1)."""
    state = from_position(["5H 9C", "4S 5S"], discard_pile="KD", phase="discard")
    assert state.phase == "discard"
    assert state.legal_moves() == [Discard(card("9C")), Discard(card("5H"))]
    assert from_position(["5H 9C", "4S 5S"], discard_pile="KD").phase == "draw"
    assert from_position(["5H 9C", "4S 5S"], discard_pile="KD", phase="draw").phase == "draw"
    assert from_position(iter(["5H 9C", "4S 5S"]), discard_pile="KD").hands[1] == cards("4S 5S")


# ----------------------------------------------------------------------------- who has played


def going_out_in_one_turn(played_before: list[bool] | None) -> RummyState:
    """Player 0 draws 7D and lays down everything in one turn; the others hold Q+4 and A+7."""
    rest = tuple(c for c in DECK if c not in cards("5D 6D 9C 9S 9H QD 4S AH 7C 7D"))
    state = from_position(
        ["5D 6D 9C 9S 9H", "QD 4S", "AH 7C"],
        discard_pile=(),
        stock=cards("7D") + rest,
        rules=RummyRules(going_rummy_doubles=True),
        played_before=played_before,
    )
    state = state.apply(DrawStock())
    return state.apply(LayMeld(cards("5D 6D 7D"))).apply(LayMeld(cards("9C 9S 9H")))


def test_played_before_decides_going_rummy() -> None:
    """R-SCORE-2: a player set up as having melded earlier this hand does not go rummy; one who
    has not, does (and doubles with ``going_rummy_doubles``)."""
    fresh = going_out_in_one_turn(None)
    assert fresh.going_rummy and fresh.scores == (44, 0, 0)
    assert going_out_in_one_turn([False, True, True]).scores == (44, 0, 0)
    played = going_out_in_one_turn([True, False, False])
    assert not played.going_rummy and played.scores == (22, 0, 0)


def test_played_before_is_kept_and_grows() -> None:
    """R-SCORE-2: the flags set up are the state's, and melding adds the player's own."""
    state = from_position(
        ["5C 6C 7C 9H", "QD 4S 2S", "AH 7D 3S"], discard_pile="", played_before=[False, False, True]
    )
    assert state.played_before == (False, False, True)
    state = state.apply(DrawStock()).apply(LayMeld(cards("5C 6C 7C")))
    state = state.apply(Discard(state.hand[0]))
    assert state.played_before == (True, False, True)


# ---------------------------------------------------------------------------- dealer and table


def test_the_dealer_is_set_or_the_player_before_the_one_to_act() -> None:
    """R-SETUP-4: the dealer sits before the first player by default; a set dealer is kept and
    the next round's deal passes on from them (R-GAME-1)."""
    assert from_position(HANDS, discard_pile="2C").dealer == 1
    assert from_position(HANDS, discard_pile="2C", current_player=1).dealer == 0
    state = from_position(["4S 5S 7D KD", "9C 10C JC", "2H"], discard_pile="2C", dealer=0)
    assert state.dealer == 0 and state.current_player == 0
    match = RummyMatch.from_scores([0, 0, 0], state, seed=3)
    match = play_round_of(match)
    assert match.next_round().current.dealer == 1
    assert match.next_round().current.current_player == 2


def play_round_of(match: RummyMatch) -> RummyMatch:
    """The match once bots have finished its current round."""
    bots = [RummyBot() for _ in match.players]
    while not match.current.is_over:
        match = match.apply(bots[match.current.current_player].choose(match.current))
    return match


def test_table_melds_with_their_owners() -> None:
    """R-TURN-3: table melds in notation with the owner's number, ``"1: 7H 7S 7C"``; plain ones are
    laid by player 0; TableMeld values keep owner and layoffs; layoffs leave the owner as it was."""
    laid = TableMeld(cards("3D 4D 5D 6D"), 1, "run", ((0, cards("6D")),))
    state = from_position(
        ["4S 5S 7D KD", "9C 10C JC"],
        discard_pile="2C",
        table=["1: 7H 7S 7C", "AH 2H 3H", " 0 :8S 9S 10S", laid],
        phase="play",
    )
    assert [(str(meld), meld.player) for meld in state.table] == [
        ("7C 7H 7S", 1),
        ("AH 2H 3H", 0),
        ("8S 9S 10S", 0),
        ("3D 4D 5D 6D", 1),
    ]
    assert state.table[3].layoffs == ((0, cards("6D")),)
    after = state.apply(LayOff(0, cards("7D")))
    assert after.table[0].player == 1 and after.table[0].layoffs == ((0, cards("7D")),)
    assert state.view(1).to_dict()["table"][0] == {
        "cards": "7C 7H 7S",
        "player": 1,
        "kind": "group",
    }


# --------------------------------------------------------------------------------- bad set-ups


def rest_in_stock(**changes: Any) -> dict[str, Any]:
    """from_position's arguments: the HANDS position with ``changes``."""
    return {"hands": HANDS, "discard_pile": "2C", **changes}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"taken": "QH"}, "taken card Q♥ is not in the hand of player 0|taken card QH is not"),
        ({"taken": "9C"}, "is not in the hand of player 0"),
        ({"taken": "9C", "current_player": 1, "phase": "draw"}, "phase 'draw' says"),
        ({"taken": 42}, "taken is one card"),
        ({"taken": "KD", "phase": "draw"}, "phase 'draw' says the player to act has not drawn"),
        ({"phase": "over"}, "phase is 'draw'"),
        ({"phase": "drawn"}, "phase is 'draw'"),
        ({"phase": "discard", "table": ["1: 7H 7S 7C"]}, "say phase='play'"),
        ({"phase": "play"}, "say phase='discard'"),
        ({"played_before": [True]}, "played_before needs one True/False per player"),
        ({"played_before": [True, False, False]}, "played_before needs one"),
        ({"played_before": [1, 0]}, "played_before needs one"),
        ({"played_before": "no"}, "played_before is a list"),
        ({"dealer": 2}, "dealer must be a player number, 0 to 1, not 2"),
        ({"dealer": -1}, "dealer must be"),
        ({"dealer": True}, "dealer must be"),
        ({"current_player": 2}, "current_player must be a player number"),
        ({"current_player": False}, "current_player must be"),
        ({"table": ["2: 7H 7S 7C"]}, "the owner of '2: 7H 7S 7C' must be a player number"),
        ({"table": ["x: 7H 7S 7C"]}, "names its owner by number"),
        ({"table": ["\u0661: 7H 7S 7C"]}, "names its owner by number"),
        ({"table": ["-1: 7H 7S 7C"]}, "names its owner by number"),
        ({"table": [": 7H 7S 7C"]}, "names its owner by number"),
        ({"table": [TableMeld(cards("7H 7S 7C"), 3, "group")]}, "the owner of the table meld"),
        (
            {"table": [TableMeld(cards("8H 8S 8C 8D"), 0, "group", ((5, cards("8D")),))]},
            "the player of a layoff",
        ),
        (
            {"table": [TableMeld(cards("8H 8S 8C"), 0, "group", ((1, cards("9D")),))]},
            "not all in that meld",
        ),
        ({"table": ["7H 7S 8C"]}, "is not valid"),
        ({"table": "7H 7S 7C"}, "not one string"),
        ({"table": ["7H 7S 7C", "1: 7C 7D 7S"]}, "placed twice"),
        ({"hands": ["4S 5S", ""]}, "player 1 holds no cards"),
        ({"hands": "4S 5S"}, "hands is a list"),
        ({"hands": ["4S"]}, "2 to 6 players"),
        ({"hands": ["KD", "9C"], "taken": "KD"}, "holds only KD"),
        ({"discard_pile": [1, 2]}, "discard pile holds cards"),
        ({"seed": "7"}, "a seed is a whole number"),
        ({"rules": RummikubRules()}, "needs RummyRules"),
        ({"players": ["Ada"]}, "give 2 non-empty player names"),
    ],
)
def test_bad_set_ups_are_refused_by_name(changes: dict[str, Any], problem: str) -> None:
    """R-SETUP-1: every argument of a set position is checked; the RulesError names the problem."""
    with pytest.raises(RulesError, match=problem):
        from_position(**rest_in_stock(**changes))


@pytest.mark.parametrize(
    "changes",
    [{"hands": ["4S 5X", "9C"]}, {"taken": "ZZ"}, {"table": ["1: 7H 7S 7Q"]}, {"stock": "2Z"}],
)
def test_unreadable_cards_are_named(changes: dict[str, Any]) -> None:
    """R-SETUP-1: cards that are not in the notation raise a NotationError naming the token."""
    with pytest.raises(NotationError) as caught:
        from_position(**rest_in_stock(**changes))
    assert caught.value.token in str(changes)


def test_a_position_where_nobody_could_draw_is_refused() -> None:
    """R-TURN-1: with the stock and the discard pile both empty the player to act could not draw."""
    with pytest.raises(RulesError, match="cannot draw"):
        from_position([DECK[:26], DECK[26:]], discard_pile=(), stock=())
    # ...but after drawing, the same cards make a position to play on
    assert from_position([DECK[:26], DECK[26:]], discard_pile=(), stock=(), phase="play").drawn


def test_state_from_position_takes_the_same_arguments() -> None:
    """R-TURN-6: ``RummyState.from_position`` is the same set-up as ``from_position``."""
    arguments = rest_in_stock(
        table=["1: 7H 7S 7C"], taken="KD", played_before=[False, True], dealer=0, seed=5
    )
    assert RummyState.from_position(**arguments) == from_position(**arguments)


# ----------------------------------------------------------------------------- a match from scores


def near_the_end(rules: RummyRules | None = None) -> RummyState:
    """Player 0 takes 8H and goes out with 5H-8H; player 1 holds K+Q+2 (22 points)."""
    return from_position(["5H 6H 7H", "KS QD 2C"], discard_pile="8H", rules=rules)


def test_a_match_from_set_scores_ends_at_the_target() -> None:
    """R-GAME-1: a match set up at 95 to 40 ends when the round's 22 points take player 0 past
    100; the totals count from the scores set."""
    match = RummyMatch.from_scores([95, 40], near_the_end(), seed=1)
    assert match.totals == (95, 40) and not match.is_over and match.winner is None
    assert match.score_table == ()
    match = match.apply(TakeDiscard()).apply(LayMeld(cards("5H 6H 7H 8H")))
    assert match.score_table == ((22, 0),)
    assert match.totals == (117, 40) and match.is_over and match.winner == 0
    with pytest.raises(Exception, match="match is over"):
        match.next_round()


def test_a_match_from_set_scores_goes_on_below_the_target() -> None:
    """R-GAME-1: below the target the next round is dealt, from the match's seed, as round
    ``rounds_played + 1``; the dealer passes clockwise."""
    match = RummyMatch.from_scores([50, 40], near_the_end(), seed=1, rounds_played=4)
    match = match.apply(TakeDiscard()).apply(LayMeld(cards("5H 6H 7H 8H")))
    assert match.totals == (72, 40) and not match.is_over
    assert "After 5 rounds" in match.score_message()
    following = match.next_round()
    assert following.current == deal(2, seed=round_seed(1, 5), dealer=0)
    assert following.totals == (72, 40)


def test_a_match_of_fixed_hands_counts_the_rounds_played() -> None:
    """R-GAME-1 variant ``hands``: rounds played before the set-up count towards the hands."""
    rules = RummyRules(hands=3)
    match = RummyMatch.from_scores([10, 60], near_the_end(rules), rounds_played=2)
    match = match.apply(TakeDiscard()).apply(LayMeld(cards("5H 6H 7H 8H")))
    assert match.is_over and match.totals == (32, 60) and match.winner == 1
    with pytest.raises(RulesError, match="match of 3 hands is over already"):
        RummyMatch.from_scores([10, 60], near_the_end(rules), rounds_played=3)


@pytest.mark.parametrize(
    ("scores", "changes", "problem"),
    [
        ([95], {}, "one total of 0 or more per player"),
        ([95, -1], {}, "one total of 0 or more per player"),
        ([95, True], {}, "one total of 0 or more per player"),
        ("95 40", {}, "scores is a list"),
        ([100, 40], {}, "reach the target 100: the match is over already"),
        ([0, 0], {"rounds_played": -1}, "rounds_played is 0 or more"),
        ([0, 0], {"seed": 1.5}, "a seed is a whole number"),
    ],
)
def test_bad_match_set_ups_are_refused_by_name(
    scores: Any, changes: dict[str, Any], problem: str
) -> None:
    """R-GAME-1: scores, rounds played and seed of a match set up by hand are checked."""
    with pytest.raises(RulesError, match=problem):
        RummyMatch.from_scores(scores, near_the_end(), **changes)


def test_a_match_needs_a_round_still_being_played() -> None:
    """R-OUT-2: a finished round cannot be a match's current round."""
    done = near_the_end().apply(TakeDiscard()).apply(LayMeld(cards("5H 6H 7H 8H")))
    with pytest.raises(RulesError, match="still being played"):
        RummyMatch.from_scores([0, 0], done)
    with pytest.raises(RulesError, match="still being played"):
        RummyMatch.from_scores([0, 0], "5H 6H 7H")  # type: ignore[arg-type]


def test_a_match_from_a_dealt_round() -> None:
    """R-GAME-1: a dealt round may be the current one of a match set up from scores."""
    match = RummyMatch.from_scores([30, 70], deal(2, seed=8), seed=2)
    assert match.current == deal(2, seed=8) and match.totals == (30, 70)
    assert load_match(match.to_json()) == match


# ---------------------------------------------------------------------------------------- saves


def set_positions() -> list[RummyState]:
    """Positions in every phase, with taken cards, played flags, dealers, owners and layoffs."""
    laid = TableMeld(cards("3D 4D 5D 6D"), 1, "run", ((0, cards("6D")), (1, cards("3D"))))
    return [
        from_position(HANDS, discard_pile="2C"),
        from_position(HANDS, discard_pile="2C", table=["1: 7H 7S 7C"], taken="KD"),
        from_position(HANDS, discard_pile="2C 3C", phase="discard", dealer=0, seed=9),
        from_position(
            ["4S 5S 7D KD", "9C 10C JC", "QC QS KH"],
            discard_pile="2C",
            table=["2: 7H 7S 7C", laid, "1: 10H JH QH"],
            phase="play",
            current_player=2,
            dealer=2,
            played_before=[True, True, False],
            players=["Ada", "Bo", "Cy"],
            rules=RummyRules(ace="low_or_high", going_rummy_doubles=True),
        ),
        from_position(  # the stock empty: every other card in the discard pile
            ["5H 6H 7H KD", "9C 10C JC"],
            discard_pile=tuple(c for c in DECK if c not in cards("5H 6H 7H KD 9C 10C JC")),
            stock=(),
            phase="play",
            played_before=[False, True],
            seed=4,
        ),
    ]


@pytest.mark.parametrize("number", range(5))
def test_set_positions_save_and_load_as_the_same_state(number: int) -> None:
    """R-TURN-6, R-SCORE-2: a set position saves its phase, taken card, played flags, dealer and
    table owners (and layoffs), and loads back as the same state, before and after moves."""
    state = set_positions()[number]
    saved = json.loads(state.to_json())
    assert saved["format"] == "rummy-teach/rummy-game" and saved["version"] == 1
    assert saved["dealer"] == state.dealer
    assert saved["start"]["phase"] == state.phase
    assert saved["start"]["taken"] == (None if state.taken is None else str(state.taken))
    assert saved["start"]["played_before"] == list(state.played_before)
    loaded = load(state.to_json())
    assert loaded == state
    assert [(m.player, m.layoffs) for m in loaded.table] == [
        (m.player, m.layoffs) for m in state.table
    ]
    bots = [RandomBot(number * 10 + p) for p in range(len(state.players))]
    for _ in range(12):
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state))
        assert load(state.to_json()) == state


def test_an_old_save_without_the_new_keys_still_loads() -> None:
    """R-TURN-1: a save written before phases, taken cards and played flags were kept loads as
    the start of a turn, nobody having played."""
    state = from_position(HANDS, discard_pile="2C", table=["7H 7S 7C"]).apply(DrawStock())
    saved = json.loads(state.to_json())
    for key in ("phase", "taken", "played_before"):
        del saved["start"][key]
    assert load(saved) == state
    assert load(json.dumps(saved)) == state


def test_bad_set_ups_in_saves_are_refused() -> None:
    """R-TURN-6: a save whose set-up contradicts itself is refused with a RulesError."""
    saved = json.loads(from_position(HANDS, discard_pile="2C", taken="KD").to_json())
    saved["start"]["taken"] = "9C"
    with pytest.raises(RulesError, match="not in the hand"):
        load(saved)
    saved["start"]["taken"] = None
    saved["start"]["table"] = [{"cards": "7H 7S 7C", "player": "one", "kind": "group"}]
    with pytest.raises(RulesError, match="malformed"):
        load(saved)


def test_a_match_from_scores_saves_and_replays_exactly() -> None:
    """R-GAME-1: a match set up from scores and a position saves its scores, rounds played and
    first round; loading replays it exactly, through later rounds too."""
    position = from_position(
        ["5H 6H 7H 9C", "KS QD 2C 4D"], discard_pile="8H", dealer=0, current_player=1
    )
    match = RummyMatch.from_scores([20, 10], position, seed=6, rounds_played=3)
    assert load_match(match.to_json()) == match
    saved = json.loads(match.to_json())
    assert saved["start"]["scores"] == [20, 10] and saved["start"]["rounds_played"] == 3
    bots = [RummyBot(), RummyBot()]
    while not match.is_over:
        if match.current.is_over:
            match = match.next_round()
        match = match.apply(bots[match.current.current_player].choose(match.current))
        assert load_match(match.to_json()) == match
    assert len(match.rounds) >= 2 and max(match.totals) >= 100


def test_a_plain_match_save_is_unchanged() -> None:
    """R-GAME-1: a match started from nothing saves no set-up and loads as before."""
    match = start_match(2, seed=4)
    assert "start" not in json.loads(match.to_json())
    assert load_match(match.to_json()) == match


# ------------------------------------------------------------------------------------ acceptance


def test_a_position_played_out_by_bots_replays_from_its_json() -> None:
    """R-TURN-6, R-SCORE-2, R-OUT-2: a position built by from_position (after taking a discard,
    with owners, played flags and a dealer), played to the end by bots, replays exactly from its
    saved JSON."""
    position = from_position(
        ["4S 5S 7D KD 2H 9H", "9C 10C JC QH", "3S 8D KC AD"],
        discard_pile="2C 6C",
        table=["1: 7H 7S 7C", "2: 3D 4D 5D"],
        taken="KD",
        played_before=[False, True, True],
        dealer=1,
        seed=11,
    )
    final = play_round([RummyBot(), RummyBot(), RummyBot()], position)
    assert final.is_over and final.history
    saved = final.to_json()
    loaded = load(saved)
    assert loaded == final
    assert loaded.history == final.history and loaded.scores == final.scores
    assert replay(position, final.history) == final
    assert load(saved).to_json() == saved


def test_a_match_from_scores_played_out_by_bots_replays_from_its_json() -> None:
    """R-GAME-1: a match set up from scores around a position, played to the end by bots, replays
    exactly from its saved JSON."""
    position = from_position(["4S 5S 7D KD", "9C 10C JC"], discard_pile="2C", taken="KD")
    match = RummyMatch.from_scores([80, 85], position, seed=12, rounds_played=2)
    final = play_match([RummyBot(), RummyBot()], match=match)
    assert final.is_over and final.rounds[0].origin is not None
    assert final.totals[0] - 80 + final.totals[1] - 85 == sum(map(sum, final.score_table))
    assert load_match(final.to_json()) == final
    assert load_match(final.to_json()).to_json() == final.to_json()


def test_module_examples_run() -> None:
    """The examples in the Rummy modules' docstrings still hold."""
    from rummy_teach import rummy
    from rummy_teach.rummy import bots, match, saves, setup

    for module in (rummy, setup, match, saves, bots):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
