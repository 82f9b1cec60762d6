"""The Rummikub game view driven exactly as the browser drives it: by the messages it sends."""

from __future__ import annotations

import itertools
import json
import logging
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Tile, parse_tiles
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.bots import greedy_sets
from rummy_teach.rummikub.check import joker_carriers
from rummy_teach.rummikub.moves import Draw, Play
from rummy_teach.rummikub.saves import replay
from rummy_teach.rummikub.sets import plain
from rummy_teach.rummikub.setup import deal, from_position
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.widgets import RummikubGame
from rummy_teach.widgets.intents import RateLimit
from rummy_teach.widgets.rummikub_said import computer_move_said
from rummy_teach.widgets.rummy_play import counted

_seq = itertools.count(1)
T = parse_tiles
ALL_TILES = 106


@pytest.fixture(autouse=True)
def no_crash(caplog: pytest.LogCaptureFixture) -> Any:
    """A learner's click never raises inside the view (the view would log it and carry on)."""
    yield
    failures = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not failures, failures[0].getMessage()


def make(**settings: Any) -> RummikubGame:
    """A game whose page may send as fast as a script does (the rate limits are a page's)."""
    view = RummikubGame(**{"players": 2, "seed": 7, "level": "easy", **settings})
    view.limit = RateLimit(1e9, 1e9)
    view.work = RateLimit(1e9, 1e9)
    return view


def send(view: RummikubGame, **message: str) -> None:
    view.receive({**message, "seq": next(_seq)})


def press(view: RummikubGame, button: str) -> None:
    send(view, intent="press", button=button)


def text(view: RummikubGame) -> str:
    return str(view.feedback["message"])


def enabled(view: RummikubGame) -> dict[str, bool]:
    return {spec["id"]: bool(spec["enabled"]) for spec in view.buttons}


def lay_new_set(view: RummikubGame, tiles: Sequence[Tile]) -> None:
    """Pick ``tiles`` from the rack (distinct pieces for a tile held twice), start a new set."""
    chosen: list[str] = []
    for tile in tiles:
        chosen.append(
            next(pid for pid in view.hand_ids if view.piece(pid) == tile and pid not in chosen)
        )
    for piece_id in chosen:
        send(view, intent="pick", piece=piece_id)
    press(view, "to_new")


def learner_turn(view: RummikubGame) -> None:
    """A scripted learner: lays the sets it spots on its rack when they may be laid, else draws."""
    state = view.game
    sets = greedy_sets(state.rack)
    points = sum(check_meld(tiles, state.rules).points for tiles in sets)
    if not sets or (not state.opened[0] and points < state.rules.initial_meld_points):
        press(view, "draw")
        return
    for tiles in sets:
        lay_new_set(view, tiles)
    press(view, "end_turn")


def tiles_seen(view: RummikubGame) -> Counter[str]:
    return Counter(str(info["name"]) for info in view.pieces.values())


def check_hidden(view: RummikubGame) -> None:
    """The synced traits hold the learner's rack and the table only: the rest are counts."""
    state = view.game
    own = Counter(messages.piece_name(tile) for tile in state.racks[0])
    own.update(messages.piece_name(tile) for tiles in state.table for tile in plain(tiles))
    assert tiles_seen(view) == own
    synced = {name: getattr(view, name) for name in view.traits(sync=True)}
    shown = json.dumps(synced, default=str)
    ids = set(view.pieces)
    for zone in view.zones:
        assert set(zone["pieces"]) <= ids
    assert "pool" not in synced and "racks" not in shown
    for player in view.bots:
        key = "rummikub_game.opponent" if state.opened[player] else "rummikub_game.opponent_closed"
        line = counted(key, len(state.racks[player]), player=state.players[player])
        assert line in view.opponents
    assert view.opponents[-1] == counted("rummikub_game.pool", len(state.pool))


def conserved(state: RummikubState) -> bool:
    on_table = sum(len(tiles) for tiles in state.table)
    return sum(len(rack) for rack in state.racks) + len(state.pool) + on_table == ALL_TILES


def play_out(view: RummikubGame, limit: int = 2000) -> list[str]:
    """Play the game to its end: the scripted learner's turns, "Next move" for each computer move."""
    said = []
    for _ in range(limit):
        if view.mode == "game_over":
            return said
        if view.mode == "learner":
            learner_turn(view)
        else:
            moves = len(view.game.history)
            press(view, "next")
            assert len(view.game.history) == moves + 1  # one move a press
            said.append(text(view))
        assert conserved(view.game)
        check_hidden(view)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------------------------
# the learner's turn


def test_the_view_starts_on_the_learners_turn_with_the_deal() -> None:
    view = make()
    assert view.mode == "learner" and view.game.current_player == 0
    assert "Game 1 is dealt" in text(view) and "30 points" in text(view)
    assert view.tally.startswith("Game 1: your turn.")
    assert len(view.hand_ids) == 14 and view.melds == []
    assert enabled(view)["draw"] and not enabled(view)["next"] and enabled(view)["hint"]
    assert view.timer == {}
    check_hidden(view)
    assert repr(view) == "RummikubGame(players=2, seed=7, level='easy')"


def test_an_opening_of_36_points_is_accepted_K_OPEN_2() -> None:
    view = make(seed=0)
    lay_new_set(view, parse_tiles("K12 R12 O12"))
    assert "accepted" in view.tally
    press(view, "end_turn")
    assert view.feedback["status"] == "ok"
    assert view.game.opened[0] and len(view.game.racks[0]) == 11
    assert [messages.pieces_short(plain(tiles)) for tiles in view.game.table] == [
        "black 12 red 12 orange 12"
    ]
    assert view.mode == "computer" and "press “Next move”" in text(view)
    assert [len(ids) for ids in view.melds] == [3]  # the table shown on the computer's turn
    check_hidden(view)


def test_an_initial_meld_under_30_is_refused_with_the_penalty_K_OPEN_2() -> None:
    view = make()  # seed 7: O5 O6 O7 is a valid run worth only 18
    lay_new_set(view, parse_tiles("O5 O6 O7"))
    assert "penalty" in view.tally and "30" in view.tally
    press(view, "end_turn")
    assert view.feedback["status"] == "bad"
    assert "30" in text(view) and "You drew" in text(view)
    assert view.game.table == () and not view.game.opened[0]
    assert len(view.game.racks[0]) == 14 + 3  # the penalty (K-TURN-3)
    assert view.game.history[-1].rule == "K-TURN-3"  # type: ignore[union-attr]
    assert conserved(view.game)


def test_an_invalid_table_costs_the_penalty_and_the_table_stays_K_TURN_3() -> None:
    view = make()
    lay_new_set(view, parse_tiles("B3 B4"))
    press(view, "end_turn")
    assert view.feedback["status"] == "bad" and "3" in text(view)
    assert view.game.table == () and len(view.game.racks[0]) == 17
    assert view.mode == "computer" and view.melds == []


def test_draw_takes_one_tile_and_names_it_to_the_learner_only() -> None:
    view = make()
    before = Counter(view.game.racks[0])
    press(view, "draw")
    drawn = list((Counter(view.game.racks[0]) - before).elements())
    assert len(drawn) == 1
    assert text(view).startswith(f"You drew {messages.piece_short(drawn[0])}.")
    assert isinstance(view.game.history[-1], Draw) and view.mode == "computer"
    assert len(view.hand_ids) == 15
    check_hidden(view)


def test_ending_an_untouched_turn_is_refused_and_changes_nothing() -> None:
    view = make()
    before = view.game
    press(view, "end_turn")
    assert view.game is before and view.feedback["status"] == "bad"
    assert messages.text("rummikub.ws_untouched") in text(view)


def test_the_hint_ladder_ends_with_the_solvers_answer() -> None:
    view = make(seed=0)
    press(view, "hint")
    assert text(view).startswith("Hint 1 of 3:") and "The 30 points" in text(view)
    assert "rules.ipynb#K-OPEN-" in view.feedback.get("link", "")  # the rule book, not an id
    press(view, "hint")
    assert "30 points" in text(view)
    press(view, "hint")
    assert text(view).startswith("Hint 3 of 3:") and "the 12s (black, red and orange)" in text(view)
    assert view.game.history == ()
    press(view, "draw")
    press(view, "hint")  # not the learner's turn: no hint
    assert text(view) == messages.text("rummy_game.wait", player="Computer 1")


# ---------------------------------------------------------------------------------------------
# the computer's moves, one at a time


def test_computer_moves_come_one_at_a_time_with_what_and_why() -> None:
    view = make()
    press(view, "next")  # not its turn: nothing happens
    assert view.game.history == () and text(view) == messages.text("rummy_game.no_next")
    press(view, "draw")
    assert enabled(view)["next"] and not enabled(view)["end_turn"] and not enabled(view)["draw"]
    moves = len(view.game.history)
    press(view, "next")
    assert len(view.game.history) == moves + 1
    assert text(view).startswith("Computer 1 ") and " Why: " in text(view)
    assert view.mode == "learner" and "Your turn" in text(view)


def test_the_learner_cannot_act_on_the_computers_turn() -> None:
    view = make()
    press(view, "draw")
    before = (view.game, view.hand_ids, view.melds)
    send(view, intent="pick", piece=view.hand_ids[0])
    press(view, "draw")
    press(view, "end_turn")
    assert (view.game, view.hand_ids, view.melds) == before
    assert text(view) == messages.text("rummy_game.wait", player="Computer 1")
    assert view.selected == []
    for zone_button in ("to_rack", "to_new"):  # the zones' own buttons, shown greyed out
        view.feedback = {}
        press(view, zone_button)
        assert text(view) == messages.text("rummy_game.wait", player="Computer 1")
    assert (view.game, view.hand_ids, view.melds) == before and view.ignored == 0


def test_a_computer_opening_names_its_sets_and_points() -> None:
    view = make()
    said = play_out(view)
    openings = [line for line in said if " opened with " in line]
    assert openings and "points" in openings[0]
    assert "its sets reach the 30 points" in openings[0]
    draws = [line for line in said if "drew a tile" in line]
    assert any("it found no sets worth" in line for line in draws)


def test_the_strong_computer_explains_a_play_with_the_solvers_steps() -> None:
    view = make(level="strong", seed=3)
    said = play_out(view)
    plays = [line for line in said if " placed " in line]
    assert plays and all("the solver's best play" in line for line in plays)
    assert view.game.scores is not None and sum(view.game.scores) == 0


def test_pace_is_the_pages_and_bounded() -> None:
    assert make(pace=2.5).pace == 2.5
    for bad in (-1, 61, True, "2"):
        with pytest.raises(RummyTeachError):
            make(pace=bad)
    with pytest.raises(RummyTeachError):
        make(players=5)
    with pytest.raises(RummyTeachError):
        make(level="hard")


# ---------------------------------------------------------------------------------------------
# the turn timer (K-TURN-4): an event the page sends, never a clock


def test_the_pages_time_out_costs_the_penalty_K_TURN_4() -> None:
    view = make(rules=RummikubRules(turn_seconds=60))
    assert view.timer == {"seconds": 60, "button": "timeout_a"}
    assert "60 seconds" in view.tally
    lay_new_set(view, parse_tiles("B3 B4"))
    press(view, "timeout_b")  # another turn's time-out: refused, nothing changes
    assert view.game.history == () and view.ignored == 1
    press(view, "timeout_a")
    assert view.game.history[-1].rule == "K-TURN-4"  # type: ignore[union-attr]
    assert view.feedback["status"] == "bad" and "60 seconds" in text(view)
    assert len(view.game.racks[0]) == 17 and view.game.table == ()
    assert view.timer == {}  # the computer's turn: no clock runs
    press(view, "timeout_a")  # late: nothing happens
    assert len(view.game.history) == 1
    press(view, "next")
    assert view.timer == {"seconds": 60, "button": "timeout_c"}


def test_without_a_timer_a_time_out_does_nothing() -> None:
    view = make()
    press(view, "timeout_a")
    assert view.game.history == () and text(view) == messages.text("rummikub_game.no_timeout")


# ---------------------------------------------------------------------------------------------
# whole games


def test_a_whole_seeded_game_to_its_end_conserves_pieces_and_scores_sum_to_zero() -> None:
    view = make()
    heard: list[RummikubGame] = []
    view.on_success(heard.append)
    said = play_out(view)
    assert heard == [view]  # a lesson hears the game end once
    state = view.game
    assert state.is_over and state.scores is not None and sum(state.scores) == 0
    assert view.feedback["status"] == "solved" and view.solved
    assert view.sheet["rows"] == [["Game 1", *map(str, state.scores)]]
    assert view.sheet["totals"] == ["Total", *map(str, state.scores)]
    assert said and enabled(view)["next_round"] and not enabled(view)["draw"]
    # the same seed and the same learner give the same game; its history replays it exactly
    again = make()
    play_out(again)
    assert again.game.history == state.history
    names = list(state.players)
    replayed = replay(deal(names, state.rules, seed=7), state.history)
    assert replayed.racks == state.racks and replayed.table == state.table
    assert replayed.scores == state.scores


def test_a_finished_game_replays_move_by_move_and_the_next_game_adds_to_the_sheet() -> None:
    view = make()
    play_out(view)
    steps = len(view.timeline) - 1
    assert enabled(view)["back"] and not enabled(view)["forward"]
    press(view, "back")
    assert text(view).startswith(f"Step {steps - 1} of {steps}: ")
    state = view.timeline[steps - 1][0]
    assert len(view.hand_ids) == len(state.racks[0])
    assert len(view.melds) == len(state.table)
    for _ in range(steps + 3):
        press(view, "back")
    assert text(view).startswith(f"Step 0 of {steps}: Game 1 is dealt")
    assert len(view.hand_ids) == 14 and view.melds == [] and not enabled(view)["back"]
    send(view, intent="pick", piece=view.hand_ids[0])  # a replay is only watched
    assert view.selected == []
    for _ in range(steps):
        press(view, "forward")
    assert view.replay is None and not enabled(view)["forward"]
    first = view.game.scores
    press(view, "next_round")
    assert view.mode == "learner" and "Game 2 is dealt" in text(view)
    assert view.game.seed == 8 and view.tally.startswith("Game 2: your turn.")
    play_out(view)
    rows = view.sheet["rows"]
    assert [row[0] for row in rows] == ["Game 1", "Game 2"]
    assert first is not None and view.game.scores is not None
    totals = [a + b for a, b in zip(first, view.game.scores, strict=True)]
    assert view.sheet["totals"] == ["Total", *map(str, totals)] and sum(totals) == 0


def test_three_computers_play_in_turn() -> None:
    view = make(players=4, seed=2)
    press(view, "draw")
    for number in (1, 2, 3):
        assert view.mode == "computer" and view.tally.endswith(f"Computer {number} is playing.")
        press(view, "next")
        assert text(view).startswith(f"Computer {number} ")
    assert view.mode == "learner"
    assert len(view.opponents) == 4
    check_hidden(view)


def test_sort_by_number_or_by_colour() -> None:
    view = make()
    by_colour = list(view.hand_ids)
    press(view, "sort_number")
    numbers = [view.piece(pid).number for pid in view.hand_ids]  # type: ignore[union-attr]
    assert numbers == sorted(numbers) and sorted(view.hand_ids) == sorted(by_colour)
    assert text(view) == messages.text("rummikub_game.sorted_number")
    assert not enabled(view)["sort_number"] and enabled(view)["sort_colour"]
    press(view, "draw")
    press(view, "next")  # the order holds from turn to turn
    numbers = [view.piece(pid).number for pid in view.hand_ids]  # type: ignore[union-attr]
    assert numbers == sorted(numbers)
    press(view, "sort_colour")
    tiles = [view.piece(pid) for pid in view.hand_ids]
    assert tiles == sorted(tiles)


def test_another_game_from_a_numbered_seed() -> None:
    view = make()
    press(view, "draw")
    assert view._deal(11)
    assert view.seed == 11 and view.game.history == () and view.mode == "learner"
    assert view.game.racks == deal(list(view.game.players), view.game.rules, seed=11).racks
    other = make()
    other._deal(11)
    assert other.game == view.game
    with pytest.raises(RummyTeachError):
        view._deal(-1)


def test_a_play_the_learner_builds_is_the_engines_play() -> None:
    view = make(seed=0)
    lay_new_set(view, parse_tiles("K12 R12 O12"))
    press(view, "end_turn")
    move = view.game.history[-1]
    assert isinstance(move, Play) and len(move.placed(())) == 3


# ---------------------------------------------------------------------------------------------
# a computer's move in one sentence


def position(rack: str, table: Sequence[str], *, opened: bool = True) -> RummikubState:
    return from_position(
        ["K1", rack],
        table=table,
        opened=[True, opened],
        current_player=1,
        players=["You", "Computer 1"],
    )


def test_a_split_is_said_with_the_solvers_steps() -> None:
    before = position("B5 R9", ["B3 B4 B5 B6 B7", "K8 R8 O8"])
    said = computer_move_said(before, Play(["B3 B4 B5", "B5 B6 B7", "K8 R8 O8"]), strong=True)
    assert said == (
        "Computer 1 placed blue 5: split blue 3-7 into blue 3-5 and blue 6 blue 7; made blue 5-7 "
        "from blue 5 from its rack and blue 6 blue 7 from blue 3-7. "
        "Why: this is the solver's best play: no other places more tiles."
    )
    assert "red 9" not in said  # the tile it keeps is never named


def test_a_joker_swap_is_said_as_a_swap() -> None:
    """The strong computer swaps red 6 for the joker of red 5-7: said as a swap (K-JOKER-2), not
    as a joker set split up, which K-JOKER-1 forbids."""
    before = position("R6 K10 K11", ["R5 J R7"])
    said = computer_move_said(before, Play(["R5 R6 R7", "K10 K11 J"]), strong=True)
    assert said.startswith(
        "Computer 1 placed its last tiles, black 10, black 11 and red 6: put red 6 in place of the "
        "joker in red 5-7 with a joker and played the freed joker in black 10-12 with a joker; "
        "laid down black 10-12 with a joker."
    )
    assert "split" not in said
    two = position("B9 B10 R1", ["B8 J J"])
    said = computer_move_said(two, Play(["B8 B9 B10", "R1 J J"]), strong=True)
    assert (
        "in place of the 2 jokers in blue 8-10 with 2 jokers and played the freed jokers in "
        in said
    )


def test_a_joker_set_that_lives_on_is_never_said_split() -> None:
    """blue 10-12 with a joker lives on in blue 9-13 with a joker (K-JOKER-1); blue 9-13 gave more
    tiles to that set, but the joker set is the one said to grow, and never to split."""
    before = position("B13 K1", ["B10 J B12", "B9 B10 B11 B12 B13"])
    said = computer_move_said(before, Play(["B9 B10 J B12 B13", "B10 B11 B12 B13"]), strong=True)
    assert "split blue 10-12" not in said
    grew = "grew blue 10-12 with a joker into blue 9-13 with a joker with blue 13 from its rack"
    assert f"{grew} and blue 9 from blue 9-13" in said


def test_joker_carriers_are_the_turn_checks() -> None:
    """joker_carriers says what check_turn found: each joker set's new set, tiles put in, jokers
    freed; () for a turn it refuses."""
    rules = RummikubRules()
    table = [T("K1 K2 K3"), T("R5 J R7")]
    swapped = [T("K1 K2 K3"), T("R5 R6 R7"), T("K10 K11 J")]
    assert joker_carriers(table, swapped, rules) == ((1, 1, tuple(T("R6")), 1),)
    assert joker_carriers(table, [T("R5 J R7 R8"), T("K1 K2 K3")], rules) == ((1, 0, (), 0),)
    assert joker_carriers(table, [T("K1 K2 K3"), T("R5 R7 J")], rules) == ((1, 1, (), 0),)
    assert joker_carriers(table, [T("K1 K2 K3 J"), T("R5 R7 R6")], rules) == (
        (1, 1, tuple(T("R6")), 1),
    )
    broken = [T("K1 K2 K3"), T("R5 K5 J"), T("R7 R8 R9")]  # K-JOKER-1: refused
    assert joker_carriers(table, broken, rules) == ()
    run = [T("R5 R6 R7 R8 R9"), T("J R6 R7")]  # the run lies on the new table as it was
    new = [T("R5 R6 R7 R8 R9"), T("R6 R7 R8"), T("K10 K11 J")]
    assert joker_carriers(run, new, rules)[0][1] == 0  # the first set that holds R6 R7 R8
    assert joker_carriers(run, new, rules, kept={0: 0}) == ((1, 1, tuple(T("R8")), 1),)
    both = RummikubRules(joker_trio_retrieval="both")
    trio = [T("K5 R5 J")]
    assert joker_carriers(trio, [T("R7 R8 J"), T("K5 R5 B5 O5")], both) == (
        (0, 1, tuple(T("B5 O5")), 1),
    )


def test_two_sets_joined_are_both_said() -> None:
    """A computer joining red 2-4 and red 5-7 with red 1 and red 8 says it took all of red 5-7."""
    before = position("R1 R8 K3", ["R2 R3 R4", "R5 R6 R7"])
    said = computer_move_said(before, Play(["R1 R2 R3 R4 R5 R6 R7 R8"]), strong=True)
    assert said.startswith(
        "Computer 1 placed red 1 and red 8: grew red 2-4 into red 1-8 with red 1 red 8 from its rack "
        "and all of red 5-7."
    )


def test_an_opening_and_a_draw_are_said_without_the_rack() -> None:
    before = position("R10 B10 K10 O3", [], opened=False)
    said = computer_move_said(before, Play(["K10 R10 B10"]), strong=False)
    assert said.startswith("Computer 1 opened with the 10s (black, red and blue) for 30 points.")
    drew = computer_move_said(before, Draw(), strong=False)
    assert drew == (
        "Computer 1 drew a tile. Why: it found no sets worth 30 points on its own rack to open with."
    )
    assert "orange 3" not in said + drew


def test_a_random_learner_clicking_anything_never_breaks_the_game() -> None:
    """Random picks, moves, splits, drops and buttons on the learner's turns: the state stays
    the engine's (pieces conserved, racks hidden) and the game still ends."""
    import random

    rng = random.Random(5)
    view = make(seed=4, rules=RummikubRules(turn_seconds=90))
    for _ in range(3000):
        if view.mode == "game_over":
            break
        if view.mode == "computer":
            press(view, "next")
            continue
        choice = rng.random()
        pieces = list(view.hand_ids) + [pid for ids in view.melds for pid in ids]
        # "another" deals a fresh game: the game would never end (it has its own test)
        buttons = [spec["id"] for spec in view.buttons if spec["id"] != "another"]
        buttons += [zone["action"]["id"] for zone in view.zones if zone.get("action")]
        if choice < 0.45 and pieces:
            send(view, intent="pick", piece=rng.choice(pieces))
        elif choice < 0.6 and pieces:
            zones = [zone["id"] for zone in view.zones]
            send(view, intent="drop", piece=rng.choice(pieces), on=rng.choice(zones))
        elif choice < 0.97:
            press(view, rng.choice(buttons))
        else:
            press(view, view.timer["button"])
        assert conserved(view.game)
        check_hidden(view)
    assert view.mode == "game_over" and view.game.scores is not None
    assert sum(view.game.scores) == 0
