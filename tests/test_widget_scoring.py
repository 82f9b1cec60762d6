"""The scoring view driven by the messages the browser sends: right and wrong answers, each
explanation, the doubling switch, zero-sum, a joker left 30, the empty pool, hostile input."""

from __future__ import annotations

import itertools
import logging

import pytest

from rummy_teach import RummikubRules, RummyRules, messages
from rummy_teach.errors import RulesError
from rummy_teach.lessons.deals_scoring import (
    RUMMIKUB_EMPTY_POOL,
    RUMMIKUB_JOKER_LEFT,
    RUMMY_22,
    RUMMY_GOING_RUMMY,
    RummikubEnd,
    RummyEnd,
    deal_scoring,
)
from rummy_teach.widgets import ScoringExercise
from rummy_teach.widgets.intents import MAX_ANSWER, MIN_ANSWER, BadIntent, Intent, read_intent

_seq = itertools.count(1)


def answer(view: ScoringExercise, value: object) -> None:
    view.receive({"intent": "answer", "value": value, "seq": next(_seq)})


def press(view: ScoringExercise, button: str) -> None:
    view.receive({"intent": "press", "button": button, "seq": next(_seq)})


def pick(view: ScoringExercise, piece_id: str) -> None:
    view.receive({"intent": "pick", "piece": piece_id, "seq": next(_seq)})


def test_the_22_point_example_right() -> None:
    """R-SCORE-1: Q♦ 4♠ and A♥ 7♣ left give 22; the table's cards count nothing."""
    view = ScoringExercise(RUMMY_22)
    assert [zone["label"] for zone in view.zones] == [
        "Player 1 went out: no cards left",
        "Player 2's hand: Q♦ 4♠",
        "Player 3's hand: 7♣ A♥",
        "On the table, laid by Player 2: 9♣ 9♦ 9♠",
        "On the table, laid by Player 1: 5♥ 6♥ 7♥",
    ]
    assert view.points == view.end_state.points == 22
    answer(view, 22)
    assert view.solved and view.feedback["status"] == "solved"
    assert view.feedback["message"].startswith("Right: Player 1 scores 22.")
    assert view.end_state.result_message() in view.feedback["message"]
    assert view.answered == 1


def test_a_wrong_answer_is_explained_card_by_card() -> None:
    """R-SCORE-1: a wrong total gets each card's value and the sum, in whole sentences."""
    view = ScoringExercise(RUMMY_22)
    answer(view, 20)
    assert not view.solved and view.feedback["status"] == "bad"
    assert view.feedback["message"] == (
        "You typed 20, but Player 1 scores 22. "
        "The cards left in the other hands count: Q♦ 10, 4♠ 4, 7♣ 7, A♥ 1: 22."
    )
    notes = [zone.get("note") for zone in view.zones]
    assert notes == [
        None,
        "Q♦ 10, 4♠ 4: 14.",
        "7♣ 7, A♥ 1: 8.",
        "On the table: it counts nothing.",
        "On the table: it counts nothing.",
    ]
    assert view.entry["value"] == "20"


def test_counting_the_table_is_named() -> None:
    """R-SCORE-1: 22 + the table's 9♣ 9♦ 9♠ 5♥ 6♥ 7♥ (45) says table cards count nothing."""
    view = ScoringExercise(RUMMY_22)
    answer(view, 22 + 27 + 18)
    assert messages.text("scoring.wrong.table") in view.feedback["message"]


def test_going_rummy_doubling_on_and_off() -> None:
    """R-SCORE-2: going rummy scores 22 with doubling off and 44 with it on; each slip named."""
    off = ScoringExercise(RUMMY_GOING_RUMMY)
    answer(off, 44)
    assert not off.solved
    assert messages.text("scoring.wrong.doubled") in off.feedback["message"]
    answer(off, 22)
    assert off.solved
    on = ScoringExercise(RUMMY_GOING_RUMMY, RummyRules(going_rummy_doubles=True))
    answer(on, 22)
    assert "Player 1 went rummy and doubling is on: the points double." in on.feedback["message"]
    assert "so the points double: 44." in on.feedback["message"]
    answer(on, 44)
    assert on.solved and "went rummy" in on.feedback["message"]


def test_doubling_an_ordinary_win_is_named() -> None:
    """R-SCORE-2: the winner had melded before, so nothing doubles even with the switch on."""
    view = ScoringExercise(RUMMY_22, RummyRules(going_rummy_doubles=True))
    assert view.points == 22
    answer(view, 44)
    assert "not going rummy: nothing doubles" in view.feedback["message"]


def test_switching_doubling_re_judges_the_answer() -> None:
    """R-SCORE-2: 22 was right; doubling on makes it wrong at once, and off makes it right again."""
    view = ScoringExercise(RUMMY_GOING_RUMMY)
    answer(view, 22)
    assert view.solved
    view.set_rules(RummyRules(going_rummy_doubles=True))
    assert not view.solved and view.points == 44
    assert view.feedback["message"].startswith("You typed 22, but Player 1 scores 44.")
    view.set_rules(RummyRules())
    assert view.solved and view.feedback["status"] == "solved"


def test_an_ace_counts_15_when_aces_may_be_high() -> None:
    """R-MELD-3, R-SCORE-1: with aces high or low A♥ counts 15: 36; typing 22 names the ace."""
    view = ScoringExercise(RUMMY_22, RummyRules(ace="low_or_high"))
    assert view.points == 36
    answer(view, 22)
    assert messages.text("scoring.wrong.ace_high") in view.feedback["message"]
    assert "A♥ 15: 36." in view.feedback["message"]


def test_rummikub_zero_sum_and_a_joker_left_30() -> None:
    """K-END-1: losers -52 (the joker 30) and -7, the winner +59; the scores sum to zero."""
    view = ScoringExercise(RUMMIKUB_JOKER_LEFT)
    assert view.end_state.scores == (59, -52, -7) and sum(view.end_state.scores) == 0
    assert view.zones[1]["label"] == "Player 2's rack: blue 10, orange 12 and joker"
    answer(view, 52 - 30 + 12)  # the joker counted as a 12
    message = view.feedback["message"]
    assert messages.text("scoring.wrong.joker") in message
    assert (
        "Player 2 holds blue 10 10, orange 12 12, joker 30: 52, so Player 2 scores -52." in message
    )
    assert "Player 1 wins what the others lose: 52 + 7 = 59." in message
    assert "The scores sum to zero: Player 1 +59, Player 2 -52 and Player 3 -7." in message
    assert (
        view.zones[1]["note"] == "blue 10 10, orange 12 12, joker 30: 52, so Player 2 scores -52."
    )
    answer(view, -52)
    assert messages.text("scoring.wrong.sign") in view.feedback["message"]
    answer(view, 59)
    assert view.solved and "has an empty rack and wins, scoring 59" in view.feedback["message"]


def test_the_empty_pool_ending() -> None:
    """K-END-2: nobody goes out; the lowest rack (3) wins what each other rack has more: 5 + 49."""
    view = ScoringExercise(RUMMIKUB_EMPTY_POOL)
    assert view.end_state.ending == "blocked" and view.winner == 2
    assert view.points == 54
    answer(view, 8 + 52)  # the racks added up, not the differences
    message = view.feedback["message"]
    assert messages.text("scoring.wrong.difference", low=3) in message
    assert "which is 5 more than Player 3's 3, so Player 1 scores -5." in message
    assert "Player 3 has the lowest rack, 3, and wins what the others pay: 5 + 49 = 54." in message
    answer(view, 54)
    assert (
        view.solved and "has the lowest total, 3, and wins, scoring 54" in view.feedback["message"]
    )
    assert view.hints()[0].endswith(
        "(see “When the pool is empty” and “Winning and the score” in the rule book)."
    )


def test_the_empty_pool_house_rule_keeps_the_score() -> None:
    """K-END-2: with empty_pool_end='all_pass' every player passes first; the score is the same."""
    view = ScoringExercise(RUMMIKUB_EMPTY_POOL, RummikubRules(empty_pool_end="all_pass"))
    assert view.end_state.passes == 3 and view.points == 54
    assert "With the house rule" in view.hints()[1]


def test_a_click_on_a_piece_says_what_it_counts() -> None:
    """R-SCORE-1, K-END-1: a card left counts its value, a table card nothing, a joker 30."""
    view = ScoringExercise(RUMMY_22)
    queen = view.ids_of("QD")[0]
    pick(view, queen)
    assert view.selected == [queen]
    assert view.feedback["message"] == "Q♦, left in Player 2's hand, counts 10."
    pick(view, view.ids_of("9C")[0])
    assert view.feedback["message"] == "9♣ is on the table: it counts nothing."
    tiles = ScoringExercise(RUMMIKUB_JOKER_LEFT)
    pick(tiles, tiles.ids_of("J")[0])
    assert "counts 30" in tiles.feedback["message"]


def test_hint_ladder_ends_with_the_count() -> None:
    """R-SCORE-1: nudge naming the rules, then their text, then the whole count."""
    view = ScoringExercise(RUMMY_22)
    ladder = view.hints()
    assert "(see “Counting the points” and “Going rummy” in the rule book)" in ladder[0]
    assert ladder[1].startswith("The winner scores")
    assert ladder[2].endswith("A♥ 1: 22.")
    for level in (1, 2, 3):
        press(view, "hint")
        assert view.feedback["message"].startswith(f"Hint {level} of 3:")
    assert view.zones[1]["note"] == "Q♦ 10, 4♠ 4: 14."  # the last hint shows each hand's count


def test_reset_clears_the_answer() -> None:
    view = ScoringExercise(RUMMY_22)
    answer(view, 22)
    press(view, "reset")
    assert not view.solved and view.entered is None and view.entry["value"] == ""
    assert "note" not in view.zones[1]


def test_hostile_answers_are_refused_before_any_work(caplog: pytest.LogCaptureFixture) -> None:
    """Out-of-range, wrong-typed, extra-field or huge answers change nothing and log one line each."""
    view = ScoringExercise(RUMMY_22)
    before = (view.feedback, view.zones, view.entry)
    bad: list[object] = [
        {"intent": "answer", "value": MAX_ANSWER + 1, "seq": 1},
        {"intent": "answer", "value": MIN_ANSWER - 1, "seq": 1},
        {"intent": "answer", "value": 10**400, "seq": 1},
        {"intent": "answer", "value": "22", "seq": 1},
        {"intent": "answer", "value": 22.0, "seq": 1},
        {"intent": "answer", "value": True, "seq": 1},
        {"intent": "answer", "value": None, "seq": 1},
        {"intent": "answer", "value": [22], "seq": 1},
        {"intent": "answer", "seq": 1},
        {"intent": "answer", "value": 22, "piece": "p1", "seq": 1},
        {"intent": "answer", "value": 22, "seq": -1},
    ]
    with caplog.at_level(logging.WARNING):
        for message in bad:
            view.receive(message)
    assert view.ignored == len(bad) and view.answered == len(bad)
    assert (view.feedback, view.zones, view.entry) == before and view.entered is None
    for message in bad:
        with pytest.raises(BadIntent):
            read_intent(message)


def test_answer_intent_round_trips_and_other_views_refuse_it() -> None:
    intent = read_intent({"intent": "answer", "value": -5, "seq": 4})
    assert intent == Intent("answer", "", "", 4, -5)
    assert intent.to_message() == {"intent": "answer", "value": -5, "seq": 4}
    from rummy_teach.widgets import MeldExercise

    meld = MeldExercise("9H 9S 9C", RummyRules())
    answer(meld, 3)
    assert meld.ignored == 1 and meld.answered == 1


def test_deals_are_seeded_and_end_by_the_engine() -> None:
    """R-SCORE-1, K-END-1: the same number deals the same ending; each is over and scored."""
    assert deal_scoring("rummy", 7) == deal_scoring("rummy", 7)
    assert deal_scoring("rummy", 7) != deal_scoring("rummy", 8)
    for number in range(12):
        rummy = deal_scoring("rummy", number)
        assert isinstance(rummy, RummyEnd) and rummy.state().is_over
        for rules in (
            RummyRules(must_discard_to_go_out=True, melds_per_turn=1),
            RummyRules(ace="low_or_high"),
        ):
            assert rummy.state(rules).is_over
        tiles = deal_scoring("rummikub", number)
        assert isinstance(tiles, RummikubEnd)
        state = tiles.state()
        assert state.is_over and state.scores is not None and sum(state.scores) == 0
    with pytest.raises(RulesError):
        deal_scoring("rummy", -1)


def test_deal_gives_a_fresh_ending_of_the_same_game() -> None:
    view = ScoringExercise(RUMMIKUB_JOKER_LEFT)
    answer(view, 59)
    assert view._deal(5) is True
    assert view.end == deal_scoring("rummikub", 5) and not view.solved and view.entered is None
    answer(view, view.points)
    assert view.solved
    assert "scoring.goal" not in view.goal and view.goal == messages.text("scoring.goal.rummikub")


def test_a_rummikub_ending_is_scored_for_the_game_a_rummy_one_for_the_round() -> None:
    """K-END-1, R-SCORE-1: Rummikub scores a game, Rummy a round (the goal said "round" for both)."""
    assert "this game" in ScoringExercise(RUMMIKUB_JOKER_LEFT).goal
    assert "this round" in ScoringExercise(RUMMY_22).goal


def test_an_ending_and_rules_of_different_games_are_refused() -> None:
    with pytest.raises(RulesError):
        ScoringExercise(RUMMY_22, RummikubRules())
    view = ScoringExercise(RUMMY_22)
    with pytest.raises(RulesError):
        view.set_rules(RummikubRules())
