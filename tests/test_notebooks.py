"""The lesson notebooks as files: in order, linked, with stored outputs nbval can compare."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from rummy_teach import lessons

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
IGNORE = "# NBVAL_IGNORE_OUTPUT"


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def test_landing_page_lists_every_lesson_in_order() -> None:
    """index.ipynb links each lesson by its CURRICULUM number (the number its file starts with), in order."""
    text = "".join(cell.source for cell in read("index.ipynb").cells)
    positions = [
        text.index(f"[Lesson {lesson.number}: {lesson.title}]({lesson.file})")
        for lesson in lessons.LESSONS
    ]
    assert positions == sorted(positions)
    assert all(lesson.file.startswith(f"{lesson.number:02d}-") for lesson in lessons.LESSONS)
    assert sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")) == sorted(
        [
            "index.ipynb",
            "rules.ipynb",
            "teachers.ipynb",
            *(lesson.file for lesson in lessons.LESSONS),
        ]
    )


@pytest.mark.parametrize("lesson", lessons.LESSONS, ids=lambda lesson: lesson.file)
def test_lesson_has_outputs_pictures_exercises_and_a_next_link(lesson: lessons.Lesson) -> None:
    """Every code cell has stored outputs; pictures come before exercises; lax only for live widgets."""
    book = read(lesson.file)
    code = [cell for cell in book.cells if cell.cell_type == "code"]
    assert code and all(cell.outputs for cell in code), "execute the notebook to store its outputs"
    kinds = []
    for cell in code:
        mimes = {mime for output in cell.outputs for mime in output.get("data", {})}
        live = "application/vnd.jupyter.widget-view+json" in mimes
        assert (IGNORE in cell.source) == live, cell.source
        if live:
            kinds.append("exercise")
        elif "image/svg+xml" in mimes:
            kinds.append("picture")
    assert "picture" in kinds and "exercise" in kinds
    assert kinds.index("picture") < kinds.index("exercise")
    last = book.cells[-1].source
    position = [entry.file for entry in lessons.LESSONS].index(lesson.file)
    if position + 1 < len(lessons.LESSONS):
        assert lessons.LESSONS[position + 1].file in last
    assert "index.ipynb" in last
    assert all(not output.get("ename") for cell in code for output in cell.outputs)
