"""Hints and reviews for a game in progress (K-OPEN-2/3, K-TURN-1): the solver's advice, worded
(with cards when the game is played with two card decks, K-CARDS-1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy_teach import messages
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.rummikub.card_words import said, shown_by
from rummy_teach.rummikub.moves import Draw
from rummy_teach.rummikub.moves import Play as TablePlay
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.solver.guard import NoAnswerInTime, default_guard, guarded_opening, guarded_play
from rummy_teach.solver.solution import Solution

__all__ = ["NO_ANSWER", "Hint", "Review", "hint", "review"]


@dataclass(frozen=True, slots=True)
class Hint:
    """The best move for the player to act, with the reason in words."""

    move: Any
    """An engine move: ``rummikub.Play`` (the whole new table) or ``rummikub.Draw``."""
    play: Solution | None
    """The solver's play behind ``move``; None when the advice is to draw."""
    reason: str
    """Stable reason key (``solver.hint_*``)."""
    rule: str
    """The RULES.md id the advice rests on."""
    message: str
    """The advice in the learner's words, the steps included."""


NO_ANSWER = "solver.no_answer"
"""The reason of a ``Hint`` whose solve found no answer in time (``guard``): its move is a draw."""


def hint(state: RummikubState) -> Hint:
    """The best move for the player to act in a ``RummikubState``: a play, or draw and why.

    The solve runs under the guard (``guard``): when it gives no answer in time the hint says so
    (reason ``solver.no_answer``, move ``Draw()``, ``play`` None) instead of hanging."""
    if not isinstance(state, RummikubState):
        raise RulesError(f"hint needs a RummikubState, not {shown(state)}")
    try:
        with shown_by(state.rules):  # tiles named as their cards with card rules (K-CARDS-1)
            return _hint(state)
    except NoAnswerInTime as error:
        return Hint(Draw(), None, NO_ANSWER, "K-TURN-1", str(error))


def _hint(state: RummikubState) -> Hint:
    """``hint`` with the guard's ``NoAnswerInTime`` let through."""
    if state.is_over:
        return Hint(Draw(), None, "solver.hint_over", "K-END-1", messages.text("solver.hint_over"))
    rules = state.rules
    rack = state.rack
    if not state.opened[state.current_player]:
        opening = guarded_opening(rack, rules, table=state.table)
        if opening is None:
            message = said("solver.hint_no_opening", rules, needed=rules.initial_meld_points)
            return Hint(Draw(), None, "solver.hint_no_opening", "K-OPEN-2", message)
        lead = said("solver.hint_open", rules, count=opening.tiles, points=opening.points)
        message = " ".join([lead, *opening.explain_steps()])
        return Hint(TablePlay(opening.table), opening, "solver.hint_open", "K-OPEN-2", message)
    play = guarded_play(rack, state.table, rules)
    if not play.placed:
        message = said("solver.hint_draw", rules)
        return Hint(Draw(), None, "solver.hint_draw", "K-OPEN-3", message)
    lead = said("solver.hint_play", rules, count=play.tiles)
    message = " ".join([lead, *play.explain_steps()])
    return Hint(TablePlay(play.table), play, "solver.hint_play", "K-TURN-1", message)


@dataclass(frozen=True, slots=True)
class Review:
    """A finished turn compared with the best one: how many tiles were placed, how many could be."""

    placed: int
    """Tiles the player placed."""
    possible: int
    """The most tiles the player could have placed (``placed`` when the solver gave no answer)."""
    best: Hint
    """The best move from the same position."""
    reason: str
    """Stable reason key (``solver.review_*``)."""
    message: str
    """The comparison in the learner's words, the better move step by step when there is one."""

    @property
    def was_best(self) -> bool:
        """True when the turn placed as many tiles as possible."""
        return self.placed >= self.possible


def review(before: RummikubState, after: RummikubState) -> Review:
    """Compare the turn from ``before`` to ``after`` (``RummikubState``s) with the best one."""
    if not isinstance(before, RummikubState) or not isinstance(after, RummikubState):
        raise RulesError("review compares two RummikubState values: before and after one turn")
    if (
        len(after.history) != len(before.history) + 1
        or after.history[: len(before.history)] != before.history
        or not _one_turn_apart(before, after)
    ):
        raise RulesError("review needs the state just before a turn and the state just after it")
    with shown_by(before.rules):  # tiles named as their cards with card rules (K-CARDS-1)
        return _review(before, after)


def _one_turn_apart(before: RummikubState, after: RummikubState) -> bool:
    """True when ``after`` is ``before`` after its last move (of the same game, not another's)."""
    try:
        return before.apply(after.history[-1]) == after
    except RummyTeachError:
        return False


def _review(before: RummikubState, after: RummikubState) -> Review:
    """``review`` of two states already checked, with the tiles named as they are shown now."""
    move = after.history[-1]
    placed = len(move.placed(before.table)) if isinstance(move, TablePlay) else 0
    best = hint(before)
    possible = best.play.tiles if best.play is not None else 0
    if best.reason == NO_ANSWER:
        seconds = _seconds()
        message = said("solver.review_no_answer", before.rules, placed=placed, seconds=seconds)
        return Review(placed, placed, best, "solver.review_no_answer", message)
    if placed >= possible:
        key = "solver.review_best" if placed else "solver.review_draw_right"
        message = said(key, before.rules, placed=placed)
    else:
        key = "solver.review_more" if placed else "solver.review_drew"
        steps = best.play.explain_steps() if best.play is not None else []
        lead = said(key, before.rules, placed=placed, possible=possible)
        message = " ".join([lead, *steps])
    return Review(placed, possible, best, key, message)


def _seconds() -> str:
    """The guard's patience in seconds, as the messages show it."""
    return f"{default_guard().timeout:g}"
