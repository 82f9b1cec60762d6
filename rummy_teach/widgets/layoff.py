"""The lay-off view: cards from a hand onto melds on the table (R-TURN-3, R-TURN-4); table cards never move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.lessons import deals
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import check_layoff
from rummy_teach.melds.search import best_layoffs
from rummy_teach.pieces import Piece, as_pieces
from rummy_teach.rules import Rules
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.given import parse

__all__ = ["LayoffExercise"]


class LayoffExercise(Exercise):
    """Lay off cards from a hand onto melds on the table (R-TURN-3, R-TURN-4); table cards never move."""

    _esm = view_module("layoff")
    _css = view_css("layoff")

    def __init__(
        self,
        table: Sequence[str | Sequence[Piece]],
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal | None = None,
        title: str = "",
        hand_number: int | None = None,
    ) -> None:
        self._table_start: list[list[Piece]] = [
            parse(meld, rules) for meld in as_pieces(table, "the table", "melds")
        ]
        self._table_ids: list[list[str]] | None = None
        self._shape: tuple[int, int] | None = None
        """How many melds and hand cards the exercise's own position has: every deal keeps them."""
        self._solvable: bool | None = None
        super().__init__(
            hand, rules, goal=goal or Goal.lay_off_all(), title=title, hand_number=hand_number
        )

    def _start(self) -> None:
        if self._table_ids is None:
            self._table_ids = [self._add_pieces(meld) for meld in self._table_start]
            self._show_pieces()
        super()._start()
        self.melds = [list(meld) for meld in self._table_ids]
        self._refresh(self._idle_feedback())

    def _zones(self) -> list[dict[str, Any]]:
        return super()._zones() + self._meld_zones(role="table", status="none")

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", messages.text("widgets.layoff_pick_first"))

    def _rule_ids(self) -> list[str]:
        return ["R-TURN-3"] if not self.rules.uses_tiles else ["K-MELD-2", "K-MELD-3"]

    def _nudge(self) -> str:
        return messages.text("widgets.hint.nudge.layoff", rules=self._rule_names())

    def _answer(self) -> str:
        """The first lay-off of an order that places the most cards (from the start if stuck)."""
        table, hand, key = self._table_pieces(), self.hand, "widgets.hint.answer_layoff"
        if self._dead_end_now():
            table, hand = self._table_start, self._pieces(self._start_hand)
            key = "every.hint.answer_layoff_restart"
        plan = best_layoffs(table, hand, self.rules)
        if not plan:
            return messages.text("widgets.hint.no_answer")
        piece, meld = plan[0]
        return messages.text(
            key, piece=messages.piece_short(hand[piece]), meld=messages.pieces_short(table[meld])
        )

    def _table_pieces(self) -> list[list[Piece]]:
        return [self._pieces(meld) for meld in self.melds]

    # ------------------------------------------------------------------ another hand, dead ends

    def _deal(self, number: int) -> bool:
        """Position ``number``: as many table melds and hand cards as the exercise's own."""
        if self.goal_spec.kind != "lay_off_all":
            return False
        if self._shape is None:
            self._shape = (len(self._table_start), len(self._start_hand))
        melds, size = self._shape
        deal = deals.layoff_position(self.goal_spec, self.rules, number, melds=melds, size=size)
        self._table_start = [list(meld) for meld in deal.table]
        self._table_ids, self._solvable = None, True
        self._new_position(deal.hand)
        return True

    def _dead_end(self) -> str:
        """A card laid off has left cards that can no longer all go (exhaustive search, R-TURN-3)."""
        if self._table_ids is None or self.melds == self._table_ids or len(self._start_hand) > 10:
            return ""  # nothing laid off yet (or a hand too big for an exhaustive search)
        left = self.goal_spec.left
        if self._solvable is None:
            start = self._pieces(self._start_hand)
            plan = best_layoffs(self._table_start, start, self.rules, enough=len(start) - left)
            self._solvable = len(start) - len(plan) <= left
        hand = self.hand
        plan = best_layoffs(self._table_pieces(), hand, self.rules, enough=len(hand) - left)
        if not self._solvable or len(hand) - len(plan) <= left:
            return ""
        placed = {piece for piece, _meld in plan}
        stuck = [piece for index, piece in enumerate(hand) if index not in placed]
        return messages.text("every.dead_end.lay_off_all", pieces=messages.pieces_short(stuck))

    def _pick_elsewhere(self, piece_id: str) -> None:
        for index, meld in enumerate(self.melds):
            if piece_id in meld:
                if not self.selected:
                    piece = messages.piece_short(self._all[piece_id])
                    self._refresh(
                        self._feedback(
                            "bad", messages.text("widgets.table_never_moves", piece=piece)
                        )
                    )
                    return
                self._lay_off(index)
                return
        self._refuse("piece that cannot be picked now", piece_id)

    def _drop_on_meld(self, piece_id: str, index: int) -> bool:
        """A hand card dragged onto a table meld is laid off there, with the picked ones."""
        if not self._select(piece_id):
            return False
        self._lay_off(index)
        return True

    def _lay_off(self, index: int) -> None:
        chosen = list(self.selected)
        meld = self.melds[index]
        verdict = check_layoff(self._pieces(meld), self._pieces(chosen), self.rules)
        self.last_verdict = verdict
        if not verdict.ok:
            self._refresh(self._feedback("bad", verdict.message))
            return
        self.melds[index] = self._ordered(meld + chosen, verdict)
        self.hand_ids = [pid for pid in self.hand_ids if pid not in chosen]
        self.selected = []
        self._set_solved(self.goal_spec.met_by_melds([], len(self.hand_ids)))
        self._refresh(
            self._solved_feedback(messages.text("widgets.laid_off", message=verdict.message))
        )

    def _preview(self) -> dict[str, str]:
        chosen = self._pieces(self.selected)
        if not chosen:
            return self._idle_feedback()
        for meld in self.melds:
            verdict = check_layoff(self._pieces(meld), chosen, self.rules)
            if verdict.ok:
                fits = messages.text(
                    "widgets.layoff_fits",
                    pieces=messages.pieces_short(chosen),
                    meld=messages.pieces_short(self._pieces(meld)),
                )
                return self._feedback("ok", fits)
        return self._feedback(
            "info", messages.text("widgets.layoff_fits_none", pieces=messages.pieces_short(chosen))
        )
