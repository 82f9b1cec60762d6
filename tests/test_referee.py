"""The referee's box: verdicts in a lesson look like the product, with a plain-text form nbval compares."""

from __future__ import annotations

from rummy_teach import RummyRules, check_meld, parse_cards, referee


def test_a_verdict_in_a_notebook_is_a_referee_box_with_icon_word_and_sentence() -> None:
    """R-MELD-2: a run with a gap is shown as 'Not valid' with the engine's sentence, escaped."""
    verdict = check_meld(parse_cards("5H 6H 8H"), RummyRules())
    box = verdict._repr_html_()
    assert 'class="rt-referee"' in box and "Not valid" in box and "\u2716" in box
    assert "7" in box  # the engine's sentence names the missing card
    assert "<script" not in box


def test_the_plain_text_form_is_one_line_per_verdict_in_order() -> None:
    """R-MELD-1, R-MELD-2: several verdicts, one line each, valid ones marked as such."""
    rules = RummyRules()
    good = check_meld(parse_cards("4D 5D 6D"), rules)
    bad = check_meld(parse_cards("9H 9S"), rules)
    shown = referee(good, [bad])
    lines = repr(shown).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("\u2714 Valid: ") and good.message in lines[0]
    assert lines[1].startswith("\u2716 Not valid: ") and bad.message in lines[1]
    assert shown._repr_html_().count('class="rt-referee"') == 2


def test_the_box_escapes_what_it_shows() -> None:
    """A sentence is text, never markup, in the box."""
    verdict = check_meld(parse_cards("4D 5D 6D"), RummyRules())
    hostile = type(verdict)(
        **{**{f: getattr(verdict, f) for f in verdict.__dataclass_fields__}, "message": "<b>x</b>"}
    )
    assert "&lt;b&gt;x&lt;/b&gt;" in hostile._repr_html_()
