"""The best play after the initial meld (K-TURN-1): read the position, build the model, solve, decode.

The whole table may be rearranged. The objective is lexicographic: rack tiles placed (or points,
K-END-1 values), then table sets kept as they were, then points. Each stage is a function with a
small value between them: ``_Position`` (the input, read) → ``_PlayModel`` (the model and what its
columns stand for) → ``model.Answer`` → ``Solution``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError, SolverError, shown
from rummy_teach.melds import piece_value
from rummy_teach.pieces import Tile, as_pieces
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet, carry_options
from rummy_teach.solver.catalogue import (
    JOKER_ROW,
    TYPES,
    Candidates,
    add_joker_columns,
    candidates,
    counts,
    row_of_tile,
    tile_at,
    uses_virtual_jokers,
)
from rummy_teach.solver.explain import Plan, Step
from rummy_teach.solver.model import Answer, Block, Model, entries_for, solve
from rummy_teach.solver.readings import Reading, join_runs, laid_out, place_jokers, shape_reading
from rummy_teach.solver.solution import Solution
from rummy_teach.solver.table import (
    Host,
    TableSet,
    check_pieces,
    check_rules,
    check_supply,
    hosts,
    read_set,
)
from rummy_teach.solver.windows import Window, WindowColumns, add_window, window_host, windows

__all__ = ["Objective", "best_play"]

Objective = Literal["tiles", "points"]
"""What ``best_play`` puts first: rack tiles placed, or their points (K-END-1)."""


def best_play(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    objective: Objective = "tiles",
) -> Solution:
    """The whole-table rearrangement placing the most rack tiles, after the initial meld.

    K-TURN-1, K-MELD-1.

    Ties go to the fewest table sets changed, then to more points. ``objective="points"`` puts the
    value placed first (a joker 30, K-END-1), then tiles, then sets changed. Sets holding a joker
    follow K-JOKER-1/2/4. When nothing can be placed the play places no tiles (then draw, K-OPEN-3).
    """
    return _best_play(rack, table, rules, objective=objective, lock_jokers=True)


def _best_play(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    objective: Objective,
    lock_jokers: bool,
) -> Solution:
    """``best_play``; ``lock_jokers=False`` lets table jokers move freely (the reference)."""
    check_rules(rules)
    if objective not in ("tiles", "points"):
        raise RulesError(f"objective must be 'tiles' or 'points', not {shown(objective)}")
    position = _read_position(rack, table, rules, lock_jokers=lock_jokers)
    if not position.rack:  # an empty rack: nothing to place (K-TURN-2)
        return _nothing(position, rules)
    built = _build(position, rules, objective)
    answer = solve(built.model)
    if answer is None:  # never: leaving the table as it is always works
        raise SolverError(messages.text("solver.no_layout"))
    return _decode(position, built, answer, rules)


# ---------------------------------------------------------------------------------------------
# reading the position


@dataclass(frozen=True, slots=True)
class _Position:
    """The input, checked and read: the rack, the table sets, which of them are joker-locked."""

    rack: TileSet
    """The rack, sorted."""
    sets: tuple[TableSet, ...]
    rack_counts: tuple[int, ...]
    """Rack tiles per tile type."""
    locked: tuple[int, ...]
    """Table sets holding a joker: each must live on inside a host (K-JOKER-1)."""
    free: tuple[int, ...]
    """Table sets whose tiles may go anywhere."""
    pool: tuple[int, ...]
    """The free sets' tiles per tile type: each must be on the new table."""
    reach: tuple[int, ...]
    """Everything per tile type that could end up in a set built from scratch."""

    @property
    def before(self) -> tuple[TileSet, ...]:
        """The table as given."""
        return tuple(table_set.given for table_set in self.sets)


def _read_position(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    lock_jokers: bool,
) -> _Position:
    """Check and read the rack and the table; an invalid table set raises ``RulesError``."""
    rack_tiles = tuple(sorted(check_pieces(rack, "rack")))
    given = [check_pieces(tiles, "table") for tiles in as_pieces(table, "the table", "sets")]
    check_supply(itertools.chain(rack_tiles, *given), rules)
    sets = tuple(read_set(tiles, rules) for tiles in given)
    locked = tuple(
        index for index, table_set in enumerate(sets) if table_set.jokers and lock_jokers
    )
    free = tuple(index for index in range(len(sets)) if index not in locked)
    rack_counts = counts(rack_tiles)
    pool = counts(tile for index in free for tile in sets[index].given)
    locked_counts = counts(tile for index in locked for tile in sets[index].given)
    reach = tuple(
        pool[tile_type] + rack_counts[tile_type] + locked_counts[tile_type]
        for tile_type in range(TYPES)
    )
    return _Position(rack_tiles, sets, tuple(rack_counts), locked, free, tuple(pool), reach)


# ---------------------------------------------------------------------------------------------
# building the model


@dataclass(frozen=True, slots=True)
class _Weights:
    """What a tile placed, a set kept and a point are worth in the one objective (lexicographic)."""

    tile: float
    keep: float
    point: float


def _weights(position: _Position, objective: Objective, rules: RummikubRules) -> _Weights:
    """Weights that make the objective lexicographic: each level outweighs all below it."""
    rack_total = sum(piece_value(tile, rules) for tile in position.rack)
    set_count = len(position.sets)
    if objective == "tiles":
        tile = float((set_count + 1) * (rack_total + 1))
        return _Weights(tile=tile, keep=float(rack_total + 1), point=1.0)
    point = float((len(position.rack) + 1) * (set_count + 1))
    return _Weights(tile=float(set_count + 1), keep=1.0, point=point)


@dataclass(frozen=True, slots=True, eq=False)
class _PlayModel:
    """The model and what its columns stand for."""

    model: Model
    candidates: Candidates
    joker_columns: dict[int, int]
    """Virtual jokers: the column of "a joker standing for tile type t", by type."""
    placed_columns: dict[int, int]
    """Rack tiles placed, by tile type."""
    keep_columns: dict[int, int]
    """A free table set kept as it was, by set (a candidate's column when sets share it)."""
    kept_place: dict[int, int]
    """The candidate column a kept set is counted in, by set (sets longer than five have none)."""
    host_columns: dict[int, list[tuple[int, Host]]]
    """A joker set's hosts and their columns, by set."""
    window_columns: dict[int, list[tuple[Window, WindowColumns]]]
    """A joker run's windows (``windows``: its hosts as a block grown at its ends), by set."""
    kept_count: int
    """The column counting the table sets kept (``_add_kept_count``)."""


def _build(position: _Position, rules: RummikubRules, objective: Objective) -> _PlayModel:
    """The model: candidate sets, rack tiles placed, sets kept, joker sets carried on."""
    import numpy as np

    reach = np.array(position.reach, dtype=np.int64)
    loose = _loose_jokers(position, rules)
    reach[JOKER_ROW] = loose  # the jokers new sets can take
    found = candidates(rules, reach)
    weights = _weights(position, objective, rules)
    model = Model()
    row_of = {
        tile_type: model.row(float(position.pool[tile_type]), float(position.pool[tile_type]))
        for tile_type in found.used_types
    }
    model.block = Block(found.dense, np.zeros(len(found.chosen)), found.upper)
    options, windows_of, usable = _host_options(position, rules, loose)
    for tile_type in sorted(
        {
            row_of_tile(tile)
            for found_hosts in options.values()
            for h in found_hosts
            for tile in h.extension
        }
    ):
        if tile_type not in row_of:  # a tile only a (virtual) joker in a host can be
            row_of[tile_type] = model.row(0.0, 0.0)
    joker_columns = add_joker_columns(model, rules, reach, row_of)
    placed_columns = _add_placed_columns(model, position, row_of, weights, rules)
    keep_columns, kept_place = _add_keep_columns(
        model, position, found, row_of, weights, joker_columns
    )
    host_columns, window_columns = _add_host_columns(
        model, position, (options, windows_of, usable), row_of, weights, placed_columns
    )
    kept_count = _add_kept_count(model, keep_columns, host_columns)
    return _PlayModel(
        model,
        found,
        joker_columns,
        placed_columns,
        keep_columns,
        kept_place,
        host_columns,
        window_columns,
        kept_count,
    )


def _loose_jokers(position: _Position, rules: RummikubRules) -> int:
    """The most jokers that can go into new sets or join a host: those on the rack or in free
    sets, and those of each joker set that a swap from the rack could free (K-JOKER-2)."""
    loose = position.rack_counts[JOKER_ROW] + position.pool[JOKER_ROW]
    for index in position.locked:
        tiles = position.sets[index].given
        for carry in carry_options(tiles, rules):
            if carry.freed and all(
                position.rack_counts[row_of_tile(tile)] >= count
                for tile, count in carry.from_rack.items()
            ):
                loose += position.sets[index].jokers
                break
    return loose


def _add_placed_columns(
    model: Model,
    position: _Position,
    row_of: dict[int, int],
    weights: _Weights,
    rules: RummikubRules,
) -> dict[int, int]:
    """One column per rack tile type: how many of it are placed."""
    placed_columns: dict[int, int] = {}
    for tile_type in row_of:
        if position.rack_counts[tile_type]:
            worth = piece_value(tile_at(tile_type), rules)
            placed_columns[tile_type] = model.column(
                weights.tile + weights.point * worth,
                0.0,
                float(position.rack_counts[tile_type]),
                [(row_of[tile_type], -1.0)],
            )
    return placed_columns


def _add_keep_columns(
    model: Model,
    position: _Position,
    found: Candidates,
    row_of: dict[int, int],
    weights: _Weights,
    joker_columns: dict[int, int],
) -> tuple[dict[int, int], dict[int, int]]:
    """A column per free table set: kept as it was (K-TURN-1 tie-break: fewest sets changed).

    A candidate of the same tiles is used for it, or, for a run longer than the candidates, a
    column of its own. Returns the columns and the candidate each kept set is counted in.

    A new set equal to a table set that is not kept could be that set kept instead (tiles of
    one type are alike), so without virtual jokers for its tiles (``joker_columns``) the model
    builds such copies only once every table set of those tiles is kept: a tighter relaxation
    with the same optimum. When the tiles allow no copy beyond those sets, the candidate's
    column itself counts the sets kept (they share it as their keep column)."""
    keep_columns: dict[int, int] = {}
    kept_place: dict[int, int] = {}
    chosen_at = {int(shape): place for place, shape in enumerate(found.chosen)}
    groups: dict[int, list[int]] = {}
    for index in position.free:
        given = position.sets[index].given
        key = (tuple(sorted(row_of_tile(tile) for tile in given)), 0)
        place = chosen_at.get(found.catalogue.position.get(key, -1))
        if place is None:
            entries = entries_for(counts(given), row_of) or []  # its tiles have rows
            keep_columns[index] = model.column(weights.keep, 0.0, 1.0, entries)
            continue
        groups.setdefault(place, []).append(index)
        kept_place[index] = place
    assert model.block is not None
    for place, indices in groups.items():
        tile_types = counts(position.sets[indices[0]].given)
        real = min(position.reach[t] // c for t, c in enumerate(tile_types) if c)
        spare = float(real - len(indices))
        stand_ins = [joker_columns[t] for t, c in enumerate(tile_types) if c and t in joker_columns]
        if spare <= 0 and not stand_ins:
            model.block.costs[place] += weights.keep
            keep_columns.update((index, place) for index in indices)
            continue
        link = model.row(0.0, float("inf"))
        model.block_entries.append((link, place, 1.0))
        columns = [model.column(weights.keep, 0.0, 1.0, [(link, -1.0)]) for _ in indices]
        keep_columns.update(zip(indices, columns, strict=True))
        if stand_ins:  # measured: bounds with the jokers' columns in them only slow HiGHS
            continue
        for column in columns:  # copies <= sets kept + spare * (this one kept)
            bound = model.row(float("-inf"), 0.0)
            model.block_entries.append((bound, place, 1.0))
            for other in columns:
                model.attach(bound, [other], -1.0 - spare if other == column else -1.0)
    return keep_columns, kept_place


def _add_kept_count(
    model: Model, keep_columns: dict[int, int], host_columns: dict[int, list[tuple[int, Host]]]
) -> int:
    """An integer column equal to the number of table sets kept as they were; its index.

    It changes no answer (a row defines it) but gives HiGHS the sets-kept tie-break as one integer
    to cut and branch on: the late tier's HiGHS p95 x0.47, big tables' sum x0.7-0.8 (see
    ``model``'s notes, fifth session). A shared candidate column counts each of its copies."""
    counted = sorted(set(keep_columns.values())) + [
        column for columns in host_columns.values() for column, host in columns if host.untouched
    ]
    row = model.row(0.0, 0.0)
    model.attach(row, counted, 1.0)
    return model.column(0.0, 0.0, float(len(keep_columns) + len(host_columns)), [(row, -1.0)])


def _kept(position: _Position, built: _PlayModel, values: tuple[int, ...]) -> list[int]:
    """The free table sets kept; sets sharing a candidate's column are its copies, in order."""
    kept: list[int] = []
    copies: Counter[int] = Counter()
    for index in position.free:
        column = built.keep_columns[index]
        if column < built.model.offset:  # a candidate's column, shared
            if copies[column] < values[column]:
                copies[column] += 1
                kept.append(index)
        elif values[column]:
            kept.append(index)
    return kept


_HostOptions = tuple[dict[int, list[Host]], dict[int, list[Window]], list[bool]]
"""``_host_options``: hosts by set, windows by set, which tile types may join a host."""


def _host_options(position: _Position, rules: RummikubRules, loose: int) -> _HostOptions:
    """K-JOKER-1/2/4: the hosts each joker set may live on in, given the tiles there are.

    Four-joker model: any joker not in the set itself may join its host (from the rack, or freed
    from another joker set); a run growing at its ends (``"ends"``) is then its windows (each
    carry's block, grown by the model) and its one untouched host. Two jokers: extension tiles
    may be (virtual) jokers. ``loose`` is ``_loose_jokers``."""
    virtual = uses_virtual_jokers(rules)
    reach_ok = [
        count > 0 or (virtual and loose > 0 and tile_type != JOKER_ROW)
        for tile_type, count in enumerate(position.reach)
    ]

    def usable(tile: Tile) -> bool:
        return reach_ok[row_of_tile(tile)]

    options: dict[int, list[Host]] = {}
    windows_of: dict[int, list[Window]] = {}
    for index in position.locked:
        table_set = position.sets[index]
        found = None if virtual else windows(table_set, rules)
        if found is not None:
            windows_of[index] = [window for window in found if _on_rack(position, window.stand_ins)]
            options[index] = [Host(found[0].block, ())]  # untouched (the first carry: whole)
            continue
        spare = 0 if virtual else min(loose, position.reach[JOKER_ROW] - table_set.jokers)
        options[index] = hosts(
            table_set, rules, spare, usable, swappable=lambda tiles: _on_rack(position, tiles)
        )
    return options, windows_of, reach_ok


def _on_rack(position: _Position, tiles: tuple[Tile, ...]) -> bool:
    """True when the rack holds ``tiles`` (a swap's stand-ins)."""
    return all(
        position.rack_counts[row_of_tile(tile)] >= count for tile, count in Counter(tiles).items()
    )


def _add_host_columns(
    model: Model,
    position: _Position,
    found: _HostOptions,
    row_of: dict[int, int],
    weights: _Weights,
    placed_columns: dict[int, int],
) -> tuple[dict[int, list[tuple[int, Host]]], dict[int, list[tuple[Window, WindowColumns]]]]:
    """K-JOKER-1/2/4: each set holding a joker lives on inside exactly one host of its own.

    A host keeps it whole or with jokers swapped out for their stand-ins from the rack; a stand-in
    is counted among the rack tiles placed. A window stands for all hosts of one carry."""
    options, windows_of, usable = found
    host_columns: dict[int, list[tuple[int, Host]]] = {}
    window_columns: dict[int, list[tuple[Window, WindowColumns]]] = {}
    needs: dict[int, list[int]] = {}
    for index in position.locked:
        columns: list[tuple[int, Host]] = []
        for host in options[index]:
            host_counts: dict[int, int] = {}
            for tile in host.extension + host.stand_ins:
                tile_type = row_of_tile(tile)
                host_counts[tile_type] = host_counts.get(tile_type, 0) + 1
            if host.freed:  # freed jokers go back into play (K-JOKER-2)
                host_counts[JOKER_ROW] = host_counts.get(JOKER_ROW, 0) - host.freed
            host_entries = _entries(host_counts, row_of)
            if host_entries is None:
                continue
            column = model.column(weights.keep if host.untouched else 0.0, 0.0, 1.0, host_entries)
            columns.append((column, host))
            for tile in host.stand_ins:
                needs.setdefault(row_of_tile(tile), []).append(column)
        host_columns[index] = columns
        row = model.row(1.0, 1.0)
        model.attach(row, [column for column, _ in columns], 1.0)
        placed_windows: list[tuple[Window, WindowColumns]] = []
        for window in windows_of.get(index, []):
            window_column = add_window(model, window, row_of, usable)
            if window_column is None:
                continue
            placed_windows.append((window, window_column))
            model.attach(row, [window_column.carry], 1.0)
            for tile in window.stand_ins:
                needs.setdefault(row_of_tile(tile), []).append(window_column.carry)
        if placed_windows:
            window_columns[index] = placed_windows
    for tile_type, linked in needs.items():
        row = model.row(float("-inf"), 0.0)
        model.attach(row, linked, 1.0)
        model.attach(row, [placed_columns[tile_type]], -1.0)
    return host_columns, window_columns


def _entries(found: dict[int, int], row_of: dict[int, int]) -> list[tuple[int, float]] | None:
    """``entries_for`` on sparse counts (a host's few tile types): the same entries, in type order."""
    entries = []
    for tile_type in sorted(found):
        count = found[tile_type]
        if count:
            if tile_type not in row_of:
                return None
            entries.append((row_of[tile_type], float(count)))
    return entries


# ---------------------------------------------------------------------------------------------
# reading the answer back


def _decode(
    position: _Position, built: _PlayModel, answer: Answer, rules: RummikubRules
) -> Solution:
    """The answer as a ``Solution``: the tiles placed and the new table, read as the engine reads it."""
    values = answer.values
    placed = tuple(
        sorted(
            tile_at(tile_type)
            for tile_type, column in built.placed_columns.items()
            for _ in range(values[column])
        )
    )
    if not placed:
        return _nothing(position, rules)
    kept = _kept(position, built, values)
    hosted = [
        (index, host)
        for index in position.locked
        for column, host in built.host_columns[index]
        if values[column]
    ] + [
        (index, window_host(window, columns, values))
        for index in position.locked
        for window, columns in built.window_columns.get(index, [])
        if values[columns.carry]
    ]
    hosted.sort(key=lambda pair: position.locked.index(pair[0]))
    new_table, kept_hosts = _new_table(position, built, values, kept, hosted, rules)
    return Solution(
        placed=placed,
        table=new_table,
        points=sum(piece_value(tile, rules) for tile in placed),
        before=position.before,
        rack=position.rack,
        rules=rules,
        proven=answer.proven,
        plan=Plan(frozenset(kept + kept_hosts)),
    )


def _nothing(position: _Position, rules: RummikubRules) -> Solution:
    """The play that places nothing: the table as it was (then draw, K-OPEN-3)."""
    key = "solver.nothing" if position.rack else "solver.empty_rack"
    return Solution(
        placed=(),
        table=position.before,
        points=0,
        before=position.before,
        rack=position.rack,
        rules=rules,
        plan=(Step(key, ()),),
    )


def _new_table(
    position: _Position,
    built: _PlayModel,
    values: tuple[int, ...],
    kept: list[int],
    hosted: list[tuple[int, Host]],
    rules: RummikubRules,
) -> tuple[tuple[TileSet, ...], list[int]]:
    """The new table: kept sets as given, hosts grown, new sets; and the hosts left untouched."""
    chosen = built.candidates.chosen
    shapes = built.candidates.catalogue.shapes
    taken = Counter(built.kept_place[index] for index in kept if index in built.kept_place)
    pieces: list[Reading] = []
    for column, copies in enumerate(values[: len(chosen)]):
        shape = shapes[chosen[column]]
        pieces.extend(shape_reading(shape) for _ in range(copies - taken[column]))
    stand_for = {
        tile_type: values[column]
        for tile_type, column in built.joker_columns.items()
        if values[column]
    }
    host_readings = [host.reading for _, host in hosted]
    spare_tiles = [Counter(host.extension) for _, host in hosted]
    with_jokers = place_jokers(host_readings + pieces, stand_for, spare_tiles)
    new_pieces = join_runs(with_jokers[len(hosted) :])
    grown: dict[int, Reading] = {}
    untouched: list[int] = []
    for (index, host), reading in zip(hosted, with_jokers, strict=False):
        if host.untouched:
            untouched.append(index)
        else:
            grown[index] = reading
    new_sets = [position.sets[index].given for index in sorted(kept + untouched)]
    new_sets.extend(laid_out(reading, rules) for reading in grown.values())
    new_sets.extend(laid_out(piece, rules) for piece in new_pieces)
    return tuple(new_sets), untouched
