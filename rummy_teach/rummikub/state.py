"""The Rummikub game state: deal, turns as proposed tables, penalties, the end and scoring (K-*).

>>> from rummy_teach.rummikub import deal, Draw
>>> state = deal(2, seed=1)
>>> len(state.racks[0]), len(state.pool)
(14, 78)
>>> state.apply(Draw()).current_player
1

A playing move is the whole table as the player wants it at the end of the turn (``Play``); the
one turn check is ``check_turn`` (``rummy_teach.rummikub.check``; how a joker on the table is read
is ``rummy_teach.rummikub.sets``). ``TurnWorkspace`` (``rummy_teach.rummikub.workspace``) lets a
learner build that table step by step.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, shown
from rummy_teach.melds import hand_value
from rummy_teach.pieces import format_pieces
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.card_words import said, worded
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.moves import Draw, Move, Penalty, Play, move_to_json
from rummy_teach.rummikub.sets import Table, TileSet, plain, settle, tiles_key
from rummy_teach.saves import VERSION, header
from rummy_teach.verdict import Verdict, noted

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "RummikubState", "RummikubView", "TurnResult"]

SAVE_FORMAT = "rummy-teach/rummikub-game"
"""The ``format`` of a saved Rummikub game (``RummikubState.to_json``)."""
SAVE_VERSION = VERSION
"""The ``version`` of the save format this engine writes and reads."""

# ---------------------------------------------------------------------------------------------
# the state


@dataclass(frozen=True, slots=True)
class RummikubView:
    """What one player may see (K-SET-2, racks are hidden): their rack, the others' rack sizes."""

    player: int
    rack: TileSet
    rack_sizes: tuple[int, ...]
    pool_size: int
    table: Table
    opened: tuple[bool, ...]
    current_player: int
    players: tuple[str, ...]
    is_over: bool
    winner: int | None
    scores: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class RummikubState:
    """One moment of a Rummikub game; ``apply(move)`` returns the next, never changing this one."""

    rules: RummikubRules
    players: tuple[str, ...]
    seed: int
    racks: tuple[TileSet, ...]
    """Each player's rack, sorted (colour, number, jokers last)."""
    pool: TileSet
    """The face-down tiles; draws take them from the front."""
    table: Table
    """The sets on the table in the order their tiles were laid, each joker recording the tile it
    stands for (K-MELD-5: declared, or as its set read when laid)."""
    opened: tuple[bool, ...]
    """Whether each player has made the initial meld (K-OPEN-1, K-OPEN-2)."""
    current_player: int
    ending: Literal["out", "blocked"] | None = None
    """How the game ended: a player went out (K-END-1) or nobody could play any more (K-END-2)."""
    winner: int | None = None
    scores: tuple[int, ...] | None = None
    """When over: each player's score; they sum to zero (K-END-1, K-END-2)."""
    passes: int = 0
    """Turns in a row that played nothing while the pool was empty (K-END-2)."""
    history: tuple[Move, ...] = field(default=(), repr=False)
    """Every move since the deal: with ``seed`` and ``rules`` they replay the game exactly."""
    last_verdict: Verdict | None = field(default=None, repr=False, compare=False)
    """The check of the last move, for feedback."""
    origin: RummikubState | None = field(default=None, repr=False, compare=False)
    """The first state of a game set up by ``from_position`` (None when dealt from a seed)."""

    # -- reading

    @property
    def is_over(self) -> bool:
        """True once someone went out (K-END-1) or the game stopped on an empty pool (K-END-2)."""
        return self.ending is not None

    @property
    def rack(self) -> TileSet:
        """The rack of the player to act."""
        return self.racks[self.current_player]

    def next_player(self, player: int | None = None) -> int:
        """Who plays after ``player`` (default: the player to act), clockwise or not (K-SET-3)."""
        seat = self.current_player if player is None else self._seat(player)
        step = 1 if self.rules.direction == "clockwise" else -1
        return (seat + step) % len(self.players)

    def view(self, player: int) -> RummikubView:
        """What ``player`` may see: their own rack, only the sizes of the others' (K-SET-2)."""
        player = self._seat(player)
        return RummikubView(
            player=player,
            rack=self.racks[player],
            rack_sizes=tuple(len(rack) for rack in self.racks),
            pool_size=len(self.pool),
            table=self.table,
            opened=self.opened,
            current_player=self.current_player,
            players=self.players,
            is_over=self.is_over,
            winner=self.winner,
            scores=self.scores,
        )

    def _seat(self, player: object) -> int:
        """``player`` if it numbers a player here; else ``RulesError``."""
        if type(player) is not int or not 0 <= player < len(self.players):
            raise RulesError(f"player must be 0 to {len(self.players) - 1}, not {shown(player)}")
        return player

    def check(self, move: Play) -> Verdict:
        """Judge a play for the player to act without applying it (``check_turn`` on this state)."""
        return check_turn(
            self.table,
            _as_play(move, "check").table,
            self.rack,
            opened=self.opened[self.current_player],
            rules=self.rules,
        )

    # -- moving

    def apply(self, move: Move) -> RummikubState:
        """The state after ``move`` by the player to act; illegal: ``IllegalMoveError``."""
        if self.is_over:
            raise IllegalMoveError(
                messages.text("rummikub.game_over"), reason="rummikub.game_over", rule="K-END-1"
            )
        if isinstance(move, Play):
            return self._play(move)
        if isinstance(move, Draw):
            return self._draw(move)
        if isinstance(move, Penalty):
            return self._penalty(move)
        raise RulesError(f"not a Rummikub move: {shown(move)}")

    def _play(self, move: Play) -> RummikubState:
        verdict = self.check(move)
        if not verdict.ok:
            raise IllegalMoveError(verdict.message, reason=verdict.reason or "", rule=verdict.rule)
        player = self.current_player
        left = Counter(self.rack) - Counter(plain(move.placed(self.table)))
        rack = tiles_key(left.elements())
        racks = _replace_at(self.racks, player, rack)
        table = settle(self.table, move.table, self.rules).table
        opened = _replace_at(self.opened, player, True)
        state = replace(
            self,
            racks=racks,
            table=table,
            opened=opened,
            passes=0,
            history=(*self.history, move),
            last_verdict=verdict,
        )
        if not rack:
            return state._finish("out", winner=player)
        return replace(state, current_player=self.next_player())

    def _words(self, key: str) -> str:
        """The message key for ``key`` under this game's rules: its card wording with cards (K-CARDS-1)."""
        return worded(key, self.rules)

    def _draw(self, move: Draw) -> RummikubState:
        name = self.players[self.current_player]
        if not self.pool:
            verdict = noted(
                "rummikub.passed", "K-END-2", key=self._words("rummikub.passed"), player=name
            )
        else:
            verdict = noted(
                "rummikub.drew", "K-OPEN-3", key=self._words("rummikub.drew"), player=name
            )
        return self._take(1, move, verdict)

    def end_turn(self, play: Play | None = None, *, timed_out: bool = False) -> TurnResult:
        """End the turn of the player to act as the rules say (K-TURN-3, K-TURN-4, K-OPEN-3).

        A valid ``play`` is played; an invalid one leaves the table as it was and draws the
        penalty, and the verdict says what was wrong; no play draws a tile (K-OPEN-3);
        ``timed_out`` (the turn timer ran out) draws the penalty whatever was proposed. A play
        that places nothing and leaves the table as it was is refused: draw instead.
        """
        if type(timed_out) is not bool:
            raise RulesError(f"timed_out must be True or False, not {shown(timed_out)}")
        if play is not None:
            play = _as_play(play, "end_turn")
        if timed_out:
            state = self.apply(Penalty("K-TURN-4", play))
            assert state.last_verdict is not None
            return TurnResult(state, state.last_verdict, penalty=True)
        if play is None:
            state = self.apply(Draw())
            assert state.last_verdict is not None
            return TurnResult(state, state.last_verdict, penalty=False)
        verdict = self.check(play)
        if verdict.ok:
            return TurnResult(self.apply(play), verdict, penalty=False)
        self._refuse_unchanged(play, verdict)
        return TurnResult(self.apply(Penalty("K-TURN-3", play)), verdict, penalty=True)

    def _refuse_unchanged(self, play: Play, verdict: Verdict) -> None:
        """A play that places nothing and leaves the table as it was is no failed turn: draw."""
        if verdict.reason == "rummikub.nothing_played" and Counter(
            tiles_key(tiles) for tiles in play.table
        ) == Counter(tiles_key(tiles) for tiles in self.table):
            raise IllegalMoveError(
                said("rummikub.nothing_to_end", self.rules),
                reason="rummikub.nothing_to_end",
                rule="K-OPEN-3",
            )

    def _penalty(self, move: Penalty) -> RummikubState:
        """Draw the penalty, but only for a turn that really failed (K-TURN-3) or ran out (K-TURN-4)."""
        count = min(self.rules.penalty_draw, len(self.pool))
        if move.rule == "K-TURN-4":
            if self.rules.turn_seconds is None:
                raise _refusal("rummikub.penalty_no_timer", "K-TURN-4")
            verdict = noted(
                "rummikub.timeout",
                "K-TURN-4",
                key=self._words("rummikub.timeout"),
                seconds=self.rules.turn_seconds,
                count=count,
            )
            return self._take(count, move, verdict)
        if move.attempt is None:
            raise _refusal("rummikub.penalty_no_attempt", "K-TURN-3")
        failure = self.check(move.attempt)
        if failure.ok:
            raise _refusal("rummikub.penalty_not_failed", "K-TURN-3")
        self._refuse_unchanged(move.attempt, failure)  # not three tiles instead of one
        verdict = noted(
            "rummikub.penalty",
            "K-TURN-3",
            key=self._words("rummikub.penalty"),
            count=count,
            why=failure.message,
        )
        return self._take(count, move, verdict)

    def _take(self, count: int, move: Move, verdict: Verdict) -> RummikubState:
        """The player to act draws ``count`` tiles from the pool and the turn passes.

        K-END-2: with the pool empty this is a pass, and the game stops: at once under the default
        ``empty_pool_end="next_player"`` (the next player could not or would not play), or once
        every player has passed in a row under ``"all_pass"``.
        """
        player = self.current_player
        passes = self.passes + 1 if not self.pool else 0
        rack = tiles_key((*self.rack, *self.pool[:count]))
        state = replace(
            self,
            racks=_replace_at(self.racks, player, rack),
            pool=self.pool[count:],
            current_player=self.next_player(),
            passes=passes,
            history=(*self.history, move),
            last_verdict=verdict,
        )
        next_player = self.rules.empty_pool_end == "next_player"
        if passes >= (1 if next_player else len(self.players)):
            lead = (
                said("rummikub.drew_blocked", self.rules, player=self.players[player])
                if next_player
                else said("rummikub.drew_blocked_all", self.rules)
            )
            return state._finish("blocked", winner=None, lead=lead)
        return state

    def _finish(
        self,
        ending: Literal["out", "blocked"],
        *,
        winner: int | None,
        lead: str = "",
    ) -> RummikubState:
        """Score the game (K-END-1 when ``winner`` went out, else K-END-2 on the lowest total).

        K-END-2 ties go to the first such player in seat order; the others tied with them pay 0.
        """
        totals = [hand_value(rack, self.rules) for rack in self.racks]
        if winner is None:
            low = min(totals)
            winner = totals.index(low)
        scores = [-(total - totals[winner]) for total in totals]
        scores[winner] = -sum(score for seat, score in enumerate(scores) if seat != winner)
        if ending == "out":
            verdict = noted(
                "rummikub.won",
                "K-END-1",
                key=self._words("rummikub.won"),
                player=self.players[winner],
                points=scores[winner],
            )
        else:
            verdict = noted(
                "rummikub.won_blocked",
                "K-END-2",
                player=self.players[winner],
                total=totals[winner],
                points=scores[winner],
            )
        if lead:
            verdict = replace(verdict, message=f"{lead} {verdict.message}")
        return replace(
            self, ending=ending, winner=winner, scores=tuple(scores), last_verdict=verdict
        )

    # -- replays

    def to_json(self) -> str:
        """The game as JSON: rules key, players, seed and every move; ``load`` replays it exactly."""
        record = {
            **header(SAVE_FORMAT),
            "rules": self.rules.key,
            "players": list(self.players),
            "seed": self.seed,
            "moves": [move_to_json(move) for move in self.history],
            "jokers_stand": True,  # K-MELD-5: saved since tables remember their jokers (K-JOKER-1)
        }
        if self.origin is not None:
            start = self.origin
            record["start"] = {
                "racks": [format_pieces(rack) for rack in start.racks],
                "table": [format_pieces(tiles) for tiles in start.table],
                "pool": format_pieces(start.pool),
                "opened": list(start.opened),
                "current_player": start.current_player,
            }
        return json.dumps(record, indent=1)


@dataclass(frozen=True, slots=True)
class TurnResult:
    """How a turn ended: the next state, the verdict on the table, whether a penalty was paid."""

    state: RummikubState
    verdict: Verdict
    penalty: bool


def _as_play(move: object, who: str) -> Play:
    """``move`` if it is a ``Play``; else ``RulesError`` saying how to make one."""
    if not isinstance(move, Play):
        raise RulesError(
            f"{who} takes a Play (rummikub.parse_move('play …') reads one from notation), "
            f"not {shown(move)}"
        )
    return move


def _refusal(reason: str, rule: str) -> IllegalMoveError:
    """A move the rules refuse, worded by ``reason``; the state stays as it was."""
    return IllegalMoveError(messages.text(reason), reason=reason, rule=rule)


def _replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])
