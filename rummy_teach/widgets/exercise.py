"""The exercise views: MeldExercise, LayoffExercise and OpeningExercise (anywidget).

The browser sends only the learner's intent through one synced trait, ``request``
(``{"action": "pick" | "button", "id": ..., "seq": n}``); Python checks it against the state,
asks the engine (``check_meld``, ``check_layoff``, ``check_opening``) and syncs back what the
view shows: pieces (as svg.py's pictures), zones, the selection, feedback in the engine's words,
a live tally, and ``solved``. Every other trait is Python's: values the browser sends for them
are dropped with a log line (``set_state``), so a hostile page cannot change the exercise.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

import anywidget
import traitlets

from rummy_teach import messages, svg
from rummy_teach.melds import Verdict, check_layoff, check_meld, check_opening
from rummy_teach.pieces import Piece, Tile, format_pieces, parse_pieces
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.widgets._assets import asset
from rummy_teach.widgets.goals import Goal

__all__ = ["Exercise", "LayoffExercise", "MeldExercise", "OpeningExercise"]

MAX_ID_LENGTH = 16
"""Longest piece or button id the view ever sends; anything longer is hostile or broken."""
SuccessCallback = Callable[["Exercise"], None]


def _parse(text: str | Sequence[Piece], rules: Rules) -> list[Piece]:
    if isinstance(text, str):
        return list(parse_pieces(text, tiles=rules.uses_tiles))
    return list(text)


class Exercise(anywidget.AnyWidget):
    """What every exercise shares: pieces with ids, a hand, zones, feedback, Reset and success."""

    _esm = asset("exercise.js")
    _css = asset("exercise.css")

    title = traitlets.Unicode("").tag(sync=True)
    goal = traitlets.Unicode("").tag(sync=True)
    instructions = traitlets.Unicode("").tag(sync=True)
    pieces = traitlets.Dict().tag(sync=True)
    zones: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    selected: traitlets.List[str] = traitlets.List().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    tally = traitlets.Unicode("").tag(sync=True)
    buttons: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    request = traitlets.Dict().tag(sync=True)
    """The only trait the browser may set: the learner's next action."""

    BROWSER_TRAITS: ClassVar[frozenset[str]] = frozenset({"request"})

    def __init__(
        self, hand: str | Sequence[Piece], rules: Rules, *, goal: Goal, title: str = ""
    ) -> None:
        super().__init__()
        self.rules = rules
        self.goal_spec = goal
        self._all: dict[str, Piece] = {}
        self._start_hand = self._add_pieces(_parse(hand, rules))
        self._callbacks: list[SuccessCallback] = []
        self.last_verdict: Verdict | None = None
        self.ignored = 0
        """How many browser messages were refused as malformed or hostile."""
        self.title = title
        self.goal = goal.text(rules)
        self.instructions = messages.text("widgets.instructions")
        self.pieces = {
            piece_id: {
                "svg": svg.piece_svg(piece),
                "name": messages.piece_name(piece),
                "short": messages.piece_short(piece),
            }
            for piece_id, piece in self._all.items()
        }
        self.hand_label = getattr(self, "hand_label", "widgets.hand")
        self.observe(self._on_request, names="request")
        self._start()

    # ------------------------------------------------------------------ state

    def _add_pieces(self, pieces: Sequence[Piece]) -> list[str]:
        ids = []
        for piece in pieces:
            piece_id = f"p{len(self._all)}"
            self._all[piece_id] = piece
            ids.append(piece_id)
        return ids

    def _start(self) -> None:
        """Put every piece back where the exercise starts."""
        self.hand_ids: list[str] = list(self._start_hand)
        self.melds: list[list[str]] = []
        self.selected = []
        self.solved = False
        self.last_verdict = None
        self.hint_level = 0
        self._refresh(self._idle_feedback())

    def reset(self) -> None:
        """Start the exercise again (the Reset button)."""
        self._start()
        self._refresh(self._feedback("info", messages.text("widgets.reset_done")))

    def on_success(self, callback: SuccessCallback) -> None:
        """Call ``callback(exercise)`` each time the goal is met."""
        self._callbacks.append(callback)

    def piece(self, piece_id: str) -> Piece:
        """The piece behind an id."""
        return self._all[piece_id]

    def ids_of(self, notation: str) -> list[str]:
        """Ids of pieces (in hand first, then anywhere) matching ``notation``, as the view would pick them."""
        wanted = _parse(notation, self.rules)
        chosen: list[str] = []
        order = self.hand_ids + [pid for pid in self._all if pid not in self.hand_ids]
        for piece in wanted:
            for pid in order:
                if pid not in chosen and self._all[pid] == piece:
                    chosen.append(pid)
                    break
        return chosen

    @property
    def hand(self) -> list[Piece]:
        """The pieces in the learner's hand or rack now."""
        return [self._all[pid] for pid in self.hand_ids]

    def _pieces(self, ids: Sequence[str]) -> list[Piece]:
        return [self._all[pid] for pid in ids]

    def _ordered(self, ids: Sequence[str], verdict: Verdict) -> list[str]:
        """``ids`` in the order of the verdict's reading, each joker where it stands."""
        if not verdict.reading:
            return list(ids)
        unused = list(ids)
        ordered = []
        for piece in verdict.reading:
            match = next((pid for pid in unused if self._all[pid] == piece), None)
            if match is None:
                match = next((pid for pid in unused if self._all[pid].is_joker), None)
            if match is None:
                return list(ids)
            unused.remove(match)
            ordered.append(match)
        return ordered + unused

    def _return_to_hand(self, ids: Sequence[str]) -> None:
        start = {pid: index for index, pid in enumerate(self._start_hand)}
        self.hand_ids = sorted(
            self.hand_ids + list(ids), key=lambda pid: start.get(pid, len(start))
        )

    # ------------------------------------------------------------------ view

    @staticmethod
    def _feedback(status: str, message: str) -> dict[str, str]:
        return {
            "status": status,
            "status_text": messages.text(f"widgets.status.{status}"),
            "message": message,
        }

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", messages.text("widgets.pick_some"))

    def _zones(self) -> list[dict[str, Any]]:
        return [
            {
                "id": "hand",
                "label": messages.text(self.hand_label),
                "role": "hand",
                "pieces": self.hand_ids,
            }
        ]

    def _meld_zones(self, *, role: str, status: str) -> list[dict[str, Any]]:
        """One zone per meld, labelled with its pieces."""
        return [
            {
                "id": f"m{number - 1}",
                "label": messages.text(
                    "widgets.meld_label",
                    number=number,
                    pieces=messages.pieces_short(self._pieces(meld)),
                ),
                "role": role,
                "status": status,
                "pieces": meld,
            }
            for number, meld in enumerate(self.melds, start=1)
        ]

    def _buttons(self) -> list[dict[str, Any]]:
        return [
            {
                "id": "hint",
                "label": messages.text("widgets.button.hint"),
                "enabled": not self.solved,
            },
            {"id": "reset", "label": messages.text("widgets.button.reset"), "enabled": True},
        ]

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        """The RULES.md ids this exercise practises, for the hint ladder."""
        return []

    def _nudge(self) -> str:
        return messages.text("widgets.hint.nudge.meld", rules=", ".join(self._rule_ids()))

    def _rule_texts(self) -> str:
        texts = []
        for rule in self._rule_ids():
            key = "widgets.rule." + rule.lower().replace("-", "_")
            if (
                rule == "R-MELD-3"
                and isinstance(self.rules, RummyRules)
                and self.rules.ace == "low_or_high"
            ):
                key += ".high"
            needed = self.rules.initial_meld_points if isinstance(self.rules, RummikubRules) else 0
            texts.append(messages.text(key, needed=needed))
        return " ".join(texts)

    def _answer(self) -> str:
        return messages.text("widgets.hint.no_answer")

    def hints(self) -> list[str]:
        """The hint ladder now: a nudge naming the rule, the rule's text, then an answer."""
        return [self._nudge(), self._rule_texts(), self._answer()]

    def _hint(self) -> None:
        ladder = self.hints()
        self.hint_level = min(self.hint_level + 1, len(ladder))
        text = messages.text(
            "widgets.hint",
            level=self.hint_level,
            levels=len(ladder),
            hint=ladder[self.hint_level - 1],
        )
        self._refresh(self._feedback("info", text))

    def _tally(self) -> str:
        return ""

    def _refresh(self, feedback: dict[str, str]) -> None:
        """Sync everything the view shows, in one go."""
        with self.hold_sync():
            self.zones = self._zones()
            self.buttons = self._buttons()
            self.tally = self._tally()
            self.feedback = feedback

    def _set_solved(self, solved: bool) -> None:
        was = self.solved
        self.solved = solved
        if solved and not was:
            for callback in list(self._callbacks):
                callback(self)

    # ------------------------------------------------------------------ input from the browser

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Accept from the browser only the traits it may set; drop the rest with a log line."""
        if not isinstance(sync_data, dict):
            self._refuse("state update that is not a mapping", sync_data)
            return
        allowed = {name: value for name, value in sync_data.items() if name in self.BROWSER_TRAITS}
        for name in sync_data:
            if name not in self.BROWSER_TRAITS:
                self._refuse(f"browser tried to set {name!r}", sync_data[name])
        if allowed:
            try:
                super().set_state(allowed)
            except traitlets.TraitError:
                self._refuse("request of the wrong type", allowed)

    def _refuse(self, why: str, value: object) -> None:
        self.ignored += 1
        self.log.warning("rummy_teach exercise ignored %s: %.80r", why, value)

    def _on_request(self, change: dict[str, Any]) -> None:
        request = change["new"]
        try:
            self._handle(request)
        except Exception:  # a learner's click must never crash the kernel
            self.log.exception("rummy_teach exercise failed on request %.80r", request)

    def _handle(self, request: object) -> None:
        if not isinstance(request, dict) or not request:
            if request:
                self._refuse("malformed request", request)
            return
        action = request.get("action")
        target = request.get("id")
        if (
            action not in ("pick", "button")
            or not isinstance(target, str)
            or len(target) > MAX_ID_LENGTH
        ):
            self._refuse("malformed request", request)
            return
        if action == "pick":
            if target not in self._all:
                self._refuse("unknown piece id", target)
                return
            self._pick(target)
            return
        shown = self._buttons()
        enabled = {button["id"] for button in shown if button["enabled"]}
        # "Lay down" greyed out (too few picked) still answers, with the engine's reason (R-MELD-1)
        enabled |= {button["id"] for button in shown if button["id"] == "lay_down"}
        if target not in enabled:
            self._refuse("unknown or disabled button", target)
            return
        if target == "reset":
            self.reset()
        elif target == "hint":
            self._hint()
        else:
            self._button(target)

    def _pick(self, piece_id: str) -> None:
        if piece_id in self.hand_ids:
            chosen = list(self.selected)
            if piece_id in chosen:
                chosen.remove(piece_id)
            else:
                chosen.append(piece_id)
            self.selected = chosen
            self._refresh(self._preview())
            return
        self._pick_elsewhere(piece_id)

    def _pick_elsewhere(self, piece_id: str) -> None:
        for index, meld in enumerate(self.melds):
            if piece_id in meld:
                self._take_back(index)
                return
        self._refuse("piece that cannot be picked now", piece_id)

    def _take_back(self, index: int) -> None:
        meld = self.melds.pop(index)
        self._return_to_hand(meld)
        self.selected = []
        self._after_change()
        self._refresh(
            self._feedback(
                "info",
                messages.text(
                    "widgets.took_back", pieces=messages.pieces_short(self._pieces(meld))
                ),
            )
        )

    def _button(self, button_id: str) -> None:
        """Subclasses handle their own buttons."""

    def _after_change(self) -> None:
        """Subclasses re-check the goal after the table changed."""

    def _preview(self) -> dict[str, str]:
        """What the picked pieces make, in the engine's words (instant feedback)."""
        chosen = self._pieces(self.selected)
        if not chosen:
            return self._idle_feedback()
        if len(chosen) < 3:
            key = "widgets.picked_one" if len(chosen) == 1 else "widgets.picked_two"
            return self._feedback("info", messages.text(key, pieces=messages.pieces_short(chosen)))
        verdict = check_meld(chosen, self.rules)
        self.last_verdict = verdict
        return self._feedback("ok" if verdict.ok else "bad", verdict.message)

    def _solved_feedback(self, message: str) -> dict[str, str]:
        if self.solved:
            goal = messages.text("widgets.solved")
            return self._feedback("solved", f"{message} {goal}")
        return self._feedback("ok", message)

    def __repr__(self) -> str:
        hand = format_pieces(self._pieces(self._start_hand))
        return f"{type(self).__name__}({hand!r}, rules={self.rules.key!r})"


class MeldExercise(Exercise):
    """Form groups and runs from a hand (Rummy or Rummikub): pick pieces, lay them down as melds."""

    def __init__(
        self,
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal | None = None,
        title: str = "",
    ) -> None:
        self.hand_label = "widgets.rack" if rules.uses_tiles else "widgets.hand"
        super().__init__(hand, rules, goal=goal or Goal.make_meld(), title=title)

    def _zones(self) -> list[dict[str, Any]]:
        return super()._zones() + self._meld_zones(role="meld", status="ok")

    def _buttons(self) -> list[dict[str, Any]]:
        return [
            {
                "id": "lay_down",
                "label": messages.text("widgets.button.lay_down"),
                "enabled": len(self.selected) >= 3,
            },
            *super()._buttons(),
        ]

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
        return messages.text(f"widgets.hint.nudge.{which}", rules=", ".join(self._rule_ids()))

    def _answer(self) -> str:
        kind = {"make_run": "run", "make_group": "group"}.get(self.goal_spec.kind)
        sets = best_sets(self.hand, self.rules, kind=kind, by="pieces")
        if not sets:
            return messages.text("widgets.hint.no_answer")
        return messages.text("widgets.hint.answer", pieces=messages.pieces_short(sets[0]))

    def laid_verdicts(self) -> list[Verdict]:
        """The verdict of each meld laid down so far."""
        return [check_meld(self._pieces(meld), self.rules) for meld in self.melds]

    def _after_change(self) -> None:
        self._set_solved(self.goal_spec.met_by_melds(self.laid_verdicts(), len(self.hand_ids)))

    def _button(self, button_id: str) -> None:
        if button_id == "lay_down":
            self._lay_down()

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


class LayoffExercise(Exercise):
    """Lay off cards from a hand onto melds on the table (R-TURN-3, R-TURN-4); table cards never move."""

    def __init__(
        self,
        table: Sequence[str | Sequence[Piece]],
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal | None = None,
        title: str = "",
    ) -> None:
        self._table_start: list[list[Piece]] = [_parse(meld, rules) for meld in table]
        super().__init__(hand, rules, goal=goal or Goal.lay_off_all(), title=title)

    def _start(self) -> None:
        if not hasattr(self, "_table_ids"):
            self._table_ids = [self._add_pieces(meld) for meld in self._table_start]
            self.pieces = {
                piece_id: {
                    "svg": svg.piece_svg(piece),
                    "name": messages.piece_name(piece),
                    "short": messages.piece_short(piece),
                }
                for piece_id, piece in self._all.items()
            }
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
        return messages.text("widgets.hint.nudge.layoff", rules=", ".join(self._rule_ids()))

    def _answer(self) -> str:
        for piece in self.hand:
            for meld in self.melds:
                if check_layoff(self._pieces(meld), [piece], self.rules).ok:
                    return messages.text(
                        "widgets.hint.answer_layoff",
                        piece=messages.piece_short(piece),
                        meld=messages.pieces_short(self._pieces(meld)),
                    )
        return messages.text("widgets.hint.no_answer")

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


class OpeningExercise(MeldExercise):
    """Build a Rummikub initial meld of at least 30 points from a rack, with a live tally (K-OPEN-2)."""

    def __init__(
        self,
        rack: str | Sequence[Piece],
        rules: RummikubRules | None = None,
        *,
        goal: Goal | None = None,
        title: str = "",
    ) -> None:
        self.opened = False
        super().__init__(rack, rules or RummikubRules(), goal=goal or Goal.open(), title=title)

    def _start(self) -> None:
        self.opened = False
        super()._start()

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
            {
                "id": "lay_down",
                "label": messages.text("widgets.button.lay_down"),
                "enabled": len(self.selected) >= 3,
            },
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
                    "label": messages.text("widgets.button.draw"),
                    "enabled": not self.opened,
                }
            )
        buttons.append(
            {"id": "reset", "label": messages.text("widgets.button.reset"), "enabled": True}
        )
        return buttons

    def _after_change(self) -> None:
        """Laying down or taking back sets never solves an opening: only putting it down does."""

    def _rule_ids(self) -> list[str]:
        ids = ["K-OPEN-2"]
        if self.goal_spec.kind == "open_or_draw":
            ids.append("K-OPEN-1")
        if any(piece.is_joker for piece in self._pieces(self._start_hand)):
            ids.append("K-MELD-4")
        return ids

    def _nudge(self) -> str:
        return messages.text("widgets.hint.nudge.opening", rules=", ".join(self._rule_ids()))

    def _answer(self) -> str:
        start = self._pieces(self._start_hand)
        sets = best_sets(start, self.rules, by="points")
        points = sum(check_meld(meld, self.rules).points for meld in sets)
        if points < self.needed:
            return messages.text("widgets.hint.answer_draw", points=points, needed=self.needed)
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
            self._refresh(self._feedback("bad", messages.text("widgets.draw_wrong", best=best)))
            return
        self.opened = True
        self._set_solved(True)
        self._refresh(
            self._solved_feedback(
                messages.text("widgets.draw_right", best=best, needed=self.needed)
            )
        )


def best_sets(
    pieces: Sequence[Piece],
    rules: Rules,
    *,
    kind: str | None = None,
    by: Literal["points", "pieces"] = "points",
    limit: int = 14,
) -> list[list[Piece]]:
    """Disjoint valid melds from ``pieces`` with the most points (or pieces), largest first.

    Exhaustive, for the small hands of the lessons (up to ``limit`` pieces). With ``kind``,
    only groups or only runs count.
    """
    hand = list(pieces)[:limit]
    valid: list[tuple[frozenset[int], int]] = []
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(range(len(hand)), size):
            verdict = check_meld([hand[i] for i in combo], rules)
            if verdict.ok and (kind is None or verdict.kind == kind):
                valid.append((frozenset(combo), verdict.points if by == "points" else size))
    best: tuple[int, list[frozenset[int]]] = (0, [])

    def search(start: int, used: frozenset[int], total: int, chosen: list[frozenset[int]]) -> None:
        nonlocal best
        if total > best[0]:
            best = (total, list(chosen))
        for index in range(start, len(valid)):
            indexes, worth = valid[index]
            if not indexes & used:
                chosen.append(indexes)
                search(index + 1, used | indexes, total + worth, chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    ordered = sorted(best[1], key=lambda indexes: (-len(indexes), min(indexes)))
    return [[hand[i] for i in sorted(indexes)] for indexes in ordered]


def best_opening_points(rack: Sequence[Piece], rules: Rules, *, limit: int = 14) -> int:
    """The highest total of disjoint valid sets from ``rack`` (exhaustive; racks up to ``limit`` pieces)."""
    return sum(check_meld(meld, rules).points for meld in best_sets(rack, rules, limit=limit))
