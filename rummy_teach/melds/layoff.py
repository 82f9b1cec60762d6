"""Laying pieces off onto a meld on the table (R-TURN-3, R-TURN-4, K-MELD-1): the meld must stay valid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rummy_teach import messages
from rummy_teach.melds.reading import check_meld
from rummy_teach.melds.terms import (
    check_types,
    make_piece,
    meld_failure,
    number_of,
    suit_of,
    suit_word,
    terms_for,
)
from rummy_teach.pieces import Piece, as_pieces
from rummy_teach.rules import Rules, RummyRules
from rummy_teach.rummikub.card_words import shown_by
from rummy_teach.verdict import Verdict, passed

__all__ = ["check_layoff", "layoff_takes"]


def layoff_takes(meld: Verdict, rules: Rules) -> list[Piece]:
    """The single pieces that a valid meld on the table would accept (R-TURN-3)."""
    terms = terms_for(rules)
    cards = terms.cards
    if meld.kind == "group":
        if len(meld.reading) >= 4:
            return []
        # a group's jokers take whichever colours are missing: theirs are not taken (K-JOKER-1)
        stand_ins: Counter[Piece] = Counter(meld.jokers)
        real = [piece for piece in meld.reading if not _taken(stand_ins, piece)]
        present = {suit_of(piece) for piece in real}
        number = number_of(meld.reading[0])
        return [make_piece(number, suit, cards) for suit in terms.suits if suit not in present]
    suit = suit_of(meld.reading[0])
    assert suit is not None
    numbers = [number_of(piece) for piece in meld.reading]
    low, high = numbers[0], numbers[-1]
    if high < low:  # an ace read high sits last with number 1
        high = 14
    top = 14 if isinstance(rules, RummyRules) and rules.ace == "low_or_high" and low >= 2 else 13
    ends = []
    if low > 1 and not (cards and high == 14 and low - 1 == 1):
        ends.append(low - 1)
    if high < top:
        ends.append(high + 1)
    pieces = [make_piece(n, suit, cards) for n in ends]
    return list(dict.fromkeys(pieces))  # an ace high or low is one card at either end


def _taken(stand_ins: Counter[Piece], piece: Piece) -> bool:
    """True (and counted off) when ``piece`` in a reading is what one of its jokers stands for."""
    if stand_ins[piece]:
        stand_ins[piece] -= 1
        return True
    return False


def check_layoff(meld: Iterable[Piece], pieces: Iterable[Piece], rules: Rules) -> Verdict:
    """Judge laying ``pieces`` off onto ``meld`` on the table (R-TURN-3, R-TURN-4): the meld must stay valid.

    A run may be extended at either end, a group of three made four; the table's pieces never move.
    Under ``pieces="cards"`` the pieces are named as their cards (K-CARDS-1).
    """
    with shown_by(rules):
        return _check_layoff(meld, pieces, rules)


def _check_layoff(meld: Iterable[Piece], pieces: Iterable[Piece], rules: Rules) -> Verdict:
    """``check_layoff`` with the pieces named as they are shown now."""
    on_table = as_pieces(meld, "the meld on the table")
    added = as_pieces(pieces, "the pieces laid off")
    check_types(on_table + added, rules)
    terms = terms_for(rules)
    cards = terms.cards
    rule = terms.rule("layoff")
    before = check_meld(on_table, rules)
    everything = on_table + added
    if not before.ok:
        return meld_failure(
            "layoff.bad_meld",
            before.rule or rule,
            everything,
            meld=messages.meld_short(on_table),
            why=before.message,
        )
    takes = layoff_takes(before, rules)
    takes_text = messages.join(messages.piece_short(piece) for piece in takes)
    base: dict[str, object] = {
        "meld": messages.meld_short(on_table),
        "added": messages.meld_short(added),
        "takes": takes_text,
    }
    if not added:
        return meld_failure("layoff.nothing", rule, everything, missing=takes, context=base)
    after = check_meld(everything, rules)
    if after.ok and after.kind == before.kind:
        return passed(
            "valid.layoff",
            rule,
            everything,
            kind=after.kind,
            points=after.points,
            reading=after.reading,
            jokers=after.jokers,
            now=messages.pieces_short(after.reading),
            words=base,
        )
    if cards:
        repeated = [piece for piece in added if piece in on_table]
        if repeated:
            return meld_failure(
                "layoff.duplicate",
                "R-SETUP-1",
                everything,
                missing=takes,
                card=messages.piece_short(repeated[0]),
                context=base,
            )
    full = not takes
    if before.kind == "group":
        number = number_of(before.reading[0])
        wrong = [piece for piece in added if not piece.is_joker and number_of(piece) != number]
        if full:
            return meld_failure(
                "layoff.group_full",
                terms.rule("group"),
                everything,
                kind="group",
                context=base,
            )
        if wrong:
            return meld_failure(
                "layoff.wrong_rank",
                terms.rule("group"),
                everything,
                kind="group",
                missing=takes,
                odd=messages.pieces_listed(wrong),
                odd_count=len(wrong),
                context=base,
            )
        return meld_failure(
            "layoff.group_suit",
            terms.rule("group"),
            everything,
            kind="group",
            missing=takes,
            why=after.message,
            context=base,
        )
    suit = suit_of(before.reading[0])
    assert suit is not None
    wrong = [piece for piece in added if not piece.is_joker and suit_of(piece) != suit]
    if wrong and takes:  # a run of 1-13 (A-K) takes nothing of any suit: no room, below
        return meld_failure(
            terms.reason("layoff_wrong_suit"),
            terms.rule("run"),
            everything,
            kind="run",
            missing=takes,
            odd=messages.pieces_listed(wrong),
            odd_count=len(wrong),
            suit=suit_word(suit),
            context=base,
        )
    if after.reason in ("run.gap", "run.gaps", "run.gap_jokers"):
        return meld_failure(
            "layoff.gap",
            terms.rule("layoff_gap"),
            everything,
            kind="run",
            missing=after.missing,
            needed=messages.join(messages.piece_short(piece) for piece in after.missing),
            context=base,
        )
    return meld_failure(
        "layoff.not_at_end" if takes else "layoff.no_room",
        after.rule or rule,
        everything,
        kind="run",
        missing=takes,
        why=after.message,
        context=base,
    )
