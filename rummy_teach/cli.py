"""The ``rummy-teach`` command: ``check`` a meld or an opening, ``solve`` a Rummikub rack, ``serve`` the lessons.

``rummy-teach check "5H 6H 8H"`` prints the verdict's message; exit code 0 valid, 1 invalid,
2 bad input (the error on stderr).
"""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections.abc import Sequence

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError
from rummy_teach.melds import Verdict, check_meld, check_opening
from rummy_teach.pieces import format_pieces, parse_cards, parse_tiles
from rummy_teach.rules import RummikubRules, RummyRules, rules_from_key

__all__ = ["main"]

EXIT_VALID, EXIT_INVALID, EXIT_BAD_INPUT, EXIT_NO_ANSWER = 0, 1, 2, 3


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-teach",
        description="Learn Rummy and Rummikub: judge melds from the command line, or serve the lessons.",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser(
        "check",
        help="judge a meld (Rummy cards by default) or a Rummikub initial meld",
        description=(
            'Judge a meld, e.g. rummy-teach check "5H 6H 8H" or rummy-teach check --rummikub "R10 B10 K10". '
            'With --opening, give a Rummikub initial meld as sets separated by "|". '
            "Exit code: 0 valid, 1 invalid, 2 bad notation or settings."
        ),
    )
    check.add_argument("pieces", help='pieces in notation, e.g. "5H 6H 7H" or "R10 B10 K10 J"')
    game = check.add_mutually_exclusive_group()
    game.add_argument(
        "--rummikub", action="store_true", help="read tiles and judge under Rummikub rules"
    )
    game.add_argument(
        "--opening",
        action="store_true",
        help='judge a Rummikub initial meld: sets separated by "|" (K-OPEN-2)',
    )
    check.add_argument(
        "--rules",
        metavar="KEY",
        help="a rules key naming house rules, e.g. rummy:ace=low_or_high or rummikub:initial_meld_points=25",
    )
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")

    solve = commands.add_parser(
        "solve",
        help="find the best Rummikub opening, or the best play onto a table",
        description=(
            'Find the best Rummikub move, e.g. rummy-teach solve "R10 R11 R12 K1 K2 K3" (an initial meld) '
            'or rummy-teach solve "B10 B12" --table "B9 J B11 | K5 R5 B5". Exit code: 0 when tiles can be '
            "placed, 1 when the only move is to draw, 2 bad notation or settings, 3 no answer in time."
        ),
    )
    solve.add_argument("rack", help="the rack's tiles in notation")
    solve.add_argument(
        "--table",
        default="",
        help='the sets on the table, separated by "|" (then the player has opened)',
    )
    solve.add_argument(
        "--opened",
        action="store_true",
        help="the player has made the initial meld already (implied by --table)",
    )
    solve.add_argument(
        "--rules", metavar="KEY", help="a Rummikub rules key, e.g. rummikub:jokers=4"
    )
    solve.add_argument("--json", action="store_true", help="print the play as JSON")

    serve = commands.add_parser(
        "serve",
        help="start the lesson app (Voilà) at http://127.0.0.1:8866/",
        description="Serve the lessons with Voilà: the same options as python -m rummy_teach.app.",
    )
    from rummy_teach.app import add_arguments

    add_arguments(serve)
    return parser


def _rules_for(args: argparse.Namespace) -> RummyRules | RummikubRules:
    tiles = args.rummikub or args.opening
    if args.rules is None:
        return RummikubRules() if tiles else RummyRules()
    rules = rules_from_key(args.rules)
    if tiles and not isinstance(rules, RummikubRules):
        raise RummyTeachError(f"--rummikub and --opening need Rummikub rules, not {args.rules!r}")
    return rules


def _check(args: argparse.Namespace) -> int:
    try:
        rules = _rules_for(args)
        verdict: Verdict
        if args.opening:
            assert isinstance(rules, RummikubRules)
            melds = [parse_tiles(part) for part in args.pieces.split("|")]
            verdict = check_opening(melds, rules)
        elif isinstance(rules, RummikubRules):
            verdict = check_meld(parse_tiles(args.pieces), rules)
        else:
            verdict = check_meld(parse_cards(args.pieces), rules)
    except RummyTeachError as error:
        print(f"rummy-teach: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(verdict.message)
    return EXIT_VALID if verdict.ok else EXIT_INVALID


def _solve(args: argparse.Namespace) -> int:
    from rummy_teach.solver import Solution
    from rummy_teach.solver.guard import (
        NoAnswerInTime,
        default_guard,
        guarded_opening,
        guarded_play,
    )

    try:
        rules = RummikubRules() if args.rules is None else rules_from_key(args.rules)
        if not isinstance(rules, RummikubRules):
            raise RummyTeachError(f"solve needs Rummikub rules, not {args.rules!r}")
        rack = parse_tiles(args.rack)
        table = [parse_tiles(part) for part in args.table.split("|") if part.strip()]
        opened = bool(table) or args.opened
        play: Solution | None
        play = guarded_play(rack, table, rules) if opened else guarded_opening(rack, rules)
    except NoAnswerInTime:
        seconds = f"{default_guard().timeout:g}"
        print(messages.text("solver.cli_no_answer", seconds=seconds), file=sys.stderr)
        return EXIT_NO_ANSWER
    except RummyTeachError as error:
        print(f"rummy-teach: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    placed = play is not None and len(play.placed) > 0
    if args.json:
        report = {
            "placed": format_pieces(play.placed) if play else "",
            "table": [format_pieces(tiles) for tiles in play.table] if play else [],
            "points": play.points if play else 0,
            "explanation": (
                messages.text("solver.cli_empty")
                if not rack
                else play.explain()
                if play
                else messages.text("solver.cli_draw")
            ),
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
    elif not rack:
        print(messages.text("solver.cli_empty"))
    elif play is None or not placed:
        print(messages.text("solver.cli_draw"))
    else:
        print(play.explain())
    return EXIT_VALID if placed else EXIT_INVALID


def _serve(args: argparse.Namespace) -> int:
    from rummy_teach import app

    return app.run(args)


_PLAIN = {"♥": "H", "♦": "D", "♣": "C", "♠": "S", "…": "...", "—": "-", "–": "-", "’": "'"}
"""What a terminal that cannot print a symbol gets instead: suits as notation letters (5♥ is 5H)."""


def _plain_text(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: write suits as letters and anything else unprintable as ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_PLAIN.get(char, "?") for char in text), error.end


codecs.register_error("rummy_teach.plain", _plain_text)


def _printable_streams() -> None:
    """Where stdout or stderr cannot encode ``♥`` (an ASCII or C locale), fall back to letters."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♥♦♣♠…".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="rummy_teach.plain")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code."""
    _printable_streams()
    args = _parser().parse_args(argv)
    if args.command == "check":
        return _check(args)
    if args.command == "solve":
        return _solve(args)
    return _serve(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
