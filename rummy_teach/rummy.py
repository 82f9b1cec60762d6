"""The Rummy game (RULES.md R-*): an immutable state, small move values, ``legal_moves``, ``apply``.

In the style of OpenSpiel's Python games: the rules object lives apart from the state, dealing is an
explicit seeded chance step, and a game is a seed plus a list of moves, so every game replays.

>>> state = deal(2, seed=7)
>>> state.phase, state.current_player, len(state.hands[0])
('draw', 0, 10)
>>> state = state.apply(DrawStock())
>>> state.phase in ("play", "discard")
True

R-STOCK-2, the engine's safeguard, is read as: the stock may be rebuilt ``max_restocks`` times; when
it is empty again after that, the round ends at once with no winner and no score. So that players
who keep taking the discard from an empty stock cannot loop either, a round also ends that way when
the stock has stayed empty for a whole lap (every player's turn began with an empty stock).

Conventions: ``stock[0]`` is the top of the stock (the next card drawn); ``discard_pile[-1]`` is the
face-up top of the discard pile; players are numbered clockwise from 0 (R-SETUP-4); hands sorted.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, NotationError, RulesError
from rummy_teach.melds import Verdict, check_layoff, check_meld, hand_value
from rummy_teach.pieces import Card, Suit, format_pieces, parse_cards
from rummy_teach.rules import RummyRules, rules_from_key

__all__ = [
    "DECK",
    "HAND_SIZES",
    "Discard",
    "DrawStock",
    "LayMeld",
    "LayOff",
    "Move",
    "PlayerView",
    "RummyMatch",
    "RummyState",
    "TableMeld",
    "TakeDiscard",
    "deal",
    "describe_move",
    "layoff_candidates",
    "load_game",
    "load_match",
    "meld_candidates",
    "parse_move",
    "replay",
    "start_match",
]

Phase = Literal["draw", "play", "discard", "over"]
Ending = Literal["out", "blocked"]
MeldKind = Literal["group", "run"]

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
"""The 52-card deck, no jokers (R-SETUP-1), in suit then rank order."""

HAND_SIZES: dict[int, int] = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
"""Cards dealt to each player by the number of players (R-SETUP-1, R-SETUP-2)."""

SAVE_FORMAT = "rummy-teach/rummy-game"
MATCH_FORMAT = "rummy-teach/rummy-match"


# ---------------------------------------------------------------------------------------------
# moves


def _as_cards(cards: object) -> tuple[Card, ...]:
    """Cards from notation or Card values, sorted by suit then rank (so equal moves are equal)."""
    if isinstance(cards, str):
        found: list[Card] = parse_cards(cards)
    elif isinstance(cards, Iterable):
        found = list(cards)
    else:
        raise RulesError(f"a move's cards are Card values or notation, not {cards!r}")
    for card in found:
        if not isinstance(card, Card):
            raise RulesError(f"Rummy is played with cards: {card!r} does not belong")
    return tuple(sorted(found))


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (R-TURN-1); an empty stock is rebuilt first (R-STOCK-1)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (R-TURN-1); it may not go back this turn (R-TURN-6)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay down one new meld from the hand (R-TURN-2); cards are kept in suit-then-rank order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _as_cards(self.cards))

    @classmethod
    def parse(cls, text: str) -> LayMeld:
        """A meld of the cards written in notation: ``LayMeld.parse("5H 6H 7H")``."""
        return cls(tuple(parse_cards(text)))

    def __str__(self) -> str:
        return f"meld {format_pieces(self.cards)}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay off hand cards onto meld number ``meld`` of ``state.table``, anyone's (R-TURN-3)."""

    meld: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if type(self.meld) is not int or self.meld < 0:
            raise RulesError(
                f"a layoff names a meld on the table by its index 0, 1, 2 ..., not {self.meld!r}"
            )
        object.__setattr__(self, "cards", _as_cards(self.cards))

    @classmethod
    def parse(cls, meld: int, text: str) -> LayOff:
        """A layoff of the cards written in notation onto meld number ``meld``."""
        return cls(meld, tuple(parse_cards(text)))

    def __str__(self) -> str:
        return f"layoff {self.meld} {format_pieces(self.cards)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up, ending the turn (R-TURN-5)."""

    card: Card

    def __post_init__(self) -> None:
        card = self.card
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            raise RulesError(f"Rummy is played with cards: {card!r} does not belong")
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"discard {self.card}"


Move: TypeAlias = DrawStock | TakeDiscard | LayMeld | LayOff | Discard
_MOVE_TYPES = (DrawStock, TakeDiscard, LayMeld, LayOff, Discard)


def parse_move(text: str) -> Move:
    """Read a move in the notation ``str(move)`` writes: ``draw``, ``take``, ``meld 5H 6H 7H``,
    ``layoff 0 8H``, ``discard KS``."""
    if not isinstance(text, str):
        raise NotationError(
            f"a move is written as text, not {text!r}", token=repr(text), position=0, offset=0
        )
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word == "draw" and not rest:
        return DrawStock()
    if word == "take" and not rest:
        return TakeDiscard()
    if word == "meld":
        return LayMeld.parse(rest)
    if word == "discard":
        return Discard(Card.parse(rest))
    if word == "layoff":
        index, _, cards = rest.partition(" ")
        if index.isascii() and index.isdigit():
            return LayOff.parse(int(index), cards)
        raise NotationError(
            f"a layoff is written 'layoff <meld number> <cards>', e.g. 'layoff 0 8H', not {text!r}",
            token=index,
            position=2,
            offset=text.find(index),
        )
    raise NotationError(
        f"unknown move {text!r}: write draw, take, meld <cards>, layoff <meld number> <cards> "
        "or discard <card>",
        token=word,
        position=1,
        offset=0,
    )


# ---------------------------------------------------------------------------------------------
# the table


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its cards in order, who laid it down, who laid off what (R-TURN-3)."""

    cards: tuple[Card, ...]
    player: int
    kind: MeldKind
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """(player, cards) for each layoff onto this meld, in the order they were made."""

    def __str__(self) -> str:
        return format_pieces(self.cards)


# ---------------------------------------------------------------------------------------------
# the state


def _illegal(reason: str, rule: str | None, **params: object) -> IllegalMoveError:
    return IllegalMoveError(messages.text(reason, **params), reason=reason, rule=rule)


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(card for card in hand if card not in gone)


def _with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card)))


def _cards_of(verdict: Verdict) -> tuple[Card, ...]:
    """The cards of a valid meld in table order (a Rummy verdict's reading holds only cards)."""
    return tuple(card for card in verdict.reading if isinstance(card, Card))


def _short(cards: Iterable[Card]) -> str:
    return messages.pieces_short(cards)


@dataclass(frozen=True, slots=True)
class RummyState:
    """One moment of a Rummy round: everything on and under the table; ``apply`` returns a new one.

    Build the first state with :func:`deal` (or :meth:`from_position` for a lesson's set-up).
    """

    rules: RummyRules
    players: tuple[str, ...]
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Face down; ``stock[0]`` is the top, the next card drawn."""
    discard_pile: tuple[Card, ...]
    """Face up; ``discard_pile[-1]`` is the top card."""
    table: tuple[TableMeld, ...]
    current_player: int
    drawn: bool = False
    """Whether the player to act has drawn this turn (R-TURN-1)."""
    taken: Card | None = None
    """The card taken from the discard pile this turn, which may not go back (R-TURN-6)."""
    melds_this_turn: int = 0
    played_this_turn: bool = False
    played_before: tuple[bool, ...] = ()
    """Per player: melded or laid off in an earlier turn of this round (R-SCORE-2)."""
    restocks: int = 0
    """How often the stock was rebuilt from the discard pile this round (R-STOCK-1, R-STOCK-2)."""
    dry_turns: int = 0
    """Turns in a row that began with an empty stock (R-STOCK-2)."""
    turn: int = 1
    ending: Ending | None = None
    winner: int | None = None
    log: tuple[tuple[int, Move], ...] = ()
    """Every move of the round so far, with the player who made it."""
    origin: RummyState | None = field(default=None, compare=False, repr=False)
    """The first state of a round set up by :meth:`from_position` (None when dealt from a seed)."""
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    # ----------------------------------------------------------------------------- set-up

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card] | str],
        *,
        discard_pile: Iterable[Card] | str,
        table: Iterable[Iterable[Card] | str | TableMeld] = (),
        stock: Iterable[Card] | str | None = None,
        rules: RummyRules | None = None,
        current_player: int = 0,
        players: Sequence[str] | None = None,
        seed: int = 0,
    ) -> RummyState:
        """A round set up by hand (for lessons and tests), at the start of a turn.

        Every one of the 52 cards must be somewhere exactly once; when ``stock`` is None the cards
        not placed elsewhere become the stock, shuffled by ``seed``. Table melds must be valid.
        """
        rules = rules or RummyRules()
        hand_list = [_as_cards(hand) for hand in hands]
        count = len(hand_list)
        if not 2 <= count <= 6:
            raise RulesError(f"Rummy is for 2 to 6 players (R-SETUP-1), not {count}")
        names = _player_names(players, count)
        pile = (
            tuple(parse_cards(discard_pile))
            if isinstance(discard_pile, str)
            else tuple(discard_pile)
        )
        melds: list[TableMeld] = []
        for entry in table:
            if isinstance(entry, TableMeld):
                cards, owner = entry.cards, entry.player
            else:
                cards, owner = _as_cards(entry), 0
            verdict = check_meld(cards, rules)
            if not verdict.ok:
                raise RulesError(
                    f"the table meld {format_pieces(cards)} is not valid: {verdict.message}"
                )
            assert verdict.kind is not None
            layoffs = entry.layoffs if isinstance(entry, TableMeld) else ()
            melds.append(TableMeld(_cards_of(verdict), owner, verdict.kind, layoffs))
        placed = [card for hand in hand_list for card in hand] + list(pile)
        placed += [card for meld in melds for card in meld.cards]
        if stock is not None:
            placed += list(parse_cards(stock) if isinstance(stock, str) else stock)
        twice = [card for card, n in Counter(placed).items() if n > 1]
        if twice:
            raise RulesError(
                f"{format_pieces(sorted(twice))} placed twice: the deck has one of each card"
            )
        rest = [card for card in DECK if card not in set(placed)]
        if stock is None:
            random.Random(seed).shuffle(rest)
            stock_cards = tuple(rest)
        else:
            if rest:
                raise RulesError(
                    f"{format_pieces(rest)} not placed: every card must be somewhere (R-SETUP-1)"
                )
            stock_cards = tuple(parse_cards(stock) if isinstance(stock, str) else stock)
        if not 0 <= current_player < count:
            raise RulesError(f"current_player must be 0 to {count - 1}, not {current_player!r}")
        state = cls(
            rules=rules,
            players=names,
            seed=seed,
            dealer=(current_player - 1) % count,
            hands=tuple(tuple(sorted(hand)) for hand in hand_list),
            stock=stock_cards,
            discard_pile=pile,
            table=tuple(melds),
            current_player=current_player,
            played_before=(False,) * count,
            dry_turns=0 if stock_cards else 1,
        )
        object.__setattr__(state, "origin", state)
        return state

    # ----------------------------------------------------------------------------- reading

    @property
    def is_over(self) -> bool:
        """True once someone has gone out (R-OUT-2) or the round was stopped (R-STOCK-2)."""
        return self.ending is not None

    @property
    def phase(self) -> Phase:
        """``draw`` (R-TURN-1), ``play`` (R-TURN-2/3), ``discard`` (nothing else left), ``over``."""
        if self.is_over:
            return "over"
        if not self.drawn:
            return "draw"
        if self._meld_moves() or self._layoff_moves():
            return "play"
        return "discard"

    @property
    def discard_top(self) -> Card | None:
        """The face-up card on top of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves of the round so far, in order."""
        return tuple(move for _, move in self.log)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to act."""
        return self.hands[self.current_player]

    @property
    def hand_values(self) -> tuple[int, ...]:
        """Points each hand is worth now (R-SCORE-1: ace 1, or 15 with ``ace="low_or_high"``)."""
        return tuple(hand_value(hand, self.rules) for hand in self.hands)

    @property
    def going_rummy(self) -> bool:
        """True when the winner went out in one turn, nothing played before (R-SCORE-2)."""
        return (
            self.ending == "out" and self.winner is not None and not self.played_before[self.winner]
        )

    @property
    def points(self) -> int:
        """The winner's points (R-SCORE-1), doubled for going rummy if the rules say (R-SCORE-2)."""
        if self.ending != "out" or self.winner is None:
            return 0
        total = sum(value for player, value in enumerate(self.hand_values) if player != self.winner)
        if self.rules.going_rummy_doubles and self.going_rummy:
            total *= 2
        return total

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per player for this round: the winner's total, 0 for the others (R-SCORE-1)."""
        return tuple(
            self.points if player == self.winner else 0 for player in range(len(self.players))
        )

    def card_count(self) -> int:
        """How many cards hands, stock, discard pile and table hold together (52 in every state)."""
        return (
            sum(len(hand) for hand in self.hands)
            + len(self.stock)
            + len(self.discard_pile)
            + sum(len(meld.cards) for meld in self.table)
        )

    def result_message(self) -> str:
        """A sentence saying how the round ended and who scored what, or that it is still on."""
        if self.ending is None:
            return messages.text("rummy.result.playing", player=self.players[self.current_player])
        if self.ending == "blocked":
            return messages.text("rummy.result.blocked", restocks=self.restocks)
        assert self.winner is not None
        parts = [
            messages.text(
                "rummy.result.part",
                player=self.players[player],
                cards=_short(hand) if hand else messages.text("rummy.result.no_cards"),
                points=hand_value(hand, self.rules),
            )
            for player, hand in enumerate(self.hands)
            if player != self.winner
        ]
        key = (
            "rummy.result.rummy"
            if self.rules.going_rummy_doubles and self.going_rummy
            else "rummy.result.out"
        )
        return messages.text(
            key, winner=self.players[self.winner], points=self.points, parts=messages.join(parts)
        )

    # ----------------------------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make now, in a fixed order; ``apply`` accepts each."""
        if self.is_over:
            return []
        if not self.drawn:
            moves: list[Move] = []
            if self.stock or self._rebuilt()[0]:
                moves.append(DrawStock())
            if self.discard_pile:
                moves.append(TakeDiscard())
            return moves
        return [
            *self._meld_moves(),
            *self._layoff_moves(),
            *(Discard(card) for card in self.hand if card != self.taken),
        ]

    def _meld_moves(self) -> list[LayMeld]:
        """Every legal new meld (R-TURN-2): all groups and runs the hand can form (check_meld)."""
        cached: list[LayMeld] | None = self._cache.get("melds")
        if cached is not None:
            return cached
        found: list[LayMeld] = []
        limit = self.rules.melds_per_turn
        if self.drawn and not self.is_over and (limit is None or self.melds_this_turn < limit):
            for cards in meld_candidates(self.hand, self.rules):
                verdict = check_meld(cards, self.rules)
                if not verdict.ok:
                    continue
                hand_after = _without(self.hand, cards)
                assert verdict.kind is not None
                meld = TableMeld(_cards_of(verdict), self.current_player, verdict.kind)
                table_after = (*self.table, meld)
                if self._leftover_problem(hand_after, table_after) is None:
                    found.append(LayMeld(cards))
        self._cache["melds"] = found
        return found

    def _layoff_moves(self) -> list[LayOff]:
        """Every legal layoff (R-TURN-3): run ends extended, a group of three made four."""
        cached: list[LayOff] | None = self._cache.get("layoffs")
        if cached is not None:
            return cached
        found: list[LayOff] = []
        if self.drawn and not self.is_over:
            for index, meld in enumerate(self.table):
                for cards in layoff_candidates(meld, self.hand, self.rules):
                    verdict = check_layoff(meld.cards, cards, self.rules)
                    if not verdict.ok:
                        continue
                    hand_after = _without(self.hand, cards)
                    table_after = _replace_meld(
                        self.table, index, meld, verdict, self.current_player, cards
                    )
                    if self._leftover_problem(hand_after, table_after) is None:
                        found.append(LayOff(index, cards))
        self._cache["layoffs"] = found
        return found

    # ----------------------------------------------------------------------------- applying

    def apply(self, move: Move) -> RummyState:
        """The state after ``move``; an illegal move raises ``IllegalMoveError`` (no change)."""
        if not isinstance(move, _MOVE_TYPES):
            raise _illegal("rummy.unknown_move", None, move=repr(move))
        if self.is_over:
            raise _illegal("rummy.round_over", "R-OUT-2")
        if isinstance(move, (DrawStock, TakeDiscard)):
            if self.drawn:
                raise _illegal("rummy.already_drew", "R-TURN-1")
            if isinstance(move, DrawStock):
                return self._draw_stock()
            return self._take_discard()
        if not self.drawn:
            raise _illegal("rummy.draw_first", "R-TURN-1")
        if isinstance(move, LayMeld):
            return self._lay_meld(move)
        if isinstance(move, LayOff):
            return self._lay_off(move)
        return self._discard(move)

    def _logged(self, move: Move) -> tuple[tuple[int, Move], ...]:
        return (*self.log, (self.current_player, move))

    def _with_hand(self, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        player = self.current_player
        return (*self.hands[:player], hand, *self.hands[player + 1 :])

    def _rebuilt(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The new stock and discard pile when the stock is rebuilt (R-STOCK-1)."""
        if self.rules.empty_stock == "flip":
            # the pile turned over unshuffled: its bottom card becomes the top of the stock
            return self.discard_pile, ()
        if not self.discard_pile:
            return (), ()
        rest = list(self.discard_pile[:-1])
        random.Random(f"rummy-restock:{self.seed}:{self.turn}:{self.restocks}").shuffle(rest)
        return tuple(rest), self.discard_pile[-1:]

    def _draw_stock(self) -> RummyState:
        """R-TURN-1: take the top of the stock; R-STOCK-1: rebuild an empty stock first."""
        stock, pile, restocks = self.stock, self.discard_pile, self.restocks
        if not stock:
            stock, pile = self._rebuilt()
            if not stock:
                raise _illegal("rummy.nothing_to_draw", "R-STOCK-1")
            restocks += 1
        return replace(
            self,
            hands=self._with_hand(_with(self.hand, stock[0])),
            stock=stock[1:],
            discard_pile=pile,
            restocks=restocks,
            drawn=True,
            log=self._logged(DrawStock()),
        )

    def _take_discard(self) -> RummyState:
        """R-TURN-1: take the top discard, which then may not be discarded this turn (R-TURN-6)."""
        if not self.discard_pile:
            raise _illegal("rummy.discard_pile_empty", "R-TURN-1")
        card = self.discard_pile[-1]
        return replace(
            self,
            hands=self._with_hand(_with(self.hand, card)),
            discard_pile=self.discard_pile[:-1],
            drawn=True,
            taken=card,
            log=self._logged(TakeDiscard()),
        )

    def _check_in_hand(self, cards: Sequence[Card]) -> None:
        """Every card must be in the hand, once; table cards never move (R-TURN-4)."""
        twice = [card for card, n in Counter(cards).items() if n > 1]
        if twice:
            raise _illegal("rummy.card_twice", "R-SETUP-1", card=messages.piece_short(twice[0]))
        missing = [card for card in cards if card not in self.hand]
        if not missing:
            return
        on_table = [card for card in missing if any(card in meld.cards for meld in self.table)]
        if on_table:
            raise _illegal("rummy.table_cards_stay", "R-TURN-4", cards=_short(on_table))
        raise _illegal("rummy.not_in_hand", None, cards=_short(missing), hand=_short(self.hand))

    def _leftover_problem(
        self, hand_after: tuple[Card, ...], table_after: tuple[TableMeld, ...]
    ) -> IllegalMoveError | None:
        """Why a meld or layoff leaving ``hand_after`` is forbidden, or None.

        R-OUT-1 with ``must_discard_to_go_out``;
        R-TURN-6 when only the card taken from the discard pile would be left, going nowhere.
        """
        if not hand_after and self.rules.must_discard_to_go_out:
            return _illegal("rummy.must_discard_last", "R-OUT-1")
        if len(hand_after) == 1 and hand_after[0] == self.taken:
            card = hand_after[0]
            if self.rules.must_discard_to_go_out or not any(
                check_layoff(meld.cards, (card,), self.rules).ok
                for meld in table_after
                if any(layoff_candidates(meld, (card,), self.rules))
            ):
                return _illegal("rummy.stranded", "R-TURN-6", card=messages.piece_short(card))
        return None

    def _lay_meld(self, move: LayMeld) -> RummyState:
        """R-TURN-2: lay down one valid meld (one a turn with ``melds_per_turn=1``)."""
        self._check_in_hand(move.cards)
        limit = self.rules.melds_per_turn
        if limit is not None and self.melds_this_turn >= limit:
            raise _illegal("rummy.melds_per_turn", "R-TURN-2", limit=limit)
        verdict = check_meld(move.cards, self.rules)
        if not verdict.ok:
            raise IllegalMoveError(
                messages.text("rummy.bad_meld", why=verdict.message),
                reason=verdict.reason or "rummy.bad_meld",
                rule=verdict.rule,
            )
        assert verdict.kind is not None
        hand_after = _without(self.hand, move.cards)
        meld = TableMeld(_cards_of(verdict), self.current_player, verdict.kind)
        table_after = (*self.table, meld)
        problem = self._leftover_problem(hand_after, table_after)
        if problem is not None:
            raise problem
        return self._after_play(move, hand_after, table_after, self.melds_this_turn + 1)

    def _lay_off(self, move: LayOff) -> RummyState:
        """R-TURN-3: lay off hand cards onto any meld, which must stay valid; R-TURN-4."""
        self._check_in_hand(move.cards)
        if move.meld >= len(self.table):
            raise _illegal("rummy.no_such_meld", "R-TURN-3", index=move.meld, count=len(self.table))
        meld = self.table[move.meld]
        verdict = check_layoff(meld.cards, move.cards, self.rules)
        if not verdict.ok:
            raise IllegalMoveError(
                messages.text("rummy.bad_layoff", why=verdict.message),
                reason=verdict.reason or "rummy.bad_layoff",
                rule=verdict.rule,
            )
        hand_after = _without(self.hand, move.cards)
        table_after = _replace_meld(
            self.table, move.meld, meld, verdict, self.current_player, move.cards
        )
        problem = self._leftover_problem(hand_after, table_after)
        if problem is not None:
            raise problem
        return self._after_play(move, hand_after, table_after, self.melds_this_turn)

    def _after_play(
        self,
        move: Move,
        hand_after: tuple[Card, ...],
        table_after: tuple[TableMeld, ...],
        melds: int,
    ) -> RummyState:
        """After a meld or layoff: the round ends at once if the hand is empty (R-OUT-1/2)."""
        state = replace(
            self,
            hands=self._with_hand(hand_after),
            table=table_after,
            melds_this_turn=melds,
            played_this_turn=True,
            log=self._logged(move),
        )
        if not hand_after:
            return replace(state, ending="out", winner=self.current_player)
        return state

    def _discard(self, move: Discard) -> RummyState:
        """R-TURN-5: one discard ends the turn; not the card just taken from the pile (R-TURN-6)."""
        card = move.card
        self._check_in_hand((card,))
        if card == self.taken:
            raise _illegal("rummy.discard_taken", "R-TURN-6", card=messages.piece_short(card))
        hand_after = _without(self.hand, (card,))
        state = replace(
            self,
            hands=self._with_hand(hand_after),
            discard_pile=(*self.discard_pile, card),
            log=self._logged(move),
        )
        if not hand_after:  # R-OUT-1: out by discarding; R-OUT-2: nobody plays again
            return replace(state, ending="out", winner=self.current_player)
        return state._next_turn()

    def _next_turn(self) -> RummyState:
        """Pass the turn clockwise (R-SETUP-4); stop a round that cannot end (R-STOCK-2)."""
        player = self.current_player
        played = tuple(
            flag or (p == player and self.played_this_turn)
            for p, flag in enumerate(self.played_before)
        )
        dry = 0 if self.stock else self.dry_turns + 1
        ending: Ending | None = None
        if not self.stock and (self.restocks >= self.rules.max_restocks or dry > len(self.players)):
            ending = "blocked"
        return replace(
            self,
            current_player=(player + 1) % len(self.players),
            drawn=False,
            taken=None,
            melds_this_turn=0,
            played_this_turn=False,
            played_before=played,
            dry_turns=dry,
            turn=self.turn + 1,
            ending=ending,
        )

    # ----------------------------------------------------------------------------- views and saving

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, table, discard top, the others' card counts."""
        if type(player) is not int or not 0 <= player < len(self.players):
            raise RulesError(f"player must be 0 to {len(self.players) - 1}, not {player!r}")
        own_turn = player == self.current_player and not self.is_over
        return PlayerView(
            player=player,
            players=self.players,
            rules=self.rules,
            hand=self.hands[player],
            table=self.table,
            discard_top=self.discard_top,
            discard_size=len(self.discard_pile),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            current_player=self.current_player,
            phase=self.phase,
            taken=self.taken if own_turn else None,
            melds_this_turn=self.melds_this_turn if own_turn else 0,
            turn=self.turn,
            restocks=self.restocks,
            is_over=self.is_over,
            winner=self.winner,
            scores=self.scores,
            log=self.log,
            legal_moves=tuple(self.legal_moves()) if own_turn else (),
        )

    def to_dict(self) -> dict[str, Any]:
        """The round as a replay: rules, players, seed, dealer, moves (and a custom set-up)."""
        saved: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": 1,
            "rules": self.rules.key,
            "players": list(self.players),
            "seed": self.seed,
            "dealer": self.dealer,
            "moves": [str(move) for move in self.history],
        }
        if self.origin is not None:
            start = self.origin
            saved["start"] = {
                "hands": [format_pieces(hand) for hand in start.hands],
                "stock": format_pieces(start.stock),
                "discard_pile": format_pieces(start.discard_pile),
                "table": [
                    {"cards": format_pieces(meld.cards), "player": meld.player, "kind": meld.kind}
                    for meld in start.table
                ],
                "current_player": start.current_player,
            }
        return saved

    def to_json(self) -> str:
        """The round as a JSON replay; :func:`load_game` rebuilds exactly this state."""
        return json.dumps(self.to_dict(), indent=1)


def describe_move(before: RummyState, move: Move, *, reveal: bool = False) -> str:
    """A sentence saying what ``move`` did in ``before`` (``reveal`` names a card drawn)."""
    player = before.players[before.current_player]
    after = before.apply(move)
    if isinstance(move, DrawStock):
        if after.restocks > before.restocks:
            sentence = messages.text("rummy.did.restock", player=player)
        elif reveal:
            drawn = next(card for card in after.hand if card not in before.hand)
            sentence = messages.text(
                "rummy.did.draw_card", player=player, card=messages.piece_short(drawn)
            )
        else:
            sentence = messages.text("rummy.did.draw", player=player)
    elif isinstance(move, TakeDiscard):
        sentence = messages.text(
            "rummy.did.take", player=player, card=messages.piece_short(before.discard_pile[-1])
        )
    elif isinstance(move, LayMeld):
        sentence = messages.text("rummy.did.meld", player=player, cards=_short(move.cards))
    elif isinstance(move, LayOff):
        sentence = messages.text(
            "rummy.did.layoff",
            player=player,
            cards=_short(move.cards),
            meld=_short(before.table[move.meld].cards),
        )
    else:
        sentence = messages.text(
            "rummy.did.discard", player=player, card=messages.piece_short(move.card)
        )
    if after.ending == "out":
        sentence += " " + messages.text("rummy.did.out", player=player)
    return sentence


def _replace_meld(
    table: tuple[TableMeld, ...],
    index: int,
    meld: TableMeld,
    verdict: Verdict,
    player: int,
    cards: tuple[Card, ...],
) -> tuple[TableMeld, ...]:
    """The table with meld ``index`` grown by a layoff; cards already there stay (R-TURN-4)."""
    grown = TableMeld(_cards_of(verdict), meld.player, meld.kind, (*meld.layoffs, (player, cards)))
    return (*table[:index], grown, *table[index + 1 :])


def _player_names(players: Sequence[str] | None, count: int) -> tuple[str, ...]:
    if players is None:
        return tuple(messages.text("rummy.player_name", number=n + 1) for n in range(count))
    names = tuple(players)
    if len(names) != count or not all(isinstance(name, str) and name for name in names):
        raise RulesError(f"give {count} non-empty player names, not {players!r}")
    return names


# ---------------------------------------------------------------------------------------------
# meld and layoff candidates (judged afterwards by check_meld / check_layoff)


def meld_candidates(hand: Sequence[Card], rules: RummyRules) -> Iterator[tuple[Card, ...]]:
    """Every set of hand cards that could be a meld: 3 or 4 of a rank, every stretch of 3+
    consecutive cards of a suit (Q-K-A too if aces may be high): every valid meld in ``hand``.
    """
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
    for card in sorted(set(hand)):
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, {})[card.rank] = card
    for rank in sorted(by_rank):
        cards = by_rank[rank]
        for size in range(3, len(cards) + 1):
            yield from itertools.combinations(cards, size)
    seen: set[frozenset[Card]] = set()
    for suit in sorted(by_suit, key=lambda s: s.order):
        ranks = by_suit[suit]
        numbers = sorted(ranks)
        if rules.ace == "low_or_high" and 1 in ranks:
            numbers.append(14)
        for start in range(len(numbers)):
            end = start
            while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
                end += 1
                if end - start + 1 >= 3 and not (numbers[start] == 1 and numbers[end] == 14):
                    run = tuple(ranks[1 if n == 14 else n] for n in numbers[start : end + 1])
                    key = frozenset(run)
                    if key not in seen:
                        seen.add(key)
                        yield tuple(sorted(run))


def layoff_candidates(
    meld: TableMeld, hand: Sequence[Card], rules: RummyRules
) -> Iterator[tuple[Card, ...]]:
    """Every set of hand cards that could be laid off onto ``meld``: a group's missing suit,
    or unbroken stretches at either end of a run. Yields every valid layoff (R-TURN-3).
    """
    held = set(hand)
    first = meld.cards[0]
    if meld.kind == "group":
        for suit in Suit:
            card = Card(first.rank, suit)
            if card in held and card not in meld.cards:
                yield (card,)
        return
    suit = first.suit
    low = first.rank
    high = 14 if meld.cards[-1].rank == 1 and len(meld.cards) > 1 else meld.cards[-1].rank
    top = 14 if rules.ace == "low_or_high" else 13
    below: list[Card] = []
    number = low - 1
    while number >= 1 and Card(number, suit) in held:
        below.append(Card(number, suit))
        number -= 1
    above: list[Card] = []
    number = high + 1
    while number <= top and Card(1 if number == 14 else number, suit) in held:
        card = Card(1 if number == 14 else number, suit)
        above.append(card)
        number += 1
    for down in range(len(below) + 1):
        for up in range(len(above) + 1):
            if down or up:
                cards = set(below[:down]) | set(above[:up])
                if len(cards) == down + up:
                    yield tuple(sorted(cards))


# ---------------------------------------------------------------------------------------------
# dealing and replays


def deal(
    players: int | Sequence[str],
    rules: RummyRules | None = None,
    seed: int | None = None,
    *,
    dealer: int | None = None,
) -> RummyState:
    """Shuffle and deal a round (R-SETUP-1, R-SETUP-2, R-SETUP-3, R-SETUP-4): 2-6 players, 10/7/6 cards each, the rest the stock,
    its top card turned up; the player after the dealer starts (by default player 0).
    """
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
        names: Sequence[str] | None = None
    elif isinstance(players, Sequence) and not isinstance(players, str):
        count = len(players)
        names = players
    else:
        raise RulesError(
            f"players is a number of players (2-6) or a list of names, not {players!r}"
        )
    if count not in HAND_SIZES:
        raise RulesError(f"Rummy is for 2 to 6 players (R-SETUP-1), not {count}")
    rules = RummyRules() if rules is None else rules
    if not isinstance(rules, RummyRules):
        raise RulesError(f"deal() needs RummyRules, not {rules!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if type(seed) is not int:
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    dealer = count - 1 if dealer is None else dealer
    if type(dealer) is not int or not 0 <= dealer < count:
        raise RulesError(f"dealer must be 0 to {count - 1}, not {dealer!r}")
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    size = HAND_SIZES[count]
    first = (dealer + 1) % count
    hands: list[list[Card]] = [[] for _ in range(count)]
    for index in range(size * count):  # one card at a time, clockwise from the dealer's left
        hands[(first + index) % count].append(deck[index])
    rest = deck[size * count :]
    return RummyState(
        rules=rules,
        players=_player_names(names, count),
        seed=seed,
        dealer=dealer,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        stock=tuple(rest[1:]),
        discard_pile=(rest[0],),
        table=(),
        current_player=first,
        played_before=(False,) * count,
    )


def replay(start: RummyState, moves: Iterable[Move | str]) -> RummyState:
    """The state after playing ``moves`` (values or notation) from ``start``."""
    state = start
    for move in moves:
        state = state.apply(parse_move(move) if isinstance(move, str) else move)
    return state


def _start_from_dict(saved: dict[str, Any]) -> RummyState:
    """The first state of a saved round."""
    rules = rules_from_key(saved["rules"])
    if not isinstance(rules, RummyRules):
        raise RulesError(f"a saved Rummy game needs Rummy rules, not {saved['rules']!r}")
    players = list(saved["players"])
    start = saved.get("start")
    if start is None:
        return deal(players, rules, seed=int(saved["seed"]), dealer=int(saved["dealer"]))
    table = [
        TableMeld(tuple(parse_cards(meld["cards"])), int(meld["player"]), meld["kind"])
        for meld in start["table"]
    ]
    return RummyState.from_position(
        start["hands"],
        discard_pile=start["discard_pile"],
        table=table,
        stock=start["stock"],
        rules=rules,
        current_player=int(start["current_player"]),
        players=players,
        seed=int(saved["seed"]),
    )


def load_game(saved: str | dict[str, Any]) -> RummyState:
    """Replay a round saved by ``RummyState.to_json`` (or ``to_dict``): the same state again."""
    data = _read_saved(saved, SAVE_FORMAT)
    try:
        start = _start_from_dict(data)
        moves = [parse_move(move) for move in data["moves"]]
    except (KeyError, TypeError) as error:
        raise RulesError(f"a saved Rummy game is incomplete or malformed: {error!r}") from error
    return replay(start, moves)


def _read_saved(saved: str | dict[str, Any], format_name: str) -> dict[str, Any]:
    """The saved JSON object, checked to be of ``format_name``."""
    try:
        data = json.loads(saved) if isinstance(saved, str) else saved
    except json.JSONDecodeError as error:
        raise RulesError(f"a saved game is JSON; this is not: {error}") from error
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise RulesError(f"not a saved game of format {format_name!r}")
    return data


# ---------------------------------------------------------------------------------------------
# what a player may see


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's view of a round: own hand, everything face up; other hands only as counts."""

    player: int
    players: tuple[str, ...]
    rules: RummyRules
    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    hand_sizes: tuple[int, ...]
    current_player: int
    phase: Phase
    taken: Card | None
    melds_this_turn: int
    turn: int
    restocks: int
    is_over: bool
    winner: int | None
    scores: tuple[int, ...]
    log: tuple[tuple[int, Move], ...]
    """Every move so far: all public (a card drawn from the stock is not named)."""
    legal_moves: tuple[Move, ...]
    """The moves this player may make now (empty when it is not their turn)."""

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-ready values, cards in notation, for a widget to show."""
        return {
            "player": self.player,
            "players": list(self.players),
            "rules": self.rules.key,
            "hand": format_pieces(self.hand),
            "table": [
                {"cards": format_pieces(meld.cards), "player": meld.player, "kind": meld.kind}
                for meld in self.table
            ],
            "discard_top": None if self.discard_top is None else str(self.discard_top),
            "discard_size": self.discard_size,
            "stock_size": self.stock_size,
            "hand_sizes": list(self.hand_sizes),
            "current_player": self.current_player,
            "phase": self.phase,
            "taken": None if self.taken is None else str(self.taken),
            "turn": self.turn,
            "restocks": self.restocks,
            "is_over": self.is_over,
            "winner": self.winner,
            "scores": list(self.scores),
            "log": [[player, str(move)] for player, move in self.log],
            "legal_moves": [str(move) for move in self.legal_moves],
        }


# ---------------------------------------------------------------------------------------------
# matches (R-GAME-1)


def _round_seed(seed: int, number: int) -> int:
    return random.Random(f"rummy-match:{seed}:{number}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class RummyMatch:
    """Rounds played until someone reaches the target, or a fixed number of hands (R-GAME-1)."""

    rules: RummyRules
    players: tuple[str, ...]
    seed: int
    rounds: tuple[RummyState, ...]
    """Finished rounds, in order."""
    current: RummyState
    """The round being played (the last one, finished, once the match is over)."""

    @property
    def score_table(self) -> tuple[tuple[int, ...], ...]:
        """Points per player for each finished round: the running score sheet (R-GAME-1)."""
        return tuple(state.scores for state in self.rounds)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over the finished rounds."""
        return tuple(
            sum(row[player] for row in self.score_table) for player in range(len(self.players))
        )

    @property
    def is_over(self) -> bool:
        """True after the fixed number of hands, or once a player reached the target (R-GAME-1)."""
        if self.rules.hands is not None:
            return len(self.rounds) >= self.rules.hands
        return any(total >= self.rules.target for total in self.totals)

    @property
    def winner(self) -> int | None:
        """The player with most points once the match is over; None before, or on a tie."""
        if not self.is_over:
            return None
        totals = self.totals
        best = max(totals)
        leaders = [player for player, total in enumerate(totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    def apply(self, move: Move) -> RummyMatch:
        """The match after ``move`` in the current round; a finished round joins the score table."""
        if self.is_over:
            raise _illegal("rummy.match_over", "R-GAME-1")
        state = self.current.apply(move)
        rounds = (*self.rounds, state) if state.is_over else self.rounds
        return replace(self, current=state, rounds=rounds)

    def next_round(self) -> RummyMatch:
        """Deal the next round, the deal passing clockwise; only once the current round is over."""
        if self.is_over:
            raise _illegal("rummy.match_over", "R-GAME-1")
        if not self.current.is_over:
            raise _illegal("rummy.round_not_over", "R-GAME-1")
        number = len(self.rounds)
        dealer = (self.current.dealer + 1) % len(self.players)
        state = deal(self.players, self.rules, seed=_round_seed(self.seed, number), dealer=dealer)
        return replace(self, current=state)

    def score_message(self) -> str:
        """The running totals in a sentence."""
        parts = [
            messages.text("rummy.match.total", player=name, points=total)
            for name, total in zip(self.players, self.totals, strict=True)
        ]
        return messages.text(
            "rummy.match.totals", rounds=len(self.rounds), totals=messages.join(parts)
        )

    def to_dict(self) -> dict[str, Any]:
        """The match as a replay: rules, players, seed and each round's moves."""
        rounds = list(self.rounds)
        if not self.current.is_over:
            rounds.append(self.current)
        return {
            "format": MATCH_FORMAT,
            "version": 1,
            "rules": self.rules.key,
            "players": list(self.players),
            "seed": self.seed,
            "rounds": [[str(move) for move in state.history] for state in rounds],
        }

    def to_json(self) -> str:
        """The match as a JSON replay; :func:`load_match` rebuilds exactly this match."""
        return json.dumps(self.to_dict(), indent=1)


def start_match(
    players: int | Sequence[str], rules: RummyRules | None = None, seed: int | None = None
) -> RummyMatch:
    """A new match (R-GAME-1) with its first round dealt; each round's deal comes from ``seed``."""
    rules = RummyRules() if rules is None else rules
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    first = deal(players, rules, seed=_round_seed(seed, 0))
    return RummyMatch(rules=rules, players=first.players, seed=seed, rounds=(), current=first)


def load_match(saved: str | dict[str, Any]) -> RummyMatch:
    """Replay a match saved by ``RummyMatch.to_json``."""
    data = _read_saved(saved, MATCH_FORMAT)
    try:
        rules = rules_from_key(data["rules"])
        players = list(data["players"])
        seed = int(data["seed"])
        rounds = [[parse_move(move) for move in moves] for moves in data["rounds"]]
    except (KeyError, TypeError) as error:
        raise RulesError(f"a saved Rummy match is incomplete or malformed: {error!r}") from error
    if not isinstance(rules, RummyRules):
        raise RulesError(f"a saved Rummy match needs Rummy rules, not {data['rules']!r}")
    match = start_match(players, rules, seed=seed)
    for number, moves in enumerate(rounds):
        if number:
            match = match.next_round()
        for move in moves:
            match = match.apply(move)
    return match
