"""The Rummikub game: deal, turns as proposed tables, penalties, the end and scoring, replays (K-*).

>>> from rummy_teach.rummikub import deal, Draw
>>> state = deal(2, seed=1)
>>> len(state.racks[0]), len(state.pool)
(14, 78)
>>> state.apply(Draw()).current_player
1

A playing move is the whole table as the player wants it at the end of the turn (``Play``); the
one turn check is ``check_turn`` (see ``rummy_teach.rummikub_check``, which also documents how a
joker on the table is read). ``TurnWorkspace`` (``rummy_teach.rummikub_workspace``) lets a
learner build that table step by step.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError
from rummy_teach.melds import Verdict, hand_value
from rummy_teach.pieces import Card, Colour, Suit, Tile, format_pieces, parse_tiles
from rummy_teach.rules import RummikubRules, rules_from_key
from rummy_teach.rummikub_check import check_turn, set_in_reading_order, tiles_key

__all__ = [
    "Draw",
    "Move",
    "Penalty",
    "Play",
    "RummikubState",
    "RummikubView",
    "card_to_tile",
    "check_turn",
    "deal",
    "full_set",
    "load",
    "move_from_json",
    "move_to_json",
    "replay",
    "tile_label",
    "tile_to_card",
    "transcript",
]

JOKER = Tile.joker()
RACK_SIZE = 14
"""K-SET-2: tiles dealt to each player."""

TileSet: TypeAlias = tuple[Tile, ...]
Table: TypeAlias = tuple[TileSet, ...]


# ---------------------------------------------------------------------------------------------
# the tiles (K-SET-1) and their card faces (K-CARDS-1)


def full_set(rules: RummikubRules) -> TileSet:
    """Every tile of the game, sorted (K-SET-1): 1-13 in four colours twice, plus 2 or 4 jokers."""
    tiles = [
        Tile(number, colour) for colour in Colour for number in range(1, 14) for _copy in (1, 2)
    ]
    return (*tiles, *[JOKER] * rules.jokers)


_SUIT_OF_COLOUR = {
    Colour.BLACK: Suit.SPADES,
    Colour.RED: Suit.HEARTS,
    Colour.BLUE: Suit.CLUBS,
    Colour.ORANGE: Suit.DIAMONDS,
}
_COLOUR_OF_SUIT = {suit: colour for colour, suit in _SUIT_OF_COLOUR.items()}


def tile_to_card(tile: Tile) -> Card | None:
    """The card a tile shows as with ``pieces="cards"`` (K-CARDS-1): A=1 … K=13; None: a joker.

    Colours become suits: black spades, red hearts, blue clubs, orange diamonds.
    """
    if tile.colour is None:
        return None
    return Card(tile.number, _SUIT_OF_COLOUR[tile.colour])


def card_to_tile(card: Card | None) -> Tile:
    """The tile a card stands for (K-CARDS-1); None, a deck's joker, is the joker tile."""
    if card is None:
        return JOKER
    return Tile(card.rank, _COLOUR_OF_SUIT[card.suit])


def tile_label(tile: Tile, rules: RummikubRules) -> str:
    """How a tile is shown to a learner: ``red 7``, or ``7♥`` when playing cards (K-CARDS-1)."""
    card = tile_to_card(tile) if rules.pieces == "cards" else None
    if card is None:
        return messages.piece_short(tile)
    return messages.piece_short(card)


# ---------------------------------------------------------------------------------------------
# moves


def _as_table(sets: Iterable[Iterable[Tile] | str]) -> Table:
    table: list[TileSet] = []
    for tiles in sets:
        group = tuple(parse_tiles(tiles)) if isinstance(tiles, str) else tuple(tiles)
        for tile in group:
            if not isinstance(tile, Tile):
                raise RulesError(f"Rummikub is played with tiles: {tile!r} does not belong")
        table.append(group)
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Play:
    """A playing turn: the whole table as the player wants it at the end of the turn (K-TURN-1).

    ``Play.parse("R5 R6 R7 | K10 R10 B10")`` or ``Play([tiles, tiles])``; the rack tiles played are
    the new table minus the old one.
    """

    table: Table

    def __init__(self, table: Iterable[Iterable[Tile] | str]) -> None:
        """Keep the proposed sets as tuples of tiles (strings are read as tile notation)."""
        object.__setattr__(self, "table", _as_table(table))

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read sets written in tile notation and separated by ``|``."""
        return cls(part for part in text.split("|") if part.strip())

    def placed(self, table: Sequence[Sequence[Tile]]) -> TileSet:
        """The tiles this play adds to ``table`` (the multiset difference), sorted."""
        before = Counter(tile for tiles in table for tile in tiles)
        after = Counter(tile for tiles in self.table for tile in tiles)
        return tiles_key((after - before).elements())

    def __str__(self) -> str:
        return "play " + " | ".join(format_pieces(tiles) for tiles in self.table)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile instead of playing (K-OPEN-3); with the pool empty, pass (K-END-2)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Penalty:
    """The turn failed: the table stays as it was and the player draws ``penalty_draw`` tiles.

    ``rule`` is K-TURN-3 (the table was left invalid) or K-TURN-4 (time ran out).
    """

    rule: Literal["K-TURN-3", "K-TURN-4"] = "K-TURN-3"

    def __post_init__(self) -> None:
        if self.rule not in ("K-TURN-3", "K-TURN-4"):
            raise RulesError(f"a penalty is for K-TURN-3 or K-TURN-4, not {self.rule!r}")

    def __str__(self) -> str:
        return f"penalty {self.rule}"


Move: TypeAlias = Play | Draw | Penalty


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as JSON values: ``{"play": ["R5 R6 R7"]}``, ``{"draw": true}``, ``{"penalty": …}``."""
    if isinstance(move, Play):
        return {"play": [format_pieces(tiles) for tiles in move.table]}
    if isinstance(move, Draw):
        return {"draw": True}
    return {"penalty": move.rule}


def move_from_json(value: object) -> Move:
    """Read a move written by ``move_to_json``; anything else raises ``RulesError`` quoting it."""
    if isinstance(value, dict) and len(value) == 1:
        if isinstance(value.get("play"), list) and all(isinstance(x, str) for x in value["play"]):
            return Play(value["play"])
        if value.get("draw") is True:
            return Draw()
        if value.get("penalty") in ("K-TURN-3", "K-TURN-4"):
            return Penalty(value["penalty"])
    raise RulesError(f"not a Rummikub move: {value!r}")


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
    names: tuple[str, ...]
    is_over: bool
    winner: int | None
    scores: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class RummikubState:
    """One moment of a Rummikub game; ``apply(move)`` returns the next, never changing this one."""

    rules: RummikubRules
    names: tuple[str, ...]
    seed: int
    racks: tuple[TileSet, ...]
    """Each player's rack, sorted (colour, number, jokers last)."""
    pool: TileSet
    """The face-down tiles; draws take them from the front."""
    table: Table
    """The sets on the table, each laid out as it reads (a joker where its stand-in would be)."""
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
    moves: tuple[Move, ...] = field(default=(), repr=False)
    """Every move since the deal: with ``seed`` and ``rules`` they replay the game exactly."""
    last_verdict: Verdict | None = field(default=None, repr=False, compare=False)
    """The check of the last move, for feedback."""

    # -- reading

    @property
    def players(self) -> int:
        """How many players (K-SET-2: 2 to 4)."""
        return len(self.names)

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
        seat = self.current_player if player is None else player
        step = 1 if self.rules.direction == "clockwise" else -1
        return (seat + step) % self.players

    def view(self, player: int) -> RummikubView:
        """What ``player`` may see: their own rack, only the sizes of the others' (K-SET-2)."""
        if not 0 <= player < self.players:
            raise RulesError(f"player must be 0 to {self.players - 1}, not {player!r}")
        return RummikubView(
            player=player,
            rack=self.racks[player],
            rack_sizes=tuple(len(rack) for rack in self.racks),
            pool_size=len(self.pool),
            table=self.table,
            opened=self.opened,
            current_player=self.current_player,
            names=self.names,
            is_over=self.is_over,
            winner=self.winner,
            scores=self.scores,
        )

    def check(self, move: Play) -> Verdict:
        """Judge a play for the player to act without applying it (``check_turn`` on this state)."""
        return check_turn(
            self.table,
            move.table,
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
        raise RulesError(f"not a Rummikub move: {move!r}")

    def _play(self, move: Play) -> RummikubState:
        verdict = self.check(move)
        if not verdict.ok:
            raise IllegalMoveError(verdict.message, reason=verdict.reason or "", rule=verdict.rule)
        player = self.current_player
        left = Counter(self.rack) - Counter(move.placed(self.table))
        rack = tiles_key(left.elements())
        racks = _replace_at(self.racks, player, rack)
        table = tuple(set_in_reading_order(tiles, self.rules) for tiles in move.table)
        opened = _replace_at(self.opened, player, True)
        state = replace(
            self,
            racks=racks,
            table=table,
            opened=opened,
            passes=0,
            moves=(*self.moves, move),
            last_verdict=verdict,
        )
        if not rack:
            return state._finish("out", winner=player)
        return replace(state, current_player=self.next_player())

    def _draw(self, move: Draw) -> RummikubState:
        name = self.names[self.current_player]
        if not self.pool:
            verdict = _note("rummikub.passed", "K-END-2", player=name)
        else:
            verdict = _note("rummikub.drew", "K-OPEN-3", player=name)
        return self._take(1, move, verdict)

    def _penalty(self, move: Penalty) -> RummikubState:
        count = min(self.rules.penalty_draw, len(self.pool))
        if move.rule == "K-TURN-4":
            verdict = _note(
                "rummikub.timeout", "K-TURN-4", seconds=self.rules.turn_seconds, count=count
            )
        else:
            verdict = _note("rummikub.penalty", "K-TURN-3", count=count)
        return self._take(count, move, verdict)

    def _take(self, count: int, move: Move, verdict: Verdict) -> RummikubState:
        """The player to act draws ``count`` tiles from the pool and the turn passes.

        K-END-2: with the pool empty this is a pass; when every player has passed in a row the
        game stops.
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
            moves=(*self.moves, move),
            last_verdict=verdict,
        )
        if passes >= self.players:
            return state._finish(
                "blocked", winner=None, lead=messages.text("rummikub.drew_blocked")
            )
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
            verdict = _note(
                "rummikub.won", "K-END-1", player=self.names[winner], points=scores[winner]
            )
        else:
            verdict = _note(
                "rummikub.won_blocked",
                "K-END-2",
                player=self.names[winner],
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
        """The game as JSON: rules key, names, seed and every move; ``load`` replays it exactly."""
        record = {
            "game": "rummikub",
            "rules": self.rules.key,
            "names": list(self.names),
            "seed": self.seed,
            "moves": [move_to_json(move) for move in self.moves],
        }
        return json.dumps(record, indent=1)


def _replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _note(reason: str, rule: str, **params: object) -> Verdict:
    """A verdict that only reports what happened (a draw, a penalty, the end)."""
    return Verdict(
        ok=True,
        kind=None,
        points=0,
        reason=reason,
        rule=rule,
        message=messages.text(reason, **params),
        params=tuple(sorted(params.items())),
    )


def deal(
    players: int | Sequence[str], rules: RummikubRules | None = None, *, seed: int | None = None
) -> RummikubState:
    """Shuffle with ``seed``, deal 14 tiles to each of 2-4 players, the rest the pool (K-SET-1..3).

    ``players`` is a count or the players' names; player 0 starts, play goes ``rules.direction``.
    """
    rules = RummikubRules() if rules is None else rules
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"deal needs RummikubRules, not {rules!r}")
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(messages.text("rummikub.player_name", number=n + 1) for n in range(players))
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = tuple(str(name) for name in players)
    else:
        raise RulesError(f"players is a number from 2 to 4 or a list of names, not {players!r}")
    if not 2 <= len(names) <= 4:
        raise RulesError(f"Rummikub is for 2 to 4 players (K-SET-2), not {len(names)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if type(seed) is not int:
        raise RulesError(f"seed must be a whole number, not {seed!r}")
    tiles = list(full_set(rules))
    random.Random(seed).shuffle(tiles)
    racks = tuple(
        tiles_key(tiles[seat * RACK_SIZE : (seat + 1) * RACK_SIZE]) for seat in range(len(names))
    )
    return RummikubState(
        rules=rules,
        names=names,
        seed=seed,
        racks=racks,
        pool=tuple(tiles[len(names) * RACK_SIZE :]),
        table=(),
        opened=(False,) * len(names),
        current_player=0,
    )


def replay(
    players: int | Sequence[str],
    moves: Iterable[Move],
    rules: RummikubRules | None = None,
    *,
    seed: int,
) -> RummikubState:
    """Deal with ``seed`` and apply ``moves`` in order: the same game, exactly."""
    state = deal(players, rules, seed=seed)
    for move in moves:
        state = state.apply(move)
    return state


def load(text: str) -> RummikubState:
    """Replay a game saved by ``RummikubState.to_json``."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"not a saved Rummikub game: {error}") from None
    if not isinstance(record, dict) or record.get("game") != "rummikub":
        raise RulesError("not a saved Rummikub game: 'game' must be 'rummikub'")
    rules = rules_from_key(str(record.get("rules")))
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"not Rummikub rules: {record.get('rules')!r}")
    names = record.get("names")
    seed = record.get("seed")
    moves = record.get("moves")
    if not isinstance(names, list) or not isinstance(seed, int) or not isinstance(moves, list):
        raise RulesError("a saved Rummikub game has 'names', 'seed' and 'moves'")
    return replay(names, [move_from_json(move) for move in moves], rules, seed=seed)


def transcript(state: RummikubState) -> str:
    """The game so far as plain notation, one block per move: the golden playthrough format."""
    game = deal(state.names, state.rules, seed=state.seed)
    lines = [f"{state.rules.key} seed={state.seed} players={'; '.join(state.names)}"]
    lines += [
        f"deal {name}: {format_pieces(rack)}"
        for name, rack in zip(game.names, game.racks, strict=True)
    ]
    lines.append(f"pool {len(game.pool)}")
    for number, move in enumerate(state.moves, start=1):
        player = game.current_player
        before = game
        game = game.apply(move)
        if isinstance(move, Play):
            placed = format_pieces(move.placed(before.table))
            lines.append(f"{number} {game.names[player]}: play {placed}")
            lines.append("  table " + " | ".join(format_pieces(tiles) for tiles in game.table))
        else:
            lines.append(f"{number} {game.names[player]}: {move}")
        lines.append(f"  rack {format_pieces(game.racks[player])}; pool {len(game.pool)}")
    if game.is_over:
        assert game.winner is not None and game.scores is not None
        scores = " ".join(f"{score:+d}" for score in game.scores)
        lines.append(f"end {game.ending}: winner {game.names[game.winner]}; scores {scores}")
    return "\n".join(lines) + "\n"
