"""Fair sharing: each view's intents are rate-limited and bounded before any work, silently."""

from __future__ import annotations

import logging

import pytest

from rummy_teach import lessons, messages
from rummy_teach.widgets import show
from rummy_teach.widgets.intents import INTENT_BURST, RateLimit


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def comm(content: object, method: str = "custom") -> dict[str, object]:
    """A comm message as the kernel hands it to the widget."""
    return {"content": {"data": {"method": method, "content": content}}, "buffers": []}


def test_a_rate_limit_allows_a_burst_then_the_rate() -> None:
    """A full bucket takes ``burst`` at once, then ``rate`` a second; time refills it."""
    clock = Clock()
    limit = RateLimit(10.0, 20.0, clock)
    assert sum(limit.allow() for _ in range(100)) == 20
    clock.now = 0.5
    assert sum(limit.allow() for _ in range(100)) == 5
    clock.now = 100.0
    assert sum(limit.allow() for _ in range(100)) == 20
    work = RateLimit(0.5, 4.0, clock)
    assert work.allow(0.0)
    work.charge(10.0)  # one costly intent: refused until it is paid back
    assert not work.allow(0.0)
    clock.now = 112.0
    assert work.allow(0.0)


def test_a_burst_of_900_hints_is_mostly_dropped_unread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """900 hint presses at once: the burst is handled, the rest dropped, counted, no traceback."""
    clock = Clock()
    view = show(lessons.RUMMY_LAY_DOWN)
    view.limit = RateLimit(10.0, INTENT_BURST, clock)
    view.work = RateLimit(0.5, 1e9, clock)
    handled: list[object] = []
    monkeypatch.setattr(view, "_handle", handled.append)
    with caplog.at_level(logging.WARNING):
        for seq in range(1, 901):
            view._handle_msg(comm({"intent": "press", "button": "hint", "seq": seq}))
    assert len(handled) == INTENT_BURST
    assert view.throttled == 900 - INTENT_BURST
    assert view.answered == 900
    assert "Traceback" not in caplog.text
    dropped = [r for r in caplog.records if "over the rate limit" in r.getMessage()]
    assert len(dropped) == 3  # logged at 1, 10 and 100 dropped, not 880 times
    clock.now = 1.0
    view._handle_msg(comm({"intent": "press", "button": "hint", "seq": 901}))
    assert len(handled) == INTENT_BURST + 1


def test_costly_intents_spend_the_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """An intent that took long leaves the page no budget: the next ones are dropped until it refills."""
    clock = Clock()
    work = RateLimit(0.5, 4.0, clock)
    view = show(lessons.RUMMY_LAY_DOWN)
    view.limit, view.work = RateLimit(1e9, 1e9, clock), work
    monkeypatch.setattr(view, "_handle", lambda intent: work.charge(5.0))  # as if it ran 5 s
    for seq in range(1, 11):
        view._handle_msg(comm({"intent": "press", "button": "hint", "seq": seq}))
    assert view.throttled == 9


def test_a_deep_message_is_refused_at_once_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A 5,000-deep nested intent is refused by its first level: nothing walks the nesting."""
    view = show(lessons.RUMMY_LAY_DOWN)
    view.limit = RateLimit(1e9, 1e9)
    deep: object = {"intent": "pick", "piece": "p1", "seq": 1}
    for _ in range(5000):
        deep = {"x": deep}
    with caplog.at_level(logging.WARNING):
        view._handle_msg(comm(deep))
        view._handle_msg(comm({"intent": "pick", "piece": deep, "seq": 1}))
        view._handle_msg(comm({"intent": "pick"}, method=deep))  # type: ignore[arg-type]
    assert view.ignored == 3 and view.answered == 2
    assert "Traceback" not in caplog.text


def test_dropped_clicks_are_said_once_and_the_next_answer_clears_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A learner whose clicks were dropped is told so in words, once a burst; a handled one clears it."""
    clock = Clock()
    view = show(lessons.RUMMY_LAY_DOWN)
    view.limit = RateLimit(10.0, 2, clock)
    monkeypatch.setattr(view, "_handle", lambda intent: None)
    notices: list[str] = []
    view.observe(lambda change: notices.append(change["new"]), names="notice")
    for seq in range(1, 6):
        view._handle_msg(comm({"intent": "pick", "piece": "p0", "seq": seq}))
    assert view.throttled == 3 and view.notice == messages.text("widgets.throttled")
    clock.now = 1.0
    view._handle_msg(comm({"intent": "pick", "piece": "p0", "seq": 6}))
    assert view.notice == ""
    assert notices == [messages.text("widgets.throttled"), ""]  # set once, cleared once
