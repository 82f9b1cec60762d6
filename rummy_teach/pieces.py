"""Cards and tiles as small frozen values, and the notation that reads and writes them (RULES.md "Notation").

Cards: rank then suit, ``AH 2H … 10H JH QH KH``; suits ``C D H S`` or ``♣ ♦ ♥ ♠``.
Tiles: colour then number, ``K`` black, ``R`` red, ``B`` blue, ``O`` orange (``R7``, ``B13``);
a joker is ``J`` or ``*``. Both are case-insensitive, separated by whitespace or commas.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Union

from rummy_teach.errors import NotationError, RulesError, clipped, shown

__all__ = [
    "Card",
    "Colour",
    "Piece",
    "Suit",
    "Tile",
    "as_pieces",
    "format_pieces",
    "parse_cards",
    "parse_pieces",
    "parse_tiles",
]


class Suit(enum.Enum):
    """The four suits of a 52-card deck, in notation order C, D, H, S."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def order(self) -> int:
        """Position in C, D, H, S order, for sorting."""
        return _SUIT_ORDER[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    __hash__ = object.__hash__  # members are singletons: the C hash, not Enum's Python one


class Colour(enum.Enum):
    """The four Rummikub tile colours, in notation order K (black), R, B, O."""

    BLACK = "K"
    RED = "R"
    BLUE = "B"
    ORANGE = "O"

    @property
    def order(self) -> int:
        """Position in K, R, B, O order, for sorting."""
        return _COLOUR_ORDER[self]

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    __hash__ = object.__hash__  # members are singletons: the C hash, not Enum's Python one


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_COLOUR_ORDER = {colour: index for index, colour in enumerate(Colour)}
_SUIT_BY_LETTER: dict[str, Suit] = {suit.value: suit for suit in Suit}
_SUIT_BY_LETTER.update({symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()})
_SUIT_BY_LETTER.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_COLOUR_BY_LETTER = {colour.value: colour for colour in Colour}
_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_BY_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (ace) to 13 (king) and a ``suit``. Sorts by suit, then rank."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not 1 <= self.rank <= 13:
            raise NotationError(
                f"a card's rank is 1 to 13, not {shown(self.rank)}",
                token=shown(self.rank),
                position=1,
                offset=0,
            )
        if not isinstance(self.suit, Suit):
            raise NotationError(
                f"a card's suit is a Suit, not {shown(self.suit)}",
                token=shown(self.suit),
                position=1,
                offset=0,
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in notation (``"10H"``, ``"qs"``, ``"A♠"``)."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise NotationError(
                f"expected exactly one card, got {len(cards)} in {shown(text)}",
                token=text,
                position=1,
                offset=0,
            )
        return cards[0]

    @property
    def is_joker(self) -> bool:
        """Always False: the 52-card deck has no jokers (R-SETUP-1)."""
        return False

    @property
    def rank_text(self) -> str:
        """The rank as written: A, 2-10, J, Q, K."""
        return _RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, as shown to learners: ``7♥``."""
        return f"{self.rank_text}{self.suit.symbol}"

    def sort_key(self) -> tuple[int, int]:
        """Suit first, then rank: the order a hand is shown in."""
        return (self.suit.order, self.rank)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key() >= other.sort_key()

    def __str__(self) -> str:
        return f"{self.rank_text}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from rummy_teach import svg

        return svg.piece_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()  # inline, so the page keeps its role="img" and aria-label


@dataclass(frozen=True, slots=True)
class Tile:
    """A Rummikub tile: ``number`` 1-13 and a ``colour``, or a joker (``Tile.joker()``).

    Sorts by colour (K, R, B, O), then number; jokers last. A joker may carry ``stands``, the tile
    it stands for (K-MELD-5, declared or as its set was read when laid: ``J=R4``); that is no part
    of what the tile *is*, so a declared joker equals every other joker (counting, conservation).
    """

    number: int
    colour: Colour | None
    stands: Tile | None = field(default=None, compare=False)
    """For a joker on the table: the numbered tile it stands for (K-MELD-5), or None."""

    def __post_init__(self) -> None:
        if self.stands is not None:
            if self.colour is not None:
                raise NotationError(
                    f"only a joker stands for another tile, not {self.colour.value}{self.number}",
                    token=shown(self.stands),
                    position=1,
                    offset=0,
                )
            if not isinstance(self.stands, Tile) or self.stands.is_joker:
                raise NotationError(
                    f"a joker stands for a numbered tile, not {shown(self.stands)}",
                    token=shown(self.stands),
                    position=1,
                    offset=0,
                )
        if self.colour is None:
            if type(self.number) is not int or self.number != 0:  # not False, not 0.0
                raise NotationError(
                    f"a joker has number 0, not {shown(self.number)}",
                    token=shown(self.number),
                    position=1,
                    offset=0,
                )
            return
        if not isinstance(self.colour, Colour):
            raise NotationError(
                f"a tile's colour is a Colour, not {shown(self.colour)}",
                token=shown(self.colour),
                position=1,
                offset=0,
            )
        if type(self.number) is not int or not 1 <= self.number <= 13:
            raise NotationError(
                f"a tile's number is 1 to 13, not {shown(self.number)}",
                token=shown(self.number),
                position=1,
                offset=0,
            )

    @classmethod
    def joker(cls, stands: Tile | None = None) -> Tile:
        """The joker tile; ``stands`` declares the tile it stands for (K-MELD-5)."""
        return cls(0, None, stands)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile in notation (``"R7"``, ``"b13"``, ``"J"``)."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(
                f"expected exactly one tile, got {len(tiles)} in {shown(text)}",
                token=text,
                position=1,
                offset=0,
            )
        return tiles[0]

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.colour is None

    def sort_key(self) -> tuple[int, int]:
        """Colour first (K, R, B, O), then number; jokers last."""
        if self.colour is None:
            return (len(Colour), 0)
        return (self.colour.order, self.number)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key() >= other.sort_key()

    def __str__(self) -> str:
        if self.colour is None:
            return "J" if self.stands is None else f"J={self.stands}"
        return f"{self.colour.value}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from rummy_teach import svg

        return svg.piece_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()  # inline, so the page keeps its role="img" and aria-label


Piece = Union[Card, Tile]  # noqa: UP007 - a runtime alias used in isinstance-free annotations

_TOKEN = re.compile(r"[^\s,]+")
_CARD = re.compile(r"^(10|[2-9]|[AJQK])(.)$")
_TILE = re.compile(r"^([KRBO])(1[0-3]|[1-9])$")


def _tokens(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield (1-based position, character offset, token) for each token of ``text``."""
    if not isinstance(text, str):
        raise NotationError(
            f"notation must be a string, not {type(text).__name__}",
            token=shown(text),
            position=0,
            offset=0,
        )
    for position, match in enumerate(_TOKEN.finditer(text), start=1):
        yield position, match.start(), match.group()


_NOTATION_KEYS = {
    "card": ("app.notation.bad_card", "app.notation.card_help"),
    "tile": ("app.notation.bad_tile", "app.notation.tile_help"),
}
"""Per kind of piece: the message naming a bad token, and the one saying how to write a piece."""


def _bad(kind: str, token: str, position: int, offset: int) -> NotationError:
    """A bad ``card`` or ``tile`` token, named (clipped) with where it is and how to write one."""
    from rummy_teach import messages

    bad, help_key = _NOTATION_KEYS[kind]
    return NotationError(
        messages.text(
            bad,
            token=clipped(token),
            position=position,
            offset=offset,
            help=messages.text(help_key),
        ),
        token=token,
        position=position,
        offset=offset,
    )


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""Case folding for notation: ASCII letters only, so no other letter folds into one (``ſ`` is no S)."""


def _card_from_token(token: str, position: int, offset: int) -> Card:
    match = _CARD.match(token.translate(_ASCII_UPPER))
    if match is None:
        raise _bad("card", token, position, offset)
    rank_text, suit_text = match.groups()
    suit = _SUIT_BY_LETTER.get(suit_text)
    if suit is None:
        raise _bad("card", token, position, offset)
    return Card(_RANK_BY_TEXT[rank_text], suit)


def _tile_from_token(token: str, position: int, offset: int) -> Tile:
    upper = token.translate(_ASCII_UPPER)
    if upper in ("J", "*"):
        return Tile.joker()
    head, equals, declared = upper.partition("=")
    if equals:  # K-MELD-5: a joker declared as the tile it stands for, J=R4
        match = _TILE.match(declared)
        if head not in ("J", "*") or match is None:
            raise _bad("tile", token, position, offset)
        colour_text, number_text = match.groups()
        return Tile.joker(Tile(int(number_text), _COLOUR_BY_LETTER[colour_text]))
    match = _TILE.match(upper)
    if match is None:
        raise _bad("tile", token, position, offset)
    colour_text, number_text = match.groups()
    return Tile(int(number_text), _COLOUR_BY_LETTER[colour_text])


def parse_cards(text: str) -> list[Card]:
    """Read cards in notation, in the order written: ``parse_cards("5H 6H 7H")``."""
    return [_card_from_token(token, position, offset) for position, offset, token in _tokens(text)]


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles in notation, in the order written: ``parse_tiles("R10 B10 K10 J")``."""
    return [_tile_from_token(token, position, offset) for position, offset, token in _tokens(text)]


def parse_pieces(text: str, *, tiles: bool) -> list[Card] | list[Tile]:
    """Read tiles when ``tiles`` is true, cards otherwise."""
    if tiles:
        return parse_tiles(text)
    return parse_cards(text)


def as_pieces(
    value: object,
    what: str,
    of: str = "pieces",
    *,
    kind: type | tuple[type, ...] | None = None,
    wrong: str = "",
) -> tuple[Any, ...]:
    """``value`` (a list of pieces, or of sets) as a tuple; else ``RulesError`` naming it.

    With ``kind``, an element of another type is refused too, in ``wrong`` (``{piece}`` the
    element, quoted by ``shown``)."""
    if isinstance(value, str):
        raise RulesError(
            f"{what} is a list of {of}, not the text {shown(value)}: read it with parse_tiles or "
            f"parse_cards first"
        )
    if isinstance(value, (bytes, bytearray, memoryview)):  # its elements would be numbers
        raise RulesError(
            f"{what} is a list of {of}, not the bytes {shown(bytes(value))}: decode them and read them "
            f"with parse_tiles or parse_cards first"
        )
    if isinstance(value, (Card, Tile)) or not isinstance(value, Iterable):
        raise RulesError(f"{what} is a list of {of}, not {shown(value)}")
    given = tuple(value)
    if kind is not None:
        for piece in given:
            if not isinstance(piece, kind):
                raise RulesError(wrong.format(piece=shown(piece)))
    return given


def format_pieces(pieces: Iterable[Piece]) -> str:
    """Canonical notation of several pieces, space-separated; parses back to the same pieces."""
    given = as_pieces(
        pieces,
        "format_pieces's argument",
        kind=(Card, Tile),
        wrong="format_pieces writes cards and tiles, not {piece}",
    )
    return " ".join(str(piece) for piece in given)
