"""Setting up a Rummy round: the deck, a seeded deal (an explicit chance step), or a set position.

>>> state = deal(2, seed=7)
>>> state.phase, state.current_player, len(state.hands[0])
('draw', 0, 10)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from rummy_teach import messages
from rummy_teach.errors import RulesError
from rummy_teach.melds import check_meld
from rummy_teach.pieces import Card, Suit, format_pieces, parse_cards
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.moves import as_cards
from rummy_teach.rummy.state import RummyState
from rummy_teach.rummy.table import TableMeld, cards_of

__all__ = ["DECK", "HAND_SIZES", "deal", "from_position", "player_names"]

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
"""The 52-card deck, no jokers (R-SETUP-1), in suit then rank order."""

HAND_SIZES: dict[int, int] = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
"""Cards dealt to each player by the number of players (R-SETUP-1, R-SETUP-2)."""


def player_names(players: Sequence[str] | None, count: int) -> tuple[str, ...]:
    """The players' names: the given ones (checked), or "Player 1", "Player 2" ..."""
    if players is None:
        return tuple(messages.text("rummy.player_name", number=n + 1) for n in range(count))
    names = tuple(players)
    if len(names) != count or not all(isinstance(name, str) and name for name in names):
        raise RulesError(f"give {count} non-empty player names, not {players!r}")
    return names


def _count_and_names(players: int | Sequence[str]) -> tuple[int, Sequence[str] | None]:
    """How many play, and their names if given (``players`` is a count or a list of names)."""
    if isinstance(players, int) and not isinstance(players, bool):
        return players, None
    if isinstance(players, Sequence) and not isinstance(players, str):
        return len(players), players
    raise RulesError(f"players is a number of players (2-6) or a list of names, not {players!r}")


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


def _pile(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """Cards in the order given (a pile's order matters), from notation or values."""
    return tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)


def _table_melds(
    table: Iterable[Iterable[Card] | str | TableMeld], rules: RummyRules
) -> tuple[TableMeld, ...]:
    """The set-up's table melds, each checked to be a valid meld and put in table order."""
    melds: list[TableMeld] = []
    for entry in table:
        if isinstance(entry, TableMeld):
            cards, owner, layoffs = entry.cards, entry.player, entry.layoffs
        else:
            cards, owner, layoffs = as_cards(entry), 0, ()
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
) -> RummyState:
    """A round set up by hand (for lessons and tests), at the start of a turn; see
    :meth:`RummyState.from_position`."""
    rules = rules or RummyRules()
    hand_list = [as_cards(hand) for hand in hands]
    count = len(hand_list)
    if not 2 <= count <= 6:
        raise RulesError(f"Rummy is for 2 to 6 players (R-SETUP-1), not {count}")
    names = player_names(players, count)
    pile = _pile(discard_pile)
    melds = _table_melds(table, rules)
    placed = [card for hand in hand_list for card in hand] + list(pile)
    placed += [card for meld in melds for card in meld.cards]
    stock_cards = _stock_of(placed, None if stock is None else _pile(stock), seed)
    if not 0 <= current_player < count:
        raise RulesError(f"current_player must be 0 to {count - 1}, not {current_player!r}")
    state = RummyState(
        rules=rules,
        players=names,
        seed=seed,
        dealer=(current_player - 1) % count,
        hands=tuple(tuple(sorted(hand)) for hand in hand_list),
        stock=stock_cards,
        discard_pile=pile,
        table=melds,
        current_player=current_player,
        played_before=(False,) * count,
        dry_turns=0 if stock_cards else 1,
    )
    object.__setattr__(state, "origin", state)
    return state
