"""A level's place in its stage (Lichess Learn): the texts a view shows once it is solved, and where "next" leads.

The view syncs ``stars`` (``rummy_teach.course.stars``) and these texts; the browser
(``widgets/base.js``) finds the exercise's index among the page's exercises, keeps the best stars
per lesson file and exercise in ``localStorage`` (never sent anywhere), and offers the next
exercise on the page, or the next lesson after the last one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rummy_teach import course, messages
from rummy_teach.lessons import LESSONS

__all__ = ["stage_texts"]


@cache
def _texts(language: str) -> dict[str, Any]:
    return {
        "stars": {
            str(count): messages.text(f"course.stars.{count}")
            for count in range(1, course.MAX_STARS + 1)
        },
        "best": messages.template("course.stars.best"),
        "max": course.MAX_STARS,
        "next": messages.text("course.next_exercise"),
        "lessons": [
            {"file": lesson.file, "label": messages.text("course.next_lesson", title=lesson.title)}
            for lesson in LESSONS
        ],
        "index": {"file": course.INDEX_PAGE, "label": messages.text("course.all_lessons")},
    }


def stage_texts() -> dict[str, Any]:
    """What a solved level shows, in the current language: stars sentences, "Next exercise", the lessons in order.

    ``lessons`` pairs each lesson's file with the words of a link to it ("Next lesson: …"); the
    browser links the lesson after its own page's file, or ``index`` after the last. ``best`` is a
    template with ``{stars}`` and ``{max}`` that the browser fills with the stars kept from before
    (a view's par is worded by the view itself, ``Exercise.par_text``).
    """
    return _texts(messages.get_language())
