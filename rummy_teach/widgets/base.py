"""What every exercise view shares: Python-owned synced state, the learner's intents, the hint ladder.

The browser sends each learner intent as a custom message (``intents``: ``pick``, ``press``,
``drop``), handled one by one in order; Python checks it against the state, asks the engine
(``check_meld``, ``check_layoff``, ``check_opening``) and syncs back everything the view shows:
pieces (svg.py's pictures), zones, the selection, feedback in the engine's words, a live tally,
``solved``, and ``answered`` (how many intents it has answered, so a page can wait for it). Every
synced trait is Python's: values the browser sends for any of them are dropped with a log line
(``set_state``), so a hostile page cannot change the exercise.

"Another hand" and "no dead ends": a view implements ``_deal(number) -> bool`` and ``_dead_end()``;
``another(number)`` (the button, or ``hand_number=7`` when built) deals (``rummy_teach.widgets.another``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar, cast

import traitlets

from rummy_teach import course, messages, svg
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import Verdict, check_meld
from rummy_teach.pieces import Piece, format_pieces
from rummy_teach.rules import Rules
from rummy_teach.rummikub.card_words import legend, shown_by
from rummy_teach.widgets.another import another_button, hand_number, mark_dead_end
from rummy_teach.widgets.comm import GuardedWidget
from rummy_teach.widgets.given import parse
from rummy_teach.widgets.hints import rule_link, rule_names, rule_texts
from rummy_teach.widgets.intents import Intent, read_intent
from rummy_teach.widgets.stage import stage_texts

__all__ = ["Exercise", "SuccessCallback", "named_by_rules"]

SuccessCallback = Callable[["Exercise"], None]
_MELD_ZONE = re.compile(r"m([0-9]{1,3})")
_Method = TypeVar("_Method", bound=Callable[..., Any])


def named_by_rules(method: _Method) -> _Method:
    """A view's ``method`` run with its pieces named and drawn as the view's rules show them: with
    card rules each tile as its card (K-CARDS-1), for every sentence and picture made meanwhile."""

    @functools.wraps(method)
    def run(self: Exercise, *args: Any, **kwargs: Any) -> Any:
        with shown_by(self.rules):
            return method(self, *args, **kwargs)

    return cast(_Method, run)


class Exercise(GuardedWidget):
    """What every exercise shares: pieces with ids, a hand, zones, feedback, Reset and success."""

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
    stars = traitlets.Int(0).tag(sync=True)
    """Stars (1-3, ``rummy_teach.course.stars``) for the current solve; 0 while not solved."""
    par = traitlets.Int(0).tag(sync=True)
    """Most moves for three stars (0: any number); set it on a view to give its level a par."""
    par_text = traitlets.Unicode("").tag(sync=True)
    """The par in words, for its number ("Par: 4 moves for three stars."), or '' without a par."""
    stage = traitlets.Dict().tag(sync=True)
    """The texts of a solved level and where "next" leads (``rummy_teach.widgets.stage``)."""
    hand_number = traitlets.Int(0).tag(sync=True)
    """Which dealt hand is shown (``another``); 0 for the exercise's own position."""
    hand_caption = traitlets.Unicode("").tag(sync=True)
    """The hand number in words ("Hand 7"), or '' for the exercise's own position."""

    @traitlets.observe("par")
    def _word_par(self, change: dict[str, Any]) -> None:
        par = int(change["new"])
        self.par_text = messages.text("course.par", par=par) if par > 0 else ""

    log_name: ClassVar[str] = "exercise"
    hand_label: str = "widgets.hand"
    moves: int = 0
    """The learner's actions since the last Reset (picks, drops, presses but Hint and Reset)."""
    hints_used: int = 0
    """The deepest hint step seen on this level; a Reset does not undo it (for ``stars``)."""

    def __init__(
        self,
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal,
        title: str = "",
        hand_number: int | None = None,
    ) -> None:
        super().__init__()
        with shown_by(rules):  # K-CARDS-1: a tile as its card under card rules
            self._build(hand, rules, goal=goal, title=title, hand_number=hand_number)

    def _build(
        self,
        hand: str | Sequence[Piece],
        rules: Rules,
        *,
        goal: Goal,
        title: str,
        hand_number: int | None,
    ) -> None:
        """Set the exercise up (``__init__``, with the pieces named as the rules show them)."""
        if not isinstance(title, str):
            raise RulesError(f"title is the view's heading as text, not {shown(title)}")
        self.rules = rules
        self.goal_spec = goal
        self._all: dict[str, Piece] = {}
        self._start_hand = self._add_pieces(parse(hand, rules))
        self._callbacks: list[SuccessCallback] = []
        self.last_verdict: Verdict | None = None
        self.title = title
        self.goal = goal.text(rules)
        self.stage = stage_texts()
        self.hints_used = 0
        self._show_rules()
        self._dead_key: object = None
        self._dead_text = ""
        self._start()
        if hand_number is not None:
            self.another(hand_number)

    # ------------------------------------------------------------------ state

    def _add_pieces(self, pieces: Sequence[Piece]) -> list[str]:
        ids = []
        for piece in pieces:
            piece_id = f"p{len(self._all)}"
            self._all[piece_id] = piece
            ids.append(piece_id)
        return ids

    def _instructions(self) -> str:
        """The view's instructions (``_show_rules`` adds the suits' legend under cards)."""
        return messages.text("widgets.instructions")

    def _show_rules(self) -> None:
        """Every piece named and drawn, and the instructions said, as ``self.rules`` shows them: with
        cards, which suit stands for which colour follows (K-CARDS-1), both ways on a switch."""
        text, said = self._instructions(), legend(self.rules)
        self.instructions = f"{text} {said}" if said else text
        self._show_pieces()

    def _show_pieces(self) -> None:
        """Sync each piece's picture and names (after pieces were added)."""
        self.pieces = {
            piece_id: {
                "svg": svg.piece_svg(piece),
                "name": messages.piece_name(piece),
                "short": messages.piece_short(piece),
            }
            for piece_id, piece in self._all.items()
        }

    def _start(self) -> None:
        """Put every piece back where the exercise starts."""
        self.hand_ids: list[str] = list(self._start_hand)
        self.melds: list[list[str]] = []
        self.selected = []
        self.solved = False
        self.last_verdict = None
        self.hint_level = 0
        self.moves = 0
        self._refresh(self._idle_feedback())

    @named_by_rules
    def reset(self) -> None:
        """Start the exercise again (the Reset button)."""
        self._start()
        self._refresh(self._feedback("info", messages.text("widgets.reset_done")))

    def set_rules(self, rules: Rules) -> None:
        """Judge this exercise by ``rules`` from now on (a house rule switched): every piece stays
        where the learner put it, the goal, verdicts, preview and hints are worked out again."""
        if type(rules) is not type(self.rules):
            raise RulesError(
                f"this exercise is played by {self.rules.game} rules, not {shown(rules)}"
            )
        with shown_by(rules):
            self.rules = rules
            self._show_rules()
            self.goal = self.goal_spec.text(rules)
            self._after_change()
            self._refresh(self._rejudge())

    def _rejudge(self) -> dict[str, str]:
        """The feedback once the rules changed: what the picked pieces make under them now."""
        return self._preview()

    # ------------------------------------------------------------------ another hand

    @property
    def can_deal(self) -> bool:
        """Whether this view deals other hands (it implements ``_deal``); else no button shows."""
        return type(self)._deal is not Exercise._deal

    @named_by_rules
    def another(self, number: int | None = None) -> Exercise:
        """Deal hand ``number`` (the next one if None): a fresh position of this exercise's kind.

        The same number gives the same position everywhere, so a class can share "hand 7".
        Raises ``RummyTeachError`` if the view cannot deal or ``number`` is not 1..``HIGHEST_HAND``.
        """
        number = hand_number(number, self.hand_number)
        if not self._deal(number):
            raise RummyTeachError(f"{type(self).__name__} cannot deal hand {number}")
        self.hand_number = number
        self.hand_caption = messages.text("every.hand_number", number=number)
        self._refresh(self._feedback("info", messages.text("every.dealt", number=number)))
        return self

    def _deal(self, number: int) -> bool:
        """Views override: replace the starting position with hand ``number`` and restart; True if dealt."""
        return False

    def _new_position(self, hand: Sequence[Piece]) -> None:
        """Replace every piece with a fresh hand (new ids) and start there (for ``_deal``)."""
        self._all, self._dead_key = {}, None
        self._start_hand = self._add_pieces(list(hand))
        self._show_pieces()
        self._start()

    def _another_pressed(self) -> None:
        try:
            self.another()
        except RummyTeachError as error:
            self.log.warning("rummy_teach exercise could not deal: %s", error)
            self._refresh(self._feedback("info", messages.text("every.cannot_deal")))

    # ------------------------------------------------------------------ dead ends

    def _dead_end(self) -> str:
        """Views override: why the goal can't be reached from here and how to step back, or '' (bounded work)."""
        return ""

    def _dead_end_now(self) -> str:
        """``_dead_end()`` for the position now (remembered until the pieces move)."""
        if self.solved:
            return ""
        key = (tuple(self.hand_ids), tuple(tuple(meld) for meld in self.melds))
        if key != self._dead_key:
            self._dead_key, self._dead_text = key, self._dead_end()
        return self._dead_text

    def _shown_zones(self) -> list[dict[str, Any]]:
        """The zones, the hand marked with the dead end if the goal can't be reached from here."""
        return mark_dead_end(self._zones(), self._dead_end_now())

    def on_success(self, callback: SuccessCallback) -> None:
        """Call ``callback(exercise)`` each time the goal is met."""
        self._callbacks.append(callback)

    def piece(self, piece_id: str) -> Piece:
        """The piece behind an id."""
        return self._all[piece_id]

    def ids_of(self, notation: str) -> list[str]:
        """Ids of pieces (in hand first, then anywhere) matching ``notation``, as the view would pick them."""
        wanted = parse(notation, self.rules)
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
        """One zone per meld (``m0``, ``m1`` …), labelled with its pieces."""
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

    def _lay_down_button(self) -> dict[str, Any]:
        return {
            "id": "lay_down",
            "label": messages.text("widgets.button.lay_down"),
            "enabled": len(self.selected) >= 3,
        }

    def _buttons(self) -> list[dict[str, Any]]:
        return [
            {
                "id": "hint",
                "label": messages.text("widgets.button.hint"),
                "enabled": not self.solved,
            },
            {"id": "reset", "label": messages.text("widgets.button.reset"), "enabled": True},
            *another_button(self.can_deal),
        ]

    def _tally(self) -> str:
        return ""

    def _refresh(self, feedback: dict[str, str]) -> None:
        """Sync everything the view shows, in one go."""
        dead = self._dead_end_now()
        if dead and feedback.get("status") != "solved":
            feedback = {**feedback, "message": f"{feedback['message']} {dead}"}
        with self.hold_sync():
            self.zones = self._shown_zones()
            self.buttons = self._buttons()
            self.tally = self._tally()
            self.feedback = feedback

    def _set_solved(self, solved: bool) -> None:
        was = self.solved
        self.solved = solved
        if solved and not was:
            for callback in list(self._callbacks):
                callback(self)

    @traitlets.observe("solved")
    def _on_solved(self, change: dict[str, Any]) -> None:
        """Stars for the solve as it happens (``course.stars``); none while not solved."""
        done = bool(change["new"])
        self.stars = course.stars(self.hints_used, self.moves, self.par) if done else 0

    def _solved_feedback(self, message: str) -> dict[str, str]:
        if self.solved:
            goal = messages.text("widgets.solved")
            return self._feedback("solved", f"{message} {goal}")
        return self._feedback("ok", message)

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        """The RULES.md ids this exercise practises, for the hint ladder."""
        return []

    def _rule_names(self) -> str:
        """The rules this exercise practises in words, as the rule book names them (for nudges)."""
        return rule_names(self._rule_ids())

    def _nudge(self) -> str:
        return messages.text("widgets.hint.nudge.meld", rules=self._rule_names())

    def _rule_texts(self) -> str:
        return rule_texts(self._rule_ids(), self.rules)

    def _answer(self) -> str:
        return messages.text("widgets.hint.no_answer")

    @named_by_rules
    def hints(self) -> list[str]:
        """The hint ladder now: a nudge naming the rule, the rule's text, then an answer."""
        return [self._nudge(), self._rule_texts(), self._answer()]

    def _hint(self) -> None:
        ladder = self.hints()
        self.hint_level = min(self.hint_level + 1, len(ladder))
        self.hints_used = max(self.hints_used, self.hint_level)
        text = messages.text(
            "widgets.hint",
            level=self.hint_level,
            levels=len(ladder),
            hint=ladder[self.hint_level - 1],
        )
        self._refresh(self._feedback("info", text) | rule_link(self._rule_ids()))

    # ------------------------------------------------------------------ input from the browser

    def _failed(self) -> None:
        self.feedback = self._feedback("bad", messages.text("widgets.failed"))

    def _read_message(self, content: object, buffers: Sequence[object]) -> Intent:
        return read_intent(content, buffers)

    def _on_message(self, message: object) -> None:
        assert isinstance(message, Intent)
        if message.name != "press" or message.target not in ("hint", "reset"):
            self.moves += 1
        with shown_by(self.rules):  # K-CARDS-1: a tile as its card under card rules
            self._handle(message)

    def _handle(self, intent: Intent) -> None:
        """Check one well-formed intent against the state, then act on it."""
        if intent.name == "press":
            self._press(intent.target)
        elif intent.name == "answer":
            self._on_answer(intent.value)
        elif intent.target not in self._all:
            self._refuse("unknown piece id", intent.target)
        elif intent.name == "pick":
            self._pick(intent.target)
        else:
            self._drop(intent.target, intent.on)

    def _off_reason(self, button_id: str) -> str | None:
        """Why the greyed-out button ``button_id`` is off, in words; None: "cannot be used yet"."""
        if button_id == "hint" and self.solved:  # not "yet": nothing is left to hint
            return messages.text("widgets.hint_solved", reset=messages.text("widgets.button.reset"))
        return None

    def _press(self, button_id: str) -> None:
        shown = self._buttons()
        enabled = {button["id"] for button in shown if button["enabled"]}
        # "Lay down" greyed out (too few picked) still answers, with the engine's reason (R-MELD-1)
        enabled |= {button["id"] for button in shown if button["id"] == "lay_down"}
        if button_id not in enabled:
            label = next((button["label"] for button in shown if button["id"] == button_id), None)
            if label is None:
                self._refuse("unknown button", button_id)
            else:  # greyed out: a click still answers, in words (why, where the view knows)
                why = self._off_reason(button_id)
                if why is None:
                    why = messages.text("widgets.button_off", button=label)
                self._refresh(self._feedback("info", why))
        elif button_id == "reset":
            self.reset()
        elif button_id == "hint":
            self._hint()
        elif button_id == "another":
            self._another_pressed()
        else:
            self._button(button_id)

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

    def _select(self, piece_id: str) -> bool:
        """Pick ``piece_id`` if it is in hand and not picked yet (a drag starts so); False if not in hand."""
        if piece_id not in self.hand_ids:
            return False
        if piece_id not in self.selected:
            self.selected = [*self.selected, piece_id]
        return True

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

    def _drop(self, piece_id: str, on: str) -> None:
        """A piece dragged onto the hand, a meld zone or a button: the same steps as clicks.

        A drop the rules refuse leaves the dragged piece as it was (not picked, if it was not).
        """
        meld = _MELD_ZONE.fullmatch(on)
        was_picked = piece_id in self.selected
        hand_before = list(self.hand_ids)
        if on == "hand":
            accepted = self._drop_on_hand(piece_id)
        elif meld is not None and int(meld.group(1)) < len(self.melds):
            accepted = self._drop_on_meld(piece_id, int(meld.group(1)))
        else:
            accepted = self._drop_on_button(piece_id, on)
        if not accepted:
            self._refuse(f"drop of a piece onto {shown(on)} that this view does not take", piece_id)
        elif not was_picked and piece_id in self.selected and self.hand_ids == hand_before:
            self.selected = [pid for pid in self.selected if pid != piece_id]
            self.zones = self._shown_zones()

    def _drop_on_hand(self, piece_id: str) -> bool:
        """Subclasses take a dragged piece onto the hand; True if they did something."""
        return False

    def _drop_on_meld(self, piece_id: str, index: int) -> bool:
        """Subclasses take a dragged piece onto meld ``index``; True if they did something."""
        return False

    def _drop_on_button(self, piece_id: str, button_id: str) -> bool:
        """Subclasses take a dragged piece onto a button; True if they did something."""
        return False

    def _button(self, button_id: str) -> None:
        """Subclasses handle their own buttons."""

    def _on_answer(self, value: int) -> None:
        """Subclasses with a number field judge a typed answer; the others refuse it."""
        self._refuse("answer to a view without a number field", value)

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

    def __repr__(self) -> str:
        hand = format_pieces(self._pieces(self._start_hand))
        return f"{type(self).__name__}({hand!r}, rules={self.rules.key!r})"
