"""The Rummy turn view driven exactly as the browser drives it: by the intents it sends."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from rummy_teach import messages
from rummy_teach.lessons.deals_turn import LESSON_3, lesson_turn, turn_deal, turn_plan
from rummy_teach.lessons.goals import Goal
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import from_position
from rummy_teach.widgets import TurnExercise
from rummy_teach.widgets.rummy_play import CARD_IDS, intents_for
from tests.rummy_play_driver import card_id, drop, enabled, message, pick, play, press, send


@pytest.fixture(autouse=True)
def no_crash(caplog: pytest.LogCaptureFixture) -> Any:
    """A learner's click never raises inside the view (the view would log it and carry on)."""
    yield
    failures = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not failures, failures[0].getMessage()


def lesson() -> TurnExercise:
    return TurnExercise(LESSON_3)


def frozen(view: TurnExercise) -> str:
    """The view's state and everything it shows, except the feedback and the answered count."""
    shown = {name: getattr(view, name) for name in ("zones", "selected", "pieces", "solved")}
    return json.dumps([str(view.state), shown], sort_keys=True, default=str)


def test_lesson_3_turn_done_right_R_TURN_1_R_TURN_2_R_TURN_5() -> None:
    """Take the 7♥, lay down 5-6-7♥ and the nines, discard the king: the goal is met."""
    view = lesson()
    assert enabled(view)["draw"] and enabled(view)["take"]
    assert not enabled(view)["discard"] and not enabled(view)["lay_down"]
    assert view.goal == messages.text("turn.goal.play_turn", left=1)
    press(view, "take")
    assert message(view).startswith("You took 7♥ from the discard pile.")
    assert not enabled(view)["draw"] and not enabled(view)["take"]
    pick(view, "5H", "6H", "7H")
    assert view.feedback["status"] == "ok" and enabled(view)["lay_down"]
    press(view, "lay_down")
    assert message(view).startswith("You laid down 5♥ 6♥ 7♥.")
    table = [zone for zone in view.zones if zone["role"] == "table"]
    assert table[0]["pieces"] == [card_id(c) for c in ("5H", "6H", "7H")]
    assert table[0]["note"] == messages.text("turn.owner_you")
    assert set(table[0]["marked"]) == set(table[0]["pieces"])  # placed this turn
    pick(view, "9S", "9H", "9C")
    press(view, "lay_down")
    assert view.state.phase == "discard"
    assert message(view).endswith(messages.text("turn.prompt.discard"))
    pick(view, "KC")
    assert enabled(view)["discard"]
    press(view, "discard")
    assert view.solved
    assert view.feedback["status"] == "solved"
    assert message(view).startswith("You discarded K♣. Your turn is over.")
    assert not any(enabled(view)[b] for b in ("draw", "take", "lay_down", "discard", "undo"))
    before = frozen(view)
    press(view, "draw")  # the turn is over: nothing moves
    assert frozen(view) == before
    assert message(view) == messages.text("turn.turn_over")
    press(view, "undo")  # greyed out: it says why (the turn is over), not "cannot be used yet"
    assert frozen(view) == before
    assert message(view) == messages.text("turn.turn_over")


def test_discarding_the_card_just_taken_is_refused_R_TURN_6() -> None:
    view = lesson()
    press(view, "take")
    pick(view, "7H")
    assert not enabled(view)["discard"]  # offered only when legal
    assert "took from the discard pile" in message(view)
    before = frozen(view)
    press(view, "discard")
    assert frozen(view) == before
    assert view.feedback["status"] == "bad"
    assert message(view) == messages.text("rummy.discard_taken", card="7♥")
    drop(view, "7H", "discard")  # dragged onto the pile: the same refusal
    assert message(view) == messages.text("rummy.discard_taken", card="7♥")
    assert frozen(view) == before


def test_skipping_the_draw_is_refused_R_TURN_1() -> None:
    view = lesson()
    draw_first = messages.text("rummy.draw_first")
    for attempt in (
        lambda: press(view, "discard"),
        lambda: (pick(view, "KC"), press(view, "discard")),
        lambda: (pick(view, "5H", "6H"), press(view, "lay_down")),
        lambda: drop(view, "2D", "discard"),
    ):
        before = str(view.state)
        attempt()
        assert str(view.state) == before
        assert message(view) == draw_first
        assert view.feedback["status"] == "bad"
    press(view, "draw")
    press(view, "draw")  # once only
    assert message(view) == messages.text("rummy.already_drew")


def test_a_table_card_never_moves_R_TURN_4() -> None:
    view = TurnExercise(
        {"hands": ["8H 2C KD", "3S 4S 5D"], "discard_pile": "JC", "table": ["1: 5H 6H 7H"]}
    )
    press(view, "draw")
    before = str(view.state)
    pick(view, "6H")
    assert message(view) == messages.text("rummy.table_cards_stay", cards="6♥")
    assert view.feedback["status"] == "bad"
    assert str(view.state) == before
    drop(view, "6H", "hand")  # table cards cannot be dragged: refused as hostile, nothing moves
    assert str(view.state) == before


def test_an_invalid_meld_is_refused_in_the_engines_words_R_MELD_2() -> None:
    view = lesson()
    press(view, "take")
    pick(view, "5H", "6H", "KC")
    assert not enabled(view)["lay_down"]
    before = frozen(view)
    press(view, "lay_down")
    assert frozen(view) == before
    assert message(view).startswith("That cannot go down as a meld:")


def test_lay_off_onto_another_players_meld_by_click_and_by_drag_R_TURN_3() -> None:
    view = TurnExercise(
        {"hands": ["4H 8H 2C KD", "3S 4S 5D"], "discard_pile": "JC", "table": ["1: 5H 6H 7H"]}
    )
    table = next(zone for zone in view.zones if zone["role"] == "table")
    assert table["note"] == messages.text("turn.owner", player="Player 2")
    press(view, "draw")
    pick(view, "8H")
    assert view.feedback["status"] == "ok"  # it fits
    pick(view, "6H")  # the meld clicked: laid off there
    assert message(view).startswith("You laid off 8♥ onto 5♥ 6♥ 7♥.")
    drop(view, "4H", "m0")
    assert [str(card) for card in view.state.table[0].cards] == ["4H", "5H", "6H", "7H", "8H"]
    zone = next(zone for zone in view.zones if zone["role"] == "table")
    assert set(zone["marked"]) == {card_id("4H"), card_id("8H")}
    press(view, "undo")
    assert [str(card) for card in view.state.table[0].cards] == ["5H", "6H", "7H", "8H"]
    drop(view, "2C", "m0")
    assert message(view).startswith("That cannot be laid off:")


def test_going_out_by_melding_and_must_discard_to_go_out_R_OUT_1() -> None:
    position: dict[str, Any] = {"hands": ["5H 6H", "3S 4S 5D"], "discard_pile": "7H"}
    view = TurnExercise(position, Goal.go_out())
    press(view, "take")
    pick(view, "5H", "6H", "7H")
    press(view, "lay_down")
    assert view.solved and view.state.winner == 0
    assert message(view).startswith("You laid down 5♥ 6♥ 7♥. You went out")

    rules = RummyRules(must_discard_to_go_out=True)
    view = TurnExercise({**position, "rules": rules}, Goal.go_out())
    press(view, "take")
    pick(view, "5H", "6H", "7H")
    assert not enabled(view)["lay_down"]
    press(view, "lay_down")
    assert message(view) == messages.text("rummy.must_discard_last")
    assert not view.state.is_over and not view.solved


def test_going_out_by_laying_off_R_OUT_1() -> None:
    position: dict[str, Any] = {
        "hands": ["8H", "3S 4S 5D"],
        "discard_pile": "9H",
        "table": ["1: 5H 6H 7H"],
    }
    view = TurnExercise(position, Goal.go_out())
    press(view, "take")
    pick(view, "8H", "9H", "5H")
    assert view.solved and view.state.winner == 0
    view = TurnExercise(
        {**position, "rules": RummyRules(must_discard_to_go_out=True)}, Goal.go_out()
    )
    press(view, "take")
    pick(view, "8H", "9H", "5H")
    assert message(view) == messages.text("rummy.must_discard_last")
    assert not view.solved


@pytest.mark.parametrize("must_discard", [False, True])
def test_going_out_by_discarding_the_last_card_R_OUT_1(must_discard: bool) -> None:
    rules = RummyRules(must_discard_to_go_out=must_discard)
    view = TurnExercise(
        {"hands": ["5H 6H 7H KS", "3S 4S 5D"], "discard_pile": "2C", "phase": "play"}
        | {"rules": rules},
        Goal.go_out(),
    )
    pick(view, "5H", "6H", "7H")
    press(view, "lay_down")
    pick(view, "KS")
    press(view, "discard")
    assert view.solved and view.state.winner == 0
    assert messages.text("turn.out", said="You discarded K♠.", result="")[:30] in message(view)


def test_a_meld_that_strands_the_taken_card_is_refused_R_TURN_6() -> None:
    view = TurnExercise({"hands": ["5H 6H 7H", "3S 4S 5D"], "discard_pile": "9C"})
    press(view, "take")
    pick(view, "5H", "6H", "7H")
    press(view, "lay_down")
    assert message(view) == messages.text("rummy.stranded", card="9♣")


def test_goal_not_met_says_so_and_reset_starts_again() -> None:
    view = lesson()
    press(view, "draw")
    drawn = next(card for card in view.state.hands[0] if card not in lesson_turn().hands[0])
    send(view, intent="pick", piece=CARD_IDS[drawn])
    press(view, "discard")
    assert not view.solved and view.feedback["status"] == "bad"
    assert view.goal in message(view)
    press(view, "reset")
    assert view.state == lesson_turn() and enabled(view)["take"]


def test_hint_ladder_ends_with_the_strong_players_turn() -> None:
    view = lesson()
    for _ in range(3):
        press(view, "hint")
    assert "Took 7♥" in message(view)
    assert view.hints()[0].endswith("(see “First, draw” in the rule book).")
    assert view.hints()[1].startswith("A turn starts by drawing")
    press(view, "take")
    assert "“Then, lay down melds if you like”" in view.hints()[0]


def test_hidden_cards_are_never_synced() -> None:
    """Only the learner's hand, the table and the discard top are sent; the rest only as counts."""
    view = lesson()
    hidden = list(view.state.hands[1]) + list(view.state.stock) + [view.state.discard_pile[0]]
    shown = json.dumps({name: getattr(view, name) for name in view.traits(sync=True)}, default=str)
    for card in hidden:
        assert CARD_IDS[card] not in view.pieces
        assert f'"{CARD_IDS[card]}"' not in shown
        assert messages.piece_name(card) not in shown


def test_deal_is_seeded_and_has_a_solution() -> None:
    view = lesson()
    assert view._deal(7)
    assert view.dealt == 7
    assert view.state == from_position(**turn_deal(7))
    other = TurnExercise(LESSON_3)
    other._deal(7)
    assert other.state == view.state
    for number in range(20):
        state = from_position(**turn_deal(number))
        assert len(turn_plan(state).hands[0]) == 1
    # the answer played through the view meets the goal
    plan = turn_plan(view.state)
    for move in plan.history[len(view.state.history) :]:
        play(view, move)
    assert view.solved


def test_every_intent_of_intents_for_is_accepted() -> None:
    state = lesson_turn()
    assert intents_for(state.legal_moves()[0], state) == [{"intent": "press", "button": "draw"}]


def test_an_empty_stock_and_pile_say_so_in_words() -> None:
    """R-STOCK-1: lesson 06's stock is empty and its pile of one card is drawn: the zones said
    "0 cards, face down" and "0 cards; only the top one is face up"."""
    from rummy_teach.lessons.examples import WHAT_IF_RESTOCK

    view = TurnExercise(from_position(**WHAT_IF_RESTOCK.position))
    notes = {zone["id"]: zone.get("note", "") for zone in view.zones}
    assert notes["stock"] == messages.text("turn.stock_empty")
    press(view, "draw")
    notes = {zone["id"]: zone.get("note", "") for zone in view.zones}
    assert notes["discard"] == messages.text("turn.discard_empty")
    assert "0 cards" not in " ".join(notes.values())
