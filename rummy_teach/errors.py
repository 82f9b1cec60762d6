"""The one error family of rummy_teach: every error is a ``ValueError`` that names the bad input."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import reprlib

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "RulesError",
    "RummyTeachError",
    "SolverError",
    "clipped",
    "shown",
]

_LONGEST = 40
"""Text up to this many characters is quoted whole in a message; longer text by its ends."""


def clipped(text: str) -> str:
    """``text`` itself up to 40 characters; a longer one as its first 28 and last 8 around ``…``."""
    return text if len(text) <= _LONGEST else f"{text[:28]}…{text[-8:]}"


def shown(value: object) -> str:
    """``repr(value)`` at a length a message can quote: text as ``clipped``, 6 items of a list."""
    return _shower().repr(value)


@cache
def _shower() -> reprlib.Repr:
    """``reprlib``'s bounded repr, built on the first refusal that quotes a value (not at import)."""
    import reprlib

    class Shower(reprlib.Repr):
        def repr_str(self, x: str, level: int) -> str:
            return repr(clipped(x))

        def repr_int(self, x: int, level: int) -> str:
            # Python refuses to write a number of over 4,300 digits; 128 bits are 39 digits
            if x.bit_length() <= 128:
                return repr(x)
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1:,} digits>"

    shower = Shower()
    shower.maxother = 120  # a rules object's repr is 159-207 characters: cut in its middle
    return shower


class RummyTeachError(ValueError):
    """Base class of every error rummy_teach raises on purpose."""


class NotationError(RummyTeachError):
    """Card or tile notation that cannot be read; names the bad token and where it stands."""

    def __init__(self, message: str, *, token: str, position: int, offset: int) -> None:
        """Keep the bad token, its 1-based position among the tokens and its character offset."""
        super().__init__(message)
        self.token = token
        self.position = position
        self.offset = offset


class RulesError(RummyTeachError):
    """An invalid rules setting, pieces of the wrong game for a rules object, or an argument of
    the wrong kind (``None`` for a table, text for a move): the message names it."""


class IllegalMoveError(RummyTeachError):
    """A move the rules forbid; the state it was tried on is unchanged.

    ``reason`` is a stable key (as in ``Verdict.reason``) and ``rule`` the RULES.md id.
    """

    def __init__(self, message: str, *, reason: str, rule: str | None = None) -> None:
        """Keep the learner-facing message, the reason key and the rule id."""
        super().__init__(message)
        self.reason = reason
        self.rule = rule


class SolverError(RummyTeachError):
    """The solver could not answer: HiGHS stopped without a solution, or its answer did not decode."""
