"""The Rummy table: melds laid down (``TableMeld``), and the hand's meld and layoff candidates.

The candidates are judged afterwards by ``check_meld`` / ``check_layoff``; they list every set of
hand cards that could be a valid meld or layoff, so the legal moves miss none (R-TURN-2, R-TURN-3).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach.melds import Verdict
from rummy_teach.melds.terms import check_types
from rummy_teach.pieces import Card, Suit, as_pieces, format_pieces
from rummy_teach.rules import RummyRules, rummy_rules

__all__ = ["MeldKind", "TableMeld", "grown_table", "layoff_candidates", "meld_candidates"]

MeldKind = Literal["group", "run"]


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its cards in order, who laid it down, who laid off what (R-TURN-3)."""

    cards: tuple[Card, ...]
    player: int
    kind: MeldKind
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """(player, cards) for each layoff onto this meld, in the order they were made."""

    def __str__(self) -> str:
        return format_pieces(self.cards)


def cards_of(verdict: Verdict) -> tuple[Card, ...]:
    """The cards of a valid meld in table order (a Rummy verdict's reading holds only cards)."""
    return tuple(card for card in verdict.reading if isinstance(card, Card))


def new_meld(verdict: Verdict, player: int) -> TableMeld:
    """The meld a valid ``check_meld`` verdict describes, laid down by ``player`` (R-TURN-2)."""
    assert verdict.kind is not None
    return TableMeld(cards_of(verdict), player, verdict.kind)


def grown_table(
    table: tuple[TableMeld, ...],
    index: int,
    verdict: Verdict,
    player: int,
    cards: tuple[Card, ...],
) -> tuple[TableMeld, ...]:
    """The table with meld ``index`` grown by a layoff; cards already there stay (R-TURN-4)."""
    meld = table[index]
    grown = TableMeld(cards_of(verdict), meld.player, meld.kind, (*meld.layoffs, (player, cards)))
    return (*table[:index], grown, *table[index + 1 :])


def _groups(by_rank: dict[int, list[Card]]) -> Iterator[tuple[Card, ...]]:
    """Every 3 or 4 cards of one rank (R-MELD-1)."""
    for rank in sorted(by_rank):
        cards = by_rank[rank]
        for size in range(3, len(cards) + 1):
            yield from itertools.combinations(cards, size)


def _runs(ranks: dict[int, Card], rules: RummyRules) -> Iterator[tuple[Card, ...]]:
    """Every stretch of 3+ consecutive cards of one suit, Q-K-A too if aces may be high (R-MELD-2,
    R-MELD-3)."""
    numbers = sorted(ranks)
    if rules.ace == "low_or_high" and 1 in ranks:
        numbers.append(14)
    seen: set[frozenset[Card]] = set()
    for start in range(len(numbers)):
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
            if end - start + 1 >= 3 and not (numbers[start] == 1 and numbers[end] == 14):
                run = tuple(ranks[1 if n == 14 else n] for n in numbers[start : end + 1])
                key = frozenset(run)
                if key not in seen:
                    seen.add(key)
                    yield tuple(sorted(run))


def meld_candidates(hand: Sequence[Card], rules: RummyRules) -> Iterator[tuple[Card, ...]]:
    """Every set of hand cards that could be a meld: 3 or 4 of a rank, every stretch of 3+
    consecutive cards of a suit (Q-K-A too if aces may be high): every valid meld in ``hand``.
    """
    cards = as_pieces(hand, "the hand", "cards")
    check_types(cards, rummy_rules(rules, "meld_candidates"))
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
    for card in sorted(set(cards)):
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, {})[card.rank] = card
    yield from _groups(by_rank)
    for suit in sorted(by_suit, key=lambda s: s.order):
        yield from _runs(by_suit[suit], rules)


def _run_ends(meld: TableMeld, held: set[Card], rules: RummyRules) -> tuple[list[Card], list[Card]]:
    """The hand cards that extend a run without a gap: below its low end, above its high end."""
    suit = meld.cards[0].suit
    low = meld.cards[0].rank
    high = 14 if meld.cards[-1].rank == 1 and len(meld.cards) > 1 else meld.cards[-1].rank
    top = 14 if rules.ace == "low_or_high" else 13
    below: list[Card] = []
    number = low - 1
    while number >= 1 and Card(number, suit) in held:
        below.append(Card(number, suit))
        number -= 1
    above: list[Card] = []
    number = high + 1
    while number <= top and Card(1 if number == 14 else number, suit) in held:
        above.append(Card(1 if number == 14 else number, suit))
        number += 1
    return below, above


def layoff_candidates(
    meld: TableMeld, hand: Sequence[Card], rules: RummyRules
) -> Iterator[tuple[Card, ...]]:
    """Every set of hand cards that could be laid off onto ``meld``: a group's missing suit,
    or unbroken stretches at either end of a run. Yields every valid layoff (R-TURN-3).
    """
    held = set(hand)
    if meld.kind == "group":
        rank = meld.cards[0].rank
        for suit in Suit:
            card = Card(rank, suit)
            if card in held and card not in meld.cards:
                yield (card,)
        return
    below, above = _run_ends(meld, held, rules)
    for down in range(len(below) + 1):
        for up in range(len(above) + 1):
            if down or up:
                cards = set(below[:down]) | set(above[:up])
                if len(cards) == down + up:
                    yield tuple(sorted(cards))
