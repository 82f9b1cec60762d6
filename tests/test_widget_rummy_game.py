"""The Rummy game view driven exactly as the browser drives it: by the intents it sends."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.rules import RummyRules
from rummy_teach.rummy import RandomBot, RummyBot, load_match
from rummy_teach.rummy.state import RummyState
from rummy_teach.widgets import RummyGame
from rummy_teach.widgets.rummy_play import CARD_IDS
from tests.rummy_play_driver import enabled, message, pick, play, press, synced


@pytest.fixture(autouse=True)
def no_crash(caplog: pytest.LogCaptureFixture) -> Any:
    """A learner's click never raises inside the view (the view would log it and carry on)."""
    yield
    failures = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not failures, failures[0].getMessage()


def hidden_ids(state: RummyState, learner: int = 0) -> set[str]:
    """Ids of every card the learner may not see: other hands, the stock, the pile under its top."""
    cards = [card for player, hand in enumerate(state.hands) if player != learner for card in hand]
    cards += list(state.stock) + list(state.discard_pile[:-1])
    return {CARD_IDS[card] for card in cards}


def check_hidden(view: RummyGame) -> None:
    """No synced trait holds a hidden card: only counts of the other hands and of the stock."""
    state = view._shown_state()
    hidden = hidden_ids(state)
    assert not hidden & set(view.pieces)
    shown = json.dumps(synced(view), default=str)
    for piece_id in hidden:
        assert f'"{piece_id}"' not in shown
    visible = {CARD_IDS[card] for card in state.hands[0]}
    visible |= {CARD_IDS[card] for meld in state.table for card in meld.cards}
    if state.discard_top is not None:
        visible.add(CARD_IDS[state.discard_top])
    assert set(view.pieces) == visible


def play_out(view: RummyGame, learner_seed: int = 1, limit: int = 50_000) -> list[str]:
    """Play the game to its end: the learner makes a RandomBot's choice, sent as intents."""
    learner = RandomBot(learner_seed)
    said = []
    for _ in range(limit):
        mode = view.mode
        if mode == "game_over":
            return said
        if mode == "learner":
            play(view, learner.choose(view.state))
        elif mode == "computer":
            moves = len(view.state.log)
            press(view, "next")
            if not view.state.is_over and view.state.log:
                assert len(view.state.log) == moves + 1  # one computer move a press
        else:
            press(view, "next_round")
        assert view.state.card_count() == 52
        check_hidden(view)
        said.append(message(view))
    raise AssertionError("the game did not end")


def test_a_game_starts_with_the_learners_turn_and_hides_the_computers_hand() -> None:
    view = RummyGame(players=2, seed=7, level="easy")
    assert view.mode == "learner"
    assert view.opponents == [messages.text("rummy_game.opponent", player="Computer 1", count=10)]
    assert enabled(view)["draw"] and enabled(view)["take"] and not enabled(view)["next"]
    assert view.tally == messages.text("rummy_game.status.learner", number=1)
    check_hidden(view)
    zones = {zone["id"]: zone for zone in view.zones}
    assert zones["stock"]["pieces"] == [] and "31 cards" in zones["stock"]["note"]
    assert view.sheet["head"] == ["Round", "You", "Computer 1"]
    assert view.sheet["rows"] == [] and view.sheet["totals"] == ["Total", "0", "0"]


def test_refusals_change_nothing_and_say_why() -> None:
    view = RummyGame(players=2, seed=7, level="strong")
    before = view.state
    press(view, "discard")
    assert message(view) == messages.text("rummy.draw_first") and view.state == before
    press(view, "next")  # greyed out: it is the learner's turn
    assert message(view) == messages.text("rummy_game.no_next")
    press(view, "take")
    taken = view.state.taken
    assert taken is not None
    pick(view, str(taken))
    after_take = view.state
    press(view, "discard")
    assert message(view) == messages.text("rummy.discard_taken", card=taken.symbol)
    assert view.state == after_take
    assert not enabled(view)["undo"]  # the draw cannot be taken back in a game


def test_computer_moves_come_one_at_a_time_with_what_and_why() -> None:
    view = RummyGame(players=3, seed=7, level="strong")
    press(view, "draw")
    card = next(card for card in view.state.hand if card != view.state.taken)
    pick(view, str(card))
    press(view, "discard")
    assert view.mode == "computer" and enabled(view)["next"]
    assert messages.text("rummy_game.wait", player="Computer 1") in message(view)
    press(view, "draw")  # not the learner's turn
    assert message(view) == messages.text("rummy_game.wait", player="Computer 1")
    log = len(view.state.log)
    press(view, "next")
    assert len(view.state.log) == log + 1
    assert message(view).startswith("Computer 1 ") and " Why: " in message(view)
    while view.mode == "computer":
        press(view, "next")
    assert view.mode in ("learner", "round_over")
    check_hidden(view)


def test_sorting_the_hand_by_rank_and_by_suit() -> None:
    view = RummyGame(players=2, seed=7)
    hand_zone = next(zone for zone in view.zones if zone["id"] == "hand")
    cards = [view._card(pid) for pid in hand_zone["pieces"]]
    assert cards == sorted(cards)
    press(view, "sort_rank")
    cards = [view._card(pid) for pid in view.hand_ids]
    assert [card.rank for card in cards] == sorted(card.rank for card in cards)
    assert not enabled(view)["sort_rank"] and enabled(view)["sort_suit"]
    press(view, "sort_suit")
    assert [view._card(pid) for pid in view.hand_ids] == sorted(cards)


def test_undo_and_start_the_turn_again_keep_the_draw() -> None:
    rules = RummyRules(hands=1)
    view = RummyGame(players=2, seed=38, level="strong", rules=rules)
    bot = RummyBot()
    while True:  # the learner's turns until one with a meld to lay
        assert view.mode in ("learner", "computer")
        if view.mode == "computer":
            press(view, "next")
            continue
        move = bot.choose(view.state)
        if view.state.drawn and str(move).startswith("meld"):
            break
        play(view, move)
    drawn = view.state
    play(view, move)
    assert enabled(view)["undo"]
    press(view, "reset")
    assert view.state == drawn
    play(view, move)
    press(view, "undo")
    assert view.state == drawn and not enabled(view)["undo"]


def test_a_whole_seeded_game_to_the_target_conserves_the_cards_and_hides_hands() -> None:
    view = RummyGame(players=2, seed=7, level="strong")
    said = play_out(view)
    match = view.match
    assert match.is_over and view.solved and view.feedback["status"] == "solved"
    assert max(match.totals) >= 100
    assert len(view.sheet["rows"]) == len(match.rounds)
    assert view.sheet["totals"] == ["Total", *map(str, match.totals)]
    winner = match.winner
    verdict = "You won the game!" if winner == 0 else f"Computer {winner} won the game."
    assert said[-1].endswith(verdict)
    # every learner action after the end changes nothing
    final = view.state
    press(view, "draw")
    press(view, "next")
    assert view.state == final


def test_the_game_replays_exactly_from_its_seed() -> None:
    first = RummyGame(players=2, seed=7, level="strong")
    second = RummyGame(players=2, seed=7, level="strong")
    assert play_out(first) == play_out(second)
    assert first.match.to_json() == second.match.to_json()
    loaded = load_match(first.match.to_json())
    assert loaded.totals == first.match.totals
    assert [state.log for state in loaded.rounds] == [state.log for state in first.match.rounds]


def test_a_finished_game_replays_move_by_move() -> None:
    view = RummyGame(players=2, seed=38, level="strong", rules=RummyRules(hands=1))
    play_out(view)
    steps = len(view.timeline) - 1
    assert enabled(view)["back"] and not enabled(view)["forward"]
    for _ in range(steps):
        press(view, "back")
        check_hidden(view)
    assert view.replay_at == 0 and not enabled(view)["back"]
    assert message(view) == messages.text(
        "rummy_game.replay", step=0, steps=steps, said=view.timeline[0][1]
    )
    start = view.timeline[0][0]
    assert view.hand_ids == [CARD_IDS[card] for card in sorted(start.hands[0])]
    press(view, "forward")
    assert message(view).endswith(view.timeline[1][1])
    for _ in range(steps):
        press(view, "forward")
    assert view.replay_at is None and not enabled(view)["forward"]


def test_easy_computers_three_of_them_play_a_round_to_its_end() -> None:
    view = RummyGame(players=4, seed=3, level="easy", rules=RummyRules(hands=1))
    assert len(view.opponents) == 3
    play_out(view, learner_seed=5)
    assert view.match.is_over


def test_the_constructor_checks_its_arguments_and_keeps_the_pace() -> None:
    assert RummyGame(players=2, seed=1, pace=1.5).pace == 1.5
    assert RummyGame(players=2, seed=1).pace == 0.0
    for bad in ({"players": 5}, {"players": 1}, {"level": "hard"}, {"pace": -1}):
        with pytest.raises(RummyTeachError):
            RummyGame(**bad)
    assert repr(RummyGame(players=3, seed=2)) == "RummyGame(players=3, seed=2, level='easy')"


def test_hints_in_the_game() -> None:
    view = RummyGame(players=2, seed=7, level="strong")
    for _ in range(3):
        press(view, "hint")
    assert message(view).startswith("Hint 3 of 3:")


def test_the_computers_reasons_never_name_a_card_it_keeps() -> None:
    """RummyBot's discard reason may say which card it kept: that card is in its hidden hand."""
    view = RummyGame(players=2, seed=7, level="strong")
    said = play_out(view)
    kept = messages.template("rummy.bot.kept").split("{", 1)[0]
    assert not any(kept in sentence for sentence in said)
    assert any(sentence.startswith("Computer 1 discarded") for sentence in said)


def test_a_computers_layoff_names_whose_meld_it_grew() -> None:
    view = RummyGame(players=2, seed=7, level="strong")
    said = play_out(view)
    layoffs = [sentence for sentence in said if sentence.startswith("Computer 1 laid off ")]
    assert layoffs
    assert all(
        "onto your meld" in sentence or "onto its own meld" in sentence for sentence in layoffs
    )


def test_another_game_is_dealt_from_its_number() -> None:
    view = RummyGame(players=3, seed=7, level="strong")
    assert view._deal(12)
    fresh = RummyGame(players=3, seed=12, level="strong")
    assert view.state == fresh.state and view.seed == 12
    assert len(view.timeline) == 1 and view.mode == fresh.mode
    with pytest.raises(RummyTeachError):
        view._deal(-1)


def test_a_greyed_out_button_says_why_it_is_off() -> None:
    """A press on a button that is off answers why, not "cannot be used yet" (sorting, the turn's
    restart, the computer's Next move)."""
    view = RummyGame(players=2, seed=7)
    assert view.mode == "learner" and not enabled(view)["sort_suit"]
    press(view, "sort_suit")
    assert message(view) == messages.text("rummy_game.sorted_suit")
    press(view, "next")
    assert message(view) == messages.text("rummy_game.no_next")
    assert not enabled(view)["reset"]
    press(view, "reset")
    assert message(view) == messages.text("turn.nothing_to_undo")
    press(view, "draw")
    assert not enabled(view)["reset"] and not enabled(view)["undo"]
    press(view, "reset")
    assert message(view) == messages.text("rummy_game.reset_nothing")
    press(view, "undo")
    assert message(view) == messages.text("turn.draw_stays")
    assert "cannot be used" not in message(view)
