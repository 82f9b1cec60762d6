"""The one Rummikub turn check: is a proposed table a legal end of a turn? (K-MELD, K-OPEN, K-JOKER)

A playing turn is judged as a whole: the table the player had at the start, the table the player
proposes at the end and the rack the player started with. ``check_turn`` is pure and never raises
for a player's mistake; it returns a ``Verdict`` whose ``reason`` says what went wrong.

How a joker on the table is read, placed and freed is ``rummy_teach.rummikub.sets``; this module
only decides whether every old joker set lives on and words the verdict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds.opening import opening_breakdown
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Tile, as_pieces
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import in_card_words, shown_by, worded
from rummy_teach.rummikub.sets import (
    JOKER,
    Carry,
    TileSet,
    carry_options,
    in_reading_order,
    joker_stands,
    plain,
    set_verdict,
    settle,
    swap_options,
    tiles_key,
)
from rummy_teach.verdict import Verdict, failed, passed

__all__ = ["check_turn", "joker_carriers"]


# ---------------------------------------------------------------------------------------------
# verdicts


def _short(tiles: Iterable[Tile]) -> str:
    """Tiles of a set named inside a sentence (a list longer than any set clipped)."""
    return messages.meld_short(tiles)


def _either(words: Iterable[str]) -> str:
    """Alternatives in words: ``a``, ``a or b``, ``a, b or c``."""
    return messages.join_or(words)


def _set_name(number: int, tiles: Sequence[Tile]) -> str:
    return messages.text("rummikub.set_name", number=number, tiles=_short(tiles))


def _table_set_name(tiles: Sequence[Tile]) -> str:
    """``the set red 7, joker (red 8), joker (red 9)``: each joker with what it stands for."""
    if not any(tile.is_joker and tile.stands is not None for tile in tiles):
        return messages.text("rummikub.table_set_name", tiles=_short(tiles))
    names = [
        messages.text("piece.joker_for", tile=messages.piece_short(tile.stands))
        if tile.is_joker and tile.stands is not None
        else messages.piece_short(tile)
        for tile in tiles
    ]
    return messages.text("rummikub.table_set_name", tiles=", ".join(names))


def _fail(reason: str, rule: str, played: Sequence[Tile], **params: object) -> Verdict:
    """A refused turn: the message starts a sentence, ``pieces`` are the tiles played."""
    return failed(reason, rule, played, sentence=True, words=params)


def _counter_tiles(counter: Counter[Tile]) -> TileSet:
    return tiles_key(counter.elements())


def _contains(big: Counter[Tile], small: Counter[Tile]) -> bool:
    return all(big[tile] >= count for tile, count in small.items())


# ---------------------------------------------------------------------------------------------
# the opening turn (K-OPEN-1, K-OPEN-2, K-OPEN-4)


def _check_opening(
    old: list[TileSet], new: list[TileSet], played: Counter[Tile], rules: RummikubRules
) -> Verdict | None:
    """Refuse an initial meld that touches the table or is worth too little; None when it opens."""
    waiting = Counter(tiles_key(tiles) for tiles in new)
    changed: list[TileSet] = []
    for tiles in old:
        key = tiles_key(tiles)
        if waiting[key] > 0:
            waiting[key] -= 1
        else:
            changed.append(tiles)
    fresh: list[tuple[int, TileSet]] = []
    for number, tiles in enumerate(new, start=1):
        key = tiles_key(tiles)
        if waiting[key] > 0:
            waiting[key] -= 1
            fresh.append((number, tiles))
    played_list = _counter_tiles(played)
    if changed:
        for tiles in changed:
            for _number, candidate in fresh:
                if _contains(Counter(candidate), Counter(tiles)):
                    return _fail(
                        "rummikub.open_touched",
                        "K-OPEN-1",
                        played_list,
                        set_name=_table_set_name(tiles),
                    )
        left = Counter(played)
        for number, candidate in fresh:
            have = Counter(candidate)
            from_rack = have & left
            from_table = have - from_rack
            if from_table and from_rack:
                return _fail(
                    "rummikub.open_table_tile",
                    "K-OPEN-2",
                    played_list,
                    set_name=_set_name(number, candidate),
                    tiles=_short(_counter_tiles(from_table)),
                )
            left -= from_rack
        moved = Counter(tile for tiles in changed for tile in tiles)
        return _fail(
            "rummikub.open_rearranged",
            "K-OPEN-4",
            played_list,
            tiles=_short(_counter_tiles(moved)),
        )
    values = [set_verdict(tiles, rules).points for _number, tiles in fresh]
    total = sum(values)
    needed = rules.initial_meld_points
    breakdown = opening_breakdown(values)
    if total < needed:
        return failed(
            "rummikub.open_short",
            "K-OPEN-2",
            played_list,
            points=total,
            sentence=True,
            needed=needed,
            short=needed - total,
            breakdown=breakdown,
        )
    return passed(
        worded("rummikub.opening_ok", rules),
        "K-OPEN-2",
        played_list,
        points=total,
        needed=needed,
        breakdown=breakdown,
    )


# ---------------------------------------------------------------------------------------------
# jokers on the table (K-JOKER-1, K-JOKER-2, K-JOKER-4)


@dataclass(frozen=True, slots=True)
class _NewSets:
    """The proposed sets as the joker check needs them: tiles, kind, what their jokers stand for."""

    tiles: list[Counter[Tile]]
    kinds: list[str | None]
    stands: list[Counter[Tile]]


def _assign(
    index: int,
    joker_sets: list[TileSet],
    new: _NewSets,
    used: frozenset[int],
    budget: Counter[Tile],
    rules: RummikubRules,
) -> list[tuple[int, Carry]] | None:
    """How every old joker set from ``index`` on lives on in a new set of its own (backtracking):
    for each in order, the new set's place and the way chosen; None when some cannot.

    The new set holds the old one's tiles (a freed joker replaced by its stand-in) and is still the
    same kind of set: a run holding a joker never turns into a group, nor a group into a run.
    Under ``joker_set_growth="ends"`` a run's jokers also stand for what they stood for (K-JOKER-1).
    """
    if index == len(joker_sets):
        return []
    kind = set_verdict(joker_sets[index], rules).kind  # as its jokers are declared
    for option in carry_options(joker_sets[index], rules):
        if not _contains(budget, option.from_rack):
            continue
        for position, tiles in enumerate(new.tiles):
            if (
                position in used
                or new.kinds[position] != kind
                or not _contains(tiles, option.needs)
            ):
                continue
            if not _contains(new.stands[position], option.stands):
                continue
            budget_left = budget - option.from_rack
            rest = _assign(index + 1, joker_sets, new, used | {position}, budget_left, rules)
            if rest is not None:
                return [(position, option), *rest]
    return None


def _moved_joker(tiles: TileSet, new: _NewSets, rules: RummikubRules) -> Tile | None:
    """K-JOKER-1 (``"ends"``): the tile an old run's joker stood for, when the run's tiles all
    lie in one new run whose jokers no longer stand for it; else None."""
    if rules.joker_set_growth != "ends" or set_verdict(tiles, rules).kind != "run":
        return None
    have = Counter(plain(tiles))
    stands = Counter(joker_stands(tiles, rules) or ())
    for position, tiles_new in enumerate(new.tiles):
        if new.kinds[position] == "run" and _contains(tiles_new, have):
            moved = stands - new.stands[position]
            if moved:
                return min(moved, key=Tile.sort_key)
    return None


def _joker_failure(
    tiles: TileSet, new_sets: _NewSets, played: Counter[Tile], rules: RummikubRules
) -> Verdict:
    """Say why an old set holding a joker did not live on (K-JOKER-1, K-JOKER-2, K-JOKER-4)."""
    played_list = _counter_tiles(played)
    name = _table_set_name(in_reading_order(tiles, rules))
    moved = _moved_joker(tiles, new_sets, rules)
    if moved is not None:
        return _fail(
            "rummikub.joker_moved",
            "K-JOKER-1",
            played_list,
            set_name=name,
            stand_in=messages.piece_short(moved),
        )
    new = new_sets.tiles
    have = Counter(plain(tiles))
    if any(_contains(tiles_new, have) for tiles_new in new):  # all there, but no longer a run/group
        return _fail("rummikub.joker_set_broken", "K-JOKER-1", played_list, set_name=name)
    options = swap_options(tiles, rules)
    for freed, stand_ins in options:
        needs = have - Counter({JOKER: freed}) + Counter(stand_ins)
        if any(_contains(tiles_new, needs) for tiles_new in new) and not _contains(
            played, Counter(stand_ins)
        ):
            return _fail(
                "rummikub.joker_stand_in_from_table",
                "K-JOKER-2",
                played_list,
                set_name=name,
                stand_ins=messages.join(messages.piece_short(tile) for tile in stand_ins),
            )
    trio_both = len(options) == 1 and len(options[0][1]) == 2 and options[0][0] == 1
    if trio_both:
        real = have - Counter({JOKER: 1})
        for stand_in in options[0][1]:
            needs = real + Counter([stand_in])
            if any(_contains(tiles_new, needs) for tiles_new in new):
                return _fail(
                    "rummikub.joker_trio_both",
                    "K-JOKER-4",
                    played_list,
                    set_name=name,
                    stand_ins=messages.join(messages.piece_short(tile) for tile in options[0][1]),
                )
    real = have - Counter({JOKER: have[JOKER]})
    if any(_contains(tiles_new, real) for tiles_new in new):
        wanted: list[Tile] = sorted({tile for _freed, stand_ins in options for tile in stand_ins})
        return _fail(
            "rummikub.joker_not_replaced",
            "K-JOKER-2",
            played_list,
            set_name=name,
            stand_ins=_either(messages.piece_short(tile) for tile in wanted),
        )
    return _fail("rummikub.joker_set_broken", "K-JOKER-1", played_list, set_name=name)


def _new_sets(new: Sequence[TileSet], rules: RummikubRules) -> _NewSets:
    """The proposed sets as the joker check reads them."""
    return _NewSets(
        [Counter(plain(tiles)) for tiles in new],
        [set_verdict(tiles, rules).kind for tiles in new],
        [Counter(joker_stands(tiles, rules) or ()) for tiles in new],
    )


def joker_carriers(
    table: Sequence[Sequence[Tile]],
    new_table: Sequence[Sequence[Tile]],
    rules: RummikubRules,
    *,
    kept: Mapping[int, int] | None = None,
) -> tuple[tuple[int, int, TileSet, int], ...]:
    """How each joker set of ``table`` lives on in a turn ``check_turn`` accepts (K-JOKER-1/2):
    its place, the place of the new set holding it, the rack tiles put in for the jokers it freed
    and how many it freed; () when they do not all live on.

    ``kept`` maps old sets (by place) that lie on the new table as they were to their new places:
    those are left out, and no other joker set is found in their new places unless it must be."""
    old = _as_sets(table, "table")
    new = list(settle(old, _as_sets(new_table, "new_table"), rules).table)
    played = Counter(plain(tile for tiles in new for tile in tiles))
    played -= Counter(plain(tile for tiles in old for tile in tiles))
    kept = kept or {}
    places = [index for index, tiles in enumerate(old) if JOKER in tiles and index not in kept]
    joker_sets = [old[index] for index in places]
    new_sets = _new_sets(new, rules)
    chosen = _assign(0, joker_sets, new_sets, frozenset(kept.values()), played, rules)
    if chosen is None:
        chosen = _assign(0, joker_sets, new_sets, frozenset(), played, rules)
    if chosen is None:  # not a turn check_turn accepts
        return ()
    return tuple(
        (place, position, tiles_key(option.from_rack.elements()), option.freed)
        for place, (position, option) in zip(places, chosen, strict=True)
    )


def _check_jokers(
    old: list[TileSet], new: list[TileSet], played: Counter[Tile], rules: RummikubRules
) -> Verdict | None:
    """Refuse a turn that breaks up a joker set or frees a joker wrongly; None when all is well."""
    joker_sets = [tiles for tiles in old if JOKER in tiles]
    if not joker_sets:
        return None
    new_sets = _new_sets(new, rules)
    if _assign(0, joker_sets, new_sets, frozenset(), Counter(played), rules) is not None:
        return None
    for tiles in joker_sets:
        if _assign(0, [tiles], new_sets, frozenset(), Counter(played), rules) is None:
            return _joker_failure(tiles, new_sets, played, rules)
    name = _table_set_name(in_reading_order(joker_sets[0], rules))
    return _fail("rummikub.joker_set_broken", "K-JOKER-1", _counter_tiles(played), set_name=name)


# ---------------------------------------------------------------------------------------------
# the turn check


def _as_sets(table: Sequence[Sequence[Tile]], what: str) -> list[TileSet]:
    sets: list[TileSet] = []
    if isinstance(table, (str, bytes)) or not isinstance(table, Iterable):
        raise RulesError(f"{what} is a list of sets of tiles, not {shown(table)}")
    for tiles in table:
        if isinstance(tiles, (str, bytes)):
            raise RulesError(f"{what} is a list of sets of tiles, not a string {shown(tiles)}")
        group = as_pieces(tiles, f"each set of {what}")
        for tile in group:
            if not isinstance(tile, Tile):
                raise RulesError(
                    f"Rummikub is played with tiles: {shown(tile)} in {what} does not belong"
                )
        sets.append(group)
    return sets


def check_turn(
    table: Sequence[Sequence[Tile]],
    new_table: Sequence[Sequence[Tile]],
    rack: Sequence[Tile],
    *,
    opened: bool,
    rules: RummikubRules,
) -> Verdict:
    """Judge a playing turn: ``new_table`` proposed by a player holding ``rack`` over ``table``.

    The tiles played are the multiset ``new_table`` minus ``table``; they must come from ``rack``.
    Checked in this order: no table tile left the table (K-TURN-1; a joker, K-JOKER-3); the
    played tiles are on the rack; at least one was played (K-TURN-2); every set is valid
    (K-MELD-1..5) and every declared joker fits its set (K-MELD-5; a joker that brings along what
    it stood for on the table before is read afresh where that no longer fits, ``sets.settle``);
    then for a player who has not opened, the table untouched (K-OPEN-1, K-OPEN-2
    table tiles, K-OPEN-4) and the new sets worth ``initial_meld_points`` (K-OPEN-2); for one who
    has, the joker rules (K-JOKER-1, K-JOKER-2, K-JOKER-4). ``points`` of a valid verdict is the
    opening's value on an opening turn, else the face value of the numbered tiles played;
    ``pieces`` is the tiles played.
    Under ``pieces="cards"`` a refusal is said with cards (K-CARDS-1).
    """
    if not isinstance(rules, RummikubRules):
        raise RulesError(
            f"check_turn judges Rummikub turns: rules must be RummikubRules, not {shown(rules)}"
        )
    if type(opened) is not bool:
        raise RulesError(
            f"opened says whether the player has opened: True or False, not {shown(opened)}"
        )
    old = _as_sets(table, "table")
    new = _as_sets(new_table, "new_table")
    rack_tiles = _as_sets([as_pieces(rack, "the rack")], "the rack")[0]
    with shown_by(rules):  # tiles named as their cards with card rules (K-CARDS-1)
        return in_card_words(_judge_turn(old, new, rack_tiles, opened, rules), rules)


def _judge_turn(
    old: list[TileSet], new: list[TileSet], rack_tiles: TileSet, opened: bool, rules: RummikubRules
) -> Verdict:
    """``check_turn``'s judgement of the sets read (a refusal in the words of tiles)."""
    old_count = Counter(plain(tile for tiles in old for tile in tiles))
    new_count = Counter(plain(tile for tiles in new for tile in tiles))
    played = new_count - old_count
    played_list = _counter_tiles(played)
    gone = old_count - new_count
    if gone:
        if gone[JOKER]:
            return _fail("rummikub.joker_to_rack", "K-JOKER-3", played_list)
        return _fail(
            "rummikub.table_tile_missing",
            "K-TURN-1",
            played_list,
            tiles=_short(_counter_tiles(gone)),
        )
    extra = played - Counter(plain(rack_tiles))
    if extra:
        return _fail(
            "rummikub.not_on_rack", "K-TURN-2", played_list, tiles=_short(_counter_tiles(extra))
        )
    if not played:
        return _fail("rummikub.nothing_played", "K-TURN-2", played_list)
    for number, tiles in enumerate(new, start=1):
        verdict = read_meld(tiles, rules)
        if not verdict.ok:
            return _fail(
                "rummikub.bad_set",
                verdict.rule or "K-MELD-1",
                played_list,
                set_name=_set_name(number, tiles),
                why=verdict.message,
            )
    settled = settle(old, new, rules)
    if settled.problem is not None:
        number, joker = settled.problem
        assert joker.stands is not None
        return _fail(
            "rummikub.joker_misfit",
            "K-MELD-5",
            played_list,
            set_name=_set_name(number + 1, new[number]),
            stand_in=messages.piece_short(joker.stands),
        )
    new = list(settled.table)
    if not opened:
        opening = _check_opening(old, new, played, rules)
        assert opening is not None
        return opening
    joker_problem = _check_jokers(old, new, played, rules)
    if joker_problem is not None:
        return joker_problem
    return passed(
        worded("rummikub.turn_ok", rules),
        "K-TURN-1",
        played_list,
        points=sum(tile.number for tile in played_list),
        count=len(played_list),
        tiles=_short(played_list),
    )
