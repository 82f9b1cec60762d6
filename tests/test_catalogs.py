"""The catalogs of Norwegian, Danish and Dutch: complete, faithful to the English templates, in the
game's own words (the glossaries), compiled, and what ``set_language`` words every message with."""

from __future__ import annotations

import pytest

from rummy_teach import messages
from rummy_teach.messages import catalogs
from rummy_teach.messages.catalogs import Problem, Term

TRANSLATED = messages.LANGUAGES[1:]


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    messages.set_language("en")


def test_the_template_is_what_the_english_messages_make() -> None:
    stored = catalogs.read_catalog(catalogs.pot_path())
    made = catalogs.template_catalog()
    assert [(m.context, m.id) for m in stored if m.id] == [(m.context, m.id) for m in made if m.id]
    assert {str(m.context) for m in made if m.id} == set(messages.CATALOG)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_key_is_translated_with_the_english_placeholders(language: str) -> None:
    problems = [str(problem) for problem in catalogs.check(language)]
    assert problems == [], f"{len(problems)} problems, e.g. {problems[:15]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_names_every_game_term(language: str) -> None:
    terms = {term.term: term for term in catalogs.glossary(language)}
    assert set(catalogs.REQUIRED_TERMS) <= set(terms)
    assert all(term.word and term.stems and term.english for term in terms.values())


def test_the_check_finds_what_is_wrong(tmp_path: object) -> None:
    """The checks can fail: a glossary term not used, placeholders changed, a form missing."""
    term = Term("run", ("run", "runs"), "sekvens", ("sekvens",), frozenset())
    assert term.used_in("a run of hearts") and not term.used_in("running late")
    assert not term.used_in("{run} fits")  # a placeholder's value arrives translated
    assert term.kept_in("en sekvens i hjerter") and not term.kept_in("en rekke i hjerter")
    wanted = catalogs.template_catalog().get("{pieces} has a gap.", context="run.gap")
    if wanted is None:  # the exact English may change; any plain key does
        wanted = next(m for m in catalogs.template_catalog() if m.id and "{" in str(m.id))
    from babel.messages.catalog import Message

    changed = Message(wanted.id, "{nothing}", context=wanted.context)
    found = list(catalogs._entry_problems("nb", str(wanted.context), wanted, changed))
    assert any("placeholders" in what for what in found)
    empty = Message(wanted.id, "", context=wanted.context)
    assert list(catalogs._entry_problems("nb", str(wanted.context), wanted, empty)) == [
        "empty translation"
    ]
    assert str(Problem("nb", "run.gap", "missing")) == "nb: run.gap: missing"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_language_words_verdicts_plurals_and_lists(language: str) -> None:
    english = messages.text("rummikub.turn_ok", count=2, tiles="x")
    messages.set_language(language)
    assert messages.get_language() == language
    assert messages.text("rummikub.turn_ok", count=2, tiles="x") != english
    one = messages.text("rummikub.penalty", why="", count=1)
    three = messages.text("rummikub.penalty", why="", count=3)
    assert "1" in one and "3" in three and one.replace("1", "3") != three
    word = {"nb": "og", "da": "og", "nl": "en"}[language]
    assert messages.join(["a", "b", "c"]) == f"a, b {word} c"


def test_english_plurals_and_lists() -> None:
    assert messages.text("course.par", par=1) == "Par: 1 move for three stars."
    assert messages.text("course.par", par=4) == "Par: 4 moves for three stars."
    assert messages.join(["a", "b", "c"]) == "a, b and c"
    assert messages.join_or(["a", "b", "c"]) == "a, b or c"
    assert messages.join(["a"]) == "a" and messages.join([]) == ""
    with pytest.raises(messages.RummyTeachError, match="whole number"):
        messages.text("course.par", par="four")


def test_a_plural_is_two_whole_english_sentences() -> None:
    for key, plural in messages.PLURALS.items():
        # the number is in the sentence, or it counts pieces the sentence names (``odd`` and ``odd_count``)
        shown = messages.names_in(plural.other)
        assert plural.n in shown or plural.n.removesuffix("_count") in shown, key
        assert "(s)" not in plural.one + plural.other, key
    assert not [key for key, english in messages.CATALOG.items() if "(s)" in english]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("nb", "blå 5 og svart 9 har ikke fargen rød"),
        ("da", "blå 5 og sort 9 har ikke farven rød"),
    ],
)
def test_two_tiles_of_the_wrong_colour_are_worded_as_two(language: str, said: str) -> None:
    """K-MELD-1: a colour word does not change with the tiles counted ("er ikke rød" of two tiles
    wanted "røde"), so the plural names the colour as a noun."""
    from rummy_teach import RummikubRules, check_layoff, parse_tiles

    messages.set_language(language)
    verdict = check_layoff(parse_tiles("R6 R7 R8"), parse_tiles("B5 K9"), RummikubRules())
    assert verdict.message.startswith(said), verdict.message


@pytest.mark.parametrize(("language", "never_must"), [("nb", "må aldri"), ("da", "skal aldrig")])
def test_the_rule_book_says_melding_is_never_required(language: str, never_must: str) -> None:
    """R-TURN-2: "You never have to" lay melds down; "Du må aldri" / "Du skal aldrig" said "you
    must never"."""
    messages.set_language(language)
    text = messages.text("rulebook.r_turn_2")
    assert never_must not in text and "nødt til" in text
