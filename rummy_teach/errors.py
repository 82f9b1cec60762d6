"""The one error family of rummy_teach: every error is a ``ValueError`` that names the bad input."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "NotationError", "RulesError", "RummyTeachError", "SolverError"]


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
