"""Every exercise (issue 13): another hand, the hint ladder's answer, no dead ends, driven by the
messages the browser sends (``view.receive``)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from rummy_teach import RummikubRules, RummyRules, lessons, messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import Goal, Puzzle, deals
from rummy_teach.melds import check_meld
from rummy_teach.melds.search import best_layoffs, best_sets
from rummy_teach.pieces import Piece, Tile, format_pieces
from rummy_teach.widgets import Exercise, LayoffExercise, MeldExercise, OpeningExercise, show

_seq = itertools.count(1)
MELD_PUZZLES = [
    lessons.START_PICK_THREE,
    lessons.RUMMY_LAY_DOWN,
    lessons.RUMMY_ONLY_RUN,
    lessons.RUMMY_ACE_HIGH,
    lessons.RUMMIKUB_RACK,
    lessons.RUMMIKUB_GROUP,
]
OPENING_PUZZLES = [lessons.OPENING_TWO_SETS, lessons.OPENING_OR_DRAW, lessons.OPENING_JOKER]
ALL_PUZZLES = [*MELD_PUZZLES, lessons.RUMMY_LAY_OFF, *OPENING_PUZZLES]


def pick_id(view: Exercise, piece_id: str) -> None:
    view.receive({"intent": "pick", "piece": piece_id, "seq": next(_seq)})


def pick_pieces(view: Exercise, pieces: Sequence[Piece]) -> None:
    """Click each piece (found in the hand), as the view's buttons do."""
    chosen: list[str] = []
    for piece in pieces:
        pid = next(p for p in view.hand_ids if view.piece(p) == piece and p not in chosen)
        chosen.append(pid)
        pick_id(view, pid)


def pick(view: Exercise, notation: str) -> None:
    for piece_id in view.ids_of(notation):
        pick_id(view, piece_id)


def press(view: Exercise, button: str) -> None:
    view.receive({"intent": "press", "button": button, "seq": next(_seq)})


def drop(view: Exercise, piece_id: str, on: str) -> None:
    view.receive({"intent": "drop", "piece": piece_id, "on": on, "seq": next(_seq)})


def button_ids(view: Exercise) -> list[str]:
    return [button["id"] for button in view.buttons]


def hand_zone(view: Exercise) -> dict[str, Any]:
    return next(zone for zone in view.zones if zone["id"] == "hand")


def position(view: Exercise) -> tuple[str, tuple[str, ...]]:
    """The hand and the table now, in notation."""
    table = tuple(format_pieces([view.piece(pid) for pid in meld]) for meld in view.melds)
    return format_pieces(view.hand), table


def solve_melds(view: MeldExercise) -> None:
    """Lay down the melds the search finds, each by clicks and the "Lay down" button."""
    kind = {"make_run": "run", "make_group": "group"}.get(view.goal_spec.kind)
    for meld in best_sets(view.hand, view.rules, kind=kind, by="pieces"):
        pick_pieces(view, meld)
        press(view, "lay_down")
        assert view.feedback["status"] in ("ok", "solved"), view.feedback
        if view.solved:
            return


def solve_layoff(view: LayoffExercise) -> None:
    """Lay off by dragging each card onto its meld, in the order the search finds."""
    table = [[view.piece(pid) for pid in meld] for meld in view.melds]
    hand = view.hand
    ids = list(view.hand_ids)
    for piece, meld in best_layoffs(table, hand, view.rules):
        drop(view, ids[piece], f"m{meld}")
        assert view.feedback["status"] in ("ok", "solved"), view.feedback


def solve_opening(view: OpeningExercise) -> None:
    """Open with the best sets, or draw when the rack can't open (K-OPEN-1, K-OPEN-2)."""
    sets = best_sets(view.hand, view.rules, by="points")
    if sum(check_meld(meld, view.rules).points for meld in sets) < view.needed:
        press(view, "draw")
        return
    for meld in sets:
        pick_pieces(view, meld)
        press(view, "lay_down")
    press(view, "open")


def solve(view: Exercise) -> None:
    if isinstance(view, OpeningExercise):
        solve_opening(view)
    elif isinstance(view, LayoffExercise):
        solve_layoff(view)
    else:
        assert isinstance(view, MeldExercise)
        solve_melds(view)


# ---------------------------------------------------------------------- another hand


@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda puzzle: puzzle.hand)
def test_another_hand_deals_a_fresh_position_that_can_be_solved(puzzle: Puzzle) -> None:
    """The "Another hand" button deals hand 1, then 2, each solvable by clicks; the number shows."""
    view = show(puzzle)
    assert "another" in button_ids(view) and view.hand_number == 0 and view.hand_caption == ""
    own = position(view)
    for number in (1, 2):
        answered = view.answered
        press(view, "another")
        assert view.answered == answered + 1
        assert view.hand_number == number and view.hand_caption == f"Hand {number}"
        assert view.feedback["message"].startswith(f"Here is hand {number}:")
        assert not view.solved and not view.selected and view.hint_level == 0
        assert position(view) != own
        assert len(view.hand) == len(puzzle.hand.split())
        solve(view)
        assert view.solved, (number, position(view), view.feedback)


@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda puzzle: puzzle.hand)
def test_the_same_number_is_the_same_hand_for_everyone(puzzle: Puzzle) -> None:
    """Two learners on hand 7 see the same position; the keyword and the button agree."""
    first, second = show(puzzle), show(puzzle)
    first.another(7)
    for _ in range(7):
        press(second, "another")
    assert second.hand_number == 7 and position(first) == position(second)
    assert first.another(8).hand_number == 8 and position(first) != position(second)


def test_a_hand_number_when_the_view_is_built() -> None:
    """A teacher builds hand 7 directly: ``MeldExercise(..., hand_number=7)`` and the other views."""
    puzzle = lessons.RUMMY_LAY_DOWN
    built = MeldExercise(puzzle.hand, puzzle.rules, goal=puzzle.goal, hand_number=7)
    dealt = show(puzzle).another(7)
    assert built.hand_caption == "Hand 7" and position(built) == position(dealt)
    assert format_pieces(built.hand) == format_pieces(
        deals.meld_hand(puzzle.goal, puzzle.rules, 7, size=7)
    )
    off = lessons.RUMMY_LAY_OFF
    layoff = LayoffExercise(off.table, off.hand, off.rules, goal=off.goal, hand_number=7)
    assert position(layoff) == position(show(off).another(7))
    opening = OpeningExercise(lessons.OPENING_TWO_SETS.hand, hand_number=7)
    assert position(opening) == position(show(lessons.OPENING_TWO_SETS).another(7))
    assert deals.opening_kind(opening.hand, opening.rules) == "two_sets"  # the kind is kept
    solve(opening)
    assert opening.solved


def test_reset_goes_back_to_the_dealt_hand() -> None:
    view = show(lessons.RUMMY_LAY_DOWN).another(3)
    dealt = position(view)
    solve(view)
    press(view, "reset")
    assert position(view) == dealt and view.hand_number == 3 and not view.solved


def test_the_opening_draws_from_the_dealt_racks_pool_K_OPEN_1() -> None:
    """K-OPEN-1: an 'open or draw' hand that can't open draws one tile not in the rack."""
    view = show(lessons.OPENING_OR_DRAW)
    number = next(
        n
        for n in range(1, 40)
        if deals.opening_kind(view.another(n).hand, view.rules) == "cannot_open"
    )
    rack = list(view.hand_ids)
    press(view, "draw")
    assert view.solved and view.drawn_id is not None and view.drawn_id not in rack
    assert view.hand_number == number


def test_bad_hand_numbers_are_refused() -> None:
    view = show(lessons.RUMMY_ONLY_RUN)
    for number in (0, -1, deals.HIGHEST_HAND + 1):
        with pytest.raises(RummyTeachError, match="hand number"):
            view.another(number)
    assert view.hand_number == 0
    view.another(deals.HIGHEST_HAND)
    press(view, "another")  # after the highest comes hand 1 again
    assert view.hand_number == 1


class PlainExercise(MeldExercise):
    """A view that keeps the default hook: it cannot deal."""

    _deal = Exercise._deal


def test_a_view_that_cannot_deal_shows_no_button() -> None:
    """The default ``_deal`` returns False: no "Another hand" button, a press of it is refused."""
    view = PlainExercise("9H 9S 9C", RummyRules())
    assert not view.can_deal and "another" not in button_ids(view)
    ignored = view.ignored
    press(view, "another")
    assert view.ignored == ignored + 1 and view.hand_number == 0
    with pytest.raises(RummyTeachError, match="cannot deal"):
        view.another(7)


def test_a_deal_that_fails_says_so_and_changes_nothing() -> None:
    """A hand no deal can meet (a lay-down-all goal with too few pieces) answers in words."""
    view = MeldExercise("9H 9S KS 4D", RummyRules(), goal=Goal.lay_down_all(2))
    before = position(view)
    press(view, "another")
    assert view.feedback["message"] == messages.text("every.cannot_deal")
    assert position(view) == before and view.hand_number == 0


# ---------------------------------------------------------------------- hints end with an answer


@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda puzzle: puzzle.hand)
def test_every_hint_ladder_ends_with_an_answer(puzzle: Puzzle) -> None:
    """The third hint names pieces to play (or says to draw): never "nothing more fits"."""
    view = show(puzzle)
    for _ in range(3):
        press(view, "hint")
    answer = view.feedback["message"]
    assert answer.startswith("Hint 3 of 3: ")
    assert messages.text("widgets.hint.no_answer") not in answer
    assert any(word in answer for word in ("Try ", "best initial meld", "draw a tile"))


def test_layoff_hint_follows_an_order_that_places_every_card_R_TURN_3() -> None:
    """R-TURN-3: the answer is the first step of a best order, not a card that blocks another."""
    table = ["8H 8D 8C", "5S 6S 7S"]  # 8♠ fits the 8s first, but then 9♠ fits nowhere
    view = LayoffExercise(table, "8S 9S", RummyRules(), goal=Goal.lay_off_all())
    assert view.hints()[-1] == "Try 8♠ on 5♠ 6♠ 7♠."


# ---------------------------------------------------------------------- no dead ends


def test_the_joker_in_the_tens_is_a_dead_end_K_MELD_4() -> None:
    """K-MELD-4 (lesson 7's rack): the joker laid with the 10s leaves R12 R13 without a run."""
    view = show(lessons.RUMMIKUB_RACK)
    pick(view, "B10 K10 J")
    press(view, "lay_down")
    assert len(view.melds) == 1
    dead = messages.text("every.dead_end.lay_down_all", left=0)
    assert hand_zone(view)["status"] == "bad" and hand_zone(view)["note"] == dead
    assert view.feedback["message"].endswith(dead)
    for _ in range(3):
        press(view, "hint")
    assert "press Reset, then try" in view.feedback["message"]
    pick_id(view, view.melds[0][0])  # clicking a laid piece takes the meld back
    assert not view.melds and "note" not in hand_zone(view)
    assert "Dead end" not in view.feedback["message"]


def test_a_right_path_through_the_lessons_never_says_dead_end() -> None:
    """Lesson 2 and 7's racks laid down the right way, and lesson 4's lay-offs: no dead end."""
    for puzzle in (lessons.RUMMY_LAY_DOWN, lessons.RUMMIKUB_RACK, lessons.RUMMY_LAY_OFF):
        view = show(puzzle)
        seen: list[str] = []
        view.observe(
            lambda change, seen=seen: seen.append(change["new"]["message"]), names="feedback"
        )
        solve(view)
        assert view.solved and len(seen) > 1
        assert not any("Dead end" in message for message in seen)


def test_a_wrong_kind_of_meld_is_a_dead_end_for_make_run_R_MELD_2() -> None:
    """R-MELD-2: "make a run" from 7♥ 8♥ 9♥ 9♠ 9♣: the group of 9s leaves no run."""
    view = MeldExercise("7H 8H 9H 9S 9C", RummyRules(), goal=Goal.make_run())
    pick(view, "9H 9S 9C")
    press(view, "lay_down")
    assert not view.solved
    assert hand_zone(view)["note"] == messages.text("every.dead_end.make_run")


def test_a_card_laid_off_that_blocks_another_is_a_dead_end_R_TURN_3() -> None:
    """R-TURN-3: 8♠ onto the 8s leaves 9♠ nowhere to go; Reset is the way back."""
    view = LayoffExercise(["5S 6S 7S", "8H 8D 8C"], "8S 9S", RummyRules(), goal=Goal.lay_off_all())
    (eight,) = view.ids_of("8S")
    drop(view, eight, "m1")
    assert view.feedback["status"] == "ok"
    note = hand_zone(view)["note"]
    assert note == messages.text("every.dead_end.lay_off_all", pieces="9♠")
    press(view, "reset")
    assert "note" not in hand_zone(view)
    drop(view, view.ids_of("8S")[0], "m0")
    drop(view, view.ids_of("9S")[0], "m0")
    assert view.solved


def test_a_set_that_spends_the_joker_is_a_dead_end_for_the_opening_K_OPEN_2() -> None:
    """K-OPEN-2: R3 R4 + joker (12) leaves K10 B10 short of 30; the joker belonged with the 10s."""
    view = OpeningExercise("K10 B10 J R3 R4", RummikubRules())
    pick(view, "R3 R4 J")
    press(view, "lay_down")
    assert hand_zone(view)["note"] == messages.text("every.dead_end.open", needed=30)
    pick_id(view, view.melds[0][0])
    pick(view, "K10 B10 J")
    press(view, "open")
    assert view.solved


def test_a_rack_that_cannot_open_has_no_dead_end_K_OPEN_1() -> None:
    """K-OPEN-1: lesson 8's 27-point rack: laying the 9s down is no dead end (drawing is right)."""
    view = show(lessons.OPENING_OR_DRAW)
    pick(view, "K9 R9 B9")
    press(view, "lay_down")
    assert "note" not in hand_zone(view)


# ---------------------------------------------------------------------- the walk-through fixes


def test_a_greyed_out_lay_down_explains_with_the_engines_reason_R_MELD_1() -> None:
    """R-MELD-1: "Lay down" with two picked answers why (a meld needs three), changing nothing."""
    view = show(lessons.START_PICK_THREE)
    pick(view, "9H 9S")
    lay_down = next(button for button in view.buttons if button["id"] == "lay_down")
    assert not lay_down["enabled"]
    press(view, "lay_down")
    assert view.feedback["status"] == "bad" and "only 2 cards" in view.feedback["message"]
    assert not view.melds and view.selected == view.ids_of("9H 9S")


def test_nine_nine_king_blames_the_king_in_the_view_R_MELD_1() -> None:
    """R-MELD-1: picking 9♥ 9♠ K♠ names K♠ as the odd one out, not 9♥."""
    view = MeldExercise("9H 9S KS 4D", RummyRules())
    pick(view, "9H 9S KS")
    assert view.feedback["status"] == "bad" and "so K♠ does not" in view.feedback["message"]


def test_four_sixes_leave_too_many_cards_R_MELD_1() -> None:
    """R-MELD-1: from 4♦ 5♦ 6♦ 6♥ 6♠ 6♣ K♠ (one may stay), the four 6s leave 4♦ 5♦ K♠: dead end."""
    view = MeldExercise("4D 5D 6D 6H 6S 6C KS", RummyRules(), goal=Goal.lay_down_all(1))
    pick(view, "6D 6H 6S 6C")
    press(view, "lay_down")
    assert hand_zone(view)["note"] == messages.text("every.dead_end.lay_down_all_left", left=1)
    assert view.hints()[-1] == "This way can't reach the goal: press Reset, then try 4♦ 5♦ 6♦."
    press(view, "reset")
    assert "note" not in hand_zone(view) and "Dead end" not in view.feedback["message"]


@pytest.mark.parametrize("puzzle", OPENING_PUZZLES, ids=lambda puzzle: puzzle.hand)
def test_the_opening_answer_agrees_with_the_solver_K_OPEN_2(puzzle: Puzzle) -> None:
    """K-OPEN-2: the hint opens exactly when the HiGHS solver finds an opening, never with fewer
    points than the solver's, on the lesson's rack and on hands 1-5."""
    from rummy_teach.solver import best_opening

    view = show(puzzle)
    assert isinstance(view, OpeningExercise)
    for number in (0, 1, 2, 3, 4, 5):
        if number:
            view.another(number)
        rack = [tile for tile in view.hand if isinstance(tile, Tile)]
        solution = best_opening(rack, view.rules)
        answer = view.hints()[-1]
        if solution is None:
            assert "draw a tile" in answer, (number, answer)
        else:
            assert view.best_points() >= solution.points >= view.needed
            assert f"worth {view.best_points()} points" in answer
