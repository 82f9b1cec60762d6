"""Setting up a Rummy round: the deck, a seeded deal (an explicit chance step), or a set position.

>>> state = deal(2, seed=7)
>>> state.phase, state.current_player, len(state.hands[0])
('draw', 0, 10)

``from_position`` (also ``RummyState.from_position``) sets up any moment of a turn, for lessons and
tests. Its arguments:

- ``hands``, one per player (2 to 6), and ``discard_pile`` (its top card last), in notation;
- ``table``: melds in notation, ``"AH 2H 3H"`` (laid by player 0) or ``"1: 7H 7S 7C"`` (laid by
  player 1: the owner's number, a colon, the cards), or ``TableMeld`` values (with their layoffs);
- ``stock`` (top card first); by default every card not placed elsewhere, shuffled by ``seed``;
- ``current_player`` (default 0) and ``dealer`` (default the player before them);
- ``phase``: ``"draw"`` (the turn's start, the default), or after drawing ``"play"`` (a meld or
  layoff can be made) or ``"discard"`` (only discards are left), as ``RummyState.phase`` reads;
- ``taken``: the card of the player to act taken from the discard pile this turn, which may not be
  discarded (R-TURN-6); naming it means the player has drawn;
- ``played_before``: per player, whether they melded or laid off earlier this hand, so that going
  out does not count as going rummy (R-SCORE-2); by default nobody has. It is not read from the
  table's owners, who are only shown (a meld's owner may have laid it this very turn).

Every argument is checked and a bad one raises ``RulesError`` naming the problem: a card placed
twice or nowhere, an invalid table meld, an owner, dealer or player out of range, a taken card not
in the hand, ``played_before`` of the wrong length, a phase the other arguments contradict.

>>> from rummy_teach.rummy import Discard
>>> state = from_position(
...     ["4S 5S 7D KD", "9C 10C JC"],
...     discard_pile="2C",
...     table=["1: 7H 7S 7C"],
...     taken="KD",
...     played_before=[False, True],
... )
>>> state.phase, str(state.taken), state.table[0].player
('play', 'KD', 1)
>>> Discard(Card.parse("KD")) in state.legal_moves()
False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Card, Suit, as_pieces, format_pieces, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.moves import as_cards
from rummy_teach.rummy.state import RummyState
from rummy_teach.rummy.table import TableMeld, cards_of

__all__ = ["DECK", "HAND_SIZES", "PHASES", "SetPhase", "deal", "from_position", "player_names"]

SetPhase = Literal["draw", "play", "discard"]
"""The phases a position may be set up in: before drawing, or after it (see ``RummyState.phase``)."""
PHASES: tuple[SetPhase, ...] = ("draw", "play", "discard")

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
"""The 52-card deck, no jokers (R-SETUP-1), in suit then rank order."""

HAND_SIZES: dict[int, int] = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
"""Cards dealt to each player by the number of players (R-SETUP-1, R-SETUP-2)."""


def player_names(players: Sequence[str] | None, count: int) -> tuple[str, ...]:
    """The players' names: the given ones (checked), or "Player 1", "Player 2" ..."""
    if players is None:
        return tuple(messages.text("rummy.player_name", number=n + 1) for n in range(count))
    names = () if isinstance(players, str) else tuple(players)  # "ab" is no list of names
    if len(names) != count or not all(isinstance(name, str) and name for name in names):
        raise RulesError(f"give {count} non-empty player names, not {shown(players)}")
    return names


def _count_and_names(players: int | Sequence[str]) -> tuple[int, Sequence[str] | None]:
    """How many play, and their names if given (``players`` is a count or a list of names)."""
    if isinstance(players, int) and not isinstance(players, bool):
        return players, None
    if isinstance(players, Sequence) and not isinstance(players, str):
        return len(players), players
    raise RulesError(
        f"players is a number of players (2-6) or a list of names, not {shown(players)}"
    )


def deal(
    players: int | Sequence[str],
    rules: RummyRules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
) -> RummyState:
    """Shuffle and deal a round (R-SETUP-1, R-SETUP-2, R-SETUP-3, R-SETUP-4): 2-6 players (a count
    or their names), 10/7/6 cards each, the rest the stock, its top card turned up; the player after
    the dealer starts (by default player 0). The same ``seed`` deals the same round.
    """
    count, names = _count_and_names(players)
    if count not in HAND_SIZES:
        raise RulesError(f"Rummy is for 2 to 6 players (R-SETUP-1), not {count}")
    rules = RummyRules() if rules is None else rules
    if not isinstance(rules, RummyRules):
        raise RulesError(f"deal() needs RummyRules, not {shown(rules)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if type(seed) is not int:
        raise RulesError(f"a seed is a whole number, not {shown(seed)}")
    dealer = count - 1 if dealer is None else dealer
    if type(dealer) is not int or not 0 <= dealer < count:
        raise RulesError(f"dealer must be 0 to {count - 1}, not {shown(dealer)}")
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
        players=player_names(names, count),
        seed=seed,
        dealer=dealer,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        stock=tuple(rest[1:]),
        discard_pile=(rest[0],),
        table=(),
        current_player=first,
        played_before=(False,) * count,
    )


def _pile(cards: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
    """Cards in the order given (a pile's order matters), from notation or values."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    wrong = f"the {what} holds cards, not {{piece}}"
    return as_pieces(cards, f"the {what}", kind=Card, wrong=wrong)


def _player(value: object, count: int, what: str) -> int:
    """A player's number, 0 to ``count - 1``; anything else is refused, naming ``what`` it is."""
    if type(value) is not int or not 0 <= value < count:
        raise RulesError(f"{what} must be a player number, 0 to {count - 1}, not {shown(value)}")
    return value


def _owned(entry: str, count: int) -> tuple[tuple[Card, ...], int]:
    """A table meld in notation, ``"7H 7S 7C"`` (laid by player 0) or ``"1: 7H 7S 7C"``."""
    owner_text, colon, cards_text = entry.rpartition(":")
    if not colon:
        return as_cards(entry), 0
    owner_text = owner_text.strip()
    if not (owner_text.isascii() and owner_text.isdigit()):
        raise RulesError(
            f"the table meld {shown(entry)} names its owner by number, as in '1: 7H 7S 7C', "
            f"not {shown(owner_text)}"
        )
    return as_cards(cards_text), _player(int(owner_text), count, f"the owner of {shown(entry)}")


def _table_melds(
    table: Iterable[Iterable[Card] | str | TableMeld], rules: RummyRules, count: int
) -> tuple[TableMeld, ...]:
    """The set-up's table melds, each checked to be a valid meld and put in table order."""
    if isinstance(table, str):
        raise RulesError(f"table is a list of melds, not one string: [{shown(table)}]")
    melds: list[TableMeld] = []
    for entry in as_pieces(table, "the table", "melds"):
        layoffs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        if isinstance(entry, TableMeld):
            cards = as_cards(entry.cards)
            owner = _player(entry.player, count, f"the owner of the table meld {entry}")
            layoffs = entry.layoffs
            for player, laid in layoffs:
                _player(player, count, f"the player of a layoff onto {entry}")
                if not laid or not set(laid) <= set(cards):
                    raise RulesError(
                        f"a layoff onto {entry} names {format_pieces(laid) or 'no cards'}, "
                        "which are not all in that meld"
                    )
        elif isinstance(entry, str):
            cards, owner = _owned(entry, count)
        else:
            cards, owner = as_cards(entry), 0
        verdict = check_meld(cards, rules)
        if not verdict.ok:
            raise RulesError(
                f"the table meld {format_pieces(cards)} is not valid: {verdict.message}"
            )
        assert verdict.kind is not None
        melds.append(TableMeld(cards_of(verdict), owner, verdict.kind, layoffs))
    return tuple(melds)


def _stock_of(placed: list[Card], stock: tuple[Card, ...] | None, seed: int) -> tuple[Card, ...]:
    """The stock: as given, or every card not placed, shuffled by ``seed``; each card once."""
    if stock is not None:
        placed = placed + list(stock)
    twice = [card for card, n in Counter(placed).items() if n > 1]
    if twice:
        raise RulesError(
            f"{format_pieces(sorted(twice))} placed twice: the deck has one of each card"
        )
    rest = [card for card in DECK if card not in set(placed)]
    if stock is None:
        random.Random(seed).shuffle(rest)
        return tuple(rest)
    if rest:
        raise RulesError(
            f"{format_pieces(rest)} not placed: every card must be somewhere (R-SETUP-1)"
        )
    return stock


def _played_flags(played_before: Sequence[bool] | None, count: int) -> tuple[bool, ...]:
    """Who has melded or laid off earlier this hand (R-SCORE-2); by default nobody."""
    if played_before is None:
        return (False,) * count
    if isinstance(played_before, str) or not isinstance(played_before, Sequence):
        raise RulesError(
            f"played_before is a list of {count} True/False, not {shown(played_before)}"
        )
    flags = tuple(played_before)
    if len(flags) != count or not all(isinstance(flag, bool) for flag in flags):
        raise RulesError(
            f"played_before needs one True/False per player ({count} of them), "
            f"not {shown(played_before)}"
        )
    return flags


def _taken_card(taken: Card | str | None, hand: tuple[Card, ...], player: int) -> Card | None:
    """The card the player to act took from the discard pile this turn: one card of their hand."""
    if taken is None:
        return None
    card = Card.parse(taken) if isinstance(taken, str) else taken
    if not isinstance(card, Card):
        raise RulesError(f"taken is one card, not {shown(taken)}")
    if card not in hand:
        raise RulesError(
            f"the taken card {card} is not in the hand of player {player}, who is to act "
            f"({format_pieces(hand)}): a card taken from the discard pile goes into the hand"
        )
    return card


def _has_drawn(phase: object, taken: Card | None) -> bool:
    """Whether the player to act has drawn, from ``phase`` (None: drawn if a card was taken)."""
    if phase is None:
        return taken is not None
    if phase not in PHASES:
        raise RulesError(
            "phase is 'draw' (the player to act draws first), or 'play' or 'discard' (they have "
            f"drawn: melds or layoffs left to make, or only the discard), not {shown(phase)}"
        )
    if phase == "draw" and taken is not None:
        raise RulesError(
            f"phase 'draw' says the player to act has not drawn yet, but {taken} is named as "
            "taken from the discard pile this turn: say phase='play' or 'discard'"
        )
    return phase != "draw"


def _check_playable(state: RummyState, phase: object) -> None:
    """The position has the ``phase`` asked for, and the player to act has a legal move."""
    player = state.current_player
    if phase in ("play", "discard") and state.phase != phase:
        if phase == "discard":
            raise RulesError(
                f"phase 'discard' says nothing is left to play, but player {player} can still "
                f"meld or lay off ({state.legal_moves()[0]}): say phase='play'"
            )
        raise RulesError(
            f"phase 'play' says player {player} can meld or lay off, but nothing in "
            f"{format_pieces(state.hand)} melds or fits the table: say phase='discard'"
        )
    if state.legal_moves():
        return
    if not state.drawn:
        raise RulesError(
            f"player {player} cannot draw: the stock and the discard pile are empty (R-TURN-1)"
        )
    raise RulesError(
        f"player {player} holds only {format_pieces(state.hand)}, taken from the discard pile, "
        "which may not be discarded (R-TURN-6): the turn could not end"
    )


def from_position(
    hands: Sequence[Iterable[Card] | str],
    *,
    discard_pile: Iterable[Card] | str,
    table: Iterable[Iterable[Card] | str | TableMeld] = (),
    stock: Iterable[Card] | str | None = None,
    rules: RummyRules | None = None,
    current_player: int = 0,
    players: Sequence[str] | None = None,
    seed: int = 0,
    phase: SetPhase | None = None,
    taken: Card | str | None = None,
    played_before: Sequence[bool] | None = None,
    dealer: int | None = None,
) -> RummyState:
    """A round set up by hand (for lessons and tests) at any moment of a turn, every argument
    checked; see the module's docstring and :meth:`RummyState.from_position`."""
    rules = RummyRules() if rules is None else rules
    if not isinstance(rules, RummyRules):
        raise RulesError(f"from_position() needs RummyRules, not {shown(rules)}")
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise RulesError(f"hands is a list with one hand per player, not {shown(hands)}")
    hand_list = [as_cards(hand) for hand in hands]
    count = len(hand_list)
    if not 2 <= count <= 6:
        raise RulesError(f"Rummy is for 2 to 6 players (R-SETUP-1), not {count}")
    names = player_names(players, count)
    if type(seed) is not int:
        raise RulesError(f"a seed is a whole number, not {shown(seed)}")
    current = _player(current_player, count, "current_player")
    dealer = (current - 1) % count if dealer is None else _player(dealer, count, "dealer")
    empty = [player for player, hand in enumerate(hand_list) if not hand]
    if empty:
        raise RulesError(
            f"player {empty[0]} holds no cards: a round is over once a hand is empty (R-OUT-2)"
        )
    pile = _pile(discard_pile, "discard pile")
    melds = _table_melds(table, rules, count)
    placed = [card for hand in hand_list for card in hand] + list(pile)
    placed += [card for meld in melds for card in meld.cards]
    stock_cards = _stock_of(placed, None if stock is None else _pile(stock, "stock"), seed)
    flags = _played_flags(played_before, count)
    taken_card = _taken_card(taken, hand_list[current], current)
    state = RummyState(
        rules=rules,
        players=names,
        seed=seed,
        dealer=dealer,
        hands=tuple(tuple(sorted(hand)) for hand in hand_list),
        stock=stock_cards,
        discard_pile=pile,
        table=melds,
        current_player=current,
        drawn=_has_drawn(phase, taken_card),
        taken=taken_card,
        played_before=flags,
        dry_turns=0 if stock_cards else 1,
    )
    _check_playable(state, phase)
    object.__setattr__(state, "origin", state)
    return state
