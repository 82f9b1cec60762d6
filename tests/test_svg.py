"""Static pictures (svg.py): deterministic, well-formed, accessible; colour never the only cue."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from rummy_teach import Card, Colour, Tile, parse_cards, parse_tiles, svg

NS = "{http://www.w3.org/2000/svg}"
ALL_TILES = [Tile(n, c) for c in Colour for n in range(1, 14)] + [Tile.joker()]
ALL_CARDS = parse_cards("AC 2D 3H 4S 5C 6D 7H 8S 9C 10D JH QS KC")


def _parse(text: str) -> ET.Element:
    return ET.fromstring(text)


@pytest.mark.parametrize("piece", ALL_TILES + ALL_CARDS, ids=str)
def test_piece_svg_is_well_formed_and_titled_K_SET_1(piece: Card | Tile) -> None:
    """Every piece (K-SET-1 tiles, R-SETUP-1 cards) parse as XML with their accessible name."""
    root = _parse(svg.piece_svg(piece))
    assert root.tag == f"{NS}svg"
    title = root.find(f"{NS}title")
    assert title is not None and title.text
    assert root.get("role") == "img"
    assert root.get("aria-label") == title.text
    assert piece._repr_svg_() == svg.piece_svg(piece)


def test_titles_are_the_accessible_names() -> None:
    """The title says '7 of hearts', 'red 7', 'joker' as a screen reader would."""
    assert _parse(svg.piece_svg(Card.parse("7H"))).find(f"{NS}title").text == "7 of hearts"  # type: ignore[union-attr]
    assert _parse(svg.piece_svg(Tile.parse("R7"))).find(f"{NS}title").text == "red 7"  # type: ignore[union-attr]
    assert _parse(svg.piece_svg(Tile.joker())).find(f"{NS}title").text == "joker"  # type: ignore[union-attr]


def test_output_is_deterministic_without_ids() -> None:
    """Same input, same bytes; no ids that could differ between runs (nbval compares bytes)."""
    pictures = [
        svg.table_svg([parse_tiles("R10 B10 K10"), parse_tiles("O11 O12 J")]),
        svg.meld_svg(parse_cards("5H 6H 7H")),
        svg.hand_svg(parse_cards("9H 9S 4D 9C KH")),
    ]
    again = [
        svg.table_svg([parse_tiles("R10 B10 K10"), parse_tiles("O11 O12 J")]),
        svg.meld_svg(parse_cards("5H 6H 7H")),
        svg.hand_svg(parse_cards("9H 9S 4D 9C KH")),
    ]
    assert pictures == again
    for picture in pictures:
        assert " id=" not in picture
        assert "http://" not in picture.replace('xmlns="http://www.w3.org/2000/svg"', "")
        _parse(picture)


def test_each_tile_colour_has_its_own_letter_and_shape_K_SET_1() -> None:
    """Colour-blind learners: the four colours differ by letter and by shape, not only by ink."""
    shapes = set()
    for colour in Colour:
        text = svg.piece_svg(Tile(7, colour))
        root = _parse(text)
        letters = [t.text for t in root.iter(f"{NS}text")]
        assert colour.value in letters
        shape = [el.tag for el in root if el.tag in (f"{NS}circle", f"{NS}polygon")]
        shapes.add((tuple(shape), svg.COLOUR_CUES[colour]))
    assert len({cue for _, cue in shapes}) == 4
    drawn = {svg.piece_svg(Tile(7, colour)).split("</text>")[-1] for colour in Colour}
    assert len(drawn) == 4  # the cue shapes themselves differ, not only their fill
    stripped = {re.sub(r'fill="#[0-9a-f]+"', "", d) for d in drawn}
    assert len(stripped) == 4


def test_joker_is_unmistakable_K_MELD_4() -> None:
    """The joker (K-MELD-4) says JOKER and looks unlike any numbered tile."""
    joker = svg.piece_svg(Tile.joker())
    assert "JOKER" in joker
    assert all(svg.piece_svg(tile) != joker for tile in ALL_TILES[:-1])
    assert "stroke-dasharray" in joker and all(
        "stroke-dasharray" not in svg.piece_svg(t) for t in ALL_TILES[:-1]
    )


def test_meld_and_table_sizes_follow_the_pieces() -> None:
    """A meld is as wide as its pieces; a table has one row per meld."""
    root = _parse(svg.meld_svg(parse_cards("5H 6H 7H")))
    assert int(root.get("width", "0")) == 3 * svg.CARD_WIDTH + 2 * svg.GAP
    assert len(root.findall(f"{NS}g")) == 3
    table = _parse(
        svg.table_svg([parse_cards("6S 7S 8S"), parse_cards("KH KD KC"), parse_cards("3C 4C 5C")])
    )
    assert int(table.get("height", "0")) == 3 * svg.CARD_HEIGHT + 2 * svg.ROW_GAP
    assert table.find(f"{NS}title").text.count(";") == 2  # type: ignore[union-attr]


def test_picture_objects_repr_without_addresses() -> None:
    """Notebook wrappers show SVG and a stable repr (no 0x addresses for nbval)."""
    picture = svg.meld(parse_tiles("R5 R6 J"))
    assert repr(picture) == "meld('R5 R6 J')"
    assert picture._repr_svg_() == svg.meld_svg(parse_tiles("R5 R6 J"))
    assert "0x" not in repr(svg.table([parse_cards("5H 6H 7H")])) + repr(
        svg.hand(parse_cards("5H"))
    )
    _parse(svg.hand([])._repr_svg_())


def test_pictures_show_inline_in_notebooks_with_their_accessible_name() -> None:
    """A notebook shows the HTML form (inline SVG), which keeps role="img" and the aria-label."""
    for picture in [
        svg.hand(parse_cards("9H 9S")),
        svg.meld(parse_tiles("R7 B7 K7")),
        svg.table([parse_cards("9H 9S 9C")]),
        parse_cards("9H")[0],
        parse_tiles("J")[0],
    ]:
        html = picture._repr_html_()
        assert html == picture._repr_svg_()
        assert html.startswith("<svg") and 'role="img"' in html and 'aria-label="' in html
