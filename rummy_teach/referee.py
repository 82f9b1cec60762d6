"""The referee's box: verdicts shown in a lesson the way the views show them, not as program output.

``referee(verdict, …)`` (or a ``Verdict`` as a cell's last line) displays one styled box per
verdict: an icon and a word (valid or not, never colour alone) and the engine's sentence. Its
plain-text form, which nbval compares and a terminal prints, is one line per verdict:
``✔ Valid: 4♦ 5♦ 6♦ is a run …``. Nothing here imports Jupyter: the notebook calls
``_repr_html_``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.verdict import Verdict

__all__ = ["Referee", "referee"]

_ICONS = {"ok": "\u2714", "bad": "\u2716", "note": "\u2139"}
_COLOURS = {
    "ok": ("#1b7a34", "#e6f4ea", "#0f4d20"),
    "bad": ("#b3261e", "#fdecea", "#7d1a14"),
    "note": ("#1a5fb4", "#e8f0fb", "#0b3a75"),
}


@dataclass(frozen=True, slots=True)
class Referee:
    """Verdicts to show as the referee's boxes (HTML in a notebook, one line each as text)."""

    verdicts: tuple[Verdict, ...]

    def lines(self) -> list[str]:
        """Each verdict as one line: icon, status word, the engine's sentence."""
        return [f"{_ICONS[_look(v)]} {_status(v)}: {v.message}" for v in self.verdicts]

    def __repr__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """IPython's plain-text form: the lines, not the dataclass."""
        printer.text(repr(self))  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        """One box per verdict: a coloured edge, an icon and a word, the sentence."""
        import html  # here: ~2 ms that a first solve, which never draws, need not import

        boxes = []
        for verdict in self.verdicts:
            edge, background, ink = _COLOURS[_look(verdict)]
            boxes.append(
                f'<div class="rt-referee" role="note" style="display:flex;flex-wrap:wrap;'
                f"gap:2px 10px;align-items:baseline;margin:6px 0;padding:8px 14px;border-radius:8px;"
                f"border-left:8px solid {edge};background:{background};color:{ink};"
                f'font-size:18px;max-width:900px">'
                f'<span aria-hidden="true" style="font-weight:bold">{_ICONS[_look(verdict)]}</span>'
                # the status word on one line ("Ikke gyldig" broke in two at 320 px); the sentence
                # beside it where it has 16em, under it on a phone (its long words fit there)
                f'<strong style="white-space:nowrap">{html.escape(_status(verdict))}</strong>'
                f'<span style="flex:1 1 16em">{html.escape(verdict.message)}</span></div>'
            )
        return "".join(boxes)


def _look(verdict: Verdict) -> str:
    """How a verdict's box looks: valid, not valid, or a note of what happened (``noted``)."""
    if verdict.note and verdict.ok:
        return "note"
    return "ok" if verdict.ok else "bad"


def _status(verdict: Verdict) -> str:
    return messages.text(f"widgets.status.{_look(verdict)}")


def referee(*verdicts: Verdict | Iterable[Verdict]) -> Referee:
    """The referee's boxes for ``verdicts`` (each a verdict or an iterable of them), in order."""
    flat: list[Verdict] = []
    for item in verdicts:
        if isinstance(item, Verdict):
            flat.append(item)
            continue
        inner = tuple(item) if isinstance(item, Iterable) and not isinstance(item, str) else None
        if inner is None or not all(isinstance(verdict, Verdict) for verdict in inner):
            raise RulesError(
                f"referee shows verdicts (what check_meld and the other checks return), not {shown(item)}"
            )
        flat.extend(inner)
    return Referee(tuple(flat))
