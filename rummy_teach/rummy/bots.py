"""Computer players for Rummy: ``RandomBot`` and ``RummyBot``; ``bot.choose(state) -> move``.

Bots decide from the acting player's :class:`~rummy_teach.rummy.PlayerView` only, never peeking at
other hands or the stock. ``play_round`` and ``play_match`` run whole rounds and matches.

>>> from rummy_teach.rummy import deal
>>> final = play_round([RummyBot(), RummyBot()], deal(2, seed=3))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from rummy_teach import messages
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.melds import card_value, check_layoff, check_meld
from rummy_teach.pieces import Card
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.match import RummyMatch, start_match
from rummy_teach.rummy.moves import Discard, DrawStock, LayMeld, LayOff, Move, TakeDiscard
from rummy_teach.rummy.setup import deal
from rummy_teach.rummy.state import RummyState
from rummy_teach.rummy.table import layoff_candidates, meld_candidates
from rummy_teach.rummy.view import PlayerView

__all__ = ["RandomBot", "RummyBot", "RummyPlayer", "play_match", "play_round"]


class RummyPlayer(Protocol):
    """Anything that picks a move for the player to act in a Rummy round."""

    def choose(self, state: RummyState) -> Move:
        """A legal move for ``state.current_player``."""
        ...


class RandomBot:
    """Picks any legal move at random (seeded): a baseline and a stress test for the engine."""

    def __init__(self, seed: int | None = None) -> None:
        """A random player whose choices repeat for the same ``seed``."""
        if seed is not None and type(seed) is not int:
            raise RulesError(f"seed must be a whole number or None, not {shown(seed)}")
        self._rng = random.Random(seed)

    def choose(self, state: RummyState) -> Move:
        """A legal move chosen uniformly at random."""
        moves = _round(state, "choose").legal_moves()
        if not moves:
            raise RummyTeachError("the round is over: there is no move to choose")
        return self._rng.choice(moves)

    def explain(self, state: RummyState, move: Move) -> str:
        """Why the move was chosen: by chance."""
        return messages.text("rummy.bot.random")


def _round(state: object, who: str) -> RummyState:
    """``state`` if it is a Rummy round; else ``RulesError`` saying ``who`` needs one."""
    if not isinstance(state, RummyState):
        raise RulesError(f"{who} takes a RummyState, not {shown(state)}")
    return state


def _partners(card: Card, hand: Sequence[Card], rules: RummyRules) -> tuple[int, int]:
    """How many other hand cards share ``card``'s rank, and how many are near it in its suit."""
    ranks = [card.rank] + ([14] if card.rank == 1 and rules.ace == "low_or_high" else [])
    same_rank = 0
    near = 0
    for other in hand:
        if other == card:
            continue
        if other.rank == card.rank:
            same_rank += 1
        elif other.suit == card.suit:
            others = [other.rank] + ([14] if other.rank == 1 and rules.ace == "low_or_high" else [])
            if any(abs(a - b) <= 2 for a in ranks for b in others):
                near += 1
    return same_rank, near


class RummyBot:
    """A sensible player (the seeds' strategy tips): melds as soon as it can, lays off what fits,
    takes the discard only when it fits, keeps cards that fit more than one meld, throws high loose
    cards first."""

    def choose(self, state: RummyState) -> Move:
        """The move this bot makes for the player to act, judged from that player's view only."""
        view = _round(state, "choose").view(state.current_player)
        if not view.legal_moves:
            raise RummyTeachError("the round is over: there is no move to choose")
        if view.phase == "draw":
            return self._draw(view)
        return self._play(view)

    # ------------------------------------------------------------------------------------------

    def _draw(self, view: PlayerView) -> Move:
        """Take the top discard when it makes a meld to lay now or fits the table (R-TURN-1)."""
        top = view.discard_top
        if TakeDiscard() in view.legal_moves and top is not None and self._wants(top, view):
            return TakeDiscard()
        if DrawStock() in view.legal_moves:
            return DrawStock()
        return TakeDiscard()

    def _wants(self, card: Card, view: PlayerView) -> bool:
        rules = view.rules
        hand = view.hand
        for cards in meld_candidates((*hand, card), rules):
            if card not in cards or not check_meld(cards, rules).ok:
                continue
            # with a compulsory last discard, melding must leave a card other than the taken one
            if not rules.must_discard_to_go_out or len(cards) <= len(hand):
                return True
        return any(
            check_layoff(meld.cards, (card,), rules).ok
            for meld in view.table
            if any(layoff_candidates(meld, (card,), rules))
        )

    def _play(self, view: PlayerView) -> Move:
        """Meld first (the plan with most cards down), then lay off, then discard (R-TURN-2..5)."""
        melds = [move for move in view.legal_moves if isinstance(move, LayMeld)]
        if melds:
            return self._best_meld(melds, view.rules)
        layoffs = [move for move in view.legal_moves if isinstance(move, LayOff)]
        if layoffs:
            return max(layoffs, key=lambda move: (len(move.cards), -move.meld))
        discards = [move for move in view.legal_moves if isinstance(move, Discard)]
        return min(discards, key=lambda move: self._keep_score(move.card, view.hand, view.rules))

    def _best_meld(self, melds: list[LayMeld], rules: RummyRules) -> LayMeld:
        """The first meld of the disjoint melds that put the most cards (then points) down."""
        best: tuple[int, int] = (-1, -1)
        best_first = melds[0]

        def search(
            start: int, used: frozenset[Card], count: int, points: int, first: LayMeld | None
        ) -> None:
            nonlocal best, best_first
            if first is not None and (count, points) > best:
                best, best_first = (count, points), first
            for index in range(start, len(melds)):
                cards = melds[index].cards
                if used.isdisjoint(cards):
                    value = sum(card_value(card, rules) for card in cards)
                    search(
                        index + 1,
                        used | frozenset(cards),
                        count + len(cards),
                        points + value,
                        first or melds[index],
                    )

        search(0, frozenset(), 0, 0, None)
        return best_first

    @staticmethod
    def _keep_score(
        card: Card, hand: Sequence[Card], rules: RummyRules
    ) -> tuple[int, int, int, int]:
        """Lower means discard sooner: fewer melds it could join, fewer partners, higher value."""
        same_rank, near = _partners(card, hand, rules)
        uses = (same_rank > 0) + (near > 0)
        return (uses, same_rank + near, -card_value(card, rules), -card.sort_key()[1])

    # ------------------------------------------------------------------------------------------

    def explain(self, state: RummyState, move: Move) -> str:
        """A sentence saying why this bot made ``move`` in ``state`` (for lesson 6)."""
        _round(state, "explain")
        if not isinstance(move, (TakeDiscard, DrawStock, LayMeld, LayOff, Discard)):
            raise RulesError(f"not a Rummy move: {shown(move)}")
        if isinstance(move, TakeDiscard):
            return messages.text(
                "rummy.bot.take", card=messages.piece_short(state.discard_pile[-1])
            )
        if isinstance(move, DrawStock):
            top = state.discard_top
            if top is None:
                return messages.text("rummy.bot.draw_empty")
            return messages.text("rummy.bot.draw", card=messages.piece_short(top))
        if isinstance(move, LayMeld):
            return messages.text("rummy.bot.meld", cards=messages.pieces_short(move.cards))
        if isinstance(move, LayOff):
            return messages.text(
                "rummy.bot.layoff",
                cards=messages.pieces_short(move.cards),
                meld=messages.pieces_short(state.table[move.meld].cards),
            )
        return _explain_discard(move.card, state.hands[state.current_player], state.rules)


def _explain_discard(card: Card, hand: Sequence[Card], rules: RummyRules) -> str:
    """Why ``card`` went: loose and high, or just the least useful; and a card kept that fits two
    melds."""
    same_rank, near = _partners(card, hand, rules)
    if same_rank == 0 and near == 0 and card_value(card, rules) >= 10:
        sentence = messages.text(
            "rummy.bot.discard_loose",
            card=messages.piece_short(card),
            points=card_value(card, rules),
        )
    else:
        sentence = messages.text("rummy.bot.discard", card=messages.piece_short(card))
    rest = [other for other in hand if other != card]
    for kept in rest:
        kept_rank, kept_near = _partners(kept, rest, rules)
        if kept_rank and kept_near:
            uses = messages.join_or(
                [
                    messages.text("rummy.bot.fits_rank", rank=kept.rank_text),
                    messages.text(
                        "rummy.bot.fits_run",
                        suit=messages.text(f"suit.{kept.suit.name.lower()}"),
                    ),
                ]
            )
            return sentence + messages.text(
                "rummy.bot.kept", card=messages.piece_short(kept), uses=uses
            )
    return sentence


def _players(bots: object) -> tuple[RummyPlayer, ...]:
    """The bots as a tuple, each with a ``choose``; else ``RulesError``."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise RulesError(f"bots is a list with one bot per player, not {shown(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise RulesError(f"a bot has a choose(state) method; {shown(bot)} has none")
    return tuple(bots)


def play_round(
    bots: Sequence[RummyPlayer],
    state: RummyState | None = None,
    *,
    rules: RummyRules | None = None,
    seed: int | None = None,
    max_moves: int = 100_000,
) -> RummyState:
    """Play ``state`` (or a seeded fresh deal) to its end; bot ``i`` plays player ``i``."""
    bots = _players(bots)
    if type(max_moves) is not int or max_moves < 1:
        raise RulesError(f"max_moves must be a whole number of at least 1, not {shown(max_moves)}")
    if state is not None and not isinstance(state, RummyState):
        raise RulesError(f"play_round plays a RummyState, not {shown(state)}")
    if state is None:
        state = deal(len(bots), rules, seed=seed)
    if len(bots) != len(state.players):
        raise RummyTeachError(
            f"{len(state.players)} players need {len(state.players)} bots, not {len(bots)}"
        )
    for _ in range(max_moves):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RummyTeachError(f"the round did not end within {max_moves} moves")


def play_match(
    bots: Sequence[RummyPlayer],
    rules: RummyRules | None = None,
    *,
    seed: int | None = None,
    match: RummyMatch | None = None,
) -> RummyMatch:
    """Play a whole match (R-GAME-1) between bots, round after round, until it is over; or play
    on ``match`` (one set up by ``RummyMatch.from_scores``, say) from where it stands."""
    bots = _players(bots)
    if match is None:
        match = start_match(len(bots), rules, seed=seed)
    while True:
        if not match.current.is_over:
            state = play_round(bots, match.current)
            match = replace(match, rounds=(*match.rounds, state), current=state)
        if match.is_over:
            return match
        match = match.next_round()
