"""The lesson server's own parts, loaded by Voilà in the server process (never by a kernel or a notebook).

- :class:`ClassroomKernelManager` decides which kernels live: a kernel is culled only when its page
  has gone (it connected once, has no connection now, and has been idle past the limit since);
  kernels waiting in the preheated pool, and kernels handed to a page that has not connected yet,
  are kept however long they waited in the pool. It also tells each page when its kernel is gone.
- :class:`ClassroomVoila` is Voilà with the app's handlers: a page's kernel watch, a page leave
  that really ends the kernel, lesson pages without code served without a kernel, a status page,
  a front door (``/``) that opens the lesson list in the learner's language, and every page's
  language switch and server words in the page's language (``page_config["rummyTeach"]``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Dict, Integer, TraitError, Unicode
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import (  # type: ignore[import-untyped]
    VoilaKernelWebsocketHandler,
)
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # type: ignore[import-untyped]

from rummy_teach import app, languages, warm_queue, warmup
from rummy_teach.addresses import where_to_open
from rummy_teach.app import available_memory, code_free
from rummy_teach.edited import EditedLessons
from rummy_teach.pages import notebook_of_request
from rummy_teach.teacher import ClassHandler, StatusHandler, code_free_page, lesson_label
from rummy_teach.watch import KERNEL_ID, WatchHandler

__all__ = ["ClassroomKernelManager", "ClassroomVoila"]

Watcher = Callable[[str], None]
"""Told why a kernel is gone: ``shutdown``, ``culled``, ``restarted`` or ``died``."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Kernels of open pages and of the pool live; a kernel is culled only after its page has gone."""

    unclaimed_timeout = Integer(
        600,
        config=True,
        help="Seconds a kernel handed to a page may wait for that page to connect (at least "
        "cull_idle_timeout) before it is culled: the page was closed before it loaded.",
    )

    kernel_pools_config: dict[str, Any]
    """Voilà's pools per lesson (a trait of its preheating subclass; absent without preheating)."""

    class_size = Integer(
        0,
        config=True,
        help="Learners of the class to get ready for (0: no class); see rummy_teach.warmup.",
    )
    class_lessons = Unicode(
        "", config=True, help="The lessons (notebook paths) the class will open, comma-separated."
    )
    lesson_pools = Dict(
        value_trait=Integer(),
        config=True,
        help="Preheated kernels of each lesson (notebook path) whose pool is not --pool_size: "
        "the languages other than the server's (0: its pages start a kernel when opened).",
    )
    warm_at_once = Integer(
        0,
        config=True,
        help="Preheated kernels that start and run their lesson at the same time (0: one per "
        "CPU core); the rest wait their turn, except one a page waits for (rummy_teach.warm_queue).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._ever_connected: set[str] = set()
        self._handed_out: dict[str, datetime] = {}
        self._left_at: dict[str, datetime] = {}
        self._kept_logged: set[str] = set()
        self._watchers: dict[str, set[Watcher]] = {}
        self._lesson_of: dict[str, str] = {}
        self._plan: warmup.ClassPlan | None = None
        self._taken: dict[str, int] = {}
        self._ready_check: PeriodicCallback | None = None
        self._warm_queue = warm_queue.WarmQueue(self.warm_at_once or warm_queue.cores())
        self._edited = EditedLessons(Path(self.root_dir))  # before Voilà fills its pools
        pools = getattr(self, "kernel_pools_config", None)  # Voilà's, when kernels are preheated
        default = pools.get("default", {}) if isinstance(pools, dict) else {}
        self.pool_size = int(default.get("pool_size", 0)) if isinstance(default, dict) else 0
        self._own_pools = {str(lesson): int(size) for lesson, size in self.lesson_pools.items()}
        planned = [lesson for lesson in self.class_lessons.split(",") if lesson]
        if self.class_size > 0 and planned:
            self._plan = warmup.ClassPlan.make(
                self.class_size, planned, available_bytes=available_memory()
            )
        self._apply_plan()  # each lesson's pool and reserve, before Voilà fills its pools

    # --- the class the teacher gets ready for (rummy_teach.warmup)

    def _apply_plan(self) -> None:
        if not hasattr(self, "kernel_pools_config"):
            return
        self.kernel_pools_config = warmup.pool_config(
            self._plan, self._taken, self.pool_size, self.kernel_pools_config, self._own_pools
        )
        if self._plan is not None and self._ready_check is None:
            self.log.info(
                "rummy-teach: getting ready for a class of %d (asked %d): %s",
                self._plan.size,
                self._plan.asked,
                ", ".join(self._plan.lessons),
            )
            self._ready_check = PeriodicCallback(self._check_ready, 1000)
            self._ready_check.start()

    def _check_ready(self) -> None:
        if not self.class_ready():
            return
        if self._plan is not None:
            self.log.info(
                "rummy-teach: ready for the class: %d learners, %s",
                self._plan.size,
                ", ".join(self._plan.lessons),
            )
        if self._ready_check is not None:
            self._ready_check.stop()
        self._ready_check = None

    def set_class(self, size: int, lessons: list[str]) -> warmup.ClassPlan:
        """Get ready for ``size`` learners opening ``lessons`` (paths); fills their pools now."""
        plan = warmup.ClassPlan.make(size, lessons, available_bytes=available_memory())
        self._plan, self._taken = plan, {}
        if self._ready_check is not None:
            self._ready_check.stop()
            self._ready_check = None
        self._apply_plan()
        filler = getattr(self, "fill_if_needed", None)
        if filler is not None:
            for lesson in plan.lessons:
                filler(delay=0, notebook_name=lesson)
        return plan

    def clear_class(self) -> None:
        """No class to get ready for: every lesson keeps the usual pool (extra kernels stay)."""
        self._plan, self._taken = None, {}
        self._apply_plan()

    def refresh_if_edited(self, lesson: str) -> None:
        """Drop ``lesson``'s waiting kernels if its file changed since they rendered it."""
        self._edited.refresh(self, lesson)

    def page_opening(self, lesson: str) -> None:
        """A learner is opening ``lesson``: the pool kernel it will get warms now if it was waiting
        its turn, and its class reserve shrinks by one instead of refilling."""
        pool = getattr(self, "_pools", {}).get(lesson)
        if pool and self._warm_queue.hurry(pool[0]):
            self.log.info("rummy-teach: %s is opening: its kernel starts now", lesson_label(lesson))
        if self._plan is not None and lesson in self._plan.lessons:
            self._taken[lesson] = self._taken.get(lesson, 0) + 1
            self._apply_plan()

    def waiting_by_lesson(self) -> dict[str, int]:
        """Kernels waiting in each lesson's pool warm: started AND the lesson run in them (a page
        that takes one is drawn at once)."""
        counts: dict[str, int] = {}
        for lesson, pool in getattr(self, "_pools", {}).items():
            counts[str(lesson)] = sum(1 for task in pool if warm_queue.warm(task))
        return counts

    def warming(self) -> int:
        """Pool kernels not warm yet: waiting their turn, starting, or running their lesson."""
        pools = getattr(self, "_pools", {}).values()
        return sum(1 for pool in pools for task in pool if not warm_queue.warm(task))

    def class_ready(self, waiting: dict[str, int] | None = None) -> bool:
        """True when no class is planned, or every planned lesson has its reserve waiting."""
        if self._plan is None:
            return True
        counts = self.waiting_by_lesson() if waiting is None else waiting
        return warmup.ready(self._plan, counts, self._taken, self.pool_size, self._own_pools)

    def class_report(self) -> dict[str, Any] | None:
        """The class plan and its progress, for the status page (None without a plan)."""
        plan = self._plan
        if plan is None:
            return None
        waiting = self.waiting_by_lesson()
        wanted = {
            lesson: plan.reserve(lesson, self._taken.get(lesson, 0), self.usual_pool(lesson))
            for lesson in plan.lessons
        }
        return {
            "size": plan.size,
            "asked": plan.asked,
            "lessons": list(plan.lessons),
            "taken": {lesson: self._taken.get(lesson, 0) for lesson in plan.lessons},
            "wanted": wanted,
            "waiting": {lesson: min(waiting.get(lesson, 0), wanted[lesson]) for lesson in wanted},
            "ready": self.class_ready(waiting),
        }

    def usual_pool(self, lesson: str) -> int:
        """The preheated kernels ``lesson`` (a notebook path) keeps when no class needs more."""
        return warmup.usual_pool(lesson, self.pool_size, self._own_pools)

    # --- what the app knows about each kernel

    def pooled_kernels(self) -> set[str]:
        """The kernels waiting in Voilà's preheated pool (started, not yet handed to a page)."""
        pools = getattr(self, "_pools", {}).values()
        return {
            task.result()["kernel_id"]
            for pool in pools
            for task in pool
            if warm_queue.started(task)
        }

    def lesson_of(self, kernel_id: str) -> str:
        """The notebook a kernel runs (``?`` when not known)."""
        finder = getattr(self, "_get_notebook_from_kernel", None)
        found = finder(kernel_id) if finder is not None else None
        if found:
            self._lesson_of[kernel_id] = str(found)
        return self._lesson_of.get(kernel_id, "?")

    def connections(self, kernel_id: str) -> int:
        """How many websocket connections a kernel has now."""
        return int(self._kernel_connections.get(kernel_id, 0))

    def watch(self, kernel_id: str, watcher: Watcher) -> bool:
        """Call ``watcher`` once when the kernel is gone; False when it is gone already."""
        if kernel_id not in self._kernels:
            return False
        self._watchers.setdefault(kernel_id, set()).add(watcher)
        return True

    def unwatch(self, kernel_id: str, watcher: Watcher) -> None:
        """Stop telling ``watcher`` about the kernel."""
        self._watchers.get(kernel_id, set()).discard(watcher)

    def _gone(self, kernel_id: str, why: str) -> None:
        for watcher in list(self._watchers.pop(kernel_id, ())):
            watcher(why)

    # --- the kernel's life

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel and watch it: a restart or death ends the page's widgets. A preheated
        kernel waits its turn first (``warm_queue``), and keeps it until its lesson has run."""
        entry = warm_queue.pool_entry(getattr(self, "_pools", {}))
        if entry is not None:
            try:
                await self._warm_queue.enter(entry)
            except warm_queue.StartsStopped:
                warm_queue.stopped_quietly(entry)
                raise
            warm_queue.leave_when_warm(self._warm_queue, entry)  # also if the start fails
        kernel_id = str(await super().start_kernel(*args, **kwargs))
        requested = notebook_of_request(str((kwargs.get("env") or {}).get("SCRIPT_NAME", "")))
        if requested:  # a page's own kernel, not a preheated one: Voilà does not note its lesson
            self._lesson_of[kernel_id] = requested
        kernel = self.get_kernel(kernel_id)
        kernel.add_restart_callback(lambda: self._on_restart(kernel_id), "restart")
        kernel.add_restart_callback(lambda: self._gone(kernel_id, "died"), "dead")
        return kernel_id

    def _on_restart(self, kernel_id: str) -> None:
        self.log.warning(
            "rummy-teach: kernel %s (%s) died and restarted: its page reloads",
            kernel_id,
            self.lesson_of(kernel_id),
        )
        self._gone(kernel_id, "restarted")

    async def restart_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """A restart loses the page's widgets: tell the page, then restart."""
        self._gone(kernel_id, "restarted")
        await super().restart_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]

    async def _restarted(self, kernel_id: str) -> None:
        """Wait until a kernel that is restarting is up again (at once if it is not restarting)."""
        try:
            ready = self.get_kernel(kernel_id).ready
        except KeyError:
            return
        if isinstance(ready, asyncio.Future) and not ready.done():
            with contextlib.suppress(Exception):
                await ready

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """End a kernel; its page, if still open, is told."""
        lesson = self.lesson_of(kernel_id)
        self._gone(kernel_id, "shutdown")
        # a kernel restarting after it died (its page reloads and leaves meanwhile) is ended once
        # it is up: jupyter_client asks its pending start for an exception and fails otherwise
        for _ in range(3):
            await self._restarted(kernel_id)
            try:
                await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
                break
            except asyncio.InvalidStateError:
                continue
        for table in (self._handed_out, self._left_at, self._lesson_of):
            table.pop(kernel_id, None)
        self._ever_connected.discard(kernel_id)
        self._kept_logged.discard(kernel_id)
        self.log.info("rummy-teach: kernel %s (%s) ended", kernel_id, lesson)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """End every kernel at once; preheated ones still waiting for their turn are not started.

        Kernels still starting are let go: jupyter_client would ask for them by ids it does not
        know yet and stop with a 404 traceback, ``make app`` failing (their processes end with
        the server, as ipykernel watches its parent). ``now``: a kernel running its lesson when
        asked to shut down gracefully printed a ZMQ traceback (2 of 5 stops in the first 15 s)."""
        self._warm_queue.close()
        for kernel_id, start in list(self._pending_kernels.items()):
            if kernel_id not in self._kernels:
                start.cancel()
                del self._pending_kernels[kernel_id]
        await super().shutdown_all(*args, **{**kwargs, "now": True})

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected: from now on the kernel is that page's, culled only after it leaves."""
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        first = kernel_id not in self._ever_connected
        self._ever_connected.add(kernel_id)
        self._left_at.pop(kernel_id, None)
        lesson = self.lesson_of(kernel_id)
        if first:
            self.log.info(
                "rummy-teach: lesson %s opened on kernel %s (%s; %d kernels, %d waiting in the pool)",
                lesson,
                kernel_id,
                lesson_label(lesson),
                len(self._kernels),
                len(self.pooled_kernels()),
            )

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's connection closed: the idle clock of a page-less kernel starts now."""
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if self.connections(kernel_id) <= 0:
            self._left_at[kernel_id] = utcnow()

    # --- culling

    async def cull_kernels(self) -> None:
        """Cull the kernels whose page has gone and that were idle past the limit since."""
        pooled = self.pooled_kernels()
        for kernel_id in list(self._kernels):
            self.lesson_of(kernel_id)  # remembered: Voilà forgets it when the kernel ends
            try:
                await self._cull_if_page_gone(kernel_id, kernel_id in pooled)
            except Exception:
                self.log.exception("rummy-teach: checking kernel %s for culling failed", kernel_id)

    async def _cull_if_page_gone(self, kernel_id: str, pooled: bool) -> None:
        kernel = self._kernels[kernel_id]
        if getattr(kernel, "execution_state", None) == "dead":
            self.log.warning("rummy-teach: culling dead kernel %s", kernel_id)
            self._gone(kernel_id, "died")
            await self.shutdown_kernel(kernel_id)
            return
        now, limit = utcnow(), timedelta(seconds=self.cull_idle_timeout)
        last = None  # a kernel still starting has no activity yet (reading it raises TraitError)
        with contextlib.suppress(TraitError):
            last = kernel.last_activity
        if last is None:
            return
        if pooled:  # no page to wait for: its page's time to connect starts when it leaves the pool
            self._handed_out.pop(kernel_id, None)
        if pooled or kernel_id not in self._ever_connected:
            if not pooled:
                handed = self._handed_out.setdefault(kernel_id, now)
                unclaimed = timedelta(seconds=max(self.unclaimed_timeout, self.cull_idle_timeout))
                if now - handed > unclaimed:  # a page that took its kernel and never connected
                    self.log.warning(
                        "rummy-teach: culling kernel %s (%s): its page never connected in %d s",
                        kernel_id,
                        self.lesson_of(kernel_id),
                        int((now - handed).total_seconds()),
                    )
                    await self.shutdown_kernel(kernel_id)
                    return
            if now - last > limit and kernel_id not in self._kept_logged:
                self._kept_logged.add(kernel_id)
                self.log.info(
                    "rummy-teach: keeping kernel %s (%s), idle %d s: %s",
                    kernel_id,
                    self.lesson_of(kernel_id),
                    int((now - last).total_seconds()),
                    "waiting in the pool" if pooled else "its page has not connected yet",
                )
            return
        if self.connections(kernel_id) > 0:
            return
        since = max(last, self._left_at.get(kernel_id, last))
        if now - since > limit:
            self.log.warning(
                "rummy-teach: culling kernel %s (%s): its page left, idle %d s",
                kernel_id,
                self.lesson_of(kernel_id),
                int((now - since).total_seconds()),
            )
            self._gone(kernel_id, "culled")
            await self.shutdown_kernel(kernel_id)


class LessonHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's lesson page, plus: the XSRF cookie its page-leave shutdown needs, and no kernel for
    a notebook without code (the lesson list)."""

    async def prepare(self) -> None:
        """Set the ``_xsrf`` cookie, which Voilà's page sends back when it is closed."""
        await super().prepare()
        _ = self.xsrf_token

    async def get(self, path: str | None = None) -> None:
        """Render the lesson; a code-free notebook as static HTML, without a kernel."""
        root = Path(self.settings.get("voila_root", os.getcwd()))
        notebook = (root / (path or "")).resolve()
        if (
            path
            and notebook.suffix == ".ipynb"
            and root in notebook.parents
            and code_free(notebook)
        ):
            self.log.info("rummy-teach: lesson %s shown without a kernel (no code)", path)
            self.finish(code_free_page(root, path, self.base_url))
            return
        if path:
            self.kernel_manager.refresh_if_edited(path)
            self.kernel_manager.page_opening(path)
        await super().get(path)


class LeaveHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voilà's page-leave shutdown (``/voila/api/shutdown/<kernel>``), quiet for a kernel already gone."""

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        """End the kernel of the page that is being closed."""
        manager = self.kernel_manager
        if kernel_id in manager:
            self.log.info("rummy-teach: page of kernel %s left: ending it", kernel_id)
            await manager.shutdown_kernel(kernel_id)
        self.set_status(204)
        self.finish()


MAX_MESSAGE_CHARS = 64 * 1024
"""Longest kernel message a page may send (its intents are ~300 characters)."""
MAX_BRACKETS = 256
"""Most ``{`` and ``[`` a page's kernel message may hold: a deeply nested one is refused unparsed."""


class KernelSocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The page's kernel websocket, refusing an oversized or deeply nested message before parsing it.

    Unguarded, a 5,000-deep message makes the server's JSON parser raise RecursionError and drop
    the page's connection with a traceback; here it is dropped with one log line.
    """

    def on_message(self, message: str | bytes) -> None:
        """Pass the message to the kernel unless it is too long or too deeply nested."""
        if isinstance(message, str) and (
            len(message) > MAX_MESSAGE_CHARS
            or message.count("{") + message.count("[") > MAX_BRACKETS
        ):
            self.log.warning(
                "rummy-teach: refused a %d-character message from the page of kernel %s",
                len(message),
                getattr(self, "kernel_id", "?"),
            )
            return
        super().on_message(message)


def _page_config(page_config: dict[str, Any], **context: Any) -> dict[str, Any]:
    """Voilà's page-config hook: the page's language, its switch, the server's words in it, a watch."""
    root = Path(context.get("settings", {}).get("voila_root") or os.getcwd())
    path = str(context.get("notebook_path") or "")
    languages_of_page = app.page_languages(root, path, context.get("base_url") or "/")
    page_config["rummyTeach"] = {**languages_of_page, "watch": True}  # WatchHandler serves it
    return page_config


class FrontDoorHandler(tornado.web.RequestHandler):
    """``/`` (and ``/voila/tree``): opens the lesson list in the learner's language, never a file list."""

    def initialize(self, **_: Any) -> None:
        """Take (and ignore) the tree handler's settings, whose route this handler takes over."""

    def get(self, path: str = "") -> None:
        """The front door page (``rummy_teach.app.front_door``) in the server's default language."""
        root = Path(self.settings["voila_root"])
        base = self.settings.get("base_url", "/")
        self.finish(app.front_door(root, self.settings["rummy_language"], base))


UNTRUSTED = "Notebook %s is not trusted"
"""Jupyter Server's warning each time it reads a lesson (three times a page): trust decides only
whether JupyterLab shows stored outputs; Voilà runs every lesson anew, so it says nothing here."""


def without_trust_warnings(record: logging.LogRecord) -> bool:
    """False for the untrusted-notebook warning (a log filter): the log keeps a line per lesson."""
    return record.msg != UNTRUSTED


PING_WARNING = "The websocket_ping_timeout ("
"""How Tornado's warning at a page's first websocket begins: Jupyter Server's kernel socket hands
it its own ping interval and timeout (30,000 and 90,000 *milliseconds*, its own pings), which
Tornado reads as seconds for pings of its own and "corrects". Nothing is wrong: Jupyter Server's
pings stay every 30 s with a 90 s timeout, Tornado's would come every 8 hours."""


def without_ping_warning(record: logging.LogRecord) -> bool:
    """False for Tornado's websocket ping warning (a log filter on ``tornado.general``)."""
    return not str(record.msg).startswith(PING_WARNING)


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voilà with the app's handlers (watch, page leave, code-free pages, status, front door) in front
    of its own, and each page's language switch in its page config."""

    language = Unicode(
        languages.ENGLISH,
        config=True,
        help="The language / opens when the browser remembers none (en, nb, da, nl).",
    )

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings plus the lessons folder and default language, for the handlers."""
        # before Voilà's settings: they make the kernel manager, whose pool renders pages with it
        self.voila_configuration.page_config_hook = _page_config
        settings: dict[str, Any] = super().init_settings()
        self.log.addFilter(without_trust_warnings)
        logging.getLogger("tornado.general").addFilter(without_ping_warning)
        settings["voila_root"] = str(Path(self.root_dir).resolve())
        settings["rummy_language"] = languages.check_language(self.language)
        settings["rummy_listen"] = (self.ip, self.port)  # the status page says where to open it
        return settings

    def listen(self) -> None:
        """Voilà's ``listen`` (it serves until stopped); once serving, the log says where the class
        opens the app: this machine's own addresses, not Voilà's 0.0.0.0 or its name."""
        IOLoop.current().add_callback(
            lambda: self.log.info("rummy-teach: %s", where_to_open(self.ip, self.port))
        )
        super().listen()

    def init_handlers(self) -> list[Any]:
        """Voilà's handlers with the app's page and leave handlers in their place, and the app's own."""
        replaced = {
            TornadoVoilaHandler: LessonHandler,
            VoilaShutdownKernelHandler: LeaveHandler,
            VoilaKernelWebsocketHandler: KernelSocket,
            TornadoVoilaTreeHandler: FrontDoorHandler,
        }
        handlers: list[Any] = []
        for route in super().init_handlers():
            if isinstance(route, tuple) and len(route) >= 2 and route[1] in replaced:
                route = (route[0], replaced[route[1]], *route[2:])
            handlers.append(route)
        own = [
            (url_path_join(self.server_url, rf"/rummy/watch/{KERNEL_ID}"), WatchHandler),
            (url_path_join(self.server_url, r"/rummy/status"), StatusHandler),
            (url_path_join(self.server_url, r"/rummy/class"), ClassHandler),
        ]
        return own + handlers
