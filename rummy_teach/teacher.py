"""The teacher's page, ``/rummy/status``: what the lesson server is doing, and a class to get ready for.

Anyone may read it (counts only, no learner's data); only the machine that runs the app may change
the class (``POST /rummy/class``, with the page's XSRF field), so a learner cannot. Also the pages
without code (the lesson list, the rule book, this guide), which the app shows without a kernel in
the same frame (``STATIC_PAGE``). Loaded by the server process only (``rummy_teach.classroom``).
"""

from __future__ import annotations

import html
import json
import math
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import psutil  # type: ignore[import-untyped]
import tornado.web
from tornado.escape import xhtml_escape

from rummy_teach import app, languages, messages, warmup
from rummy_teach.addresses import where_to_open
from rummy_teach.app import lessons_with_code
from rummy_teach.lessons import LESSONS
from rummy_teach.messages.en_app import LANGUAGE_NAMES
from rummy_teach.pages import page_title, source
from rummy_teach.static import ICON, asset

if TYPE_CHECKING:
    from rummy_teach.classroom import ClassroomKernelManager

__all__ = [
    "STATIC_PAGE",
    "ClassHandler",
    "StatusHandler",
    "by_language",
    "form_html",
    "lesson_label",
    "lesson_titles",
    "markdown_html",
    "pool_html",
    "scroll_box",
    "scrolling_tables",
    "status",
]

STATIC_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">{head}
<title>{title}</title>
<!-- icon -->
<style>body{{font-family:system-ui,sans-serif;line-height:1.5;max-width:46rem;margin:2rem auto;
padding:0 1rem;color:#1b1b1b}}a{{color:#0b57d0}}a.anchor-link{{display:none}}
fieldset{{border:1px solid #767676;padding:.5rem 1rem}}label{{display:block}}
button,input{{font:inherit}}a,code{{overflow-wrap:anywhere}}
pre{{white-space:pre-wrap;overflow-wrap:anywhere}}:focus-visible{{outline:3px solid #0b57d0;outline-offset:2px}}
.rt-pool table{{border-collapse:collapse;margin:.25rem 0 1rem}}.rt-scroll{{overflow-x:auto}}.rt-pool summary{{cursor:pointer}}
.rt-pool th,.rt-pool td{{padding:.1rem .6rem;text-align:right}}
.rt-pool th:first-child{{text-align:left}}.rt-pool tbody th{{font-weight:normal}}
@media (pointer:coarse){{main li>a:first-child{{display:inline-block;padding:10px 0}}}}</style>
</head><body><main id="rendered_cells">{body}</main></body></html>
""".replace("<!-- icon -->", ICON)
"""A page without a kernel: ``head`` (extra head markup), ``title`` and ``body`` (escaped HTML).
On a touch screen a list item's first link is a 44 px high target (WCAG 2.5.5; 19 px otherwise)."""
LOOPBACK = {"127.0.0.1", "::1", "::ffff:127.0.0.1"}
MAX_FIELD = 400
"""Longest form field accepted from the page (a lesson path, a class size)."""
MAX_LESSON_FIELDS = 40


HEADING_OR_TABLE = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>|<table>", re.S)
ANCHOR_LINK = re.compile(r'<a class="anchor-link"[^>]*>.*?</a>', re.S)
TAG = re.compile(r"<[^>]+>")


def markdown_html(cells: list[Any]) -> str:
    """The HTML of a notebook's cells as nbconvert renders markdown (a page shown without a kernel)."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    return "\n".join(markdown2html_mistune(source(cell)) for cell in cells)


def scroll_box(name: str, table: str) -> str:
    """``table`` in a box named ``name`` that scrolls sideways and that the keyboard reaches."""
    label = xhtml_escape(name)
    return f'<div class="rt-scroll" role="region" tabindex="0" aria-label="{label}">{table}</div>'


def scrolling_tables(body: str, title: str) -> str:
    """``body`` (HTML) with each table in a ``scroll_box`` named by the heading before it (or
    ``title``), so that on a phone the page itself never scrolls sideways (WCAG 1.4.10)."""
    name = title
    out: list[str] = []
    start = 0
    for match in HEADING_OR_TABLE.finditer(body):
        if match.group(1):
            name = html.unescape(TAG.sub("", ANCHOR_LINK.sub("", match.group(2)))).strip()
            continue
        end = body.find("</table>", match.end())
        if end < 0:
            break
        end += len("</table>")
        out += [body[start : match.start()], scroll_box(name, body[match.start() : end])]
        start = end
    return "".join([*out, body[start:]])


def memory_mib(pids: list[int]) -> float:
    """Resident memory of these processes, in MiB (gone processes count 0)."""
    total = 0
    for pid in pids:
        try:
            total += psutil.Process(pid).memory_info().rss
        except (psutil.Error, OSError):
            continue
    return round(total / 2**20, 1)


def _state(manager: ClassroomKernelManager, kernel_id: str, pooled: set[str]) -> str:
    if kernel_id in pooled:
        return "pool"
    if manager.connections(kernel_id) > 0:
        return "open"
    return "left" if kernel_id in manager._ever_connected else "handed"


def status(manager: ClassroomKernelManager) -> dict[str, Any]:
    """What the server is doing: kernels in use, in the pool, waiting for their page, memory, class."""
    pooled = manager.pooled_kernels()
    lessons: dict[str, dict[str, int]] = {}
    pids: list[int] = []
    for kernel_id in list(manager._kernels):
        kernel = manager._kernels[kernel_id]
        provisioner = getattr(kernel, "provisioner", None)
        pid = getattr(getattr(provisioner, "process", None), "pid", None)
        if pid:
            pids.append(int(pid))
        counts = lessons.setdefault(manager.lesson_of(kernel_id), {})
        state = _state(manager, kernel_id, pooled)
        counts[state] = counts.get(state, 0) + 1
    memory = psutil.virtual_memory()
    return {
        "kernels": len(manager._kernels),
        "kernel_ids": sorted(manager._kernels),
        "open_pages": sum(1 for k in list(manager._kernels) if manager.connections(k) > 0),
        "pool": len(pooled),
        "warm": sum(manager.waiting_by_lesson().values()),
        "warming": manager.warming(),
        "lessons": lessons,
        "kernel_memory_mib": memory_mib(pids),
        "server_memory_mib": memory_mib([os.getpid()]),
        "machine_available_mib": round(memory.available / 2**20),
        "pool_size": manager.pool_size,
        "class": manager.class_report(),
    }


def short(lesson: str) -> str:
    """A lesson's short name, its number ("02"), from its file name or path."""
    return PurePosixPath(lesson).name.split("-", 1)[0]


def lesson_label(lesson: str) -> str:
    """How the server's log names a lesson (a notebook path): its number and language,
    ``lesson 03 in Norsk (nb)`` for ``nb/03-rummy-a-turn.ipynb``; ``an unknown lesson`` for ``?``."""
    if lesson in ("", "?"):
        return "an unknown lesson"
    language = languages.language_of(lesson)
    number = short(lesson)
    name = number if number.isdigit() else PurePosixPath(lesson).name
    return f"lesson {name} in {LANGUAGE_NAMES[language]} ({language})"


def short_label(lesson: str) -> str:
    """A lesson's number as the class sentence names it: ``02``, or ``02 (Norsk)`` for a translation."""
    language = languages.language_of(lesson)
    if language == languages.ENGLISH:
        return short(lesson)
    name = LANGUAGE_NAMES[language]
    return messages.text("widgets.teacher.lesson_elsewhere", number=short(lesson), language=name)


def by_language(lessons: list[str], first: str) -> list[tuple[str, list[str]]]:
    """The lessons (notebook paths) grouped by language, ``first`` (the server's) first, then in
    ``languages.LANGUAGES`` order; each group in its lessons' order."""
    order = [first, *(language for language in languages.LANGUAGES if language != first)]
    groups: dict[str, list[str]] = {language: [] for language in order}
    for lesson in lessons:
        groups.setdefault(languages.language_of(lesson), []).append(lesson)
    return [(language, found) for language, found in groups.items() if found]


def lesson_titles(lessons: list[str]) -> dict[str, str]:
    """Each lesson's number and title in its own language ("02 Rummy: groups and runs"); a
    notebook not in ``LESSONS`` by its file name."""
    titles: dict[str, str] = {}
    for language, group in by_language(lessons, languages.ENGLISH):
        with languages.speaking(language):
            for lesson in group:
                name = PurePosixPath(lesson).name
                known = next((entry for entry in LESSONS if entry.file == name), None)
                titles[lesson] = f"{short(name)} {known.title}" if known else name
    return titles


def class_html(report: dict[str, Any]) -> tuple[str, bool]:
    """The class paragraph(s), and whether the page should refresh itself (not ready yet)."""
    plan = report["class"]
    if plan is None:
        text = messages.text("widgets.teacher.no_plan")
        return f'<p id="rummy-class" data-state="none">{xhtml_escape(text)}</p>', False
    names = ", ".join(short_label(lesson) for lesson in plan["lessons"])
    if plan["ready"]:
        text = messages.text("widgets.teacher.ready", size=plan["size"], lessons=names)
    else:
        text = messages.text(
            "widgets.teacher.warming",
            size=plan["size"],
            waiting=sum(plan["waiting"].values()),
            wanted=sum(plan["wanted"].values()),
            lessons=names,
        )
    state = "ready" if plan["ready"] else "warming"
    html = (
        f'<p id="rummy-class" data-state="{state}" role="status">'
        f"<strong>{xhtml_escape(text)}</strong></p>"
    )
    if plan["size"] < plan["asked"]:
        cut = messages.text("widgets.teacher.cut", size=plan["size"], asked=plan["asked"])
        html += f"<p>{xhtml_escape(cut)}</p>"
    return html, not plan["ready"]


STATES = ("pool", "open", "handed", "left")
"""A kernel's states (``_state``), in the order the pool table's columns show them."""
COLUMNS = (
    "widgets.teacher.col_lesson",
    "widgets.teacher.col_pool",
    "widgets.teacher.col_open",
    "widgets.teacher.col_handed",
    "widgets.teacher.col_left",
)
"""The pool table's column heads: the lesson, then each of ``STATES``."""


def pool_html(
    report: dict[str, Any],
    lessons: list[str],
    usual: Callable[[str], int],
    first: str,
    idle_seconds: float,
) -> str:
    """The kernels of every lesson, a table per language (``first``, the server's, first) saying
    how many it keeps ready (``usual``: a lesson's pool) and what its kernels do; a language whose
    lessons have no kernel is folded. A table scrolls sideways in a box of its own, which the
    keyboard reaches, so that on a phone the page itself never does (WCAG 1.4.10)."""
    counts: dict[str, dict[str, int]] = report["lessons"]
    known = [*lessons, *sorted(lesson for lesson in counts if lesson not in lessons)]
    titles = lesson_titles(known)
    heads = "".join(f'<th scope="col">{xhtml_escape(messages.text(key))}</th>' for key in COLUMNS)
    minutes = max(1, math.ceil(idle_seconds / 60))
    states = messages.text("widgets.teacher.states", minutes=minutes)
    parts = [
        f"<h2>{xhtml_escape(messages.text('widgets.teacher.kernels_title'))}</h2>",
        f"<p>{xhtml_escape(states)}</p>",
    ]
    for language, group in by_language(known, first):
        name = LANGUAGE_NAMES.get(language, language)
        pools = {usual(lesson) for lesson in group}
        pool = max(pools)
        if pool > 0:
            said = messages.text("widgets.teacher.language_pool", language=name, pool=pool)
        else:
            said = messages.text("widgets.teacher.language_cold", language=name, code=language)
        rows = "".join(
            f'<tr><th scope="row" lang="{language}">{xhtml_escape(titles[lesson])}</th>'
            + "".join(f"<td>{counts.get(lesson, {}).get(state, 0)}</td>" for state in STATES)
            + "</tr>"
            for lesson in group
        )
        busy = language == first or any(sum(counts.get(lesson, {}).values()) for lesson in group)
        parts.append(
            f'<details class="rt-pool" data-language="{language}"{" open" if busy else ""}>'
            f"<summary>{xhtml_escape(said)}</summary>"
            + scroll_box(
                said, f"<table><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>"
            )
            + "</details>"
        )
    return "".join(parts)


def form_html(
    report: dict[str, Any], lessons: list[str], xsrf: str, action: str, first: str
) -> str:
    """The form that gets the server ready for a class (class size, lessons by language, each by
    its number and title in its own language, ``first``'s lessons first)."""
    plan = report["class"] or {}
    chosen = set(plan.get("lessons", []))
    size = plan.get("asked", 30)
    titles = lesson_titles(lessons)
    groups = "".join(
        f'<fieldset lang="{language}"><legend>{xhtml_escape(LANGUAGE_NAMES[language])}</legend>'
        + "".join(
            f'<label><input type="checkbox" name="lessons" value="{xhtml_escape(lesson)}"'
            f"{' checked' if lesson in chosen else ''}> {xhtml_escape(titles[lesson])}</label>"
            for lesson in group
        )
        + "</fieldset>"
        for language, group in by_language(lessons, first)
    )
    text = {key: xhtml_escape(messages.text(f"widgets.teacher.{key}")) for key in (
        "form_title", "size_label", "lessons_label", "submit", "clear")}  # fmt: skip
    return (
        f'<form method="post" action="{xhtml_escape(action)}"><h2>{text["form_title"]}</h2>{xsrf}'
        f'<label>{text["size_label"]} <input name="class_size" type="number" min="1" '
        f'max="{warmup.MAX_CLASS_SIZE}" value="{int(size)}" required></label>'
        f"<fieldset><legend>{text['lessons_label']}</legend>{groups}</fieldset>"
        f'<p><button name="action" value="set">{text["submit"]}</button> '
        f'<button name="action" value="clear">{text["clear"]}</button></p></form>'
    )


class TeacherPage(tornado.web.RequestHandler):
    """What the status page and the class form share."""

    @property
    def manager(self) -> ClassroomKernelManager:
        """The server's kernel manager."""
        manager: ClassroomKernelManager = self.settings["kernel_manager"]
        return manager

    def lessons(self) -> list[str]:
        """The lessons that need a kernel, as paths relative to the lessons folder."""
        root = Path(self.settings.get("voila_root", os.getcwd()))
        return [str(path.relative_to(root)) for path in lessons_with_code(root)]

    def from_here(self) -> bool:
        """True when the request comes from the machine that runs the app."""
        return self.request.remote_ip in LOOPBACK

    def only_here(self) -> str:
        """The sentence saying the class can be changed only on the machine that runs the app."""
        port = self.request.host.rsplit(":", 1)[-1]
        return messages.text("widgets.teacher.only_here", port=port)

    def page(self, problem: str | None = None) -> None:
        """The status page, with ``problem`` (already in words) said first."""
        report = status(self.manager)
        summary = messages.text(
            "widgets.teacher.summary",
            open_pages=report["open_pages"],
            kernels=report["kernels"],
            pool=report["pool"],
            kernel_mib=report["kernel_memory_mib"],
            server_mib=report["server_memory_mib"],
            free_mib=report["machine_available_mib"],
        )
        first = self.settings.get("rummy_language", languages.ENGLISH)
        idle = float(getattr(self.manager, "cull_idle_timeout", 0) or 0)
        table = pool_html(report, self.lessons(), self.manager.usual_pool, first, idle)
        plan, refresh = class_html(report)
        said = f'<p role="alert">{xhtml_escape(problem)}</p>' if problem else ""
        if self.from_here():
            action = self.request.path.rsplit("/", 1)[0] + "/class"
            form = form_html(report, self.lessons(), self.xsrf_form_html(), action, first)
        else:
            form = f"<p>{xhtml_escape(self.only_here())}</p>"
        title = xhtml_escape(messages.text("widgets.teacher.title"))
        guide = xhtml_escape(messages.text("course.teachers.guide_link"))
        host, port = self.settings["rummy_listen"]  # ClassroomVoila's address
        where = f'<p id="rummy-address">{xhtml_escape(where_to_open(host, port))}</p>'
        body = (
            f"<h1>{title}</h1>{said}{where}{plan}<p>{xhtml_escape(summary)}</p>{table}{form}"
            f'<p><a id="rummy-guide" href="../voila/render/teachers.ipynb">{guide}</a></p>'
        )
        head = '\n<meta http-equiv="refresh" content="3">' if refresh and not problem else ""
        self.finish(STATIC_PAGE.format(head=head, title=title, body=body))


class StatusHandler(TeacherPage):
    """``GET /rummy/status``: the teacher's view of the server (JSON with ``?format=json``)."""

    def get(self) -> None:
        """The status as a small HTML page with the class form, or JSON."""
        if self.get_argument("format", "") == "json":
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(status(self.manager)))
            return
        self.page()


class ClassHandler(TeacherPage):
    """``POST /rummy/class``: get ready for a class (size, lessons) or for none; from this machine only."""

    def post(self) -> None:
        """Set or clear the class, then show the status page (303), or say what was wrong."""
        if not self.from_here():
            self.set_status(403)
            self.page(self.only_here())
            return
        self.check_xsrf_cookie()
        if self.get_body_argument("action", "set")[:MAX_FIELD] == "clear":
            self.manager.clear_class()
            self.redirect(self.request.path.rsplit("/", 1)[0] + "/status", status=303)
            return
        try:
            size_text = self.get_body_argument("class_size", "")[:MAX_FIELD].strip()
            if not size_text.isdigit() or len(size_text) > 4:
                raise warmup.PlanError(
                    f"a class size must be a whole number from 1 to {warmup.MAX_CLASS_SIZE}"
                )
            named = [name[:MAX_FIELD] for name in self.get_body_arguments("lessons")]
            if not named or len(named) > MAX_LESSON_FIELDS:
                raise warmup.PlanError("tick the lessons the class will open")
            lessons = warmup.pick_lessons(named, self.lessons())
            self.manager.set_class(int(size_text), list(lessons))
        except warmup.PlanError as problem:
            self.set_status(400)
            self.page(messages.text("widgets.teacher.bad_plan", problem=str(problem)))
            return
        self.redirect(self.request.path.rsplit("/", 1)[0] + "/status", status=303)


PROGRESS_SCRIPT = "voila/templates/rummy/progress.js"
"""The landing page's progress box (the template includes it too), under the browser files."""
LANGUAGE_SCRIPT = "voila/templates/rummy/language.js"
"""Every page's language switch (the template includes it too), under the browser files."""
SCRIPTS = (LANGUAGE_SCRIPT, PROGRESS_SCRIPT)


@cache
def page_scripts() -> str:
    """The ``SCRIPTS`` as a page's head holds them, read from disk once (they change with the app)."""
    return "".join(
        f"\n<script>{asset(name).read_text(encoding='utf-8')}</script>" for name in SCRIPTS
    )


def code_free_page(root: Path, path: str, base_url: str) -> str:
    """The app's page of the notebook ``path`` under ``root``, which has no code: its Markdown in
    the page's language, titled, with the language switch and the progress box, no kernel."""
    cells = json.loads((root / path).read_text(encoding="utf-8"))["cells"]
    body = markdown_html(cells)
    config = app.page_languages(root, path, base_url)
    with languages.speaking(config["language"]):
        title = page_title(cells) or messages.text("widgets.app.title")
    data = json.dumps({"rummyTeach": config}).replace("</", "<\\/")
    head = f'\n<script id="jupyter-config-data" type="application/json">{data}</script>'
    head += page_scripts()
    body = scrolling_tables(body, title)
    page = STATIC_PAGE.format(head=head, title=xhtml_escape(title), body=body)
    return page.replace('<html lang="en">', f'<html lang="{config["language"]}">', 1)
