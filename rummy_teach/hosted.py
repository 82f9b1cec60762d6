"""The hosted lessons' server extension (Binder, JupyterHub): a page's kernel watch under Jupyter Server.

A lesson page opens ``/rummy/watch/<kernel>`` to learn whether its kernel lives, when it goes
(the page then says so and reloads once) and when the server is back after a network blip (the
page then reconnects at once). ``rummy-teach serve`` has the watch built in
(:class:`rummy_teach.classroom.ClassroomVoila`); under Jupyter Server this extension adds it,
for the signed-in user only, when the kernel manager is the app's
(:class:`~rummy_teach.classroom.ClassroomKernelManager`, ``binder/jupyter_config.json``).
``binder/jupyter_server_config.py`` enables it. A page offered no watch (``watch`` false in its
page config) opens none, so it never claims its server cannot be reached.
"""

from __future__ import annotations

from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado.web import HTTPError

from rummy_teach.app import WATCH_SETTING
from rummy_teach.classroom import ClassroomKernelManager, WatchHandler

__all__ = ["HostedWatchHandler"]

KERNEL_ID = r"(\w+-\w+-\w+-\w+-\w+)"


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
    return [{"module": "rummy_teach.hosted"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Add the kernel watch when the app's kernel manager runs the kernels; otherwise say why not."""
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
