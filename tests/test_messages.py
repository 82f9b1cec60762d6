"""Messages: every reason key the code uses has a sentence, and catalogs plug in without touching the engine."""

from __future__ import annotations

import ast
import pathlib
import re
import subprocess
import sys

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from rummy_teach import (
    RummikubRules,
    RummyRules,
    RummyTeachError,
    check_meld,
    messages,
    parse_cards,
    parse_tiles,
)

PACKAGE = pathlib.Path(messages.__file__).parent.parent
KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")


def _string_constants(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_every_literal_reason_key_in_the_engine_has_a_message() -> None:
    """A string in engine code that looks like an area's reason key must exist in the catalog."""
    prefixes = {key.split(".")[0] for key in messages.CATALOG}
    missing = []
    for path in PACKAGE.rglob("*.py"):
        if "messages" in path.parts:
            continue
        for value in _string_constants(path):
            if (
                KEY.match(value)
                and value.split(".")[0] in prefixes
                and value not in messages.CATALOG
            ):
                if value.endswith((".py", ".js", ".css", ".json", ".ipynb", ".txt")):
                    continue
                missing.append(f"{path.name}: {value}")
    assert not missing, missing


def test_templates_are_well_formed() -> None:
    for key in messages.CATALOG:
        assert KEY.match(key), key
        names = messages.placeholders(key)
        params: dict[str, object] = {name: f"<{name}>" for name in names}
        if key in messages.PLURALS:
            params[messages.PLURALS[key].n] = 2
        assert messages.text(key, **params)


def test_missing_parameters_and_keys_are_programming_errors() -> None:
    with pytest.raises(RummyTeachError):
        messages.text("run.gap")
    with pytest.raises(RummyTeachError):
        messages.text("no.such.key")


def test_piece_names() -> None:
    assert messages.piece_name(parse_cards("7H")[0]) == "7 of hearts"
    assert messages.piece_name(parse_cards("QS")[0]) == "queen of spades"
    assert messages.piece_name(parse_tiles("R7")[0]) == "red 7"
    assert messages.piece_name(parse_tiles("J")[0]) == "joker"
    assert messages.join(["a"]) == "a"
    assert messages.join(["a", "b", "c"]) == "a, b and c"


@pytest.mark.parametrize("language", messages.LANGUAGES)
@pytest.mark.parametrize("words", [[], ["a"], ["a", "b"], ["a", "b", "c"]])
def test_lists_are_joined_as_babel_joins_them(language: str, words: list[str]) -> None:
    """``join`` and ``join_or`` answer what Babel does in every language, also for no word or one
    (which they answer without Babel)."""
    from babel.lists import format_list

    locale = {"en": "en_GB"}.get(language, language)
    try:
        messages.set_language(language)
        assert messages.join(words) == format_list(words, locale=locale)
        assert messages.join_or(words) == format_list(words, style="or", locale=locale)
    finally:
        messages.set_language("en")


def test_joining_one_word_does_not_import_babel() -> None:
    """A one-joker set's reading words its stand-in with ``join``: that needs no Babel (a first
    solve reads every joker set on the table), while two words do."""
    code = (
        "import sys; from rummy_teach import messages; "
        "print(messages.join(['a']), messages.join_or([]), 'babel' in sys.modules, end=' '); "
        "messages.join(['a', 'b']); print('babel' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["a", "False", "True"]


def test_a_gettext_catalog_rewords_the_engine_without_touching_it(tmp_path: pathlib.Path) -> None:
    catalog = Catalog(locale="nb")
    catalog.add(
        messages.CATALOG["run.gap"],
        "{pieces} har et hull: {gap} mangler mellom {low} og {high}.",
        context="run.gap",
    )
    catalog.add("hearts", "hjerter", context="suit.hearts")
    folder = tmp_path / "nb" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "rummy_teach.mo", "wb") as handle:
        write_mo(handle, catalog)
    try:
        messages.set_language("nb", localedir=tmp_path)
        verdict = check_meld(parse_cards("5H 6H 8H"), RummyRules())
        assert verdict.message == "5♥ 6♥ 8♥ har et hull: 7♥ mangler mellom 6♥ og 8♥."
        assert messages.piece_name(parse_cards("7H")[0]) == "7 of hjerter"
        # keys without a translation fall back to English
        assert check_meld(parse_tiles("R7 R7 B7"), RummikubRules()).message.startswith(
            "red 7 red 7 blue 7 has"
        )
    finally:
        messages.set_language("en")
    assert check_meld(parse_cards("5H 6H 8H"), RummyRules()).message.endswith("between 6♥ and 8♥.")
