"""A lesson page's kernel watch, ``/rummy/watch/<kernel>``: in the app, and under Jupyter Server.

A lesson page opens the watch to learn whether its kernel lives, when it goes (the page then says
so and reloads once) and when the server is back after a network blip (the page then reconnects
at once). ``rummy-teach serve`` serves :class:`WatchHandler` (``classroom.ClassroomVoila``). Under
Jupyter Server (Binder, JupyterHub) this module is also a server extension, which
``binder/jupyter_server_config.py`` enables. It serves :class:`HostedWatchHandler`, for the
signed-in user only, when the kernel manager is the app's (``classroom.ClassroomKernelManager``,
``binder/jupyter_config.json``). A page offered no watch (``watch`` false in its page config)
opens none, so it never claims its server cannot be reached.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import tornado.websocket
from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado.web import HTTPError

from rummy_teach import languages, messages
from rummy_teach.app import PAGE_TEXTS, WATCH_SETTING

if TYPE_CHECKING:
    from rummy_teach.classroom import ClassroomKernelManager

__all__ = ["KERNEL_ID", "HostedWatchHandler", "WatchHandler"]

KERNEL_ID = r"(\w+-\w+-\w+-\w+-\w+)"
"""A kernel id in a route (the watch's only argument)."""


class WatchHandler(tornado.websocket.WebSocketHandler):
    """``/rummy/watch/<kernel>``: tells a lesson page whether its kernel lives, and when it goes.

    It sends the words a page shows when its kernel or the server is gone, its projector switch
    and its language switch's name (``app.PAGE_TEXTS``), in the lesson's language."""

    kernel_id = ""

    def open(self, *args: str, **kwargs: str) -> None:
        """Send the page its texts and the kernel's state; watch the kernel."""
        self.kernel_id = args[0] if args else ""
        manager: ClassroomKernelManager = self.settings["kernel_manager"]
        with languages.speaking(languages.language_of(manager.lesson_of(self.kernel_id))):
            texts = {key.rsplit(".", 1)[1]: messages.text(key) for key in PAGE_TEXTS}
        alive = self.kernel_id in manager and manager.watch(self.kernel_id, self._on_gone)
        self.write_message(json.dumps({"state": "alive" if alive else "gone", "texts": texts}))

    def _on_gone(self, why: str) -> None:
        if self.ws_connection is not None:
            self.write_message(json.dumps({"state": "gone", "why": why}))

    def on_close(self) -> None:
        """The page went: stop watching for it."""
        manager: ClassroomKernelManager = self.settings["kernel_manager"]
        manager.unwatch(self.kernel_id, self._on_gone)


class HostedWatchHandler(WatchHandler, JupyterHandler):  # type: ignore[misc]
    """``/rummy/watch/<kernel>`` under Jupyter Server: the app's watch, for the signed-in user only."""

    auth_resource = "kernels"

    def set_default_headers(self) -> None:
        """None of Jupyter's page headers: they do not apply to a websocket."""

    @ws_authenticated  # type: ignore[untyped-decorator, unused-ignore]
    async def get(self, *args: Any, **kwargs: Any) -> None:
        """Open the watch for a user who may see kernels; refuse anyone else (403)."""
        user = self.current_user
        if not await ensure_async(self.authorizer.is_authorized(self, user, "read", "kernels")):
            raise HTTPError(403)
        await super().get(*args, **kwargs)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Jupyter Server's entry: this module is the extension."""
    return [{"module": "rummy_teach.watch"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Add the kernel watch when the app's kernel manager runs the kernels; otherwise say why not."""
    from rummy_teach.classroom import ClassroomKernelManager

    if not isinstance(serverapp.kernel_manager, ClassroomKernelManager):
        serverapp.log.warning(
            "rummy-teach: no kernel watch for the lesson pages: the kernel manager is %s, not "
            "rummy_teach.classroom.ClassroomKernelManager (binder/jupyter_config.json sets it)",
            type(serverapp.kernel_manager).__name__,
        )
        return
    web_app = serverapp.web_app
    route = url_path_join(web_app.settings["base_url"], rf"/rummy/watch/{KERNEL_ID}")
    web_app.add_handlers(".*$", [(route, HostedWatchHandler)])
    web_app.settings[WATCH_SETTING] = True
    serverapp.log.info("rummy-teach: lesson pages watch their kernels at %s", route)
