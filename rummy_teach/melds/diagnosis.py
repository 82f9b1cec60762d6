"""Why pieces are not a meld: a run with a gap, round the corner, ace high, mixed suits or numbers.

Each function gets pieces that no reading accepts and returns the failed ``Verdict`` that names
the actual problem with the actual pieces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_teach import messages
from rummy_teach.melds.terms import (
    make_piece,
    meld_failure,
    number_of,
    run_span,
    suit_of,
    suit_word,
    terms_for,
)
from rummy_teach.pieces import Card, Colour, Piece, Suit
from rummy_teach.rules import Rules, RummyRules
from rummy_teach.verdict import Verdict

__all__ = ["mixed_failure", "run_failure"]


def run_failure(
    real: Sequence[Piece],
    numbers: list[int],
    joker_count: int,
    suit: Suit | Colour,
    pieces: Sequence[Piece],
    rules: Rules,
) -> Verdict:
    """Say why one-suit pieces are no run: round the corner, ace high, a gap, or too long."""
    terms = terms_for(rules)
    cards = terms.cards
    if len(numbers) + joker_count > 13:
        return meld_failure(
            "run.too_long", terms.rule("run"), pieces, kind="run", count=len(pieces)
        )
    for cut in range(1, 13):
        if cut not in numbers:
            continue
        turned = sorted(n + 13 if n <= cut else n for n in numbers)
        if run_span(turned, joker_count, 26) is not None and max(turned) <= 26:
            low, high = min(turned), max(turned)
            ace_high_only = cards and cut == 1 and high == 14
            if ace_high_only and isinstance(rules, RummyRules) and rules.ace == "low":
                return meld_failure("run.ace_high", "R-MELD-3", pieces, kind="run")
            corner = [make_piece(n if n <= 13 else n - 13, suit, cards) for n in (low, high)]
            return meld_failure(
                terms.reason("wrap"),
                terms.rule("ace"),
                pieces,
                kind="run",
                first=messages.piece_short(corner[0]),
                last=messages.piece_short(corner[1]),
            )
    if 1 in numbers and isinstance(rules, RummyRules) and rules.ace == "low_or_high":
        high_ace = [14 if n == 1 else n for n in numbers]  # the ace may sit above the king
        numbers = min(numbers, high_ace, key=lambda ns: max(ns) - min(ns))
    present = set(numbers)
    low, high = min(numbers), max(numbers)
    absent = [n for n in range(low, high + 1) if n not in present]
    missing = [make_piece(n, suit, cards) for n in absent]
    if absent[-1] - absent[0] + 1 == len(absent):  # one gap: name the pieces either side of it
        low, high = absent[0] - 1, absent[-1] + 1
    gap_params: dict[str, object] = {
        "gap": messages.join(messages.piece_short(piece) for piece in missing),
        "count": len(missing),
        "low": messages.piece_short(make_piece(low, suit, cards)),
        "high": messages.piece_short(make_piece(high, suit, cards)),
        "jokers": joker_count,
    }
    if joker_count:
        key = "run.gap_jokers"
    elif len(missing) == 1:
        key = "run.gap"
    else:
        key = "run.gaps"
    verdict = meld_failure(
        key, terms.rule("run"), pieces, kind="run", missing=missing, context=gap_params
    )
    return verdict


def mixed_failure(
    real: Sequence[Piece], joker_count: int, pieces: Sequence[Piece], rules: Rules
) -> Verdict:
    """Say why pieces of several numbers and several suits are no meld."""
    terms = terms_for(rules)
    cards = terms.cards
    numbers = Counter(number_of(piece) for piece in real)
    suits = Counter(suit_of(piece) for piece in real)
    common_number, number_count = numbers.most_common(1)[0]
    common_suit, suit_count = suits.most_common(1)[0]
    assert common_suit is not None
    named = sorted((suit for suit in suits if suit is not None), key=lambda suit: suit.order)
    suit_names = messages.join(suit_word(suit) for suit in named)
    looks_like_run = (
        len(numbers) == len(real) and run_span(sorted(numbers), joker_count, 13) is not None
    )
    in_suit = [number_of(piece) for piece in real if suit_of(piece) == common_suit]
    suit_could_run = (
        len(set(in_suit)) == len(in_suit) and run_span(sorted(in_suit), joker_count, 13) is not None
    )
    # a tie goes to the run only if the suit's pieces could still be one ("9♥ 9♠ K♠": K♠ is odd)
    run_reading = suit_count > number_count or (suit_count == number_count and suit_could_run)
    if looks_like_run or (suit_count >= 2 and run_reading):
        odd = [piece for piece in real if suit_of(piece) != common_suit]
        same_colour = cards and len({suit.is_red for suit in suits if isinstance(suit, Suit)}) == 1
        key = "run.mixed_suits_same_colour" if same_colour else terms.reason("mixed_suits")
        return meld_failure(
            key,
            terms.rule("run"),
            pieces,
            kind="run",
            suits=suit_names,
            odd=messages.pieces_listed(odd),
            odd_count=len(odd),
            suit=suit_word(common_suit),
        )
    if number_count >= 2:
        odd = [piece for piece in real if number_of(piece) != common_number]
        return meld_failure(
            terms.reason("mixed_numbers"),
            terms.rule("group"),
            pieces,
            kind="group",
            odd=messages.pieces_listed(odd),
            odd_count=len(odd),
            number=Card(common_number, Suit.SPADES).rank_text if cards else common_number,
        )
    return meld_failure(terms.reason("neither"), terms.rule("run"), pieces)
