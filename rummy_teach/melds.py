"""What a meld is: ``check_meld``, ``check_layoff``, ``check_opening`` and ``hand_value``.

A check never raises for a learner's mistake: it returns a ``Verdict`` with a stable reason key,
the RULES.md id that decides it and a sentence from ``messages`` naming the actual pieces.
Programming errors (wrong piece type for the rules, a bad joker declaration) raise ``RulesError``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError
from rummy_teach.pieces import Card, Colour, Piece, Suit, Tile, format_pieces
from rummy_teach.rules import Rules, RummikubRules, RummyRules

__all__ = [
    "Verdict",
    "card_value",
    "check_layoff",
    "check_meld",
    "check_opening",
    "hand_value",
    "piece_value",
]

Kind = Literal["group", "run"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a meld, a layoff or an opening; true when valid."""

    ok: bool
    kind: Kind | None
    points: int
    reason: str | None
    rule: str | None
    message: str
    pieces: tuple[Piece, ...] = ()
    """The pieces judged, as given."""
    reading: tuple[Piece, ...] = ()
    """When valid: the meld in order, each joker replaced by the tile it stands for."""
    jokers: tuple[Tile, ...] = ()
    """When valid: what each joker stands for, in the order the jokers were given."""
    missing: tuple[Piece, ...] = ()
    """Pieces that would fix it: the gap in a run, or what a meld on the table takes."""
    params: tuple[tuple[str, Any], ...] = field(default=(), repr=False, compare=False)
    """The message's named parameters, for rewording it in another language."""

    def __bool__(self) -> bool:
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain JSON-ready values (pieces in notation)."""
        return {
            "ok": self.ok,
            "kind": self.kind,
            "points": self.points,
            "reason": self.reason,
            "rule": self.rule,
            "message": self.message,
            "pieces": format_pieces(self.pieces),
            "reading": format_pieces(self.reading),
            "jokers": format_pieces(self.jokers),
            "missing": format_pieces(self.missing),
        }


# ---------------------------------------------------------------------------------------------
# values


def card_value(card: Card, rules: RummyRules) -> int:
    """Points a card is worth (R-SCORE-1): ace 1 (15 with ``ace="low_or_high"``), 2-10 face value, J/Q/K 10."""
    if card.rank == 1:
        return rules.ace_value
    return min(card.rank, 10)


def piece_value(piece: Piece, rules: Rules) -> int:
    """Points a piece left in hand is worth: R-SCORE-1 for cards, K-END-1 for tiles (joker 30)."""
    if isinstance(rules, RummyRules):
        if not isinstance(piece, Card):
            raise RulesError(f"Rummy is played with cards, not {piece!r}")
        return card_value(piece, rules)
    if not isinstance(piece, Tile):
        raise RulesError(f"Rummikub is played with tiles, not {piece!r}")
    return 30 if piece.is_joker else piece.number


def hand_value(pieces: Iterable[Piece], rules: Rules) -> int:
    """Points left in a hand or rack at the end of a round (R-SCORE-1, R-SCORE-2 ace 15, K-END-1 joker 30)."""
    return sum(piece_value(piece, rules) for piece in pieces)


# ---------------------------------------------------------------------------------------------
# helpers shared by the checks


def _is_cards(rules: Rules) -> bool:
    return isinstance(rules, RummyRules)


def _check_types(pieces: Sequence[Piece], rules: Rules) -> None:
    if not isinstance(rules, (RummyRules, RummikubRules)):
        raise RulesError(f"rules must be RummyRules or RummikubRules, not {rules!r}")
    wanted = Card if _is_cards(rules) else Tile
    for piece in pieces:
        if not isinstance(piece, wanted):
            game = (
                "Rummy is played with cards" if wanted is Card else "Rummikub is played with tiles"
            )
            raise RulesError(f"{game}: {piece!r} does not belong")


def _suit_of(piece: Piece) -> Suit | Colour | None:
    return piece.suit if isinstance(piece, Card) else piece.colour


def _number_of(piece: Piece) -> int:
    return piece.rank if isinstance(piece, Card) else piece.number


def _make(number: int, suit: Suit | Colour, cards: bool) -> Piece:
    """The piece of ``number`` in ``suit``; 14 means an ace played high."""
    if cards:
        assert isinstance(suit, Suit)
        return Card(1 if number == 14 else number, suit)
    assert isinstance(suit, Colour)
    return Tile(number, suit)


def _suit_word(suit: Suit | Colour, *, plural: bool = True) -> str:
    if isinstance(suit, Suit):
        return messages.text(f"suit.{suit.name.lower()}")
    return messages.text(f"colour.{suit.name.lower()}")


def _value_of(piece: Piece, number: int, rules: Rules) -> int:
    """A piece's worth inside a meld: tiles count their number (a joker the number it stands for)."""
    if isinstance(rules, RummyRules):
        assert isinstance(piece, Card)
        return card_value(piece, rules)
    return number


def _rule(cards: bool, kind: str) -> str:
    table = {
        "group": ("R-MELD-1", "K-MELD-2"),
        "run": ("R-MELD-2", "K-MELD-3"),
        "ace": ("R-MELD-3", "K-MELD-3"),
        "joker": ("K-MELD-5", "K-MELD-5"),
        "deck": ("R-SETUP-1", "K-SET-1"),
    }
    pair = table[kind]
    return pair[0] if cards else pair[1]


def _fail(
    reason: str,
    rule: str,
    pieces: Sequence[Piece],
    *,
    kind: Kind | None = None,
    missing: Sequence[Piece] = (),
    context: Mapping[str, object] | None = None,
    **params: object,
) -> Verdict:
    params = {**(context or {}), **params}
    params.setdefault("pieces", messages.pieces_short(pieces))
    return Verdict(
        ok=False,
        kind=kind,
        points=0,
        reason=reason,
        rule=rule,
        message=messages.text(reason, **params),
        pieces=tuple(pieces),
        missing=tuple(missing),
        params=tuple(sorted(params.items())),
    )


@dataclass(frozen=True, slots=True)
class _Reading:
    """A valid way to read a meld: the ordered pieces, what the jokers stand for, its value."""

    kind: Kind
    reading: tuple[Piece, ...]
    jokers: tuple[Tile, ...]
    points: int


# ---------------------------------------------------------------------------------------------
# groups and runs


def _read_group(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> _Reading | Verdict:
    """Read ``real`` (all one number) plus jokers as a group (R-MELD-1, K-MELD-2)."""
    cards = _is_cards(rules)
    number = _number_of(real[0])
    suits = Counter(_suit_of(piece) for piece in real)
    doubled = [suit for suit, count in suits.items() if count > 1 and suit is not None]
    if doubled:  # only tiles: a card twice is caught earlier as a duplicate card (R-SETUP-1)
        twice = [piece for piece in real if _suit_of(piece) == doubled[0]]
        return _fail(
            "group.duplicate_colour",
            _rule(cards, "group"),
            pieces,
            kind="group",
            twice=messages.join(messages.piece_short(piece) for piece in twice[:2]),
            suit=_suit_word(doubled[0]),
        )
    if len(real) + joker_count > 4:
        return _fail(
            "group.too_many", _rule(cards, "group"), pieces, kind="group", count=len(pieces)
        )
    free = [colour for colour in Colour if colour not in suits]
    stand_ins = tuple(Tile(number, colour) for colour in free[:joker_count])
    ordered = sorted(real, key=lambda piece: _suit_of(piece).order)  # type: ignore[union-attr]
    reading = tuple(ordered) + stand_ins
    points = sum(_value_of(piece, number, rules) for piece in reading)
    return _Reading("group", reading, stand_ins, points)


def _run_span(numbers: Sequence[int], joker_count: int, top: int) -> tuple[int, int] | None:
    """The lowest and highest number of the run ``numbers`` plus jokers make, or None if they cannot."""
    low, high = min(numbers), max(numbers)
    gaps = high - low + 1 - len(numbers)
    if gaps > joker_count:
        return None
    spare = joker_count - gaps
    up = min(spare, top - high)
    high += up
    spare -= up
    down = min(spare, low - 1)
    low -= down
    spare -= down
    if spare:
        return None
    return low, high


def _read_run(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> _Reading | Verdict:
    """Read ``real`` (all one suit or colour) plus jokers as a run (R-MELD-2, R-MELD-3, K-MELD-3)."""
    cards = _is_cards(rules)
    suit = _suit_of(real[0])
    assert suit is not None
    numbers = sorted(_number_of(piece) for piece in real)
    repeated = [n for n, count in Counter(numbers).items() if count > 1]
    if repeated:
        twice = [piece for piece in real if _number_of(piece) == repeated[0]][:2]
        return _fail(
            "run.duplicate_number",
            _rule(cards, "run"),
            pieces,
            kind="run",
            twice=messages.join(messages.piece_short(piece) for piece in twice),
        )
    readings: list[tuple[int, int, list[int]]] = []
    span = _run_span(numbers, joker_count, 13)
    if span is not None:
        readings.append((*span, numbers))
    if cards and 1 in numbers and isinstance(rules, RummyRules) and rules.ace == "low_or_high":
        high_numbers = sorted(14 if n == 1 else n for n in numbers)
        span = _run_span(high_numbers, joker_count, 14)
        if span is not None:
            readings.append((*span, high_numbers))
    if readings:
        best: _Reading | None = None
        for low, high, used in readings:
            reading_pieces: list[Piece] = []
            stand_ins: list[Tile] = []
            by_number = {
                (14 if (n == 1 and 14 in used) else n): p
                for n, p in ((_number_of(p), p) for p in real)
            }
            points = 0
            for number in range(low, high + 1):
                piece = by_number.get(number)
                if piece is None:
                    stand_in = _make(number, suit, cards)
                    assert isinstance(stand_in, Tile)
                    stand_ins.append(stand_in)
                    piece = stand_in
                reading_pieces.append(piece)
                points += _value_of(piece, number, rules)
            if high - low + 1 > 13:
                continue
            candidate = _Reading("run", tuple(reading_pieces), tuple(stand_ins), points)
            if best is None or candidate.points > best.points:
                best = candidate
        if best is not None:
            return best
        return _fail("run.too_long", _rule(cards, "run"), pieces, kind="run", count=len(pieces))
    return _run_failure(real, numbers, joker_count, suit, pieces, rules)


def _run_failure(
    real: Sequence[Piece],
    numbers: list[int],
    joker_count: int,
    suit: Suit | Colour,
    pieces: Sequence[Piece],
    rules: Rules,
) -> Verdict:
    """Say why one-suit pieces are no run: round the corner, ace high, a gap, or too long."""
    cards = _is_cards(rules)
    if len(numbers) + joker_count > 13:
        return _fail("run.too_long", _rule(cards, "run"), pieces, kind="run", count=len(pieces))
    for cut in range(1, 13):
        if cut not in numbers:
            continue
        turned = sorted(n + 13 if n <= cut else n for n in numbers)
        if _run_span(turned, joker_count, 26) is not None and max(turned) <= 26:
            low, high = min(turned), max(turned)
            ace_high_only = cards and cut == 1 and high == 14
            if ace_high_only and isinstance(rules, RummyRules) and rules.ace == "low":
                return _fail("run.ace_high", "R-MELD-3", pieces, kind="run")
            corner = [_make(n if n <= 13 else n - 13, suit, cards) for n in (low, high)]
            return _fail(
                "run.wrap" if cards else "run.wrap_tiles",
                _rule(cards, "ace"),
                pieces,
                kind="run",
                first=messages.piece_short(corner[0]),
                last=messages.piece_short(corner[1]),
            )
    present = set(numbers)
    low, high = min(numbers), max(numbers)
    absent = [n for n in range(low, high + 1) if n not in present]
    missing = [_make(n, suit, cards) for n in absent]
    if absent[-1] - absent[0] + 1 == len(absent):  # one gap: name the pieces either side of it
        low, high = absent[0] - 1, absent[-1] + 1
    gap_params: dict[str, object] = {
        "gap": messages.join(messages.piece_short(piece) for piece in missing),
        "count": len(missing),
        "low": messages.piece_short(_make(low, suit, cards)),
        "high": messages.piece_short(_make(high, suit, cards)),
        "jokers": joker_count,
    }
    if joker_count:
        key = "run.gap_jokers"
    elif len(missing) == 1:
        key = "run.gap"
    else:
        key = "run.gaps"
    verdict = _fail(
        key, _rule(cards, "run"), pieces, kind="run", missing=missing, context=gap_params
    )
    return verdict


def _mixed_failure(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> Verdict:
    """Say why pieces of several numbers and several suits are no meld."""
    cards = _is_cards(rules)
    numbers = Counter(_number_of(piece) for piece in real)
    suits = Counter(_suit_of(piece) for piece in real)
    common_number, number_count = numbers.most_common(1)[0]
    common_suit, suit_count = suits.most_common(1)[0]
    assert common_suit is not None
    named = sorted((suit for suit in suits if suit is not None), key=lambda suit: suit.order)
    suit_names = messages.join(_suit_word(suit) for suit in named)
    looks_like_run = (
        len(numbers) == len(real) and _run_span(sorted(numbers), joker_count, 13) is not None
    )
    if looks_like_run or (suit_count >= 2 and suit_count >= number_count):
        odd = [piece for piece in real if _suit_of(piece) != common_suit]
        same_colour = cards and len({suit.is_red for suit in suits if isinstance(suit, Suit)}) == 1
        key = (
            "run.mixed_suits_same_colour"
            if same_colour
            else ("run.mixed_suits" if cards else "run.mixed_colours")
        )
        return _fail(
            key,
            _rule(cards, "run"),
            pieces,
            kind="run",
            suits=suit_names,
            odd=messages.join(messages.piece_short(piece) for piece in odd),
            suit=_suit_word(common_suit),
        )
    if number_count >= 2:
        odd = [piece for piece in real if _number_of(piece) != common_number]
        return _fail(
            "group.mixed_ranks" if cards else "group.mixed_numbers",
            _rule(cards, "group"),
            pieces,
            kind="group",
            odd=messages.join(messages.piece_short(piece) for piece in odd),
            number=Card(common_number, Suit.SPADES).rank_text if cards else common_number,
        )
    return _fail("meld.neither" if cards else "meld.neither_tiles", _rule(cards, "run"), pieces)


def _valid(reading: _Reading, pieces: Sequence[Piece], rules: Rules) -> Verdict:
    """The verdict for a valid reading, with a sentence saying what was formed."""
    cards = _is_cards(rules)
    first = reading.reading[0]
    last = reading.reading[-1]
    suit = _suit_of(first)
    params: dict[str, object] = {
        "pieces": messages.pieces_short(pieces),
        "points": reading.points,
        "count": len(reading.reading),
    }
    if reading.kind == "group":
        params["number"] = first.rank_text if isinstance(first, Card) else _number_of(first)
        params["count_word"] = messages.text(f"count.{len(reading.reading)}")
        key = "valid.group"
        rule = _rule(cards, "group")
    else:
        assert suit is not None
        params.update(
            suit=_suit_word(suit), low=messages.piece_short(first), high=messages.piece_short(last)
        )
        key = "valid.run" if cards else "valid.run_tiles"
        rule = _rule(cards, "run")
    message = messages.text(key, **params)
    if reading.jokers:
        message += " " + messages.text(
            "valid.joker" if len(reading.jokers) == 1 else "valid.jokers",
            stand_ins=messages.join(messages.piece_short(tile) for tile in reading.jokers),
        )
        rule = "K-MELD-4"
    return Verdict(
        ok=True,
        kind=reading.kind,
        points=reading.points,
        reason=None,
        rule=rule,
        message=message,
        pieces=tuple(pieces),
        reading=reading.reading,
        jokers=reading.jokers,
        params=tuple(sorted(params.items())),
    )


def check_meld(
    pieces: Iterable[Piece], rules: Rules, *, jokers: Sequence[Tile] | None = None
) -> Verdict:
    """Judge whether ``pieces`` (in any order) form a valid group or run under ``rules``.

    ``jokers`` optionally says what each joker stands for, in the order the jokers appear;
    otherwise K-MELD-5 decides: a joker fills a gap first, else extends a run upwards, else
    downwards, in a group takes a missing colour, and the higher-valued reading wins.
    """
    given = tuple(pieces)
    _check_types(given, rules)
    cards = _is_cards(rules)
    if cards:
        repeated = [piece for piece, count in Counter(given).items() if count > 1]
        if repeated:
            return _fail(
                "meld.duplicate_card", "R-SETUP-1", given, card=messages.piece_short(repeated[0])
            )
    joker_count = sum(1 for piece in given if piece.is_joker)
    if isinstance(rules, RummikubRules) and joker_count > rules.jokers:
        return _fail(
            "meld.too_many_jokers", "K-MELD-5", given, count=joker_count, allowed=rules.jokers
        )
    real = [piece for piece in given if not piece.is_joker]
    same_number = len({_number_of(piece) for piece in real}) <= 1
    if len(given) < 3:
        kind: Kind = "group" if same_number and real else "run"
        if not given:
            key = "meld.empty" if cards else "meld.empty_tiles"
        elif len(given) == 1:
            key = "meld.too_few_one" if cards else "meld.too_few_one_tile"
        else:
            key = "meld.too_few" if cards else "meld.too_few_tiles"
        return _fail(key, _rule(cards, kind), given, count=len(given))
    if not real:
        return _fail("meld.jokers_only", "K-MELD-5", given, count=joker_count)
    if jokers is not None:
        return _check_declared(given, jokers, rules)
    same_suit = len({_suit_of(piece) for piece in real}) == 1
    candidates: list[_Reading | Verdict] = []
    if same_number:
        candidates.append(_read_group(real, joker_count, given, rules))
    if same_suit:
        candidates.append(_read_run(real, joker_count, given, rules))
    readings = [candidate for candidate in candidates if isinstance(candidate, _Reading)]
    if readings:
        best = max(readings, key=lambda reading: (reading.points, reading.kind == "run"))
        return _valid(best, given, rules)
    if candidates:
        first = candidates[0]
        assert isinstance(first, Verdict)
        return first
    return _mixed_failure(real, joker_count, given, rules)


def _check_declared(given: tuple[Piece, ...], jokers: Sequence[Tile], rules: Rules) -> Verdict:
    """Judge a meld whose jokers were declared (K-MELD-5: a player may say what a joker stands for)."""
    joker_count = sum(1 for piece in given if piece.is_joker)
    declared = list(jokers)
    if len(declared) != joker_count:
        raise RulesError(
            f"the meld has {joker_count} joker(s) but {len(declared)} stand-in(s) were given"
        )
    for tile in declared:
        if not isinstance(tile, Tile) or tile.is_joker:
            raise RulesError(f"a joker stands for a numbered tile, not {tile!r}")
    stand_ins = iter(declared)
    replaced = [next(stand_ins) if piece.is_joker else piece for piece in given]
    verdict = check_meld(replaced, rules)
    if not verdict.ok:
        return _fail(
            "meld.declared_invalid",
            verdict.rule or "K-MELD-5",
            given,
            stand_ins=messages.join(messages.piece_short(tile) for tile in declared),
            why=verdict.message,
        )
    return _valid(
        _Reading(verdict.kind or "run", verdict.reading, tuple(declared), verdict.points),
        given,
        rules,
    )


# ---------------------------------------------------------------------------------------------
# layoffs


def _takes(meld: Verdict, rules: Rules) -> list[Piece]:
    """The single pieces that a valid meld on the table would accept (R-TURN-3)."""
    cards = _is_cards(rules)
    if meld.kind == "group":
        if len(meld.reading) >= 4:
            return []
        present = {_suit_of(piece) for piece in meld.reading}
        number = _number_of(meld.reading[0])
        everything: Iterable[Suit | Colour] = Suit if cards else Colour
        return [_make(number, suit, cards) for suit in everything if suit not in present]
    suit = _suit_of(meld.reading[0])
    assert suit is not None
    numbers = [_number_of(piece) for piece in meld.reading]
    low, high = numbers[0], numbers[-1]
    if high < low:  # an ace read high sits last with number 1
        high = 14
    top = 14 if isinstance(rules, RummyRules) and rules.ace == "low_or_high" and low >= 2 else 13
    ends = []
    if low > 1 and not (cards and high == 14 and low - 1 == 1):
        ends.append(low - 1)
    if high < top:
        ends.append(high + 1)
    return [_make(n, suit, cards) for n in ends]


def check_layoff(meld: Iterable[Piece], pieces: Iterable[Piece], rules: Rules) -> Verdict:
    """Judge laying ``pieces`` off onto ``meld`` on the table (R-TURN-3, R-TURN-4): the meld must stay valid.

    A run may be extended at either end, a group of three made four; the table's pieces never move.
    """
    on_table = tuple(meld)
    added = tuple(pieces)
    _check_types(on_table + added, rules)
    cards = _is_cards(rules)
    rule = "R-TURN-3" if cards else "K-MELD-1"
    before = check_meld(on_table, rules)
    everything = on_table + added
    if not before.ok:
        return _fail(
            "layoff.bad_meld",
            before.rule or rule,
            everything,
            meld=messages.pieces_short(on_table),
            why=before.message,
        )
    takes = _takes(before, rules)
    takes_text = messages.join(messages.piece_short(piece) for piece in takes)
    base: dict[str, object] = {
        "meld": messages.pieces_short(on_table),
        "added": messages.pieces_short(added),
        "takes": takes_text,
    }
    if not added:
        return _fail("layoff.nothing", rule, everything, missing=takes, context=base)
    after = check_meld(everything, rules)
    if after.ok and after.kind == before.kind:
        return Verdict(
            ok=True,
            kind=after.kind,
            points=after.points,
            reason=None,
            rule=rule,
            message=messages.text(
                "valid.layoff",
                now=messages.pieces_short(after.reading),
                points=after.points,
                **base,
            ),
            pieces=everything,
            reading=after.reading,
            jokers=after.jokers,
            params=tuple(sorted(base.items())),
        )
    if cards:
        repeated = [piece for piece in added if piece in on_table]
        if repeated:
            return _fail(
                "layoff.duplicate",
                "R-SETUP-1",
                everything,
                missing=takes,
                card=messages.piece_short(repeated[0]),
                context=base,
            )
    full = not takes
    if before.kind == "group":
        number = _number_of(before.reading[0])
        wrong = [piece for piece in added if not piece.is_joker and _number_of(piece) != number]
        if full:
            return _fail(
                "layoff.group_full",
                "R-MELD-1" if cards else "K-MELD-2",
                everything,
                kind="group",
                context=base,
            )
        if wrong:
            return _fail(
                "layoff.wrong_rank",
                "R-MELD-1" if cards else "K-MELD-2",
                everything,
                kind="group",
                missing=takes,
                odd=messages.join(messages.piece_short(piece) for piece in wrong),
                context=base,
            )
        return _fail(
            "layoff.group_suit",
            "R-MELD-1" if cards else "K-MELD-2",
            everything,
            kind="group",
            missing=takes,
            why=after.message,
            context=base,
        )
    suit = _suit_of(before.reading[0])
    assert suit is not None
    wrong = [piece for piece in added if not piece.is_joker and _suit_of(piece) != suit]
    if wrong:
        return _fail(
            "layoff.wrong_suit" if cards else "layoff.wrong_colour",
            "R-MELD-2" if cards else "K-MELD-3",
            everything,
            kind="run",
            missing=takes,
            odd=messages.join(messages.piece_short(piece) for piece in wrong),
            suit=_suit_word(suit),
            context=base,
        )
    if after.reason in ("run.gap", "run.gaps", "run.gap_jokers"):
        return _fail(
            "layoff.gap",
            "R-TURN-3" if cards else "K-MELD-3",
            everything,
            kind="run",
            missing=after.missing,
            needed=messages.join(messages.piece_short(piece) for piece in after.missing),
            context=base,
        )
    return _fail(
        "layoff.not_at_end",
        after.rule or rule,
        everything,
        kind="run",
        missing=takes,
        why=after.message,
        context=base,
    )


# ---------------------------------------------------------------------------------------------
# the Rummikub initial meld


def check_opening(melds: Iterable[Iterable[Tile]], rules: RummikubRules) -> Verdict:
    """Judge a Rummikub initial meld: valid sets from the player's own rack worth at least 30 together (K-OPEN-2)."""
    if not isinstance(rules, RummikubRules):
        raise RulesError(
            "only Rummikub has an initial meld (K-OPEN-2); Rummy has no minimum (R-TURN-4)"
        )
    sets = [tuple(meld) for meld in melds]
    everything = tuple(tile for meld in sets for tile in meld)
    _check_types(everything, rules)
    needed = rules.initial_meld_points
    if not sets or not everything:
        return _fail("opening.empty", "K-OPEN-2", everything, needed=needed)
    copies = Counter(tile for tile in everything if not tile.is_joker)
    too_many = [tile for tile, count in copies.items() if count > 2]
    if too_many:
        return _fail(
            "opening.too_many_copies", "K-SET-1", everything, tile=messages.piece_short(too_many[0])
        )
    joker_count = sum(1 for tile in everything if tile.is_joker)
    if joker_count > rules.jokers:
        return _fail(
            "meld.too_many_jokers", "K-SET-1", everything, count=joker_count, allowed=rules.jokers
        )
    total = 0
    verdicts = []
    for number, meld in enumerate(sets, start=1):
        verdict = check_meld(meld, rules)
        if not verdict.ok:
            return _fail(
                "opening.bad_set",
                verdict.rule or "K-MELD-1",
                everything,
                number=number,
                meld=messages.pieces_short(meld),
                why=verdict.message,
            )
        verdicts.append(verdict)
        total += verdict.points
    sums = " + ".join(str(verdict.points) for verdict in verdicts) if len(verdicts) > 1 else ""
    breakdown = messages.text("opening.breakdown", sums=sums) if sums else ""
    if total < needed:
        return Verdict(
            ok=False,
            kind=None,
            points=total,
            reason="opening.short",
            rule="K-OPEN-2",
            message=messages.text(
                "opening.short",
                points=total,
                needed=needed,
                short=needed - total,
                breakdown=breakdown,
            ),
            pieces=everything,
            params=(("needed", needed), ("points", total), ("short", needed - total)),
        )
    kind = verdicts[0].kind if len(verdicts) == 1 else None
    return Verdict(
        ok=True,
        kind=kind,
        points=total,
        reason=None,
        rule="K-OPEN-2",
        message=messages.text("valid.opening", points=total, needed=needed, breakdown=breakdown),
        pieces=everything,
        reading=tuple(piece for verdict in verdicts for piece in verdict.reading),
        jokers=tuple(tile for verdict in verdicts for tile in verdict.jokers),
        params=(("needed", needed), ("points", total)),
    )
