"""The lessons' what-if examples: each makes the engine say exactly what its lesson shows, and each
is shown by an English lesson (``rummy_teach.lessons.examples``, ``lessons.whatif``)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from rummy_teach import lessons
from rummy_teach.errors import NotationError
from rummy_teach.lessons import examples
from rummy_teach.lessons.whatif import RummikubTry, refused, what_if
from rummy_teach.referee import Referee

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

SAID: dict[str, tuple[str, ...]] = {
    "WHAT_IF_BAD_MELD": ("layoff.bad_meld",),
    "WHAT_IF_CARDS": (
        "lesson.fact.rummikub_racks",
        "lesson.fact.suit_colour",
        "lesson.fact.suit_colour",
        "lesson.fact.suit_colour",
        "lesson.fact.suit_colour",
    ),
    "WHAT_IF_COUNTERCLOCKWISE": (
        "lesson.fact.rummikub_racks",
        "lesson.fact.rummikub_order_counterclockwise",
    ),
    "WHAT_IF_DEAL": (
        "lesson.fact.rummy_deck",
        "lesson.fact.rummy_hands",
        "lesson.fact.rummy_stock",
        "lesson.fact.rummy_starts",
    ),
    "WHAT_IF_DECLARED": ("meld.declared_invalid",),
    "WHAT_IF_EMPTY_PILE": ("rummy.discard_pile_empty",),
    "WHAT_IF_GAME_OVER": ("rummikub.won", "rummikub.game_over"),
    "WHAT_IF_GROUP_COLOUR": ("layoff.group_suit",),
    "WHAT_IF_JOKER_MISFIT": ("rummikub.joker_misfit",),
    "WHAT_IF_JOKER_MOVED": ("rummikub.joker_moved",),
    "WHAT_IF_JOKER_STAND_IN": ("rummikub.joker_stand_in_from_table",),
    "WHAT_IF_JOKER_TO_RACK": ("rummikub.joker_to_rack", "rummikub.ws_joker_to_rack"),
    "WHAT_IF_LAYOFF_SLIPS": ("layoff.duplicate", "layoff.nothing"),
    "WHAT_IF_MATCH": ("rummy.round_not_over", "lesson.fact.match_won", "rummy.match_over"),
    "WHAT_IF_MELD_SLIPS": ("meld.duplicate_card", "meld.empty"),
    "WHAT_IF_NOT_YOURS": ("rummy.not_in_hand", "rummy.card_twice"),
    "WHAT_IF_NO_SUCH_MELD": ("rummy.no_such_meld",),
    "WHAT_IF_NO_TIMER": ("rummikub.penalty_no_timer",),
    "WHAT_IF_OPENING_SLIPS": ("opening.empty", "opening.bad_set", "opening.too_many_copies"),
    "WHAT_IF_OPEN_REARRANGED": ("rummikub.open_rearranged",),
    "WHAT_IF_OPEN_SHORT": ("rummikub.open_short",),
    "WHAT_IF_OPEN_TABLE_TILE": ("rummikub.open_table_tile",),
    "WHAT_IF_OPEN_TOUCHED": ("rummikub.open_touched",),
    "WHAT_IF_PASS": ("rummy.unknown_move",),
    "WHAT_IF_PENALTY": ("rummikub.penalty_no_attempt", "rummikub.penalty_not_failed"),
    "WHAT_IF_RACK_MISSING": ("rummikub.not_on_rack",),
    "WHAT_IF_RESTOCK": (
        "rummy.did.restock",
        "rummy.did.restock",
        "rummy.did.restock",
        "rummy.result.blocked",
    ),
    "WHAT_IF_ROUND_OVER": ("rummy.round_over",),
    "WHAT_IF_STUCK_STOCK": ("rummy.nothing_to_draw",),
    "WHAT_IF_TABLE_STAYS_VALID": ("layoff.wrong_colour", "layoff.not_at_end"),
    "WHAT_IF_TABLE_TILE_GONE": ("rummikub.table_tile_missing",),
    "WHAT_IF_TILES_DEAL": ("lesson.fact.rummikub_racks", "lesson.fact.rummikub_order_clockwise"),
    "WHAT_IF_TILE_SLIPS": ("meld.empty_tiles", "run.too_long"),
    "WHAT_IF_TIMER": ("rummikub.ws_time_up", "rummikub.timeout"),
    "WHAT_IF_WRONG_STEPS": (
        "rummikub.ws_nothing_to_undo",
        "rummikub.ws_not_on_rack",
        "rummikub.ws_no_such_set",
        "rummikub.ws_not_in_set",
        "rummikub.nothing_to_end",
    ),
}
"""The reason keys of the referee's boxes, in order, for each example (a valid verdict has none)."""


@pytest.mark.parametrize("name", sorted(examples.__all__))
def test_each_example_says_what_its_lesson_shows(name: str) -> None:
    """The engine's verdicts and refusals for the example, in order, with a sentence each."""
    shown = what_if(getattr(lessons, name))
    assert isinstance(shown, Referee)
    assert tuple(v.reason for v in shown.verdicts if v.reason) == SAID[name]
    assert all(v.message and "{" not in v.message for v in shown.verdicts)
    assert len(shown.lines()) == len(shown.verdicts)


def test_every_example_is_shown_by_a_lesson() -> None:
    """Each example appears in a code cell of an English lesson, and SAID pins every one."""
    code = "".join(
        cell.source
        for lesson in lessons.LESSONS
        for cell in nbformat.read(NOTEBOOKS / lesson.file, as_version=4).cells
        if cell.cell_type == "code"
    )
    assert set(SAID) == set(examples.__all__)
    assert [name for name in examples.__all__ if f"lessons.{name}" not in code] == []


def test_a_refusal_keeps_the_engine_words() -> None:
    """A refusal becomes a not-valid verdict with the error's reason, rule and sentence."""
    from rummy_teach.errors import IllegalMoveError

    verdict = refused(IllegalMoveError("No.", reason="rummy.round_over", rule="R-OUT-2"))
    assert (verdict.ok, verdict.reason, verdict.rule, verdict.message) == (
        False,
        "rummy.round_over",
        "R-OUT-2",
        "No.",
    )


def test_an_unknown_step_is_named() -> None:
    """A step the examples do not know raises NotationError naming it."""
    example = RummikubTry(("B6 K2", "K9 K10 K11"), ("B3 B4 B5",), ("jump B6",), (True, True))
    with pytest.raises(NotationError, match="jump B6"):
        what_if(example)
