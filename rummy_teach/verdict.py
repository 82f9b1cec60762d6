"""The ``Verdict`` every check returns, and the few builders that make one (the only place one is built).

A check never raises for a learner's mistake: it returns a ``Verdict`` with a stable reason key,
the RULES.md id that decides it and a sentence from ``messages`` naming the actual pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.pieces import Piece, Tile, format_pieces

__all__ = ["Kind", "Verdict", "failed", "noted", "passed"]

Kind = Literal["group", "run"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a meld, a layoff, an opening or a turn; true when valid."""

    ok: bool
    kind: Kind | None
    points: int
    reason: str | None
    rule: str | None
    message: str
    pieces: tuple[Piece, ...] = ()
    """The pieces judged, as given."""
    reading: tuple[Piece, ...] = ()
    """When valid: the meld in order, each joker replaced by the tile it stands for."""
    jokers: tuple[Tile, ...] = ()
    """When valid: what each joker stands for, in the order the jokers were given."""
    missing: tuple[Piece, ...] = ()
    """Pieces that would fix it: the gap in a run, or what a meld on the table takes."""
    params: tuple[tuple[str, Any], ...] = field(default=(), repr=False, compare=False)
    """The message's named parameters, for rewording it in another language."""
    note: bool = field(default=False, repr=False, compare=False)
    """True when the verdict only reports what happened or how the game is set up (``noted``)."""

    def __bool__(self) -> bool:
        """True when the verdict is valid."""
        return self.ok

    def _repr_html_(self) -> str:
        """In a notebook: the referee's box (``rummy_teach.referee``), as the views show a verdict."""
        from rummy_teach.referee import referee

        return referee(self)._repr_html_()

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain JSON-ready values (pieces in notation)."""
        return {
            "ok": self.ok,
            "kind": self.kind,
            "points": self.points,
            "reason": self.reason,
            "rule": self.rule,
            "message": self.message,
            "pieces": format_pieces(self.pieces),
            "reading": format_pieces(self.reading),
            "jokers": format_pieces(self.jokers),
            "missing": format_pieces(self.missing),
        }


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def failed(
    reason: str,
    rule: str,
    pieces: Sequence[Piece] = (),
    *,
    kind: Kind | None = None,
    points: int = 0,
    missing: Sequence[Piece] = (),
    sentence: bool = False,
    words: Mapping[str, object] | None = None,
    **params: object,
) -> Verdict:
    """An invalid verdict worded by the message ``reason`` with ``words`` and ``params``.

    The message may name the verdict's ``points`` as ``{points}``.
    ``sentence`` capitalises the message's first letter (it starts a sentence of its own).
    """
    params = {"points": points, **(words or {}), **params}
    message = messages.text(reason, **params)
    return Verdict(
        ok=False,
        kind=kind,
        points=points,
        reason=reason,
        rule=rule,
        message=_sentence(message) if sentence else message,
        pieces=tuple(pieces),
        missing=tuple(missing),
        params=tuple(sorted(params.items())),
    )


def passed(
    key: str,
    rule: str,
    pieces: Sequence[Piece] = (),
    *,
    kind: Kind | None = None,
    points: int = 0,
    reading: Sequence[Piece] = (),
    jokers: Sequence[Tile] = (),
    message: str | None = None,
    words: Mapping[str, object] | None = None,
    **params: object,
) -> Verdict:
    """A valid verdict worded by the message ``key`` (or ``message`` when the caller composed it).

    The message may name the verdict's ``points`` as ``{points}``.
    """
    params = {"points": points, **(words or {}), **params}
    return Verdict(
        ok=True,
        kind=kind,
        points=points,
        reason=None,
        rule=rule,
        message=messages.text(key, **params) if message is None else message,
        pieces=tuple(pieces),
        reading=tuple(reading),
        jokers=tuple(jokers),
        params=tuple(sorted(params.items())),
    )


def noted(reason: str, rule: str, *, key: str | None = None, **params: object) -> Verdict:
    """A verdict that only reports what happened (a draw, a penalty, the end of a game), worded by
    the message ``key`` when it is not the ``reason`` (the same said with cards, K-CARDS-1)."""
    return Verdict(
        ok=True,
        kind=None,
        points=0,
        reason=reason,
        rule=rule,
        message=messages.text(key or reason, **params),
        params=tuple(sorted(params.items())),
        note=True,
    )
