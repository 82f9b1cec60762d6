"""``rummy-teach check|solve --lang L``: the answers (and the help) in that language, then English again."""

from __future__ import annotations

import pytest

from rummy_teach import languages, messages
from rummy_teach.cli import main
from rummy_teach.melds import check_meld
from rummy_teach.pieces import parse_cards
from rummy_teach.rules import RummyRules


def gap_message() -> str:
    return check_meld(parse_cards("5H 6H 8H"), RummyRules()).message


def test_check_answers_in_danish_and_leaves_english_after(
    capsys: pytest.CaptureFixture[str],
) -> None:
    english = gap_message()
    with languages.speaking("da"):
        danish = gap_message()
    assert main(["check", "--lang", "da", "5H 6H 8H"]) == 1
    assert capsys.readouterr().out.strip() == danish
    assert messages.get_language() == "en" and gap_message() == english
    assert languages.compiled("da") and danish != english  # the answer really is Danish


def test_lang_with_equals_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    with languages.speaking("nb"):
        norwegian = gap_message()
    assert main(["check", "5H 6H 8H", "--json", "--lang=nb"]) == 1
    assert f'"message": "{norwegian}"' in capsys.readouterr().out


def test_solve_answers_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with languages.speaking("nl"):
        draw = messages.text("solver.cli_draw")
    assert main(["solve", "--lang", "nl", "R1 B5 O9"]) == 1
    assert capsys.readouterr().out.strip() == draw
    assert messages.get_language() == "en"


def test_bad_notation_is_named_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with languages.speaking("da"):
        expected = messages.text(
            "app.notation.bad_card",
            token="6X",
            position=2,
            offset=3,
            help=messages.text("app.notation.card_help"),
        )
    assert main(["check", "--lang", "da", "5H 6X 7H"]) == 2
    assert capsys.readouterr().err.strip() == f"rummy-teach: {expected}"


@pytest.mark.parametrize(
    ("lang", "args", "said"),
    [
        ("nb", ["J J J"], "3 jokere på stativet og bordet, men spillet har bare 2 (K-SET-1)"),
        ("da", ["R1 R1 R1"], "3 eksemplarer af R1 på holderen og bordet"),
        ("nl", ["R1", "--table", "R2 R3"], "de combinatie R2 R3 op tafel is niet geldig: rode 2"),
    ],
)
def test_a_position_the_solver_refuses_is_named_in_the_language(
    lang: str, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Too many of a tile (K-SET-1) and a bad table set are said wholly in the language (they
    were English, the table set's reason alone translated), also by a solver worker that was
    started speaking English."""
    assert main(["solve", "R10 R11 R12"]) == 0  # the guard's worker starts, in English
    capsys.readouterr()
    assert main(["solve", "--lang", lang, *args]) == 2
    assert said in capsys.readouterr().err
    assert messages.get_language() == "en"


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["check", "--lang", "xx", "5H 6H 7H"])
    assert stopped.value.code == 2
    assert "'xx'" in capsys.readouterr().err
    assert messages.get_language() == "en"


def test_the_help_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with languages.speaking("nb"):
        pieces_help = messages.text("app.cli.pieces")
    with pytest.raises(SystemExit):
        main(["check", "--lang", "nb", "--help"])
    assert " ".join(pieces_help.split()) in " ".join(capsys.readouterr().out.split())


def test_a_bad_card_under_card_rules_is_named_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rummikub with cards (K-CARDS-1): the bad card and how to write one, in Danish (was English)."""
    assert main(["solve", "--lang", "da", "--rules", "rummikub:pieces=cards", "QH X9"]) == 2
    error = capsys.readouterr().err
    assert "ugyldigt kort 'X9'" in error and "* er en joker" in error
