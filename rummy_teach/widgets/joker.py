"""The joker view: the rearrange view with the joker rules in front (K-JOKER-1..4, K-MELD-5).

Everything ``RearrangeExercise`` does, plus "Swap for the joker": pick a joker on the table and the
tile(s) from your rack it stands for; they take its place and the freed joker lies alone in a new
set, picked, to be played at once (K-JOKER-2; it never goes to a rack, K-JOKER-3). Which tiles
free a joker is ``rummikub.sets.swap_options``: in a run the tile it stands for, in a group of two
and a joker either missing colour, or both (``joker_trio_retrieval="both"``, K-JOKER-4). Taking a
tile out of a set that holds a joker, a joker to the rack and a swap with the wrong tile are each
refused, in the engine's words and then with a sentence of their own (lesson 10's misconceptions).

The question goal (``TurnGoal.stands``): "what does this joker stand for?": the learner picks one
of a few tiles; a wrong pick is explained by the engine's verdict on the set with that tile in the
joker's place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError
from rummy_teach.lessons.deals_rearrange import TurnGoal, TurnPuzzle, deal_joker
from rummy_teach.melds.reading import read_meld
from rummy_teach.pieces import Colour, Tile
from rummy_teach.rummikub.sets import in_reading_order, stand_ins, swap_options, tiles_key
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.rearrange_layout import NEW_PLACE, either, table_set_name

__all__ = ["JokerExercise", "show_turn"]

_WHY = {
    "rummikub.ws_joker_to_rack": "joker.why.to_rack",
    "rummikub.joker_set_broken": "joker.why.break_up",
    "rummikub.joker_not_replaced": "joker.why.not_replaced",
    "rummikub.joker_trio_both": "joker.why.trio_both",
}
"""Each refusal of a joker rule -> the sentence that answers the misconception behind it."""


class JokerExercise(RearrangeExercise):
    """Swap a joker out and reuse it at once; say what a joker stands for (K-JOKER-1..4)."""

    _esm = view_module("joker")
    _css = view_css("joker")
    view_kind = "joker"

    answer: Tile | None = None
    """The tile the learner named in the question goal (None until then)."""
    _choice_ids: tuple[str, ...] = ()
    """The pieces offered as answers to the question goal (none until the question is shown)."""

    # ------------------------------------------------------------------ the question goal

    @property
    def asking(self) -> bool:
        """True for the question "what does this joker stand for?"."""
        return self.turn_goal.kind == "stands"

    def _asked_set(self) -> tuple[Tile, ...]:
        return self.start_state.table[self.turn_goal.set_number - 1]

    def right_answers(self) -> tuple[Tile, ...]:
        """What the asked joker stands for: in a run its tile (K-MELD-5), in a group any missing
        colour (K-JOKER-4)."""
        tiles = self._asked_set()
        rules = self.start_state.rules
        if read_meld(tiles, rules).kind == "group":
            real = [tile for tile in tiles if not tile.is_joker]
            present = {tile.colour for tile in real}
            number = real[0].number
            return tuple(Tile(number, colour) for colour in Colour if colour not in present)
        return stand_ins(tiles, rules)

    def _choices(self) -> tuple[Tile, ...]:
        """A few tiles to choose from: the right ones and near misses (ends, a colour, a number)."""
        tiles = self._asked_set()
        right = list(self.right_answers())
        real = [tile for tile in tiles if not tile.is_joker]
        near: list[Tile] = []
        if read_meld(tiles, self.start_state.rules).kind == "group":
            near = [real[0], Tile(min(real[0].number + 1, 13), real[0].colour)]
        else:
            laid = in_reading_order(tiles, self.start_state.rules)
            low, high = laid[0], laid[-1]
            colour = real[0].colour
            low_number = (low.stands or low).number
            high_number = (high.stands or high).number
            for number in (low_number - 1, high_number + 1):
                if 1 <= number <= 13:
                    near.append(Tile(number, colour))
            other = next(c for c in Colour if c != colour)
            near.append(Tile(right[0].number, other))
        chosen = [tile for tile in near if tile not in right][: max(2, 4 - len(right))]
        return tiles_key([*right, *chosen])

    def _start(self) -> None:
        if self.asking and not self._choice_ids:
            self._choice_ids = tuple(self._add_pieces(self._choices()))
            self._show_pieces()
        self.answer = None
        super()._start()

    def start_turn(self, state: RummikubState, *, goal: TurnGoal | None = None) -> None:
        """Show a new turn (the question's choices made afresh)."""
        self._choice_ids = ()
        super().start_turn(state, goal=goal)

    def _zones(self) -> list[dict[str, Any]]:
        zones = super()._zones()
        if not self.asking:
            return zones
        asked = f"s{self.turn_goal.set_number - 1}"
        shown = []
        for zone in zones:
            if zone["role"] in ("new", "hand"):
                continue
            zone = {key: value for key, value in zone.items() if key != "action"}
            if zone["id"] == asked and self.answer is None:  # the verdict would tell
                zone["note"] = self._say("joker.asked")
                zone["status"] = "info"
            shown.append(zone)
        shown.append(
            {
                "id": "choices",
                "label": self._say("joker.choices_label"),
                "role": "table",
                "pieces": list(self._choice_ids),
            }
        )
        return shown

    def _buttons(self) -> list[dict[str, Any]]:
        if self.asking:
            return super(RearrangeExercise, self)._buttons()  # Hint and Reset
        return super()._buttons()

    def _pick(self, piece_id: str) -> None:
        if self.asking:
            if piece_id in self._choice_ids:
                self._name_tile(piece_id)
            else:
                self._refresh(self._feedback("info", self._say("joker.pick_a_choice")))
            return
        super()._pick(piece_id)

    def _drop(self, piece_id: str, on: str) -> None:
        if self.asking:
            self._refuse("drop in the joker question", piece_id)
            return
        super()._drop(piece_id, on)

    def _idle_feedback(self) -> dict[str, str]:
        if self.asking:
            return self._feedback("info", self._say("joker.pick_a_choice"))
        return super()._idle_feedback()

    def _tally(self) -> str:
        return "" if self.asking else super()._tally()

    def _name_tile(self, piece_id: str) -> None:
        tile = self._tile(piece_id)
        tiles = self._asked_set()
        rules = self.start_state.rules
        name = table_set_name([Tile.joker() if t.is_joker else t for t in tiles])
        right = self.right_answers()
        if tile in right:
            self.answer = tile
            self.selected = [piece_id]
            self._set_solved(True)
            key = "joker.stands_right_group" if len(right) > 1 else "joker.stands_right"
            said = self._say(
                key,
                tile=messages.piece_short(tile),
                set_name=name,
                tiles=either(messages.piece_short(t) for t in right),
            )
            self._refresh(self._solved_feedback(said))
            return
        swapped = [tile if t.is_joker else t for t in tiles]
        verdict = read_meld(swapped, rules)
        if verdict.ok:  # a valid set too, but not what the joker was laid as (K-MELD-5)
            said = self._say(
                "joker.stands_other",
                tile=messages.piece_short(tile),
                set_name=name,
                stands=either(messages.piece_short(t) for t in right),
            )
        else:
            said = self._say(
                "joker.stands_wrong", tile=messages.piece_short(tile), why=verdict.message
            )
        self.selected = []
        self._refresh(self._feedback("bad", said))

    # ------------------------------------------------------------------ the swap (K-JOKER-2, K-JOKER-4)

    def _extra_buttons(self) -> list[dict[str, Any]]:
        jokers, rack = self._picked_jokers_and_rack()
        ready = not self.over and len(jokers) == 1 and rack and len(self.selected) == 1 + len(rack)
        return [self._action("swap", "joker.button.swap", bool(ready))]

    def _button(self, button_id: str) -> None:
        if button_id == "swap":
            self._swap()
        else:
            super()._button(button_id)

    def _swap(self) -> None:
        (joker,), rack = self._picked_jokers_and_rack()
        index = self.turn.place_of(joker)
        rules = self.start_state.rules
        old = next(
            (joker_set for joker_set in self.turn.locked(index) if joker in joker_set.jokers),
            None,
        )
        if old is None:  # laid this turn: it is free to move as it is
            self._refresh(self._feedback("info", self._say("joker.swap_not_needed")))
            return
        given = tiles_key(self._tile(pid) for pid in rack)
        options = swap_options(old.tiles, rules)
        if not any(freed == 1 and tiles == given for freed, tiles in options):
            self._refresh(self._feedback("bad", self._wrong_swap(old.tiles, given, options)))
            return
        try:
            turn = self.turn.move(rack, index)
            turn = turn.move([joker], NEW_PLACE)
        except IllegalMoveError as error:
            self._refresh(self._feedback("bad", self._refusal_text(error)))
            return
        said = self._say("joker.swapped", tiles=messages.pieces_short(given), set_name=old.name())
        self._commit(turn, said, selected=[joker])

    def _wrong_swap(
        self,
        tiles: Sequence[Tile],
        given: Sequence[Tile],
        options: list[tuple[int, tuple[Tile, ...]]],
    ) -> str:
        """Why these rack tiles do not free the joker: the trio rule (K-JOKER-4) or the wrong tile."""
        rules = self.start_state.rules
        name = table_set_name(in_reading_order(tiles, rules))
        single = [stand for freed, stand in options if freed == 1]
        trio = bool(single) and len(single[0]) == 2  # the rule (sets.py) asks for two tiles
        if trio and not Counter(given) - Counter(single[0]):  # one of the two: both are needed
            refused = self._say(
                "rummikub.joker_trio_both",
                set_name=name,
                stand_ins=messages.join(messages.piece_short(tile) for tile in single[0]),
            )
            return self._say(
                "joker.refused_why", refused=refused, why=self._say("joker.why.trio_both")
            )
        wanted = sorted({tile for stand in single for tile in stand}, key=Tile.sort_key)
        return self._say(
            "joker.wrong_tile",
            tiles=messages.pieces_short(given),
            set_name=name,
            stand_ins=either(messages.piece_short(tile) for tile in wanted),
        )

    def _refusal_text(self, error: IllegalMoveError) -> str:
        why = _WHY.get(error.reason)
        if why is None:
            return str(error)
        return self._say("joker.refused_why", refused=str(error), why=self._say(why))

    # ------------------------------------------------------------------ hints, another hand

    def _rule_ids(self) -> list[str]:
        if self.asking:
            return ["K-MELD-5", "K-JOKER-4"]
        return ["K-JOKER-1", "K-JOKER-2", "K-JOKER-3", "K-JOKER-4"]

    def _rule_texts(self) -> str:
        texts = []
        for rule in self._rule_ids():
            key = "rearrange.rule." + rule.lower().replace("-", "_")
            if rule == "K-JOKER-4" and self.start_state.rules.joker_trio_retrieval == "both":
                key += ".both"
            texts.append(self._say(key))
        return " ".join(texts)

    def _answer(self) -> str:
        if self.asking:
            return self._say(
                "joker.hint.answer_stands",
                tiles=either(messages.piece_short(t) for t in self.right_answers()),
            )
        return super()._answer()

    def _deal(self, number: int) -> bool:
        """Hand ``number``: a run holding a joker, its tile on the rack and two tiles to reuse it."""
        puzzle = deal_joker(number, self.start_state.rules)
        self.start_turn(puzzle.state(), goal=puzzle.goal)
        return True


def show_turn(puzzle: TurnPuzzle) -> RearrangeExercise:
    """The view for a lesson's turn puzzle: the joker view or the rearrange view, as it says."""
    if puzzle.view == "joker":
        return JokerExercise.from_puzzle(puzzle)
    return RearrangeExercise.from_puzzle(puzzle)
