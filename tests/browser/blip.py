"""A network between the browser and the app that a test can cut: a TCP proxy on its own port.

``cut()`` drops every connection through it at once and refuses new ones, as a classroom's Wi-Fi
does when it blinks; ``heal()`` lets connections through again. The app and its kernels go on
running behind it, unless the test restarts the app: ``retarget()`` then points the same address
at the new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator

from tests.browser.conftest import free_port


class Blip:
    """A TCP proxy from ``url`` to the app's port, whose connections ``cut()`` drops."""

    def __init__(self, target_port: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._target = target_port
        self._cut = False
        self._open: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result()

    async def _listen(self) -> asyncio.Server:
        """Listen on the proxy's port."""
        return await asyncio.start_server(self._connect, "127.0.0.1", self.port)

    async def _connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Carry one connection to the app both ways; refuse it while the network is cut."""
        if self._cut:
            writer.transport.abort()
            return
        try:
            app_reader, app_writer = await asyncio.open_connection("127.0.0.1", self._target)
        except OSError:  # the app is stopped: the browser sees its connection refused
            writer.transport.abort()
            return
        self._open |= {writer, app_writer}
        await asyncio.gather(self._carry(reader, app_writer), self._carry(app_reader, writer))
        self._open -= {writer, app_writer}

    @staticmethod
    async def _carry(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy bytes from one side to the other until either side ends."""
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.transport.abort()

    def cut(self) -> None:
        """Drop every connection now and refuse new ones until ``heal()``."""
        self._on_loop(self._drop_all)

    def _drop_all(self) -> None:
        self._cut = True
        for writer in list(self._open):
            writer.transport.abort()

    def retarget(self, target_port: int) -> None:
        """Carry new connections to another port (the app started again elsewhere)."""
        self._on_loop(lambda: setattr(self, "_target", target_port))

    def heal(self) -> None:
        """Let connections through again."""
        self._on_loop(lambda: setattr(self, "_cut", False))

    def _on_loop(self, change: Callable[[], None]) -> None:
        """Make a change on the proxy's own loop (its state is only touched there), and wait."""

        async def run() -> None:
            change()

        asyncio.run_coroutine_threadsafe(run(), self._loop).result()

    def close(self) -> None:
        """Stop listening, drop what is open, end the connections' tasks and the proxy's thread."""
        self.cut()
        asyncio.run_coroutine_threadsafe(self._finish(), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    async def _finish(self) -> None:
        """Stop listening and end every connection's task (none is left pending)."""
        self._server.close()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@contextlib.contextmanager
def blip_in_front_of(target_port: int) -> Iterator[Blip]:
    """A cuttable network in front of the app's port, closed afterwards."""
    proxy = Blip(target_port)
    try:
        yield proxy
    finally:
        proxy.close()
