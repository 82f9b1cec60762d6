"""The classroom benchmark's learners know a right answer to every lesson exercise and read pages."""

from __future__ import annotations

import json

import pytest

from benchmarks.learners import LearnerLost, parse_page, plan_for, puzzles_by_state
from rummy_teach import lessons
from rummy_teach.lessons import Puzzle

PUZZLES = [value for value in vars(lessons).values() if isinstance(value, Puzzle)]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=repr)
def test_every_exercise_has_a_right_answer_that_starts_with_a_pick(puzzle: Puzzle) -> None:
    """The plan picks real pieces first and ends on the engine's ok (or solved) feedback."""
    plan = plan_for(puzzle)
    assert plan.intents[0]["intent"] == "pick"
    assert plan.statuses[-1] in {"ok", "solved"}
    assert len(plan.statuses) == len(plan.intents)
    assert {pid for pid, _name in plan.names} >= {i["piece"] for i in plan.intents if "piece" in i}


def test_each_puzzle_is_known_by_its_views_state() -> None:
    """No two puzzles share the goal and pieces the kernel's state of their view shows."""
    assert sorted(map(repr, puzzles_by_state().values())) == sorted(map(repr, PUZZLES))


def test_a_page_gives_its_kernel_widgets_and_xsrf_cookie() -> None:
    """The kernel id, each widget view in order and the XSRF cookie come from the page; no kernel is lost."""
    view = {"application/vnd.jupyter.widget-view+json": {"model_id": "ab12"}, "text/plain": "X()"}
    output = json.dumps({"output_type": "execute_result", "data": view})
    html = (
        '<script id="jupyter-config-data" type="application/json">{"kernelId": "k-1"}</script>'
        f'<script type="application/vnd.voila.cell-output+json">{output}</script>'
    )
    page = parse_page("02.ipynb", html, ["_xsrf=2|abc|1; expires=never; Path=/"])
    assert (page.kernel_id, page.views, page.xsrf) == ("k-1", (("ab12", "X()"),), "2|abc|1")
    with pytest.raises(LearnerLost, match="no kernel"):
        parse_page("02.ipynb", "<html></html>", [])
