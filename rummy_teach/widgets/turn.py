"""The Rummy turn view: one whole turn from a set position (R-TURN-1 … R-TURN-6, R-OUT-1).

Draw (stock or discard), lay down melds and lay off onto anyone's meld (optional), discard; going
out by melding, laying off or discarding the last card ends the exercise at once. The goal is
judged when the turn is over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, shown
from rummy_teach.lessons.deals_turn import TURN_LEFT, turn_deal
from rummy_teach.lessons.goals import Goal
from rummy_teach.pieces import format_pieces
from rummy_teach.rules import Rules, RummyRules
from rummy_teach.rummy.moves import Move
from rummy_teach.rummy.setup import from_position
from rummy_teach.rummy.state import RummyState
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.rummy_play import RummyPlay

__all__ = ["TurnExercise"]


class TurnExercise(RummyPlay):
    """Play one Rummy turn from a position: draw, meld and lay off as you like, discard."""

    _esm = view_module("turn")
    _css = view_css("turn")

    def __init__(
        self,
        position: RummyState | Mapping[str, Any],
        goal: Goal | None = None,
        *,
        title: str = "",
    ) -> None:
        self.position = _state_of(position)
        self.dealt: int | None = None
        """The number of the hand dealt by ``_deal`` (None: the position given)."""
        super().__init__(
            self.position,
            learner=self.position.current_player,
            goal=goal or Goal.play_turn(TURN_LEFT),
            title=title,
        )

    def _start(self) -> None:
        self.state = self.position
        self._begin_turn()
        self.solved = False
        self.last_verdict = None
        self.hint_level = 0
        self._refresh(self._idle_feedback())

    def _deal(self, number: int) -> bool:
        """A fresh position of lesson 3's kind, the same for everyone with the same ``number``."""
        self.position = from_position(**turn_deal(number), rules=self.position.rules)
        self.learner = self.position.current_player
        self.dealt = number
        self._start()
        return True

    def set_rules(self, rules: Rules) -> None:
        """Judge the turn by ``rules`` (a house rule switched): the moves made so far are played
        again from the start under them, and the first one they refuse is taken back, in the
        engine's words; the goal is judged again."""
        if not isinstance(rules, RummyRules):
            raise RulesError(f"this exercise is played by Rummy rules, not {shown(rules)}")
        moves = [move for _, move in self.state.log[len(self.position.log) :]]
        self.position = dataclasses.replace(self.position, rules=rules)
        self.rules, self.goal = rules, self.goal_spec.text(rules)
        state, refused = self.position, ""
        for move in moves:
            try:
                state = state.apply(move)
            except IllegalMoveError as error:
                refused = str(error)
                break
        self.state = state
        self._begin_turn()
        went_out = state.is_over and state.winner == self.learner
        over = state.is_over or state.current_player != self.learner
        hand_size = len(state.hands[self.learner])
        self._set_solved(
            over and self.goal_spec.met_by_turn(hand_size, went_out=went_out, turn_over=True)
        )
        if refused:
            self._say("bad", messages.text("turn.rules_refused", why=refused))
        else:
            self._say("info", messages.text("turn.rules_kept"))

    def _moved(self, before: RummyState, move: Move, said: str) -> None:
        state = self.state
        went_out = state.is_over and state.winner == self.learner
        turn_over = state.is_over or state.current_player != self.learner
        if not turn_over:
            super()._moved(before, move, said)
            return
        hand_size = len(state.hands[self.learner])
        met = self.goal_spec.met_by_turn(hand_size, went_out=went_out, turn_over=True)
        self._set_solved(met)
        if went_out:
            text = messages.text("turn.out", said=said, result=state.result_message())
        elif met:
            text = messages.text("turn.done", said=said, goal=messages.text("widgets.solved"))
        else:
            text = messages.text("turn.not_met", said=said, goal=self.goal)
        self._say("solved" if met else "bad", text)

    def __repr__(self) -> str:
        hand = format_pieces(self.position.hand)
        return f"TurnExercise(hand={hand!r}, rules={self.rules.key!r})"


def _state_of(position: RummyState | Mapping[str, Any]) -> RummyState:
    """The position as a state: given, or set up from ``from_position``'s arguments."""
    if isinstance(position, RummyState):
        return position
    if not isinstance(position, Mapping):
        raise RulesError(
            f"a turn exercise plays a RummyState or from_position's arguments, not {shown(position)}"
        )
    return from_position(**position)
