"""What-if examples: a move no view offers, tried through the engine, and the referee's answer.

A lesson cell shows one with ``lessons.what_if(lessons.SOME_EXAMPLE)``: the example's moves are
played through the engine (``RummyState.apply``, ``RummyMatch``, ``check_turn``, Rummikub's
``TurnWorkspace``) and every refusal the engine makes, or what it notes on the way (a stock
rebuilt, a round stopped, a penalty drawn), comes back as a verdict in the referee's box
(``rummy_teach.referee``). Nothing here judges a move itself: the engine does, in its own words.
Data classes only describe the example; no widget is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, NotationError, shown
from rummy_teach.melds import check_layoff, check_meld, check_opening
from rummy_teach.melds.terms import suit_word
from rummy_teach.pieces import Colour, Tile, parse_pieces, parse_tiles
from rummy_teach.referee import Referee, referee
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummikub.card_words import worded
from rummy_teach.rummikub.check import check_turn
from rummy_teach.rummikub.moves import Penalty, Play
from rummy_teach.rummikub.setup import deal as deal_tiles
from rummy_teach.rummikub.setup import from_position as rummikub_position
from rummy_teach.rummikub.state import RummikubState
from rummy_teach.rummikub.tiles import tile_to_card
from rummy_teach.rummikub.workspace import TurnWorkspace
from rummy_teach.rummy.match import RummyMatch
from rummy_teach.rummy.moves import Move, parse_move
from rummy_teach.rummy.setup import deal as deal_cards
from rummy_teach.rummy.setup import from_position
from rummy_teach.rummy.state import RummyState
from rummy_teach.rummy.view import blocked_key
from rummy_teach.verdict import Verdict, noted

__all__ = [
    "Example",
    "Judge",
    "MatchTry",
    "RummikubDeal",
    "RummikubTry",
    "RummyDeal",
    "RummyTry",
    "TurnCheck",
    "what_if",
]


@dataclass(frozen=True, slots=True)
class RummyTry:
    """Moves tried one after another from a Rummy position (``from_position``'s arguments).

    Each move is in move notation (``draw``, ``take``, ``meld 5H 6H 7H``, ``layoff 1 9S``,
    ``discard KC``); words that are no move at all are handed to the engine as they are. A refused
    move leaves the round as it was; the referee shows each refusal, a rebuilt stock and a round
    that stopped.
    """

    position: Mapping[str, Any]
    moves: tuple[str, ...]
    rules: RummyRules = field(default_factory=RummyRules)


@dataclass(frozen=True, slots=True)
class MatchTry:
    """A match under way (each player's total so far and the round being played) and steps tried
    in it: moves of the round, or ``next round`` to deal the next one (R-GAME-1)."""

    scores: tuple[int, ...]
    position: Mapping[str, Any]
    steps: tuple[str, ...]
    rules: RummyRules = field(default_factory=RummyRules)


@dataclass(frozen=True, slots=True)
class RummyDeal:
    """A Rummy round dealt from ``seed`` for ``players``: the referee reads the deal back."""

    players: int
    seed: int
    rules: RummyRules = field(default_factory=RummyRules)


@dataclass(frozen=True, slots=True)
class RummikubDeal:
    """A Rummikub game dealt from ``seed`` for ``players``: the referee reads the deal back (with
    cards instead of tiles, which suit stands for which colour)."""

    players: int
    seed: int
    rules: RummikubRules = field(default_factory=RummikubRules)


@dataclass(frozen=True, slots=True)
class TurnCheck:
    """A Rummikub turn as a whole: the table before, the table proposed, the rack (``check_turn``)."""

    table: tuple[str, ...]
    after: tuple[str, ...]
    rack: str
    opened: bool = True
    rules: RummikubRules = field(default_factory=RummikubRules)


@dataclass(frozen=True, slots=True)
class RummikubTry:
    """Steps of Rummikub turns tried through the engine's turn workspace, from a position.

    Steps: ``move R5 rack new`` (a tile from the rack or a set number to a set number, ``new`` or
    ``rack``), ``split 1 3``, ``undo``, ``end`` (the workspace's end), ``end as is`` (the table as
    it lies handed straight to the game's end of turn), ``draw``, ``penalty`` (a penalty asked for
    without a failed turn), ``penalty for it`` (one asked for the table as it lies), ``penalty for
    time`` (the timer's penalty). ``seconds`` pass on the turn's clock after each step.
    """

    racks: tuple[str, ...]
    table: tuple[str, ...]
    steps: tuple[str, ...]
    opened: tuple[bool, ...] = ()
    pool: str | None = None
    rules: RummikubRules = field(default_factory=RummikubRules)
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Judge:
    """Pieces the referee judges as they stand: each notation a meld, or a lay-off onto ``onto``,
    or (``opening``) all of them the sets of one Rummikub initial meld; ``jokers`` says what the
    jokers of a meld stand for."""

    pieces: tuple[str, ...]
    rules: Rules = field(default_factory=RummyRules)
    onto: str = ""
    opening: bool = False
    jokers: str = ""


Example = Judge | RummyTry | MatchTry | RummyDeal | RummikubDeal | TurnCheck | RummikubTry
"""Every kind of what-if example a lesson shows through :func:`what_if`."""


def refused(error: IllegalMoveError) -> Verdict:
    """The engine's refusal as the referee shows it: not valid, its reason, rule and sentence."""
    return Verdict(
        ok=False, kind=None, points=0, reason=error.reason, rule=error.rule, message=str(error)
    )


def what_if(*examples: Example | tuple[Example, ...]) -> Referee:
    """The referee's boxes for each example (or tuple of them): what the engine says while its
    moves are tried, in order."""
    verdicts: list[Verdict] = []
    for item in examples:
        for example in item if isinstance(item, tuple) else (item,):
            verdicts.extend(_RUNNERS[type(example)](example))
    return referee(verdicts)


# -- judging pieces


def _judge(example: Judge) -> list[Verdict]:
    rules = example.rules
    sets = [parse_pieces(text, tiles=rules.uses_tiles) for text in example.pieces]
    if example.opening:
        assert isinstance(rules, RummikubRules)
        return [check_opening([cast(list[Tile], tiles) for tiles in sets], rules)]
    if example.onto:
        onto = parse_pieces(example.onto, tiles=rules.uses_tiles)
        return [check_layoff(onto, pieces, rules) for pieces in sets]
    jokers = parse_tiles(example.jokers) if example.jokers else None
    return [check_meld(pieces, rules, jokers=jokers) for pieces in sets]


# -- Rummy


def _rummy_move(text: str) -> Move:
    try:
        return parse_move(text)
    except NotationError:
        return cast(Move, text)  # no move at all: the engine itself says so


def _rummy_step(state: RummyState, move: Move, said: list[Verdict]) -> RummyState:
    """``state`` after ``move``; a refusal, a rebuilt stock, a stopped round go into ``said``."""
    try:
        after = state.apply(move)
    except IllegalMoveError as error:
        said.append(refused(error))
        return state
    if after.restocks > state.restocks:
        player = state.players[state.current_player]
        said.append(noted("rummy.did.restock", "R-STOCK-1", player=player))
    if after.ending == "blocked":
        said.append(noted(blocked_key(after), "R-STOCK-2", restocks=after.restocks))
    return after


def _rummy_try(example: RummyTry) -> list[Verdict]:
    state = from_position(**dict(example.position), rules=example.rules)
    said: list[Verdict] = []
    for text in example.moves:
        state = _rummy_step(state, _rummy_move(text), said)
    return said


def _match_try(example: MatchTry) -> list[Verdict]:
    start = from_position(**dict(example.position), rules=example.rules)
    match = RummyMatch.from_scores(list(example.scores), start, rounds_played=1)
    said: list[Verdict] = []
    for step in example.steps:
        try:
            match = match.next_round() if step == "next round" else match.apply(_rummy_move(step))
        except IllegalMoveError as error:
            said.append(refused(error))
            continue
        if match.is_over and match.winner is not None:
            said.append(
                noted(
                    "lesson.fact.match_won",
                    "R-GAME-1",
                    player=match.players[match.winner],
                    points=match.totals[match.winner],
                    target=example.rules.target,
                )
            )
    return said


def _rummy_deal(example: RummyDeal) -> list[Verdict]:
    state = deal_cards(example.players, example.rules, seed=example.seed)
    starts = state.players[state.current_player]
    return [
        noted("lesson.fact.rummy_deck", "R-SETUP-1", players=example.players),
        noted(
            "lesson.fact.rummy_hands",
            "R-SETUP-2",
            players=example.players,
            cards=len(state.hands[0]),
        ),
        noted(
            "lesson.fact.rummy_stock",
            "R-SETUP-3",
            stock=len(state.stock),
            card=messages.piece_short(state.discard_pile[-1]),
        ),
        noted(
            "lesson.fact.rummy_starts",
            "R-SETUP-4",
            dealer=state.players[state.dealer],
            player=starts,
            next=state.players[(state.current_player + 1) % len(state.players)],
        ),
    ]


# -- Rummikub


def _rummikub_deal(example: RummikubDeal) -> list[Verdict]:
    """The racks and the order of play (K-SET-2, K-SET-3); with cards, the hands and the stock in
    card words, then which suit is which colour (K-CARDS-1)."""
    state = deal_tiles(example.players, example.rules, seed=example.seed)
    first = state.players[state.current_player]
    racks = noted(
        "lesson.fact.rummikub_racks",
        "K-SET-2",
        key=worded("lesson.fact.rummikub_racks", example.rules),
        players=example.players,
        tiles=len(state.racks[0]),
        pool=len(state.pool),
    )
    if example.rules.pieces == "cards":
        return [racks, *_cards_colours()]
    return [
        racks,
        noted(
            _ORDER[example.rules.direction],
            "K-SET-3",
            player=first,
            next=state.players[state.next_player()],
        ),
    ]


_ORDER = {
    "clockwise": "lesson.fact.rummikub_order_clockwise",
    "counterclockwise": "lesson.fact.rummikub_order_counterclockwise",
}
"""The sentence naming who plays next, for each direction of play (K-SET-3)."""


def _cards_colours() -> list[Verdict]:
    """K-CARDS-1: which suit stands for which colour when Rummikub is played with cards."""
    said = []
    for colour in Colour:
        card = tile_to_card(Tile(1, colour))
        assert card is not None
        said.append(
            noted(
                "lesson.fact.suit_colour",
                "K-CARDS-1",
                suit=suit_word(card.suit),
                colour=suit_word(colour),
            )
        )
    return said


def _sets(notations: Iterable[str], rules: RummikubRules) -> list[tuple[Any, ...]]:
    return [tuple(parse_tiles(tiles)) for tiles in notations]


def _turn_check(example: TurnCheck) -> list[Verdict]:
    rules = example.rules
    verdict = check_turn(
        _sets(example.table, rules),
        _sets(example.after, rules),
        parse_tiles(example.rack),
        opened=example.opened,
        rules=rules,
    )
    return [verdict]


class _Clock:
    """A turn clock for examples: 0 when the turn starts, then ``seconds`` more at each reading."""

    def __init__(self, seconds: float) -> None:
        self.now = 0.0
        self.seconds = seconds

    def __call__(self) -> float:
        now = self.now
        self.now += self.seconds
        return now


def _place(word: str) -> str | int:
    return int(word) if word.isdigit() else word


def _workspace_step(space: TurnWorkspace, words: list[str]) -> TurnWorkspace | RummikubState:
    """One step in the workspace: the workspace after it, or the game's next state."""
    state = space.state
    if words[0] == "move":
        return space.move(words[1], cast(Any, _place(words[2])), cast(Any, _place(words[3])))
    if words[0] == "split":
        return space.split(int(words[1]), int(words[2]))
    if words[0] == "undo":
        return space.undo()
    if words == ["end", "as", "is"]:
        return state.end_turn(Play(space.sets)).state
    if words[0] == "end":
        return space.end().state
    if words[0] == "draw":
        return space.draw().state
    if words == ["penalty", "for", "time"]:
        return state.apply(Penalty("K-TURN-4", Play(space.sets)))
    if words == ["penalty", "for", "it"]:
        return state.apply(Penalty("K-TURN-3", Play(space.sets)))
    if words == ["penalty"]:
        return state.apply(Penalty("K-TURN-3"))
    raise NotationError(
        f"no such example step: {shown(' '.join(words))}", token=words[0], position=1, offset=0
    )


def _rummikub_try(example: RummikubTry) -> list[Verdict]:
    rules = example.rules
    state = rummikub_position(
        list(example.racks),
        table=list(example.table),
        pool=example.pool,
        opened=list(example.opened) if example.opened else None,
        rules=rules,
    )
    clock: Callable[[], float] = _Clock(example.seconds)
    said: list[Verdict] = []
    space: TurnWorkspace | None = None
    for step in example.steps:
        try:
            if space is None:
                space = TurnWorkspace.start(state, clock=clock)
            after = _workspace_step(space, step.split())
        except IllegalMoveError as error:
            said.append(refused(error))
            continue
        if isinstance(after, TurnWorkspace):
            space = after
            continue
        state, space = after, None
        if after.last_verdict is not None:
            said.append(after.last_verdict)
    return said


_RUNNERS: Mapping[type, Callable[[Any], list[Verdict]]] = {
    RummyTry: _rummy_try,
    MatchTry: _match_try,
    Judge: _judge,
    RummyDeal: _rummy_deal,
    RummikubDeal: _rummikub_deal,
    TurnCheck: _turn_check,
    RummikubTry: _rummikub_try,
}
