"""The rearrange view: one Rummikub turn on the learner's table, step by step (K-TURN-1..3).

A view of one ``TurnWorkspace`` (``rummy_teach.rummikub.workspace``), its position given when it is
made (``RearrangeExercise(table, rack)``, ``from_state(state)``, ``from_puzzle(puzzle)``). The
learner picks tiles from the rack and from any table set (a click picks or unpicks), then moves
them: "Move to set n" (a button in each set, or a drop on the set), "Start a new set" (the new-set
zone), "Back to the rack" (only tiles placed this turn, K-TURN-1); "Split" before the one picked
tile; "Join" the two sets the picked tiles lie in; "Undo", "Reset", "End turn". Each set shows its
verdict as the learner edits, in the engine's words; tiles placed this turn are marked. End turn is
``end_turn``: the play accepted, or the table restored and the penalty drawn (K-TURN-3). The hint
ladder ends with the solver's play.

For a whole game: ``start_turn(state)`` shows a new turn, ``on_turn_end(callback)`` hears each
``TurnResult``, ``allow_draw`` offers "Draw a tile" (K-OPEN-3).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, SolverError, shown
from rummy_teach.lessons.deals_rearrange import TurnGoal, TurnPuzzle, deal_rearrange
from rummy_teach.lessons.goals import Goal
from rummy_teach.pieces import Tile
from rummy_teach.rules import Rules, RummikubRules
from rummy_teach.rummikub.card_words import said, shown_by
from rummy_teach.rummikub.sets import plain, set_verdict, tiles_key
from rummy_teach.rummikub.setup import from_position
from rummy_teach.rummikub.state import RummikubState, TurnResult
from rummy_teach.rummikub.workspace import TurnWorkspace
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.base import Exercise, named_by_rules
from rummy_teach.widgets.intents import Intent
from rummy_teach.widgets.rearrange_layout import NEW_PLACE, RACK_PLACE, Layout, Target, set_button

__all__ = ["RearrangeExercise", "TurnEndCallback", "set_button"]

TurnEndCallback = Callable[["RearrangeExercise", TurnResult], None]


class RearrangeExercise(Exercise):
    """One Rummikub turn in the browser: rearrange the table, live verdicts, undo, end the turn."""

    _esm = view_module("rearrange")
    _css = view_css("rearrange")
    hand_label = "rearrange.rack"
    view_kind = "rearrange"
    OFF_REASONS: ClassVar[dict[str, str]] = {
        "split": "rearrange.off.split",
        "join": "rearrange.off.join",
        "undo": "rearrange.off.undo",
        "end_turn": "rearrange.turn_over",
        "draw": "rearrange.turn_over",
        "swap": "joker.off.swap",
    }
    """What a greyed-out button says when pressed: how to make it usable."""
    clock: Callable[[], float] | None = None
    """The turn timer's clock for the workspace (None: the engine's default, ``time.monotonic``);
    a game sets a frozen one so that only the page's time-out event ends a turn (K-TURN-4)."""

    def __init__(
        self,
        table: Sequence[str | Sequence[Tile]] = (),
        rack: str | Sequence[Tile] = "",
        rules: RummikubRules | None = None,
        *,
        goal: TurnGoal | None = None,
        opened: bool = True,
        seed: int = 0,
        title: str = "",
        state: RummikubState | None = None,
        allow_draw: bool = False,
    ) -> None:
        if state is None:
            state = from_position(
                [rack, ""],
                table=table,
                opened=[opened, True],
                rules=rules or RummikubRules(),
                seed=seed,
            )
        self.turn_goal = goal or TurnGoal.place_all()
        self.allow_draw = allow_draw
        self._turn_callbacks: list[TurnEndCallback] = []
        self._par: int | None = None
        self._use_state(state)
        super().__init__(list(state.rack), state.rules, goal=Goal.lay_off_all(), title=title)
        with shown_by(self.rules):  # K-CARDS-1: a tile as its card under card rules
            self.goal = self.turn_goal.text(self.rules)

    @classmethod
    def from_puzzle(cls, puzzle: TurnPuzzle) -> RearrangeExercise:
        """The view for a lesson's turn puzzle."""
        title = messages.text(puzzle.title) if puzzle.title else ""
        return cls(state=puzzle.state(), goal=puzzle.goal, title=title)

    @classmethod
    def from_state(
        cls,
        state: RummikubState,
        *,
        goal: TurnGoal | None = None,
        title: str = "",
        allow_draw: bool = True,
    ) -> RearrangeExercise:
        """The turn of ``state.current_player`` (a game's turn: "Draw a tile" offered)."""
        return cls(state=state, goal=goal, title=title, allow_draw=allow_draw)

    def _use_state(self, state: RummikubState) -> None:
        self.start_state = state
        """The position the turn starts from."""
        self._table_ids: list[list[str]] | None = None

    # ------------------------------------------------------------------ state

    def _workspace(self) -> TurnWorkspace:
        """A fresh workspace for the turn that ``start_state`` begins."""
        if self.clock is None:
            return TurnWorkspace.start(self.start_state)
        return TurnWorkspace.start(self.start_state, clock=self.clock)

    def _start(self) -> None:
        if self._table_ids is None:
            self._table_ids = [self._add_pieces(plain(tiles)) for tiles in self.start_state.table]
            self._show_pieces()
        self.turn = Layout.start(self._workspace(), self._start_hand, self._table_ids, self._all)
        self._undo: list[Layout] = []
        self.result: TurnResult | None = None
        """How the turn ended (None while it is being played)."""
        self._drawn: list[str] = []
        self._dead_end_said = ""
        self._sync_ids()
        self.selected = []
        self.solved = False
        self.last_verdict = None
        self.hint_level = 0
        self._refresh(self._idle_feedback())

    def set_rules(self, rules: Rules) -> None:
        """Play this turn by ``rules`` from now on (a house rule switched): it starts again under them."""
        if not isinstance(rules, RummikubRules):
            raise RulesError(f"this turn is played by Rummikub rules, not {shown(rules)}")
        with shown_by(rules):
            self.rules, self._par = rules, None
            self.start_state = dataclasses.replace(self.start_state, rules=rules)
            self._show_rules()
            self._start()
            self._refresh(self._feedback("info", self._say("rearrange.rules_changed")))

    @named_by_rules
    def start_turn(self, state: RummikubState, *, goal: TurnGoal | None = None) -> None:
        """Show a new turn: ``state.current_player``'s (a game moves on so; the ids start afresh)."""
        self._use_state(state)
        self._all = {}
        self._start_hand = self._add_pieces(list(state.rack))
        self.turn_goal = goal or self.turn_goal
        self._par = None
        self.goal = self.turn_goal.text(self.rules)
        self._start()

    def on_turn_end(self, callback: TurnEndCallback) -> None:
        """Call ``callback(view, result)`` each time the learner ends the turn (played, penalty, draw)."""
        self._turn_callbacks.append(callback)

    def _sync_ids(self) -> None:
        """The base's hand and melds follow the layout (what the page shows)."""
        self.hand_ids = list(self.turn.rack) + self._drawn
        self.melds = [list(ids) for ids in self.turn.sets]

    @property
    def workspace(self) -> TurnWorkspace:
        """The turn as the engine holds it now."""
        return self.turn.workspace

    def shown_table(self) -> list[list[Tile]]:
        """The table as the page shows it: each set's tiles in order."""
        return [[self._tile(pid) for pid in ids] for ids in self.melds]

    def _tile(self, piece_id: str) -> Tile:
        piece = self._all[piece_id]
        assert isinstance(piece, Tile)
        return piece

    @property
    def over(self) -> bool:
        """True once the turn was ended (accepted, penalized or a draw)."""
        return self.result is not None

    # ------------------------------------------------------------------ view

    def _zones(self) -> list[dict[str, Any]]:
        picked = bool(self.selected) and not self.over
        rack: dict[str, Any] = {
            "id": "hand",
            "label": self._say(self.hand_label),
            "role": "hand",
            "pieces": self.hand_ids,
            "action": self._action("to_rack", "rearrange.button.to_rack", picked),
        }
        if self._drawn:
            rack["status"] = "info"
            rack["note"] = self._say(
                "rearrange.drawn",
                tiles=messages.pieces_short(self._tile(pid) for pid in self._drawn),
            )
        zones = [rack]
        problems = {problem.number: problem.verdict for problem in self.workspace.problems()}
        for index, ids in enumerate(self.melds):
            tiles = self.turn.set_tiles(index)
            verdict = problems.get(index + 1) or set_verdict(tiles, self.workspace.state.rules)
            number = index + 1
            zones.append(
                {
                    "id": f"s{index}",
                    "label": self._say("rearrange.set_label", number=number),
                    "role": "set",
                    "pieces": ids,
                    "status": "ok" if verdict.ok else "bad",
                    "note": verdict.message,
                    "marked": [pid for pid in ids if pid in self.turn.from_rack],
                    "action": self._action(
                        set_button(index), "rearrange.button.to_set", picked, number=number
                    ),
                }
            )
        zones.append(
            {
                "id": "new",
                "label": self._say("rearrange.new_label"),
                "role": "new",
                "pieces": [],
                "action": self._action("to_new", "rearrange.button.to_new", picked),
            }
        )
        return zones

    def _action(self, button_id: str, key: str, enabled: bool, **params: object) -> dict[str, Any]:
        return {"id": button_id, "label": self._say(key, **params), "enabled": enabled}

    def _instructions(self) -> str:
        return self._say(f"{self.view_kind}.instructions")

    def _say(self, key: str, /, **params: object) -> str:
        """The sentence for ``key``, said with cards when the rules play with cards (K-CARDS-1)."""
        return said(key, self.rules, **params)

    def _picked_in_sets(self) -> list[int]:
        places = {self.turn.place_of(pid) for pid in self.selected}
        return sorted(place for place in places if place >= 0)

    def _picked_jokers_and_rack(self) -> tuple[list[str], list[str]]:
        jokers = [
            pid for pid in self.selected if self._all[pid].is_joker and pid not in self.hand_ids
        ]
        rack = [pid for pid in self.selected if pid in self.hand_ids]
        return jokers, rack

    def _buttons(self) -> list[dict[str, Any]]:
        playing = not self.over
        sets = self._picked_in_sets() if playing else []
        on_table = [pid for pid in self.selected if pid not in self.hand_ids]
        buttons = [
            self._action(
                "split",
                "rearrange.button.split",
                playing and len(on_table) == 1 and len(self.selected) == 1,
            ),
            self._action(
                "join",
                "rearrange.button.join",
                len(sets) == 2 and len(on_table) == len(self.selected),
            ),
            *self._extra_buttons(),
            self._action("undo", "rearrange.button.undo", playing and bool(self._undo)),
            self._action("end_turn", "rearrange.button.end_turn", playing),
        ]
        if self.allow_draw:
            buttons.append(self._action("draw", "rearrange.button.draw", playing))
        return [*buttons, *super()._buttons()]  # Hint and Reset

    def _extra_buttons(self) -> list[dict[str, Any]]:
        """Buttons a subclass adds before Undo (the joker view's Swap)."""
        return []

    def _tally(self) -> str:
        if self.over:
            return ""
        if self.workspace.untouched:
            return self._say("rearrange.tally.untouched")
        verdict = self.workspace.verdict()
        key = "rearrange.tally.ok" if verdict.ok else "rearrange.tally.bad"
        return self._say(key, why=verdict.message)

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", self._say("rearrange.pick_some"))

    # ------------------------------------------------------------------ input

    def _zone_buttons(self) -> dict[str, dict[str, Any]]:
        """The zones' own buttons ("Move here", "To your rack") by id."""
        return {zone["action"]["id"]: zone["action"] for zone in self._zones() if "action" in zone}

    def _press(self, button_id: str) -> None:
        action = self._zone_buttons().get(button_id)
        off = {spec["id"] for spec in self._buttons() if not spec["enabled"]}
        if action is None and button_id in off and button_id in self.OFF_REASONS:
            key = "rearrange.turn_over" if self.over else self.OFF_REASONS[button_id]
            self._refresh(self._feedback("info", self._say(key)))
        elif action is None:
            super()._press(button_id)
        elif not action["enabled"]:
            self._say_off(action["label"])
        elif button_id == "to_rack":
            self._move(list(self.selected), RACK_PLACE)
        elif button_id == "to_new":
            self._move(list(self.selected), NEW_PLACE)
        else:
            index = next(i for i in range(len(self.melds)) if set_button(i) == button_id)
            self._move(list(self.selected), index)

    def _say_off(self, label: str) -> None:
        if self.over:
            self._refresh(self._feedback("info", self._say("rearrange.turn_over")))
            return
        self._refresh(self._feedback("info", self._say("rearrange.button_off", button=label)))

    def _handle(self, intent: Intent) -> None:
        if intent.name != "press" and intent.target in self._all and self.over:
            self._refresh(self._feedback("info", self._say("rearrange.turn_over")))
            return
        super()._handle(intent)

    def _pick(self, piece_id: str) -> None:
        if not self._placed_somewhere(piece_id):
            self._refuse("piece that cannot be picked now", piece_id)
            return
        chosen = list(self.selected)
        if piece_id in chosen:
            chosen.remove(piece_id)
        else:
            chosen.append(piece_id)
        self.selected = chosen
        self._refresh(self._preview())

    def _preview(self) -> dict[str, str]:
        if not self.selected:
            return self._idle_feedback()
        return self._feedback(
            "info",
            self._say(
                "rearrange.picked",
                tiles=messages.pieces_short(self._tile(pid) for pid in self.selected),
            ),
        )

    def _drop(self, piece_id: str, on: str) -> None:
        """A tile dragged onto the rack, a set or the new-set zone: moves it with the picked ones."""
        targets: dict[str, Target] = {"hand": RACK_PLACE, "new": NEW_PLACE}
        targets.update({f"s{index}": index for index in range(len(self.melds))})
        if on not in targets or not self._placed_somewhere(piece_id):
            self._refuse(f"drop of a piece onto {shown(on)} that this view does not take", piece_id)
            return
        moving = list(self.selected) if piece_id in self.selected else [*self.selected, piece_id]
        self._move(moving, targets[on])

    def _placed_somewhere(self, piece_id: str) -> bool:
        try:
            self.turn.place_of(piece_id)
        except KeyError:
            return False
        return True

    def _button(self, button_id: str) -> None:
        if button_id == "undo":
            self._undo_step()
        elif button_id == "end_turn":
            self._end_turn()
        elif button_id == "draw":
            self._end(self.workspace.draw)
        elif button_id == "split":
            tile = messages.piece_short(self._tile(self.selected[0]))
            self._step(lambda: self.turn.split(self.selected[0]), "rearrange.did.split", tile=tile)
        elif button_id == "join":
            self._join()

    # ------------------------------------------------------------------ steps

    def _move(self, piece_ids: list[str], target: Target) -> None:
        if not piece_ids:
            self._refresh(self._feedback("info", self._say("rearrange.pick_first")))
            return
        key = {RACK_PLACE: "rearrange.did.to_rack", NEW_PLACE: "rearrange.did.to_new"}.get(
            target, "rearrange.did.to_set"
        )
        tiles = messages.pieces_short(self._tile(pid) for pid in piece_ids)
        self._step(lambda: self.turn.move(piece_ids, target), key, tiles=tiles, number=target + 1)

    def _join(self) -> None:
        first, second = self._picked_in_sets()
        keep, moved = first, second
        if self.turn.locked(second) and not self.turn.locked(first):
            keep, moved = second, first  # the set holding a joker takes the other (K-JOKER-1)
        ids = list(self.turn.sets[moved])
        self._step(lambda: self.turn.move(ids, keep), "rearrange.did.join")

    def _step(self, make: Callable[[], Layout], key: str, **params: object) -> None:
        """Do one step: the new layout, or the engine's refusal with the state unchanged."""
        try:
            layout = make()
        except IllegalMoveError as error:
            self.last_verdict = None
            self._refresh(self._feedback("bad", self._refusal_text(error)))
            return
        self._commit(layout, self._say(key, **params))

    def _refusal_text(self, error: IllegalMoveError) -> str:
        """A refused step in the engine's words (the joker view adds a sentence of its own)."""
        return str(error)

    def _commit(self, layout: Layout, said: str, *, selected: Sequence[str] = ()) -> None:
        self._undo.append(self.turn)
        self.turn = layout
        self._sync_ids()
        self.selected = list(selected)
        self._dead_end_said = self._dead_end_check()
        message = f"{said} {self._dead_end_said}" if self._dead_end_said else said
        self._refresh(self._feedback("info", message))

    def _undo_step(self) -> None:
        self.turn = self._undo.pop()
        self._sync_ids()
        self.selected = []
        self._refresh(self._feedback("info", self._say("rearrange.did.undo")))

    def _end_turn(self) -> None:
        self._end(self.workspace.end)

    def _end(self, finish: Callable[[], TurnResult]) -> None:
        """End the turn (``end`` or ``draw``): played, or the table restored and the penalty drawn."""
        placed = self.workspace.played()
        try:
            result = finish()
        except IllegalMoveError as error:
            self._refresh(self._feedback("bad", str(error)))
            return
        self.result = result
        self.selected = []
        player = self.start_state.current_player
        drawn = Counter(result.state.racks[player]) - Counter(plain(self.start_state.rack))
        if result.penalty or self._is_draw(result):
            # the table restored as it was, the rack tiles back, the tiles drawn (K-TURN-3, K-OPEN-3)
            self.turn = Layout.start(
                self._workspace(), self._start_hand, self._table_ids or [], self._all
            )
            new_ids = self._add_pieces(tiles_key(drawn.elements()))
            self._show_pieces()
            self._drawn = new_ids
            self._sync_ids()
            self._set_solved(result.penalty and self.turn_goal.kind == "penalty")
            said = result.state.last_verdict.message if result.state.last_verdict else ""
            status = "bad" if result.penalty else "info"
            if self.solved:
                self._refresh(self._solved_feedback(said))
            else:
                again = self._say("rearrange.try_again") if result.penalty else ""
                self._refresh(self._feedback(status, f"{said} {again}".strip()))
        else:
            met = self.turn_goal.met(placed, self.start_state.rack, par=self.most_tiles())
            self._set_solved(met)
            if met:
                self._refresh(self._solved_feedback(result.verdict.message))
            else:
                short = self._say(
                    f"rearrange.goal_missed.{self.turn_goal.kind}",
                    tiles=messages.pieces_short(self.turn_goal.goal_tiles()),
                    par=self.most_tiles(),
                    placed=len(placed),
                )
                self._refresh(self._feedback("ok", f"{result.verdict.message} {short}"))
        for callback in list(self._turn_callbacks):
            callback(self, result)

    @staticmethod
    def _is_draw(result: TurnResult) -> bool:
        verdict = result.state.last_verdict
        return verdict is not None and verdict.reason in ("rummikub.drew", "rummikub.passed")

    # ------------------------------------------------------------------ the solver: par, answer, dead ends

    def most_tiles(self) -> int:
        """How many rack tiles the solver's best play places from the start (the goal's par)."""
        if self._par is None:
            solution = self._solve(self.start_state.rack, self.start_state.table)
            self._par = solution.tiles if solution is not None else 0
        return self._par

    def _solve(self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]]) -> Any:
        """The solver's best play (or opening, before the initial meld); None if it gave none."""
        from rummy_teach.solver.guard import guarded_opening, guarded_play

        assert isinstance(self.rules, RummikubRules)
        try:
            if not self.workspace.opened:
                return guarded_opening(rack, self.rules, table=table)
            return guarded_play(rack, table, self.rules)
        except SolverError:
            return None

    def _dead_end_check(self) -> str:
        """Words when the goal's tiles can no longer be placed from the table as it lies (or '')."""
        goal = self.turn_goal
        if goal.kind not in ("place", "place_all", "swap") or not self.workspace.opened:
            return ""
        if self.workspace.problems():
            return ""
        wanted = (
            Counter(goal.goal_tiles())
            if goal.kind != "place_all"
            else Counter(self.start_state.rack)
        )
        missing = wanted - Counter(self.workspace.played())
        still = missing & Counter(self.workspace.rack)
        if not still:
            return ""
        # a joker its stand-in already frees goes with the rack: the solver would hold it locked
        rack = list(self.workspace.rack)
        table = []
        for index, tiles in enumerate(self.workspace.sets):
            free = set(self.turn.freed(index))
            rack.extend(
                tile for pid, tile in zip(self.melds[index], tiles, strict=True) if pid in free
            )
            table.append(
                [
                    tile
                    for pid, tile in zip(self.melds[index], tiles, strict=True)
                    if pid not in free
                ]
            )
        solution = self._solve(rack, [tiles for tiles in table if tiles])
        if solution is None or not Counter(still) - Counter(solution.placed):
            return ""
        return self._say(
            "rearrange.dead_end", tiles=messages.pieces_short(tiles_key(still.elements()))
        )

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        ids = ["K-TURN-1", "K-TURN-3"]
        if not self.workspace.opened:
            ids = ["K-OPEN-1", "K-OPEN-2"]
        if any(tile.is_joker for tiles in self.start_state.table for tile in tiles):
            ids.append("K-JOKER-1")
        return ids

    def _nudge(self) -> str:
        return self._say(
            f"{self.view_kind}.hint.nudge.{self.turn_goal.kind}", rules=self._rule_names()
        )

    def _rule_texts(self) -> str:
        assert isinstance(self.rules, RummikubRules)
        return " ".join(
            self._say(
                "rearrange.rule." + rule.lower().replace("-", "_"),
                needed=self.rules.initial_meld_points,
                count=self.rules.penalty_draw,
            )
            for rule in self._rule_ids()
        )

    def _answer(self) -> str:
        if self.turn_goal.kind == "penalty":
            return self._say(
                "rearrange.hint.answer_penalty",
                tiles=messages.pieces_short(self.turn_goal.goal_tiles()),
                count=self.rules.penalty_draw if isinstance(self.rules, RummikubRules) else 3,
            )
        solution = self._solve(self.start_state.rack, self.start_state.table)
        if solution is None or not solution.tiles:
            return self._say("rearrange.hint.answer_draw")
        return self._say("rearrange.hint.answer", steps=" ".join(solution.explain_steps()))

    # ------------------------------------------------------------------ another hand

    def _deal(self, number: int) -> bool:
        """Hand ``number``: a fresh table where a tile fits only by splitting a run (solver-checked)."""
        rules = self.rules if isinstance(self.rules, RummikubRules) else None
        puzzle = deal_rearrange(number, rules)
        self.start_turn(puzzle.state(), goal=puzzle.goal)
        return True

    def __repr__(self) -> str:
        table = [messages.pieces_short(tiles) for tiles in self.start_state.table]
        return f"{type(self).__name__}(table={table!r}, rack={messages.pieces_short(self.start_state.rack)!r})"
