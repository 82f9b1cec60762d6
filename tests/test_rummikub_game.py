"""The Rummikub game: deal, draws, penalties, the end, variants, cards, replays (K-SET, K-END)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_teach import (
    Card,
    IllegalMoveError,
    NotationError,
    RulesError,
    RummikubRules,
    Suit,
    Tile,
    messages,
    parse_tiles,
)
from rummy_teach.rummikub import (
    Draw,
    Penalty,
    Play,
    RummikubState,
    card_to_tile,
    deal,
    from_position,
    full_set,
    load,
    move_from_json,
    move_to_json,
    parse_move,
    replay,
    tile_label,
    tile_to_card,
    transcript,
)

RULES = RummikubRules()


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(parse_tiles(text), key=Tile.sort_key))


def everything(state: RummikubState) -> Counter[Tile]:
    """Every tile in the game, wherever it is now."""
    count: Counter[Tile] = Counter(state.pool)
    for rack in state.racks:
        count.update(rack)
    for group in state.table:
        count.update(group)
    return count


def position(
    racks: list[str],
    table: str = "",
    *,
    pool: str = "K1 K2 K3 K4 K5 K6",
    opened: bool = True,
    rules: RummikubRules = RULES,
) -> RummikubState:
    """A hand-made position: player 0 to act."""
    return from_position(
        racks,
        table=[part for part in table.split("|") if part.strip()],
        pool=pool,
        opened=[opened] * len(racks),
        rules=rules,
    )


# --- the deal


def test_106_tiles_two_of_each_and_two_jokers() -> None:
    """K-SET-1: 106 tiles: 1-13 in four colours twice, plus 2 jokers; all dealt or in the pool."""
    state = deal(4, seed=11)
    count = everything(state)
    assert sum(count.values()) == 106
    assert count[Tile.joker()] == 2
    assert all(
        count[Tile(n, c)] == 2 for n in range(1, 14) for c in Tile.parse("R1").colour.__class__
    )
    assert count == Counter(full_set(RULES))


def test_jokers_4_makes_108() -> None:
    """K-SET-1 variant ``jokers=4``: 108 tiles with 4 jokers."""
    state = deal(2, RummikubRules(jokers=4), seed=11)
    count = everything(state)
    assert sum(count.values()) == 108 and count[Tile.joker()] == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fourteen_each_rest_is_pool(players: int) -> None:
    """K-SET-2: 2-4 players get 14 tiles each; the rest is the pool; nobody has opened."""
    state = deal(players, seed=5)
    assert [len(rack) for rack in state.racks] == [14] * players
    assert len(state.pool) == 106 - 14 * players
    assert state.opened == (False,) * players and state.table == ()
    assert state.current_player == 0 and not state.is_over


@pytest.mark.parametrize("players", [1, 5, ["solo"]])
def test_player_count_checked(players: object) -> None:
    """K-SET-2: fewer than 2 or more than 4 players is refused."""
    with pytest.raises(RulesError):
        deal(players, seed=1)  # type: ignore[arg-type]


def test_view_hides_other_racks() -> None:
    """K-SET-2: racks are hidden: a view holds one's own rack and the others' sizes."""
    state = deal(["Ada", "Bo", "Cy"], seed=2)
    view = state.view(1)
    assert view.rack == state.racks[1]
    assert view.rack_sizes == (14, 14, 14)
    assert view.pool_size == len(state.pool)
    assert state.racks[0] not in [getattr(view, name) for name in view.__slots__]
    assert view.players == ("Ada", "Bo", "Cy")


def test_deal_is_seeded() -> None:
    """The deal is an explicit seeded chance step: the same seed deals the same racks."""
    assert deal(3, seed=42) == deal(3, seed=42)
    assert deal(3, seed=42).racks != deal(3, seed=43).racks
    assert isinstance(deal(2).seed, int)  # a seed is chosen and kept when none is given


@pytest.mark.parametrize(
    ("direction", "order"), [("clockwise", [0, 1, 2, 0]), ("counterclockwise", [0, 2, 1, 0])]
)
def test_direction(direction: str, order: list[int]) -> None:
    """K-SET-3: play goes clockwise; the ``direction="counterclockwise"`` variant reverses it."""
    state = deal(3, RummikubRules(direction=direction), seed=3)  # type: ignore[arg-type]
    seen = [state.current_player]
    for _ in range(3):
        state = state.apply(Draw())
        seen.append(state.current_player)
    assert seen == order


# --- drawing, illegal plays, penalties


def test_drawing_takes_one_tile_and_passes() -> None:
    """K-OPEN-3: a player who cannot or will not play draws one tile and the turn passes."""
    state = deal(2, seed=9)
    after = state.apply(Draw())
    assert len(after.racks[0]) == 15 and len(after.pool) == len(state.pool) - 1
    assert state.pool[0] in after.racks[0]
    assert after.current_player == 1
    assert after.last_verdict is not None and after.last_verdict.rule == "K-OPEN-3"


def test_illegal_play_raises_and_leaves_state_unchanged() -> None:
    """House rule: an illegal move raises IllegalMoveError with reason and rule; nothing changes."""
    state = position(["K5 K6 K7 K8 R1 B1 O1 O13", "K13"], opened=False)
    copy = replace(state)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Play.parse("K5 K6 K7 K8 | R1 B1 O1"))
    assert caught.value.reason == "rummikub.open_short" and caught.value.rule == "K-OPEN-2"
    assert "29 points" in str(caught.value)
    assert state == copy


def test_a_legal_play_updates_rack_table_and_opened() -> None:
    """K-OPEN-2 then K-OPEN-4: the opening marks the player opened; a set keeps the order laid."""
    state = position(["K9 K10 K11 O13 J", "K13"], opened=False)
    after = state.apply(Play.parse("K11 K9 K10"))
    assert after.table == (tuple(parse_tiles("K11 K9 K10")),)
    assert after.racks[0] == tiles("O13 J")
    assert after.opened == (True, False) and after.current_player == 1
    assert after.last_verdict is not None and after.last_verdict.ok


def test_table_sets_remember_what_each_joker_stands_for() -> None:
    """K-MELD-5: a played set keeps the order laid, each joker recording its stand-in."""
    state = position(["R5 J R7 K1", "K13"])
    after = state.apply(Play.parse("J R7 R5"))
    assert after.table == (tuple(parse_tiles("J R7 R5")),)
    assert str(after.table[0][0]) == "J=R6"


def test_penalty_costs_exactly_three_tiles() -> None:
    """K-TURN-3: a failed turn leaves table and rack as they were, plus exactly 3 pool tiles."""
    state = position(["R5 R6 K1", "K13"], "B1 B2 B3")
    result = state.end_turn(Play.parse("B1 B2 B3 | R5 R6"))
    after = result.state
    assert result.penalty and not result.verdict.ok and result.verdict.reason == "rummikub.bad_set"
    assert after.history == (Penalty("K-TURN-3", Play.parse("B1 B2 B3 | R5 R6")),)
    assert after.table == state.table
    assert Counter(after.racks[0]) == Counter(state.racks[0]) + Counter(state.pool[:3])
    assert len(after.pool) == len(state.pool) - 3 and after.current_player == 1
    assert after.last_verdict is not None and after.last_verdict.rule == "K-TURN-3"
    assert after.last_verdict.message.startswith(result.verdict.message)


def test_a_short_initial_meld_is_a_failed_turn_that_says_why() -> None:
    """K-TURN-3, K-OPEN-2: 27 of the 30 points is an invalid turn; the note names the shortfall."""
    state = position(["K9 R9 B9 O1", "K13"], opened=False)
    result = state.end_turn(Play.parse("K9 R9 B9"))
    assert result.penalty and result.verdict.reason == "rummikub.open_short"
    note = result.state.last_verdict
    assert note is not None and "27" in note.message and "30" in note.message
    assert "not all valid" not in note.message
    assert result.state.racks[0][:4] != state.racks[0] and result.state.table == ()


def test_a_penalty_needs_a_failed_turn_or_a_timer() -> None:
    """K-TURN-3, K-TURN-4: a bare or unearned penalty is refused and changes nothing."""
    state = position(["R5 R6 R7 K1", "K13"])
    for move, reason in [
        (Penalty(), "rummikub.penalty_no_attempt"),
        (Penalty("K-TURN-3", Play.parse("R5 R6 R7")), "rummikub.penalty_not_failed"),
        (Penalty("K-TURN-4"), "rummikub.penalty_no_timer"),
    ]:
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(move)
        assert caught.value.reason == reason and caught.value.rule == move.rule
    timed = position(["R5 R6 R7 K1", "K13"], rules=RummikubRules(turn_seconds=60))
    result = timed.end_turn(Play.parse("R5 R6 R7"), timed_out=True)
    assert result.penalty and len(result.state.racks[0]) == 4 + 3
    assert result.state.last_verdict is not None and result.state.last_verdict.rule == "K-TURN-4"


def test_end_turn_plays_a_valid_table_and_refuses_an_empty_one() -> None:
    """K-OPEN-3, K-TURN-2: a valid play is played; proposing the table unchanged is refused."""
    state = position(["R5 R6 R7 K1", "K13"], "B1 B2 B3")
    result = state.end_turn(Play.parse("B1 B2 B3 | R5 R6 R7"))
    assert not result.penalty and result.state.racks[0] == (Tile.parse("K1"),)
    with pytest.raises(IllegalMoveError) as caught:
        state.end_turn(Play.parse("B3 B1 B2"))
    assert caught.value.reason == "rummikub.nothing_to_end"
    drawn = state.end_turn(None)
    assert not drawn.penalty and len(drawn.state.racks[0]) == 5


def test_penalty_draw_variant() -> None:
    """K-TURN-3 variant ``penalty_draw``: the number of penalty tiles is a setting."""
    rules = RummikubRules(penalty_draw=5)
    state = position(["R5 R6 K1", "K13"], pool="K1 K2 K3 K4 K5 K6 K7", rules=rules)
    failed = Play.parse("R5 R6")
    assert len(state.end_turn(failed).state.racks[0]) == 3 + 5
    small_pool = position(["R5 R6 K1", "K13"], pool="K1 K2")
    assert len(small_pool.end_turn(failed).state.racks[0]) == 5  # only what the pool holds


# --- the end


def test_empty_rack_wins_and_scores_sum_to_zero() -> None:
    """K-END-1: going out wins; losers score minus their rack (joker 30); winner the total."""
    state = position(["R11 R12 R13", "J K5 R3", "B2 B3"], "K10 R10 B10")
    after = state.apply(Play.parse("K10 R10 B10 | R11 R12 R13"))
    assert after.is_over and after.ending == "out" and after.winner == 0
    assert after.scores == (38 + 5, -38, -5)
    assert sum(after.scores) == 0
    with pytest.raises(IllegalMoveError) as caught:
        after.apply(Draw())
    assert caught.value.reason == "rummikub.game_over"


def test_joker_counts_30_not_its_stand_in() -> None:
    """K-END-1: a joker left on a rack counts 30, not the number it could stand for."""
    state = position(["R11 R12 R13", "J"])
    assert state.apply(Play.parse("R11 R12 R13")).scores == (30, -30)


def test_empty_pool_next_player_who_cannot_play_ends_the_game() -> None:
    """K-END-2: pool empty and the next player does not play: the game stops, lowest total wins."""
    state = position(["K10 K12 O3", "R5 B5", "J O10"], pool="")
    state = state.apply(Draw())
    assert state.is_over and state.ending == "blocked" and state.winner == 1
    assert state.scores == (-(25 - 10), 25 - 10 + 40 - 10, -(40 - 10))
    assert state.last_verdict is not None and state.last_verdict.rule == "K-END-2"
    assert state.last_verdict.message.startswith(
        messages.text("rummikub.drew_blocked", player=state.players[0])
    )
    drawn_last = position(["K10 K12 O3", "R5 B5", "J O10"], pool="K1")
    state = drawn_last.apply(Draw())
    assert not state.is_over and not state.pool
    assert state.apply(Draw()).is_over


def test_empty_pool_lowest_total_wins_once_all_passed() -> None:
    """K-END-2 ``empty_pool_end="all_pass"``: nobody plays for a round: lowest total wins."""
    rules = RummikubRules(empty_pool_end="all_pass")
    state = position(["K10 K12 O3", "R5 B5", "J O10"], pool="", rules=rules)
    for _ in range(3):
        assert not state.is_over
        state = state.apply(Draw())
    assert state.is_over and state.ending == "blocked" and state.winner == 1
    assert state.scores == (-(25 - 10), 25 - 10 + 40 - 10, -(40 - 10))
    assert sum(state.scores) == 0
    assert state.last_verdict is not None and state.last_verdict.rule == "K-END-2"
    assert state.last_verdict.message.startswith(messages.text("rummikub.drew_blocked_all"))


def test_a_play_restarts_the_round_of_passes() -> None:
    """K-END-2 ``empty_pool_end="all_pass"``: the game goes on while anyone still plays."""
    rules = RummikubRules(empty_pool_end="all_pass")
    state = position(["K10 K12 O3", "R5 B5 R13", "J O10"], "R10 R11 R12", pool="", rules=rules)
    state = state.apply(Draw()).apply(Play.parse("R10 R11 R12 R13")).apply(Draw())
    assert state.passes == 1 and not state.is_over
    state = state.apply(Draw()).apply(Draw())
    assert state.is_over and state.winner == 1 and state.scores == (-15, 45, -30)
    with_pool = position(["K10 K12 O3", "R5 B5"], pool="K1 K2 K3")
    assert with_pool.apply(Draw()).apply(Draw()).passes == 0


# --- K-CARDS-1


def test_cards_are_tiles_with_card_faces() -> None:
    """K-CARDS-1: suits as colours, A=1, J=11, Q=12, K=13, the decks' four jokers are jokers."""
    rules = RummikubRules(pieces="cards", jokers=4)
    state = deal(2, rules, seed=4)
    assert sum(everything(state).values()) == 108 and everything(state)[Tile.joker()] == 4
    faces = {tile_to_card(tile) for tile in full_set(rules) if not tile.is_joker}
    assert len(faces) == 52  # every card of a deck, each shown by two tiles
    assert tile_to_card(Tile.parse("R1")) == Card(1, Suit.HEARTS)
    assert tile_to_card(Tile.parse("R11")) == Card.parse("JH")
    assert tile_to_card(Tile.parse("K12")) == Card.parse("QS")
    assert tile_to_card(Tile.parse("B13")) == Card.parse("KC")
    assert tile_to_card(Tile.joker()) is None and card_to_tile(None) == Tile.joker()
    for tile in full_set(rules):
        assert card_to_tile(tile_to_card(tile)) == tile
    assert tile_label(Tile.parse("R12"), rules) == "Q♥"
    assert tile_label(Tile.parse("R12"), RULES) == "red 12"
    assert tile_label(Tile.joker(), rules) == messages.text("piece.joker")


def test_same_engine() -> None:
    """K-CARDS-1: the card game is the same engine: Q-K run of hearts with a jack opens (36)."""
    rules = RummikubRules(pieces="cards", jokers=4)
    state = position(["JH QH KH AS", "KS"], opened=False, pool="AC 2C 3C", rules=rules)
    assert state.racks == (tuple(parse_tiles("K1 R11 R12 R13")), tuple(parse_tiles("K13")))
    after = state.apply(Play.parse("R11 R12 R13"))
    assert after.opened[0] and after.last_verdict is not None and after.last_verdict.points == 36


# --- replays


@given(
    st.lists(
        st.lists(st.sampled_from(full_set(RummikubRules(jokers=4))), min_size=1, max_size=6),
        max_size=5,
    )
)
def test_play_notation_round_trips(table: list[list[Tile]]) -> None:
    """Replays: ``parse_move(str(play)) == play`` for any table, tiles in any order."""
    play = Play(table)
    assert parse_move(str(play)) == play
    assert Play.parse(str(play)) == play


def test_every_move_kind_round_trips_through_notation() -> None:
    """Replays: draw, both penalties and plays read back from their notation (K-TURN-3, K-TURN-4)."""
    for move in (
        Play.parse("R5 R6 R7 | K1 R1 B1 J"),
        Play(()),
        Draw(),
        Penalty(),
        Penalty("K-TURN-4"),
        Penalty("K-TURN-3", Play.parse("R5 R6")),
        Penalty("K-TURN-4", Play.parse("R5 R6 R7 | K1")),
    ):
        assert parse_move(str(move)) == move
    assert parse_move("  Draw ") == Draw()


@pytest.mark.parametrize(
    ("text", "token"),
    [("", ""), ("pass", "pass"), ("penalty K-TURN-9", "K-TURN-9"), ("draw 2", "2")],
)
def test_bad_move_notation_names_the_token(text: str, token: str) -> None:
    """Replays: notation that is not a move raises NotationError naming the bad word."""
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert caught.value.token == token


def test_moves_round_trip_through_json() -> None:
    """Replays: every move kind survives JSON."""
    for move in (
        Play.parse("R5 R6 R7 | K1 R1 B1"),
        Draw(),
        Penalty(),
        Penalty("K-TURN-4"),
        Penalty("K-TURN-3", Play.parse("R5 R6")),
    ):
        assert move_from_json(json.loads(json.dumps(move_to_json(move)))) == move
    with pytest.raises(RulesError):
        move_from_json({"pass": True})


def test_save_and_load_replays_exactly() -> None:
    """Replays: seed plus moves, saved as JSON and loaded, give the very same state."""
    from rummy_teach.rummikub.random_player import RandomPlayer

    rules = RummikubRules(jokers=4, direction="counterclockwise", initial_meld_points=20)
    state = deal(3, rules, seed=21)
    player = RandomPlayer(seed=1)
    for _ in range(40):
        state = state.apply(player.choose(state))
    loaded = load(state.to_json())
    assert loaded == state
    assert replay(deal(3, rules, seed=21), state.history) == state
    assert replay(deal(3, rules, seed=21), [str(move) for move in state.history]) == state
    assert transcript(loaded) == transcript(state)
    with pytest.raises(RulesError):
        load('{"game": "rummy"}')
    with pytest.raises(RulesError, match="version 2"):
        load(state.to_json().replace('"version": 1', '"version": 2'))


def test_module_examples_run() -> None:
    """The examples in the Rummikub modules' docstrings still hold."""
    import doctest

    from rummy_teach import rummikub
    from rummy_teach.rummikub import sets, setup, state, workspace

    for module in (rummikub, sets, setup, state, workspace):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_cards_are_read_and_written_as_cards() -> None:
    """K-CARDS-1: under ``pieces="cards"`` racks, tables and moves are written in card notation."""
    rules = RummikubRules(pieces="cards")
    state = from_position(["QH KH JH *", "AS 2S 3S"], table=["10C 10D 10S"], rules=rules)
    assert state.racks[0] == tuple(sorted(parse_tiles("R11 R12 R13 J"), key=Tile.sort_key))
    assert state.table == (tuple(parse_tiles("B10 O10 K10")),)
    move = parse_move("play 10C 10D 10S | JH QH KH *", rules)
    assert isinstance(move, Play) and move.notation(rules) == "play 10C 10D 10S | JH QH KH *"
    after = state.apply(move)
    assert after.is_over and after.winner == 0
    assert "play JH QH KH *" in transcript(after) and "deal Player 2: AS 2S 3S" in transcript(after)
    with pytest.raises(NotationError) as caught:
        parse_move("play QH J", rules)
    assert caught.value.token == "J" and "*" in str(caught.value)
    assert "hearts red" in messages.text("rummikub.card_colours")
