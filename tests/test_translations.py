"""Every English lesson in every language (``notebooks/L/NN-*.ipynb``), with the same exercises and
hands: its first code cell starts with the language line, every code cell without that line is the
English one, and its prose is translated (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
TRANSLATIONS = ("nb", "da", "nl")
"""Strict: each of these folders must hold every lesson."""
ENGLISH_LESSONS = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def language_line(language: str) -> str:
    return f'from rummy_teach import set_language; set_language("{language}")'


def cells(path: Path, kind: str) -> list[str]:
    book = json.loads(path.read_text(encoding="utf-8"))
    return [
        "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for cell in book["cells"]
        if cell["cell_type"] == kind
    ]


def test_there_are_lessons_to_translate() -> None:
    assert len(ENGLISH_LESSONS) >= 12, ENGLISH_LESSONS


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("lesson", ENGLISH_LESSONS)
def test_a_translated_lesson_has_the_same_exercises(language: str, lesson: str) -> None:
    english = NOTEBOOKS / lesson
    translated = NOTEBOOKS / language / lesson
    assert translated.is_file(), f"no {translated.relative_to(REPO)}"
    code = cells(translated, "code")
    assert code, f"{translated.name} has no code cell"
    first, _, rest = code[0].partition("\n")
    assert first == language_line(language), f"{language}/{lesson}: first line {first!r}"
    assert [rest, *code[1:]] == cells(english, "code"), f"{language}/{lesson}: code differs"
    english_prose = set(cells(english, "markdown"))
    prose = [text for text in cells(translated, "markdown") if text.strip()]
    assert prose, f"{language}/{lesson} has no prose"
    untranslated = [text for text in prose if text in english_prose]
    assert not untranslated, f"{language}/{lesson}: English prose left: {untranslated[0][:80]!r}"
