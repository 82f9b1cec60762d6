"""Declared jokers and the growth of sets holding a joker, everywhere they show.

Notation (``J=R4``, ``*=4H`` with cards), moves and their JSON, the turn check, the workspace,
saves, pictures, bots and the solver; under both K-JOKER-1 rules (``joker_set_growth``).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rummy_teach import IllegalMoveError, RummikubRules, Tile, svg
from rummy_teach.errors import NotationError, RulesError
from rummy_teach.pieces import format_pieces, parse_tiles
from rummy_teach.rules import rules_from_key
from rummy_teach.rummikub import (
    NEW,
    RACK,
    Draw,
    Play,
    RummikubState,
    TurnWorkspace,
    check_turn,
    deal,
    from_position,
    full_set,
    load,
    parse_move,
)
from rummy_teach.rummikub.bots import RummikubBot, greedy_table
from rummy_teach.rummikub.moves import move_from_json, move_to_json
from rummy_teach.rummikub.random_player import RandomPlayer
from rummy_teach.rummikub.sets import (
    JOKER,
    joker_stands,
    plain,
    set_verdict,
    swap_options,
    swapped,
)
from rummy_teach.rummikub.tiles import format_rummikub, parse_rummikub
from rummy_teach.solver import best_opening, best_play

T = parse_tiles
ENDS = RummikubRules()
SLIDE = RummikubRules(joker_set_growth="slide")
CARDS = RummikubRules(pieces="cards")


def stands(tiles: tuple[Tile, ...] | list[Tile]) -> list[str]:
    """What each joker of a set records, as notation."""
    return [str(tile.stands) for tile in tiles if tile.is_joker]


# ---------------------------------------------------------------------------------------------
# notation


def test_a_declared_joker_reads_and_writes_back() -> None:
    """K-MELD-5: ``J=R4`` is a joker standing for R4; it prints back and still equals a joker."""
    tiles = T("J=R4 r5 R6 *=b13 J")
    assert format_pieces(tiles) == "J=R4 R5 R6 J=B13 J"
    assert tiles[0] == JOKER and hash(tiles[0]) == hash(JOKER)
    assert tiles[0].stands == Tile.parse("R4") and tiles[4].stands is None
    assert Tile.parse("j=o7") == JOKER and str(Tile.parse("j=o7")) == "J=O7"
    assert eval(repr(tiles[0]), {"Tile": Tile}).stands == Tile.parse("R4")
    assert Counter(tiles)[JOKER] == 3


@pytest.mark.parametrize("bad", ["J=R0", "J=R14", "R4=R5", "J=J", "J=", "J=R4=R5", "X=R4"])
def test_a_bad_declaration_names_its_token(bad: str) -> None:
    """K-MELD-5: a declaration that is no joker standing for a numbered tile names the token."""
    with pytest.raises(NotationError) as caught:
        T(f"R5 R6 {bad}")
    assert caught.value.token == bad and caught.value.position == 3
    assert repr(bad) in str(caught.value) and "J=R4" in str(caught.value)


def test_a_tile_other_than_a_joker_cannot_stand_for_anything() -> None:
    """K-MELD-5: only a joker stands for another tile, and only for a numbered one."""
    with pytest.raises(NotationError):
        Tile(5, Tile.parse("R5").colour, Tile.parse("R6"))
    with pytest.raises(NotationError):
        Tile.joker(JOKER)


def test_card_notation_declares_jokers_too() -> None:
    """K-CARDS-1, K-MELD-5: under ``pieces="cards"`` a joker standing for 4H is ``*=4H``."""
    tiles = parse_rummikub("*=4H 5H 6H *", CARDS)
    assert tiles[0].stands == Tile.parse("R4") and tiles[3].stands is None
    assert format_rummikub(tiles, CARDS) == "*=4H 5H 6H *"
    for bad in ("*=ZZ", "4H=5H", "*="):
        with pytest.raises(NotationError) as caught:
            parse_rummikub(f"5H {bad}", CARDS)
        assert caught.value.token == bad


def test_plays_keep_declarations_in_notation_and_json() -> None:
    """K-MELD-5: ``Play`` keeps each set's order and its jokers' declarations, in and out."""
    play = Play.parse("play J=R4 R5 R6 | K9 R9 J")
    assert str(play) == "play J=R4 R5 R6 | K9 R9 J"
    assert stands(play.table[0]) == ["R4"]
    again = parse_move(str(play))
    assert isinstance(again, Play) and str(again) == str(play)
    record = move_to_json(play)
    assert record == {"play": ["J=R4 R5 R6", "K9 R9 J"]}
    back = move_from_json(json.loads(json.dumps(record)))
    assert isinstance(back, Play) and str(back) == str(play)
    cards = Play.parse("*=4H 5H 6H", CARDS)
    assert cards.notation(CARDS) == "play *=4H 5H 6H"
    assert stands(cards.table[0]) == ["R4"]


# ---------------------------------------------------------------------------------------------
# the table remembers what a joker stands for (K-MELD-5, K-JOKER-2)


def test_a_joker_laid_as_r4_stays_r4_and_r4_frees_it() -> None:
    """K-MELD-5, K-JOKER-2: laid as R4 in ``J=R4 R5 R6``, the joker stands for R4 on the table
    (not R7, the convention's reading), so R4 from the rack swaps it out and R7 does not."""
    state = from_position(["J R5 R6 K1", "K13 R4 R7 K9 B9"], opened=[True, True])
    state = state.apply(Play.parse("J=R4 R5 R6"))
    assert str(state.table[0][0]) == "J=R4"
    assert swap_options(state.table[0], ENDS) == [(1, (Tile.parse("R4"),))]
    assert state.check(Play.parse("R4 R5 R6 | K9 B9 J")).ok
    wrong = state.check(Play.parse("R5 R6 R7 | K9 B9 J"))
    assert not wrong.ok and wrong.rule == "K-JOKER-2" and "red 4" in wrong.message
    after = state.apply(Play.parse("R4 R5 R6 | K9 B9 J"))
    assert stands(after.table[1]) == ["R9"] or stands(after.table[1]) == ["O9"]


def test_an_undeclared_joker_keeps_the_reading_convention() -> None:
    """K-MELD-5, K-JOKER-2: ``J R5 R6`` reads R5-R6-R7, so R7 frees its joker."""
    state = from_position(["K1", "R7 K9 B9"], table=["J R5 R6"], opened=[True, True])
    assert stands(state.table[0]) == ["R7"]
    state = state.apply(Draw())
    assert state.check(Play.parse("R5 R6 R7 | K9 B9 J")).ok


def test_a_declaration_that_does_not_fit_is_refused_naming_the_joker() -> None:
    """K-MELD-5: J=R9 in R5 R6 does not fit: a verdict (turn), an error (apply, set-up)."""
    verdict = check_turn([], [T("J=R9 R5 R6")], T("J R5 R6"), opened=True, rules=ENDS)
    assert not verdict.ok and verdict.rule == "K-MELD-5"
    assert verdict.reason == "rummikub.joker_misfit" and "red 9" in verdict.message
    state = from_position(["J R5 R6 K1", "K13"], opened=[True, False])
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Play.parse("J=R9 R5 R6"))
    assert caught.value.rule == "K-MELD-5"
    with pytest.raises(RulesError) as refused:
        from_position(["K1", "K2"], table=["J=R9 R5 R6"])
    assert "J=R9" in str(refused.value) and "K-MELD-5" in str(refused.value)
    assert not set_verdict(T("J=R9 R5 R6"), ENDS).ok


def test_a_declared_joker_counts_what_it_stands_for_in_an_opening() -> None:
    """K-OPEN-2, K-MELD-5: J=R9 R10 R11 is worth 30, R10 R11 J (R12) 33."""
    rules = RummikubRules(initial_meld_points=31)
    low = check_turn([], [T("J=R9 R10 R11")], T("J R10 R11"), opened=False, rules=rules)
    assert not low.ok and low.points == 30
    assert check_turn([], [T("R10 R11 J")], T("J R10 R11"), opened=False, rules=rules).ok


# ---------------------------------------------------------------------------------------------
# K-JOKER-1: a set holding a joker grows only at its ends


def test_the_jokers_of_a_run_may_not_move_to_its_middle() -> None:
    """K-JOKER-1 (ends): R7 J J (R7-R9) + R2 R3 R5 as R2 R3 J R5 J R7 moves both jokers: refused,
    naming the joker and the rule; under ``"slide"`` it is accepted (jokers read anew)."""
    old, new, rack = [T("R7 J J")], [T("R2 R3 J R5 J R7")], T("R2 R3 R5")
    verdict = check_turn(old, new, rack, opened=True, rules=ENDS)
    assert not verdict.ok and verdict.rule == "K-JOKER-1"
    assert verdict.reason == "rummikub.joker_moved" and "red 8" in verdict.message
    assert check_turn(old, new, rack, opened=True, rules=SLIDE).ok
    state = from_position(["R2 R3 R5 K1", "K13"], table=["R7 J J"], opened=[True, True])
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Play(new))
    assert caught.value.rule == "K-JOKER-1"


@pytest.mark.parametrize(
    ("old", "new", "rack"),
    [
        ("R7 J J", "R6 R7 J J", "R6"),
        ("R7 J J", "R7 J J R10", "R10"),
        ("R7 J J", "R5 R6 R7 J J R10 R11", "R5 R6 R10 R11"),
        ("J=R4 R5 R6", "J=R4 R5 R6 R7", "R7"),
        ("J=R4 R5 R6", "R2 R3 J=R4 R5 R6", "R2 R3"),
        ("R5 B5 J", "R5 B5 K5 J", "K5"),
        ("R5 B5 J=O5", "R5 B5 O5 J", "O5"),
    ],
)
def test_a_joker_set_may_grow_at_its_ends(old: str, new: str, rack: str) -> None:
    """K-JOKER-1 (ends): a run grows beyond its jokers, a group by a missing colour (its jokers
    standing for whichever colours are still missing)."""
    assert check_turn([T(old)], [T(new)], T(rack), opened=True, rules=ENDS).ok


def test_a_run_joker_that_would_slide_is_refused_but_a_swap_is_not() -> None:
    """K-JOKER-1, K-JOKER-2 (ends): R4 in J=R4 R5 R6 is a swap, the joker then at the top."""
    old = [T("J=R4 R5 R6")]
    assert check_turn(old, [T("R4 R5 R6 J")], T("R4"), opened=True, rules=ENDS).ok
    moved = check_turn(old, [T("R5 R6 R7 J")], T("R7"), opened=True, rules=ENDS)
    assert not moved.ok and moved.rule == "K-JOKER-1" and "red 4" in moved.message
    assert check_turn(old, [T("R5 R6 R7 J")], T("R7"), opened=True, rules=SLIDE).ok


def test_one_of_two_jokers_swapped_out_leaves_the_other_in_place() -> None:
    """K-JOKER-1, K-JOKER-2 (ends): R8 frees R7 J J's first joker; the other stays R9."""
    old = [T("R7 J J")]
    assert check_turn(old, [T("R7 R8 J"), T("K9 B9 J")], T("R8 K9 B9"), opened=True, rules=ENDS).ok
    shifted = check_turn(
        old, [T("R6 R7 R8 J"), T("K9 B9 J")], T("R6 R8 K9 B9"), opened=True, rules=ENDS
    )
    assert shifted.ok  # R6 R7 R8 J: the joker still stands for R9


def test_the_workspace_follows_the_switch() -> None:
    """K-JOKER-1: in the workspace, tiles moved into R7 J J's middle are refused at the end
    under ``"ends"`` (the K-TURN-3 penalty), played under ``"slide"``; one at an end is fine."""
    for rules, ok in ((ENDS, False), (SLIDE, True)):
        state = from_position(
            ["R2 R3 R5 K1", "K13"], table=["R7 J J"], opened=[True, True], rules=rules
        )
        turn = TurnWorkspace.start(state)
        for tile in ("R5", "R3", "R2"):
            turn = turn.move(tile, RACK, 1)
        assert turn.verdict().ok is ok
        result = turn.end()
        assert result.penalty is not ok
        if not ok:
            assert result.verdict.rule == "K-JOKER-1"
    state = from_position(["R10 K1", "K13"], table=["R7 J J"], opened=[True, True])
    turn = TurnWorkspace.start(state).move("R10", RACK, 1)
    assert turn.sets == (tuple(T("R7 J J R10")),)
    assert stands(turn.sets[0]) == ["R8", "R9"]
    assert turn.end().verdict.ok


def test_the_workspace_lays_a_declared_joker_where_it_is_declared() -> None:
    """K-MELD-5: a joker moved as ``J=R4`` stands for R4; a misfit is a problem of its set."""
    state = from_position(["J R5 R6 K1", "K13"], opened=[True, False])
    turn = TurnWorkspace.start(state).move("R5", RACK, NEW).move("R6", RACK, 1)
    declared = turn.move("J=R4", RACK, 1)
    assert format_pieces(declared.sets[0]) == "J=R4 R5 R6" and declared.problems() == ()
    assert declared.end().state.table == (tuple(T("J R5 R6")),)
    wrong = turn.move("J=R9", RACK, 1)
    assert [problem.number for problem in wrong.problems()] == [1]
    assert not wrong.verdict().ok and wrong.verdict().rule == "K-MELD-5"


def test_bots_grow_a_joker_set_only_at_its_ends() -> None:
    """K-JOKER-1: the beginner bot adds R10 beyond R7 J J's jokers, never R6's duplicate inside."""
    table = [T("R7 J=R8 J=R9")]
    assert greedy_table(T("R10"), table, ENDS, opened=True) == (tuple(T("R10 R7 J J")),)
    assert greedy_table(T("R8"), table, ENDS, opened=True) is None


# ---------------------------------------------------------------------------------------------
# the solver's answer says what each joker stands for


def test_the_solvers_sets_carry_what_each_joker_stands_for() -> None:
    """K-MELD-5, K-JOKER-1: every joker of a solution's table records its stand-in, and under
    ``"ends"`` the old jokers keep theirs."""
    play = best_play(T("R6 R10"), [T("R7 J J")], ENDS)
    assert play.tiles == 2
    (grown,) = play.table
    assert stands(grown) == ["R8", "R9"]
    assert check_turn([T("R7 J J")], play.table, T("R6 R10"), opened=True, rules=ENDS).ok
    opening = best_opening(T("R10 R11 J K1"), ENDS)
    assert opening is not None
    assert [stands(tiles) for tiles in opening.table if JOKER in tiles] == [["R12"]]


def test_the_solver_frees_a_joker_and_lays_it_at_an_end_of_its_own_set() -> None:
    """K-JOKER-1, K-JOKER-2 (ends): O4 frees O2 O3 J O5's joker, which comes back beyond O5."""
    rules = RummikubRules(jokers=4)
    old = [T("O2 O3 J O5")]
    play = best_play(T("O4 K2 K7"), old, rules)
    assert play.tiles == 1
    assert check_turn(old, play.table, T("O4 K2 K7"), opened=True, rules=rules).ok


# ---------------------------------------------------------------------------------------------
# saves, pictures, rules


def test_saves_keep_declarations_and_replay_them() -> None:
    """K-MELD-5: a saved game writes ``J=R4`` and replays to the same table, declarations too."""
    state = from_position(["J R5 R6 K1 R4", "K13 B9 K9"], opened=[True, True])
    state = state.apply(Play.parse("J=R4 R5 R6"))
    saved = state.to_json()
    assert "J=R4 R5 R6" in saved
    again = load(saved)
    assert again == state
    assert [format_pieces(tiles) for tiles in again.table] == ["J=R4 R5 R6"]


def test_an_old_save_without_declarations_still_loads() -> None:
    """K-JOKER-1: a save from before tables remembered jokers replays with jokers read anew."""
    state = from_position(
        ["R2 R3 R5 K1", "K13"], table=["R7 J J"], opened=[True, True], rules=SLIDE
    )
    state = state.apply(Play.parse("R2 R3 J R5 J R7"))
    record = json.loads(state.to_json())
    record["rules"] = "rummikub"
    del record["jokers_stand"]
    record["moves"] = [{"play": ["R2 R3 J R5 J R7"]}]
    old = load(json.dumps(record))
    assert old.rules.joker_set_growth == "slide"
    assert [format_pieces(tiles) for tiles in old.table] == ["R2 R3 J=R4 R5 J=R6 R7"]


def test_a_picture_shows_what_a_joker_stands_for() -> None:
    """K-MELD-5: the joker's face shows a small R4 and its name says so."""
    picture = svg.meld_svg(T("J=R4 R5 R6"))
    assert 'class="rt-joker-stands"' in picture and ">R4</text>" in picture
    assert "joker as red 4" in picture
    plain_picture = svg.meld_svg(T("J R5 R6"))
    assert "rt-joker-stands" not in plain_picture
    state = from_position(["K1", "K2"], table=["R5 R6 J"])
    assert ">R7</text>" in svg.table_svg(state.table)


def test_the_growth_rule_is_a_rules_setting() -> None:
    """K-JOKER-1: ``joker_set_growth`` is ``"ends"`` by default, ``"slide"`` in the key."""
    assert ENDS.joker_set_growth == "ends" and ENDS.key == "rummikub"
    assert SLIDE.key == "rummikub:joker_set_growth=slide"
    assert rules_from_key(SLIDE.key) == SLIDE
    with pytest.raises(RulesError):
        RummikubRules(joker_set_growth="middle")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# whole games under both rules


def _check_invariants(state: RummikubState) -> None:
    """Every tile once (K-SET-1); every table set valid, each joker recording a fitting tile."""
    count: Counter[Tile] = Counter(state.pool)
    for rack in state.racks:
        count.update(rack)
        assert all(tile.stands is None for tile in rack)
    for tiles in state.table:
        count.update(tiles)
        assert set_verdict(tiles, state.rules).ok
        told = [tile.stands for tile in tiles if tile.is_joker]
        assert None not in told and joker_stands(tiles, state.rules) == tuple(told)
    assert count == Counter(full_set(state.rules))


@pytest.mark.parametrize("growth", ["ends", "slide"])
@pytest.mark.parametrize("seed", [3, 8, 21])
def test_bot_games_keep_every_tile_and_a_valid_table(growth: str, seed: int) -> None:
    """K-SET-1, K-MELD-1, K-JOKER-1: seeded games of the random player, the easy bot and (for a
    few turns) the strong bot, four jokers, under either rule: tiles kept, tables valid, and every
    move the engine's own check accepts; the game replays from its save."""
    rules = RummikubRules(jokers=4, joker_set_growth=growth)  # type: ignore[arg-type]
    state = deal(3, rules, seed=seed)
    players = [RandomPlayer(seed), RummikubBot("easy"), RandomPlayer(seed + 1)]
    strong = RummikubBot("strong")
    rng = random.Random(seed)
    for turn in range(150):
        if state.is_over:
            break
        player = strong if turn % 9 == 8 and rng.random() < 0.5 else players[state.current_player]
        move = player.choose(state)
        if isinstance(move, Play):
            assert state.check(move).ok
        state = state.apply(move)
        _check_invariants(state)
    assert load(state.to_json()) == state
    assert all(
        plain(tiles) == plain(again)
        for tiles, again in zip(state.table, load(state.to_json()).table, strict=True)
    )


def test_a_set_written_again_unchanged_keeps_its_declared_joker() -> None:
    """K-MELD-5, K-JOKER-1: ``J R5 R6`` written for the table's ``J=R4 R5 R6`` is that set."""
    state = from_position(
        ["K1 K2 K3 K4", "K13"], table=["J=R4 R5 R6"], opened=[True, False], rules=ENDS
    )
    after = state.apply(Play.parse("J R5 R6 | K1 K2 K3 K4"))
    assert str(after.table[0][0]) == "J=R4"


def test_the_workspace_never_declares_a_joker_itself() -> None:
    """K-MELD-5: a set built this turn as R5 R6 J lays its joker at R7 but does not pin it there,
    so R7 from the rack still joins (the joker then read as R8 or R4)."""
    state = from_position(["J R5 R6 R7 K1", "K13"], opened=[True, False])
    turn = TurnWorkspace.start(state).move("R5", RACK, NEW).move("R6", RACK, 1)
    turn = turn.move("J", RACK, 1)
    assert format_pieces(turn.sets[0]) == "R5 R6 J"
    turn = turn.move("R7", RACK, 1)
    assert turn.problems() == () and turn.verdict().ok
    assert format_pieces(turn.end().state.table[0]) in ("R5 R6 R7 J=R8", "J=R4 R5 R6 R7")


def test_a_refusal_names_each_joker_of_the_set_with_what_it_stands_for() -> None:
    """From red 7-8-9 held by two jokers, moving them inward is refused naming each joker's tile."""
    rules = RummikubRules()
    state = from_position(["R2 R3 R5 B1 B2 B9", "K1 K2 K3"], table=["R7 J J"], opened=[True, True])
    result = state.end_turn(Play.parse("R2 R3 J R5 J R7", rules))
    assert result.verdict.rule == "K-JOKER-1"
    assert "The set red 7, joker (red 8), joker (red 9) holds a joker" in result.verdict.message


def test_a_trio_joker_freed_by_both_tiles_leaves_a_group_of_four() -> None:
    """K-JOKER-4 (``joker_trio_retrieval="both"``): K11 and O11 free the joker of R11 B11 J; the
    group left holds both (``swapped`` dropped the second, and the random player then failed)."""
    both = RummikubRules(joker_trio_retrieval="both")
    left = swapped(parse_tiles("R11 B11 J"), parse_tiles("K11 O11"), both)
    assert sorted(left) == sorted(parse_tiles("R11 B11 K11 O11"))
    assert swapped(parse_tiles("R11 B11 J"), parse_tiles("K11"), RummikubRules()) == tuple(
        parse_tiles("R11 B11 K11")
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_games_under_both_keep_every_tile(seed: int) -> None:
    """The random player's joker swaps under ``"both"`` keep every tile and a valid table."""
    rules = RummikubRules(joker_trio_retrieval="both")
    state = deal(2, rules, seed=seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 100)]
    for _turn in range(120):
        if state.is_over:
            break
        state = state.apply(players[state.current_player].choose(state))
        _check_invariants(state)
