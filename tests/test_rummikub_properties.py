"""Whole random Rummikub games (seeded, bounded): tiles kept, tables valid, rejections harmless.

Covers K-SET-1 (every tile exactly once), K-MELD-1 (the table valid after every turn), the house
rule that a rejected move changes nothing, K-END-1/K-END-2 (scores sum to zero) and exact replays.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from typing import TYPE_CHECKING

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_teach import IllegalMoveError, RummikubRules, Tile, check_meld
from rummy_teach.rummikub import (
    Draw,
    Play,
    RummikubState,
    deal,
    full_set,
    load,
    transcript,
)
from rummy_teach.rummikub.random_player import RandomPlayer, rack_sets

if TYPE_CHECKING:
    from conftest import GoldenFile

VARIANTS = [
    RummikubRules(),
    RummikubRules(jokers=4, direction="counterclockwise"),
    RummikubRules(joker_trio_retrieval="both", initial_meld_points=20, penalty_draw=2),
    RummikubRules(pieces="cards", jokers=4),
]


def everything(state: RummikubState) -> Counter[Tile]:
    count: Counter[Tile] = Counter(state.pool)
    for rack in state.racks:
        count.update(rack)
    for group in state.table:
        count.update(group)
    return count


def snapshot(state: RummikubState) -> tuple[object, ...]:
    return tuple(getattr(state, field.name) for field in fields(state))


def bad_move(state: RummikubState, rng: random.Random) -> Play:
    """A proposal that is most likely illegal: a table tile dropped, a stray tile, a random set."""
    table = [list(group) for group in state.table]
    choice = rng.randrange(4)
    if choice == 0 and table:
        group = rng.choice(table)
        group.pop(rng.randrange(len(group)))
    elif choice == 1:
        stray = rng.choice(full_set(state.rules))
        if table:
            rng.choice(table).append(stray)
        else:
            table.append([stray, stray, stray])
    elif choice == 2 and table:
        rng.choice(table).append(rng.choice(state.rack))
    else:
        table.append(rng.sample(list(state.rack), min(3, len(state.rack))))
    return Play(table)


@settings(
    derandomize=True,
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    rules=st.sampled_from(VARIANTS),
)
def test_random_games_keep_every_invariant(seed: int, players: int, rules: RummikubRules) -> None:
    """K-SET-1, K-MELD-1, K-END-1/2 and replays over random games with bad proposals."""
    state = deal(players, rules, seed=seed)
    player = RandomPlayer(seed)
    chaos = random.Random(seed)
    total = Counter(full_set(rules))
    assert everything(state) == total
    while not state.is_over:
        if chaos.random() < 0.25:
            before = snapshot(state)
            try:
                accepted = state.apply(bad_move(state, chaos))
            except IllegalMoveError as error:
                assert error.reason and error.rule
                assert snapshot(state) == before  # rejected turns leave the state as it was
            else:
                assert everything(accepted) == total
        if chaos.random() > 0.03:
            state = state.apply(player.choose(state))
        else:
            state = state.end_turn(Play((*state.table, state.rack[:1]))).state
        assert everything(state) == total  # every tile accounted for exactly once
        for group in state.table:
            assert check_meld(group, rules).ok  # the table is valid after every turn
        assert len(state.history) < 1000
    assert state.scores is not None and sum(state.scores) == 0
    assert state.winner is not None
    assert load(state.to_json()) == state  # games replay exactly


def test_random_player_exercises_rearranging_and_jokers() -> None:
    """K-TURN-1, K-JOKER-2: over a few games the random player splits sets and frees jokers."""
    rearranged = swapped = 0
    for seed in range(3):
        state = deal(3, RummikubRules(jokers=4), seed=seed)
        player = RandomPlayer(seed)
        while not state.is_over:
            move = player.choose(state)
            if isinstance(move, Play):
                after = [Counter(group) for group in move.table]
                for group in state.table:
                    needed = Counter(group)
                    if not any(all(g[t] >= n for t, n in needed.items()) for g in after):
                        rearranged += 1
                        swapped += Tile.joker() in group
            state = state.apply(move)
    assert rearranged > 0 and swapped > 0


def test_rack_sets_are_all_valid() -> None:
    """K-MELD-1..5: every set the random player considers from a rack is valid."""
    rules = RummikubRules()
    state = deal(4, rules, seed=8)
    for rack in state.racks:
        for group in rack_sets([*rack, Tile.joker()], rules):
            assert check_meld(group, rules).ok


def golden_game() -> RummikubState:
    """One short seeded game: four players, random legal moves, one K-TURN-3 penalty."""
    state = deal(["Ada", "Bo", "Cy", "Di"], RummikubRules(), seed=48)
    player = RandomPlayer(48)
    while not state.is_over:
        if len(state.history) == 5:
            state = state.end_turn(Play((*state.table, state.rack[:2]))).state
        else:
            state = state.apply(player.choose(state))
    return state


def test_golden_playthrough(golden: GoldenFile) -> None:
    """A whole seeded game, move by move, equals the stored playthrough (``--update-golden``)."""
    text = transcript(golden_game())
    golden.check("rummikub_playthrough.txt", text)
    assert "penalty K-TURN-3" in text and "end out" in text


def test_draw_then_replay_matches_move_by_move() -> None:
    """Replays: applying the same moves to a fresh deal reproduces every intermediate state."""
    state = deal(2, seed=77)
    states = [state]
    player = RandomPlayer(3)
    for _ in range(30):
        state = state.apply(player.choose(state) if len(states) % 7 else Draw())
        states.append(state)
    again = deal(2, seed=77)
    for index, move in enumerate(state.history, start=1):
        again = again.apply(move)
        assert again == states[index]


def scramble(
    table: tuple[tuple[Tile, ...], ...],
    rack: tuple[Tile, ...],
    rules: RummikubRules,
    rng: random.Random,
    steps: int,
) -> list[list[Tile]]:
    """A random rearrangement whose sets mostly stay valid, bending the joker rules now and then."""
    sets = [list(group) for group in table]
    hand = list(rack)

    def fits(group: list[Tile]) -> bool:
        return check_meld(group, rules).ok

    for _ in range(steps):
        action = rng.randrange(6)
        if action == 0 and hand:  # a rack tile onto a set where it fits
            tile = rng.choice(hand)
            targets = [group for group in sets if fits([*group, tile])]
            if targets:
                rng.choice(targets).append(tile)
                hand.remove(tile)
        elif action == 1 and hand:  # a new set from the rack
            options = rack_sets(hand, rules)
            if options:
                chosen = rng.choice(options)
                for tile in chosen:
                    hand.remove(tile)
                sets.append(list(chosen))
        elif action in (2, 3) and sets:  # move a table tile (a joker, for action 3) elsewhere
            source = rng.choice(sets)
            movable = [t for t in source if t.is_joker] if action == 3 else list(source)
            if movable:
                tile = rng.choice(movable)
                rest = list(source)
                rest.remove(tile)
                targets = [g for g in sets if g is not source and fits([*g, tile])]
                if targets and (fits(rest) or rng.random() < 0.2):
                    source.remove(tile)
                    rng.choice(targets).append(tile)
        elif action == 4 and sets:  # split a set in two
            group = rng.choice(sets)
            ordered = sorted(group, key=Tile.sort_key)
            if len(ordered) >= 6:
                cut = rng.randrange(3, len(ordered) - 2)
                if fits(ordered[:cut]) and fits(ordered[cut:]):
                    group[:] = ordered[:cut]
                    sets.append(ordered[cut:])
        elif action == 5 and sets and hand:  # put a rack tile where a joker was
            holders = [g for g in sets if Tile.joker() in g]
            if holders:
                group = rng.choice(holders)
                tile = rng.choice(hand)
                swapped = [t for t in group if not t.is_joker] + [tile]
                swapped += [Tile.joker()] * (group.count(Tile.joker()) - 1)
                targets = [g for g in sets if g is not group and fits([*g, Tile.joker()])]
                if fits(swapped) and targets:
                    group[:] = swapped
                    rng.choice(targets).append(Tile.joker())
                    hand.remove(tile)
        sets = [group for group in sets if group]
    return sets


@settings(derandomize=True, max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(20, 90), steps=st.integers(2, 8))
def test_check_turn_never_accepts_a_broken_table(seed: int, turns: int, steps: int) -> None:
    """K-MELD-1, K-TURN-1/2, K-OPEN-1/2, K-JOKER-1/3: whatever check_turn accepts keeps the rules."""
    from rummy_teach.rummikub import check_turn
    from rummy_teach.rummikub.sets import tiles_key

    rules = RummikubRules(jokers=4)
    state = deal(3, rules, seed=seed)
    player = RandomPlayer(seed)
    for _ in range(turns):
        if state.is_over:
            break
        state = state.apply(player.choose(state))
    if state.is_over:
        return
    rng = random.Random(seed ^ turns)
    opened = state.opened[state.current_player]
    for _ in range(20):
        new = scramble(state.table, state.rack, rules, rng, steps)
        verdict = check_turn(state.table, new, state.rack, opened=opened, rules=rules)
        if not verdict.ok:
            assert verdict.reason and verdict.rule and "{" not in verdict.message
            continue
        old_count = Counter(tile for group in state.table for tile in group)
        new_count = Counter(tile for group in new for tile in group)
        played = new_count - old_count
        assert not old_count - new_count  # nothing left the table, no joker to a rack
        assert played and not played - Counter(state.rack)
        assert all(check_meld(group, rules).ok for group in new)
        if not opened:
            keys = Counter(tiles_key(group) for group in new)
            assert not Counter(tiles_key(group) for group in state.table) - keys
            assert verdict.points >= rules.initial_meld_points
        for group in state.table:
            if Tile.joker() in group:  # it lives on whole, or its joker was swapped for a stand-in
                real = Counter(tile for tile in group if not tile.is_joker)
                assert any(not real - Counter(other) for other in new)
