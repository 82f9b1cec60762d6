"""One moment of a Rummy round (``RummyState``): what it holds, its legal moves, ``apply``.

R-STOCK-2, the engine's safeguard, is read as: the stock may be rebuilt ``max_restocks`` times; when
it is empty again after that, the round ends at once with no winner and no score. So that players
who keep taking the discard from an empty stock cannot loop either, a round also ends that way when
the stock has stayed empty for a whole lap (every player's turn began with an empty stock and
nobody rebuilt it: a rebuild starts the count again).

Conventions: ``stock[0]`` is the top of the stock (the next card drawn); ``discard_pile[-1]`` is the
face-up top of the discard pile; players are numbered clockwise from 0 (R-SETUP-4); hands sorted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, shown
from rummy_teach.melds import check_layoff, check_meld, hand_value
from rummy_teach.pieces import Card
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.moves import (
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Move,
    TakeDiscard,
    parse_move,
)
from rummy_teach.rummy.table import (
    TableMeld,
    grown_table,
    layoff_candidates,
    meld_candidates,
    new_meld,
)
from rummy_teach.rummy.view import PlayerView, player_view, result_message
from rummy_teach.saves import move_list

__all__ = ["Ending", "Phase", "RummyState", "illegal", "replay"]

Phase = Literal["draw", "play", "discard", "over"]
Ending = Literal["out", "blocked"]


def illegal(reason: str, rule: str | None, **params: object) -> IllegalMoveError:
    """An IllegalMoveError worded by messages/ under ``reason``, citing ``rule``."""
    return IllegalMoveError(messages.text(reason, **params), reason=reason, rule=rule)


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(card for card in hand if card not in gone)


def _with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card)))


@dataclass(frozen=True, slots=True)
class RummyState:
    """One moment of a Rummy round: everything on and under the table; ``apply`` returns a new one.

    Build the first state with :func:`~rummy_teach.rummy.deal` (or :meth:`from_position` for a
    lesson's set-up).
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
    """Turns in a row that ended with an empty stock since it was last rebuilt (R-STOCK-2)."""
    turn: int = 1
    ending: Ending | None = None
    winner: int | None = None
    log: tuple[tuple[int, Move], ...] = ()
    """Every move of the round so far, with the player who made it."""
    origin: RummyState | None = field(default=None, compare=False, repr=False)
    """The first state of a round set up by :meth:`from_position` (None when dealt from a seed)."""
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

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
        phase: Literal["draw", "play", "discard"] | None = None,
        taken: Card | str | None = None,
        played_before: Sequence[bool] | None = None,
        dealer: int | None = None,
    ) -> RummyState:
        """A round set up by hand (for lessons and tests), at any moment of a turn.

        Every one of the 52 cards must be somewhere exactly once; when ``stock`` is None the cards
        not placed elsewhere become the stock, shuffled by ``seed``. Table melds must be valid
        (``"1: 7H 7S 7C"`` is laid by player 1). ``phase`` is ``"draw"`` (the default) or, after
        drawing, ``"play"`` or ``"discard"``; ``taken`` is the card taken from the discard pile this
        turn (R-TURN-6); ``played_before`` who melded or laid off earlier this hand (R-SCORE-2);
        ``dealer`` by default the player before ``current_player``. A bad argument raises
        ``RulesError`` naming it. See :mod:`rummy_teach.rummy.setup`.
        """
        from rummy_teach.rummy.setup import from_position

        return from_position(
            hands,
            discard_pile=discard_pile,
            table=table,
            stock=stock,
            rules=rules,
            current_player=current_player,
            players=players,
            seed=seed,
            phase=phase,
            taken=taken,
            played_before=played_before,
            dealer=dealer,
        )

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
        """The moves of the round so far, in order (``log`` without the players)."""
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
        return result_message(self)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, table, discard top, the others' card counts."""
        return player_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        """The round as a replay: rules, players, seed, dealer, moves (and a custom set-up)."""
        from rummy_teach.rummy.saves import game_to_dict

        return game_to_dict(self)

    def to_json(self) -> str:
        """The round as a JSON replay; :func:`~rummy_teach.rummy.load` rebuilds exactly this."""
        from rummy_teach.rummy.saves import to_json

        return to_json(self.to_dict())

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
                table_after = (*self.table, new_meld(verdict, self.current_player))
                if self._leftover_problem(_without(self.hand, cards), table_after) is None:
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
                    table_after = grown_table(
                        self.table, index, verdict, self.current_player, cards
                    )
                    if self._leftover_problem(_without(self.hand, cards), table_after) is None:
                        found.append(LayOff(index, cards))
        self._cache["layoffs"] = found
        return found

    # ----------------------------------------------------------------------------- applying

    def apply(self, move: Move) -> RummyState:
        """The state after ``move``; an illegal move raises ``IllegalMoveError`` (no change)."""
        if not isinstance(move, MOVE_TYPES):
            raise illegal("rummy.unknown_move", None, move=repr(move))
        if self.is_over:
            raise illegal("rummy.round_over", "R-OUT-2")
        if isinstance(move, (DrawStock, TakeDiscard)):
            if self.drawn:
                raise illegal("rummy.already_drew", "R-TURN-1")
            if isinstance(move, DrawStock):
                return self._draw_stock()
            return self._take_discard()
        if not self.drawn:
            raise illegal("rummy.draw_first", "R-TURN-1")
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
        stock, pile, restocks, dry = self.stock, self.discard_pile, self.restocks, self.dry_turns
        if not stock:
            stock, pile = self._rebuilt()
            if not stock:
                raise illegal("rummy.nothing_to_draw", "R-STOCK-1")
            restocks += 1
            dry = 0  # rebuilt: the lap of turns with an empty stock starts again (R-STOCK-2)
        return replace(
            self,
            hands=self._with_hand(_with(self.hand, stock[0])),
            stock=stock[1:],
            discard_pile=pile,
            restocks=restocks,
            dry_turns=dry,
            drawn=True,
            log=self._logged(DrawStock()),
        )

    def _take_discard(self) -> RummyState:
        """R-TURN-1: take the top discard, which then may not be discarded this turn (R-TURN-6)."""
        if not self.discard_pile:
            raise illegal("rummy.discard_pile_empty", "R-TURN-1")
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
            raise illegal("rummy.card_twice", "R-SETUP-1", card=messages.piece_short(twice[0]))
        missing = [card for card in cards if card not in self.hand]
        if not missing:
            return
        on_table = [card for card in missing if any(card in meld.cards for meld in self.table)]
        if on_table:
            raise illegal(
                "rummy.table_cards_stay", "R-TURN-4", cards=messages.pieces_short(on_table)
            )
        raise illegal(
            "rummy.not_in_hand",
            None,
            cards=messages.pieces_short(missing),
            hand=messages.pieces_short(self.hand),
        )

    def _leftover_problem(
        self, hand_after: tuple[Card, ...], table_after: tuple[TableMeld, ...]
    ) -> IllegalMoveError | None:
        """Why a meld or layoff leaving ``hand_after`` is forbidden, or None.

        R-OUT-1 with ``must_discard_to_go_out``;
        R-TURN-6 when only the card taken from the discard pile would be left, going nowhere.
        """
        if not hand_after and self.rules.must_discard_to_go_out:
            return illegal("rummy.must_discard_last", "R-OUT-1")
        if len(hand_after) == 1 and hand_after[0] == self.taken:
            card = hand_after[0]
            if self.rules.must_discard_to_go_out or not any(
                check_layoff(meld.cards, (card,), self.rules).ok
                for meld in table_after
                if any(layoff_candidates(meld, (card,), self.rules))
            ):
                return illegal("rummy.stranded", "R-TURN-6", card=messages.piece_short(card))
        return None

    def _lay_meld(self, move: LayMeld) -> RummyState:
        """R-TURN-2: lay down one valid meld (one a turn with ``melds_per_turn=1``)."""
        self._check_in_hand(move.cards)
        limit = self.rules.melds_per_turn
        if limit is not None and self.melds_this_turn >= limit:
            raise illegal("rummy.melds_per_turn", "R-TURN-2", limit=limit)
        verdict = check_meld(move.cards, self.rules)
        if not verdict.ok:
            raise IllegalMoveError(
                messages.text("rummy.bad_meld", why=verdict.message),
                reason=verdict.reason or "rummy.bad_meld",
                rule=verdict.rule,
            )
        hand_after = _without(self.hand, move.cards)
        table_after = (*self.table, new_meld(verdict, self.current_player))
        problem = self._leftover_problem(hand_after, table_after)
        if problem is not None:
            raise problem
        return self._after_play(move, hand_after, table_after, self.melds_this_turn + 1)

    def _lay_off(self, move: LayOff) -> RummyState:
        """R-TURN-3: lay off hand cards onto any meld, which must stay valid; R-TURN-4."""
        self._check_in_hand(move.cards)
        if move.meld >= len(self.table):
            raise illegal("rummy.no_such_meld", "R-TURN-3", index=move.meld, count=len(self.table))
        verdict = check_layoff(self.table[move.meld].cards, move.cards, self.rules)
        if not verdict.ok:
            raise IllegalMoveError(
                messages.text("rummy.bad_layoff", why=verdict.message),
                reason=verdict.reason or "rummy.bad_layoff",
                rule=verdict.rule,
            )
        hand_after = _without(self.hand, move.cards)
        table_after = grown_table(self.table, move.meld, verdict, self.current_player, move.cards)
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
            raise illegal("rummy.discard_taken", "R-TURN-6", card=messages.piece_short(card))
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


def replay(start: RummyState, moves: Iterable[Move | str]) -> RummyState:
    """The state after playing ``moves`` (values or notation) from ``start``."""
    if not isinstance(start, RummyState):
        raise RulesError(f"replay starts from a RummyState, not {shown(start)}")
    state = start
    for move in move_list(moves):
        state = state.apply(parse_move(move) if isinstance(move, str) else move)
    return state
