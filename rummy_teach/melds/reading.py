"""Reading pieces as a meld (R-MELD-*, K-MELD-*): ``check_meld``, groups, runs, and what each joker stands for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds.diagnosis import mixed_failure, run_failure
from rummy_teach.melds.terms import (
    check_types,
    make_piece,
    meld_failure,
    number_of,
    run_span,
    suit_of,
    suit_word,
    terms_for,
)
from rummy_teach.melds.values import card_value
from rummy_teach.pieces import Card, Colour, Piece, Tile, as_pieces
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummikub.card_words import shown_by
from rummy_teach.verdict import Kind, Verdict, passed

__all__ = ["check_meld"]


@dataclass(frozen=True, slots=True)
class _Reading:
    """A valid way to read a meld: the ordered pieces, what the jokers stand for, its value."""

    kind: Kind
    reading: tuple[Piece, ...]
    jokers: tuple[Tile, ...]
    points: int


def _value_of(piece: Piece, number: int, rules: Rules) -> int:
    """A piece's worth inside a meld: tiles count their number (a joker the number it stands for)."""
    if isinstance(rules, RummyRules):
        assert isinstance(piece, Card)
        return card_value(piece, rules)
    return number


def _read_group(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> _Reading | Verdict:
    """Read ``real`` (all one number) plus jokers as a group (R-MELD-1, K-MELD-2)."""
    terms = terms_for(rules)
    number = number_of(real[0])
    suits = Counter(suit_of(piece) for piece in real)
    doubled = [suit for suit, count in suits.items() if count > 1 and suit is not None]
    if doubled:  # only tiles: a card twice is caught earlier as a duplicate card (R-SETUP-1)
        twice = [piece for piece in real if suit_of(piece) == doubled[0]]
        return meld_failure(
            terms.reason("duplicate_colour"),
            terms.rule("group"),
            pieces,
            kind="group",
            twice=messages.join(messages.piece_short(piece) for piece in twice[:2]),
            suit=suit_word(doubled[0]),
        )
    if len(real) + joker_count > 4:
        return meld_failure(
            "group.too_many", terms.rule("group"), pieces, kind="group", count=len(pieces)
        )
    free = [colour for colour in Colour if colour not in suits]
    stand_ins = tuple(Tile(number, colour) for colour in free[:joker_count])
    ordered = sorted(real, key=lambda piece: suit_of(piece).order)  # type: ignore[union-attr]
    reading = tuple(ordered) + stand_ins
    points = sum(_value_of(piece, number, rules) for piece in reading)
    return _Reading("group", reading, stand_ins, points)


def _read_run(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> _Reading | Verdict:
    """Read ``real`` (all one suit or colour) plus jokers as a run (R-MELD-2, R-MELD-3, K-MELD-3)."""
    terms = terms_for(rules)
    cards = terms.cards
    suit = suit_of(real[0])
    assert suit is not None
    numbers = sorted(number_of(piece) for piece in real)
    repeated = [n for n, count in Counter(numbers).items() if count > 1]
    if repeated:
        twice = [piece for piece in real if number_of(piece) == repeated[0]][:2]
        return meld_failure(
            "run.duplicate_number",
            terms.rule("run"),
            pieces,
            kind="run",
            twice=messages.join(messages.piece_short(piece) for piece in twice),
        )
    readings: list[tuple[int, int, list[int]]] = []
    span = run_span(numbers, joker_count, 13)
    if span is not None:
        readings.append((*span, numbers))
    if cards and 1 in numbers and isinstance(rules, RummyRules) and rules.ace == "low_or_high":
        high_numbers = sorted(14 if n == 1 else n for n in numbers)
        span = run_span(high_numbers, joker_count, 14)
        if span is not None:
            readings.append((*span, high_numbers))
    if readings:
        best: _Reading | None = None
        for low, high, used in readings:
            reading_pieces: list[Piece] = []
            stand_ins: list[Tile] = []
            by_number = {
                (14 if (n == 1 and 14 in used) else n): p
                for n, p in ((number_of(p), p) for p in real)
            }
            points = 0
            for number in range(low, high + 1):
                piece = by_number.get(number)
                if piece is None:
                    stand_in = make_piece(number, suit, cards)
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
        return meld_failure(
            "run.too_long", terms.rule("run"), pieces, kind="run", count=len(pieces)
        )
    return run_failure(real, numbers, joker_count, suit, pieces, rules)


def _valid(reading: _Reading, pieces: Sequence[Piece], rules: Rules) -> Verdict:
    """The verdict for a valid reading, with a sentence saying what was formed."""
    terms = terms_for(rules)
    first = reading.reading[0]
    last = reading.reading[-1]
    suit = suit_of(first)
    params: dict[str, object] = {
        "pieces": messages.pieces_short(pieces),
        "points": reading.points,
        "count": len(reading.reading),
    }
    if reading.kind == "group":
        params["number"] = first.rank_text if isinstance(first, Card) else number_of(first)
        params["count_word"] = messages.text(f"count.{len(reading.reading)}")
        key = "valid.group"
        rule = terms.rule("group")
    else:
        assert suit is not None
        params.update(
            suit=suit_word(suit), low=messages.piece_short(first), high=messages.piece_short(last)
        )
        key = terms.reason("valid_run")
        rule = terms.rule("run")
    message = messages.text(key, **params)
    if reading.jokers:
        message += " " + messages.text(
            "valid.joker" if len(reading.jokers) == 1 else "valid.jokers",
            stand_ins=messages.join(messages.piece_short(tile) for tile in reading.jokers),
        )
        rule = "K-MELD-4"
    return passed(
        key,
        rule,
        pieces,
        kind=reading.kind,
        points=reading.points,
        reading=reading.reading,
        jokers=reading.jokers,
        message=message,
        words=params,
    )


def check_meld(
    pieces: Iterable[Piece], rules: Rules, *, jokers: Sequence[Tile] | None = None
) -> Verdict:
    """Judge whether ``pieces`` (in any order) form a valid group or run under ``rules``.

    ``jokers`` optionally says what each joker stands for, in the order the jokers appear;
    otherwise K-MELD-5 decides: a joker fills a gap first, else extends a run upwards, else
    downwards, in a group takes a missing colour, and the higher-valued reading wins.
    Without ``jokers``, a joker tile's own declaration (``J=R4``) is read as one: the set is judged
    as ``rummikub.set_verdict`` judges it. Under ``pieces="cards"`` the pieces are named as their
    cards (K-CARDS-1).
    """
    with shown_by(rules):
        if jokers is None and isinstance(rules, RummikubRules):
            given = as_pieces(pieces, "a meld")
            if any(isinstance(piece, Tile) and piece.stands is not None for piece in given):
                from rummy_teach.rummikub.sets import set_verdict  # rummikub builds on melds

                return set_verdict(given, rules)
            pieces = given
        return _check_meld(pieces, rules, jokers=jokers)


def read_meld(
    pieces: Iterable[Piece], rules: Rules, *, jokers: Sequence[Tile] | None = None
) -> Verdict:
    """``check_meld`` reading every joker afresh: a joker tile's declaration is not read.

    The engine's own reading of a set, whose declared jokers' fit it judges apart (``settle``)."""
    with shown_by(rules):
        return _check_meld(pieces, rules, jokers=jokers)


def _check_meld(
    pieces: Iterable[Piece], rules: Rules, *, jokers: Sequence[Tile] | None = None
) -> Verdict:
    """``check_meld`` with the pieces named as they are shown now."""
    given = as_pieces(pieces, "a meld")
    check_types(given, rules)
    terms = terms_for(rules)
    cards = terms.cards
    if cards:
        repeated = [piece for piece, count in Counter(given).items() if count > 1]
        if repeated:
            return meld_failure(
                "meld.duplicate_card", "R-SETUP-1", given, card=messages.piece_short(repeated[0])
            )
    joker_count = sum(1 for piece in given if piece.is_joker)
    if isinstance(rules, RummikubRules) and joker_count > rules.jokers:
        return meld_failure(
            "meld.too_many_jokers", "K-MELD-5", given, count=joker_count, allowed=rules.jokers
        )
    real = [piece for piece in given if not piece.is_joker]
    same_number = len({number_of(piece) for piece in real}) <= 1
    if len(given) < 3:
        kind: Kind = "group" if same_number and real else "run"
        if not given:
            key = terms.reason("empty")
        elif len(given) == 1:
            key = terms.reason("too_few_one")
        else:
            key = terms.reason("too_few")
        return meld_failure(key, terms.rule(kind), given, count=len(given))
    if not real:
        return meld_failure(terms.reason("jokers_only"), "K-MELD-5", given, count=joker_count)
    if jokers is not None:
        return _check_declared(given, jokers, rules)
    same_suit = len({suit_of(piece) for piece in real}) == 1
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
    return mixed_failure(real, joker_count, given, rules)


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
            raise RulesError(f"a joker stands for a numbered tile, not {shown(tile)}")
    stand_ins = iter(declared)
    replaced = [next(stand_ins) if piece.is_joker else piece for piece in given]
    verdict = check_meld(replaced, rules)
    if not verdict.ok:
        return meld_failure(
            "meld.declared_invalid",
            verdict.rule or "K-MELD-5",
            given,
            stand_ins_count=len(declared),
            stand_ins=messages.join(messages.piece_short(tile) for tile in declared),
            why=verdict.message,
        )
    return _valid(
        _Reading(verdict.kind or "run", verdict.reading, tuple(declared), verdict.points),
        given,
        rules,
    )
