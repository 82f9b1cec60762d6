"""Run a coroutine from a test on an event loop of its own, in a thread of its own.

In the whole run Playwright's sync API (the browser tests) leaves an event loop running in the main
thread, where ``asyncio.run`` refuses to start; a test run alone would not show it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def on_own_loop(work: Coroutine[Any, Any, T]) -> T:
    """``work``'s result, run by ``asyncio.run`` in a thread of its own."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()
