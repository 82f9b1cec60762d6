"""The comm side every widget of ours shares: each browser message checked, limited and answered.

A widget built on :class:`GuardedWidget` takes nothing from the page but custom messages: trait
updates are dropped with a log line (the browser may set no trait unless a view lists it in
``BROWSER_TRAITS``), messages over the rate limit or the work budget are dropped unread and
counted (``throttled``, and a word in ``notice``), a malformed message is refused with one log
line, and a failure while acting on a good one is logged, never raised into the kernel. Every
custom message answered counts up ``answered``, so a page can wait for it.
"""

from __future__ import annotations

import reprlib
import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import anywidget
import traitlets

from rummy_teach import messages
from rummy_teach.widgets.intents import WORK_BURST, WORK_SHARE, BadIntent, RateLimit

__all__ = ["GuardedWidget", "field"]

SHORT = reprlib.Repr()
"""Quotes what was refused, a few levels deep at most: a 5,000-deep message costs nothing to log."""
SHORT.maxlevel, SHORT.maxstring, SHORT.maxother = 3, 40, 40


def field(value: object, name: str) -> object:
    """``value[name]`` if ``value`` is a mapping holding it, else None (never raises)."""
    return value.get(name) if isinstance(value, Mapping) else None


class GuardedWidget(anywidget.AnyWidget):
    """An anywidget whose page may only send checked messages, within limits; Python owns the state."""

    answered = traitlets.Int(0).tag(sync=True)
    """How many browser messages Python has answered (handled or refused), in arrival order."""
    throttled = traitlets.Int(0).tag(sync=True)
    """How many messages were dropped unread because the page sent more than the rate limit."""
    notice = traitlets.Unicode("").tag(sync=True)
    """A word to the learner beside the feedback: that clicks came too fast to count (or '')."""

    BROWSER_TRAITS: ClassVar[frozenset[str]] = frozenset()
    """Synced traits the browser may set: none; it sends messages instead."""
    log_name: ClassVar[str] = "widget"
    """How log lines name this kind of widget ("exercise", "rules picker")."""

    def __init__(self) -> None:
        super().__init__()
        self.ignored = 0
        """How many browser messages were refused as malformed or hostile."""
        self.limit = RateLimit()
        """How many messages a second this widget takes from the page (checked before any work)."""
        self.work = RateLimit(WORK_SHARE, WORK_BURST)
        """How much handling time a second this widget may use: a costly message spends more."""
        self.on_msg(self._on_msg)

    def _repr_mimebundle_(
        self, **kwargs: dict[str, object]
    ) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget for the page, and as plain text a sentence saying where it works (not a repr).

        A viewer that cannot draw widgets (a static page, an untrusted notebook) shows the text.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "text/plain": messages.text("widgets.needs_page")}, metadata

    def _read_message(self, content: object, buffers: Sequence[object]) -> object:
        """The checked message (subclasses); raises :class:`BadIntent` for anything else."""
        raise BadIntent("this widget takes no messages")

    def _on_message(self, message: object) -> None:
        """Act on one checked message (subclasses)."""

    def _handle_msg(self, msg: object) -> None:
        """Every comm message from the page: a custom message is read; state updates are refused.

        Replaces ipywidgets' handler so that a malformed message is refused with one log line,
        never a traceback.
        """
        data = field(field(msg, "content"), "data")
        method = field(data, "method")
        limited = method == "custom" or method == "update"
        if limited and not (self.work.allow(0.0) and self.limit.allow()):
            self._throttle(answer=method == "custom")
            return
        started = time.thread_time()
        try:
            self._dispatch(method, data, msg)
        finally:
            self.work.charge(time.thread_time() - started)

    def _dispatch(self, method: object, data: object, msg: object) -> None:
        """Hand one comm message within the limits to its handler."""
        if method == "custom" and isinstance(data, Mapping) and "content" in data:
            self._handle_custom_msg(data["content"], field(msg, "buffers") or [])
        elif method == "update" and isinstance(data, Mapping):
            self.set_state(data.get("state"))
        elif method == "request_state":
            self.send_state()
        else:
            self._refuse("comm message that is not a widget message", msg)

    def set_state(self, sync_data: object) -> None:
        """Accept from the browser only the traits it may set; drop the rest with a log line."""
        if not isinstance(sync_data, Mapping):
            self._refuse("state update that is not a mapping", sync_data)
            return
        allowed = {name: value for name, value in sync_data.items() if name in self.BROWSER_TRAITS}
        for name in sync_data:
            if name not in self.BROWSER_TRAITS:
                self._refuse(f"browser tried to set {name!r}", sync_data[name])
        if allowed:
            try:
                super().set_state(allowed)
            except traitlets.TraitError:
                self._refuse("state of the wrong type", allowed)

    def _throttle(self, *, answer: bool) -> None:
        """Drop one message over the page's rate limit: counted, unread, logged at 1, 10, 100, …"""
        with self.hold_sync():
            self.throttled += 1
            if answer:  # a message dropped is a message answered: the page's count stays true
                self.answered += 1
            if not self.notice:  # said once per burst: the next message handled clears it
                self.notice = messages.text("widgets.throttled")
        if str(self.throttled).strip("0") == "1":
            self.log.warning(
                "rummy_teach %s dropped %d messages over the rate limit",
                self.log_name,
                self.throttled,
            )

    def _failed(self) -> None:
        """Say in words that handling a message failed inside the view (the log has the cause)."""

    def _refuse(self, why: str, value: object) -> None:
        self.ignored += 1
        self.log.warning("rummy_teach %s ignored %s: %.80s", self.log_name, why, SHORT.repr(value))

    def receive(self, content: object, buffers: Sequence[object] = ()) -> None:
        """Handle one custom message from the browser, exactly as the comm delivers it."""
        self._handle_custom_msg(content, list(buffers))

    def _on_msg(self, _widget: object, content: object, buffers: Sequence[object]) -> None:
        with self.hold_sync():
            try:
                message = self._read_message(content, buffers)
            except BadIntent as error:
                self._refuse(str(error), content)
            else:
                try:
                    self._on_message(message)
                except Exception:  # a learner's click must never crash the kernel
                    self.log.exception("rummy_teach %s failed on %.80r", self.log_name, message)
                    self._failed()
            if self.notice:
                self.notice = ""
            self.answered += 1
