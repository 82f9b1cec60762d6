"""What a player may see of a Rummy round (``PlayerView``), and the round's events in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds import hand_value
from rummy_teach.pieces import Card, format_pieces
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.moves import DrawStock, LayMeld, LayOff, Move, TakeDiscard
from rummy_teach.rummy.table import TableMeld

if TYPE_CHECKING:
    from rummy_teach.rummy.state import Phase, RummyState

__all__ = [
    "PlayerView",
    "blocked_key",
    "describe_move",
    "player_view",
    "result_message",
    "table_to_dict",
]


def table_to_dict(table: tuple[TableMeld, ...]) -> list[dict[str, Any]]:
    """The table's melds as plain JSON-ready values, cards in notation."""
    return [
        {"cards": format_pieces(meld.cards), "player": meld.player, "kind": meld.kind}
        for meld in table
    ]


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
            "table": table_to_dict(self.table),
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


def player_view(state: RummyState, player: int) -> PlayerView:
    """What ``player`` may see of ``state``: own hand, table, discard top, the others' counts."""
    if type(player) is not int or not 0 <= player < len(state.players):
        raise RulesError(f"player must be 0 to {len(state.players) - 1}, not {shown(player)}")
    own_turn = player == state.current_player and not state.is_over
    return PlayerView(
        player=player,
        players=state.players,
        rules=state.rules,
        hand=state.hands[player],
        table=state.table,
        discard_top=state.discard_top,
        discard_size=len(state.discard_pile),
        stock_size=len(state.stock),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        current_player=state.current_player,
        phase=state.phase,
        taken=state.taken if own_turn else None,
        melds_this_turn=state.melds_this_turn if own_turn else 0,
        turn=state.turn,
        restocks=state.restocks,
        is_over=state.is_over,
        winner=state.winner,
        scores=state.scores,
        log=state.log,
        legal_moves=tuple(state.legal_moves()) if own_turn else (),
    )


def blocked_key(state: RummyState) -> str:
    """The message key of why a blocked round stopped (R-STOCK-2): rebuilt too often, or a lap."""
    if state.restocks >= state.rules.max_restocks:
        return "rummy.result.blocked"
    return "rummy.result.blocked_lap"


def result_message(state: RummyState) -> str:
    """A sentence saying how the round ended and who scored what, or that it is still on."""
    if state.ending is None:
        return messages.text("rummy.result.playing", player=state.players[state.current_player])
    if state.ending == "blocked":
        return messages.text(blocked_key(state), restocks=state.restocks)
    assert state.winner is not None
    parts = [
        messages.text(
            "rummy.result.part",
            player=state.players[player],
            cards=messages.pieces_short(hand) if hand else messages.text("rummy.result.no_cards"),
            points=hand_value(hand, state.rules),
        )
        for player, hand in enumerate(state.hands)
        if player != state.winner
    ]
    key = (
        "rummy.result.rummy"
        if state.rules.going_rummy_doubles and state.going_rummy
        else "rummy.result.out"
    )
    return messages.text(
        key, winner=state.players[state.winner], points=state.points, parts=messages.join(parts)
    )


def _draw_sentence(before: RummyState, after: RummyState, player: str, reveal: bool) -> str:
    """A draw from the stock: a rebuilt stock (R-STOCK-1), the card drawn, or just a draw."""
    if after.restocks > before.restocks:
        return messages.text("rummy.did.restock", player=player)
    if reveal:
        drawn = next(card for card in after.hand if card not in before.hand)
        return messages.text("rummy.did.draw_card", player=player, card=messages.piece_short(drawn))
    return messages.text("rummy.did.draw", player=player)


def describe_move(before: RummyState, move: Move, *, reveal: bool = False) -> str:
    """A sentence saying what ``move`` did in ``before`` (``reveal`` names a card drawn)."""
    from rummy_teach.rummy.state import RummyState  # this module is part of the state's

    if not isinstance(before, RummyState):
        raise RulesError(f"describe_move reads a RummyState, not {shown(before)}")
    player = before.players[before.current_player]
    after = before.apply(move)
    if isinstance(move, DrawStock):
        sentence = _draw_sentence(before, after, player, reveal)
    elif isinstance(move, TakeDiscard):
        sentence = messages.text(
            "rummy.did.take", player=player, card=messages.piece_short(before.discard_pile[-1])
        )
    elif isinstance(move, LayMeld):
        sentence = messages.text(
            "rummy.did.meld", player=player, cards=messages.pieces_short(move.cards)
        )
    elif isinstance(move, LayOff):
        sentence = messages.text(
            "rummy.did.layoff",
            player=player,
            cards=messages.pieces_short(move.cards),
            meld=messages.pieces_short(before.table[move.meld].cards),
        )
    else:
        sentence = messages.text(
            "rummy.did.discard", player=player, card=messages.piece_short(move.card)
        )
    if after.ending == "out":
        sentence += " " + messages.text("rummy.did.out", player=player)
    return sentence
