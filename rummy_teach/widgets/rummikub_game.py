"""The Rummikub game view: the learner against 1-3 computer players, game after game (K-END-1).

The learner's turn is the rearrange view's turn (``RearrangeExercise``: pick, move, split, join,
Undo, Reset, End turn with the penalty, Draw a tile), on the game's real state, so the engine's
``end_turn`` enforces the initial meld (K-OPEN-1..3) and the penalty (K-TURN-3). The computers
(``RummikubBot``, easy or strong) move one at a time, each move shown with one sentence saying what
it did and why (``rummikub_said``), paced by "Next move" or by the page's ``pace`` as in
``RummyGame``. With a turn timer (``RummikubRules.turn_seconds``, K-TURN-4) the page's own timer
presses this turn's ``timeout_<letters>`` button; Python never reads a clock, so a stale or forged
time-out is refused. A score sheet adds each game's zero-sum scores; a finished game replays step
by step (Back, Forward). Only the learner's rack and the table are ever synced: the computers'
racks and the pool are counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

import traitlets

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, RummyTeachError, shown
from rummy_teach.lessons.deals_rearrange import TurnGoal
from rummy_teach.melds import hand_value
from rummy_teach.rules import Rules, RummikubRules
from rummy_teach.rummikub.bots import RummikubBot
from rummy_teach.rummikub.card_words import said, shown_by, worded
from rummy_teach.rummikub.moves import Draw, Play
from rummy_teach.rummikub.setup import deal
from rummy_teach.rummikub.state import RummikubState, TurnResult
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.games import GameTraits, Level, button_spec, check_game, replay_at
from rummy_teach.widgets.intents import Intent
from rummy_teach.widgets.rearrange import RearrangeExercise
from rummy_teach.widgets.rearrange_layout import letters
from rummy_teach.widgets.rummikub_said import computer_move_said
from rummy_teach.widgets.rummy_play import counted

__all__ = ["GAME_BUTTONS", "RummikubGame"]

Mode = Literal["learner", "computer", "game_over"]
GAME_BUTTONS = ("next", "next_round", "sort_colour", "sort_number", "back", "forward")
"""The game's own buttons: they answer whoever's turn it is."""
_SORTED = {"colour": "rummikub_game.sorted_colour", "number": "rummikub_game.sorted_number"}


def _no_time() -> float:
    """The workspace's clock in a game: frozen, so only the page's time-out ends a turn."""
    return 0.0


class RummikubGame(RearrangeExercise, GameTraits):
    """Play Rummikub against 1-3 computer players (``easy`` or ``strong``), with the page's rules."""

    _esm = view_module("rummikub_game")
    _css = view_css("rummikub_game")
    view_kind = "rummikub_game"

    timer = traitlets.Dict().tag(sync=True)
    """During the learner's turn under a turn timer: its ``seconds`` and the ``button`` the page
    presses when they run out; otherwise empty."""

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int = 0,
        level: Level = "easy",
        rules: RummikubRules | None = None,
        pace: float = 0.0,
        title: str = "",
    ) -> None:
        check_game(players, seed, level, pace)
        if rules is not None and not isinstance(rules, RummikubRules):
            raise RummyTeachError(f"a Rummikub game plays RummikubRules, not {shown(rules)}")
        self.level: Level = level
        self.learner = 0
        self.sort_order: Literal["colour", "number"] = "colour"
        self.clock = _no_time
        self._players = players
        self._new_game(seed, rules or RummikubRules())
        super().__init__(state=self.game, allow_draw=True, title=title, goal=TurnGoal.place_all())
        self.pace = float(pace)
        with shown_by(self.rules):  # K-CARDS-1: a tile as its card under card rules
            self._after(self.timeline[0][1], "info")

    # ------------------------------------------------------------------ state

    def _new_game(self, seed: int, rules: RummikubRules, *, keep_sheet: bool = False) -> None:
        """A fresh game from ``seed``: dealt, the computers seated, the history begun."""
        names = [messages.text("rummikub_game.you")] + [
            messages.text("rummikub_game.computer", number=number)
            for number in range(1, self._players)
        ]
        if not keep_sheet:
            self.seed = seed
            self.results: list[tuple[int, ...]] = []
            """Each finished game's scores, in order (K-END-1: each row sums to zero)."""
        self.game: RummikubState = deal(names, rules, seed=seed)
        self.bots = {player: RummikubBot(self.level) for player in range(1, self._players)}
        number = len(self.results) + 1
        self.timeline: list[tuple[RummikubState, str]] = [
            (self.game, said("rummikub_game.dealt", rules, number=number))
        ]
        """Every state of this game with the sentence that led to it, for the replay."""
        self.replay: int | None = None
        """The step of ``timeline`` shown while replaying the finished game (None: the live game)."""

    @property
    def mode(self) -> Mode:
        """Whose move the view waits for: the learner's, a computer's, or none (the game is over)."""
        if self.game.is_over:
            return "game_over"
        return "learner" if self.game.current_player == self.learner else "computer"

    def _live(self) -> bool:
        return self.mode == "learner" and self.replay is None

    def _seen(self, state: RummikubState) -> RummikubState:
        """``state`` as the learner sees it: their rack, the table (a computer's turn only shown)."""
        if state.current_player == self.learner and not state.is_over:
            return state
        return replace(state, current_player=self.learner, ending=None, winner=None, scores=None)

    def _show(self, state: RummikubState) -> None:
        """Lay out ``state`` for the learner (a fresh turn when it is theirs)."""
        self.start_turn(self._seen(state))
        self.goal = self._say("rummikub_game.goal")

    def set_rules(self, rules: Rules) -> None:
        """Play by ``rules`` from now on (a house rule switched): a new game from the same seed."""
        if not isinstance(rules, RummikubRules):
            raise RulesError(f"this game is played by Rummikub rules, not {shown(rules)}")
        with shown_by(rules):
            self.rules = rules
            self._new_game(self.seed, rules)
            self._after(self._say("rummikub_game.rules_changed"), "info")  # draws the new deal
            self._show_rules()  # the instructions' legend; the pieces are drawn so already (unsent)

    def _deal(self, number: int) -> bool:
        """A new game dealt from seed ``number``: the same game for everyone with that number."""
        if type(number) is not int or number < 0:
            raise RummyTeachError(f"a game number is a whole number from 0, not {shown(number)}")
        assert isinstance(self.rules, RummikubRules)
        self._new_game(number, self.rules)
        self._after(self.timeline[0][1], "info")
        return True

    # ------------------------------------------------------------------ view

    def _sync_ids(self) -> None:
        super()._sync_ids()
        if self.sort_order == "number":
            self.hand_ids = sorted(
                self.hand_ids,
                key=lambda pid: (
                    self._tile(pid).is_joker,
                    self._tile(pid).number or 0,
                    self._tile(pid),
                ),
            )

    def _refresh(self, feedback: dict[str, str]) -> None:
        with self.hold_sync():
            super()._refresh(feedback)
            if not hasattr(self, "game"):
                return
            shown = self._shown()
            lines = [
                counted(
                    worded(
                        "rummikub_game.opponent"
                        if shown.opened[player]
                        else "rummikub_game.opponent_closed",
                        self.rules,
                    ),
                    len(shown.racks[player]),
                    player=shown.players[player],
                )
                for player in self.bots
            ]
            lines.append(counted(worded("rummikub_game.pool", self.rules), len(shown.pool)))
            if lines != self.opponents:
                self.opponents = lines
            sheet = self._sheet()
            if sheet != self.sheet:
                self.sheet = sheet
            timer = self._timer()
            if timer != self.timer:
                self.timer = timer

    def _shown(self) -> RummikubState:
        return self.game if self.replay is None else self.timeline[self.replay][0]

    def _timer(self) -> dict[str, Any]:
        seconds = self.game.rules.turn_seconds
        if seconds is None or not self._live():
            return {}
        return {"seconds": seconds, "button": self._timeout_id()}

    def _timeout_id(self) -> str:
        """This turn's time-out button: a new id every turn, so a late one cannot hit the next."""
        return f"timeout_{letters(len(self.game.history))}"

    def _sheet(self) -> dict[str, Any]:
        players = list(self.game.players)
        rows = [
            [self._say("rummikub_game.sheet_game", number=number), *map(str, row)]
            for number, row in enumerate(self.results, start=1)
        ]
        totals = [sum(row[seat] for row in self.results) for seat in range(len(players))]
        return {
            "caption": self._say("rummikub_game.sheet"),
            "head": [self._say("rummikub_game.sheet_games"), *players],
            "rows": rows,
            "totals": [self._say("rummy_game.sheet_total"), *map(str, totals)],
        }

    def _tally(self) -> str:
        number = len(self.results) + (not self.game.is_over)
        mode = self.mode
        if mode == "learner":
            seconds = self.game.rules.turn_seconds
            if seconds is None:
                status = self._say("rummikub_game.status.learner", number=number)
            else:
                status = self._say(
                    "rummikub_game.status.learner_timer", number=number, seconds=seconds
                )
            return f"{status} {super()._tally()}".strip()
        if mode == "computer":
            player = self.game.players[self.game.current_player]
            return self._say("rummikub_game.status.computer", number=number, player=player)
        return self._say("rummikub_game.status.game_over", number=number)

    def _buttons(self) -> list[dict[str, Any]]:
        live = self._live()
        mode = self.mode
        steps = len(self.timeline) - 1
        at = steps if self.replay is None else self.replay
        turn = [{**spec, "enabled": spec["enabled"] and live} for spec in super()._buttons()]
        game = [
            button_spec("next", "rummy_game.button.next", mode == "computer"),
            button_spec("next_round", "rummikub_game.button.next_game", mode == "game_over"),
            button_spec(
                "sort_colour",
                worded("rummikub_game.button.sort_colour", self.rules),
                self.sort_order != "colour",
            ),
            button_spec(
                "sort_number",
                worded("rummikub_game.button.sort_number", self.rules),
                self.sort_order != "number",
            ),
        ]
        if mode == "game_over":
            game += [
                button_spec("back", "rummy_game.button.back", at > 0),
                button_spec("forward", "rummy_game.button.forward", at < steps),
            ]
        return [*turn[:-2], *game, *turn[-2:]]

    def _idle_feedback(self) -> dict[str, str]:
        if not hasattr(self, "game") or self._live():
            return self._feedback("info", self._prompt())
        return self._feedback("info", self._not_your_turn())

    def _prompt(self) -> str:
        if self.game.opened[self.learner]:
            return self._say("rummikub_game.prompt")
        return self._say("rummikub_game.prompt_open", needed=self.game.rules.initial_meld_points)

    def _not_your_turn(self) -> str:
        if self.mode == "computer":
            return self._say("rummy_game.wait", player=self.game.players[self.game.current_player])
        return self._say("rummikub_game.over")

    # ------------------------------------------------------------------ input

    def _handle(self, intent: Intent) -> None:
        if intent.name == "press" and intent.target.startswith("timeout_"):
            self._timeout(intent.target)
        elif intent.name == "press" and intent.target in GAME_BUTTONS:
            self._game_press(intent.target)
        elif self._live():
            super()._handle(intent)
        elif intent.name == "press" and intent.target not in self._shown_buttons():
            self._refuse("unknown button", intent.target)
        else:
            self._refresh(self._feedback("info", self._not_your_turn()))

    def _shown_buttons(self) -> set[str]:
        """The ids of every button the page shows: the view's, and its zones' ("Move here")."""
        return {spec["id"] for spec in self._buttons()} | set(self._zone_buttons())

    def _game_press(self, button_id: str) -> None:
        enabled = {spec["id"] for spec in self._buttons() if spec["enabled"]}
        if button_id == "next" and button_id in enabled:
            self._computer_move()
        elif button_id == "next_round" and button_id in enabled:
            self._next_game()
        elif button_id in ("sort_colour", "sort_number"):
            self.sort_order = "colour" if button_id == "sort_colour" else "number"
            self._sync_ids()
            self._refresh(self._feedback("info", self._say(_SORTED[self.sort_order])))
        elif button_id in ("back", "forward") and self.mode == "game_over":
            self._step_replay(-1 if button_id == "back" else 1)
        elif button_id == "next":
            self._refresh(self._feedback("info", self._say("rummy_game.no_next")))
        else:
            self._refresh(self._feedback("info", self._not_your_turn()))

    def _timeout(self, button_id: str) -> None:
        """The page's turn timer ran out (K-TURN-4): this turn's id only, under a timer only."""
        if self.game.rules.turn_seconds is None or not self._live():
            self._refresh(self._feedback("info", self._say("rummikub_game.no_timeout")))
            return
        if button_id != self._timeout_id():
            self._refuse("time-out of another turn", button_id)
            return
        workspace = self.workspace
        self._end(lambda: workspace.state.end_turn(Play(workspace.sets), timed_out=True))

    # ------------------------------------------------------------------ moves

    def _end(self, finish: Callable[[], TurnResult]) -> None:
        """The learner's turn ends (played, penalty, draw): the game moves on from the engine's result."""
        before = self.game
        try:
            result = finish()
        except IllegalMoveError as error:
            self._refresh(self._feedback("bad", str(error)))
            return
        self.game = result.state
        drawn = Counter(self.game.racks[self.learner]) - Counter(before.racks[self.learner])
        tiles = messages.pieces_short(sorted(drawn.elements()))
        if result.penalty:
            verdict = self.game.last_verdict
            said = verdict.message if verdict is not None else ""
            if drawn:
                said += " " + self._say("rummikub_game.you_drew_penalty", tiles=tiles)
            status = "bad"
        elif isinstance(self.game.history[-1], Draw):
            key = "rummikub_game.you_drew" if drawn else "rummikub_game.you_passed"
            said = self._say(key, tile=tiles)
            status = "info"
        else:
            said, status = result.verdict.message, "ok"
        self.timeline.append((self.game, said))
        self._after(said, status)

    def _computer_move(self) -> None:
        """One computer move, shown with what it did and why (its rack stays hidden)."""
        before = self.game
        move = self.bots[before.current_player].choose(before)
        said = computer_move_said(before, move, strong=self.level == "strong")
        self.game = before.apply(move)
        self.timeline.append((self.game, said))
        self._after(said, "info")

    def _after(self, said: str, status: str) -> None:
        """Show the game as it is now, saying what happened and what the view waits for."""
        self.replay = None
        self._show(self.game)
        mode = self.mode
        if mode == "learner":
            text = f"{said} {self._prompt()}"
        elif mode == "computer":
            text = f"{said} {self._not_your_turn()}"
        else:
            self.results.append(self.game.scores or ())
            self._set_solved(True)  # the game is over: a lesson hears it (on_success)
            text = self._say(
                "rummikub_game.game_over", said=said, result=self._result(), verdict=self._verdict()
            )
            status = "solved"
        self._refresh(self._feedback(status, text.strip()))

    def _result(self) -> str:
        state = self.game
        verdict = state.last_verdict
        if state.winner != self.learner:
            return verdict.message if verdict is not None else ""
        points = (state.scores or (0,))[self.learner]
        if state.ending == "out":
            return self._say("rummikub_game.you_won", points=points)
        total = hand_value(state.racks[self.learner], state.rules)
        return self._say("rummikub_game.you_won_blocked", total=total, points=points)

    def _verdict(self) -> str:
        if self.game.winner == self.learner:
            return self._say("rummikub_game.won")
        return self._say("rummikub_game.lost", player=self.game.players[self.game.winner or 0])

    def _next_game(self) -> None:
        assert isinstance(self.rules, RummikubRules)
        number = len(self.results) + 1
        self._new_game(self.seed + number - 1, self.rules, keep_sheet=True)
        self._after(self.timeline[0][1], "info")

    def _step_replay(self, step: int) -> None:
        """Back or Forward through the finished game's history."""
        steps = len(self.timeline) - 1
        self.replay = replay_at(self.replay, steps, step)
        at = steps if self.replay is None else self.replay
        self.start_turn(self._seen(self.timeline[at][0]))
        self.goal = self._say("rummikub_game.goal")
        self.solved = True
        text = self._say("rummy_game.replay", step=at, steps=steps, said=self.timeline[at][1])
        self._refresh(self._feedback("info", text))

    def __repr__(self) -> str:
        return f"RummikubGame(players={self._players}, seed={self.seed}, level={self.level!r})"
