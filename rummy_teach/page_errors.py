"""A Voilà page whose cell fails says so in words, never with Voilà's line for developers.

Voilà, with tracebacks hidden (as every route of the lessons runs it), replaces a failing cell's
error by "There was an error when executing cell [2]. Please run Voilà with --show_tracebacks=True
…": no use to a learner, and no help to a teacher whose own page passed a bad setting. In a Voilà
kernel, :func:`install` (called by ``import rummy_teach``) has IPython show instead one paragraph in
the page's language: a refusal of rummy_teach (``RummyTeachError``: a bad setting, bad notation)
with its message, anything else as a part that could not start. The traceback goes to the kernel's
stderr, which is the server's log; the cell still fails, so Voilà stops the page there and logs it.
Outside Voilà (JupyterLab, nbval, a script) nothing changes: a traceback is what a developer wants.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from types import TracebackType

__all__ = ["in_voila_kernel", "install", "said"]

VOILA_VARIABLE = "VOILA_BASE_URL"
"""Set by Voilà in the environment of every kernel it starts, preheated or not."""


def in_voila_kernel() -> bool:
    """True in a kernel Voilà started (its environment names Voilà's base URL, IPython runs it)."""
    return VOILA_VARIABLE in os.environ and "ipykernel" in sys.modules


def said(error: BaseException) -> str:
    """What the page says of ``error`` (plain text): a refusal's message, else that it failed."""
    from rummy_teach import messages
    from rummy_teach.errors import RummyTeachError

    if isinstance(error, RummyTeachError) and str(error):
        return messages.text("widgets.app.part_refused", problem=str(error).rstrip(". "))
    return messages.text("widgets.app.part_failed")


def _shown_instead(
    shell: Any,
    etype: type[BaseException],
    value: BaseException,
    tb: TracebackType | None,
    tb_offset: int | None = None,
) -> None:
    """IPython's handler for a failing cell: the words on the page, the traceback in the log."""
    import html  # here, not at the top: ``import rummy_teach`` stays light
    import traceback

    traceback.print_exception(etype, value, tb, file=sys.__stderr__)
    text = said(value)
    paragraph = f'<p class="rt-part-failed">{html.escape(text)}</p>'
    shell.display_pub.publish(data={"text/html": paragraph, "text/plain": text}, metadata={})


def install() -> bool:
    """In a Voilà kernel, show every failing cell's error as words (:func:`said`); True if so."""
    if not in_voila_kernel():
        return False
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return False
    shell.set_custom_exc((Exception,), _shown_instead)
    return True
