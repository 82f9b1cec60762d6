"""A lesson edited while the app runs is served as edited, not as its preheated pages rendered it.

Voilà's preheated pool renders a notebook in each waiting kernel and hands that rendering to the
next page, so a notebook changed on disk was served as it had been until the app restarted: a
teacher who fixed a lesson or wrote their own page saw no change on reload. :class:`EditedLessons`
notes each notebook's modification time before its pool is filled; a page request that finds the
file changed drops that notebook's waiting kernels (each ends once it has started) and refills the
pool from the file as it is now, so the page and every page after it show the edit. Works on the
pool of Voilà's preheating kernel manager (``_pools``: notebook path -> entries, each a task whose
result names its ``kernel_id``); imports no Jupyter itself.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rummy_teach import warm_queue

__all__ = ["EditedLessons"]


class EditedLessons:
    """The modification time of each notebook under ``root`` as its waiting kernels rendered it."""

    def __init__(self, root: Path) -> None:
        """Note every notebook's time now: the pools are filled after this, from these files."""
        self.root = root
        self._seen: dict[str, int] = {}
        self._ending: set[asyncio.Future[Any]] = set()
        for path in root.rglob("*.ipynb"):
            lesson = path.relative_to(root).as_posix()
            if (time := self._modified(lesson)) is not None:
                self._seen[lesson] = time

    def _modified(self, lesson: str) -> int | None:
        try:
            return (self.root / lesson).stat().st_mtime_ns
        except OSError:  # gone, or not a file: nothing to compare
            return None

    def changed(self, lesson: str) -> bool:
        """True once for each change of ``lesson``'s file since it was last noted (then noted)."""
        now = self._modified(lesson)
        before = self._seen.get(lesson)
        if now is None:
            return False
        self._seen[lesson] = now
        return before is not None and before != now

    def refresh(self, manager: Any, lesson: str) -> None:
        """If ``lesson`` changed, end its waiting kernels in ``manager`` and refill its pool from
        the file as it is now (the log says how many kernels end)."""
        pools: dict[str, list[Any]] = getattr(manager, "_pools", {})
        if not self.changed(lesson) or not pools.get(lesson):
            return
        stale, pools[lesson] = pools[lesson], []
        for entry in stale:
            entry.add_done_callback(lambda done: self._end_when_started(manager, done, lesson))
        manager.fill_if_needed(delay=0, notebook_name=lesson)
        manager.log.info(
            "rummy-teach: %s changed on disk: %d waiting kernels end, its pool refills",
            lesson,
            len(stale),
        )

    def _end_when_started(self, manager: Any, entry: asyncio.Task[Any], lesson: str) -> None:
        """End the kernel of a dropped pool ``entry`` (none if its start failed or was stopped),
        its rendering of the old file first."""
        if not warm_queue.started(entry):
            return
        render = entry.result().get("task")
        if render is not None and not render.done():
            render.cancel()
        kernel_id = entry.result()["kernel_id"]
        if kernel_id in manager:
            manager.lesson_of(kernel_id)  # noted now: Voilà forgets it before the kernel ends
            manager.log.info(
                "rummy-teach: kernel %s rendered %s before it changed", kernel_id, lesson
            )
            ending = asyncio.ensure_future(manager.shutdown_kernel(kernel_id))
            self._ending.add(ending)  # the loop keeps only a weak reference to a task
            ending.add_done_callback(self._ending.discard)
