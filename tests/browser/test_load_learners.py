"""The classroom benchmark's learners (``benchmarks/learners.py``) against a real app, so they cannot rot.

Three protocol-level learners open one lesson at once on a server with a pool of three, each does
the first exercise rightly, then clicks around; every intent must be answered with the feedback
the same view gives in this process, with no error from the kernel.
"""

from __future__ import annotations

import asyncio
import math
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.classroom import class_of, copy_lessons
from benchmarks.learners import Learner
from tests.browser.conftest import Server, checkout_env

LESSON = "02-rummy-groups-and-runs.ipynb"
LEARNERS = 3
CLICKS = 6


async def exercise_then_click(learner: Learner) -> None:
    """The first exercise rightly, then a few mixed clicks (picks, presses, drops)."""
    await learner.exercise()
    await learner.click_around(math.inf, clicks=CLICKS)


async def attend_class(url: str) -> list[Learner]:
    """Three learners at once, no think time; each leaves its page afterwards."""
    learners = await class_of(url, [LESSON] * LEARNERS, 0.0, 1, exercise_then_click, (0.0, 0.0))
    for learner in learners:
        await learner.close(leave_page=True)
    return learners


def test_three_learners_at_once_get_every_answer(tmp_path: Path) -> None:
    """Every learner's page is served, each intent answered, the exercise's feedback as in process."""
    folder = copy_lessons([LESSON], tmp_path)
    server = Server(
        sys.executable, folder, "voila-learners.log", checkout_env(), ["--pool-size", "3"]
    )
    try:
        # its own thread and event loop: Playwright's sync API keeps a loop running in this one
        with ThreadPoolExecutor(1) as worker:
            learners = worker.submit(lambda: asyncio.run(attend_class(server.url))).result()
    finally:
        server.stop()
    kernels = {learner.run.kernel_id for learner in learners}
    assert len(kernels) == LEARNERS
    for learner in learners:
        run = learner.run
        assert run.lost == ""
        assert run.errors == []
        assert run.right
        assert run.page is not None and run.first_answer is not None
        assert len(run.round_trips) == len(run.kinds) >= CLICKS + 3
        assert set(run.kinds) >= {"pick", "hint", "lay_down"}
