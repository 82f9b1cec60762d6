"""Preheated kernels warm a few at a time, and a page waiting for one goes first.

Voilà starts every lesson's pool at once. On a 2-core machine the 36 kernels of ``make app`` then
share the CPU until all of them are warm (started, their lesson run): a lesson opened right after
the start worked only 21-26 s later, with all 36, and the kernel-free lesson list took up to 2.9 s
meanwhile (``benchmarks/app_start.py``). :class:`WarmQueue` lets ``limit`` of them warm at once (one
per core by default) in the order they were asked for, and lets through at once the one a page is
waiting for (:meth:`WarmQueue.hurry`): 5-8 s and 0.6 s. It never decides what starts, only when.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

__all__ = [
    "StartsStopped",
    "WarmQueue",
    "cores",
    "leave_when_warm",
    "pool_entry",
    "started",
    "stopped_quietly",
    "warm",
]


class StartsStopped(RuntimeError):
    """The server is stopping: a kernel still waiting for its turn is not started."""


def cores() -> int:
    """The CPU cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class WarmQueue:
    """At most ``limit`` entries warming at once, first come first served; hurried ones at once."""

    def __init__(self, limit: int) -> None:
        """An empty queue letting ``limit`` (at least 1) warm at once."""
        self.limit = max(1, limit)
        self._warming: set[Hashable] = set()
        self._waiting: dict[Hashable, asyncio.Future[None]] = {}  # in the order they came
        self._stopped = False

    @property
    def warming(self) -> int:
        """How many entries are warming now."""
        return len(self._warming)

    @property
    def waiting(self) -> int:
        """How many entries wait for their turn."""
        return len(self._waiting)

    async def enter(self, key: Hashable) -> None:
        """Wait until ``key`` may warm; ``StartsStopped`` once the queue is closed."""
        if self._stopped:
            raise StartsStopped("the server is stopping")
        if key in self._warming:
            return
        if len(self._warming) < self.limit and not self._waiting:
            self._warming.add(key)
            return
        turn = self._waiting.setdefault(key, asyncio.get_running_loop().create_future())
        try:
            await turn
        except asyncio.CancelledError:
            if self._waiting.get(key) is turn:
                del self._waiting[key]
            elif key in self._warming:  # let through just as it was cancelled
                self.leave(key)
            raise

    def leave(self, key: Hashable) -> None:
        """``key`` has warmed (or failed): the next waiting entry's turn."""
        self._warming.discard(key)
        self._next()

    def hurry(self, key: Hashable) -> bool:
        """Let ``key`` warm now if it is waiting (a page waits for it); True if it was waiting."""
        turn = self._waiting.pop(key, None)
        if turn is None:
            return False
        self._warming.add(key)
        if not turn.done():
            turn.set_result(None)
        return True

    def close(self) -> None:
        """Every waiting entry, and any that comes later, gets ``StartsStopped``."""
        self._stopped = True
        waiting, self._waiting = self._waiting, {}
        for turn in waiting.values():
            if not turn.done():
                turn.set_exception(StartsStopped("the server is stopping"))

    def _next(self) -> None:
        while self._waiting and len(self._warming) < self.limit:
            key = next(iter(self._waiting))
            turn = self._waiting.pop(key)
            if turn.done():  # cancelled meanwhile
                continue
            self._warming.add(key)
            turn.set_result(None)


# --- Voilà's preheated pool entries (each an asyncio task: the kernel's start, then its lesson run)


def started(entry: Any) -> bool:
    """True when a Voilà pool entry's kernel has started (its task done, without an error)."""
    return bool(entry.done() and not entry.cancelled() and entry.exception() is None)


def warm(entry: Any) -> bool:
    """True when a pool entry's kernel has started and run its lesson (Voilà's render task done)."""
    if not started(entry):
        return False
    render = entry.result().get("task")
    return render is None or bool(render.done())


def pool_entry(pools: Mapping[str, Sequence[Any]]) -> asyncio.Task[Any] | None:
    """The pool entry the running code is part of (a preheated kernel's start), else None."""
    task = asyncio.current_task()
    if task is not None and any(task in pool for pool in pools.values()):
        return task
    return None


def stopped_quietly(entry: asyncio.Task[Any]) -> None:
    """Mark ``entry``'s ``StartsStopped`` as seen once it ends: nobody awaits a pool entry at shutdown,
    and asyncio would log each as "Task exception was never retrieved"."""

    def seen(_: object) -> None:
        if not entry.cancelled():
            entry.exception()

    entry.add_done_callback(seen)


def leave_when_warm(queue: WarmQueue, entry: asyncio.Task[Any]) -> None:
    """Give up ``entry``'s turn once its lesson has run in its kernel, or its start failed."""

    def done(_: object) -> None:
        queue.leave(entry)

    def started_or_failed(_: object) -> None:
        render = entry.result().get("task") if started(entry) else None
        if render is None or render.done():
            queue.leave(entry)
        else:
            render.add_done_callback(done)

    entry.add_done_callback(started_or_failed)
