"""The spot-the-mistake view: melds shown side by side; the learner marks the faulty ones, then checks.

Each meld is a zone (``s0``, ``s1`` …, role ``table``); clicking any of its pieces marks or unmarks
the whole meld (its pieces show as pressed). "Check" judges every meld with the engine
(``check_meld``) and writes its verdict under it, in the engine's words, saying whether the mark
was right; the level is solved when exactly the faulty melds are marked. A house rule switched
(``set_rules``, the rules picker) judges the melds again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.lessons.deals_spot import spot_melds
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import Verdict, check_meld
from rummy_teach.pieces import Piece, as_pieces, format_pieces
from rummy_teach.rules import Rules, RummyRules
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.given import parse

__all__ = ["SpotExercise"]


class SpotExercise(Exercise):
    """Spot the mistake: mark the melds that are not valid, then check them all at once."""

    _esm = view_module("spot")
    _css = view_css("spot")

    def __init__(
        self, melds: Sequence[str | Sequence[Piece]], rules: Rules, *, title: str = ""
    ) -> None:
        shown = [parse(meld, rules) for meld in as_pieces(melds, "the argument melds", "melds")]
        self._sizes = [len(meld) for meld in shown]
        self.marked: list[int] = []
        """The melds (by index) the learner has marked as wrong, in the order marked."""
        self.checked = False
        """Whether Check was pressed since the marks or rules last changed the answer."""
        super().__init__(
            [piece for meld in shown for piece in meld], rules, goal=Goal.spot(), title=title
        )
        self.par = max(1, len(self.faulty())) + 1

    def _deal(self, number: int) -> bool:
        """Row ``number``: fresh melds with the lesson's slips among valid ones (engine-judged)."""
        if not isinstance(self.rules, RummyRules):
            return False
        shown = [parse(meld, self.rules) for meld in spot_melds(number, self.rules)]
        self._sizes = [len(meld) for meld in shown]
        self._new_position([piece for meld in shown for piece in meld])
        self.par = max(1, len(self.faulty())) + 1
        return True

    # ------------------------------------------------------------------ state

    def _start(self) -> None:
        ids, self.groups = list(self._start_hand), []
        for size in self._sizes:
            self.groups.append(ids[:size])
            ids = ids[size:]
        self.marked, self.checked = [], False
        super()._start()
        self.hand_ids = []
        self._refresh(self._idle_feedback())

    def verdicts(self) -> list[Verdict]:
        """The engine's verdict on each meld, under the rules now."""
        return [check_meld(self._pieces(group), self.rules) for group in self.groups]

    def faulty(self) -> list[int]:
        """The melds (by index) that are not valid under the rules now."""
        return [index for index, verdict in enumerate(self.verdicts()) if not verdict.ok]

    def _meld_words(self, index: int) -> dict[str, object]:
        return {
            "number": index + 1,
            "pieces": messages.pieces_short(self._pieces(self.groups[index])),
        }

    # ------------------------------------------------------------------ view

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", messages.text("spot.idle"))

    def _zones(self) -> list[dict[str, Any]]:
        zones = []
        verdicts = self.verdicts()
        for index, group in enumerate(self.groups):
            zone: dict[str, Any] = {
                "id": f"s{index}",
                "label": messages.text("spot.zone", **self._meld_words(index)),
                "role": "table",
                "pieces": group,
            }
            marked, verdict = index in self.marked, verdicts[index]
            if self.checked:
                note = {
                    (True, False): "spot.note.found",
                    (False, False): "spot.note.missed",
                    (True, True): "spot.note.mistaken",
                    (False, True): "spot.note.fine",
                }[(marked, verdict.ok)]
                zone |= {
                    "status": "ok" if verdict.ok else "bad",
                    "note": messages.text(note, message=verdict.message),
                }
            elif marked:
                zone |= {"status": "info", "note": messages.text("spot.note.marked")}
            zones.append(zone)
        return zones

    def _buttons(self) -> list[dict[str, Any]]:
        check = {"id": "check", "label": messages.text("spot.button.check"), "enabled": True}
        return [check, *super()._buttons()]

    # ------------------------------------------------------------------ the learner's actions

    def _pick(self, piece_id: str) -> None:
        index = next((i for i, group in enumerate(self.groups) if piece_id in group), None)
        if index is None:  # pragma: no cover - every piece of this view lies in a meld
            self._refuse("piece in no meld", piece_id)
            return
        if index in self.marked:
            self.marked = [i for i in self.marked if i != index]
            key = "spot.unmarked"
        else:
            self.marked = [*self.marked, index]
            key = "spot.marked"
        self.selected = [pid for i in sorted(self.marked) for pid in self.groups[i]]
        self._refresh(self._feedback("info", messages.text(key, **self._meld_words(index))))

    def _button(self, button_id: str) -> None:
        if button_id != "check":
            self._refuse("unknown button", button_id)
            return
        self.checked = True
        faulty, marked = self.faulty(), set(self.marked)
        found = len(marked & set(faulty))
        mistaken = len(marked - set(faulty))
        self._set_solved(found == len(faulty) and not mistaken)
        if self.solved:
            key = "spot.all_found" if faulty else "spot.none_faulty"
            message = messages.text(key, faulty=len(faulty), total=len(self.groups))
            self._refresh(self._solved_feedback(message))
            return
        text = messages.text("spot.not_all", found=found, faulty=len(faulty), mistaken=mistaken)
        self._refresh(self._feedback("bad", text))

    def _rejudge(self) -> dict[str, str]:
        self.checked = False
        self._set_solved(False)
        return self._feedback("info", messages.text("spot.rejudged"))

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        if self.rules.uses_tiles:
            jokers = any(piece.is_joker for piece in self._all.values())
            return ["K-MELD-2", "K-MELD-3", *(["K-MELD-4"] if jokers else [])]
        return ["R-MELD-1", "R-MELD-2", "R-MELD-3"]

    def _nudge(self) -> str:
        return messages.text("spot.hint.nudge", rules=self._rule_names())

    def _answer(self) -> str:
        faulty = self.faulty()
        if not faulty:
            return messages.text("spot.hint.answer_none")
        melds = messages.join(
            messages.text("spot.hint.meld", **self._meld_words(i)) for i in faulty
        )
        return messages.text("spot.hint.answer", melds=melds)

    def __repr__(self) -> str:
        melds = [format_pieces(self._pieces(group)) for group in self.groups]
        return f"SpotExercise({melds!r}, rules={self.rules.key!r})"
