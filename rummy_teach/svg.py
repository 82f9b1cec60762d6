"""Static pictures of cards, tiles, melds, hands and tables as clean, deterministic SVG.

Every picture has a ``<title>`` and an ``aria-label`` (the accessible names from ``messages``),
no random ids and no external resources, so stored notebook outputs compare byte for byte. A
notebook shows them inline as HTML (``_repr_html_``), so the page keeps each picture's accessible
name: JupyterLab draws a bare SVG output as an ``<img>`` without alt text.
Tile colours carry a second cue besides colour: the notation letter and a shape (black square,
red circle, blue triangle, orange diamond), so colour-blind learners can tell them apart.
Jokers are drawn as a multicoloured star with the word JOKER (message ``app.joker_word``, so in the
learner's language); a joker that records what it stands for (K-MELD-5, ``J=R4``) also shows that
tile small in its corner (``R4``) and is named for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from rummy_teach import messages
from rummy_teach.pieces import Card, Colour, Piece, Tile, format_pieces

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "COLOUR_CUES",
    "COLOUR_FILLS",
    "HandPicture",
    "MeldPicture",
    "TablePicture",
    "hand",
    "hand_svg",
    "meld",
    "meld_svg",
    "piece_body",
    "piece_svg",
    "table",
    "table_svg",
]

CARD_WIDTH = 72
"""Width of one card or tile in SVG units (pixels at 100 %)."""
CARD_HEIGHT = 100
"""Height of one card or tile in SVG units."""
GAP = 8
"""Space between two pieces of one meld."""
ROW_GAP = 16
"""Space between two melds of a table."""

COLOUR_FILLS: dict[Colour, str] = {
    Colour.BLACK: "#1f1f1f",
    Colour.RED: "#c8102e",
    Colour.BLUE: "#0a56b0",
    Colour.ORANGE: "#d46a00",
}
"""Ink of each tile colour: dark enough to read on the cream tile at a distance."""

COLOUR_CUES: dict[Colour, str] = {
    Colour.BLACK: "square",
    Colour.RED: "circle",
    Colour.BLUE: "triangle",
    Colour.ORANGE: "diamond",
}
"""The shape drawn under each tile's number: the second cue besides colour."""

_RED_INK = "#c8102e"
_BLACK_INK = "#1f1f1f"
_FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"'


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _shape(colour: Colour, x: float, y: float, size: float) -> str:
    """The colour's cue shape centred on (x, y)."""
    fill = COLOUR_FILLS[colour]
    half = size / 2
    cue = COLOUR_CUES[colour]
    if cue == "square":
        corner = f'x="{x - half:g}" y="{y - half:g}"'
        return f'<rect {corner} width="{size:g}" height="{size:g}" fill="{fill}"/>'
    if cue == "circle":
        return f'<circle cx="{x:g}" cy="{y:g}" r="{half:g}" fill="{fill}"/>'
    if cue == "triangle":
        points = f"{x:g},{y - half:g} {x + half:g},{y + half:g} {x - half:g},{y + half:g}"
        return f'<polygon points="{points}" fill="{fill}"/>'
    reach = half + 1
    points = f"{x:g},{y - reach:g} {x + reach:g},{y:g} {x:g},{y + reach:g} {x - reach:g},{y:g}"
    return f'<polygon points="{points}" fill="{fill}"/>'


def _card_body(card: Card) -> str:
    ink = _RED_INK if card.suit.is_red else _BLACK_INK
    rank = card.rank_text
    symbol = card.suit.symbol
    small = 22 if rank != "10" else 19
    return (
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="7" '
        f'fill="#ffffff" stroke="#555555" stroke-width="2"/>'
        f'<g fill="{ink}" {_FONT} font-weight="bold" text-anchor="middle">'
        f'<text x="17" y="26" font-size="{small}">{rank}</text>'
        f'<text x="17" y="46" font-size="20">{symbol}</text>'
        f'<text x="44" y="80" font-size="44">{symbol}</text>'
        "</g>"
    )


def _joker_body(stands: Tile | None = None) -> str:
    word = escape(messages.text("app.joker_word"))
    star = "36,22 41,37 57,37 44,47 49,62 36,53 23,62 28,47 15,37 31,37"
    body = (
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="7" '
        f'fill="#fff7d6" stroke="#7a4bc2" stroke-width="3" stroke-dasharray="6 3"/>'
        f'<polygon points="{star}" fill="#7a4bc2" stroke="#1f1f1f" stroke-width="1.5"/>'
        f'<circle cx="36" cy="43" r="5" fill="#ffd400"/>'
        f'<text x="36" y="86" {_FONT} font-size="14" font-weight="bold" '
        f'text-anchor="middle" fill="#1f1f1f" letter-spacing="1">{word}</text>'
    )
    if stands is None or stands.colour is None:
        return body
    card = messages.face(stands)
    if isinstance(card, Card):  # K-CARDS-1: the card the joker stands for, in that card's ink
        return body + (
            f'<text class="rt-joker-stands" x="8" y="17" {_FONT} font-size="13" font-weight="bold" '
            f'fill="{_RED_INK if card.suit.is_red else _BLACK_INK}">{card.symbol}</text>'
        )
    # K-MELD-5: the tile the joker stands for, small in the corner in that tile's ink
    return body + (
        f'<text class="rt-joker-stands" x="8" y="17" {_FONT} font-size="13" font-weight="bold" '
        f'fill="{COLOUR_FILLS[stands.colour]}">{stands}</text>'
    )


def _tile_body(tile: Tile) -> str:
    if tile.colour is None:
        return _joker_body(tile.stands)
    fill = COLOUR_FILLS[tile.colour]
    size = 40 if tile.number < 10 else 34
    return (
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="9" '
        f'fill="#fbf6e9" stroke="#8a7f66" stroke-width="2"/>'
        f'<text x="9" y="19" {_FONT} font-size="14" font-weight="bold" fill="{fill}">'
        f"{tile.colour.value}</text>"
        f'<text x="36" y="60" {_FONT} font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="{fill}">{tile.number}</text>' + _shape(tile.colour, 36, 80, 14)
    )


def piece_body(piece: Piece) -> str:
    """The inside of a piece's picture (no outer ``<svg>``) in a CARD_WIDTH x CARD_HEIGHT box; a
    numbered tile is drawn as its card while tiles show as cards (K-CARDS-1)."""
    piece = messages.face(piece)
    if isinstance(piece, Card):
        return _card_body(piece)
    return _tile_body(piece)


def _svg(width: int, height: int, label: str, body: str, css_class: str) -> str:
    label = _attr(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" '
        f'width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{body}</svg>"
    )


def piece_svg(piece: Piece) -> str:
    """One card or tile as a standalone SVG document, titled with its accessible name."""
    return _svg(CARD_WIDTH, CARD_HEIGHT, messages.piece_name(piece), piece_body(piece), "rt-piece")


def _row(pieces: Sequence[Piece], y: int) -> tuple[str, int]:
    """Pieces side by side starting at (0, y); returns the markup and the row's width."""
    parts = []
    for index, piece in enumerate(pieces):
        x = index * (CARD_WIDTH + GAP)
        name = _attr(messages.piece_name(piece))
        parts.append(
            f'<g transform="translate({x},{y})" aria-label="{name}">{piece_body(piece)}</g>'
        )
    width = max(len(pieces) * (CARD_WIDTH + GAP) - GAP, 0)
    return "".join(parts), width


def _names(pieces: Iterable[Piece]) -> str:
    return messages.join(messages.piece_name(piece) for piece in pieces)


def meld_svg(pieces: Iterable[Piece]) -> str:
    """Several pieces side by side in the order given, as one SVG titled with their names."""
    ordered = list(pieces)
    body, width = _row(ordered, 0)
    return _svg(max(width, 1), CARD_HEIGHT, _names(ordered), body, "rt-meld")


def hand_svg(pieces: Iterable[Piece]) -> str:
    """A hand or rack: the pieces side by side, as one SVG."""
    ordered = list(pieces)
    body, width = _row(ordered, 0)
    return _svg(max(width, 1), CARD_HEIGHT, _names(ordered), body, "rt-hand")


def table_svg(melds: Iterable[Iterable[Piece]]) -> str:
    """Melds on the table, one row each, as one SVG titled with every meld."""
    rows = [list(meld) for meld in melds]
    parts = []
    width = 1
    for index, row in enumerate(rows):
        body, row_width = _row(row, index * (CARD_HEIGHT + ROW_GAP))
        parts.append(body)
        width = max(width, row_width)
    height = max(len(rows) * (CARD_HEIGHT + ROW_GAP) - ROW_GAP, 1)
    label = "; ".join(_names(row) for row in rows)
    return _svg(width, height, label, "".join(parts), "rt-table")


@dataclass(frozen=True, slots=True)
class MeldPicture:
    """A meld that shows itself as a picture in a notebook."""

    pieces: tuple[Piece, ...]

    def _repr_svg_(self) -> str:
        return meld_svg(self.pieces)

    def _repr_html_(self) -> str:
        return meld_svg(self.pieces)  # inline, so the page keeps its role="img" and aria-label

    def __repr__(self) -> str:
        return f"meld({format_pieces(self.pieces)!r})"


@dataclass(frozen=True, slots=True)
class HandPicture:
    """A hand or rack that shows itself as a picture in a notebook."""

    pieces: tuple[Piece, ...]

    def _repr_svg_(self) -> str:
        return hand_svg(self.pieces)

    def _repr_html_(self) -> str:
        return hand_svg(self.pieces)  # inline, so the page keeps its role="img" and aria-label

    def __repr__(self) -> str:
        return f"hand({format_pieces(self.pieces)!r})"


@dataclass(frozen=True, slots=True)
class TablePicture:
    """Melds on the table that show themselves as a picture in a notebook."""

    melds: tuple[tuple[Piece, ...], ...]

    def _repr_svg_(self) -> str:
        return table_svg(self.melds)

    def _repr_html_(self) -> str:
        return table_svg(self.melds)  # inline, so the page keeps its role="img" and aria-label

    def __repr__(self) -> str:
        return f"table({[format_pieces(meld) for meld in self.melds]!r})"


def meld(pieces: Iterable[Piece]) -> MeldPicture:
    """A picture of a meld for a notebook cell: ``svg.meld(parse_cards("5H 6H 7H"))``."""
    return MeldPicture(tuple(pieces))


def hand(pieces: Iterable[Piece]) -> HandPicture:
    """A picture of a hand or rack for a notebook cell."""
    return HandPicture(tuple(pieces))


def table(melds: Iterable[Iterable[Piece]]) -> TablePicture:
    """A picture of the melds on a table for a notebook cell."""
    return TablePicture(tuple(tuple(meld) for meld in melds))
