"""The meld view: form groups and runs from a hand (Rummy or Rummikub), lay them down, take them back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.lessons import deals
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import Verdict, check_meld
from rummy_teach.melds.search import Candidate, best_cover, valid_melds
from rummy_teach.pieces import Piece
from rummy_teach.rules import Rules, any_rules
from rummy_teach.rummikub.card_words import worded
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.answers import best_sets
from rummy_teach.widgets.base import Exercise

__all__ = ["MeldExercise"]


class MeldExercise(Exercise):
    """Form groups and runs from a hand (Rummy or Rummikub): pick pieces, lay them down as melds."""

    _esm = view_module("meld")
    _css = view_css("meld")

    def __init__(
        self,
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal | None = None,
        title: str = "",
        hand_number: int | None = None,
    ) -> None:
        any_rules(rules, type(self).__name__)
        # K-CARDS-1: Rummikub played with cards holds its pieces in a hand
        self.hand_label = worded("widgets.rack" if rules.uses_tiles else "widgets.hand", rules)
        self._shape: tuple[int, int] | None = None
        """The size and jokers of the exercise's own hand, which every dealt hand keeps."""
        self._solvable: bool | None = None
        self._catalogue: tuple[Candidate, ...] | None = None
        """Every valid meld among the starting hand's pieces, found once (for dead ends)."""
        super().__init__(
            hand, rules, goal=goal or Goal.make_meld(), title=title, hand_number=hand_number
        )

    def _zones(self) -> list[dict[str, Any]]:
        melds = self._meld_zones(role="meld", status="ok")
        for zone, verdict in zip(melds, self.laid_verdicts(), strict=True):
            if not verdict.ok:  # laid under a house rule switched off since: says why
                zone |= {"status": "bad", "note": verdict.message}
        return super()._zones() + melds

    def _buttons(self) -> list[dict[str, Any]]:
        return [self._lay_down_button(), *super()._buttons()]

    def _rule_ids(self) -> list[str]:
        cards = not self.rules.uses_tiles
        kind = self.goal_spec.kind
        group, run = ("R-MELD-1", "R-MELD-2") if cards else ("K-MELD-2", "K-MELD-3")
        ids = [group] if kind == "make_group" else [run] if kind == "make_run" else [group, run]
        if cards and kind != "make_group":
            ids.append("R-MELD-3")
        if not cards and any(piece.is_joker for piece in self.hand):
            ids.append("K-MELD-4")
        return ids

    def _nudge(self) -> str:
        which = {"make_run": "run", "make_group": "group"}.get(self.goal_spec.kind, "meld")
        return messages.text(f"widgets.hint.nudge.{which}", rules=self._rule_names())

    def _answer(self) -> str:
        kind = {"make_run": "run", "make_group": "group"}.get(self.goal_spec.kind)
        if self._dead_end_now():  # from the start instead: the way back to an answer
            sets = best_sets(self._pieces(self._start_hand), self.rules, kind=kind, by="pieces")
            if sets:
                pieces = messages.pieces_short(sets[0])
                return messages.text("every.hint.answer_restart", pieces=pieces)
        sets = best_sets(self.hand, self.rules, kind=kind, by="pieces")
        if not sets:
            return messages.text("widgets.hint.no_answer")
        return messages.text("widgets.hint.answer", pieces=messages.pieces_short(sets[0]))

    # ------------------------------------------------------------------ another hand, dead ends

    def _deal(self, number: int) -> bool:
        """Hand ``number`` for this goal, as many pieces and jokers as the exercise's own hand."""
        if self.goal_spec.kind not in deals.MELD_GOALS:
            return False
        if self._shape is None:
            start = self._pieces(self._start_hand)
            self._shape = (len(start), sum(piece.is_joker for piece in start))
        size, jokers = self._shape
        hand = deals.meld_hand(self.goal_spec, self.rules, number, size=size, jokers=jokers)
        self._solvable, self._catalogue = True, None
        self._new_position(hand)
        return True

    def _dead_end(self) -> str:
        """A meld laid down has left a hand that can no longer meet the goal (exhaustive search)."""
        goal = self.goal_spec
        if not self.melds or goal.kind not in deals.MELD_GOALS or len(self._start_hand) > 12:
            return ""
        if self._solvable is None:
            self._solvable = self._reaches(None)
        if not self._solvable or self._reaches(self._available()):
            return ""
        key = f"every.dead_end.{goal.kind}"
        if goal.kind == "lay_down_all" and goal.left:
            key += "_left"
        return messages.text(key, left=goal.left)

    def _candidates(self) -> tuple[Candidate, ...]:
        if self._catalogue is None:
            self._catalogue = valid_melds(self._pieces(self._start_hand), self.rules)
        return self._catalogue

    def _available(self) -> frozenset[int]:
        """The starting hand's indexes of the pieces in hand now."""
        index = {pid: at for at, pid in enumerate(self._start_hand)}
        return frozenset(index[pid] for pid in self.hand_ids if pid in index)

    def _reaches(self, available: frozenset[int] | None) -> bool:
        """Whether the pieces ``available`` (all if None) can still meet the goal (exhaustive)."""
        goal, candidates = self.goal_spec, self._candidates()
        if goal.kind == "lay_down_all":
            size = len(self._start_hand) if available is None else len(available)
            cover = best_cover(candidates, available, by="pieces")
            return size - sum(len(cand.indexes) for cand in cover) <= goal.left
        kind = {"make_run": "run", "make_group": "group"}.get(goal.kind)
        return any(
            (kind is None or cand.kind == kind) and (available is None or cand.indexes <= available)
            for cand in candidates
        )

    def laid_verdicts(self) -> list[Verdict]:
        """The verdict of each meld laid down so far."""
        return [check_meld(self._pieces(meld), self.rules) for meld in self.melds]

    def _after_change(self) -> None:
        # a meld the rules no longer allow (a house rule switched off) counts as not laid
        verdicts = self.laid_verdicts()
        valid = [verdict for verdict in verdicts if verdict.ok]
        left = len(self.hand_ids) + sum(
            len(meld) for meld, verdict in zip(self.melds, verdicts, strict=True) if not verdict.ok
        )
        self._set_solved(self.goal_spec.met_by_melds(valid, left))

    def _button(self, button_id: str) -> None:
        if button_id == "lay_down":
            self._lay_down()

    def _drop_on_hand(self, piece_id: str) -> bool:
        """A piece of a laid meld dragged back to the hand takes that meld back."""
        if piece_id in self.hand_ids:
            return False
        self._pick_elsewhere(piece_id)
        return True

    def _drop_on_button(self, piece_id: str, button_id: str) -> bool:
        """A hand piece dragged onto "Lay down" is laid down with the picked ones."""
        if button_id != "lay_down" or not self._select(piece_id):
            return False
        self._lay_down()
        return True

    def _lay_down(self) -> None:
        chosen = list(self.selected)
        if not chosen:
            self._refresh(self._idle_feedback())
            return
        verdict = check_meld(self._pieces(chosen), self.rules)
        self.last_verdict = verdict
        if not verdict.ok:
            self._refresh(self._feedback("bad", verdict.message))
            return
        self.melds.append(self._ordered(chosen, verdict))
        self.hand_ids = [pid for pid in self.hand_ids if pid not in chosen]
        self.selected = []
        self._after_change()
        message = messages.text(
            "widgets.laid_down",
            pieces=messages.pieces_short(self._pieces(chosen)),
            message=verdict.message,
        )
        self._refresh(self._solved_feedback(message))
