"""English messages for judging melds, layoffs and openings (melds.py): reason key -> template.

Templates name the actual pieces through ``{pieces}``; every key is a stable reason.
"""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    # words
    "list.separator": ", ",
    "piece.joker": "joker",
    "piece.joker_as": "joker as {tile}",
    "piece.joker_for": "joker ({tile})",
    "piece.tile": "{colour} {number}",
    "pieces.clipped": "{start} … {end} ({count} pieces)",
    "piece.card": "{rank} of {suit}",
    "colour.black": "black",
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.orange": "orange",
    "suit.clubs": "clubs",
    "suit.diamonds": "diamonds",
    "suit.hearts": "hearts",
    "suit.spades": "spades",
    "rank.1": "ace",
    "rank.2": "2",
    "rank.3": "3",
    "rank.4": "4",
    "rank.5": "5",
    "rank.6": "6",
    "rank.7": "7",
    "rank.8": "8",
    "rank.9": "9",
    "rank.10": "10",
    "rank.11": "jack",
    "rank.12": "queen",
    "rank.13": "king",
    # valid
    "count.3": "three",
    "count.4": "four",
    "valid.group": "{pieces}: a group of {count_word} {number}s, worth {points} points.",
    "valid.run": "{pieces}: a run of {suit} from {low} to {high}, worth {points} points.",
    "valid.run_tiles": "{pieces}: a run of {suit} tiles from {low} to {high}, worth {points} points.",
    "valid.joker": "The joker stands for {stand_ins}.",
    "valid.jokers": "The jokers stand for {stand_ins}.",
    "valid.layoff": "{added} fits onto {meld}: it is now {now}, worth {points} points.",
    "valid.opening": "An initial meld worth {points} points{breakdown}: enough to open ({needed} needed).",
    "opening.breakdown": " ({sums})",
    # melds
    "meld.empty": "Nothing picked yet: a meld is at least 3 cards, a group of one rank or a run of one suit.",
    "meld.empty_tiles": (
        "Nothing picked yet: a set is at least 3 tiles, a group of one number or a run of one colour."
    ),
    "meld.too_few_one": "{pieces} is a single card: a meld needs at least 3 cards.",
    "meld.too_few_one_tile": "{pieces} is a single tile: a set needs at least 3 tiles.",
    "meld.too_few": (
        "{pieces} is only {count} cards: a meld needs at least 3, a group of one rank or a run of one suit."
    ),
    "meld.too_few_tiles": (
        "{pieces} is only {count} tiles: a set needs at least 3, a group of one number or a run of one colour."
    ),
    "meld.duplicate_card": (
        "{card} appears twice, but a single deck has only one {card}: check which card you meant."
    ),
    "meld.too_many_jokers": Plural(
        "count",
        "{pieces} uses {count} joker, but the game only has {allowed}.",
        "{pieces} uses {count} jokers, but the game only has {allowed}.",
    ),
    "meld.jokers_only": (
        "{pieces} is only jokers: a set needs at least one numbered tile so everyone can tell what it is."
    ),
    "meld.declared_invalid": Plural(
        "stand_ins_count",
        "With the joker as {stand_ins}, {pieces} is not a valid set: {why}",
        "With the jokers as {stand_ins}, {pieces} is not a valid set: {why}",
    ),
    "meld.neither": (
        "{pieces} is neither a group (one rank, all different suits) nor a run (one suit, ranks in a row)."
    ),
    "meld.neither_tiles": (
        "{pieces} is neither a group (one number, all different colours) nor a run (one colour, numbers in a row)."
    ),
    # groups
    "group.duplicate_colour": (
        "{pieces} has {twice}, two {suit} tiles: every tile in a group must be a different colour."
    ),
    "group.too_many": "{pieces} is {count} pieces: a group has at most 4, one of each suit or colour.",
    "group.mixed_ranks": Plural(
        "odd_count",
        "{pieces} mixes ranks: a group is cards of one rank, so {odd} does not belong with the {number}s.",
        "{pieces} mixes ranks: a group is cards of one rank, so {odd} do not belong with the {number}s.",
    ),
    "group.mixed_numbers": Plural(
        "odd_count",
        "{pieces} mixes numbers: a group is tiles of one number, so {odd} does not belong with the {number}s.",
        "{pieces} mixes numbers: a group is tiles of one number, so {odd} do not belong with the {number}s.",
    ),
    # runs
    "run.gap": "{pieces} has a gap: {gap} is missing between {low} and {high}.",
    "run.gaps": "{pieces} has gaps: {gap} are missing between {low} and {high}.",
    "run.gap_jokers": (
        "{pieces} has too big a gap: {gap} are missing between {low} and {high}, "
        "and each joker fills only one place."
    ),
    "run.duplicate_number": "{pieces} has {twice}: a run uses each number only once.",
    "run.ace_high": (
        "{pieces} puts the ace above the king, but the ace is low: A-2-3 is a run, Q-K-A is not "
        "(unless you play the house rule 'ace high or low')."
    ),
    "run.wrap": (
        "{pieces} goes round the corner from {first} to {last}: a run stops at the ace, "
        "so K-A-2 is never a run."
    ),
    "run.wrap_tiles": (
        "{pieces} goes round the corner from {first} to {last}: 1 is always low, so 12-13-1 is not a run."
    ),
    "run.too_long": "{pieces} is {count} pieces: a run cannot be longer than 1 to 13.",
    "run.mixed_suits": Plural(
        "odd_count",
        "{pieces} mixes {suits}: a run is one suit only, so {odd} does not fit with the {suit}.",
        "{pieces} mixes {suits}: a run is one suit only, so {odd} do not fit with the {suit}.",
    ),
    "run.mixed_suits_same_colour": Plural(
        "odd_count",
        "{pieces} mixes {suits}: they share a colour but are different suits, and a run is one suit only, "
        "so {odd} does not fit with the {suit}.",
        "{pieces} mixes {suits}: they share a colour but are different suits, and a run is one suit only, "
        "so {odd} do not fit with the {suit}.",
    ),
    "run.mixed_colours": Plural(
        "odd_count",
        "{pieces} mixes {suits}: a run is one colour only, so {odd} does not fit with the {suit}.",
        "{pieces} mixes {suits}: a run is one colour only, so {odd} do not fit with the {suit}.",
    ),
    # layoffs
    "layoff.bad_meld": "{meld} is not a valid meld to lay off onto: {why}",
    "layoff.nothing": "Pick something to lay off onto {meld}: it takes {takes}.",
    "layoff.duplicate": "{card} is already in {meld}.",
    "layoff.group_full": "{meld} already has all four: nothing more can be added to this group.",
    "layoff.wrong_rank": Plural(
        "odd_count",
        "{odd} does not match {meld}: this group takes only {takes}.",
        "{odd} do not match {meld}: this group takes only {takes}.",
    ),
    "layoff.group_suit": "{added} cannot join {meld}: {why} This group takes {takes}.",
    "layoff.wrong_suit": Plural(
        "odd_count",
        "{odd} is not {suit}: {meld} takes only {suit}, at its ends ({takes} now).",
        "{odd} are not {suit}: {meld} takes only {suit}, at its ends ({takes} now).",
    ),
    "layoff.wrong_colour": Plural(
        "odd_count",
        "{odd} is not {suit}: {meld} takes only {suit} tiles, at its ends ({takes} now).",
        "{odd} are not {suit}: {meld} takes only {suit} tiles, at its ends ({takes} now).",
    ),
    "layoff.gap": "{added} does not touch {meld}: {needed} would have to come first. It takes {takes} now.",
    "layoff.not_at_end": "{added} cannot go onto {meld}: {why} It takes {takes}.",
    "layoff.no_room": "{added} cannot go onto {meld}: {why} Nothing more can be added to it.",
    # openings
    "opening.empty": "An initial meld is one set or more, worth {needed} points or more together.",
    "opening.too_many_copies": "{tile} appears more than twice: there are only two of each tile.",
    "opening.bad_set": "Set {number} ({meld}) is not valid: {why}",
    "opening.short": (
        "{points} points{breakdown}: {short} short of the {needed} an initial meld needs. "
        "Add a set, or use higher tiles."
    ),
    # K-CARDS-1: Rummikub's sets judged in the words of a game played with two card decks
    "valid.run_rummikub_cards": (
        "{pieces}: a run of {suit} cards from {low} to {high}, worth {points} points."
    ),
    "meld.empty_rummikub_cards": (
        "Nothing picked yet: a set is at least 3 cards, a group of one number or a run of one colour."
    ),
    "meld.too_few_one_rummikub_card": "{pieces} is a single card: a set needs at least 3 cards.",
    "meld.too_few_rummikub_cards": (
        "{pieces} is only {count} cards: a set needs at least 3, a group of one number or a run of "
        "one colour."
    ),
    "meld.jokers_only_rummikub_cards": (
        "{pieces} is only jokers: a set needs at least one numbered card so everyone can tell what "
        "it is."
    ),
    "group.duplicate_colour_cards": (
        "{pieces} has {twice}, two {suit} cards: every card in a group must be a different colour."
    ),
    "group.mixed_numbers_cards": Plural(
        "odd_count",
        "{pieces} mixes numbers: a group is cards of one number, so {odd} does not belong with the "
        "{number}s.",
        "{pieces} mixes numbers: a group is cards of one number, so {odd} do not belong with the "
        "{number}s.",
    ),
    "layoff.wrong_colour_cards": Plural(
        "odd_count",
        "{odd} is not {suit}: {meld} takes only {suit} cards, at its ends ({takes} now).",
        "{odd} are not {suit}: {meld} takes only {suit} cards, at its ends ({takes} now).",
    ),
    "opening.too_many_copies.cards": (
        "{tile} appears more than twice: there are only two of each card."
    ),
    "opening.short.cards": (
        "{points} points{breakdown}: {short} short of the {needed} an initial meld needs. "
        "Add a set, or use higher cards."
    ),
}
