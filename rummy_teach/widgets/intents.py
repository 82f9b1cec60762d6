"""The browser-to-Python protocol of the views: one custom message per learner intent, checked first.

The browser sends each intent as an anywidget custom message (``model.send(...)``), which the
comm delivers one by one, in order, never merged (unlike rapid updates of one synced trait):

- ``{"intent": "pick", "piece": "p3", "seq": 7}``: click a piece (hand: pick or unpick it;
  a laid meld: take it back; a table meld: lay the picked pieces off onto it);
- ``{"intent": "press", "button": "lay_down", "seq": 8}``: press a button;
- ``{"intent": "drop", "piece": "p3", "on": "m0", "seq": 9}``: a piece dragged onto a zone
  (``hand``, a meld ``m<n>``) or a button (its id);
- ``{"intent": "answer", "value": 22, "seq": 10}``: a whole number typed into a view's number
  field (a score), from ``MIN_ANSWER`` to ``MAX_ANSWER``.

``seq`` counts the view's messages (from 1). Everything that arrives is untrusted: ``read_intent``
checks type, size, depth, the intent's name, its fields and their bounds before any work, and
refuses the rest with :class:`BadIntent`, whose text quotes only what is safe to log.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Final, Literal, cast

from rummy_teach.errors import RummyTeachError

__all__ = [
    "FIELDS",
    "MAX_ANSWER",
    "MAX_ID_LENGTH",
    "MAX_SEQ",
    "MIN_ANSWER",
    "BadIntent",
    "Intent",
    "IntentName",
    "RateLimit",
    "read_intent",
]

IntentName = Literal["pick", "press", "drop", "answer"]
FIELDS: Final[Mapping[str, frozenset[str]]] = {
    "pick": frozenset({"piece"}),
    "press": frozenset({"button"}),
    "drop": frozenset({"piece", "on"}),
    "answer": frozenset({"value"}),
}
"""Each intent's own fields, besides ``intent`` and ``seq`` (both required)."""
MAX_ID_LENGTH: Final = 16
"""Longest piece, button or zone id the view ever sends; anything longer is hostile or broken."""
MAX_SEQ: Final = 2**31 - 1
MIN_ANSWER: Final = -9999
MAX_ANSWER: Final = 9999
"""The bounds of a typed answer: wider than any score of a round, far short of a costly number."""
_PATTERNS: Final[Mapping[str, re.Pattern[str]]] = {
    "piece": re.compile(r"p[0-9]{1,4}"),
    "button": re.compile(r"[a-z_]{1,16}"),
    "on": re.compile(r"[a-z0-9_]{1,16}"),
}


class BadIntent(RummyTeachError):
    """A message from the browser that is not a well-formed intent; refused before any work."""


@dataclass(frozen=True, slots=True)
class Intent:
    """One checked learner intent: its name, the piece or button it names, a drop's target, its number."""

    name: IntentName
    target: str
    """The piece id (``pick``, ``drop``) or the button id (``press``); empty for ``answer``."""
    on: str = ""
    """Where a dragged piece was dropped: ``hand``, a meld ``m<n>`` or a button id."""
    seq: int = 0
    value: int = 0
    """The number an ``answer`` carries (``MIN_ANSWER`` to ``MAX_ANSWER``)."""

    def to_message(self) -> dict[str, str | int]:
        """The message the browser sends for this intent (what ``read_intent`` reads back)."""
        fields = sorted(FIELDS[self.name])
        values: dict[str, str | int] = {
            "piece": self.target,
            "button": self.target,
            "on": self.on,
            "value": self.value,
        }
        return {"intent": self.name, **{name: values[name] for name in fields}, "seq": self.seq}


def read_intent(content: object, buffers: Sequence[object] = ()) -> Intent:
    """The intent in one custom message, or :class:`BadIntent` naming what is wrong with it."""
    if buffers:
        raise BadIntent("an intent carries no binary buffers")
    if not isinstance(content, dict):
        raise BadIntent(f"an intent is a JSON object, not {type(content).__name__}")
    if len(content) > 2 + max(len(names) for names in FIELDS.values()):
        raise BadIntent(f"an intent has at most 4 fields, not {len(content)}")
    for key, value in content.items():
        if not isinstance(key, str) or len(key) > MAX_ID_LENGTH:
            raise BadIntent("an intent's field names are short strings")
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise BadIntent(f"field {key!r} holds {type(value).__name__}: too deep or wrong type")
    name = content.get("intent")
    if not isinstance(name, str) or name not in FIELDS:
        shown = name if isinstance(name, str) and len(name) <= MAX_ID_LENGTH else "?"
        raise BadIntent(f"unknown intent {shown!r}")
    wanted = FIELDS[name] | {"intent", "seq"}
    if set(content) != wanted:
        raise BadIntent(f"intent {name!r} has the fields {sorted(wanted)}")
    seq = content["seq"]
    if not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
        raise BadIntent(f"intent {name!r}: seq is a whole number from 0 to {MAX_SEQ}")
    if name == "answer":
        value = content["value"]
        if not isinstance(value, int) or not MIN_ANSWER <= value <= MAX_ANSWER:
            raise BadIntent(f"an answer is a whole number from {MIN_ANSWER} to {MAX_ANSWER}")
        return Intent("answer", "", "", seq, value)
    values: dict[str, str] = {}
    for field in FIELDS[name]:
        value = content[field]
        if (
            not isinstance(value, str)
            or len(value) > MAX_ID_LENGTH
            or not _PATTERNS[field].fullmatch(value)
        ):
            raise BadIntent(f"intent {name!r}: {field} is not a valid id")
        values[field] = value
    target = values["button"] if name == "press" else values["piece"]
    return Intent(cast(IntentName, name), target, values.get("on", ""), seq)


INTENTS_PER_SECOND: Final = 10.0
"""How many intents a page may send a second on average: far above any learner's clicking."""
INTENT_BURST: Final = 20.0
"""How many a page may send at once (a quick run of clicks, a drag and drop)."""


WORK_SHARE: Final = 0.5
"""Seconds of handling a page may use a second on average: half a core, however costly its intents."""
WORK_BURST: Final = 4.0
"""Seconds of handling a page may use at once (a hint that runs the solver)."""


@dataclass(slots=True)
class RateLimit:
    """A token bucket: at most ``rate`` units a second on average and ``burst`` at once.

    Counts intents (``allow()``) or seconds of work (``allow(0)`` before, ``charge(seconds)``
    after). ``allow`` costs a clock read and a few additions, so a message over the limit is
    refused before any work; one page (one kernel) shares its buckets across its views.
    """

    rate: float = INTENTS_PER_SECOND
    burst: float = INTENT_BURST
    clock: Callable[[], float] = time.monotonic
    _tokens: float = dataclass_field(init=False, default=0.0)
    _at: float = dataclass_field(init=False, default=0.0)

    def __post_init__(self) -> None:
        self._tokens = self.burst
        self._at = self.clock()

    def allow(self, cost: float = 1.0) -> bool:
        """True (and ``cost`` spent) when ``cost`` more fits under the limit now."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._at) * self.rate)
        self._at = now
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False

    def charge(self, amount: float) -> None:
        """Spend ``amount`` after the fact (the bucket may go below zero: then it refuses until refilled)."""
        self._tokens -= amount
