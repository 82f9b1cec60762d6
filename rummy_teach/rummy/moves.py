"""Rummy's five moves as small frozen values, and their notation: ``parse_move(str(move)) == move``.

>>> parse_move("meld 7H 5H 6H")
LayMeld(cards=(Card.parse('5H'), Card.parse('6H'), Card.parse('7H')))
>>> str(LayOff(2, parse_move("meld 9S").cards))
'layoff 2 9S'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from rummy_teach.errors import NotationError, RulesError, shown
from rummy_teach.pieces import Card, format_pieces, parse_cards

__all__ = [
    "MOVE_TYPES",
    "Discard",
    "DrawStock",
    "LayMeld",
    "LayOff",
    "Move",
    "as_cards",
    "parse_move",
]


def as_cards(cards: object) -> tuple[Card, ...]:
    """Cards from notation or Card values, sorted by suit then rank (so equal moves are equal)."""
    if isinstance(cards, str):
        found: list[Card] = parse_cards(cards)
    elif isinstance(cards, Iterable):
        found = list(cards)
    else:
        raise RulesError(f"a move's cards are Card values or notation, not {shown(cards)}")
    for card in found:
        if not isinstance(card, Card):
            raise RulesError(f"Rummy is played with cards: {shown(card)} does not belong")
    return tuple(sorted(found))


def _written(*words: str) -> str:
    """Words joined by single spaces, empty ones left out (``meld`` with no cards is ``meld``)."""
    return " ".join(word for word in words if word)


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (R-TURN-1); an empty stock is rebuilt first (R-STOCK-1)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (R-TURN-1); it may not go back this turn (R-TURN-6)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay down one new meld from the hand (R-TURN-2); cards are kept in suit-then-rank order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", as_cards(self.cards))

    @classmethod
    def parse(cls, text: str) -> LayMeld:
        """A meld of the cards written in notation: ``LayMeld.parse("5H 6H 7H")``."""
        return cls(tuple(parse_cards(text)))

    def __str__(self) -> str:
        return _written("meld", format_pieces(self.cards))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay off hand cards onto meld number ``meld`` of ``state.table``, anyone's (R-TURN-3)."""

    meld: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if type(self.meld) is not int or self.meld < 0:
            raise RulesError(
                f"a layoff names a meld on the table by its index 0, 1, 2 ..., not {shown(self.meld)}"
            )
        object.__setattr__(self, "cards", as_cards(self.cards))

    @classmethod
    def parse(cls, meld: int, text: str) -> LayOff:
        """A layoff of the cards written in notation onto meld number ``meld``."""
        return cls(meld, tuple(parse_cards(text)))

    def __str__(self) -> str:
        return _written("layoff", str(self.meld), format_pieces(self.cards))


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up, ending the turn (R-TURN-5)."""

    card: Card

    def __post_init__(self) -> None:
        card = self.card
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            raise RulesError(f"Rummy is played with cards: {shown(card)} does not belong")
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"discard {self.card}"


Move: TypeAlias = DrawStock | TakeDiscard | LayMeld | LayOff | Discard
MOVE_TYPES = (DrawStock, TakeDiscard, LayMeld, LayOff, Discard)
"""Every move type, for ``isinstance`` checks."""

# ---------------------------------------------------------------------------------------------
# reading notation

_TOKEN = re.compile(r"[^\s,]+")
_MOVES_HELP = "write draw, take, meld <cards>, layoff <meld number> <cards> or discard <card>"
_Token: TypeAlias = tuple[int, int, str]
"""A word of a move: its 1-based position among the words, its character offset, its text."""


def _bad(text: str, token: _Token, why: str) -> NotationError:
    """A NotationError naming ``token`` of the move ``text`` and where it stands."""
    position, offset, word = token
    return NotationError(
        f"bad move {shown(text)}: {why} (word {position} {shown(word)}, at character {offset})",
        token=word,
        position=position,
        offset=offset,
    )


def _cards(text: str, tokens: Sequence[_Token]) -> tuple[Card, ...]:
    """The cards written by ``tokens``; a word that is no card is named."""
    found: list[Card] = []
    for token in tokens:
        try:
            found += parse_cards(token[2])
        except NotationError as error:
            raise _bad(
                text, token, "a card is a rank (A, 2-10, J, Q, K) and a suit, e.g. 10H or Q♠"
            ) from error
    return tuple(found)


def _nothing_more(text: str, tokens: Sequence[_Token]) -> None:
    """``draw`` and ``take`` are one word: the first extra word is named."""
    if len(tokens) > 1:
        raise _bad(text, tokens[1], f"{tokens[0][2]} takes nothing after it")


def _discard(text: str, tokens: Sequence[_Token]) -> Discard:
    """``discard <card>``: exactly one card."""
    if len(tokens) == 1:
        raise _bad(text, tokens[0], "name the card to discard, e.g. 'discard KS'")
    if len(tokens) > 2:
        raise _bad(text, tokens[2], "discard one card only")
    (card,) = _cards(text, tokens[1:])
    return Discard(card)


def _layoff(text: str, tokens: Sequence[_Token]) -> LayOff:
    """``layoff <meld number> <cards>``."""
    example = "a layoff is written 'layoff <meld number> <cards>', e.g. 'layoff 0 8H'"
    if len(tokens) == 1:
        raise _bad(text, tokens[0], example)
    index = tokens[1][2]
    if not (index.isascii() and index.isdigit()):
        raise _bad(text, tokens[1], example)
    return LayOff(int(index), _cards(text, tokens[2:]))


def parse_move(text: str) -> Move:
    """Read a move in the notation ``str(move)`` writes: ``draw``, ``take``, ``meld 5H 6H 7H``,
    ``layoff 0 8H``, ``discard KS``; bad notation raises ``NotationError`` naming the bad word."""
    if not isinstance(text, str):
        raise NotationError(
            f"a move is written as text, not {shown(text)}", token=shown(text), position=0, offset=0
        )
    tokens = [
        (position, match.start(), match.group())
        for position, match in enumerate(_TOKEN.finditer(text), start=1)
    ]
    if not tokens:
        raise NotationError(f"an empty move: {_MOVES_HELP}", token=text, position=0, offset=0)
    word = tokens[0][2].lower()
    if word in ("draw", "take"):
        _nothing_more(text, tokens)
        return DrawStock() if word == "draw" else TakeDiscard()
    if word == "meld":
        return LayMeld(_cards(text, tokens[1:]))
    if word == "layoff":
        return _layoff(text, tokens)
    if word == "discard":
        return _discard(text, tokens)
    raise _bad(text, tokens[0], f"unknown move: {_MOVES_HELP}")
