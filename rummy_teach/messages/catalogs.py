"""The gettext catalogs of the other languages, kept with Babel: extract, update, compile and check.

``python -m rummy_teach.messages.catalogs extract`` writes ``locale/rummy_teach.pot`` from the
English templates (message context = reason key, ``python-brace-format``; a ``Plural`` becomes a
``msgid`` / ``msgid_plural`` pair); ``update`` merges it into ``locale/<lang>/LC_MESSAGES/
rummy_teach.po`` for every language of ``messages.LANGUAGES`` (a new key arrives untranslated, a
changed one fuzzy); ``compile`` writes the ``.mo`` files the package ships and ``set_language``
reads; ``check`` lists every key missing, empty, fuzzy or with other placeholders than the English
template, and every glossary term a translation does not use (``glossary/<lang>.toml``). ``make
messages`` runs extract and update, ``make catalogs`` compile and check.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rummy_teach import messages
from rummy_teach.messages import DOMAIN, LANGUAGES, SOURCE, Plural, names_in

__all__ = [
    "GLOSSARY_DIR",
    "REQUIRED_TERMS",
    "Problem",
    "Term",
    "check",
    "compile_catalog",
    "glossary",
    "main",
    "mo_path",
    "po_path",
    "pot_path",
    "read_catalog",
    "template_catalog",
]

GLOSSARY_DIR = Path(__file__).parent / "glossary"
REQUIRED_TERMS = (
    *("group", "run", "meld", "lay_off", "stock", "discard_pile", "joker", "rack", "pool"),
    *("tile", "card", "hand", "turn", "initial_meld", "table"),
    *("hearts", "diamonds", "clubs", "spades", "red", "blue", "black", "orange"),
)
"""The game terms every language's glossary gives its word for."""
_STAMP = datetime(2026, 1, 1, tzinfo=UTC)
"""The catalogs' header dates, fixed so that the same templates always make the same files."""
_FLAGS = ("python-brace-format",)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalog: which language, which key, what."""

    language: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.language}: {self.key}: {self.what}"


@dataclass(frozen=True)
class Term:
    """A game term of a glossary: its English words and the stems every translation of them uses."""

    term: str
    english: tuple[str, ...]
    word: str
    stems: tuple[str, ...]
    exceptions: frozenset[str]

    def used_in(self, english: str) -> bool:
        """Whether an English template uses this term (as a whole word, any case; a ``{placeholder}``
        is not a use: its value arrives already translated)."""
        words = "|".join(re.escape(word) for word in self.english)
        prose = re.sub(r"\{[^{}]*\}", " ", english)
        return re.search(rf"\b(?:{words})\b", prose, re.IGNORECASE) is not None

    def kept_in(self, translation: str) -> bool:
        """Whether a translation uses this term's word (one of its stems, any case)."""
        lowered = translation.lower()
        return any(stem.lower() in lowered for stem in self.stems)


def pot_path() -> Path:
    """Where the template of every catalog lies: ``locale/rummy_teach.pot``."""
    return messages.LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(language: str) -> Path:
    """Where ``language``'s catalog lies: ``locale/<lang>/LC_MESSAGES/rummy_teach.po``."""
    return messages.LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    """Where ``language``'s compiled catalog lies, the file ``set_language`` reads."""
    return po_path(language).with_suffix(".mo")


def _new_catalog(locale: str | None) -> Catalog:
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project="rummy-teach",
        version="0.1",
        copyright_holder="rummy-teach",
        msgid_bugs_address="https://github.com/rummy-teach/rummy-teach/issues",
        creation_date=_STAMP,
        revision_date=_STAMP,
        charset="utf-8",
        fuzzy=False,
    )


def template_catalog() -> Catalog:
    """Every English template as a catalog entry: context = reason key, brace-format flagged."""
    catalog = _new_catalog(None)
    for key, english in SOURCE.items():
        msgid: str | tuple[str, str] = (
            (english.one, english.other) if isinstance(english, Plural) else english
        )
        comments = [f"number: {{{english.n}}}"] if isinstance(english, Plural) else []
        catalog.add(msgid, context=key, flags=_FLAGS, auto_comments=comments)
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, include_lineno=False)
    return out.getvalue()


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalog."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def extract() -> Path:
    """Write ``locale/rummy_teach.pot`` from the English templates; returns its path."""
    path = pot_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(template_catalog()))
    return path


def update(languages: Sequence[str] = LANGUAGES[1:]) -> list[Path]:
    """Merge the template into each language's ``.po`` (new keys empty, changed ones fuzzy)."""
    template = template_catalog()
    written = []
    for language in languages:
        path = po_path(language)
        catalog = read_catalog(path, language) if path.is_file() else _new_catalog(language)
        catalog.update(template, update_header_comment=False)
        catalog.revision_date = _STAMP
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))
        written.append(path)
    return written


def compile_catalog(language: str) -> bytes:
    """``language``'s ``.po`` compiled to ``.mo`` bytes (fuzzy entries left out)."""
    catalog = read_catalog(po_path(language), language)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all(languages: Sequence[str] = LANGUAGES[1:]) -> list[Path]:
    """Write the ``.mo`` of every language that has a catalog; returns their paths."""
    written = []
    for language in languages:
        if po_path(language).is_file():
            mo_path(language).write_bytes(compile_catalog(language))
            written.append(mo_path(language))
    return written


def glossary(language: str) -> list[Term]:
    """The game terms of ``language``'s glossary (``glossary/<lang>.toml``), in file order."""
    data: dict[str, Any] = tomllib.loads(
        (GLOSSARY_DIR / f"{language}.toml").read_text(encoding="utf-8")
    )
    return [
        Term(
            term=name,
            english=tuple(entry["english"]),
            word=str(entry["word"]),
            stems=tuple(entry["stems"]),
            exceptions=frozenset(entry.get("except", ())),
        )
        for name, entry in data.get("terms", {}).items()
    ]


def _forms(message: Message) -> tuple[str, ...]:
    if isinstance(message.id, tuple):
        return tuple(str(form) for form in message.id)
    return (str(message.id),)


def _translations(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, tuple | list):
        return tuple(str(form) for form in message.string)
    return (str(message.string or ""),)


def _entry_problems(
    language: str, key: str, wanted: Message, found: Message | None
) -> Iterator[str]:
    if found is None:
        yield "missing"
        return
    if _forms(found) != _forms(wanted):
        yield "translates an older English text (run `make messages`)"
    if found.fuzzy:
        yield "fuzzy: the English changed, check the translation"
    translations = _translations(found)
    if not all(translations):
        yield "empty translation"
        return
    if isinstance(wanted.id, tuple) and len(translations) != 2:
        yield f"needs 2 plural forms, has {len(translations)}"
    english = set().union(*(names_in(form) for form in _forms(wanted)))
    for form in translations:
        try:
            used = names_in(form)
        except ValueError as error:
            yield f"malformed template {form!r}: {error}"
            continue
        if used - english:
            yield f"placeholders {sorted(used - english)} are not in the English {sorted(english)}"
    if names_in(translations[-1]) != names_in(_forms(wanted)[-1]):
        yield f"placeholders {sorted(names_in(translations[-1]))} differ from the English {sorted(names_in(_forms(wanted)[-1]))}"


def check(language: str) -> list[Problem]:
    """Everything wrong with ``language``'s catalog and its use of the glossary; empty when complete."""
    path = po_path(language)
    if not path.is_file():
        return [Problem(language, "*", f"no catalog at {path}")]
    catalog = read_catalog(path, language)
    problems = []
    for wanted in template_catalog():
        if not wanted.id:
            continue
        key = str(wanted.context)
        found = catalog.get(wanted.id, context=key)
        if found is None:
            found = next((m for m in catalog if m.id and m.context == key), None)
        problems += [
            Problem(language, key, what) for what in _entry_problems(language, key, wanted, found)
        ]
    problems += _glossary_problems(language, catalog)
    if mo_path(language).is_file() and mo_path(language).read_bytes() != compile_catalog(language):
        problems.append(
            Problem(language, "*", "the .mo is older than the .po (run `make catalogs`)")
        )
    elif not mo_path(language).is_file():
        problems.append(Problem(language, "*", "no compiled .mo (run `make catalogs`)"))
    return problems


def _glossary_problems(language: str, catalog: Catalog) -> list[Problem]:
    path = GLOSSARY_DIR / f"{language}.toml"
    if not path.is_file():
        return [Problem(language, "*", f"no glossary at {path}")]
    terms = glossary(language)
    problems = [
        Problem(language, f"glossary.{name}", "term missing from the glossary")
        for name in REQUIRED_TERMS
        if name not in {term.term for term in terms}
    ]
    for message in catalog:
        if not message.id or not message.context:
            continue
        key = str(message.context)
        for term in terms:
            if key in term.exceptions:
                continue
            for english, translation in zip(_forms(message), _translations(message), strict=False):
                if translation and term.used_in(english) and not term.kept_in(translation):
                    problems.append(
                        Problem(
                            language,
                            key,
                            f"uses {term.term!r} but not {term.word!r} ({', '.join(term.stems)})",
                        )
                    )
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """``extract`` | ``update`` | ``compile`` | ``check`` [languages]: keep the catalogs; 1 if a check fails."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("extract", "update", "compile", "check"):
        print(
            "usage: python -m rummy_teach.messages.catalogs extract|update|compile|check [lang …]"
        )
        return 2
    command, languages = args[0], tuple(args[1:]) or LANGUAGES[1:]
    if command == "extract":
        print(extract())
    elif command == "update":
        print(*update(languages), sep="\n")
    elif command == "compile":
        print(*compile_all(languages), sep="\n")
    else:
        problems = [problem for language in languages for problem in check(language)]
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problems in {', '.join(languages)}")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
