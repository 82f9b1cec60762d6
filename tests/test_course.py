"""The course around the lessons: stars for a solved level, the rule book page, the generated pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummy_teach import RummyRules, course, messages, pages
from rummy_teach.errors import RummyTeachError
from rummy_teach.lessons import LESSONS, Goal
from rummy_teach.widgets import MeldExercise
from rummy_teach.widgets.stage import stage_texts
from tests.test_rule_coverage import RULE_BOOK, RULE_IDS

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"


def test_stars_count_the_hints_and_the_par() -> None:
    """No hint: 3; one hint step: 2; two or more: 1; over the par without a hint: 2; par 0 is none."""
    assert course.stars(0, 4) == 3
    assert course.stars(0, 400) == 3
    assert course.stars(1, 4) == 2
    assert course.stars(2, 4) == 1
    assert course.stars(3, 1) == 1
    assert course.stars(0, 4, par=4) == 3
    assert course.stars(0, 5, par=4) == 2
    assert course.stars(1, 5, par=4) == 2
    with pytest.raises(RummyTeachError):
        course.stars(-1, 0)


def _press(view: MeldExercise, button: str, seq: int) -> None:
    view.receive({"intent": "press", "button": button, "seq": seq})


def _lay_down(view: MeldExercise, notation: str, seq: int) -> int:
    for piece in view.ids_of(notation):
        seq += 1
        view.receive({"intent": "pick", "piece": piece, "seq": seq})
    _press(view, "lay_down", seq + 1)
    return seq + 1


def test_a_view_solved_without_help_earns_three_stars() -> None:
    """The synced ``stars`` trait is set when the goal is met: no hint, so 3."""
    view = MeldExercise("9H 9S 4D 9C KH", RummyRules(), goal=Goal.make_meld())
    assert view.stars == 0
    _lay_down(view, "9H 9S 9C", 0)
    assert view.solved and view.stars == 3
    assert view.moves == 4


def test_hints_lower_the_stars_even_after_a_reset() -> None:
    """One hint step gives 2 stars, two give 1; Reset does not wipe the hints seen."""
    view = MeldExercise("9H 9S 4D 9C KH", RummyRules(), goal=Goal.make_meld())
    _press(view, "hint", 1)
    seq = _lay_down(view, "9H 9S 9C", 1)
    assert view.stars == 2
    _press(view, "reset", seq + 1)
    assert view.stars == 0 and not view.solved
    _press(view, "hint", seq + 2)
    _press(view, "hint", seq + 3)
    _lay_down(view, "9H 9S 9C", seq + 3)
    assert view.stars == 1


def test_a_par_asks_for_few_moves() -> None:
    """With a par of 4 moves, a detour (pick and unpick first) costs the third star."""
    view = MeldExercise("9H 9S 4D 9C KH", RummyRules(), goal=Goal.make_meld())
    view.par = 4
    kh = view.ids_of("KH")[0]
    view.receive({"intent": "pick", "piece": kh, "seq": 1})
    view.receive({"intent": "pick", "piece": kh, "seq": 2})
    _lay_down(view, "9H 9S 9C", 2)
    assert view.moves == 6 and view.stars == 2


def test_a_view_knows_the_words_of_a_solved_level_and_the_lessons_in_order() -> None:
    """The stage texts name every star count and link each lesson by its file, in LESSONS order."""
    stage = stage_texts()
    assert set(stage["stars"]) == {"1", "2", "3"}
    assert [entry["file"] for entry in stage["lessons"]] == [lesson.file for lesson in LESSONS]
    assert all(
        lesson.title in entry["label"]
        for lesson, entry in zip(LESSONS, stage["lessons"], strict=True)
    )
    assert stage["index"]["file"] == "index.ipynb"
    assert "{stars}" in stage["best"] and "par" not in stage  # a view words its own par


# ---------------------------------------------------------------- the rule book


def test_every_rule_of_the_rule_book_has_an_entry_and_every_entry_is_a_rule() -> None:
    """The rule book page explains each id of RULES.md (where ../shared is present) and no other."""
    assert sorted(course.RULE_IDS) == sorted(RULE_IDS)
    assert len(set(course.RULE_IDS)) == len(course.RULE_IDS)
    if RULE_BOOK.exists():
        in_book = set(re.findall(r"^\| ([RK]-[A-Z]+-\d+) \|", RULE_BOOK.read_text(), re.MULTILINE))
        assert set(course.RULE_IDS) == in_book
    entries = {
        key for key in messages.CATALOG if key.startswith("rulebook.") and key.count(".") == 1
    }
    rule_keys = {key for key in entries if re.fullmatch(r"rulebook\.[rk]_[a-z]+_\d+", key)}
    assert rule_keys == {course.rule_key(rule) for rule in course.RULE_IDS}
    for rule in course.RULE_IDS:
        assert messages.text(f"{course.rule_key(rule)}.name")


def test_every_rule_with_a_switch_states_its_house_rule() -> None:
    """A rule whose RULES.md row names a variant switch has a variant text, and only those do."""
    if not RULE_BOOK.exists():
        pytest.skip("the rule book lies beside the checkout only in the project's workspace and CI")
    switched = {
        row[0]
        for row in (
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in RULE_BOOK.read_text().splitlines()
            if re.match(r"^\| [RK]-", line)
        )
        if row[-1]
    }
    with_variant = {
        rule for rule in course.RULE_IDS if f"{course.rule_key(rule)}.variant" in messages.CATALOG
    }
    assert with_variant == switched


def test_rule_texts_are_fresh_and_name_no_rule_id() -> None:
    """Learner words: no rule id inside a sentence, and no sentence copied from RULES.md's table."""
    texts = [text for key, text in messages.CATALOG.items() if key.startswith("rulebook.")]
    assert not any(re.search(r"\b[RK]-[A-Z]+-\d\b", text) for text in texts)
    if RULE_BOOK.exists():
        book = RULE_BOOK.read_text()
        for text in texts:
            for sentence in re.split(r"(?<=[.:;])\s", text):
                if len(sentence) > 40:
                    assert sentence not in book, sentence


def test_rule_link_points_at_the_rule_books_anchor() -> None:
    """``rule_link`` gives the page and the id's anchor; the page has that anchor; unknown ids raise."""
    assert course.rule_link("K-OPEN-2") == "rules.ipynb#K-OPEN-2"
    assert messages.rule_link("R-MELD-1") == "rules.ipynb#R-MELD-1"
    with pytest.raises(RummyTeachError):
        course.rule_link("K-OPEN-9")
    text = json.dumps(pages.rulebook_notebook())
    for rule in course.RULE_IDS:
        assert text.count(f'id=\\"{rule}\\"') == 1


# ---------------------------------------------------------------- generated pages


def test_the_stored_pages_are_what_the_course_makes() -> None:
    """index, rules and teachers in notebooks/ are up to date: run `make pages` after a change."""
    assert pages.stale(NOTEBOOKS) == []


def test_the_landing_page_shows_the_whole_path_with_one_numbering() -> None:
    """Every planned lesson by its CURRICULUM number, in sections; the rule book and teacher's page linked."""
    cells = ["".join(cell["source"]) for cell in pages.index_notebook()["cells"]]
    text = "\n".join(cells)
    numbers = [int(n) for n in re.findall(r"Lesson (\d+):", text)]
    assert numbers == list(range(1, 13))
    for heading in ("## Begin", "## Rummy", "## Rummikub", "## House rules"):
        assert heading in text
    assert "(rules.ipynb)" in text and "(teachers.ipynb)" in text
    for lesson in LESSONS:
        assert f"[Lesson {lesson.number}: {lesson.title}]({lesson.file})" in text
    assert 'id="rummy-teach-progress"' in cells[0]


def test_the_readme_names_every_lesson_of_the_path() -> None:
    """The README's lesson list holds each lesson by number and title (it once listed five of 12)."""
    text = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    path = text[text.index("The landing page shows the whole path") :].split(
        "; then the rule book"
    )[0]
    assert len(LESSONS) == 12
    for lesson in LESSONS:
        short = lesson.title.split(": ", 1)[-1]
        assert re.search(rf"(?<![0-9]){lesson.number} {re.escape(short)}(?=[,;]|$)", path), short


def test_the_teachers_page_says_how_to_run_a_class() -> None:
    """serve --ip 0.0.0.0, the README's Binder link, the hub route, the plan with minutes, hand numbers."""
    text = "\n".join("".join(cell["source"]) for cell in pages.teachers_notebook()["cells"])
    assert "rummy-teach serve --ip 0.0.0.0" in text
    assert pages.BINDER_URL in (REPO / "README.md").read_text(encoding="utf-8")
    assert pages.BINDER_URL in text
    hub = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert pages.HUB_PATH.removeprefix("/user/<name>") in hub and pages.HUB_PATH in text
    assert "hand_number=7" in text and "make lab" in text and "Projector mode" in text
    rows = re.findall(r"^\| (\d+) \|.*\| (\d+) \|$", text, re.MULTILINE)
    assert [int(number) for number, _ in rows] == list(range(1, 13))
    assert all(10 <= int(minutes) <= 15 for _, minutes in rows)


def test_the_progress_script_is_safe_to_include_in_a_jinja_template() -> None:
    """progress.js is included by the rummy template: it must hold no Jinja markup."""
    script = (REPO / "widgets" / "voila" / "templates" / "rummy" / "progress.js").read_text()
    assert not any(mark in script for mark in ("{{", "{%", "{#", "</script"))
    template = (REPO / "widgets" / "voila" / "templates" / "rummy" / "index.html.j2").read_text()
    assert '{% include "progress.js" %}' in template


def test_make_lab_trusts_the_notebooks_then_starts_jupyterlab(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trust command names every notebook of the folder; without JupyterLab, exit 2 in one line."""
    from rummy_teach import lab

    found = lab.notebooks_in(NOTEBOOKS)
    assert {path.name for path in found} >= {"index.ipynb", "rules.ipynb", LESSONS[0].file}
    argv = lab.trust_argv(found)
    assert argv[1:4] == ["-m", "jupyter", "trust"] and len(argv) == 4 + len(found)
    assert lab.lab_argv(Path("/x"), ["--port=1"])[-2:] == ["--ServerApp.root_dir=/x", "--port=1"]
    started: list[list[str]] = []
    monkeypatch.setattr(lab.os, "execv", lambda path, argv: started.append(argv))
    assert lab.main([str(NOTEBOOKS / "nowhere")]) == 2  # a folder without the lessons, in a line
    said = capsys.readouterr().err.strip().splitlines()
    assert said == [
        f"rummy_teach.lab: no lessons here: {NOTEBOOKS / 'nowhere'} has no index.ipynb"
        " (give the folder that holds the lessons' index.ipynb, e.g. notebooks)"
    ]
    assert started == []
    monkeypatch.setattr(lab.importlib.util, "find_spec", lambda name: None)
    assert lab.main([str(NOTEBOOKS)]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "rummy-teach[lab]" in said[0]
