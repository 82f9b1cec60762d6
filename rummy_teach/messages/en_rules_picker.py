"""English messages of the house-rules picker (RulesPicker): reason key -> template.

Per rules field: ``rules_picker.<game>.<field>`` (the control's label),
``rules_picker.<game>.<field>.explain`` (one line in learner words) and, for a choice,
``rules_picker.<game>.<field>.<value>`` (each option).
"""

MESSAGES: dict[str, str] = {
    "rules_picker.title.rummy": "House rules for Rummy",
    "rules_picker.title.rummikub": "House rules for Rummikub",
    "rules_picker.intro": "Change a rule: the exercise beside is judged again at once.",
    "rules_picker.changed": "{rule} is now {value}: the exercise is judged by the new rules.",
    "rules_picker.out_of_range": "{rule} takes a whole number from {low} to {high}.",
    "rules_picker.on": "on",
    "rules_picker.off": "off",
    "rules_picker.none": "no limit",
    # Rummy
    "rules_picker.rummy.ace": "Ace",
    "rules_picker.rummy.ace.explain": (
        "Low: A-2-3 is a run, Q-K-A is not. High or low: Q-K-A is a run too and an ace left in "
        "a hand counts 15; K-A-2 never is a run."
    ),
    "rules_picker.rummy.ace.low": "low only",
    "rules_picker.rummy.ace.low_or_high": "high or low",
    "rules_picker.rummy.melds_per_turn": "New melds per turn",
    "rules_picker.rummy.melds_per_turn.explain": (
        "How many new melds you may lay down in one turn; leave it empty for no limit."
    ),
    "rules_picker.rummy.must_discard_to_go_out": "Go out only by discarding",
    "rules_picker.rummy.must_discard_to_go_out.explain": (
        "When on, your last card must be a discard: you cannot go out by melding or laying it off."
    ),
    "rules_picker.rummy.going_rummy_doubles": "Going rummy doubles",
    "rules_picker.rummy.going_rummy_doubles.explain": (
        "When on, going out in one turn with nothing melded or laid off before doubles the "
        "round's points."
    ),
    "rules_picker.rummy.target": "Target score",
    "rules_picker.rummy.target.explain": ("Rounds go on until a player reaches this many points."),
    "rules_picker.rummy.hands": "Number of hands",
    "rules_picker.rummy.hands.explain": (
        "Play exactly this many hands and the most points wins; leave it empty to play to the "
        "target instead."
    ),
    "rules_picker.rummy.empty_stock": "When the stock runs out",
    "rules_picker.rummy.empty_stock.explain": (
        "The discard pile becomes the new stock: turned over as it lies, or shuffled, all but "
        "its top card."
    ),
    "rules_picker.rummy.empty_stock.flip": "turn the pile over",
    "rules_picker.rummy.empty_stock.shuffle": "shuffle it",
    "rules_picker.rummy.max_restocks": "Most new stocks in a round",
    "rules_picker.rummy.max_restocks.explain": (
        "A round whose stock had to be rebuilt this many times ends with no winner, so a game "
        "cannot go on for ever."
    ),
    # Rummikub
    "rules_picker.rummikub.jokers": "Jokers",
    "rules_picker.rummikub.jokers.explain": (
        "How many jokers are in the game: 2 (106 tiles) or 4."
    ),
    "rules_picker.rummikub.jokers.2": "2 jokers",
    "rules_picker.rummikub.jokers.4": "4 jokers",
    "rules_picker.rummikub.direction": "Direction of play",
    "rules_picker.rummikub.direction.explain": (
        "Who plays next: the player on the left (clockwise) or on the right."
    ),
    "rules_picker.rummikub.direction.clockwise": "clockwise",
    "rules_picker.rummikub.direction.counterclockwise": "counterclockwise",
    "rules_picker.rummikub.initial_meld_points": "Points for the initial meld",
    "rules_picker.rummikub.initial_meld_points.explain": (
        "Your first sets, all from your own rack, must add up to at least this many points."
    ),
    "rules_picker.rummikub.penalty_draw": "Penalty tiles",
    "rules_picker.rummikub.penalty_draw.explain": (
        "How many tiles you draw when your turn leaves the table wrong."
    ),
    "rules_picker.rummikub.turn_seconds": "Seconds per turn",
    "rules_picker.rummikub.turn_seconds.explain": (
        "A time limit of 60 to 120 seconds a turn; leave it empty for no timer."
    ),
    "rules_picker.rummikub.joker_trio_retrieval": "Freeing a joker from a group of three",
    "rules_picker.rummikub.joker_trio_retrieval.explain": (
        "In a group of two tiles and a joker, the joker comes free for a tile of either missing "
        "colour, or only once both missing colours are added."
    ),
    "rules_picker.rummikub.joker_trio_retrieval.either": "either colour frees it",
    "rules_picker.rummikub.joker_trio_retrieval.both": "both colours needed",
    "rules_picker.rummikub.pieces": "Played with",
    "rules_picker.rummikub.pieces.explain": (
        "Tiles, or two card decks: suits stand for the colours, J Q K for 11 12 13 and the "
        "decks' four jokers are jokers."
    ),
    "rules_picker.rummikub.pieces.tiles": "tiles",
    "rules_picker.rummikub.pieces.cards": "two card decks",
    "rules_picker.rummikub.empty_pool_end": "When the pool is empty",
    "rules_picker.rummikub.empty_pool_end.explain": (
        "The game stops as soon as the next player cannot play, or only once every player in "
        "turn has passed; then the lowest rack wins."
    ),
    "rules_picker.rummikub.empty_pool_end.next_player": "stop when the next player can't play",
    "rules_picker.rummikub.empty_pool_end.all_pass": "stop when everybody has passed",
    "rules_picker.rummikub.joker_set_growth": "A set holding a joker",
    "rules_picker.rummikub.joker_set_growth.explain": (
        "It grows only at its ends and its joker keeps its tile, or its tiles may move together "
        "into a new set where the joker may stand for another tile."
    ),
    "rules_picker.rummikub.joker_set_growth.ends": "grows at its ends only",
    "rules_picker.rummikub.joker_set_growth.slide": "may slide into a new set",
}
