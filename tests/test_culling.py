"""The app's culler: it ends the kernels of pages that left, and checks a starting kernel quietly."""

from __future__ import annotations

from datetime import timedelta

import pytest
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from rummy_teach.classroom import ClassroomKernelManager
from tests.own_loop import on_own_loop


@pytest.fixture
def manager(monkeypatch: pytest.MonkeyPatch) -> tuple[ClassroomKernelManager, list[str]]:
    """A culler over kernels the test puts in; the kernels it ends are listed, not shut down."""
    culler = ClassroomKernelManager()
    culler.cull_idle_timeout = 300  # the app's default limit (Jupyter's own, 0, turns culling off)
    ended: list[str] = []

    async def shutdown_kernel(kernel_id: str, *_: object, **__: object) -> None:
        ended.append(kernel_id)
        culler._kernels.pop(kernel_id, None)

    monkeypatch.setattr(culler, "shutdown_kernel", shutdown_kernel)
    return culler, ended


def left_long_ago(culler: ClassroomKernelManager, kernel_id: str) -> None:
    """A kernel whose page connected, then left an hour ago."""
    kernel = ServerKernelManager()
    kernel.last_activity = utcnow() - timedelta(hours=1)
    culler._kernels[kernel_id] = kernel
    culler._ever_connected.add(kernel_id)
    culler._left_at[kernel_id] = utcnow() - timedelta(hours=1)


def test_a_kernel_still_starting_is_checked_without_an_error(
    manager: tuple[ClassroomKernelManager, list[str]], caplog: pytest.LogCaptureFixture
) -> None:
    """A kernel the server is starting has no last activity yet (its trait refuses to be read):
    the culler keeps it, says nothing, and still ends the kernel of a page that left."""
    culler, ended = manager
    culler._kernels["starting"] = ServerKernelManager()
    left_long_ago(culler, "left")
    with caplog.at_level("INFO", logger=culler.log.name):
        on_own_loop(culler.cull_kernels())
    assert ended == ["left"]
    assert "starting" in culler._kernels
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
    assert "culling kernel left" in caplog.text
    assert "starting" not in caplog.text


def test_a_page_that_left_keeps_its_kernel_until_the_limit(
    manager: tuple[ClassroomKernelManager, list[str]],
) -> None:
    """A page that left a moment ago keeps its kernel (it may come back); after the limit it ends."""
    culler, ended = manager
    left_long_ago(culler, "left")
    culler._left_at["left"] = utcnow()
    on_own_loop(culler.cull_kernels())
    assert ended == []
    culler._left_at["left"] = utcnow() - timedelta(seconds=culler.cull_idle_timeout + 1)
    on_own_loop(culler.cull_kernels())
    assert ended == ["left"]


def test_a_kernel_handed_out_after_a_long_wait_in_the_pool_gets_its_page_time_to_connect(
    manager: tuple[ClassroomKernelManager, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's time to connect starts when the kernel leaves the pool: a check made while the
    kernel was starting (or while it waited) does not start it, so a kernel that waited an hour
    is not culled at the first check after a page took it."""
    culler, ended = manager
    pool: set[str] = set()
    monkeypatch.setattr(culler, "pooled_kernels", lambda: set(pool))
    kernel = ServerKernelManager()  # starting: no last activity yet
    culler._kernels["pooled"] = kernel
    on_own_loop(culler.cull_kernels())
    assert "pooled" not in culler._handed_out  # nothing to time while it starts
    kernel.last_activity = utcnow() - timedelta(hours=1)
    culler._handed_out["pooled"] = utcnow() - timedelta(hours=1)  # as an older check stamped it
    pool.add("pooled")
    on_own_loop(culler.cull_kernels())
    assert "pooled" not in culler._handed_out  # waiting in the pool: no page to wait for
    pool.clear()  # a page took it and is loading
    on_own_loop(culler.cull_kernels())
    assert ended == []
    culler._handed_out["pooled"] -= timedelta(seconds=culler.unclaimed_timeout + 1)
    on_own_loop(culler.cull_kernels())
    assert ended == ["pooled"]  # that page never connected
