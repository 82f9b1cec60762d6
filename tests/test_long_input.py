"""Bad input of any size is quoted at a readable length: a 5,000-character token, a list of 10,000
items or a number of 5,000 digits is named by its start and end, not copied whole into the error
(it was: 5 KB of ``X`` in one message, and a plain ``ValueError`` from Python for the number)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from rummy_teach import (
    Card,
    Colour,
    RummikubRules,
    RummyRules,
    Suit,
    Tile,
    Verdict,
    check_layoff,
    check_meld,
    check_opening,
    parse_cards,
    parse_tiles,
    rules_from_key,
    set_language,
)
from rummy_teach.cli import main
from rummy_teach.errors import NotationError, RummyTeachError, clipped, shown
from rummy_teach.rummikub import check_turn, deal, from_position, move_from_json, parse_move

LONG = "X" * 5000
HUGE = 10**5000
LONGEST_MESSAGE = 400
"""No refusal below needs more than this many characters, whatever it quotes."""

CALLS: dict[str, Callable[[], object]] = {
    "parse_tiles": lambda: parse_tiles("R1 R2 " + LONG),
    "parse_cards": lambda: parse_cards("2H 3H " + LONG),
    "Tile.parse": lambda: Tile.parse("R1 " * 2000),
    "Card.parse": lambda: Card.parse("2H " * 2000),
    "a tile's number": lambda: Tile(next(iter(Colour)), HUGE),
    "a card's rank": lambda: Card(HUGE, next(iter(Suit))),
    "a card's suit": lambda: Card(3, LONG),  # type: ignore[arg-type]
    "check_meld, text": lambda: check_meld(LONG, RummyRules()),  # type: ignore[arg-type]
    "check_meld, a list": lambda: check_meld(["x"] * 10_000, RummyRules()),  # type: ignore[list-item]
    "check_meld, a number": lambda: check_meld(HUGE, RummyRules()),  # type: ignore[arg-type]
    "set_language": lambda: set_language(LONG),
    "rules_from_key, game": lambda: rules_from_key(LONG),
    "rules_from_key, setting": lambda: rules_from_key("rummy:" + LONG),
    "rules, a choice": lambda: RummikubRules(direction=LONG),  # type: ignore[arg-type]
    "rules, a number": lambda: RummikubRules(penalty_draw=HUGE),
    "parse_move": lambda: parse_move("pass " + LONG),
    "move_from_json": lambda: move_from_json({"play": LONG}),
    "check_turn, a set as text": lambda: check_turn(
        [LONG],
        [],
        [],
        opened=True,
        rules=RummikubRules(),  # type: ignore[list-item]
    ),
    "check_turn, opened": lambda: check_turn(
        [],
        [],
        [],
        opened=LONG,
        rules=RummikubRules(),  # type: ignore[arg-type]
    ),
    "deal, players": lambda: deal(LONG),  # type: ignore[arg-type]
    "deal, seed": lambda: deal(2, seed=LONG),  # type: ignore[arg-type]
    "from_position, a rack": lambda: from_position(["R1", [LONG]]),  # type: ignore[list-item]
    "from_position, current_player": lambda: from_position(["R1", "R2"], current_player=HUGE),
}


@pytest.mark.parametrize("call", list(CALLS.values()), ids=list(CALLS))
def test_a_refusal_quotes_long_input_at_a_readable_length(call: Callable[[], object]) -> None:
    """Each entry point refuses in its own words, and the words stay short."""
    with pytest.raises(RummyTeachError) as caught:
        call()
    message = str(caught.value)
    assert len(message) <= LONGEST_MESSAGE, message[:LONGEST_MESSAGE]
    assert "Exceeds the limit" not in message


def test_a_bad_token_is_named_by_its_start_and_end_and_kept_whole() -> None:
    """The message shows the token's start and end; the error keeps all of it for a program."""
    token = "Q" + "X" * 4998 + "Z"
    with pytest.raises(NotationError) as caught:
        parse_tiles(f"R1 R2 {token}")
    message = str(caught.value)
    assert f"'{clipped(token)}'" in message and "QXXX" in message and "XXZ'" in message
    assert "(token 3, at character 6)" in message
    assert caught.value.token == token


def test_a_short_token_is_quoted_as_it_is() -> None:
    """Clipping starts past 40 characters: what a learner types is shown whole."""
    with pytest.raises(NotationError, match="bad tile 'R14'"):
        parse_tiles("R1 R14")
    assert clipped("x" * 40) == "x" * 40
    assert clipped("x" * 41) == "x" * 28 + "…" + "x" * 8


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("R14", "'R14'"),
        (None, "None"),
        (12, "12"),
        ([1, 2, 3], "[1, 2, 3]"),
        (list(range(100)), "[0, 1, 2, 3, 4, 5, ...]"),
        ("x" * 100, repr("x" * 28 + "…" + "x" * 8)),
        (10**30, repr(10**30)),
        (10**200, "<a whole number of about 201 digits>"),
        (-(10**5000), "<a whole number of about 5,001 digits>"),
    ],
    ids=["text", "None", "number", "list", "long list", "long text", "30 digits", "201", "5001"],
)
def test_shown_is_repr_at_a_readable_length(value: object, expected: str) -> None:
    """Small values read as ``repr``; long text, lists and numbers are cut down (``reprlib``)."""
    assert shown(value) == expected


def test_the_command_line_quotes_a_long_token_short(capsys: pytest.CaptureFixture[str]) -> None:
    """``rummy-teach check`` with a 5,000-character token writes one short line, exit code 2."""
    assert main(["check", "2H 3H " + LONG]) == 2
    error = capsys.readouterr().err
    assert "bad card 'XXXX" in error and len(error) <= LONGEST_MESSAGE


def test_the_command_line_quotes_a_long_language_and_rules_key_short(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang`` and ``--rules`` given as 5,000 characters are named by their ends too."""
    for argv in (
        ["check", "--lang", LONG, "2H 3H 4H"],  # argparse's own refusal: an invalid choice
        [LONG],
        ["check", "--opening", "--rules", "rummy:" + LONG, "R1 R2 R3"],
    ):
        with contextlib.suppress(SystemExit):
            assert main(argv) == 2
        error = capsys.readouterr().err
        assert 0 < len(error) <= 2 * LONGEST_MESSAGE and "XXXXXXXX…XXXXXXXX" in error, error


MANY_TILES = [Tile.parse("R5")] * 300 + [Tile.parse("B7")]
MANY_CARDS = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH") * 20
VERDICTS: dict[str, Callable[[], Verdict]] = {
    "check_meld, tiles": lambda: check_meld(MANY_TILES, RummikubRules()),
    "check_meld, tiles as cards": lambda: check_meld(MANY_TILES, RummikubRules(pieces="cards")),
    "check_meld, cards": lambda: check_meld(MANY_CARDS, RummyRules()),
    "check_meld, a long run": lambda: check_meld(
        parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J") * 7, RummikubRules(jokers=4)
    ),
    "check_opening": lambda: check_opening([parse_tiles("R1 R2 R3"), MANY_TILES], RummikubRules()),
    "check_layoff, the meld": lambda: check_layoff(MANY_CARDS, parse_cards("2S"), RummyRules()),
    "check_layoff, the cards added": lambda: check_layoff(
        parse_cards("5S 6S 7S"), MANY_CARDS, RummyRules()
    ),
    "check_turn": lambda: check_turn(
        [], [MANY_TILES], MANY_TILES, opened=True, rules=RummikubRules()
    ),
}


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("verdict", list(VERDICTS.values()), ids=list(VERDICTS))
def test_a_verdict_on_hundreds_of_pieces_stays_readable(
    verdict: Callable[[], Verdict], language: str
) -> None:
    """A list of pieces far longer than any meld can be (13) is named by its start, its end and
    its count, so the verdict stays short; it was the whole list: 1.9 KB for 300 red 5s, 180 KB
    for 30,000."""
    set_language(language)
    try:
        judged = verdict()
    finally:
        set_language("en")
    assert not judged.ok
    assert len(judged.message) <= LONGEST_MESSAGE, judged.message[:LONGEST_MESSAGE]


def test_a_run_a_few_too_long_is_named_whole() -> None:
    """Up to 20 pieces every piece is named (a run one too long is a lesson's example); the
    clipping starts at 21."""
    run = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13")
    too_long = check_meld([*run, Tile.joker()], RummikubRules()).message
    assert too_long.startswith("red 1 red 2 red 3 red 4 red 5 red 6 red 7") and "…" not in too_long
    longer = check_meld([*run, *run[:8]], RummikubRules()).message
    assert longer.startswith("red 1 red 2 red 3 … red 8 (21 pieces) has red 1 and red 1")
