"""The course's pages without code, generated from ``messages`` and the course plan: the landing page, the
rule book and the teacher's guide (``notebooks/index.ipynb``, ``rules.ipynb``, ``teachers.ipynb``), in
English and, in ``notebooks/<lang>/`` with the same file names, in every language that has a catalog.

They are notebooks of markdown cells only, so the app shows them without a kernel, Binder's Voilà
and JupyterLab open them like any lesson, and a lesson links to a rule as ``rules.ipynb#K-OPEN-2``
(``course.rule_link``). ``python -m rummy_teach.pages [notebooks]`` (``make pages``) writes them;
a test checks the stored ones are what this module makes. Writes JSON itself: no Jupyter import.
"""

from __future__ import annotations

import html
import json
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from rummy_teach import course, languages, messages
from rummy_teach.messages.en_app import LANGUAGE_NAMES

__all__ = [
    "BINDER_URL",
    "HUB_PATH",
    "PAGES",
    "PROGRESS_TEXTS",
    "binder_url",
    "index_notebook",
    "main",
    "notebook_of_request",
    "page_title",
    "rulebook_notebook",
    "source",
    "stale",
    "teachers_notebook",
    "write",
]

BINDER_URL = (
    "https://mybinder.org/v2/gh/rummy-teach/rummy-teach/main"
    "?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb"
)
"""The README's Binder link: the lesson list on mybinder.org."""
HUB_PATH = "/user/<name>/voila/render/notebooks/index.ipynb"
"""Where a JupyterHub learner lands (deploy/jupyterhub's ``Spawner.default_url``)."""


def binder_url(language: str = languages.ENGLISH) -> str:
    """The Binder link to the lesson list in ``language`` (English: ``BINDER_URL``)."""
    if language == languages.ENGLISH:
        return BINDER_URL
    return BINDER_URL.replace("notebooks%2Findex.ipynb", f"notebooks%2F{language}%2Findex.ipynb")


def _hub_path(language: str) -> str:
    if language == languages.ENGLISH:
        return HUB_PATH
    return HUB_PATH.replace("notebooks/index.ipynb", f"notebooks/{language}/index.ipynb")


PROGRESS_TEXTS = (
    "title",
    "private",
    "start",
    "continue",
    "finished",
    "lesson",
    "done",
    "forget",
    "forgotten",
)
"""The ``course.progress.*`` texts the landing page's script words the learner's progress with."""
_METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
SECTIONS = ("start", "rummy", "rummikub", "house")


def _notebook(stem: str, cells: Sequence[str]) -> dict[str, Any]:
    return {
        "cells": [
            {
                "cell_type": "markdown",
                "id": f"{stem}-{number:02d}",
                "metadata": {},
                "source": _lines(text),
            }
            for number, text in enumerate(cells)
        ],
        "metadata": _METADATA,
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def _t(key: str, **params: object) -> str:
    return messages.text(key, **params)


def _lesson_title(number: int) -> str:
    return _t(f"course.lesson.{number}.title")


def index_notebook() -> dict[str, Any]:
    """The landing page: every lesson by its CURRICULUM number in its section, the rule book, the guide.

    The ``rummy-teach-progress`` box holds the progress texts; the page's script
    (``widgets/voila/templates/rummy/progress.js``) fills it from the learner's browser storage.
    """
    texts = {name: messages.template(f"course.progress.{name}") for name in PROGRESS_TEXTS}
    box = (
        '<div id="rummy-teach-progress" hidden data-texts="'
        f'{html.escape(json.dumps(texts, ensure_ascii=False), quote=True)}"></div>'
    )
    cells = [f"# {_t('course.index.title')}\n\n{_t('course.index.intro')}\n\n{box}"]
    for section in SECTIONS:
        items = []
        for planned in course.PLAN:
            if planned.section != section:
                continue
            title = _lesson_title(planned.number)
            file = course.lesson_file(planned.number)
            if file is None:
                items.append(f"- {_t('course.index.coming', number=planned.number, title=title)}")
            else:
                label = _t("course.index.lesson", number=planned.number, title=title)
                items.append(f"- [{label}]({file})")
        cells.append(f"## {_t(f'course.section.{section}')}\n\n" + "\n".join(items))
    cells.append(
        f"## {_t('course.section.more')}\n\n"
        f"- [{_t('course.index.rulebook')}]({course.RULE_BOOK_PAGE})\n"
        f"- [{_t('course.index.teachers')}]({course.TEACHERS_PAGE})"
    )
    return _notebook("index", cells)


def _rule(rule_id: str) -> str:
    key = course.rule_key(rule_id)
    name = html.escape(_t(f"{key}.name"))
    parts = [f'<h4 id="{rule_id}">{name}</h4>', "", _t(key)]
    if f"{key}.variant" in messages.CATALOG:
        parts += ["", f"*{_t('rulebook.variant_label')}* {_t(f'{key}.variant')}"]
    return "\n".join(parts)


def rulebook_notebook() -> dict[str, Any]:
    """The rule book: every rule id of both games, under a heading anchored by its id (``#K-OPEN-2``)."""
    cells = [
        f"# {_t('rulebook.title')}\n\n{_t('rulebook.intro')}\n\n"
        f"[{_t('rulebook.back')}]({course.INDEX_PAGE})",
        f"## {_t('rulebook.shared')}\n\n{_t('rulebook.shared.meld')}\n\n{_t('rulebook.shared.low')}",
    ]
    for game in ("rummy", "rummikub"):
        cells.append(f"## {_t(f'rulebook.{game}')}\n\n{_t(f'rulebook.{game}.intro')}")
        for heading, rules in course.RULE_GROUPS:
            if heading.startswith(f"rulebook.{game}."):
                cells.append(
                    f'<h3 class="rt-rule-group">{html.escape(_t(heading))}</h3>\n\n'
                    + "\n\n".join(_rule(rule) for rule in rules)
                )
    return _notebook("rules", cells)


def teachers_notebook() -> dict[str, Any]:
    """The teacher's guide: running a class, the lesson plan with aims and minutes, hand numbers, projector."""
    rows = []
    for planned in course.PLAN:
        title = _lesson_title(planned.number)
        file = course.lesson_file(planned.number)
        shown = f"[{title}]({file})" if file else _t("course.teachers.plan_coming", title=title)
        goal = _t(f"{planned.key}.goal")
        rows.append(f"| {planned.number} | {shown} | {goal} | {planned.minutes} |")
    columns = (
        "course.teachers.plan_number",
        "course.teachers.plan_lesson",
        "course.teachers.plan_goal",
        "course.teachers.plan_minutes",
    )
    head = " | ".join(_t(key) for key in columns)
    total = sum(planned.minutes for planned in course.PLAN)
    cells = [
        f"# {_t('course.teachers.title')}\n\n{_t('course.teachers.intro')}\n\n"
        f"[{_t('rulebook.back')}]({course.INDEX_PAGE})",
        f"## {_t('course.teachers.run_title')}\n\n{_t('course.teachers.run_one')}\n\n"
        "```sh\nrummy-teach serve --ip 0.0.0.0\n```\n\n"
        f"{_t('course.teachers.run_ready')}\n\n"
        "```sh\nrummy-teach serve --ip 0.0.0.0 --class-size 30 --lessons 02,04\n```\n\n"
        f"{_t('course.teachers.run_status')}\n\n{_t('course.teachers.run_outage')}\n\n"
        f"{_t('course.teachers.run_binder')}\n\n<{BINDER_URL}>\n\n"
        f"{_t('course.teachers.run_hub')}\n\n`{HUB_PATH}`\n\n"
        f"{_t('course.teachers.run_lab')}\n\n```sh\nmake lab\n```\n\n"
        f"{_t('course.teachers.run_edit')}",
        _languages_cell(),
        f"## {_t('course.teachers.plan_title')}\n\n{_t('course.teachers.plan_intro')}\n\n"
        f"| {head} |\n| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n\n"
        f"{_t('course.teachers.plan_total', minutes=total)}",
        f"## {_t('course.teachers.hands_title')}\n\n{_t('course.teachers.hands')}",
        f"## {_t('course.teachers.projector_title')}\n\n{_t('course.teachers.projector')}",
        f"## {_t('course.teachers.stars_title')}\n\n{_t('course.teachers.stars')}",
    ]
    return _notebook("teachers", cells)


def _languages_cell() -> str:
    """The teacher's guide on languages: ``serve --lang``, then each language's address where it
    applies: ``/?lang=`` on the app, the Binder link, the JupyterHub path."""
    others = [language for language in languages.LANGUAGES if language != languages.ENGLISH]

    def listed(address: Callable[[str], str]) -> str:
        return "\n".join(
            f"- {LANGUAGE_NAMES[language]}: {address(language)}" for language in others
        )

    return (
        f"## {_t('app.teachers.languages_title')}\n\n{_t('app.teachers.languages')}\n\n"
        "```sh\nrummy-teach serve --ip 0.0.0.0 --lang nb\n```\n\n"
        f"{_t('app.teachers.languages_link')}\n\n"
        + listed(lambda language: f"`/?lang={language}`")
        + f"\n\n{_t('app.teachers.languages_binder')}\n\n"
        + listed(lambda language: f"<{binder_url(language)}>")
        + f"\n\n{_t('app.teachers.languages_hub')}\n\n"
        + listed(lambda language: f"`{_hub_path(language)}`")
    )


PAGES: dict[str, Callable[[], dict[str, Any]]] = {
    course.INDEX_PAGE: index_notebook,
    course.RULE_BOOK_PAGE: rulebook_notebook,
    course.TEACHERS_PAGE: teachers_notebook,
}
"""Each generated page's file name in ``notebooks/`` and what makes it."""


def _dump(notebook: dict[str, Any]) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def _made(folder: Path) -> Iterator[tuple[Path, str]]:
    """Each generated page's path under ``folder`` and its text, English first, then each
    language with a catalog in its own folder, worded from its ``.po`` (compiled here, so the
    pages never depend on a ``make catalogs`` having run)."""
    with tempfile.TemporaryDirectory(prefix="rummy-teach-pages-") as scratch:
        for language in [languages.ENGLISH, *languages.catalog_languages()]:
            localedir = None
            if language != languages.ENGLISH:
                localedir = languages.compile_catalog(language, Path(scratch))
            place = folder / languages.folder(language)
            with languages.speaking(language, localedir=localedir):
                for name, make in PAGES.items():
                    yield place / name, _dump(make())


def write(folder: str | Path) -> list[Path]:
    """Write every generated page, in every language with a catalog, into ``folder``; the paths written."""
    written = []
    for path, text in _made(Path(folder)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale(folder: str | Path) -> list[str]:
    """The generated pages under ``folder`` (every language) that differ from what this module makes
    now, as paths inside it (``nb/index.ipynb``); empty: up to date."""
    found = []
    for path, text in _made(Path(folder)):
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            found.append(path.relative_to(folder).as_posix())
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rummy_teach.pages [notebooks]``: write the generated pages (every language); 0 when done."""
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "notebooks"
    for path in write(folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())


def source(cell: dict[str, Any]) -> str:
    """A notebook cell's text (stored as one string or a list of lines)."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def page_title(cells: list[Any]) -> str:
    """The first level-one heading of a notebook's markdown cells, or ''."""
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            for line in source(cell).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return ""


RENDER_PATH = "voila/render/"
"""Where a lesson page's address names its notebook (after the server's base URL)."""


def notebook_of_request(script_name: str) -> str | None:
    """The notebook a lesson page asked for, from its request path (Voilà hands it to the page's
    kernel as ``SCRIPT_NAME``): ``/voila/render/nb/03-x.ipynb`` is ``nb/03-x.ipynb``; else None."""
    _, found, rest = script_name.partition("/" + RENDER_PATH)
    notebook = unquote(rest).strip("/") if found else ""
    return notebook if notebook.endswith(".ipynb") else None
