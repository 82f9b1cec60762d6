"""The Rummikub initial meld (K-OPEN-2): valid sets from the player's own rack worth enough together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummy_teach import messages
from rummy_teach.errors import RulesError
from rummy_teach.melds.terms import check_types, meld_failure
from rummy_teach.pieces import Tile, as_pieces
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import in_card_words, shown_by
from rummy_teach.verdict import Verdict, failed, passed

__all__ = ["check_opening", "opening_breakdown"]


def opening_breakdown(values: Sequence[int]) -> str:
    """How an opening of several sets adds up, `` (10 + 12 + 9)``; empty for a single set."""
    if len(values) < 2:
        return ""
    return messages.text("opening.breakdown", sums=" + ".join(str(value) for value in values))


def _as_declared(meld: Sequence[Tile], rules: RummikubRules) -> Verdict:
    """``check_meld`` of a set whose jokers stand for what they were declared as (K-MELD-5)."""
    from rummy_teach.rummikub.sets import set_verdict  # here: rummikub builds on melds

    return set_verdict(meld, rules)


def check_opening(melds: Iterable[Iterable[Tile]], rules: RummikubRules) -> Verdict:
    """Judge a Rummikub initial meld (K-OPEN-2), said with cards under card rules (K-CARDS-1)."""
    with shown_by(rules):
        return in_card_words(_check_opening(melds, rules), rules)


def _check_opening(melds: Iterable[Iterable[Tile]], rules: RummikubRules) -> Verdict:
    """Judge a Rummikub initial meld: valid sets from the player's own rack worth at least 30 together (K-OPEN-2)."""
    if not isinstance(rules, RummikubRules):
        raise RulesError(
            "only Rummikub has an initial meld (K-OPEN-2); Rummy has no minimum (R-TURN-4)"
        )
    sets = [
        as_pieces(meld, "each set of an opening") for meld in as_pieces(melds, "an opening", "sets")
    ]
    everything = tuple(tile for meld in sets for tile in meld)
    check_types(everything, rules)
    needed = rules.initial_meld_points
    if not sets or not everything:
        return meld_failure("opening.empty", "K-OPEN-2", everything, needed=needed)
    copies = Counter(tile for tile in everything if not tile.is_joker)
    too_many = [tile for tile, count in copies.items() if count > 2]
    if too_many:
        return meld_failure(
            "opening.too_many_copies", "K-SET-1", everything, tile=messages.piece_short(too_many[0])
        )
    joker_count = sum(1 for tile in everything if tile.is_joker)
    if joker_count > rules.jokers:
        return meld_failure(
            "meld.too_many_jokers", "K-SET-1", everything, count=joker_count, allowed=rules.jokers
        )
    total = 0
    verdicts = []
    for number, meld in enumerate(sets, start=1):
        verdict = _as_declared(meld, rules)
        if not verdict.ok:
            return meld_failure(
                "opening.bad_set",
                verdict.rule or "K-MELD-1",
                everything,
                number=number,
                meld=messages.meld_short(meld),
                why=verdict.message,
            )
        verdicts.append(verdict)
        total += verdict.points
    breakdown = opening_breakdown([verdict.points for verdict in verdicts])
    if total < needed:
        return failed(
            "opening.short",
            "K-OPEN-2",
            everything,
            points=total,
            needed=needed,
            short=needed - total,
            breakdown=breakdown,
        )
    kind = verdicts[0].kind if len(verdicts) == 1 else None
    return passed(
        "valid.opening",
        "K-OPEN-2",
        everything,
        kind=kind,
        points=total,
        reading=tuple(piece for verdict in verdicts for piece in verdict.reading),
        jokers=tuple(tile for verdict in verdicts for tile in verdict.jokers),
        needed=needed,
        breakdown=breakdown,
    )
