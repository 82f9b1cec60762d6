"""A play step by step: where every tile of the new table comes from, and the steps in words.

``describe`` turns a play into ``Step`` values (data: a message key and the tiles involved) in
stages: trace each new set's tiles back to an old set or the rack (``_trace``; each old joker
set's tiles first, into the new set the turn check finds it in), then the joker swaps, the sets
split, and the sets grown (with any sets joined to them whole) or made. After its swap a joker set
is named as the swap left it, and the jokers it freed as freed ones. ``word_step`` words a step
through ``messages`` (K-CARDS-1: with cards when the rules play with cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rummy_teach import messages
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import said, shown_by, worded
from rummy_teach.rummikub.sets import TileSet, set_verdict, stand_ins
from rummy_teach.rummikub.tiles import tile_label

__all__ = ["Plan", "Step", "describe", "sources", "word_step"]

_NAMING_RULES = RummikubRules(jokers=4)
_CARD_RULES = RummikubRules(jokers=4, pieces="cards")

Params = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a play, as data: ``kind`` names the message, ``params`` the tiles it involves."""

    kind: str
    params: Params

    def text(self, *, cards: bool = False) -> str:
        """The step in the learner's words (through ``messages``); ``cards`` names cards (K-CARDS-1)."""
        return word_step(self, cards=cards)


@dataclass(frozen=True, slots=True)
class Plan:
    """What the solver decided about the old table, for ``describe``: the sets kept."""

    kept: frozenset[int]
    """Old sets (by place) that stay on the table exactly as they were."""


def after_swap(old: TileSet, put_in: TileSet, freed: int) -> TileSet:
    """A joker set as it is once its swap is done, sorted: the tiles put in where ``freed`` of its
    jokers were."""
    jokers = [tile for tile in old if tile.is_joker]
    kept = jokers[min(freed, len(jokers)) :]
    return tuple(sorted((*(tile for tile in old if not tile.is_joker), *put_in, *kept)))


@dataclass(frozen=True, slots=True)
class _Swap:
    """A joker swap as ``describe`` tells it: the tiles put in, the set it left, the new set it is in."""

    put_in: TileSet
    now: TileSet
    """The old joker set as the swap left it (``after_swap``)."""
    host: int
    """The new set (by place) that holds all of ``now``."""


def _kept_places(
    before: Sequence[TileSet], after: Sequence[TileSet], kept: frozenset[int]
) -> dict[int, int]:
    """Each old set kept (by place) and the new set that is it: the first entry of ``after``
    matching."""
    places: dict[int, int] = {}
    for index in sorted(kept):
        for j, tiles in enumerate(after):
            if j not in places.values() and Counter(tiles) == Counter(before[index]):
                places[index] = j
                break
    return places


@dataclass(frozen=True, slots=True)
class _Jokers:
    """Where the old joker sets went (as the turn check finds it, ``joker_carriers``)."""

    swaps: dict[int, _Swap]
    """The old joker sets (by place) whose jokers were freed."""
    whole: dict[int, int]
    """The others not kept, by place: the place of the new set holding each (perhaps grown)."""


def _jokers(
    before: Sequence[TileSet],
    after: Sequence[TileSet],
    kept: dict[int, int],
    rules: RummikubRules,
) -> _Jokers:
    """Each old joker set that did not stay as it was, and the new set (not a kept one) it lives
    on in."""
    from rummy_teach.rummikub.check import joker_carriers  # the turn check: not on a solve's path

    swaps = {}
    whole = {}
    for index, host, put_in, freed in joker_carriers(before, after, rules, kept=kept):
        if host in kept.values():  # only when no other way was found: traced as it comes
            continue
        if freed:
            swaps[index] = _Swap(put_in, after_swap(before[index], put_in, freed), host)
        else:
            whole[index] = host
    return _Jokers(swaps, whole)


# ---------------------------------------------------------------------------------------------
# where every tile comes from

Source = tuple[Tile, int | None]
"""A tile of a new set and the old set (by place) it comes from; None: the rack."""


@dataclass(frozen=True, slots=True)
class _Trace:
    """Each new set's tiles with their sources, and the new sets that are old sets kept."""

    sources: dict[int, list[Source]]
    kept_new: frozenset[int]


def _trace(
    before: Sequence[TileSet],
    after: Sequence[TileSet],
    placed: Sequence[Tile],
    kept: frozenset[int],
    kept_new: frozenset[int],
    jokers: _Jokers,
) -> _Trace:
    """Which old set (or the rack) each tile of each new set comes from.

    The new set an old joker set lives on in takes its tiles first: those the swap left in it
    (from that old set) and the tiles put in (from the rack), or all of it."""
    old_left = {index: Counter(tiles) for index, tiles in enumerate(before) if index not in kept}
    rack_left = Counter(placed)
    new_indices = list(range(len(after)))
    sources: dict[int, list[Source]] = {j: [] for j in new_indices}
    need = {j: Counter(after[j]) for j in new_indices}
    for j in kept_new:
        need[j] = Counter()

    def take(j: int, index: int | None, common: Counter[Tile]) -> None:
        for tile, count in common.items():
            sources[j].extend([(tile, index)] * count)
        need[j] -= common

    for index, swap in jokers.swaps.items():
        put_in = Counter(swap.put_in) & rack_left & need[swap.host]
        take(swap.host, None, put_in)
        rack_left -= put_in
        own = (Counter(swap.now) - Counter(swap.put_in)) & old_left[index] & need[swap.host]
        take(swap.host, index, own)
        old_left[index] -= own
    for index, host in jokers.whole.items():
        own = old_left[index] & need[host]
        take(host, index, own)
        old_left[index] -= own

    # an old set's tiles go first where most of them went together
    pairs = []
    for index in old_left:
        for j in new_indices:
            if j in kept_new:
                continue
            overlap = sum((old_left[index] & need[j]).values())
            if overlap:
                pairs.append((-overlap, index, j))
    for _, index, j in sorted(pairs):
        common = old_left[index] & need[j]
        take(j, index, common)
        old_left[index] -= common
    for j in new_indices:
        from_rack = rack_left & need[j]
        take(j, None, from_rack)
        rack_left -= from_rack
        for index in old_left:
            common = old_left[index] & need[j]
            take(j, index, common)
            old_left[index] -= common
    return _Trace(sources, kept_new)


# ---------------------------------------------------------------------------------------------
# the steps


def describe(
    before: Sequence[TileSet],
    after: Sequence[TileSet],
    placed: Sequence[Tile],
    plan: Plan,
    rules: RummikubRules | None = None,
) -> list[Step]:
    """The play as steps: joker swaps, sets split, sets that grow, sets made (tiles named).

    Where each old joker set went is the turn check's finding under ``rules`` (the default rules
    when None): a swap where its jokers were freed, else the new set that holds it whole."""
    kept = _kept_places(before, after, plan.kept)
    kept_new = frozenset(kept.values())
    jokers = _jokers(before, after, kept, rules or RummikubRules())
    trace = _trace(before, after, placed, plan.kept, kept_new, jokers)
    swaps = jokers.swaps
    return [
        *_swap_steps(before, after, swaps, trace),
        *_split_steps(before, plan.kept, swaps, trace),
        *_set_steps(before, after, swaps, trace),
    ]


def _swap_steps(
    before: Sequence[TileSet], after: Sequence[TileSet], swaps: dict[int, _Swap], trace: _Trace
) -> list[Step]:
    """One step per joker swap: the tiles put in, how many jokers it frees and where they go."""
    steps = []
    for index, swap in swaps.items():
        freed = {j: _freed_jokers(j, sources, index, swap) for j, sources in trace.sources.items()}
        joker_to = [j for j, count in freed.items() if count]
        new = after[joker_to[0]] if joker_to else ()
        params: Params = (("old", before[index]), ("tiles", swap.put_in), ("new", new))
        count = sum(freed.values())
        if count > 1:
            params += (("count", count), ("also", tuple(after[j] for j in joker_to[1:])))
        steps.append(Step("solver.swap", params))
    return steps


def _freed_jokers(j: int, sources: list[Source], index: int, swap: _Swap) -> int:
    """How many of the jokers that ``swap`` (of old set ``index``) freed new set ``j`` takes."""
    jokers = sum(1 for tile, source in sources if tile.is_joker and source == index)
    if j == swap.host:  # the jokers the swap left in the set are not freed ones
        jokers -= sum(1 for tile in swap.now if tile.is_joker)
    return max(jokers, 0)


def _split_steps(
    before: Sequence[TileSet], kept: frozenset[int], swapped: dict[int, _Swap], trace: _Trace
) -> list[Step]:
    """One step per old set whose tiles went to more than one new set."""
    steps = []
    for index, tiles in enumerate(before):
        if index in kept or index in swapped:  # a swap step tells what happens to a joker set
            continue
        parts = sorted(  # in the old set's order: its lowest part first
            tuple(sorted(t for t, s in sources if s == index))
            for sources in trace.sources.values()
            if any(s == index for _, s in sources)
        )
        if len(parts) > 1:
            steps.append(Step("solver.split", (("old", tiles), ("parts", tuple(parts)))))
    return steps


def _set_steps(
    before: Sequence[TileSet], after: Sequence[TileSet], swaps: dict[int, _Swap], trace: _Trace
) -> list[Step]:
    """One step per new set that is news: an old set grown, a set laid down or made."""
    steps = []
    for j, sources in trace.sources.items():
        if j in trace.kept_new:
            continue
        step = _set_step(before, j, after[j], swaps, sources)
        if step is not None:
            steps.append(step)
    return steps


def _set_step(
    before: Sequence[TileSet], j: int, new: TileSet, swaps: dict[int, _Swap], sources: list[Source]
) -> Step | None:
    """The step that makes new set ``j`` from its ``sources``; None when an earlier step said it all.

    A joker set whose swap came first is named as the swap left it, and a joker a swap freed is
    "the freed joker"."""

    def now(index: int) -> TileSet:  # a joker set swapped earlier, as the swap left it
        return swaps[index].now if index in swaps else before[index]

    origins = Counter(s for _, s in sources)
    base = [
        index
        for index in origins
        if index is not None and origins[index] == len(before[index]) and index not in swaps
    ]
    host_of = next((index for index, swap in swaps.items() if swap.host == j), None)
    freed = sum(_freed_jokers(j, sources, index, swap) for index, swap in swaps.items())
    rack_part = tuple(sorted(t for t, s in sources if s is None))
    if host_of is not None:  # the joker set after its swap: only what else joins is news
        extra = Counter(rack_part) - Counter(swaps[host_of].put_in)
        rack_part = tuple(sorted(extra.elements()))
        others = [index for index in origins if index not in (None, host_of)]
        if not rack_part and not others and not freed:
            return None  # the swap step said it all
        base.insert(0, host_of)  # named as the set that grows: the swap step named it
    from_sets = {  # a freed joker is named as freed, not as a tile of the set it left
        index: tuple(
            sorted(t for t, s in sources if s == index and not (t.is_joker and s in swaps))
        )
        for index in sorted(i for i in origins if i is not None and i not in base)
    }
    moved = tuple((now(index), tiles) for index, tiles in from_sets.items() if tiles)
    jokers = stand_ins(new, _NAMING_RULES)
    params: Params = (
        ("new", new),
        ("rack", rack_part),
        ("moved", moved),
        ("stands", jokers),
        ("freed", freed),
    )
    if base:  # the first grows; the others join it whole
        grows, *joined = (
            base if host_of is not None else sorted(base, key=lambda i: -len(before[i]))
        )
        whole = tuple(before[index] for index in joined)
        return Step("solver.grow", (("old", now(grows)), *params, ("joined", whole)))
    if len(moved) == 1 and not rack_part and not jokers and not freed:
        return None  # what is left of a split set: the split step said so
    if not moved:
        return Step("solver.new_set", params)
    return Step("solver.make", params)


# ---------------------------------------------------------------------------------------------
# the steps in words


def set_name(tiles: Sequence[Tile]) -> str:
    """A set in words: "red 3-7", "the 5s (black, red and blue)"; loose tiles listed one by one.
    While tiles show as cards (K-CARDS-1) a set is its cards: "3♥ 4♥ 5♥"."""
    if messages.card_suits() is not None:
        return _card_set_name(tiles)
    if len(tiles) >= 3:
        verdict = set_verdict(tiles, _NAMING_RULES)  # as its jokers are declared (K-MELD-5)
        if verdict.ok and verdict.reading:
            first, last = verdict.reading[0], verdict.reading[-1]
            assert isinstance(first, Tile) and isinstance(last, Tile) and first.colour is not None
            jokers = sum(1 for tile in tiles if tile.is_joker)
            joker = (
                ""
                if not jokers
                else messages.text("solver.with_joker")
                if jokers == 1
                else messages.text("solver.with_jokers", count=jokers)
            )
            if verdict.kind == "run":
                colour = messages.text(f"colour.{first.colour.name.lower()}")
                return messages.text(
                    "solver.run_name",
                    colour=colour,
                    low=first.number,
                    high=last.number,
                    joker=joker,
                )
            colours = messages.join(
                messages.text(f"colour.{tile.colour.name.lower()}")
                for tile in sorted(t for t in tiles if not t.is_joker)
                if tile.colour is not None
            )
            return messages.text(
                "solver.group_name", number=first.number, colours=colours, joker=joker
            )
    return messages.join(messages.piece_short(tile) for tile in tiles)


def _tiles_text(tiles: Sequence[Tile]) -> str:
    """Tiles listed one by one."""
    return messages.join(messages.piece_short(tile) for tile in tiles)


def _card_tiles_text(tiles: Sequence[Tile]) -> str:
    """Tiles listed one by one as cards (K-CARDS-1)."""
    return messages.join(tile_label(tile, _CARD_RULES) for tile in tiles)


def _card_set_name(tiles: Sequence[Tile]) -> str:
    """A set as its cards (K-CARDS-1)."""
    return " ".join(tile_label(tile, _CARD_RULES) for tile in tiles)


def sources(
    params: dict[str, Any],
    tiles_text: Callable[[Sequence[Tile]], str],
    name: Callable[[Sequence[Tile]], str],
    keys: tuple[str, str],
    rules: RummikubRules | None,
) -> list[str]:
    """Where a grown or made set's tiles come from, in order: the rack, whole old sets, tiles of
    old sets, freed jokers (``keys``: the message keys for the rack and for tiles of a set)."""
    from_rack, from_set = keys
    parts = []
    if params["rack"]:
        parts.append(said(from_rack, rules, tiles=tiles_text(params["rack"])))
    for old in params.get("joined", ()):
        parts.append(messages.text("solver.whole_set", old=name(old)))
    for old, tiles in params["moved"]:
        parts.append(messages.text(from_set, tiles=tiles_text(tiles), old=name(old)))
    if params.get("freed"):
        parts.append(messages.text("solver.freed_joker", count=params["freed"]))
    return parts


def word_step(step: Step, *, cards: bool = False) -> str:
    """One step in words (K-CARDS-1: cards named as cards when ``cards``)."""
    if not cards:
        return _word_step(step, cards=False)
    with shown_by(_CARD_RULES):
        return _word_step(step, cards=True)


def _word_step(step: Step, *, cards: bool) -> str:
    """``word_step`` with the tiles named as they are shown now."""
    params = dict(step.params)
    tiles_text = _card_tiles_text if cards else _tiles_text
    name = _card_set_name if cards else set_name
    rules = _CARD_RULES if cards else None
    key = worded(step.kind, rules)
    if step.kind in ("solver.nothing", "solver.empty_rack"):
        return messages.text(key)
    if step.kind == "solver.open_set":
        return messages.text(key, set=name(params["set"]), points=params["points"])
    if step.kind == "solver.open_total":
        return messages.text(step.kind, points=params["points"], needed=params["needed"])
    if step.kind == "solver.swap" and "count" in params:  # more than one joker freed
        return messages.text(
            "solver.swap_jokers",
            old=name(params["old"]),
            tiles=tiles_text(params["tiles"]),
            count=params["count"],
            new=messages.join(name(tiles) for tiles in (params["new"], *params["also"])),
        )
    if step.kind == "solver.swap":
        return messages.text(
            step.kind,
            old=name(params["old"]),
            tiles=tiles_text(params["tiles"]),
            new=name(params["new"]),
        )
    if step.kind == "solver.split":
        return messages.text(
            step.kind,
            old=name(params["old"]),
            count=len(params["parts"]),
            parts="; ".join(tiles_text(part) for part in params["parts"]),
        )
    parts = sources(params, tiles_text, name, ("solver.from_rack", "solver.from_set"), rules)
    sentence = messages.text(
        step.kind,
        new=name(params["new"]),
        parts=messages.join(parts),
        old=name(params.get("old", ())),
    )
    if params["stands"]:
        key = "solver.joker_stands" if len(params["stands"]) == 1 else "solver.jokers_stand"
        sentence += " " + messages.text(key, tiles=tiles_text(params["stands"]))
    return sentence
