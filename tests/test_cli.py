"""The referee command line: ``rummy-teach check``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rummy_teach.cli import main


def test_check_valid_prints_message_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "5H 6H 7H"]) == 0
    assert (
        capsys.readouterr().out.strip()
        == "5♥ 6♥ 7♥: a run of hearts from 5♥ to 7♥, worth 18 points."
    )


def test_check_invalid_exits_1_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "5H 6H 8H"]) == 1
    assert "7♥ is missing between 6♥ and 8♥" in capsys.readouterr().out


def test_bad_notation_exits_2_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "5H 6X 7H"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "'6X'" in captured.err and "token 2" in captured.err


def test_rummikub_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rummikub", "R10 B10 K10", "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["ok"] is True and verdict["kind"] == "group" and verdict["points"] == 30
    assert verdict["reason"] is None and verdict["rule"] == "K-MELD-2"


def test_opening_with_several_melds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--opening", "R10 B10 K10 | O11 O12 O13"]) == 0
    assert "66 points" in capsys.readouterr().out
    assert main(["check", "--opening", "K9 R9 B9", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["reason"] == "opening.short"


def test_house_rules_by_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "QS KS AS"]) == 1
    assert main(["check", "QS KS AS", "--rules", "rummy:ace=low_or_high"]) == 0
    assert main(["check", "--rummikub", "R1 R2 R3", "--rules", "rummy"]) == 2
    assert main(["check", "QS KS AS", "--rules", "rummy:ace=sideways"]) == 2
    capsys.readouterr()


def test_installed_command_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummy_teach.cli", "check", "--rummikub", "R12 R13 R1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "12-13-1 is not a run" in result.stdout


def test_solve_opening_explains_the_best_initial_meld(capsys: pytest.CaptureFixture[str]) -> None:
    """K-OPEN-2: R10 R11 R12 K1 K2 K3 opens with all six tiles, 39 points."""
    assert main(["solve", "R10 R11 R12 K1 K2 K3"]) == 0
    out = capsys.readouterr().out
    assert "black 1-3" in out and "red 10-12" in out and "39 points" in out


def test_solve_play_onto_a_table_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """K-TURN-1: R5 leaves the group of four to make R5 R6 R7."""
    assert main(["solve", "R6 R7", "--table", "K5 R5 B5 O5", "--json"]) == 0
    play = json.loads(capsys.readouterr().out)
    assert play["placed"] == "R6 R7"
    assert sorted(play["table"]) == ["K5 B5 O5", "R5 R6 R7"]
    assert "red 5" in play["explanation"]


def test_solve_says_draw_and_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """K-OPEN-3: a rack that cannot open draws."""
    assert main(["solve", "R1 B5 O9"]) == 1
    assert "draw a tile" in capsys.readouterr().out
    assert main(["solve", "R1 X5"]) == 2
    assert "'X5'" in capsys.readouterr().err
    assert main(["solve", "R1", "--rules", "rummy"]) == 2


@pytest.mark.parametrize("table", ["", "|", " | | "])
def test_solve_with_an_empty_table_given_has_opened(
    table: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """K-TURN-1: ``--table`` says the player has opened, also when it names no set: R1 R2 R3 (6
    points) is laid down as after ``--opened``, not judged as an initial meld (K-OPEN-2)."""
    assert main(["solve", "R1 R2 R3", "--opened"]) == 0
    opened = capsys.readouterr().out
    assert main(["solve", "R1 R2 R3", "--table", table]) == 0
    assert capsys.readouterr().out == opened
    assert "red 1-3" in opened


CARDS = ["--rules", "rummikub:pieces=cards"]


def test_solve_and_check_with_cards_read_and_say_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """K-CARDS-1 on the command line: under card rules pieces are written as cards, the JSON
    gives them back as cards, and no answer names a tile, a rack or the pool."""
    assert main(["solve", "6H 7H", "--table", "5S 5H 5C 5D", "--json", *CARDS]) == 0
    play = json.loads(capsys.readouterr().out)
    assert play["placed"] == "6H 7H"
    assert sorted(play["table"]) == ["5H 6H 7H", "5S 5C 5D"]
    assert "5♥ 6♥ 7♥" in play["explanation"] and "red" not in play["explanation"]
    assert main(["solve", "AH 5C 9D", *CARDS]) == 1
    assert capsys.readouterr().out.strip() == (
        "No cards can be placed from this hand: draw a card (K-OPEN-3)."
    )
    assert main(["solve", "", *CARDS]) == 1
    assert "hand is empty" in capsys.readouterr().out
    assert main(["check", "--rummikub", "10H JH QH", *CARDS]) == 0
    assert capsys.readouterr().out.startswith("10♥ J♥ Q♥:")
    assert main(["solve", "R10 R11 R12", *CARDS]) == 2  # tile notation is not a card
    assert "'R10'" in capsys.readouterr().err
    assert main(["solve", "--lang", "nb", "AH 5C 9D", *CARDS]) == 1
    assert "trekk et kort" in capsys.readouterr().out


def test_solve_help_says_how_to_give_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """The help of ``solve`` names both notations, and the rules key that switches to cards."""
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert '"R10 J"' in out and '"10H *"' in out
    assert out.count("rummikub:pieces=cards") == 2  # the rack's help and the rules key's


def test_serve_without_the_app_extras_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rummy-teach serve` where Voilà is missing says what to install, in one line, and exits 2."""
    monkeypatch.setitem(sys.modules, "voila", None)
    assert main(["serve"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "missing: voila" in captured.err and "pip install 'rummy-teach[app]'" in captured.err


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_without_suit_symbols_gets_letters(encoding: str) -> None:
    """A terminal that cannot print ♥ (PYTHONIOENCODING=ascii) reads suits as notation letters."""
    result = subprocess.run(
        [sys.executable, "-m", "rummy_teach.cli", "check", "5H 6H 8H"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        check=False,
    )
    assert result.returncode == 1 and result.stderr == b""
    assert result.stdout.decode(encoding).strip() == (
        "5H 6H 8H has a gap: 7H is missing between 6H and 8H."
    )


def test_a_rules_key_with_a_huge_number_is_bad_input_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A 5,000-digit setting in --rules is bad input (exit 2) naming the field, no traceback."""
    assert main(["check", "5H 6H 7H", "--rules", "rummy:target=" + "9" * 5000]) == 2
    error = capsys.readouterr().err
    assert "target must be a whole number" in error and "Traceback" not in error
    assert len(error) < 300


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["check", ""], 'no cards given: write the meld to judge, e.g. "5H 6H 7H"'),
        (["check", " , "], 'no cards given: write the meld to judge, e.g. "5H 6H 7H"'),
        (["check", "--rummikub", ""], 'no tiles given: write the set to judge, e.g. "R10 B10 K10"'),
        (["check", "--rummikub", "", *CARDS], 'no cards given: write the set to judge, e.g. "10H'),
        (["check", "--opening", " | "], "no sets given: write the initial meld to judge as sets"),
        (["check", "--opening", "", *CARDS], 'e.g. "10H JH QH | 5S 5H 5D"'),
        (["check", "--lang", "nb", ""], "ingen kort gitt: skriv kombinasjonen som skal vurderes"),
    ],
    ids=["rummy", "separators", "rummikub", "rummikub cards", "opening", "opening cards", "nb"],
)
def test_check_with_nothing_to_judge_says_what_to_write(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check ""`` said "Nothing picked yet", a view's words for a learner who has picked no
    card: on the command line nothing was given, which is bad input (exit 2), said as such."""
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("rummy-teach: ") and expected in out.err, out.err
    assert "picked" not in out.err
