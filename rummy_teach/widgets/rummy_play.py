"""What the Rummy play views share (``TurnExercise``, ``RummyGame``): a ``RummyState`` behind the
view and the learner's turn played through the engine, phase by phase.

The engine decides everything: a button is enabled when its move is among ``legal_moves()``, and
any action is tried with ``apply``, so a refusal is the engine's ``IllegalMoveError`` in its own
words and leaves the state as it was. Each of the 52 cards has a fixed id (``p0`` … ``p51``, deck
order); only cards the learner may see are sent to the browser (their hand, the table, the top of
the discard pile): other hands are counts, the stock a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rummy_teach import messages, svg
from rummy_teach.errors import IllegalMoveError
from rummy_teach.lessons.goals import Goal
from rummy_teach.pieces import Card
from rummy_teach.rummy.bots import RummyBot
from rummy_teach.rummy.moves import Discard, DrawStock, LayMeld, LayOff, Move, TakeDiscard
from rummy_teach.rummy.setup import DECK
from rummy_teach.rummy.state import RummyState, illegal
from rummy_teach.widgets.base import Exercise

__all__ = ["CARD_IDS", "PLAY_BUTTONS", "RummyPlay", "SortOrder", "counted", "intents_for"]

CARD_IDS: dict[Card, str] = {card: f"p{index}" for index, card in enumerate(DECK)}
"""Each card's piece id, the same in every Rummy play view (deck order)."""
PLAY_BUTTONS = ("draw", "take", "lay_down", "discard")
"""Buttons whose press is always put to the engine, greyed out or not: a refusal says why."""
SortOrder = Literal["suit", "rank"]
_PLAN_LIMIT = 60
"""Most moves the hint's answer looks ahead within one turn (a turn has far fewer)."""


def counted(key: str, count: int, **params: object) -> str:
    """The sentence ``key`` for ``count`` things, worded for that number in the current language."""
    return messages.text(key, count=count, **params)


def intents_for(move: Move, state: RummyState) -> list[dict[str, str]]:
    """The intents (without ``seq``) a learner sends in a play view to make ``move`` in ``state``."""
    if isinstance(move, DrawStock):
        return [{"intent": "press", "button": "draw"}]
    if isinstance(move, TakeDiscard):
        return [{"intent": "press", "button": "take"}]
    if isinstance(move, Discard):
        return [
            {"intent": "pick", "piece": CARD_IDS[move.card]},
            {"intent": "press", "button": "discard"},
        ]
    picks = [{"intent": "pick", "piece": CARD_IDS[card]} for card in move.cards]
    if isinstance(move, LayMeld):
        return [*picks, {"intent": "press", "button": "lay_down"}]
    target = CARD_IDS[state.table[move.meld].cards[0]]
    return [*picks, {"intent": "pick", "piece": target}]


class RummyPlay(Exercise):
    """A Rummy round seen by one learner: their hand, the stock, the discard pile, the table with
    owners; their turn phase by phase (draw, meld and lay off, discard), judged by the engine."""

    hand_label = "turn.hand"
    undo_draws = True
    """Whether Undo may take back the draw too (an exercise) or only melds and layoffs (a game)."""

    def __init__(self, state: RummyState, *, learner: int, goal: Goal, title: str) -> None:
        self.state = state
        self.learner = learner
        self.sort_order: SortOrder = "suit"
        self._undo: list[Any] = []
        self._turn_start = state
        self._shown: dict[str, dict[str, str]] = {}
        super().__init__(list(DECK), state.rules, goal=goal, title=title)

    # ------------------------------------------------------------------ state

    def _shown_state(self) -> RummyState:
        """The state the view draws (a replay may show an earlier one)."""
        return self.state

    def _learner_to_act(self) -> bool:
        state = self.state
        return not state.is_over and state.current_player == self.learner

    def _begin_turn(self) -> None:
        """The learner's turn starts now: nothing to undo, nothing placed this turn yet."""
        self._turn_start = self.state
        self._undo = []
        self.selected = []

    def _snapshot(self) -> Any:
        """What Undo goes back to (the state; a game adds its match and history)."""
        return self.state

    def _restore(self, snapshot: Any) -> None:
        self.state = snapshot

    def _visible(self) -> list[Card]:
        """Every card the learner may see now: own hand, the table, the discard pile's top."""
        state = self._shown_state()
        cards = list(state.hands[self.learner])
        cards += [card for meld in state.table for card in meld.cards]
        if state.discard_top is not None:
            cards.append(state.discard_top)
        return cards

    def _show_pieces(self) -> None:
        """Sync the pictures and names of the visible cards only (never another hand, never the stock)."""
        shown = {}
        for card in self._visible():
            piece_id = CARD_IDS[card]
            info = self._shown.get(piece_id)
            if info is None:
                info = {
                    "svg": svg.piece_svg(card),
                    "name": messages.piece_name(card),
                    "short": messages.piece_short(card),
                }
                self._shown[piece_id] = info
            shown[piece_id] = info
        if shown != self.pieces:
            self.pieces = shown

    def _sorted(self, hand: Sequence[Card]) -> list[Card]:
        if self.sort_order == "rank":
            return sorted(hand, key=lambda card: (card.rank, card.suit.order))
        return sorted(hand)

    def _card(self, piece_id: str) -> Card:
        """The card behind a piece id (every piece of a Rummy view is a card)."""
        return DECK[int(piece_id[1:])]

    def _picked(self) -> list[Card]:
        return [self._card(pid) for pid in self.selected if pid in self.hand_ids]

    def _refresh(self, feedback: dict[str, str]) -> None:
        with self.hold_sync():
            shown = self._shown_state()
            hand = shown.hands[self.learner]
            self.melds = [[CARD_IDS[card] for card in meld.cards] for meld in shown.table]
            self.hand_ids = [CARD_IDS[card] for card in self._sorted(hand)]
            kept = [pid for pid in self.selected if pid in self.hand_ids]
            if kept != list(self.selected):
                self.selected = kept
            self._show_pieces()
            super()._refresh(feedback)

    # ------------------------------------------------------------------ view

    def _zones(self) -> list[dict[str, Any]]:
        state = self._shown_state()
        size = len(state.stock)
        pile = len(state.discard_pile)
        stock = {
            "id": "stock",
            "label": messages.text("turn.stock"),
            "role": "stock",
            "pieces": [],
            "status": "info",
            "note": counted("turn.stock_note", size) if size else messages.text("turn.stock_empty"),
        }
        top = [] if state.discard_top is None else [CARD_IDS[state.discard_top]]
        discard = {
            "id": "discard",
            "label": messages.text("turn.discard_pile"),
            "role": "discard",
            "pieces": top,
            "status": "info",
            "note": counted("turn.discard_note", pile)
            if pile
            else messages.text("turn.discard_empty"),
        }
        placed = {card for meld in self._turn_start.table for card in meld.cards}
        table = []
        for index, meld in enumerate(state.table):
            ids = [CARD_IDS[card] for card in meld.cards]
            table.append(
                {
                    "id": f"m{index}",
                    "label": messages.text(
                        "widgets.meld_label",
                        number=index + 1,
                        pieces=messages.pieces_short(meld.cards),
                    ),
                    "role": "table",
                    "pieces": ids,
                    "status": "info",
                    "note": self._owner_note(state, meld.player),
                    "marked": [CARD_IDS[card] for card in meld.cards if card not in placed],
                }
            )
        hand = {
            "id": "hand",
            "label": counted(self.hand_label, len(self.hand_ids)),
            "role": "hand",
            "pieces": self.hand_ids,
        }
        return [stock, discard, *table, hand]

    def _owner_note(self, state: RummyState, player: int) -> str:
        if player == self.learner:
            return messages.text("turn.owner_you")
        return messages.text("turn.owner", player=state.players[player])

    def _play_buttons(self) -> list[dict[str, Any]]:
        state = self.state
        legal = state.legal_moves() if self._learner_to_act() else []
        picked = self._picked()
        top = state.discard_top
        take = (
            messages.text("turn.button.take", card=messages.piece_short(top))
            if top is not None
            else messages.text("turn.button.take_none")
        )
        return [
            {
                "id": "draw",
                "label": messages.text("turn.button.draw"),
                "enabled": DrawStock() in legal,
            },
            {"id": "take", "label": take, "enabled": TakeDiscard() in legal},
            {
                "id": "lay_down",
                "label": messages.text("turn.button.lay_down"),
                "enabled": len(picked) >= 3 and LayMeld(tuple(picked)) in legal,
            },
            {
                "id": "discard",
                "label": messages.text("turn.button.discard"),
                "enabled": len(picked) == 1 and Discard(picked[0]) in legal,
            },
            {
                "id": "undo",
                "label": messages.text("turn.button.undo"),
                "enabled": bool(self._undo) and self._learner_to_act(),
            },
        ]

    def _buttons(self) -> list[dict[str, Any]]:
        return self._play_buttons() + super()._buttons()

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", self._prompt())

    def _prompt(self) -> str:
        """What to do now, by phase (R-TURN-1 … R-TURN-5)."""
        state = self.state
        if state.phase == "draw":
            top = state.discard_top
            if top is None:
                return messages.text("turn.prompt.draw_stock")
            return messages.text("turn.prompt.draw", card=messages.piece_short(top))
        if state.phase == "play":
            return messages.text("turn.prompt.play")
        return messages.text("turn.prompt.discard")

    def _preview(self) -> dict[str, str]:
        if not self._learner_to_act() or not self.selected:
            return self._idle_feedback()
        if self.state.phase == "draw":
            return self._feedback("info", messages.text("turn.picked_draw_first"))
        picked = self._picked()
        if len(picked) == 1:
            card = messages.piece_short(picked[0])
            if picked[0] == self.state.taken:
                return self._feedback("info", messages.text("turn.picked_taken", card=card))
            fits = [move for move in self.state.legal_moves() if isinstance(move, LayOff)]
            if any(move.cards == (picked[0],) for move in fits):
                return self._feedback("ok", messages.text("turn.picked_one_fits", card=card))
            return self._feedback("info", messages.text("turn.picked_one", card=card))
        return super()._preview()

    # ------------------------------------------------------------------ acting

    def _press(self, button_id: str) -> None:
        if button_id in PLAY_BUTTONS:
            self._button(button_id)
        else:
            super()._press(button_id)

    def _button(self, button_id: str) -> None:
        picked = self._picked()
        hand = self.state.hands[self.learner]
        if button_id in PLAY_BUTTONS and not self._learner_to_act():
            self._say("info", self._not_your_turn())
        elif button_id == "draw":
            self._act(DrawStock())
        elif button_id == "take":
            self._act(TakeDiscard())
        elif button_id == "lay_down":
            if not picked and self.state.drawn:
                self._say("info", messages.text("turn.pick_meld_first"))
            else:
                self._act(LayMeld(tuple(picked or hand[:1])))
        elif button_id == "discard":
            if len(picked) != 1 and self.state.drawn:
                self._say("info", messages.text("turn.pick_one_to_discard"))
            else:
                self._act(Discard(picked[0] if picked else hand[0]))
        elif button_id == "undo":
            self._undo_one()
        else:
            self._game_button(button_id)

    def _game_button(self, button_id: str) -> None:
        """Subclasses handle their own buttons (a game: Next move, sorting, replay)."""

    def _off_reason(self, button_id: str) -> str | None:
        """A greyed-out Undo says why: the turn is over, a draw stays drawn, or nothing to undo."""
        if button_id == "undo":
            if not self._learner_to_act():
                return self._not_your_turn()
            key = "turn.draw_stays" if self.state.drawn else "turn.nothing_to_undo"
            return messages.text(key)
        return super()._off_reason(button_id)

    def _say(self, status: str, message: str) -> None:
        self._refresh(self._feedback(status, message))

    def _not_your_turn(self) -> str:
        return messages.text("turn.turn_over")

    def _act(self, move: Move) -> bool:
        """Try ``move`` for the learner through the engine: done and said, or refused in its words."""
        if not self._learner_to_act():
            self._say("info", self._not_your_turn())
            return False
        before = self.state
        snapshot = self._snapshot()
        try:
            self._apply(move)
        except IllegalMoveError as error:
            self._say("bad", str(error))
            return False
        if isinstance(move, (DrawStock, TakeDiscard)) and not self.undo_draws:
            self._undo = []
        else:
            self._undo.append(snapshot)
        self.selected = []
        self._moved(before, move, self._said(before, move))
        return True

    def _apply(self, move: Move) -> None:
        """Make the learner's ``move`` (raises ``IllegalMoveError``, changing nothing)."""
        self.state = self.state.apply(move)

    def _said(self, before: RummyState, move: Move) -> str:
        """The learner's own move in words (the card they drew is theirs to see)."""
        if isinstance(move, DrawStock):
            drawn = next(card for card in self.state.hands[self.learner] if card not in before.hand)
            if self.state.restocks > before.restocks:
                return messages.text("turn.you.restock", card=messages.piece_short(drawn))
            return messages.text("turn.you.draw", card=messages.piece_short(drawn))
        if isinstance(move, TakeDiscard):
            card = before.discard_pile[-1]
            return messages.text("turn.you.take", card=messages.piece_short(card))
        if isinstance(move, LayMeld):
            return messages.text("turn.you.meld", cards=messages.pieces_short(move.cards))
        if isinstance(move, LayOff):
            return messages.text(
                "turn.you.layoff",
                cards=messages.pieces_short(move.cards),
                meld=messages.pieces_short(before.table[move.meld].cards),
            )
        return messages.text("turn.you.discard", card=messages.piece_short(move.card))

    def _moved(self, before: RummyState, move: Move, said: str) -> None:
        """After the learner's move: subclasses judge the goal or hand over to the computer."""
        self._say("ok", f"{said} {self._prompt()}")

    def _undo_one(self) -> None:
        if not self._undo or not self._learner_to_act():
            self._say("info", messages.text("turn.nothing_to_undo"))
            return
        self._restore(self._undo.pop())
        self.selected = []
        self._say("info", f"{messages.text('turn.undone')} {self._prompt()}")

    def _pick(self, piece_id: str) -> None:
        if piece_id in self.hand_ids and not self._learner_to_act():
            self._say("info", self._not_your_turn())
            return
        super()._pick(piece_id)

    def _pick_elsewhere(self, piece_id: str) -> None:
        state = self.state
        card = self._card(piece_id)
        if card == state.discard_top:
            picked = self._picked()
            if state.drawn and len(picked) == 1:
                self._act(Discard(picked[0]))
            else:
                self._act(TakeDiscard())
            return
        for index, meld in enumerate(state.table):
            if card in meld.cards:
                picked = self._picked()
                if picked and self._learner_to_act():
                    self._act(LayOff(index, tuple(picked)))
                else:  # R-TURN-4: in the engine's words
                    error = illegal(
                        "rummy.table_cards_stay", "R-TURN-4", cards=messages.piece_short(card)
                    )
                    self._say("bad", str(error))
                return
        self._refuse("piece that cannot be picked now", piece_id)

    def _drop_on_meld(self, piece_id: str, index: int) -> bool:
        if index >= len(self.state.table) or not self._select(piece_id):
            return False
        self._act(LayOff(index, tuple(self._picked())))
        return True

    def _drop_on_button(self, piece_id: str, button_id: str) -> bool:
        if button_id == "discard" and piece_id in self.hand_ids:
            self._act(Discard(self._card(piece_id)))
            return True
        if button_id == "lay_down" and self._select(piece_id):
            self._button("lay_down")
            return True
        return False

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        phase = self.state.phase
        if phase == "draw":
            return ["R-TURN-1"]
        if phase == "play":  # laying off and the table's melds only where there is a table
            return ["R-TURN-2", "R-TURN-3", "R-TURN-4"] if self.state.table else ["R-TURN-2"]
        return ["R-TURN-5", "R-TURN-6", "R-OUT-1"]

    def _nudge(self) -> str:
        if not self._learner_to_act():
            return self._not_your_turn()
        phase = self.state.phase
        key = f"turn.hint.nudge.{phase}"
        if phase == "play" and not self.state.table:
            key += "_no_table"
        return messages.text(key, rules=self._rule_names())

    def _rule_texts(self) -> str:
        texts = []
        for rule in self._rule_ids():
            key = "turn.rule." + rule.lower().replace("-", "_")
            if rule == "R-OUT-1" and self.state.rules.must_discard_to_go_out:
                key += ".discard"
            texts.append(messages.text(key))
        return " ".join(texts)

    def _answer(self) -> str:
        """The rest of this turn as the strong computer player would play it, each step with why."""
        if not self._learner_to_act():
            return self._not_your_turn()
        bot = RummyBot()
        state = self.state
        steps = []
        for _ in range(_PLAN_LIMIT):
            if state.is_over or state.current_player != self.learner:
                break
            move = bot.choose(state)
            steps.append(bot.explain(state, move))
            state = state.apply(move)
        return messages.text("turn.hint.answer", steps=" ".join(steps))
