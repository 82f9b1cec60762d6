"""Preheated kernels warm a few at a time, in the order asked, and a page's own goes first."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from rummy_teach.warm_queue import StartsStopped, WarmQueue, leave_when_warm, pool_entry, warm
from tests.own_loop import on_own_loop

T = TypeVar("T")


def run(make: Callable[[], Awaitable[T]]) -> T:
    """``make()``'s result, awaited on a loop of its own (``tests.own_loop``)."""

    async def main() -> T:
        return await make()

    return on_own_loop(main())


async def settle() -> None:
    """Let every task that can run, run."""
    for _ in range(10):
        await asyncio.sleep(0)


def test_at_most_the_limit_warm_and_the_rest_follow_in_the_order_they_asked() -> None:
    async def scenario() -> list[object]:
        queue = WarmQueue(2)
        order: list[object] = []

        async def entry(name: str) -> None:
            await queue.enter(name)
            order.append(name)

        tasks = [asyncio.create_task(entry(name)) for name in "abcde"]
        await settle()
        order.append(("warming", queue.warming, "waiting", queue.waiting))
        queue.leave("b")
        await settle()
        queue.leave("a")
        queue.leave("c")
        await settle()
        order.append(("warming", queue.warming, "waiting", queue.waiting))
        await asyncio.gather(*tasks)
        return order

    assert run(scenario) == [
        "a",
        "b",
        ("warming", 2, "waiting", 3),
        "c",
        "d",
        "e",
        ("warming", 2, "waiting", 0),
    ]


def test_a_hurried_entry_warms_at_once_beyond_the_limit_and_only_once() -> None:
    async def scenario() -> tuple[list[str], bool, bool, int]:
        queue = WarmQueue(1)
        order: list[str] = []

        async def entry(name: str) -> None:
            await queue.enter(name)
            order.append(name)

        tasks = [asyncio.create_task(entry(name)) for name in "abc"]
        await settle()
        hurried = queue.hurry("c")
        again = queue.hurry("c")
        await settle()
        warming = queue.warming
        queue.leave("a")
        queue.leave("c")
        await asyncio.gather(*tasks)
        return order, hurried, again, warming

    order, hurried, again, warming = run(scenario)
    assert order == ["a", "c", "b"]
    assert (hurried, again, warming) == (True, False, 2)


def test_a_closed_queue_starts_nothing_more() -> None:
    async def scenario() -> list[str]:
        queue = WarmQueue(1)
        said: list[str] = []

        async def entry(name: str) -> None:
            try:
                await queue.enter(name)
                said.append(f"{name} warms")
            except StartsStopped:
                said.append(f"{name} stopped")

        tasks = [asyncio.create_task(entry(name)) for name in "ab"]
        await settle()
        queue.close()
        await asyncio.gather(*tasks)
        await entry("c")
        return said

    assert run(scenario) == ["a warms", "b stopped", "c stopped"]


def test_a_waiter_cancelled_gives_its_turn_to_the_next() -> None:
    async def scenario() -> list[str]:
        queue = WarmQueue(1)
        order: list[str] = []

        async def entry(name: str) -> None:
            await queue.enter(name)
            order.append(name)

        a, b, c = (asyncio.create_task(entry(name)) for name in "abc")
        await settle()
        b.cancel()
        await settle()
        queue.leave("a")
        await asyncio.gather(a, c)
        return [*order, f"waiting {queue.waiting}", f"warming {queue.warming}"]

    assert run(scenario) == ["a", "c", "waiting 0", "warming 1"]


# --- with Voilà's pool entries: a task that starts a kernel, then returns its lesson's render task


def test_an_entry_keeps_its_turn_until_its_lesson_has_run() -> None:
    async def scenario() -> list[str]:
        queue = WarmQueue(1)
        lesson_run = asyncio.get_running_loop().create_future()
        said: list[str] = []

        async def start(name: str, render: asyncio.Future[None] | None) -> dict[str, Any]:
            entry = pool_entry(pools)
            assert entry is not None
            await queue.enter(entry)
            said.append(f"{name} starts")
            leave_when_warm(queue, entry)
            return {"task": render, "kernel_id": name}

        pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = {"a.ipynb": [], "b.ipynb": []}
        first = asyncio.create_task(start("a", lesson_run))
        pools["a.ipynb"].append(first)
        second = asyncio.create_task(start("b", None))
        pools["b.ipynb"].append(second)
        await settle()
        said.append(f"a started, not warm: {not warm(first)}, b waits: {queue.waiting}")
        lesson_run.set_result(None)
        await asyncio.gather(first, second)
        await settle()
        said.append(f"warm: {warm(first)} {warm(second)}, warming {queue.warming}")
        return said

    assert run(scenario) == [
        "a starts",
        "a started, not warm: True, b waits: 1",
        "b starts",
        "warm: True True, warming 0",
    ]


def test_an_entry_whose_start_failed_gives_up_its_turn() -> None:
    async def scenario() -> int:
        queue = WarmQueue(1)
        pools: dict[str, list[asyncio.Task[None]]] = {"a.ipynb": []}

        async def failing() -> None:
            entry = pool_entry(pools)
            assert entry is not None
            await queue.enter(entry)
            leave_when_warm(queue, entry)
            raise RuntimeError("no kernel")

        task = asyncio.create_task(failing())
        pools["a.ipynb"].append(task)
        with pytest.raises(RuntimeError):
            await task
        await settle()
        return queue.warming

    assert run(scenario) == 0


def test_code_outside_a_pool_entry_is_no_entry() -> None:
    async def scenario() -> object:
        return pool_entry({"a.ipynb": []})

    assert run(scenario) is None


def test_the_classroom_manager_warms_one_at_a_time_and_a_page_goes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As Voilà does it: pool entries that start a kernel (the manager's ``start_kernel``) and then
    run the lesson; with ``warm_at_once=1`` the next starts only when the lesson before has run, a
    page opening its lesson lets that lesson's entry start at once, and a stopping server starts
    none of those still waiting."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import Config

    from rummy_teach.classroom import ClassroomKernelManager

    class Kernel:
        def add_restart_callback(self, *_: object) -> None:
            return None

    starts: list[str] = []

    async def started(self: object, *args: object, **kwargs: Any) -> str:
        starts.append(kwargs["path"])
        return f"kernel-{len(starts)}"

    async def ended(self: object, *args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", started)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_all", ended)
    config = Config()
    config.ClassroomKernelManager.warm_at_once = 1
    manager = ClassroomKernelManager(config=config)
    monkeypatch.setattr(manager, "get_kernel", lambda kernel_id: Kernel())

    async def scenario() -> list[object]:
        loop = asyncio.get_running_loop()
        runs: dict[str, asyncio.Future[None]] = {}
        pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = {}
        manager._pools = pools  # type: ignore[attr-defined]

        async def initialize(lesson: str) -> dict[str, Any]:  # Voilà's ``_initialize``
            kernel_id = await manager.start_kernel(kernel_name="python3", path=lesson)
            runs[kernel_id] = loop.create_future()
            return {"task": runs[kernel_id], "kernel_id": kernel_id}

        for lesson in ("a", "a", "b", "c"):
            pools.setdefault(lesson, []).append(asyncio.create_task(initialize(lesson)))
        await settle()
        seen: list[object] = [list(starts), manager.warming()]
        runs["kernel-1"].set_result(None)  # lesson a has run in the first kernel
        await settle()
        seen += [list(starts), manager.warming()]
        manager.page_opening("c")  # a page waits for lesson c
        await settle()
        seen.append(list(starts))
        await manager.shutdown_all()
        outcome = await asyncio.gather(pools["b"][0], return_exceptions=True)
        seen.append([type(result).__name__ for result in outcome])
        return seen

    assert run(scenario) == [["a"], 4, ["a", "a"], 3, ["a", "a", "c"], ["StartsStopped"]]


def test_entries_a_stopping_server_never_starts_leave_nothing_in_the_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Voilà awaits no pool entry at shutdown: the ``StartsStopped`` of those still waiting must
    not reach asyncio's "Task exception was never retrieved" once the entries are gone."""
    import gc

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import Config

    from rummy_teach.classroom import ClassroomKernelManager

    async def ended(self: object, *args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_all", ended)
    config = Config()
    config.ClassroomKernelManager.warm_at_once = 1
    manager = ClassroomKernelManager(config=config)

    async def scenario() -> list[str]:
        logged: list[str] = []
        asyncio.get_running_loop().set_exception_handler(
            lambda _, context: logged.append(str(context.get("message")))
        )
        pools: dict[str, list[asyncio.Task[str]]] = {}
        manager._pools = pools  # type: ignore[attr-defined]
        manager._warm_queue._warming.add("someone else")  # the one turn is taken

        async def initialize() -> str:
            return await manager.start_kernel(kernel_name="python3", path="a")

        pools["a"] = [asyncio.create_task(initialize()) for _ in range(3)]
        await settle()
        await manager.shutdown_all()
        await settle()
        failed = [type(task.exception()).__name__ for task in pools["a"][:1]]
        pools.clear()  # the other two are dropped unawaited, as Voilà drops them
        gc.collect()
        await settle()
        return failed + logged

    assert run(scenario) == ["StartsStopped"]


def test_a_server_stopped_while_kernels_start_ends_them_without_a_404(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped seconds after ``make app``, jupyter_client's shutdown asked for the kernels still
    starting by ids it did not know yet: a 404 traceback, and ``make app`` failed. Those starts
    (and one that failed, which jupyter_client leaves "pending") are let go; the kernels that are
    up end at once (``now``)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from rummy_teach.classroom import ClassroomKernelManager

    ended: list[tuple[str, object]] = []

    async def shutdown(
        self: AsyncMappingKernelManager, kernel_id: str, now: bool = False, **_: object
    ) -> None:
        self._check_kernel_id(kernel_id)  # what jupyter_server's does first
        ended.append((kernel_id, now))

    monkeypatch.setattr(AsyncMappingKernelManager, "_async_shutdown_kernel", shutdown)
    manager = ClassroomKernelManager()

    async def scenario() -> list[object]:
        loop = asyncio.get_running_loop()
        up, slow, broken = loop.create_future(), loop.create_future(), loop.create_future()
        up.set_result(None)
        broken.set_exception(RuntimeError("the kernel did not start"))
        starts = {}
        for kernel_id, start in (("up", up), ("starting", slow), ("failed", broken)):
            task = asyncio.create_task(manager._add_kernel_when_ready(kernel_id, object(), start))
            manager._pending_kernels[kernel_id] = starts[kernel_id] = task
        await settle()
        await manager.shutdown_all()
        await settle()
        return [ended, starts["starting"].cancelled(), dict(manager._pending_kernels)]

    assert run(scenario) == [[("up", True)], True, {}]
