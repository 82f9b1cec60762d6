"""Learners at the protocol level, for ``benchmarks/classroom.py``: no browser, the same traffic.

A learner does what a lesson page does on the server: the page request (``GET
/voila/render/<lesson>``), the kernel websocket (``/api/kernels/<id>/channels``, the id taken from
the page's ``jupyter-config-data``) with the widget manager's start (``kernel_info_request``, the
``jupyter.widget.control`` comm and its ``request_states``), the app's watch socket
(``/rummy/watch/<id>``), then the learner's intents as anywidget custom messages
(``comm_msg`` ``{"method": "custom", "content": {"intent": ..., "seq": n}}``, see
``rummy_teach/widgets/intents.py``), each answered when the kernel's ``update`` carrying the new
``answered`` count arrives. Leaving sends the page's leave request (``/voila/api/shutdown/<id>``).

Piece ids come from the same view built in this process (``rummy_teach.widgets.show``), matched to
the page's widget by the kernel's state of it (its goal and its pieces' names; the page's
``text/plain`` is only a sentence saying where the exercise works).
Messages use Jupyter's JSON websocket protocol (no subprotocol), which the server also accepts.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from rummy_teach import lessons
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import Puzzle
from rummy_teach.widgets import show

__all__ = [
    "HANG_GUARD",
    "KernelLink",
    "Learner",
    "LearnerLost",
    "LessonPage",
    "Plan",
    "Run",
    "fetch_page",
    "plan_for",
]

HANG_GUARD = 120.0
"""Seconds a page, a connection or an answer may take before the learner counts as lost."""
CONTROL_WAIT = 4.0
"""Seconds the page's widget manager waits for the control comm before asking widget by widget."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)
_OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', re.S)
_XSRF = re.compile(r"_xsrf=([^;]+)")
JsonDict = dict[str, Any]


class LearnerLost(RummyTeachError):
    """A learner could not go on: no page, no kernel, an intent never answered, a closed socket."""


@dataclass(frozen=True, slots=True)
class LessonPage:
    """What a lesson page's HTML tells its browser: the kernel, the widgets shown, the XSRF cookie."""

    lesson: str
    kernel_id: str
    views: tuple[tuple[str, str], ...]
    """Each widget output in page order: its model id and its ``text/plain`` repr."""
    xsrf: str


def parse_page(lesson: str, html: str, cookies: list[str]) -> LessonPage:
    """The kernel id and widget views of a rendered lesson page; LearnerLost if it has no kernel."""
    config = _CONFIG.search(html)
    kernel_id = str(json.loads(config.group(1)).get("kernelId") or "") if config else ""
    if not kernel_id:
        raise LearnerLost(f"no kernel: the page of {lesson} names none")
    views = []
    for text in _OUTPUT.findall(html):
        data = json.loads(text).get("data", {})
        if WIDGET_VIEW in data:
            views.append((str(data[WIDGET_VIEW]["model_id"]), str(data.get("text/plain", ""))))
    xsrf = next((m.group(1) for c in cookies if (m := _XSRF.match(c))), "")
    return LessonPage(lesson, kernel_id, tuple(views), xsrf)


async def fetch_page(base: str, lesson: str) -> LessonPage:
    """GET the lesson page as a browser does; LearnerLost when it is not served."""
    request = HTTPRequest(
        f"{base}/voila/render/{lesson}", connect_timeout=HANG_GUARD, request_timeout=HANG_GUARD
    )
    try:
        reply = await AsyncHTTPClient().fetch(request)
    except (HTTPClientError, OSError) as error:
        raise LearnerLost(f"no page: {lesson}: {error}") from error
    return parse_page(lesson, reply.body.decode("utf-8"), reply.headers.get_list("Set-Cookie"))


async def leave(base: str, page: LessonPage) -> None:
    """What the page sends when it is closed (a beacon with the XSRF token): the server ends the kernel."""
    request = HTTPRequest(
        f"{base}/voila/api/shutdown/{page.kernel_id}",
        method="POST",
        body=f"_xsrf={page.xsrf}",
        headers={"Cookie": f"_xsrf={page.xsrf}"},
        request_timeout=HANG_GUARD,
    )
    with contextlib.suppress(OSError):  # a server already gone: nothing left to end
        await AsyncHTTPClient().fetch(request, raise_error=False)


@dataclass
class KernelLink:
    """One page's kernel websocket: sends shell messages, reads every reply, keeps each widget's state."""

    socket: WebSocketClientConnection
    session: str
    states: dict[str, JsonDict] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """What the kernel wrote to stderr (a log line: not an answer to the page)."""
    closed: bool = False
    loaded: bool = False
    """True once the control comm's ``update_states`` arrived."""
    control: str = ""
    """The id of this page's ``jupyter.widget.control`` comm."""
    _replies: dict[str, asyncio.Future[JsonDict]] = field(default_factory=dict)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, base: str, kernel_id: str) -> KernelLink:
        """Connect to the kernel's channels (no Origin header, as the server allows for scripts)."""
        session = uuid.uuid4().hex
        url = (
            f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel_id}/channels?session_id={session}"
        )
        try:
            socket = await websocket_connect(
                HTTPRequest(url, connect_timeout=HANG_GUARD, request_timeout=HANG_GUARD)
            )
        except (HTTPClientError, OSError) as error:
            raise LearnerLost(f"no kernel: {kernel_id}: {error}") from error
        link = cls(socket, session)
        link._reader = asyncio.create_task(link._read())
        return link

    def send(self, msg_type: str, content: JsonDict, metadata: JsonDict | None = None) -> str:
        """Send one shell message; its msg_id."""
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": "learner", "session": self.session,
                  "msg_type": msg_type, "version": "5.3", "date": ""}  # fmt: skip
        message = {"header": header, "parent_header": {}, "metadata": metadata or {},
                   "content": content, "channel": "shell", "buffers": []}  # fmt: skip
        try:
            self.socket.write_message(json.dumps(message))
        except WebSocketClosedError as error:
            raise LearnerLost("kernel socket closed") from error
        return msg_id

    async def request(self, msg_type: str, content: JsonDict) -> JsonDict:
        """Send a shell request and wait for its reply."""
        reply: asyncio.Future[JsonDict] = asyncio.get_running_loop().create_future()
        self._replies[self.send(msg_type, content)] = reply
        try:
            return await asyncio.wait_for(reply, HANG_GUARD)
        except TimeoutError as error:
            raise LearnerLost(f"no {msg_type} reply") from error

    async def load_widgets(self) -> None:
        """What the page's widget manager does first: kernel info, then every widget's state at once
        on the ``jupyter.widget.control`` comm; if that does not answer within CONTROL_WAIT, each
        widget's state one by one, as the browser then does."""
        await self.request("kernel_info_request", {})
        self.control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": self.control, "target_name": "jupyter.widget.control",
                                "data": {}}, {"version": "1.0.0"})  # fmt: skip
        self.send("comm_msg", {"comm_id": self.control, "data": {"method": "request_states"}})
        try:
            await self.until(lambda: self.loaded, "no widget states", CONTROL_WAIT)
            return
        except LearnerLost:
            if self.closed:
                raise
        self.warnings.append(f"the control comm did not answer in {CONTROL_WAIT:.0f} s")
        reply = await self.request("comm_info_request", {"target_name": "jupyter.widget"})
        comms = list(reply.get("content", {}).get("comms", {}))
        for comm_id in comms:
            self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}})
        await self.until(
            lambda: all("_model_name" in self.states.get(c, {}) for c in comms), "no widget states"
        )

    async def until(
        self, ready: Callable[[], bool], lost: str, timeout: float = HANG_GUARD
    ) -> None:
        """Wait until ``ready()`` holds after some message arrived; LearnerLost if the socket closes first."""
        deadline = time.monotonic() + timeout
        while not ready():
            if self.closed:
                raise LearnerLost(f"{lost}: kernel socket closed")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), deadline - time.monotonic())
            except TimeoutError as error:
                raise LearnerLost(lost) from error

    async def intent(self, model_id: str, intent: JsonDict) -> float:
        """Send one intent to a widget; seconds until the kernel's update with the new ``answered``."""
        state = self.states[model_id]
        wanted = int(state.get("answered", 0)) + 1
        throttled = int(state.get("throttled", 0))
        content = {"method": "custom", "content": intent}
        started = time.perf_counter()
        self.send("comm_msg", {"comm_id": model_id, "data": content})
        await self.until(
            lambda: int(state.get("answered", 0)) >= wanted, f"intent {intent} never answered"
        )
        seconds = time.perf_counter() - started
        if int(state.get("throttled", 0)) > throttled:
            self.errors.append(f"intent {intent} dropped over the rate limit")
        return seconds

    async def _read(self) -> None:
        """Take every message until the socket closes (binary frames, widget buffers, are skipped)."""
        try:
            while (text := await self.socket.read_message()) is not None:
                if isinstance(text, str):
                    self._take(json.loads(text))
                self._changed.set()
        except Exception as error:  # a broken message ends this page, not the benchmark
            self.errors.append(f"unreadable kernel message: {type(error).__name__}: {error}")
        finally:
            self.closed = True
            self._changed.set()

    def _take(self, message: JsonDict) -> None:
        kind, content = message.get("msg_type"), message.get("content", {})
        parent = message.get("parent_header", {}).get("msg_id", "")
        if message.get("channel") == "shell" and parent in self._replies:
            self._replies.pop(parent).set_result(message)
        elif kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") == "update_states":
                self.loaded = True
                for model_id, model in data.get("states", {}).items():
                    self.states.setdefault(model_id, {}).update(model.get("state", {}))
            elif data.get("method") == "update":
                self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "status" and content.get("execution_state") in {"dead", "restarting"}:
            self.errors.append(f"kernel {content['execution_state']}")
        elif kind == "stream" and content.get("name") == "stderr":
            during = message.get("parent_header", {}).get("msg_type", "?")
            text = str(content.get("text", ""))[:200].strip()
            if self.control and self.control in text:
                text += " (the control comm)"
            self.warnings.append(f"kernel stderr during {during}: {text}")
        elif kind == "error":
            self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")

    async def close(self) -> None:
        """Close the socket (the page stays open on the server's side until it leaves)."""
        self.socket.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=HANG_GUARD)


@dataclass(frozen=True, slots=True)
class Plan:
    """A right answer to one exercise, as intents with real piece ids, and what the kernel must say."""

    text: str
    """The exercise's repr, which the page shows as its ``text/plain``."""
    intents: tuple[JsonDict, ...]
    statuses: tuple[str, ...]
    """The feedback status after each intent, as the same view in this process gives it."""
    names: tuple[tuple[str, str], ...]
    """Piece id and name, as the kernel's ``pieces`` must say."""


def _run(model: Any, intents: list[JsonDict]) -> list[str]:
    """Replay intents on the in-process view from its start; the feedback status after each."""
    model.reset()
    statuses = []
    for seq, intent in enumerate(intents, start=1):
        model.receive({**intent, "seq": seq})
        statuses.append(str(model.feedback["status"]))
    return statuses


def _pick(piece: str) -> JsonDict:
    return {"intent": "pick", "piece": piece}


def _press(button: str) -> JsonDict:
    return {"intent": "press", "button": button}


@cache
def plan_for(puzzle: Puzzle) -> Plan:
    """Picks that make a valid meld (or lay a card off), a Hint if the view has one, then Lay down."""
    model = show(puzzle)
    hand = list(model.hand_ids)
    hint = [_press("hint")] if any(b["id"] == "hint" for b in model.buttons) else []
    tries: list[list[JsonDict]] = []
    if puzzle.view == "spot":  # the faulty melds marked, then Check
        faulty = [model.groups[index][0] for index in model.faulty()]
        tries = [[*map(_pick, faulty), *hint, _press("check")]]
    elif puzzle.view == "layoff":  # a card picked, then the table meld it fits clicked
        tries = [[_pick(card), *hint, _pick(meld[0])] for card in hand for meld in model.melds]
    else:
        for size in range(3, len(hand) + 1):
            for combo in itertools.combinations(hand, size):
                tries.append([*map(_pick, combo), *hint, _press("lay_down")])
    for intents in tries:
        statuses = _run(model, intents)
        if statuses[-1] in {"ok", "solved"}:
            names = tuple((pid, str(info["name"])) for pid, info in model.pieces.items())
            return Plan(repr(model), tuple(intents), tuple(statuses), names)
    raise LearnerLost(f"no right answer found for {model!r}")


@cache
def puzzles_by_state() -> dict[tuple[str, tuple[str, ...]], Puzzle]:
    """Every lesson puzzle by what the kernel's state of its view says: the goal, the pieces' names."""
    found = [value for value in vars(lessons).values() if isinstance(value, Puzzle)]
    return {_known(show(puzzle).get_state()): puzzle for puzzle in found}


def _known(state: JsonDict) -> tuple[str, tuple[str, ...]]:
    """A view's goal and its pieces' names in id order, from its synced state."""
    pieces = state.get("pieces", {})
    names = tuple(str(pieces[pid].get("name")) for pid in sorted(pieces, key=lambda p: int(p[1:])))
    return str(state.get("goal", "")), names


@dataclass
class Run:
    """What one learner saw: timings in seconds from the page request, answers, errors, or why lost."""

    lesson: str
    start: float = 0.0
    page: float | None = None
    loaded: float | None = None
    """Seconds from the page request until the kernel socket gave every widget's state."""
    first_answer: float | None = None
    round_trips: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """Each round trip's intent: ``pick``, ``drop`` or the button pressed."""
    right: bool = False
    kernel_id: str = ""
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    lost: str = ""


@dataclass
class Learner:
    """One learner on one lesson page: opens it, does an exercise or clicks around, leaves."""

    base: str
    lesson: str
    rng: random.Random
    think: tuple[float, float] = (0.3, 1.2)
    run: Run = field(init=False)
    page: LessonPage | None = None
    link: KernelLink | None = None
    watch: WebSocketClientConnection | None = None
    gone: str = ""
    """What the app's watch socket said when the page's kernel went, if it did."""
    _started: float = 0.0

    def __post_init__(self) -> None:
        self.run = Run(self.lesson)

    async def open(self) -> None:
        """Request the page, connect to its kernel and watch socket, load the widgets' states."""
        started = self._started = time.perf_counter()
        self.page = await fetch_page(self.base, self.lesson)
        self.run.page = time.perf_counter() - started
        self.run.kernel_id = self.page.kernel_id
        self.link = await KernelLink.open(self.base, self.page.kernel_id)
        watch_url = f"{self.base.replace('http', 'ws', 1)}/rummy/watch/{self.page.kernel_id}"
        try:
            self.watch = await websocket_connect(watch_url, on_message_callback=self._watched)
        except (HTTPClientError, OSError):
            self.watch = None  # an app without the watch socket: the kernel socket still tells
        await self.link.load_widgets()
        self.run.loaded = time.perf_counter() - started

    def _watched(self, text: str | bytes | None) -> None:
        if isinstance(text, str) and json.loads(text).get("state") == "gone":
            self.gone = str(json.loads(text).get("why", "gone"))

    def _views(self) -> list[tuple[str, Plan | None]]:
        assert self.page is not None and self.link is not None
        views: list[tuple[str, Plan | None]] = []
        for model_id, _text in self.page.views:
            if model_id not in self.link.states:
                raise LearnerLost(f"widget {model_id} of {self.lesson} has no state in the kernel")
            puzzle = puzzles_by_state().get(_known(self.link.states[model_id]))
            views.append((model_id, plan_for(puzzle) if puzzle is not None else None))
        if not views:
            raise LearnerLost(f"no exercise on the page of {self.lesson}")
        return views

    async def _send(self, model_id: str, intent: JsonDict, seq: int) -> None:
        assert self.link is not None
        seconds = await self.link.intent(model_id, {**intent, "seq": seq})
        self.run.round_trips.append(seconds)
        self.run.kinds.append(str(intent.get("button", intent["intent"])))
        if self.run.first_answer is None:
            self.run.first_answer = time.perf_counter() - self._started
        if self.gone:
            raise LearnerLost(f"the app says the kernel is gone ({self.gone})")

    async def exercise(self) -> None:
        """The page's first exercise answered rightly (picks, Hint, Lay down) with think times."""
        assert self.link is not None
        model_id, plan = self._views()[0]
        if plan is None:
            raise LearnerLost(f"no plan for the first exercise of {self.lesson}")
        pieces = self.link.states[model_id].get("pieces", {})
        if tuple((pid, str(info.get("name"))) for pid, info in pieces.items()) != plan.names:
            raise LearnerLost(f"the kernel's pieces of {self.lesson} differ from this process's")
        statuses = []
        for seq, intent in enumerate(plan.intents, start=1):
            if seq > 1:
                await asyncio.sleep(self.rng.uniform(*self.think))
            await self._send(model_id, intent, seq)
            statuses.append(self.link.states[model_id].get("feedback", {}).get("status"))
        self.run.right = tuple(statuses) == plan.statuses
        if not self.run.right:
            self.run.errors.append(f"{self.lesson}: feedback {statuses}, not {list(plan.statuses)}")

    async def click_around(self, until: float, clicks: int | None = None) -> None:
        """Mixed clicks on the page's exercises until ``until`` (``time.monotonic()``) or ``clicks``."""
        assert self.link is not None
        views = [model_id for model_id, _plan in self._views()]
        seq = 0
        while time.monotonic() < until and (clicks is None or seq < clicks):
            model_id = self.rng.choice(views)
            state = self.link.states[model_id]
            pieces = sorted(state.get("pieces", {}))
            buttons = [button["id"] for button in state.get("buttons", [])]
            zones = [zone["id"] for zone in state.get("zones", [])]
            kind = self.rng.choices(["pick", "press", "drop"], weights=[6, 2, 1])[0]
            seq += 1
            if kind == "pick" or not buttons or not zones:
                intent = _pick(self.rng.choice(pieces))
            elif kind == "press":
                intent = _press(self.rng.choice(buttons))
            else:
                intent = {
                    "intent": "drop",
                    "piece": self.rng.choice(pieces),
                    "on": self.rng.choice(zones),
                }
            await self._send(model_id, intent, seq)
            await asyncio.sleep(self.rng.uniform(*self.think))

    async def close(self, *, leave_page: bool) -> None:
        """Close the sockets; with ``leave_page``, also send the page's leave request (ends its kernel)."""
        if self.link is not None:
            self.run.errors += self.link.errors
            self.run.warnings += self.link.warnings
            await self.link.close()
        if self.watch is not None:
            self.watch.close()
        if leave_page and self.page is not None:
            await leave(self.base, self.page)


async def attend(learner: Learner, delay: float, work: Callable[[Learner], Any]) -> Run:
    """Wait ``delay`` seconds, open the page, do ``work`` (a coroutine function); the learner's Run.

    Everything that stops a learner is recorded as ``lost`` with its reason, never raised.
    """
    await asyncio.sleep(delay)
    learner.run.start = delay
    try:
        await learner.open()
        await work(learner)
    except LearnerLost as error:
        learner.run.lost = str(error)
    except Exception as error:  # a broken reply must not stop the other learners
        learner.run.lost = f"{type(error).__name__}: {error}"
    return learner.run


if __name__ == "__main__":  # `make bench` runs every script here: this one only serves classroom.py
    print("benchmarks/learners.py: the learners of benchmarks/classroom.py; run that instead")
