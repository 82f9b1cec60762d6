"""check_turn: the one judgement of a proposed Rummikub table (K-MELD, K-OPEN, K-TURN, K-JOKER)."""

from __future__ import annotations

import pytest

from rummy_teach import RummikubRules, messages, parse_tiles
from rummy_teach.melds import Verdict
from rummy_teach.pieces import Tile
from rummy_teach.rummikub import check_turn
from rummy_teach.rummikub.sets import in_reading_order, swap_options

RULES = RummikubRules()
BOTH = RummikubRules(joker_trio_retrieval="both")


def table(text: str) -> list[list[Tile]]:
    """Sets in notation separated by ``|``."""
    return [parse_tiles(part) for part in text.split("|") if part.strip()]


def judge(
    old: str, new: str, rack: str, *, opened: bool = True, rules: RummikubRules = RULES
) -> Verdict:
    return check_turn(table(old), table(new), parse_tiles(rack), opened=opened, rules=rules)


def refused(verdict: Verdict, reason: str, rule: str) -> None:
    assert not verdict.ok, verdict.message
    assert (verdict.reason, verdict.rule) == (reason, rule), verdict.message
    assert messages.CATALOG[reason]  # the reason has its own message
    assert verdict.message[:1].isupper()


# --- K-OPEN-2: the three worked examples in RULES.md, and the threshold


def test_three_tens_make_30() -> None:
    """K-OPEN-2: three 10s = 30 opens."""
    verdict = judge("", "K10 R10 B10", "K10 R10 B10 O3", opened=False)
    assert verdict.ok and verdict.points == 30


def test_red_11_12_13_make_36() -> None:
    """K-OPEN-2: red 11-12-13 = 36 opens."""
    verdict = judge("", "R11 R12 R13", "R11 R12 R13", opened=False)
    assert verdict.ok and verdict.points == 36


def test_joker_standing_for_12_is_worth_12() -> None:
    """K-OPEN-2: a joker standing for 12 is worth 12 (R10 R11 J = 33; not 30, not 0)."""
    verdict = judge("", "R10 R11 J", "R10 R11 J", opened=False)
    assert verdict.ok and verdict.points == 33
    low = judge("", "K3 R3 J", "K3 R3 J", opened=False)  # a joker is not worth 30 here
    refused(low, "rummikub.open_short", "K-OPEN-2")
    assert low.points == 9


def test_29_points_refused() -> None:
    """K-OPEN-2: an opening of 29 points is refused and says how much is missing."""
    verdict = judge("", "K1 K2 K3 | R7 B7 O7 | B1 B2", "K1 K2 K3 R7 B7 O7 B1 B2", opened=False)
    refused(verdict, "rummikub.bad_set", "K-MELD-3")
    verdict = judge(
        "", "K1 K2 K3 | R7 B7 O7 | O1 O2 O3", "K1 K2 K3 R7 B7 O7 O1 O2 O3", opened=False
    )
    assert verdict.ok and verdict.points == 6 + 21 + 6  # several sets add up
    verdict = judge("", "K5 K6 K7 K8 | R1 B1 O1", "K5 K6 K7 K8 R1 B1 O1", opened=False)
    refused(verdict, "rummikub.open_short", "K-OPEN-2")
    assert verdict.points == 29
    assert "1 short of the 30" in verdict.message


def test_initial_meld_points_variant() -> None:
    """K-OPEN-2 variant ``initial_meld_points``: 29 opens at 25, 30 fails at 40."""
    rules = RummikubRules(initial_meld_points=25)
    assert judge("", "K5 K6 K7 K8 | R1 B1 O1", "K5 K6 K7 K8 R1 B1 O1", opened=False, rules=rules).ok
    high = RummikubRules(initial_meld_points=40)
    verdict = judge("", "K10 R10 B10", "K10 R10 B10", opened=False, rules=high)
    refused(verdict, "rummikub.open_short", "K-OPEN-2")


def test_opening_using_a_table_tile_refused() -> None:
    """K-OPEN-2: every tile of the initial meld comes from the rack; a table tile is refused."""
    verdict = judge("K7 R7 B7 O7", "K7 B7 O7 | R7 R8 R9 R10 R11", "R8 R9 R10 R11", opened=False)
    refused(verdict, "rummikub.open_table_tile", "K-OPEN-2")
    assert "red 7" in verdict.message


def test_no_adding_to_table_before_opening() -> None:
    """K-OPEN-1: before the initial meld a player may not add to a set on the table."""
    verdict = judge("R1 R2 R3", "R1 R2 R3 R4 | K10 R10 B10", "R4 K10 R10 B10", opened=False)
    refused(verdict, "rummikub.open_touched", "K-OPEN-1")
    assert judge("R1 R2 R3", "R1 R2 R3 R4", "R4", opened=True).ok


def test_no_rearranging_in_the_opening_turn() -> None:
    """K-OPEN-4: rearranging the table starts only after the initial meld."""
    verdict = judge(
        "R1 R2 R3 R4 R5 R6", "R1 R2 R3 | R4 R5 R6 | K10 R10 B10", "K10 R10 B10", opened=False
    )
    refused(verdict, "rummikub.open_rearranged", "K-OPEN-4")
    untouched = judge(
        "R1 R2 R3 R4 R5 R6", "R1 R2 R3 R4 R5 R6 | K10 R10 B10", "K10 R10 B10", opened=False
    )
    assert untouched.ok


def test_after_opening_one_tile_is_enough() -> None:
    """K-OPEN-4: from the turn after the initial meld a turn may add a single tile."""
    assert judge("K10 R10 B10", "K10 R10 B10 O10", "O10 K1", opened=True).ok
    refused(
        judge("K10 R10 B10", "K10 R10 B10 O10", "O10 K1", opened=False),
        "rummikub.open_touched",
        "K-OPEN-1",
    )


# --- K-TURN, K-MELD


def test_splitting_a_run_to_make_room() -> None:
    """K-TURN-1: after opening, split R3..R8 to fit a second red 5 in."""
    verdict = judge("R3 R4 R5 R6 R7 R8", "R3 R4 R5 | R5 R6 R7 R8", "R5 K2", opened=True)
    assert verdict.ok, verdict.message
    assert verdict.pieces == (Tile.parse("R5"),)


def test_moving_tiles_between_sets() -> None:
    """K-TURN-1: take a 4th tile from a group to build a new run with rack tiles."""
    verdict = judge("K5 R5 B5 O5", "K5 R5 B5 | O5 O6 O7", "O6 O7")
    assert verdict.ok, verdict.message


def test_table_tile_may_not_leave_the_table() -> None:
    """K-TURN-1: tiles on the table stay on it (nothing taken back to the rack)."""
    verdict = judge("K5 R5 B5 O5", "K5 R5 B5 | K9 K10 K11", "K9 K10 K11")
    refused(verdict, "rummikub.table_tile_missing", "K-TURN-1")
    assert "orange 5" in verdict.message.lower()


def test_must_add_a_rack_tile() -> None:
    """K-TURN-2: a playing turn adds a rack tile; rearranging alone is not a turn."""
    verdict = judge("R3 R4 R5 R6 R7 R8", "R3 R4 R5 | R6 R7 R8", "K1")
    refused(verdict, "rummikub.nothing_played", "K-TURN-2")


def test_played_tiles_must_be_on_the_rack() -> None:
    """K-TURN-2: a tile that is on neither the old table nor the rack cannot appear."""
    verdict = judge("R3 R4 R5", "R3 R4 R5 R6", "K1")
    refused(verdict, "rummikub.not_on_rack", "K-TURN-2")
    verdict = judge(
        "R3 R4 R5", "R3 R4 R5 R6 | R6 K6 B6", "R6 K6 B6"
    )  # red 6 twice, one on the rack
    refused(verdict, "rummikub.not_on_rack", "K-TURN-2")


@pytest.mark.parametrize(
    ("new", "rule"),
    [
        ("R3 R4 R5 | K9 K10", "K-MELD-3"),
        ("R3 R4 R5 | K9 R9 R9", "K-MELD-2"),
        ("R3 R4 R5 | K12 K13 K1", "K-MELD-3"),
    ],
)
def test_every_set_valid_at_end(new: str, rule: str) -> None:
    """K-MELD-1 (with K-MELD-2, K-MELD-3): any invalid set refuses the turn and is named."""
    rack = " ".join(str(t) for part in table(new)[1:] for t in part)
    verdict = judge("R3 R4 R5", new, rack)
    refused(verdict, "rummikub.bad_set", rule)
    assert verdict.message.startswith("Set 2 (")


def test_and_5_joker_in_a_new_set() -> None:
    """K-MELD-4, K-MELD-5: a joker may fill a gap in a played run."""
    assert judge("K10 R10 B10", "K10 R10 B10 | O4 J O6", "O4 J O6").ok


# --- jokers on the table


def test_joker_set_may_grow() -> None:
    """K-JOKER-1: a set holding a joker may be extended."""
    assert judge("B9 J B11", "B9 J B11 B12", "B12").ok
    assert judge("K5 R5 J", "K5 R5 J O5", "O5").ok


def test_a_run_holding_jokers_stays_a_run() -> None:
    """K-JOKER-1: R5 J J (red 5-6-7) may not become the group R5 K5 J J: its jokers are fixed."""
    verdict = judge("R5 J J", "R5 K5 J J", "K5")
    refused(verdict, "rummikub.joker_set_broken", "K-JOKER-1")
    assert judge("R5 J J", "R5 J J R8", "R8").ok


def test_joker_set_may_not_lose_a_tile() -> None:
    """K-JOKER-1: no tile may be taken from a set while a joker is in it."""
    verdict = judge("B8 B9 J B11", "B8 B9 J | B11 B12 B13", "B12 B13")
    refused(verdict, "rummikub.joker_set_broken", "K-JOKER-1")
    assert "blue 8, blue 9, joker (blue 10), blue 11" in verdict.message
    # the same move without the joker is fine (K-TURN-1)
    assert judge("B8 B9 B10 B11", "B8 B9 B10 | B11 B12 B13", "B12 B13").ok


def test_swap_and_reuse_in_the_same_turn() -> None:
    """K-JOKER-2: replace the joker by the tile it stands for, and play the joker again at once."""
    verdict = judge("B9 J B11", "B9 B10 B11 | K12 O12 J", "B10 K12 O12")
    assert verdict.ok, verdict.message
    verdict = judge("B9 J B11", "B9 B10 B11 B12 J", "B10 B12")  # table B9 J B11, rack B10 B12
    assert verdict.ok, verdict.message


def test_only_the_stand_in_frees_a_joker() -> None:
    """K-JOKER-2: a joker is freed only by the tile it stands for."""
    verdict = judge("R3 R4 J", "R2 R3 R4 | J K9 K10", "R2 K9 K10")
    refused(verdict, "rummikub.joker_not_replaced", "K-JOKER-2")
    assert "red 5" in verdict.message


def test_stand_in_must_come_from_the_rack() -> None:
    """K-JOKER-2: the tile that frees a joker comes from the rack, not from another table set."""
    verdict = judge("R3 R4 J | K5 B5 O5 R5", "R3 R4 R5 | K5 B5 O5 J | K1 K2 K3", "K1 K2 K3")
    refused(verdict, "rummikub.joker_stand_in_from_table", "K-JOKER-2")


def test_freed_joker_may_not_go_to_the_rack() -> None:
    """K-JOKER-3: a freed joker never goes to a rack."""
    verdict = judge("B9 J B11", "B9 B10 B11", "B10")
    refused(verdict, "rummikub.joker_to_rack", "K-JOKER-3")


def test_either_missing_colour_frees_a_trio_joker() -> None:
    """K-JOKER-4 default ``either``: in R5 B5 J, a black 5 (or an orange 5) frees the joker."""
    assert judge("R5 B5 J", "R5 B5 K5 | J O6 O7", "K5 O6 O7").ok
    assert judge("R5 B5 J", "R5 B5 O5 | K6 K7 J", "O5 K6 K7").ok


def test_both_colours_needed_with_variant() -> None:
    """K-JOKER-4 ``both``: one missing colour is not enough; both together free the joker."""
    verdict = judge("R5 B5 J", "R5 B5 K5 | J O6 O7", "K5 O6 O7", rules=BOTH)
    refused(verdict, "rummikub.joker_trio_both", "K-JOKER-4")
    assert "black 5 and orange 5" in verdict.message
    assert judge("R5 B5 J", "R5 B5 K5 O5 | J O6 O7", "K5 O5 O6 O7", rules=BOTH).ok
    # a group of three tiles and a joker is not a trio: its one missing colour frees it
    assert judge("R5 B5 K5 J", "R5 B5 K5 O5 | J O6 O7", "O5 O6 O7", rules=BOTH).ok


def test_stand_ins_follow_the_reading() -> None:
    """K-MELD-5: a table joker stands for what check_meld reads (gap first, else upwards)."""
    assert swap_options(parse_tiles("B9 J B11"), RULES) == [(1, (Tile.parse("B10"),))]
    assert swap_options(parse_tiles("R12 R13 J"), RULES) == [(1, (Tile.parse("R11"),))]
    assert in_reading_order(parse_tiles("J R12 R13"), RULES) == tuple(parse_tiles("J R12 R13"))
    assert in_reading_order(parse_tiles("R5 J R6"), RULES) == tuple(parse_tiles("R5 R6 J"))


def test_check_turn_rejects_non_tiles() -> None:
    """Programming errors raise, learner mistakes never do."""
    from rummy_teach.errors import RulesError

    with pytest.raises(RulesError):
        check_turn([], ["R5 R6 R7"], [], opened=True, rules=RULES)  # type: ignore[list-item]


def test_jokers_per_set_follow_the_jokers_variant() -> None:
    """K-MELD-5 and K-SET-1 ``jokers=4``: a set holds at most as many jokers as the game has."""
    verdict = judge("", "R5 J J J", "R5 J J J", opened=True)
    refused(verdict, "rummikub.bad_set", "K-MELD-5")
    assert judge("", "R5 J J J", "R5 J J J", opened=True, rules=RummikubRules(jokers=4)).ok


def test_each_tile_in_one_set_only() -> None:
    """K-MELD-1: a table tile cannot sit in two sets at once."""
    verdict = judge("K5 R5 B5", "K5 R5 B5 | K5 K6 K7", "K6 K7")
    refused(verdict, "rummikub.not_on_rack", "K-TURN-2")
    assert "black 5" in verdict.message.lower()


def test_every_failure_message_is_complete() -> None:
    """Messages: every rummikub reason key renders with no placeholder left."""
    cases = [
        judge("", "K10 R10", "K10 R10", opened=False),
        judge("K5 R5 B5 O5", "K5 R5 B5", "K1"),
        judge("B9 J B11", "B9 B10 B11", "B10"),
        judge("", "K1 K2 K3", "", opened=False),
        judge("", "", "K1"),
        judge("R1 R2 R3", "R1 R2 R3 R4", "R4", opened=False),
        judge("K7 R7 B7 O7", "K7 B7 O7 | R7 R8 R9 R10 R11", "R8 R9 R10 R11", opened=False),
        judge(
            "R1 R2 R3 R4 R5 R6", "R1 R2 R3 | R4 R5 R6 | K10 R10 B10", "K10 R10 B10", opened=False
        ),
        judge("", "K1 K2 K3", "K1 K2 K3", opened=False),
        judge("B8 B9 J B11", "B8 B9 J | B11 B12 B13", "B12 B13"),
        judge("R3 R4 J", "R2 R3 R4 | J K9 K10", "R2 K9 K10"),
        judge("R3 R4 J | K5 B5 O5 R5", "R3 R4 R5 | K5 B5 O5 J | K1 K2 K3", "K1 K2 K3"),
        judge("R5 B5 J", "R5 B5 K5 | J O6 O7", "K5 O6 O7", rules=BOTH),
        judge("R7 J J", "R2 R3 J R5 J R7", "R2 R3 R5"),
        judge("", "J=R9 R5 R6", "J R5 R6"),
    ]
    reasons = {verdict.reason for verdict in cases}
    wanted = {key for key in messages.CATALOG if key.startswith("rummikub.")}
    turn_keys = {
        key
        for key in wanted
        if not key.startswith(("rummikub.ws_", "rummikub.player", "rummikub.set_name"))
        and not key.endswith(".cards")  # the card wordings of the sentences below (K-CARDS-1)
        and key
        not in {
            "rummikub.table_set_name",
            "rummikub.turn_ok",
            "rummikub.opening_ok",
            "rummikub.game_over",
            "rummikub.drew",
            "rummikub.passed",
            "rummikub.drew_blocked",
            "rummikub.drew_blocked_all",
            "rummikub.penalty",
            "rummikub.penalty_not_failed",
            "rummikub.penalty_no_attempt",
            "rummikub.penalty_no_timer",
            "rummikub.nothing_to_end",
            "rummikub.card_colours",
            "rummikub.timeout",
            "rummikub.won",
            "rummikub.won_blocked",
        }
    }
    assert reasons == turn_keys
    for verdict in cases:
        assert not verdict.ok
        assert "{" not in verdict.message and "}" not in verdict.message
        assert len(verdict.message) > 30
