"""The teacher's status page (/rummy/status): every language's lessons by title, kernels explained,
and how the server's log names a lesson."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tornado.escape import xhtml_escape

from rummy_teach import app, languages, messages, teacher
from rummy_teach.lessons import LESSONS
from tests.own_loop import on_own_loop

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LESSON_PATHS = [path.relative_to(NOTEBOOKS).as_posix() for path in app.lessons_with_code(NOTEBOOKS)]


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    messages.set_language("en")


def title_in(language: str, number: int) -> str:
    """Lesson ``number``'s title in ``language``, as the catalog words it."""
    with languages.speaking(language):
        return LESSONS[number - 1].title


def report(
    lessons: dict[str, dict[str, int]], plan: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"lessons": lessons, "class": plan, "pool_size": 3}


def usual(lesson: str) -> int:
    """The pools of a server started in English with 3 kernels, translations cold."""
    return 3 if languages.language_of(lesson) == "en" else 0


def test_the_log_names_a_lesson_by_its_number_and_language() -> None:
    assert teacher.lesson_label("nb/03-rummy-a-turn.ipynb") == "lesson 03 in Norsk (nb)"
    assert teacher.lesson_label("da/12-house-rules.ipynb") == "lesson 12 in Dansk (da)"
    assert teacher.lesson_label("02-rummy-groups-and-runs.ipynb") == "lesson 02 in English (en)"
    assert teacher.lesson_label("nl/teachers.ipynb") == "lesson teachers.ipynb in Nederlands (nl)"
    assert teacher.lesson_label("?") == "an unknown lesson"


def test_a_pages_own_kernel_is_known_by_the_lesson_its_address_names() -> None:
    """Voilà notes the lesson of preheated kernels only; a page's own kernel gets it from the
    request path Voilà hands the kernel (SCRIPT_NAME), under any base URL, unquoted."""
    from rummy_teach.pages import notebook_of_request

    assert notebook_of_request("/voila/render/nb/03-rummy-a-turn.ipynb") == (
        "nb/03-rummy-a-turn.ipynb"
    )
    assert notebook_of_request("/class/voila/render/da/04%20x.ipynb") == "da/04 x.ipynb"
    assert notebook_of_request("/voila/render/03-rummy-a-turn.ipynb") == "03-rummy-a-turn.ipynb"
    assert notebook_of_request("/voila/render/") is None
    assert notebook_of_request("/rummy/status") is None
    assert notebook_of_request("") is None


def test_the_manager_remembers_the_lesson_of_a_kernel_started_for_a_page(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A translated lesson's page starts its own kernel: its opening is logged with its name."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from rummy_teach.classroom import ClassroomKernelManager

    class Kernel:
        def add_restart_callback(self, *_: object) -> None:
            return None

    async def started(self: object, *args: object, **kwargs: object) -> str:
        return "kernel-1"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", started)
    manager = ClassroomKernelManager()
    monkeypatch.setattr(manager, "get_kernel", lambda kernel_id: Kernel())
    env = {"SCRIPT_NAME": "/voila/render/nb/03-rummy-a-turn.ipynb", "PATH": "/bin"}
    start = manager.start_kernel(kernel_name="python3", path="nb", env=env)
    kernel_id = on_own_loop(start)
    assert manager.lesson_of(kernel_id) == "nb/03-rummy-a-turn.ipynb"
    manager._kernels[kernel_id] = Kernel()  # type: ignore[assignment]
    with caplog.at_level("INFO", logger=manager.log.name):
        manager.notify_connect(kernel_id)
    opened = [r.getMessage() for r in caplog.records if "opened on kernel" in r.getMessage()]
    assert opened == [
        "rummy-teach: lesson nb/03-rummy-a-turn.ipynb opened on kernel kernel-1 "
        "(lesson 03 in Norsk (nb); 1 kernels, 0 waiting in the pool)"
    ]


def test_the_pool_table_lists_every_language_by_title_and_says_what_each_keeps() -> None:
    counts = {
        "02-rummy-groups-and-runs.ipynb": {"pool": 3},
        "nb/02-rummy-groups-and-runs.ipynb": {"open": 1},
    }
    html = teacher.pool_html(report(counts), LESSON_PATHS, usual, "en", 300)
    tables = re.findall(r'<details class="rt-pool" data-language="(\w+)"( open)?>', html)
    assert tables == [("en", " open"), ("nb", " open"), ("da", ""), ("nl", "")]  # idle folded
    for language in languages.LANGUAGES:
        for number in (1, 2, 12):
            title = xhtml_escape(f"{number:02d} {title_in(language, number)}")
            assert f'<th scope="row" lang="{language}">{title}</th>' in html
    assert ".ipynb" not in html  # no lesson by its file name
    english = messages.text("widgets.teacher.language_pool", language="English", pool=3)
    danish = messages.text("widgets.teacher.language_cold", language="Dansk", code="da")
    assert f"<summary>{xhtml_escape(english)}</summary>" in html
    assert f"<summary>{xhtml_escape(danish)}</summary>" in html and "--lang da" in danish
    row = re.search(r'lang="nb">02 [^<]*</th>((?:<td>\d+</td>)+)</tr>', html)
    assert row is not None and row.group(1) == "<td>0</td><td>1</td><td>0</td><td>0</td>"


def test_the_pool_table_says_what_its_columns_mean() -> None:
    """No bare "handed: 1" or "left: 1": named columns and a sentence that explains each."""
    html = teacher.pool_html(
        report({"01-start-here.ipynb": {"handed": 1, "left": 1}}), LESSON_PATHS, usual, "en", 300
    )
    heads = re.findall(r'<th scope="col">([^<]*)</th>', html)
    assert heads[:5] == ["Lesson", "Ready", "Open", "Loading", "Disconnected"]
    explained = messages.text("widgets.teacher.states", minutes=5)
    assert f"<p>{xhtml_escape(explained)}</p>" in html
    for column in heads[1:5]:
        assert f"{column}: " in explained
    assert "waits 5 minutes" in explained
    assert "handed:" not in html and "left:" not in html
    assert "waits 1 minute " in messages.text("widgets.teacher.states", minutes=1)


def test_each_pool_table_scrolls_sideways_in_a_box_named_by_its_summary() -> None:
    """On a phone the six columns are wider than the screen: the table, not the page, scrolls."""
    html = teacher.pool_html(report({}), LESSON_PATHS, usual, "en", 300)
    boxes = re.findall(
        r'<summary>([^<]*)</summary><div class="rt-scroll" role="region" tabindex="0" '
        r'aria-label="([^"]*)"><table>.*?</table></div></details>',
        html,
    )
    assert len(boxes) == len(languages.LANGUAGES)
    assert all(summary == label for summary, label in boxes)


def test_a_pages_tables_scroll_in_boxes_named_by_the_heading_before_each() -> None:
    """The teacher's guide as the app shows it without a kernel: its lesson plan (a table of four
    columns, wider than a phone in Norwegian) scrolls in a box named by its heading; a table with
    no heading before it is named by the page's title; the rest of the page is left as it was."""
    cells = (NOTEBOOKS / "nb" / "teachers.ipynb").read_text(encoding="utf-8")
    body = teacher.markdown_html(json.loads(cells)["cells"])
    shown = teacher.scrolling_tables(body, "Lærerveiledning")
    with languages.speaking("nb"):
        heading = messages.text("course.teachers.plan_title")
    assert body.count("<table>") == 1
    assert f'aria-label="{xhtml_escape(heading)}"><table>' in shown
    opening = teacher.scroll_box(heading, "").removesuffix("</div>")
    assert shown.replace(opening, "").replace("</table></div>", "</table>") == body
    bare = '<p>a</p><table><tr><td>1</td></tr></table><h2>R &amp; B<a class="anchor-link" '
    bare += 'href="#x">¶</a></h2><table><tr><td>2</td></tr></table><p>b</p>'
    assert teacher.scrolling_tables(bare, "Rules & more") == (
        "<p>a</p>"
        + teacher.scroll_box("Rules & more", "<table><tr><td>1</td></tr></table>")
        + '<h2>R &amp; B<a class="anchor-link" href="#x">¶</a></h2>'
        + teacher.scroll_box("R & B", "<table><tr><td>2</td></tr></table>")
        + "<p>b</p>"
    )
    assert 'aria-label="Rules &amp; more"' in teacher.scroll_box("Rules & more", "")


def test_the_server_language_comes_first_and_unknown_kernels_are_shown() -> None:
    counts = {"?": {"handed": 1}}
    html = teacher.pool_html(report(counts), LESSON_PATHS, usual, "da", 300)
    order = re.findall(r'data-language="(\w+)"', html)
    assert order == ["da", "en", "nb", "nl"]
    assert '<th scope="row" lang="en">?</th><td>0</td><td>0</td><td>1</td>' in html


def test_the_class_form_groups_the_lessons_by_language_with_their_titles() -> None:
    form = teacher.form_html(report({}), LESSON_PATHS, "<xsrf>", "/rummy/class", "nb")
    legends = re.findall(r"<legend>([^<]*)</legend>", form)
    assert legends == [
        messages.text("widgets.teacher.lessons_label"),
        "Norsk",
        "English",
        "Dansk",
        "Nederlands",
    ]
    labels = re.findall(r'value="([^"]+)"> ([^<]*)</label>', form)
    assert [value for value, _ in labels][:12] == [p for p in LESSON_PATHS if p.startswith("nb/")]
    assert len(labels) == 48 and not any(".ipynb" in label for _, label in labels)
    shown = dict(labels)
    assert shown["da/01-start-here.ipynb"] == xhtml_escape(f"01 {title_in('da', 1)}")
    assert shown["nl/08-rummikub-initial-meld.ipynb"] == xhtml_escape(f"08 {title_in('nl', 8)}")
    assert shown["02-rummy-groups-and-runs.ipynb"] == xhtml_escape(f"02 {LESSONS[1].title}")
    assert '<fieldset lang="da"><legend>Dansk</legend>' in form


def test_a_class_of_translated_lessons_is_named_with_their_language() -> None:
    plan = {
        "lessons": ["nb/02-rummy-groups-and-runs.ipynb", "04-rummy-laying-off.ipynb"],
        "ready": True,
        "size": 3,
        "asked": 3,
    }
    html, refresh = teacher.class_html(report({}, plan))
    said = messages.text("widgets.teacher.ready", size=3, lessons="02 (Norsk), 04")
    assert xhtml_escape(said) in html and not refresh


def test_the_server_log_leaves_out_the_untrusted_notebook_warning() -> None:
    """Jupyter Server warns three times a page that a lesson is "not trusted" (which only JupyterLab
    heeds); the app's log filter drops exactly that warning and keeps every other line."""
    import logging

    from rummy_teach.classroom import UNTRUSTED, without_trust_warnings

    def record(msg: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("ClassroomVoila", logging.WARNING, __file__, 1, msg, args, None)

    assert not without_trust_warnings(record(UNTRUSTED, "02-rummy-groups-and-runs.ipynb"))
    assert without_trust_warnings(record("rummy-teach: lesson %s opened on kernel %s", "02", "k"))
    assert without_trust_warnings(record("Notebook %s is not found", "02"))


def test_the_server_log_leaves_out_tornados_websocket_ping_warning() -> None:
    """Tornado warns at the first kernel websocket that the ping timeout (Jupyter Server's 90,000 ms,
    read as seconds) is longer than the interval; the filter drops that warning and nothing else."""
    import logging

    from rummy_teach.classroom import without_ping_warning

    def record(msg: str) -> logging.LogRecord:
        return logging.LogRecord("tornado.general", logging.WARNING, __file__, 1, msg, (), None)

    warning = (
        "The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval "
        "(30000).\nSetting websocket_ping_timeout=30000"
    )
    assert not without_ping_warning(record(warning))
    assert without_ping_warning(record("WebSocket ping timeout after 90000 ms."))
    assert without_ping_warning(record("Malformed HTTP message from 127.0.0.1"))


def test_a_page_without_code_reads_its_two_scripts_from_disk_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = Path(__file__).parents[1] / "notebooks"
    read: list[str] = []
    read_text = Path.read_text

    def counted(path: Path, *args: Any, **kwargs: Any) -> str:
        read.append(path.name)
        return read_text(path, *args, **kwargs)

    teacher.page_scripts.cache_clear()
    monkeypatch.setattr(Path, "read_text", counted)
    pages = [teacher.code_free_page(root, name, "/") for name in ("index.ipynb", "rules.ipynb")]
    assert read.count("language.js") == 1 and read.count("progress.js") == 1
    for page in pages:  # each page still holds both scripts whole
        for name in teacher.SCRIPTS:
            assert read_text(teacher.asset(name), encoding="utf-8") in page
