"""English texts of the lessons themselves: each lesson's title, and the referee's reading of a deal
or a game's end in the lessons' what-if examples (``rummy_teach.lessons.whatif``)."""

MESSAGES: dict[str, str] = {
    # the referee reads a Rummy deal back
    "lesson.fact.rummy_deck": (
        "{players} players share one pack of 52 cards; the jokers stay in the box."
    ),
    "lesson.fact.rummy_hands": "With {players} players everyone is dealt {cards} cards.",
    "lesson.fact.rummy_stock": (
        "The other {stock} cards lie face down as the stock; {card} was turned up to start the "
        "discard pile."
    ),
    "lesson.fact.rummy_starts": (
        "{dealer} dealt, so {player}, on the dealer's left, plays first, then {next}: play goes "
        "clockwise."
    ),
    "lesson.fact.match_won": (
        "{player} has {points} points, at least the target of {target}: the game is over and "
        "{player} wins it."
    ),
    # the referee reads a Rummikub deal back
    "lesson.fact.rummikub_racks": (
        "{players} players take {tiles} tiles each on a rack the others cannot see; the other "
        "{pool} tiles stay face down as the pool."
    ),
    "lesson.fact.rummikub_order_clockwise": (
        "{player} plays first and {next} next: play goes clockwise."
    ),
    "lesson.fact.rummikub_order_counterclockwise": (
        "{player} plays first and {next} next: at this table play goes counterclockwise."
    ),
    "lesson.fact.suit_colour": "With cards, {suit} stand for the {colour} tiles.",
    # K-CARDS-1: the deal read back when Rummikub is played with two card decks
    "lesson.fact.rummikub_racks.cards": (
        "{players} players take {tiles} cards each in a hand the others cannot see; the other "
        "{pool} cards stay face down as the stock."
    ),
}
"""Lesson key -> English template with ``{named}`` parameters."""
