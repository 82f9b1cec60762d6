"""The joker view driven by the browser's messages (K-JOKER-1..4, K-MELD-5; lesson 10)."""

from __future__ import annotations

import itertools
from typing import Any

from rummy_teach import RummikubRules, messages
from rummy_teach.lessons import deals_rearrange as deals
from rummy_teach.pieces import Tile
from rummy_teach.widgets import JokerExercise
from rummy_teach.widgets.joker import show_turn
from rummy_teach.widgets.rearrange import RearrangeExercise, set_button

_seq = itertools.count(1)


def send(view: JokerExercise, message: dict[str, Any]) -> None:
    view.receive({**message, "seq": next(_seq)})


def pick(view: JokerExercise, *piece_ids: str) -> None:
    for piece_id in piece_ids:
        send(view, {"intent": "pick", "piece": piece_id})


def press(view: JokerExercise, button: str) -> None:
    send(view, {"intent": "press", "button": button})


def rack_id(view: JokerExercise, notation: str) -> str:
    tile = Tile.parse(notation)
    return next(pid for pid in view.hand_ids if view.piece(pid) == tile)


def table_id(view: JokerExercise, set_number: int, notation: str) -> str:
    tile = Tile.parse(notation)
    return next(pid for pid in view.melds[set_number - 1] if view.piece(pid) == tile)


def shown(view: JokerExercise) -> list[str]:
    return [messages.pieces_short(tiles) for tiles in view.shown_table()]


def state_of(view: JokerExercise) -> Any:
    return (view.melds, view.hand_ids, view.workspace)


def button(view: JokerExercise, button_id: str) -> dict[str, Any]:
    return next(spec for spec in view.buttons if spec["id"] == button_id)


def test_swap_the_joker_and_reuse_it_at_once_K_JOKER_2_K_JOKER_3() -> None:
    """K-JOKER-2: R6 takes the joker's place; the freed joker, picked, goes with K10 K11."""
    view = JokerExercise.from_puzzle(deals.JOKER_SWAP)
    joker = table_id(view, 1, "J")
    pick(view, joker, rack_id(view, "R6"))
    assert button(view, "swap")["enabled"]
    press(view, "swap")
    assert shown(view) == ["red 5 red 6 red 7", "black 9 blue 9 orange 9", "joker"]
    assert view.selected == [joker]
    assert "play it on the table this turn" in view.feedback["message"]
    assert "costs the penalty" in view.tally  # a joker alone is no set yet
    pick(view, rack_id(view, "K10"), rack_id(view, "K11"))
    press(view, set_button(2))
    assert shown(view)[2] == "black 10 black 11 joker"
    press(view, "end_turn")
    assert view.solved and view.result is not None and view.result.verdict.ok


def test_the_freed_joker_never_goes_to_the_rack_K_JOKER_3() -> None:
    """K-JOKER-3: the freed joker to the rack is refused with the rule, then the misconception."""
    view = JokerExercise.from_puzzle(deals.JOKER_SWAP)
    joker = table_id(view, 1, "J")
    pick(view, joker, rack_id(view, "R6"))
    press(view, "swap")
    before = state_of(view)
    press(view, "to_rack")
    assert view.feedback["status"] == "bad"
    assert "it never goes to a rack" in view.feedback["message"]
    assert "never yours to keep" in view.feedback["message"]
    assert state_of(view) == before


def test_taking_a_tile_from_a_joker_set_is_refused_K_JOKER_1() -> None:
    """K-JOKER-1: R8 out of R5 J R7 R8 is refused at once; growing it at both ends is fine."""
    view = JokerExercise.from_puzzle(deals.JOKER_EXTEND)
    before = state_of(view)
    pick(view, table_id(view, 1, "R8"))
    press(view, "to_new")
    assert view.feedback["status"] == "bad"
    assert "holds a joker" in view.feedback["message"]
    assert "that set only grows" in view.feedback["message"]
    assert state_of(view) == before
    press(view, "split")  # R8 still picked: a split breaks it up too
    assert "holds a joker" in view.feedback["message"] and state_of(view) == before
    pick(view, table_id(view, 1, "R8"))
    pick(view, rack_id(view, "R4"), rack_id(view, "R9"))
    press(view, set_button(0))
    assert shown(view) == ["red 4 red 5 joker red 7 red 8 red 9"]
    press(view, "end_turn")
    assert view.solved


def test_taking_the_joker_out_without_its_tile_is_refused_K_JOKER_2() -> None:
    """K-JOKER-2: the joker moved out with nothing in its place: refused, the tile named."""
    view = JokerExercise.from_puzzle(deals.JOKER_SWAP)
    before = state_of(view)
    pick(view, table_id(view, 1, "J"))
    press(view, "to_new")
    assert "without red 6 from your rack in its place" in view.feedback["message"]
    assert "press Swap for the joker" in view.feedback["message"]
    assert state_of(view) == before


def test_a_swap_with_the_wrong_tile_is_refused_K_JOKER_2() -> None:
    """K-JOKER-2: K10 is not what the joker stands for: refused, the right tile named."""
    view = JokerExercise.from_puzzle(deals.JOKER_SWAP)
    before = state_of(view)
    pick(view, table_id(view, 1, "J"), rack_id(view, "K10"))
    press(view, "swap")
    assert view.feedback["status"] == "bad"
    assert view.feedback["message"].startswith("black 10 does not free the joker")
    assert "stands for red 6" in view.feedback["message"]
    assert state_of(view) == before


def test_trio_either_colour_frees_the_joker_K_JOKER_4() -> None:
    """K-JOKER-4 ("either", the default): B7 alone frees the joker of K7 R7 J."""
    view = JokerExercise.from_puzzle(deals.JOKER_TRIO_EITHER)
    joker = table_id(view, 1, "J")
    pick(view, joker, rack_id(view, "B7"))
    press(view, "swap")
    assert shown(view) == ["black 7 red 7 blue 7", "joker"]
    pick(view, rack_id(view, "O3"), rack_id(view, "O4"))
    press(view, set_button(1))
    press(view, "end_turn")
    assert view.solved


def test_trio_both_needs_both_missing_colours_K_JOKER_4() -> None:
    """K-JOKER-4 ("both", the 1978 book): B7 alone is refused; B7 and O7 together free it."""
    view = JokerExercise.from_puzzle(deals.JOKER_TRIO_BOTH)
    joker = table_id(view, 1, "J")
    before = state_of(view)
    pick(view, joker, rack_id(view, "B7"))
    press(view, "swap")
    assert view.feedback["status"] == "bad"
    assert "group of two tiles and a joker" in view.feedback["message"]
    assert "add both missing colours" in view.feedback["message"]
    assert state_of(view) == before
    pick(view, rack_id(view, "O7"))
    press(view, "swap")
    assert shown(view) == ["black 7 red 7 blue 7 orange 7", "joker"]
    pick(view, rack_id(view, "B3"), rack_id(view, "B4"))
    press(view, set_button(1))
    press(view, "end_turn")
    assert view.solved


def test_trio_both_by_moves_is_refused_too_K_JOKER_4() -> None:
    """K-JOKER-4 ("both"): B7 moved in, then the joker out: refused with the trio rule."""
    view = JokerExercise.from_puzzle(deals.JOKER_TRIO_BOTH)
    pick(view, rack_id(view, "B7"))
    press(view, set_button(0))
    pick(view, table_id(view, 1, "J"))
    press(view, "to_new")
    assert "group of two tiles and a joker" in view.feedback["message"]
    same = JokerExercise.from_puzzle(deals.JOKER_TRIO_EITHER)
    pick(same, rack_id(same, "B7"))
    press(same, set_button(0))
    pick(same, table_id(same, 1, "J"))
    press(same, "to_new")  # the default edition: B7 alone frees it
    assert shown(same) == ["black 7 red 7 blue 7", "joker"]


def test_what_the_joker_stands_for_in_a_run_K_MELD_5() -> None:
    """K-MELD-5: B8 J B10: B9 is right; B11 is explained by the engine's verdict."""
    view = JokerExercise.from_puzzle(deals.JOKER_STANDS_RUN)
    choices = next(zone for zone in view.zones if zone["id"] == "choices")["pieces"]
    names = [messages.piece_short(view.piece(pid)) for pid in choices]
    assert "blue 9" in names and len(names) >= 3
    assert not [zone for zone in view.zones if zone["role"] == "new"]
    asked = next(zone for zone in view.zones if zone["id"] == "s0")
    assert "blue 9" not in asked["note"]  # the verdict would give it away
    wrong = next(pid for pid in choices if messages.piece_short(view.piece(pid)) == "blue 11")
    pick(view, wrong)
    assert view.feedback["status"] == "bad" and view.feedback["message"].startswith("Not blue 11")
    right = next(pid for pid in choices if messages.piece_short(view.piece(pid)) == "blue 9")
    pick(view, right)
    assert view.solved and "stands for blue 9" in view.feedback["message"]


def test_the_joker_question_answers_every_button_K_MELD_5() -> None:
    """Hint climbs to the answer, Reset clears a wrong pick and Another hand deals: the question
    has no zone buttons, and a press must still reach the view (it once crashed on them)."""
    view = JokerExercise.from_puzzle(deals.JOKER_STANDS_RUN)
    for level in (1, 2, 3):
        press(view, "hint")
        assert view.feedback["message"].startswith(f"Hint {level} of 3"), view.feedback
    assert "The joker stands for blue 9." in view.feedback["message"] and view.hints_used == 3
    choices = next(zone for zone in view.zones if zone["id"] == "choices")["pieces"]
    wrong = next(pid for pid in choices if messages.piece_short(view.piece(pid)) != "blue 9")
    pick(view, wrong)
    assert view.feedback["status"] == "bad"
    press(view, "reset")
    assert view.feedback["status"] == "info" and not view.selected and not view.solved
    answered = view.answered
    press(view, "another")
    assert view.answered == answered + 1 and view.hand_number > 0


def test_what_the_joker_stands_for_in_a_group_K_JOKER_4() -> None:
    """K-JOKER-4: in K4 R4 J either missing colour is right; black 4 is a colour twice."""
    view = JokerExercise.from_puzzle(deals.JOKER_STANDS_GROUP)
    assert set(view.right_answers()) == {Tile.parse("B4"), Tile.parse("O4")}
    choices = next(zone for zone in view.zones if zone["id"] == "choices")["pieces"]
    black = next(pid for pid in choices if view.piece(pid) == Tile.parse("K4"))
    pick(view, black)
    assert "two black tiles" in view.feedback["message"]
    orange = next(pid for pid in choices if view.piece(pid) == Tile.parse("O4"))
    pick(view, orange)
    assert view.solved and "blue 4 or orange 4" in view.feedback["message"]


def test_a_valid_but_other_reading_is_explained_K_MELD_5() -> None:
    """K-MELD-5: R5 R6 J was laid with the joker as R7: R4 makes a run too, but is not it."""
    view = JokerExercise(["R5 R6 J"], "", goal=deals.TurnGoal.stands(1))
    choices = next(zone for zone in view.zones if zone["id"] == "choices")["pieces"]
    r4 = next(pid for pid in choices if view.piece(pid) == Tile.parse("R4"))
    pick(view, r4)
    assert "keeps standing for it" in view.feedback["message"] and not view.solved


def test_a_declared_joker_stands_for_what_it_was_declared_K_MELD_5() -> None:
    """K-MELD-5: J=R4 R5 R6 (declared in notation): R4 is right, R7 only another valid reading."""
    view = JokerExercise(["J=R4 R5 R6"], "", goal=deals.TurnGoal.stands(1))
    assert view.right_answers() == (Tile.parse("R4"),)
    choices = next(zone for zone in view.zones if zone["id"] == "choices")["pieces"]
    r7 = next(pid for pid in choices if view.piece(pid) == Tile.parse("R7"))
    pick(view, r7)
    assert "laid standing for red 4" in view.feedback["message"] and not view.solved
    pick(view, next(pid for pid in choices if view.piece(pid) == Tile.parse("R4")))
    assert view.solved


def test_joker_hints_name_the_rules_in_both_editions() -> None:
    """K-JOKER-4: the rule's text follows the edition."""
    either_view = JokerExercise.from_puzzle(deals.JOKER_TRIO_EITHER)
    both_view = JokerExercise.from_puzzle(deals.JOKER_TRIO_BOTH)
    assert "either missing colour" in either_view.hints()[1]
    assert "both missing colours" in both_view.hints()[1]
    assert both_view.hints()[2].startswith("One answer:")


def test_deal_gives_a_joker_swap_the_solver_answers() -> None:
    """Hand n: a joker run, its tile on the rack, two tiles that need the freed joker."""
    view = JokerExercise.from_puzzle(deals.JOKER_SWAP)
    assert view._deal(3)
    assert any(view.piece(pid).is_joker for ids in view.melds for pid in ids)
    assert deals.deal_joker(3) == deals.deal_joker(3)
    assert view.most_tiles() == 3
    rules = RummikubRules(joker_trio_retrieval="both")
    assert deals.deal_joker(3, rules).rules == rules


def test_show_turn_picks_the_view_the_puzzle_names() -> None:
    """Lesson 9 puzzles get the rearrange view, lesson 10's the joker view."""
    assert isinstance(show_turn(deals.JOKER_SWAP), JokerExercise)
    rearrange = show_turn(deals.REARRANGE_SPLIT)
    assert isinstance(rearrange, RearrangeExercise) and not isinstance(rearrange, JokerExercise)


def test_the_rules_picker_switching_the_trio_rule_refuses_the_swap_it_allowed_K_JOKER_4() -> None:
    """K-JOKER-4: beside a rules picker, switching to "both" makes the B7-alone swap refused."""
    from rummy_teach.widgets import RulesPicker

    view = JokerExercise.from_puzzle(deals.JOKER_TRIO_EITHER)
    picker = RulesPicker(view)
    pick(view, table_id(view, 1, "J"), rack_id(view, "B7"))
    picker.choose("joker_trio_retrieval", "both")
    assert view.rules.joker_trio_retrieval == "both"
    assert "starts again" in view.feedback["message"] and view.selected == []
    before = state_of(view)
    pick(view, table_id(view, 1, "J"), rack_id(view, "B7"))
    press(view, "swap")
    assert view.feedback["status"] == "bad"
    assert "add both missing colours" in view.feedback["message"]
    assert state_of(view) == before
    picker.choose("joker_trio_retrieval", "either")
    pick(view, table_id(view, 1, "J"), rack_id(view, "B7"))
    press(view, "swap")
    assert shown(view) == ["black 7 red 7 blue 7", "joker"]
