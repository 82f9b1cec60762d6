"""Each game's words for the meld checks: rule ids and reason keys in one table per game, and shared helpers.

The checks ask ``terms_for(rules)`` once and then never which game they judge: ``terms.rule("run")``
is R-MELD-2 for cards and K-MELD-3 for tiles, ``terms.reason("too_few")`` the message key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.pieces import Card, Colour, Piece, Suit, Tile
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.verdict import Kind, Verdict, failed

__all__ = [
    "RUMMIKUB_CARD_TERMS",
    "RUMMIKUB_TERMS",
    "RUMMY_TERMS",
    "Terms",
    "check_types",
    "make_piece",
    "meld_failure",
    "number_of",
    "run_span",
    "suit_of",
    "suit_word",
    "terms_for",
]


@dataclass(frozen=True, slots=True)
class Terms:
    """One game's rule ids (by concept) and reason keys (by concept) for the meld checks."""

    cards: bool
    rules: Mapping[str, str]
    reasons: Mapping[str, str]
    suits: tuple[Suit, ...] | tuple[Colour, ...]

    def rule(self, concept: str) -> str:
        """The rule id that decides ``concept`` (``group``, ``run``, ``ace``, ``deck``, ``layoff``, …)."""
        return self.rules[concept]

    def reason(self, concept: str) -> str:
        """The message key for ``concept`` in this game (cards and tiles are worded apart)."""
        return self.reasons.get(concept, concept)


_SHARED_RULES = {"joker": "K-MELD-5"}
_SHARED_REASONS = {"jokers_only": "meld.jokers_only", "duplicate_colour": "group.duplicate_colour"}

RUMMY_TERMS = Terms(
    cards=True,
    rules={
        **_SHARED_RULES,
        "group": "R-MELD-1",
        "run": "R-MELD-2",
        "ace": "R-MELD-3",
        "deck": "R-SETUP-1",
        "layoff": "R-TURN-3",
        "layoff_gap": "R-TURN-3",
    },
    reasons={
        "empty": "meld.empty",
        "too_few_one": "meld.too_few_one",
        "too_few": "meld.too_few",
        "neither": "meld.neither",
        "wrap": "run.wrap",
        "mixed_suits": "run.mixed_suits",
        "mixed_numbers": "group.mixed_ranks",
        "valid_run": "valid.run",
        "layoff_wrong_suit": "layoff.wrong_suit",
        **_SHARED_REASONS,
    },
    suits=tuple(Suit),
)
"""Rummy's words: cards, suits, ranks (R-*)."""

RUMMIKUB_TERMS = Terms(
    cards=False,
    rules={
        **_SHARED_RULES,
        "group": "K-MELD-2",
        "run": "K-MELD-3",
        "ace": "K-MELD-3",
        "deck": "K-SET-1",
        "layoff": "K-MELD-1",
        "layoff_gap": "K-MELD-3",
    },
    reasons={
        "empty": "meld.empty_tiles",
        "too_few_one": "meld.too_few_one_tile",
        "too_few": "meld.too_few_tiles",
        "neither": "meld.neither_tiles",
        "wrap": "run.wrap_tiles",
        "mixed_suits": "run.mixed_colours",
        "mixed_numbers": "group.mixed_numbers",
        "valid_run": "valid.run_tiles",
        "layoff_wrong_suit": "layoff.wrong_colour",
        **_SHARED_REASONS,
    },
    suits=tuple(Colour),
)
"""Rummikub's words: tiles, colours, numbers (K-*)."""

RUMMIKUB_CARD_TERMS = Terms(
    cards=False,  # the pieces are still tiles: cards are only how they are shown (K-CARDS-1)
    rules=RUMMIKUB_TERMS.rules,
    reasons={
        **RUMMIKUB_TERMS.reasons,
        "empty": "meld.empty_rummikub_cards",
        "too_few_one": "meld.too_few_one_rummikub_card",
        "too_few": "meld.too_few_rummikub_cards",
        "jokers_only": "meld.jokers_only_rummikub_cards",
        "duplicate_colour": "group.duplicate_colour_cards",
        "mixed_numbers": "group.mixed_numbers_cards",
        "valid_run": "valid.run_rummikub_cards",
        "layoff_wrong_suit": "layoff.wrong_colour_cards",
    },
    suits=tuple(Colour),
)
"""Rummikub's words when it is played with two card decks (K-CARDS-1): cards, colours, numbers."""


def terms_for(rules: Rules) -> Terms:
    """The words of the game ``rules`` belong to (Rummikub with cards says cards, K-CARDS-1)."""
    if isinstance(rules, RummyRules):
        return RUMMY_TERMS
    if isinstance(rules, RummikubRules) and rules.pieces == "cards":
        return RUMMIKUB_CARD_TERMS
    return RUMMIKUB_TERMS


def check_types(pieces: Sequence[Piece], rules: Rules) -> None:
    """Refuse rules that are neither game's, and pieces of the other game (``RulesError``)."""
    if not isinstance(rules, (RummyRules, RummikubRules)):
        raise RulesError(f"rules must be RummyRules or RummikubRules, not {shown(rules)}")
    wanted = Card if isinstance(rules, RummyRules) else Tile
    for piece in pieces:
        if not isinstance(piece, wanted):
            game = (
                "Rummy is played with cards" if wanted is Card else "Rummikub is played with tiles"
            )
            raise RulesError(f"{game}: {shown(piece)} does not belong")


def suit_of(piece: Piece) -> Suit | Colour | None:
    """A card's suit or a tile's colour (None for a joker)."""
    return piece.suit if isinstance(piece, Card) else piece.colour


def number_of(piece: Piece) -> int:
    """A card's rank or a tile's number."""
    return piece.rank if isinstance(piece, Card) else piece.number


def make_piece(number: int, suit: Suit | Colour, cards: bool) -> Piece:
    """The piece of ``number`` in ``suit``; 14 means an ace played high."""
    if cards:
        assert isinstance(suit, Suit)
        return Card(1 if number == 14 else number, suit)
    assert isinstance(suit, Colour)
    return Tile(number, suit)


def suit_word(suit: Suit | Colour) -> str:
    """The suit's or colour's name in the learner's words."""
    if isinstance(suit, Suit):
        return messages.text(f"suit.{suit.name.lower()}")
    return messages.text(f"colour.{suit.name.lower()}")


def run_span(numbers: Sequence[int], joker_count: int, top: int) -> tuple[int, int] | None:
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


def meld_failure(
    reason: str,
    rule: str,
    pieces: Sequence[Piece],
    *,
    kind: Kind | None = None,
    missing: Sequence[Piece] = (),
    context: Mapping[str, object] | None = None,
    **params: object,
) -> Verdict:
    """A meld check's failed verdict: ``context`` and ``params`` word it, ``pieces`` named by default."""
    words = {**(context or {}), **params}
    words.setdefault("pieces", messages.meld_short(pieces))
    return failed(reason, rule, pieces, kind=kind, missing=missing, words=words)
