"""Wrong types get a clear error that names the argument, never a bare ``TypeError`` or
``AttributeError`` from deep inside (they came from 40 places: ``'NoneType' object is not
iterable``, ``'int' object has no attribute 'rank'``); and the state they were tried on is kept."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rummy_teach import (
    RummikubRules,
    RummyRules,
    RummyTeachError,
    check_layoff,
    check_meld,
    format_pieces,
    hand_value,
    messages,
    parse_cards,
    parse_tiles,
    referee,
)
from rummy_teach import rummikub as rk
from rummy_teach import rummy as ry
from rummy_teach.errors import RulesError
from rummy_teach.solver import best_play

RULES = RummikubRules()
STATE = rk.from_position(["K1 K2 K3 R5", "R1 B2"], table=["O7 O8 O9"], opened=[True, True])
ROUND = ry.deal(2, seed=1)

CALLS: dict[str, tuple[Callable[[], object], str]] = {
    "check_layoff without a meld": (
        lambda: check_layoff(None, parse_tiles("K4"), RULES),  # type: ignore[arg-type]
        "the meld on the table is a list of pieces, not None",
    ),
    "format_pieces of nothing": (lambda: format_pieces(None), "not None"),  # type: ignore[arg-type]
    "format_pieces of a number": (lambda: format_pieces([5]), "cards and tiles, not 5"),  # type: ignore[list-item]
    "format_pieces of bytes": (lambda: format_pieces(b"R1"), "not the bytes b'R1': decode them"),  # type: ignore[arg-type]
    "check_meld of bytes": (
        lambda: check_meld(b"R1 R2 R3", RULES),  # type: ignore[arg-type]
        "a meld is a list of pieces, not the bytes b'R1 R2 R3'",
    ),
    "best_play of a rack of bytes": (
        lambda: best_play(bytearray(b"R1 R2 R3"), [], RULES),  # type: ignore[arg-type]
        "not the bytes b'R1 R2 R3'",
    ),
    "hand_value without rules": (
        lambda: hand_value(parse_tiles("K1 K2"), None),  # type: ignore[arg-type]
        "hand_value needs RummyRules or RummikubRules, not None",
    ),
    "referee of nothing": (lambda: referee(None), "referee shows verdicts"),  # type: ignore[arg-type]
    "best_play without a table": (
        lambda: best_play(parse_tiles("K1 K2 K3"), None, RULES),  # type: ignore[arg-type]
        "the table is a list of sets, not None",
    ),
    "card_to_tile of a number": (
        lambda: rk.card_to_tile(5),  # type: ignore[arg-type]
        "a card or None",
    ),
    "tile_to_card of nothing": (lambda: rk.tile_to_card(None), "reads a tile"),  # type: ignore[arg-type]
    "tile_label without rules": (
        lambda: rk.tile_label(parse_tiles("K1")[0], None),  # type: ignore[arg-type]
        "tile_label plays Rummikub: rules must be RummikubRules",
    ),
    "full_set of Rummy": (lambda: rk.full_set(RummyRules()), "full_set plays Rummikub"),  # type: ignore[arg-type]
    "format_rummikub of cards": (
        lambda: rk.format_rummikub(parse_cards("5H 6H"), RULES),  # type: ignore[arg-type]
        "format_rummikub writes tiles, not Card.parse('5H')",
    ),
    "parse_rummikub without rules": (
        lambda: rk.parse_rummikub("K1", None),  # type: ignore[arg-type]
        "parse_rummikub plays Rummikub",
    ),
    "from_position with a number for a rack": (
        lambda: rk.from_position([5, "R1"]),  # type: ignore[list-item]
        "rack 1 is a list of tiles, not 5",
    ),
    "from_position without a table": (
        lambda: rk.from_position(["K1", "R1"], table=None),  # type: ignore[arg-type]
        "the table is a list of sets, not None",
    ),
    "from_position with a number for opened": (
        lambda: rk.from_position(["K1", "R1"], opened=5),  # type: ignore[arg-type]
        "opened is a list of flags",
    ),
    "from_position with a number for players": (
        lambda: rk.from_position(["K1", "R1"], players=5),  # type: ignore[arg-type]
        "players is a list of names",
    ),
    "move_to_json of nothing": (lambda: rk.move_to_json(None), "not a Rummikub move"),  # type: ignore[arg-type]
    "replay from nothing": (lambda: rk.replay(None, []), "replay starts from a RummikubState"),  # type: ignore[arg-type]
    "replay of one text": (lambda: rk.replay(STATE, "draw"), "not the text 'draw'"),
    "transcript of nothing": (lambda: rk.transcript(None), "transcript writes"),  # type: ignore[arg-type]
    "view of a text": (lambda: STATE.view("0"), "player must be 0 to 1, not '0'"),  # type: ignore[arg-type]
    "next_player of a text": (lambda: STATE.next_player("x"), "player must be 0 to 1"),  # type: ignore[arg-type]
    "check of text": (lambda: STATE.check("play K1 K2 K3"), "check takes a Play"),  # type: ignore[arg-type]
    "end_turn of a number": (lambda: STATE.end_turn(5), "end_turn takes a Play"),  # type: ignore[arg-type]
    "end_turn timed out 'yes'": (
        lambda: STATE.end_turn(timed_out="yes"),  # type: ignore[arg-type]
        "timed_out must be True or False",
    ),
    "placed on nothing": (
        lambda: rk.parse_move("play O7 O8 O9").placed(None),  # type: ignore[union-attr, arg-type]
        "the table is a list of sets, not None",
    ),
    "a turn of nothing": (lambda: rk.TurnWorkspace.start(None), "a turn starts from"),  # type: ignore[arg-type]
    "a workspace move of nothing": (
        lambda: rk.TurnWorkspace.start(STATE).move(None, "rack", "new"),  # type: ignore[arg-type]
        "move takes a tile or its notation",
    ),
    "Rummy replay from nothing": (lambda: ry.replay(None, []), "replay starts from a RummyState"),  # type: ignore[arg-type]
    "Rummy describe_move of nothing": (
        lambda: ry.describe_move(None, ROUND.legal_moves()[0]),  # type: ignore[arg-type]
        "describe_move reads a RummyState",
    ),
    "meld_candidates of text": (
        lambda: list(ry.meld_candidates("x", RummyRules())),  # type: ignore[arg-type]
        "the hand is a list of cards, not the text",
    ),
    "meld_candidates without rules": (
        lambda: list(ry.meld_candidates(parse_cards("AS 2S 3S"), None)),  # type: ignore[arg-type]
        "meld_candidates plays Rummy",
    ),
    "Rummy from_position without a discard pile": (
        lambda: ry.from_position(["AS 2S", "3H"], discard_pile=None),  # type: ignore[arg-type]
        "the discard pile is a list of pieces",
    ),
    "play_round without bots": (lambda: ry.play_round(None), "bots is a list"),  # type: ignore[arg-type]
    "play_round with a non-bot": (lambda: ry.play_round([5, 6]), "5 has none"),  # type: ignore[list-item]
    "play_round without a move limit": (
        lambda: ry.play_round([ry.RandomBot(1), ry.RandomBot(2)], max_moves=None),  # type: ignore[arg-type]
        "max_moves must be a whole number",
    ),
    "a random bot seeded by a list": (lambda: ry.RandomBot([5]), "seed must be a whole number"),  # type: ignore[arg-type]
    "a bot choosing in nothing": (lambda: ry.RummyBot().choose(None), "choose takes a RummyState"),  # type: ignore[arg-type]
    "a bot explaining nothing": (
        lambda: ry.RummyBot().explain(ROUND, None),  # type: ignore[arg-type]
        "not a Rummy move: None",
    ),
}


@pytest.mark.parametrize("name", CALLS)
def test_a_wrong_type_is_refused_in_words(name: str) -> None:
    """A ``RulesError`` whose message names the argument and what it should be."""
    call, words = CALLS[name]
    with pytest.raises(RulesError) as refused:
        call()
    assert words in str(refused.value)


def test_the_state_a_wrong_move_was_tried_on_is_kept() -> None:
    """A refused move changes nothing; the right move still plays."""
    before = STATE.to_json()
    for call in (lambda: STATE.check("draw"), lambda: STATE.end_turn(5)):  # type: ignore[arg-type]
        with pytest.raises(RulesError):
            call()
    assert STATE.to_json() == before
    assert STATE.end_turn(rk.parse_move("play K1 K2 K3 | O7 O8 O9")).verdict.ok  # type: ignore[arg-type]


@pytest.mark.parametrize("language", [5, b"nb", "x", "N B", "nb-NO", ""])
def test_set_language_refuses_what_is_no_language_code(language: object) -> None:
    """``set_language("x")`` was taken, and the next list of tiles failed in Babel
    (``UnknownLocaleError``); ``5`` failed inside ``locale``."""
    with pytest.raises(RummyTeachError, match="a language is a code such as 'en'"):
        messages.set_language(language)  # type: ignore[arg-type]
    assert messages.get_language() == "en"
    assert messages.join(["a", "b", "c"]) == "a, b and c"


def test_a_language_without_a_catalog_is_english_throughout() -> None:
    """The messages fall back to English, and so do the lists joined in them ("a, b and c", not
    German's "a, b und c" inside an English sentence); a region finds its language's catalog."""
    try:
        messages.set_language("de")
        assert messages.join(["a", "b", "c"]) == "a, b and c"
        assert messages.text("widgets.status.ok") == messages.CATALOG["widgets.status.ok"]
        messages.set_language("nb_NO")
        assert messages.join(["a", "b", "c"]) == "a, b og c"
    finally:
        messages.set_language("en")


BAD_KEYS = {
    "rummikub:ace=high": ("'ace=high'", "'rummikub:ace=high'"),
    "rummikub:jokers=4:jokers=2": ("'jokers'", "'rummikub:jokers=4:jokers=2'"),
    "chess": ("'chess'",),
    "rummikub:jokers=3": ("3",),
    "rummikub:turn_seconds=5": ("turn_seconds", "5"),
    "rummikub:initial_meld_points=9999999999": ("initial_meld_points", "9999999999"),
    "rummy:ace=high": ("'low', 'low_or_high'", "'high'"),
    "rummy:must_discard_to_go_out=7": ("must_discard_to_go_out", "7"),
}


@pytest.mark.parametrize("language", messages.LANGUAGES)
@pytest.mark.parametrize("key", BAD_KEYS)
def test_a_bad_rules_key_is_refused_in_the_learners_language(language: str, key: str) -> None:
    """``--lang nb --rules rummikub:jokers=3`` said "jokers must be 2 or 4" in English (the key
    itself is a parameter: ``rules.key_unknown`` names it)."""
    from rummy_teach import rules_from_key

    with pytest.raises(RulesError) as english:
        rules_from_key(key)
    try:
        messages.set_language(language)
        with pytest.raises(RulesError) as refused:
            rules_from_key(key)
    finally:
        messages.set_language("en")
    for part in BAD_KEYS[key]:
        assert part in str(refused.value)
    assert (str(refused.value) == str(english.value)) == (language == "en")


@pytest.mark.parametrize("language", ["nb", "da", "nl"])
def test_a_solver_that_stops_says_so_in_the_learners_language(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HiGHS giving no answer was the one ``SolverError`` a command line in Norwegian said in
    English ("the solver stopped without an answer")."""
    from rummy_teach.errors import SolverError
    from rummy_teach.solver import model

    monkeypatch.setattr(model, "_run", lambda highs: None)  # HiGHS never runs: no status
    try:
        messages.set_language(language)
        with pytest.raises(SolverError) as stopped:
            best_play(parse_tiles("K1 K2 K3"), [parse_tiles("O7 O8 O9")], RULES)
        words = messages.text("solver.stopped", status="")
    finally:
        messages.set_language("en")
    assert str(stopped.value).startswith(words)
    assert words != messages.CATALOG["solver.stopped"].format(status="")


def _widgets() -> dict[str, tuple[Callable[[], object], str]]:
    """A teacher's own notebook building views with wrong arguments (imported here: widgets load
    Jupyter's parts, which the engine's refusals above do not need)."""
    from rummy_teach import widgets

    rummy = RummyRules()
    return {
        "a meld exercise of nothing": (
            lambda: widgets.MeldExercise(None, rummy),  # type: ignore[arg-type]
            "an exercise's pieces is a list of pieces, not None",
        ),
        "a meld exercise of numbers": (
            lambda: widgets.MeldExercise([5], rummy),  # type: ignore[list-item]
            "Rummy is played with cards: 5 does not belong",
        ),
        "a meld exercise without rules": (
            lambda: widgets.MeldExercise("AS 2S 3S", None),  # type: ignore[arg-type]
            "MeldExercise needs RummyRules or RummikubRules, not None",
        ),
        "a layoff exercise without a table": (
            lambda: widgets.LayoffExercise(None, "4S", rummy),  # type: ignore[arg-type]
            "the table is a list of melds, not None",
        ),
        "an opening exercise with a number for rules": (
            lambda: widgets.OpeningExercise("K10 K11 K12", 5),  # type: ignore[arg-type]
            "OpeningExercise needs RummyRules or RummikubRules, not 5",
        ),
        "a spot exercise of nothing": (
            lambda: widgets.SpotExercise(None, rummy),  # type: ignore[arg-type]
            "the argument melds is a list of melds, not None",
        ),
        "a rules picker for nothing": (
            lambda: widgets.RulesPicker(None),  # type: ignore[arg-type]
            "a rules picker changes the rules of an exercise, not None",
        ),
        "a rules picker of a number of fields": (
            lambda: widgets.RulesPicker(widgets.MeldExercise("AS 2S 3S", rummy), 5),  # type: ignore[arg-type]
            "fields is a list of rules fields' names, not 5",
        ),
        "a turn exercise of nothing": (
            lambda: widgets.TurnExercise(None),  # type: ignore[arg-type]
            "a turn exercise plays a RummyState or from_position's arguments, not None",
        ),
        "show of nothing": (
            lambda: widgets.show(None),  # type: ignore[arg-type]
            "show draws a lesson's puzzle",
        ),
        "a meld exercise of bytes": (
            lambda: widgets.MeldExercise(b"AS 2S 3S", rummy),  # type: ignore[arg-type]
            "not the bytes b'AS 2S 3S'",
        ),
        "a meld exercise titled None": (
            lambda: widgets.MeldExercise("AS 2S 3S", rummy, title=None),  # type: ignore[arg-type]
            "title is the view's heading as text, not None",
        ),
        "a Rummikub game titled 5": (
            lambda: widgets.RummikubGame(2, seed=1, title=5),  # type: ignore[arg-type]
            "title is the view's heading as text, not 5",
        ),
    }


@pytest.mark.parametrize(
    "name",
    [
        "a meld exercise of nothing",
        "a meld exercise of numbers",
        "a meld exercise without rules",
        "a layoff exercise without a table",
        "an opening exercise with a number for rules",
        "a spot exercise of nothing",
        "a rules picker for nothing",
        "a rules picker of a number of fields",
        "a turn exercise of nothing",
        "show of nothing",
        "a meld exercise of bytes",
        "a meld exercise titled None",
        "a Rummikub game titled 5",
    ],
)
def test_a_view_built_with_a_wrong_type_is_refused_in_words(name: str) -> None:
    """They failed with ``'NoneType' object is not iterable`` or ``'int' object has no attribute
    'uses_tiles'`` from inside the view."""
    call, words = _widgets()[name]
    with pytest.raises(RulesError) as refused:
        call()
    assert words in str(refused.value)
