"""Shared test options: ``--update-golden`` rewrites the golden playthrough files instead of comparing.

Property tests never depend on the machine's load: Hypothesis runs with no per-example deadline
(a wall-clock limit that a busy machine trips) and derandomized, so a run replays exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("rummy-teach", deadline=None, derandomize=True)
settings.load_profile("rummy-teach")

GOLDEN = Path(__file__).parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--update-golden``: after an intended change, rewrite tests/golden/* and review the diff."""
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden playthrough files in tests/golden/ instead of comparing with them",
    )


@pytest.fixture
def voila_launches(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The argument lists Voilà would have been launched with (nothing is started). The app's
    default port counts as free when it is only in use, as nothing will listen there: so
    ``make test`` passes while the app runs on this machine (``make app``, CI63 failed 4 tests
    so); every other problem and port is checked as the app checks it."""
    from voila.app import Voila

    from rummy_teach import app, messages

    launched: list[list[str]] = []
    monkeypatch.setattr(
        Voila, "launch_instance", classmethod(lambda cls, argv: launched.append(argv))
    )
    check = app.listen_problem

    def listen_problem(host: str, port: int) -> str | None:
        said = check(host, port)
        in_use = messages.text("app.port_in_use", port=port, host=host)
        return None if port == app.DEFAULT_PORT and said == in_use else said

    monkeypatch.setattr(app, "listen_problem", listen_problem)
    return launched


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> GoldenFile:
    """Compare a text with a golden file, or rewrite the file under ``--update-golden``."""
    return GoldenFile(bool(request.config.getoption("--update-golden")))


class GoldenFile:
    """``golden.check("name.txt", text)``: equal to tests/golden/name.txt, or rewritten under the option."""

    def __init__(self, update: bool) -> None:
        self.update = update

    def check(self, name: str, text: str) -> None:
        """Assert ``text`` equals the golden file ``name`` (or write it there with ``--update-golden``)."""
        path = GOLDEN / name
        if self.update:
            GOLDEN.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert text == path.read_text(encoding="utf-8"), (
            f"{name} differs from the golden file; after an intended change run "
            "pytest --update-golden and review the diff"
        )
