"""End positions for the scoring exercises: a round one turn from its end, played out by the engine.

A position is data (notation) plus the winner's last plays; ``state(rules)`` sets it up with the
engine's ``from_position`` and plays it to the end, so the score is always the engine's
(``RummyState.points``, R-SCORE-1, R-SCORE-2; ``RummikubState.scores``, K-END-1, K-END-2). Every
ending discards its last card (Rummy) so it stays legal under ``must_discard_to_go_out``, lays one
meld at most (``melds_per_turn=1``) and uses no ace-high run. ``deal_scoring(game, number)`` deals
a fresh seeded end position of the same kind: the same number gives the same position everywhere.
No widgets here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, TypeAlias

from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Card, Suit, Tile, format_pieces, parse_tiles
from rummy_teach.rules import RummikubRules, RummyRules
from rummy_teach.rummikub import Draw, Play, RummikubState
from rummy_teach.rummikub import from_position as rummikub_position
from rummy_teach.rummikub.tiles import full_set
from rummy_teach.rummy import RummyState, parse_move
from rummy_teach.rummy.setup import DECK

__all__ = [
    "RUMMIKUB_EMPTY_POOL",
    "RUMMIKUB_JOKER_LEFT",
    "RUMMY_22",
    "RUMMY_GOING_RUMMY",
    "RummikubEnd",
    "RummyEnd",
    "ScoringEnd",
    "deal_scoring",
]


@dataclass(frozen=True, slots=True)
class RummyEnd:
    """A Rummy round one turn from its end: player 0 has drawn and goes out with ``plays``."""

    hands: tuple[str, ...]
    """Each player's hand; player 0's holds the cards ``plays`` lay down and discard."""
    plays: tuple[str, ...]
    """Player 0's last moves in move notation (``meld 5H 6H 7H``, ``discard KD``)."""
    discard_pile: str
    table: tuple[str, ...] = ()
    """Melds laid earlier, ``"1: 9C 9D 9S"`` naming their owner (cards on the table score nothing)."""
    played_before: bool = True
    """Whether player 0 melded or laid off in an earlier turn (if not, they go rummy: R-SCORE-2)."""

    @property
    def game(self) -> Literal["rummy"]:
        """The game this position is from."""
        return "rummy"

    def state(self, rules: RummyRules | None = None) -> RummyState:
        """The round over: the position set up and player 0's plays applied, by the engine."""
        rules = RummyRules() if rules is None else rules
        state = RummyState.from_position(
            list(self.hands),
            discard_pile=self.discard_pile,
            table=list(self.table),
            rules=rules,
            phase="play",
            played_before=[self.played_before, *[True] * (len(self.hands) - 1)],
        )
        for play in self.plays:
            state = state.apply(parse_move(play))
        if not state.is_over:
            raise RulesError(f"the plays {shown(self.plays)} do not end the round")
        return state


@dataclass(frozen=True, slots=True)
class RummikubEnd:
    """A Rummikub game one turn from its end: player 0 lays ``last_sets`` and goes out, or (with no
    ``last_sets``) the pool is empty and the players pass until the game stops (K-END-2)."""

    racks: tuple[str, ...]
    table: tuple[str, ...] = ()
    last_sets: tuple[str, ...] = ()
    """The sets player 0 lays from the rack to empty it (K-END-1); empty: the empty-pool ending."""

    @property
    def game(self) -> Literal["rummikub"]:
        """The game this position is from."""
        return "rummikub"

    @property
    def empty_pool(self) -> bool:
        """True for the empty-pool ending (K-END-2): nobody goes out, the lowest rack wins."""
        return not self.last_sets

    def state(self, rules: RummikubRules | None = None) -> RummikubState:
        """The game over, by the engine: the winner's play applied, or every pass the rules need."""
        rules = RummikubRules() if rules is None else rules
        racks = [parse_tiles(rack) for rack in self.racks]
        table = [parse_tiles(tiles) for tiles in self.table]
        state = rummikub_position(
            racks,
            table=table,
            pool=() if self.empty_pool else None,
            opened=[True] * len(racks),
            rules=rules,
        )
        if self.empty_pool:
            for _ in racks:  # K-END-2: at once, or once everybody passed (empty_pool_end)
                if not state.is_over:
                    state = state.apply(Draw())
        else:
            state = state.apply(Play([*table, *(parse_tiles(tiles) for tiles in self.last_sets)]))
        if not state.is_over:
            raise RulesError(f"the position {shown(self)} does not end the game")
        return state


ScoringEnd: TypeAlias = RummyEnd | RummikubEnd

# the lessons' positions (CURRICULUM lesson 5 and 11)
RUMMY_22 = RummyEnd(
    hands=("5H 6H 7H KD", "QD 4S", "AH 7C"),
    plays=("meld 5H 6H 7H", "discard KD"),
    discard_pile="2C 8S",
    table=("1: 9C 9D 9S",),
)
"""R-SCORE-1: the opponents hold Q♦ 4♠ and A♥ 7♣: 22 points; the 9s on the table count nothing."""
RUMMY_GOING_RUMMY = RummyEnd(
    hands=("4H 5H 6H 7H 8H 9H KD", "QD 4S", "AH 7C"),
    plays=("meld 4H 5H 6H 7H 8H 9H", "discard KD"),
    discard_pile="2C 8S",
    played_before=False,
)
"""R-SCORE-2: the winner goes out in one turn with nothing laid before: 22, or 44 with doubling on."""
RUMMIKUB_JOKER_LEFT = RummikubEnd(
    racks=("R5 R6 R7", "B10 O12 J", "K3 K4"),
    table=("K10 R10 B10", "O1 O2 O3"),
    last_sets=("R5 R6 R7",),
)
"""K-END-1: losers -52 (the joker left counts 30) and -7, the winner +59; the scores sum to 0."""
RUMMIKUB_EMPTY_POOL = RummikubEnd(
    racks=("K3 R5", "B10 O12 R13 B9 K8", "R1 R2"),
    table=("K10 R10 B10", "O4 O5 O6 O7"),
)
"""K-END-2: the pool is empty, nobody can play (no tile fits the table or makes a set): the lowest
rack (3) wins 5 + 49 = 54."""


# ------------------------------------------------------------------------------ seeded deals


def deal_scoring(game: Literal["rummy", "rummikub"], number: int) -> ScoringEnd:
    """A fresh end position for ``game`` from ``number`` (the same number, the same position),
    checked by the engine to end under the rule book's rules."""
    if type(number) is not int or number < 0:
        raise RulesError(f"a deal number is a whole number from 0, not {shown(number)}")
    for attempt in range(100):
        rng = random.Random(f"scoring:{game}:{number}:{attempt}")
        end: ScoringEnd = _rummy_end(rng) if game == "rummy" else _rummikub_end(rng)
        try:
            end.state()
        except RummyTeachError:
            continue
        return end
    raise RulesError(f"no {game} end position for deal {number}")  # pragma: no cover


def _rummy_meld(rng: random.Random, cards: list[Card]) -> list[Card]:
    """A random valid group or low run of 3 from ``cards`` (A-2-3 is a run under both ace rules)."""
    for _ in range(200):
        if rng.random() < 0.5:
            rank = rng.randrange(1, 14)
            meld = [card for card in cards if card.rank == rank]
        else:
            suit, start = rng.choice(list(Suit)), rng.randrange(1, 12)
            meld = [card for card in cards if card.suit == suit and start <= card.rank < start + 3]
        if len(meld) >= 3 and check_meld(meld[:3], RummyRules()).ok:
            return meld[:3]
    raise RulesError("no meld found")  # pragma: no cover


def _rummy_end(rng: random.Random) -> RummyEnd:
    deck = list(DECK)
    rng.shuffle(deck)
    meld = _rummy_meld(rng, deck)
    rest = [card for card in deck if card not in meld]
    table = _rummy_meld(rng, rest) if rng.random() < 0.7 else []
    rest = [card for card in rest if card not in table]
    last, rest = rest[0], rest[1:]
    opponents = rng.randrange(1, 4)
    hands = []
    for _ in range(opponents):
        size = rng.randrange(1, 5)
        hands.append(format_pieces(rest[:size]))
        rest = rest[size:]
    return RummyEnd(
        hands=(format_pieces([*meld, last]), *hands),
        plays=(f"meld {format_pieces(meld)}", f"discard {last}"),
        discard_pile=format_pieces(rest[:2]),
        table=(f"1: {format_pieces(table)}",) if table else (),
        played_before=rng.random() < 0.6,
    )


def _rummikub_set(rng: random.Random, tiles: list[Tile]) -> list[Tile]:
    """A random valid group or run of 3 plain tiles from ``tiles``."""
    rules = RummikubRules()
    for _ in range(200):
        if rng.random() < 0.5:
            number = rng.randrange(1, 14)
            found: dict[object, Tile] = {}
            for tile in tiles:
                if tile.number == number and not tile.is_joker:
                    found.setdefault(tile.colour, tile)
            chosen = list(found.values())[:3]
        else:
            start = rng.randrange(1, 12)
            colour = rng.choice([tile.colour for tile in tiles if not tile.is_joker])
            chosen = []
            for wanted in range(start, start + 3):
                match = next((t for t in tiles if t.colour == colour and t.number == wanted), None)
                if match is not None:
                    chosen.append(match)
        if len(chosen) == 3 and check_meld(chosen, rules).ok:
            return chosen
    raise RulesError("no set found")  # pragma: no cover


def _without(tiles: list[Tile], taken: list[Tile]) -> list[Tile]:
    left = list(tiles)
    for tile in taken:
        left.remove(tile)
    return left


def _rummikub_end(rng: random.Random) -> RummikubEnd:
    tiles = list(full_set(RummikubRules()))
    rng.shuffle(tiles)
    table: list[str] = []
    for _ in range(rng.randrange(1, 3)):
        laid = _rummikub_set(rng, tiles)
        tiles = _without(tiles, laid)
        table.append(format_pieces(laid))
    empty_pool = rng.random() < 0.35
    racks: list[str] = []
    if not empty_pool:
        last = _rummikub_set(rng, tiles)
        tiles = _without(tiles, last)
        racks.append(format_pieces(last))
    for _ in range(rng.randrange(2, 4) if empty_pool else rng.randrange(1, 4)):
        size = rng.randrange(1, 5)
        racks.append(format_pieces(tiles[:size]))
        tiles = tiles[size:]
    return RummikubEnd(
        racks=tuple(racks),
        table=tuple(table),
        last_sets=() if empty_pool else (racks[0],),
    )
