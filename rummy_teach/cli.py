"""The ``rummy-teach`` command: ``check`` a meld or an opening, ``solve`` a Rummikub rack, ``serve`` the lessons.

``rummy-teach check "5H 6H 8H"`` prints the verdict's message; exit code 0 valid, 1 invalid,
2 bad input (the error on stderr), 3 (``solve``) no answer in time. ``--lang da`` words the answers
(and the help) in Danish.
"""

from __future__ import annotations

import argparse
import codecs
import json
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from rummy_teach import languages, messages
from rummy_teach.errors import RummyTeachError, clipped
from rummy_teach.melds import Verdict, check_meld, check_opening
from rummy_teach.pieces import parse_cards
from rummy_teach.rules import RummikubRules, RummyRules, rules_from_key
from rummy_teach.rummikub.card_words import said
from rummy_teach.rummikub.sets import set_verdict
from rummy_teach.rummikub.tiles import format_rummikub, parse_rummikub

__all__ = ["main"]

EXIT_VALID, EXIT_INVALID, EXIT_BAD_INPUT, EXIT_NO_ANSWER = 0, 1, 2, 3


def _t(key: str, **params: object) -> str:
    return messages.text(key, **params)


def _add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=languages.LANGUAGES, default=None, metavar="LANG", help=_t("app.cli.lang")
    )


_QUOTED = re.compile(r"'([^'\n]{41,})'")
"""A long quoted word in argparse's own refusal (``invalid choice: '…'``): clipped like ours."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals quote a long bad word by its ends (``errors.clipped``)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the refusal, a long word in it clipped, and exit with 2."""
        super().error(_QUOTED.sub(lambda word: repr(clipped(word.group(1))), message))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rummy-teach", description=_t("app.cli.description"))
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser(
        "check", help=_t("app.cli.check"), description=_t("app.cli.check_description")
    )
    check.add_argument("pieces", help=_t("app.cli.pieces"))
    game = check.add_mutually_exclusive_group()
    game.add_argument("--rummikub", action="store_true", help=_t("app.cli.rummikub"))
    game.add_argument("--opening", action="store_true", help=_t("app.cli.opening"))
    check.add_argument("--rules", metavar="KEY", help=_t("app.cli.rules"))
    check.add_argument("--json", action="store_true", help=_t("app.cli.json_verdict"))
    _add_language(check)

    solve = commands.add_parser(
        "solve", help=_t("app.cli.solve"), description=_t("app.cli.solve_description")
    )
    solve.add_argument("rack", help=_t("app.cli.rack"))
    solve.add_argument("--table", help=_t("app.cli.table"))
    solve.add_argument("--opened", action="store_true", help=_t("app.cli.opened"))
    solve.add_argument("--rules", metavar="KEY", help=_t("app.cli.solve_rules"))
    solve.add_argument("--json", action="store_true", help=_t("app.cli.json_play"))
    _add_language(solve)

    serve = commands.add_parser(
        "serve", help=_t("app.cli.serve"), description=_t("app.cli.serve_description")
    )
    from rummy_teach.app import add_arguments

    add_arguments(serve)
    return parser


def _language_asked(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value in ``argv`` (read before parsing, so the help is in that language too)."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _rules_for(args: argparse.Namespace) -> RummyRules | RummikubRules:
    tiles = args.rummikub or args.opening
    if args.rules is None:
        return RummikubRules() if tiles else RummyRules()
    rules = rules_from_key(args.rules)
    if tiles and not isinstance(rules, RummikubRules):
        raise RummyTeachError(_t("app.cli.needs_rummikub", rules=args.rules))
    return rules


def _nothing_given(args: argparse.Namespace, rules: RummyRules | RummikubRules) -> str | None:
    """What to write when ``check`` got no piece at all, not even a bad one; else None."""
    if re.search(r"[^\s,|]" if args.opening else r"[^\s,]", args.pieces):
        return None
    if args.opening:
        return said("app.cli.no_opening", rules)
    tiles = isinstance(rules, RummikubRules)
    return said("app.cli.no_tiles" if tiles else "app.cli.no_cards", rules)


def _check(args: argparse.Namespace) -> int:
    try:
        rules = _rules_for(args)
        nothing = _nothing_given(args, rules)
        if nothing is not None:
            raise RummyTeachError(nothing)
        verdict: Verdict
        if args.opening:
            assert isinstance(rules, RummikubRules)
            parts = [part for part in args.pieces.split("|") if part.strip()]  # as solve --table
            melds = [parse_rummikub(part, rules) for part in parts]
            verdict = check_opening(melds, rules)
        elif isinstance(rules, RummikubRules):  # K-CARDS-1: written as cards under card rules
            verdict = set_verdict(parse_rummikub(args.pieces, rules), rules)  # J=R4 as declared
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
            raise RummyTeachError(_t("app.cli.solve_needs_rummikub", rules=args.rules))
        rack = parse_rummikub(args.rack, rules)  # K-CARDS-1: cards under card rules
        given = (args.table or "").split("|")
        table = [parse_rummikub(part, rules) for part in given if part.strip()]
        opened = args.table is not None or args.opened  # a table given, even with no set
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
            "placed": format_rummikub(play.placed, rules) if play else "",
            "table": [format_rummikub(tiles, rules) for tiles in play.table] if play else [],
            "points": play.points if play else 0,
            "explanation": (
                said("solver.cli_empty", rules)
                if not rack
                else play.explain()
                if play
                else said("solver.cli_draw", rules)
            ),
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
    elif not rack:
        print(said("solver.cli_empty", rules))
    elif play is None or not placed:
        print(said("solver.cli_draw", rules))
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
    arguments = list(sys.argv[1:] if argv is None else argv)
    asked = _language_asked(arguments)
    # an unknown language is refused by the parser (its choices), in the language of now
    speaking = asked if asked in languages.LANGUAGES else messages.get_language()
    with languages.speaking(speaking):
        args = _parser().parse_args(arguments)
        if args.command == "check":
            return _check(args)
        if args.command == "solve":
            return _solve(args)
        return _serve(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
