"""A Voilà kernel's failing cell is shown as words (rummy_teach.page_errors), in IPython itself.

The browser test (tests/browser/test_failed_part.py) shows the same on a real Voilà page.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from rummy_teach import messages, page_errors
from rummy_teach.errors import NotationError


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    """An IPython shell as in a kernel Voilà started, with the handler installed."""
    monkeypatch.setenv(page_errors.VOILA_VARIABLE, "/")
    monkeypatch.setitem(sys.modules, "ipykernel", sys.modules.get("ipykernel") or object())
    shell = InteractiveShell.instance()
    assert page_errors.install()
    yield shell
    shell.set_custom_exc((), None)
    InteractiveShell.clear_instance()
    messages.set_language("en")


def run(shell: InteractiveShell, code: str) -> tuple[Any, list[dict[str, Any]], str]:
    """Run ``code`` as a cell: its result, the outputs it displayed, and what it printed."""
    with capture_output() as captured:
        result = shell.run_cell(code, store_history=False)
    return result, [output.data for output in captured.outputs], captured.stdout


def test_outside_voila_nothing_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLab, nbval and scripts keep their tracebacks: no handler without Voilà's variable."""
    monkeypatch.delenv(page_errors.VOILA_VARIABLE, raising=False)
    assert not page_errors.in_voila_kernel()
    assert not page_errors.install()


def test_a_refusal_shows_its_message_escaped_and_the_cell_still_fails(
    shell: InteractiveShell,
) -> None:
    result, outputs, printed = run(
        shell, "from rummy_teach import parse_cards\nparse_cards('7H <b>')"
    )
    assert isinstance(result.error_in_exec, NotationError)  # Voilà still stops the page here
    assert len(outputs) == 1
    html = outputs[0]["text/html"]
    assert html.startswith('<p class="rt-part-failed">This part of the page could not start: ')
    assert "&lt;b&gt;" in html and "<b>" not in html
    assert outputs[0]["text/plain"] == page_errors.said(result.error_in_exec)
    assert "Traceback" not in printed


def test_any_other_failure_says_the_part_could_not_start(shell: InteractiveShell) -> None:
    result, outputs, _ = run(shell, "parse_card('7H')")
    assert isinstance(result.error_in_exec, NameError)
    assert outputs == [
        {
            "text/html": '<p class="rt-part-failed">This part of the page could not start. '
            "The log of the lesson server says why.</p>",
            "text/plain": messages.text("widgets.app.part_failed"),
        }
    ]
    assert "parse_card" not in outputs[0]["text/html"]  # nothing of the code or its error


def test_the_words_are_in_the_pages_language(shell: InteractiveShell) -> None:
    result, outputs, _ = run(
        shell,
        "from rummy_teach import set_language\nset_language('nb')\n"
        "from rummy_teach.widgets import RummyGame\nRummyGame(players=6)",
    )
    assert result.error_in_exec is not None
    assert outputs[0]["text/plain"] == (
        "Denne delen av siden kunne ikke starte: a game is the learner and 1 to 3 computers: "
        "2 to 4 players, not 6."
    )


def test_the_traceback_goes_to_the_log(
    shell: InteractiveShell, capfd: pytest.CaptureFixture[str]
) -> None:
    run(shell, "1 / 0")
    assert "ZeroDivisionError: division by zero" in capfd.readouterr().err
