"""The generated pages in every language with a catalog: ``notebooks/L/index|rules|teachers.ipynb``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from rummy_teach import languages, messages, pages
from rummy_teach.lessons import LESSONS

NORWEGIAN = {
    "course.index.title": "Lær rummy og Rummikub",
    "app.teachers.languages_title": "Språk",
    "course.progress.title": "Din framgang",
}
LINK = re.compile(r"\]\(([^)\s]+)\)")


def tiny_catalog(root: Path, language: str, words: dict[str, str], *, compiled: bool) -> None:
    """A catalog of a few entries in the lead's format (context = key, msgid = English)."""
    catalog = Catalog(locale=language, domain=messages.DOMAIN)
    for key, text in words.items():
        catalog.add(messages.CATALOG[key], text, context=key, flags=["python-brace-format"])
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{messages.DOMAIN}.po").open("wb") as po:
        write_po(po, catalog)
    if compiled:
        with (folder / f"{messages.DOMAIN}.mo").open("wb") as mo:
            write_mo(mo, catalog)


@pytest.fixture
def norwegian_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The catalogs are a tiny Norwegian one only (whatever the checkout holds)."""
    locale = tmp_path / "locale"
    tiny_catalog(locale, "nb", NORWEGIAN, compiled=True)
    monkeypatch.setattr(messages, "LOCALE_DIR", locale)
    folder = tmp_path / "notebooks"
    folder.mkdir()
    return folder


def sources(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def test_pages_are_written_in_english_and_every_catalog_language(norwegian_only: Path) -> None:
    written = pages.write(norwegian_only)
    names = sorted(path.relative_to(norwegian_only).as_posix() for path in written)
    expected = sorted(list(pages.PAGES) + [f"nb/{name}" for name in pages.PAGES])
    assert names == expected
    assert messages.get_language() == "en"
    assert sources(norwegian_only / "nb" / "index.ipynb").startswith("# Lær rummy og Rummikub")
    assert "## Språk" in sources(norwegian_only / "nb" / "teachers.ipynb")
    box = sources(norwegian_only / "nb" / "index.ipynb")
    assert "Din framgang" in box  # the progress box's words are the page's language too
    english = sources(norwegian_only / "index.ipynb")
    assert english.startswith(f"# {messages.text('course.index.title')}")
    assert "## Languages" in sources(norwegian_only / "teachers.ipynb")


def test_stale_covers_every_language(norwegian_only: Path) -> None:
    assert pages.stale(norwegian_only) == sorted(pages.PAGES, key=list(pages.PAGES).index) + [
        f"nb/{name}" for name in pages.PAGES
    ]
    pages.write(norwegian_only)
    assert pages.stale(norwegian_only) == []
    (norwegian_only / "nb" / "rules.ipynb").write_text("{}", encoding="utf-8")
    assert pages.stale(norwegian_only) == ["nb/rules.ipynb"]


def test_links_in_translated_pages_stay_inside_the_language_folder(norwegian_only: Path) -> None:
    pages.write(norwegian_only)
    files = {lesson.file for lesson in LESSONS} | set(pages.PAGES)
    for name in pages.PAGES:
        for target in LINK.findall(sources(norwegian_only / "nb" / name)):
            if target.startswith("https://"):
                continue
            file = target.split("#")[0]
            assert "/" not in file and not file.startswith(".."), (name, target)
            assert file in files, (name, target)


def test_an_uncompiled_catalog_words_its_pages_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages come from the ``.po`` itself: no ``make catalogs`` needed first."""
    locale = tmp_path / "locale"
    tiny_catalog(locale, "da", {"course.index.title": "Lær rummy"}, compiled=False)
    monkeypatch.setattr(messages, "LOCALE_DIR", locale)
    assert languages.catalog_languages() == ["da"] and not languages.compiled("da")
    pages.write(tmp_path)
    assert sources(tmp_path / "da" / "index.ipynb").startswith("# Lær rummy\n")
    assert messages.get_language() == "en"


def test_binder_links_per_language() -> None:
    assert pages.binder_url() == pages.BINDER_URL
    assert pages.binder_url("nl").endswith("notebooks%2Fnl%2Findex.ipynb")


def test_the_guide_says_where_each_languages_address_applies() -> None:
    """Languages: the /?lang= addresses under the sentence on the app run with rummy-teach serve,
    the Binder links under Binder's, the hub paths under JupyterHub's; each named by its language."""
    cell = next(
        "".join(cell["source"])
        for cell in pages.teachers_notebook()["cells"]
        if "".join(cell["source"]).startswith("## " + messages.text("app.teachers.languages_title"))
    )
    keys = (
        "app.teachers.languages_link",
        "app.teachers.languages_binder",
        "app.teachers.languages_hub",
    )
    said = [messages.text(key) for key in keys]
    assert "rummy-teach serve" in said[0] and "Binder" in said[1] and "JupyterHub" in said[2]
    starts = [cell.index(sentence) for sentence in said]
    assert starts == sorted(starts)
    app_part, binder_part, hub_part = (
        cell[start:end] for start, end in zip(starts, [*starts[1:], len(cell)], strict=True)
    )
    others = [language for language in languages.LANGUAGES if language != languages.ENGLISH]
    for language in others:
        name = messages.en_app.LANGUAGE_NAMES[language]
        assert f"- {name}: `/?lang={language}`" in app_part
        assert f"- {name}: <{pages.binder_url(language)}>" in binder_part
        hub = pages.HUB_PATH.replace("notebooks/", f"notebooks/{language}/")
        assert f"- {name}: `{hub}`" in hub_part
    assert "?lang=" not in binder_part + hub_part and "mybinder" not in app_part + hub_part
    assert "/user/" not in app_part + binder_part
    assert "```text" not in cell  # no unexplained block of addresses
