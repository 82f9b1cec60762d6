"""The opening view: build a Rummikub initial meld of at least 30 points, with a live tally (K-OPEN-1, K-OPEN-2).

With ``RummikubRules(pieces="cards")`` its sentences say card and hand (K-CARDS-1).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.lessons import deals
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import check_meld, check_opening
from rummy_teach.melds.search import best_cover
from rummy_teach.pieces import Piece, Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import said
from rummy_teach.rummikub.tiles import format_rummikub, full_set
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.answers import best_opening_points, best_sets
from rummy_teach.widgets.meld import MeldExercise

__all__ = ["OpeningExercise"]


class OpeningExercise(MeldExercise):
    """Build a Rummikub initial meld of at least 30 points from a rack, with a live tally (K-OPEN-2)."""

    _esm = view_module("opening")
    _css = view_css("opening")

    def __init__(
        self,
        rack: str | Sequence[Piece],
        rules: RummikubRules | None = None,
        *,
        goal: Goal | None = None,
        title: str = "",
        hand_number: int | None = None,
    ) -> None:
        self.opened = False
        self.drawn_id: str | None = None
        """The tile drawn (K-OPEN-1) once the learner drew instead of opening; in the rack then."""
        self._draw_pile: list[str] | None = None
        self._like: deals.OpeningKind | None = None
        """What kind of rack the exercise's own is (opens, only with two sets, cannot open)."""
        super().__init__(
            rack,
            rules or RummikubRules(),
            goal=goal or Goal.open(),
            title=title,
            hand_number=hand_number,
        )

    def _tile_to_draw(self) -> Tile:
        """The tile this exercise's pool gives when the learner draws: the same every time."""
        assert isinstance(self.rules, RummikubRules)
        rack = self._tiles(self._start_hand)
        pool = list(full_set(self.rules))
        for tile in rack:
            if tile in pool:
                pool.remove(tile)
        seed = zlib.crc32(format_rummikub(rack, self.rules).encode("utf-8"))
        return random.Random(seed).choice(pool)

    def _start(self) -> None:
        if self._draw_pile is None:  # the pool's tile, once per starting rack
            self._draw_pile = self._add_pieces([self._tile_to_draw()])
            self._show_pieces()
        self.opened = False
        self.drawn_id = None
        super()._start()

    def _deal(self, number: int) -> bool:
        """Rack ``number`` of the exercise's kind: as many tiles and jokers as its own rack.

        "Open" keeps whether the rack opens only with two sets; "open or draw" deals, by the
        number, a rack that can open or one that can't (K-OPEN-1, K-OPEN-2).
        """
        if self.goal_spec.kind not in ("open", "open_or_draw"):
            return False
        if self._shape is None or self._like is None:
            start = self._pieces(self._start_hand)
            self._shape = (len(start), sum(piece.is_joker for piece in start))
            self._like = deals.opening_kind(start, self.rules)
        size, jokers = self._shape
        rack = deals.opening_position(
            self.goal_spec, self.rules, number, size=size, jokers=jokers, like=self._like
        )
        self._draw_pile, self._solvable, self._catalogue = None, None, None
        self._new_position(rack)
        return True

    def _dead_end(self) -> str:
        """Sets laid down that leave the rack short of an opening it had (exhaustive search)."""
        if not self.melds or self.opened or len(self._start_hand) > 12:
            return ""
        candidates = self._candidates()
        if self._solvable is None:
            self._solvable = sum(cand.points for cand in best_cover(candidates)) >= self.needed
        rest = sum(cand.points for cand in best_cover(candidates, self._available()))
        if not self._solvable or self.laid_points() + rest >= self.needed:
            return ""
        return said("every.dead_end.open", self.rules, needed=self.needed)

    @property
    def needed(self) -> int:
        """Points the initial meld must reach (K-OPEN-2)."""
        assert isinstance(self.rules, RummikubRules)
        return self.rules.initial_meld_points

    def _picked_points(self) -> int:
        if len(self.selected) < 3:
            return 0
        verdict = check_meld(self._pieces(self.selected), self.rules)
        return verdict.points if verdict.ok else 0

    def laid_points(self) -> int:
        """Points of the sets laid down so far (each valid, K-MELD-*)."""
        return sum(verdict.points for verdict in self.laid_verdicts())

    def _tally(self) -> str:
        points = self.laid_points() + self._picked_points()
        key = "widgets.tally_enough" if points >= self.needed else "widgets.tally"
        return messages.text(key, points=points, needed=self.needed)

    def _buttons(self) -> list[dict[str, Any]]:
        buttons = [
            self._lay_down_button(),
            {
                "id": "open",
                "label": messages.text("widgets.button.open"),
                "enabled": bool(self.melds or len(self.selected) >= 3) and not self.opened,
            },
        ]
        if self.goal_spec.kind == "open_or_draw":
            buttons.append(
                {
                    "id": "draw",
                    "label": said("widgets.button.draw", self.rules),
                    "enabled": not self.opened,
                }
            )
        return [*buttons, *super(MeldExercise, self)._buttons()]  # Hint and Reset

    def _after_change(self) -> None:
        """Laying down or taking back sets never solves an opening: only putting it down does."""

    def _off_reason(self, button_id: str) -> str | None:
        """Open and Draw are off once the opening is made: said so, with how to start again."""
        if button_id in ("open", "draw") and self.opened:
            reset = messages.text("widgets.button.reset")
            return messages.text("widgets.opened_already", reset=reset)
        return super()._off_reason(button_id)

    def _rule_ids(self) -> list[str]:
        ids = ["K-OPEN-2"]
        if self.goal_spec.kind == "open_or_draw":
            ids.append("K-OPEN-1")
        if any(piece.is_joker for piece in self._pieces(self._start_hand)):
            ids.append("K-MELD-4")
        return ids

    def _nudge(self) -> str:
        return said("widgets.hint.nudge.opening", self.rules, rules=self._rule_names())

    def _answer(self) -> str:
        start = self._pieces(self._start_hand)
        sets = best_sets(start, self.rules, by="points")
        points = sum(check_meld(meld, self.rules).points for meld in sets)
        if points < self.needed:
            return said("widgets.hint.answer_draw", self.rules, points=points, needed=self.needed)
        return messages.text(
            "widgets.hint.answer_opening",
            sets=" + ".join(messages.pieces_short(meld) for meld in sets),
            points=points,
        )

    def _button(self, button_id: str) -> None:
        if button_id == "lay_down":
            self._lay_down()
        elif button_id == "open":
            self._open()
        elif button_id == "draw":
            self._draw()

    def _open(self) -> None:
        if self.selected:
            verdict = check_meld(self._pieces(self.selected), self.rules)
            if not verdict.ok:
                self.last_verdict = verdict
                self._refresh(self._feedback("bad", verdict.message))
                return
            self._lay_down()
        assert isinstance(self.rules, RummikubRules)
        verdict = check_opening([self._tiles(meld) for meld in self.melds], self.rules)
        self.last_verdict = verdict
        if not verdict.ok:
            self._refresh(self._feedback("bad", verdict.message))
            return
        self.opened = True
        self._set_solved(self.goal_spec.kind in ("open", "open_or_draw"))
        self._refresh(self._solved_feedback(verdict.message))

    def _tiles(self, ids: Sequence[str]) -> list[Tile]:
        return [piece for piece in self._pieces(ids) if isinstance(piece, Tile)]

    def best_points(self) -> int:
        """The most points any initial meld from the starting rack is worth (small racks: exhaustive)."""
        return best_opening_points(self._pieces(self._start_hand), self.rules)

    def _draw(self) -> None:
        best = self.best_points()
        if best >= self.needed:
            self._refresh(self._feedback("bad", said("widgets.draw_wrong", self.rules, best=best)))
            return
        # K-OPEN-1: the table is not touched, so the sets laid down go back, and a tile is drawn
        self.hand_ids = [*self.hand_ids, *(pid for meld in self.melds for pid in meld)]
        self.melds = []
        self.selected = []
        assert self._draw_pile is not None
        self.drawn_id = self._draw_pile[0]
        self.hand_ids.append(self.drawn_id)
        self.opened = True
        self._set_solved(True)
        drew = said("widgets.drew", self.rules, tile=messages.piece_short(self._all[self.drawn_id]))
        right = said("widgets.draw_right", self.rules, best=best, needed=self.needed)
        self._refresh(self._solved_feedback(f"{right} {drew}"))
