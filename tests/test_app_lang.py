"""The app in several languages: ``serve --lang``, the front door, each page's language switch."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummy_teach import app, languages, messages

REPO = Path(__file__).resolve().parents[1]
LESSON = {"cells": [{"cell_type": "code", "source": "1", "metadata": {}, "outputs": []}]}
PAGE = {"cells": [{"cell_type": "markdown", "source": "# Hi", "metadata": {}}]}


@pytest.fixture
def notebooks(tmp_path: Path) -> Path:
    """English and Norwegian with a lesson 03; Danish with its lesson list only."""
    folder = tmp_path / "notebooks"
    for name, book in [
        ("index.ipynb", PAGE),
        ("03-a-turn.ipynb", LESSON),
        ("nb/index.ipynb", PAGE),
        ("nb/03-a-turn.ipynb", LESSON),
        ("da/index.ipynb", PAGE),
    ]:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(book), encoding="utf-8")
    return folder


def test_a_page_switches_to_the_same_lesson_in_each_language(notebooks: Path) -> None:
    config = app.page_languages(notebooks, "nb/03-a-turn.ipynb", "/base/")
    assert config["language"] == "nb" and config["store"] == app.LANGUAGE_STORE
    assert config["languages"] == [
        {"code": "en", "name": "English", "url": "/base/voila/render/03-a-turn.ipynb"},
        {"code": "nb", "name": "Norsk", "url": "/base/voila/render/nb/03-a-turn.ipynb"},
        {"code": "da", "name": "Dansk", "url": "/base/voila/render/da/index.ipynb"},
    ]
    with languages.speaking("nb"):
        assert config["texts"]["label"] == messages.text("app.language.label")
        assert config["texts"]["kernel_gone"] == messages.text("widgets.app.kernel_gone")
    assert app.page_languages(notebooks, "03-a-turn.ipynb")["language"] == "en"
    assert messages.get_language() == "en"


def test_the_front_door_opens_the_remembered_or_the_default_language(notebooks: Path) -> None:
    page = app.front_door(notebooks, "nb")
    assert '<html lang="nb">' in page
    urls = json.loads(re.search(r"var urls = (\{.*?\});", page).group(1))  # type: ignore[union-attr]
    assert urls == {
        "en": "/voila/render/index.ipynb",
        "nb": "/voila/render/nb/index.ipynb",
        "da": "/voila/render/da/index.ipynb",
    }
    assert 'url=/voila/render/nb/index.ipynb"' in page  # without a script: the default
    assert json.dumps(app.LANGUAGE_STORE) in page and "localStorage" in page
    assert 'urls["nb"]' in page
    # a default without lessons falls back to a language that has them
    assert '<html lang="en">' in app.front_door(notebooks, "nl")


def test_only_the_default_languages_lessons_are_preheated(notebooks: Path) -> None:
    argv = app.voila_argv(notebooks, language="nb")
    assert "--ClassroomVoila.language=nb" in argv
    option = next(a for a in argv if a.startswith("--VoilaKernelManager.preheat_denylist="))
    denied = json.loads(option.split("=", 1)[1])

    def denied_to(path: Path) -> bool:  # Voilà's preheat filter, on the path as it lists it
        return any(p in str(path) or re.match(p, str(path)) for p in denied)

    assert denied_to(notebooks / "index.ipynb") and denied_to(notebooks / "nb" / "index.ipynb")
    assert denied_to(notebooks / "03-a-turn.ipynb")
    assert not denied_to(notebooks / "nb" / "03-a-turn.ipynb")
    assert app.lessons_with_code(notebooks, "nb") == [notebooks / "nb" / "03-a-turn.ipynb"]


def test_serve_lang_reaches_voila(
    monkeypatch: pytest.MonkeyPatch, notebooks: Path, voila_launches: list[list[str]]
) -> None:
    from rummy_teach import cli

    launched = voila_launches
    assert cli.main(["serve", str(notebooks), "--lang", "nb", "--lessons", "03"]) == 0
    (argv,) = launched
    assert "--ClassroomVoila.language=nb" in argv
    assert "--ClassroomKernelManager.class_lessons=nb/03-a-turn.ipynb" in argv
    messages.set_language("en")  # serve words the server's own messages in its language


def test_serve_refuses_a_language_without_lessons(
    notebooks: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummy_teach import cli

    assert cli.main(["serve", str(notebooks), "--lang", "nl"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(notebooks / "nl") in error
    messages.set_language("en")
    with pytest.raises(SystemExit):
        cli.main(["serve", str(notebooks), "--lang", "xx"])


def test_the_template_includes_the_language_switch() -> None:
    folder = app.template_root() / "voila" / "templates" / app.TEMPLATE
    template = (folder / "index.html.j2").read_text(encoding="utf-8")
    assert '{% include "language.js" %}' in template
    script = (folder / "language.js").read_text(encoding="utf-8")
    assert "rummyTeach" in script and "localStorage" in script
    for english in ("Language", "English", "Norsk", "Projector"):
        assert f'"{english}' not in script and f'"{english}' not in template


def denied_by(argv: list[str]) -> list[str]:
    option = next(a for a in argv if a.startswith("--VoilaKernelManager.preheat_denylist="))
    patterns: list[str] = json.loads(option.split("=", 1)[1])
    return patterns


def own_pools(argv: list[str]) -> dict[str, int]:
    """The per-lesson pools the command line gives, read as traitlets reads them (no warning)."""
    import warnings

    from traitlets.config import Application

    from rummy_teach.classroom import ClassroomKernelManager

    class Reader(Application):  # type: ignore[misc]
        classes = [ClassroomKernelManager]  # noqa: RUF012 (traitlets reads this list)

    options = [a for a in argv if a.startswith("--ClassroomKernelManager.lesson_pools=")]
    reader = Reader()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        reader.parse_command_line(options)
    pools: dict[str, int] = dict(reader.config.ClassroomKernelManager.lesson_pools)
    return pools


def test_each_language_gets_its_own_pool_and_a_language_without_one_is_denied() -> None:
    """The server's language keeps the default pool; another language's lessons keep their own
    (Voilà's per-notebook pools), and a language with none is not preheated at all."""
    notebooks = REPO / "notebooks"
    argv = app.voila_argv(notebooks, language="nb", pools={"nb": 2, "en": 1, "da": 0, "nl": 0})
    assert "--pool_size=2" in argv
    pools = own_pools(argv)
    lessons = [p.relative_to(notebooks).as_posix() for p in app.lessons_with_code(notebooks)]
    assert pools == {
        lesson: {"en": 1, "da": 0, "nl": 0}[languages.language_of(lesson)]
        for lesson in lessons
        if not lesson.startswith("nb/")
    }
    denied = denied_by(argv)

    def preheated(lesson: str) -> bool:  # Voilà's preheat filter, on the path as it lists it
        path = str(notebooks / lesson)
        return not any(p in path or re.match(p, path) for p in denied)

    assert {lesson for lesson in lessons if preheated(lesson)} == {
        lesson for lesson in lessons if languages.language_of(lesson) in ("nb", "en")
    }


def test_serve_preheats_the_servers_language_most_and_english_too(
    monkeypatch: pytest.MonkeyPatch, voila_launches: list[list[str]]
) -> None:
    """`serve --lang nb` with 22 GiB available: Norwegian 2 per lesson, English 1, others none."""
    from rummy_teach import cli

    launched = voila_launches
    monkeypatch.setattr(app, "available_memory", lambda: 22 * 2**30)
    monkeypatch.chdir(REPO)
    assert cli.main(["serve", "--lang", "nb"]) == 0
    assert cli.main(["serve"]) == 0
    messages.set_language("en")
    (norwegian, english) = launched
    assert "--pool_size=2" in norwegian
    assert set(own_pools(norwegian).values()) == {0, 1}
    assert own_pools(norwegian)["01-start-here.ipynb"] == 1
    assert own_pools(norwegian)["da/01-start-here.ipynb"] == 0
    assert "--pool_size=3" in english
    assert own_pools(english)["nb/01-start-here.ipynb"] == 0
    assert "01-start-here.ipynb" not in own_pools(english)
