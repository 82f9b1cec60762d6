"""The languages the lessons come in: their codes, their folders under ``notebooks/``, their catalogs.

English lives in ``notebooks/`` itself; every other language ``L`` in ``notebooks/L/`` with the same
file names, and words its messages from ``messages/locale/L/LC_MESSAGES/rummy_teach.po`` (compiled to
``.mo``). Engine-level: imports nothing from Jupyter.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from rummy_teach import messages
from rummy_teach.errors import RummyTeachError, clipped
from rummy_teach.messages.en_app import LANGUAGE_NAMES

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "catalog_languages",
    "check_language",
    "compile_catalog",
    "compiled",
    "folder",
    "language_of",
    "speaking",
]

ENGLISH = "en"
LANGUAGES: tuple[str, ...] = messages.LANGUAGES
"""Every language code the lessons may come in, English first: ``en``, ``nb``, ``da``, ``nl``."""
if tuple(LANGUAGE_NAMES) != LANGUAGES:
    raise RummyTeachError("every language needs its own name in messages.en_app.LANGUAGE_NAMES")


def check_language(language: str) -> str:
    """``language`` if it is one of ``LANGUAGES``; else ``RummyTeachError`` naming the choices."""
    if language not in LANGUAGES:
        named = clipped(language) if isinstance(language, str) else language
        raise RummyTeachError(
            messages.text("app.lang_unknown", language=named, languages=", ".join(LANGUAGES))
        )
    return language


def folder(language: str) -> str:
    """The folder of a language's pages inside ``notebooks/``: ``""`` for English, else its code."""
    return "" if check_language(language) == ENGLISH else language


def language_of(path: str) -> str:
    """The language of a page by its path inside ``notebooks/``: ``nb/03-x.ipynb`` is ``nb``."""
    parts = PurePosixPath(path.replace("\\", "/").lstrip("/")).parts
    if len(parts) > 1 and parts[0] in LANGUAGES and parts[0] != ENGLISH:
        return parts[0]
    return ENGLISH


def catalog_languages() -> list[str]:
    """The languages other than English that have a catalog (a ``.po`` file), in ``LANGUAGES`` order."""
    return [
        language
        for language in LANGUAGES[1:]
        if (messages.LOCALE_DIR / language / "LC_MESSAGES" / f"{messages.DOMAIN}.po").is_file()
    ]


def compile_catalog(language: str, localedir: Path) -> Path:
    """Compile ``language``'s ``.po`` into ``localedir/<language>/LC_MESSAGES`` (not fuzzy
    entries, as ``make catalogs`` does) and return ``localedir``: words without a compile step."""
    from rummy_teach.messages import catalogs

    target = localedir / language / "LC_MESSAGES" / f"{messages.DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalogs.compile_catalog(language))
    return localedir


def compiled(language: str) -> bool:
    """True when ``language`` is English or its catalog is compiled (the ``.mo`` file exists)."""
    if language == ENGLISH:
        return True
    return (messages.LOCALE_DIR / language / "LC_MESSAGES" / f"{messages.DOMAIN}.mo").is_file()


@contextmanager
def speaking(language: str, *, localedir: Path | None = None) -> Iterator[None]:
    """Word messages in ``language`` (its catalog under ``localedir``, default the package's)
    inside the ``with`` block, then in the language before it."""
    before = messages.get_language()
    messages.set_language(language, localedir=localedir)
    try:
        yield
    finally:
        messages.set_language(before)
