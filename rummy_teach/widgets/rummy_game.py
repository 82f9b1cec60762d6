"""The Rummy game view: the learner against 1-3 computer players, round after round (R-GAME-1).

The learner's turns are played as in the turn view (``RummyPlay``). The computer's moves are shown
one at a time, each with one sentence saying what it did and why, paced by the "Next move" button
(or, with ``pace``, pressed by the page itself after that many seconds: a teacher's setting; the
Python side never waits). A score sheet follows the match; a finished game replays step by step
(Back, Forward). Seeded: the same seed and the same learner's moves give the same game. The
computer's hands and the stock are never sent to the page: only how many cards each holds.
"""

from __future__ import annotations

from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.lessons.goals import Goal
from rummy_teach.rules import Rules, RummyRules
from rummy_teach.rummy.bots import RandomBot, RummyBot
from rummy_teach.rummy.match import RummyMatch, start_match
from rummy_teach.rummy.moves import LayOff, Move
from rummy_teach.rummy.state import RummyState
from rummy_teach.rummy.view import describe_move
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.games import GameTraits, Level, button_spec, check_game, replay_at
from rummy_teach.widgets.rummy_play import RummyPlay, counted

__all__ = ["Level", "RummyGame"]

Bot = RandomBot | RummyBot
Mode = Literal["learner", "computer", "round_over", "game_over"]


def _bot(level: Level, seed: int, player: int) -> Bot:
    if level == "easy":
        return RandomBot(seed * 8 + player)
    return RummyBot()


def _public(why: str) -> str:
    """The bot's reason without the card it kept in hand (its hand is never shown)."""
    kept = messages.template("rummy.bot.kept").split("{", 1)[0]
    return why.split(kept, 1)[0] if kept.strip() else why


class RummyGame(RummyPlay, GameTraits):
    """Play Rummy against 1-3 computer players (``easy`` or ``strong``), with the page's rules."""

    _esm = view_module("rummy_game")
    _css = view_css("rummy_game")
    undo_draws = False

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int = 0,
        level: Level = "easy",
        rules: RummyRules | None = None,
        pace: float = 0.0,
        title: str = "",
    ) -> None:
        check_game(players, seed, level, pace)
        self.level: Level = level
        self._new_game(players, seed, rules)
        super().__init__(self.match.current, learner=0, goal=Goal.play_game(), title=title)
        self.pace = float(pace)

    # ------------------------------------------------------------------ state

    def _new_game(self, players: int, seed: int, rules: RummyRules | None) -> None:
        """A fresh match from ``seed``: its first round dealt, the computers seated."""
        names = [messages.text("rummy_game.you")] + [
            messages.text("rummy_game.computer", number=number) for number in range(1, players)
        ]
        self.seed = seed
        self.match: RummyMatch = start_match(names, rules, seed=seed)
        self.bots: dict[int, Bot] = {
            player: _bot(self.level, seed, player) for player in range(1, players)
        }
        self.timeline: list[tuple[RummyState, str]] = [
            (self.match.current, messages.text("rummy_game.dealt", number=1))
        ]
        """Every state of the game with the sentence that led to it, for the replay."""
        self.replay_at: int | None = None
        """The step of ``timeline`` shown while replaying a finished game (None: the live game)."""

    def _deal(self, number: int) -> bool:
        """A new game dealt from seed ``number``: the same game for everyone with that number."""
        if type(number) is not int or number < 0:
            raise RummyTeachError(f"a hand number is a whole number from 0, not {shown(number)}")
        self._new_game(len(self.match.players), number, self.match.rules)
        self._start()
        return True

    def set_rules(self, rules: Rules) -> None:
        """Play by ``rules`` from now on (a house rule switched): a new game from the same seed."""
        if not isinstance(rules, RummyRules):
            raise RulesError(f"this game is played by Rummy rules, not {shown(rules)}")
        self.rules = rules
        self._new_game(len(self.match.players), self.seed, rules)
        self._start()
        self._refresh(self._feedback("info", messages.text("rummy_game.rules_changed")))

    def _start(self) -> None:
        self.state = self.match.current
        self._begin_turn()
        self.solved = False
        self.last_verdict = None
        self.hint_level = 0
        self._refresh(self._idle_feedback())

    def reset(self) -> None:
        """Take back this turn's melds and layoffs (the draw stays: its card was seen)."""
        if not self._undo or not self._learner_to_act():
            self._say("info", messages.text("turn.nothing_to_undo"))
            return
        self._restore(self._undo[0])
        self._undo = []
        self.selected = []
        self._say("info", f"{messages.text('rummy_game.reset_turn')} {self._prompt()}")

    @property
    def mode(self) -> Mode:
        """Whose move the view waits for: the learner's, the computer's, a new round, or none."""
        if self.match.is_over:
            return "game_over"
        if self.state.is_over:
            return "round_over"
        return "learner" if self.state.current_player == self.learner else "computer"

    def _shown_state(self) -> RummyState:
        if self.replay_at is None:
            return self.state
        return self.timeline[self.replay_at][0]

    def _snapshot(self) -> Any:
        return (self.match, len(self.timeline))

    def _restore(self, snapshot: Any) -> None:
        self.match, steps = snapshot
        self.state = self.match.current
        del self.timeline[steps:]

    def _apply(self, move: Move) -> None:
        self.match = self.match.apply(move)
        self.state = self.match.current

    # ------------------------------------------------------------------ view

    def _refresh(self, feedback: dict[str, str]) -> None:
        with self.hold_sync():
            super()._refresh(feedback)
            shown = self._shown_state()
            opponents = [
                counted(
                    "rummy_game.opponent", len(shown.hands[player]), player=shown.players[player]
                )
                for player in self.bots
            ]
            if opponents != self.opponents:
                self.opponents = opponents
            sheet = self._sheet()
            if sheet != self.sheet:
                self.sheet = sheet

    def _sheet(self) -> dict[str, Any]:
        match = self.match
        rules = match.rules
        if rules.hands is not None:
            caption = messages.text("rummy_game.sheet_hands", hands=rules.hands)
        else:
            caption = messages.text("rummy_game.sheet_target", target=rules.target)
        rows = [
            [messages.text("rummy_game.sheet_round", number=number), *map(str, row)]
            for number, row in enumerate(match.score_table, start=match.rounds_before + 1)
        ]
        return {
            "caption": caption,
            "head": [messages.text("rummy_game.sheet_rounds"), *match.players],
            "rows": rows,
            "totals": [messages.text("rummy_game.sheet_total"), *map(str, match.totals)],
        }

    def _tally(self) -> str:
        number = self.match.rounds_before + len(self.match.rounds) + (not self.state.is_over)
        mode = self.mode
        if mode == "learner":
            return messages.text("rummy_game.status.learner", number=number)
        if mode == "computer":
            player = self.state.players[self.state.current_player]
            return messages.text("rummy_game.status.computer", number=number, player=player)
        if mode == "round_over":
            return messages.text("rummy_game.status.round_over", number=number)
        return messages.text("rummy_game.status.game_over")

    def _buttons(self) -> list[dict[str, Any]]:
        mode = self.mode
        steps = len(self.timeline) - 1
        at = steps if self.replay_at is None else self.replay_at
        buttons = [
            *self._play_buttons(),
            button_spec("next", "rummy_game.button.next", mode == "computer"),
            button_spec("next_round", "rummy_game.button.next_round", mode == "round_over"),
            button_spec("sort_suit", "rummy_game.button.sort_suit", self.sort_order != "suit"),
            button_spec("sort_rank", "rummy_game.button.sort_rank", self.sort_order != "rank"),
        ]
        if mode == "game_over":
            buttons += [
                button_spec("back", "rummy_game.button.back", at > 0),
                button_spec("forward", "rummy_game.button.forward", at < steps),
            ]
        shared = {spec["id"]: spec for spec in super(RummyPlay, self)._buttons()}
        label = messages.text("rummy_game.button.reset")
        reset = {**shared.pop("reset"), "label": label}
        reset["enabled"] = bool(self._undo) and mode == "learner"
        hint = {**shared.pop("hint"), "enabled": mode == "learner"}
        return [*buttons, hint, reset, *shared.values()]

    def _not_your_turn(self) -> str:
        mode = self.mode
        if mode == "computer":
            player = self.state.players[self.state.current_player]
            return messages.text("rummy_game.wait", player=player)
        if mode == "round_over":
            return messages.text("rummy_game.deal_next")
        return messages.text("rummy_game.over")

    def _idle_feedback(self) -> dict[str, str]:
        if self.mode == "learner":
            return super()._idle_feedback()
        return self._feedback("info", self._not_your_turn())

    # ------------------------------------------------------------------ moves

    def _moved(self, before: RummyState, move: Move, said: str) -> None:
        self.timeline.append((self.state, said))
        self._after(said)

    def _after(self, said: str) -> None:
        """Say what happened, and what the view waits for now."""
        mode = self.mode
        if mode == "learner":
            self._say("ok", f"{said} {self._prompt()}")
        elif mode == "computer":
            self._say("info", f"{said} {self._not_your_turn()}")
        else:
            self._round_over(said)

    def _result(self) -> str:
        """How the round ended, the learner addressed as "you" (``result_message`` otherwise)."""
        state = self.state
        if state.ending != "out" or state.winner is None:
            return state.result_message()
        parts = []
        for player, hand in enumerate(state.hands):
            if player == state.winner:
                continue
            key = "rummy_game.result.you_hold" if player == self.learner else "rummy.result.part"
            cards = messages.pieces_short(hand) if hand else messages.text("rummy.result.no_cards")
            parts.append(
                messages.text(
                    key, player=state.players[player], cards=cards, points=state.hand_values[player]
                )
            )
        rummy = state.rules.going_rummy_doubles and state.going_rummy
        key = "rummy.result.rummy" if rummy else "rummy.result.out"
        if state.winner == self.learner:
            key = "rummy_game.result.you_rummy" if rummy else "rummy_game.result.you_out"
        return messages.text(
            key,
            winner=state.players[state.winner],
            points=state.points,
            parts=messages.join(parts),
        )

    def _round_over(self, said: str) -> None:
        result = self._result()
        totals = self.match.score_message()
        if not self.match.is_over:
            text = messages.text("rummy_game.round_over", said=said, result=result, totals=totals)
            self._say("info", text)
            return
        winner = self.match.winner
        if winner is None:
            verdict = messages.text("rummy_game.tie")
        elif winner == self.learner:
            verdict = messages.text("rummy_game.won")
        else:
            verdict = messages.text("rummy_game.lost", player=self.match.players[winner])
        self._set_solved(True)
        text = messages.text(
            "rummy_game.game_over", said=said, result=result, totals=totals, verdict=verdict
        )
        self._say("solved", text)

    def _game_button(self, button_id: str) -> None:
        if button_id == "next":
            self._computer_move()
        elif button_id == "next_round":
            self._next_round()
        elif button_id in ("sort_suit", "sort_rank"):
            self.sort_order = "suit" if button_id == "sort_suit" else "rank"
            key = "rummy_game.sorted_suit" if button_id == "sort_suit" else "rummy_game.sorted_rank"
            self._say("info", messages.text(key))
        elif button_id in ("back", "forward"):
            self._step(-1 if button_id == "back" else 1)

    def _off_reason(self, button_id: str) -> str | None:
        """A greyed-out game button says why it is off now (whose move, the order already, the ends)."""
        mode = self.mode
        if button_id in ("sort_suit", "sort_rank"):
            key = "rummy_game.sorted_suit" if button_id == "sort_suit" else "rummy_game.sorted_rank"
            return messages.text(key)
        if button_id == "next":
            return (
                messages.text("rummy_game.no_next") if mode == "learner" else self._not_your_turn()
            )
        if button_id == "next_round" and mode in ("learner", "computer"):
            return messages.text("rummy_game.round_on")
        if button_id in ("back", "forward"):
            key = "rummy_game.replay_first" if button_id == "back" else "rummy_game.replay_last"
            return messages.text(key)
        if button_id in ("hint", "reset") and mode != "learner":
            return self._not_your_turn()
        if button_id == "reset":
            return messages.text(
                "rummy_game.reset_nothing" if self.state.drawn else "turn.nothing_to_undo"
            )
        return super()._off_reason(button_id)

    def _computer_move(self) -> None:
        """One computer move, shown with what it did and why (its hand stays hidden)."""
        if self.mode != "computer":
            self._say("info", messages.text("rummy_game.no_next"))
            return
        before = self.state
        player = before.current_player
        bot = self.bots[player]
        move = bot.choose(before)
        said = messages.text(
            "rummy_game.computer_move",
            did=self._described(before, move),
            why=_public(bot.explain(before, move)),
        )
        self._apply(move)
        self.timeline.append((self.state, said))
        if self._learner_to_act():
            self._begin_turn()
        self._after(said)

    def _described(self, before: RummyState, move: Move) -> str:
        """What a computer's move did (``describe_move``), a layoff naming whose meld it grew."""
        if not isinstance(move, LayOff):
            return describe_move(before, move)
        player = before.current_player
        owner = before.table[move.meld].player
        if owner == self.learner:
            key = "rummy_game.did.layoff_yours"
        elif owner == player:
            key = "rummy_game.did.layoff_own"
        else:
            key = "rummy_game.did.layoff_other"
        sentence = messages.text(
            key,
            player=before.players[player],
            owner=before.players[owner],
            cards=messages.pieces_short(move.cards),
            meld=messages.pieces_short(before.table[move.meld].cards),
        )
        if len(before.hand) == len(move.cards):
            sentence += " " + messages.text("rummy.did.out", player=before.players[player])
        return sentence

    def _next_round(self) -> None:
        if self.mode != "round_over":
            self._say("info", self._not_your_turn())
            return
        self.match = self.match.next_round()
        self.state = self.match.current
        number = self.match.rounds_before + len(self.match.rounds) + 1
        said = messages.text("rummy_game.dealt", number=number)
        self.timeline.append((self.state, said))
        self._begin_turn()
        self._after(said)

    def _step(self, step: int) -> None:
        """Back or Forward through the finished game's history."""
        last = len(self.timeline) - 1
        self.replay_at = replay_at(self.replay_at, last, step)
        at = last if self.replay_at is None else self.replay_at
        said = self.timeline[at][1]
        text = messages.text("rummy_game.replay", step=at, steps=last, said=said)
        self._say("info", text)

    def __repr__(self) -> str:
        players = len(self.match.players)
        return f"RummyGame(players={players}, seed={self.seed}, level={self.level!r})"
