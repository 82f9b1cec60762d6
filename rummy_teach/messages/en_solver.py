"""English messages of the solver area (steps, hints, reviews, bots): reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    # naming sets
    "solver.run_name": "{colour} {low}-{high}{joker}",
    "solver.group_name": "the {number}s ({colours}){joker}",
    "solver.with_joker": " with a joker",
    "solver.with_jokers": " with {count} jokers",
    # a play, step by step
    "solver.nothing": "No tile from your rack fits anywhere, even by rearranging the table.",
    "solver.empty_rack": "Your rack is empty: there is nothing to place.",
    "solver.open_set": "Lay down {set} from your rack ({points} points).",
    "solver.open_total": "Together that is {points} points: enough to open ({needed} needed).",
    "solver.swap": (
        "Put your {tiles} in place of the joker in {old}; the freed joker must be played now, "
        "and it goes into {new}."
    ),
    "solver.swap_jokers": (
        "Put your {tiles} in place of the {count} jokers in {old}; the freed jokers must be played "
        "now, and they go into {new}."
    ),
    "solver.split": "Split {old} into {count} parts: {parts}.",
    "solver.grow": "Grow {old} into {new}: add {parts}.",
    "solver.new_set": "Lay down {new}: {parts}.",
    "solver.make": "Make {new} from {parts}.",
    "solver.from_rack": "{tiles} from your rack",
    "solver.from_set": "{tiles} from {old}",
    "solver.whole_set": "all of {old}",
    "solver.freed_joker": Plural("count", "the freed joker", "the {count} freed jokers"),
    "solver.joker_stands": "(The joker stands for {tiles}.)",
    "solver.jokers_stand": "(The jokers stand for {tiles}.)",
    # hints
    "solver.hint_over": "The game is over: there is no move to make.",
    "solver.hint_no_opening": (
        "No initial meld worth {needed} points can be made from your rack alone, "
        "so draw a tile and try again next turn."
    ),
    "solver.hint_open": "You can open with {count} tiles worth {points} points:",
    "solver.hint_draw": (
        "None of your tiles fits anywhere, even by rearranging the table, so draw a tile."
    ),
    "solver.hint_play": Plural(
        "count", "You can place {count} tile:", "You can place {count} tiles:"
    ),
    "solver.no_answer": (
        "The solver found no answer within {seconds} seconds, so it has no advice this time: "
        "play the turn your own way."
    ),
    # reviews
    "solver.review_best": Plural(
        "placed",
        "You placed {placed} tile: the most anyone could from that position.",
        "You placed {placed} tiles: the most anyone could from that position.",
    ),
    "solver.review_draw_right": "Drawing was right: no tile from your rack could be placed.",
    "solver.review_more": Plural(
        "possible",
        "You placed {placed} of the {possible} tile that could be placed. Here is how:",
        "You placed {placed} of the {possible} tiles that could be placed. Here is how:",
    ),
    "solver.review_drew": Plural(
        "possible",
        "You drew, but you could have placed {possible} tile. Here is how:",
        "You drew, but you could have placed {possible} tiles. Here is how:",
    ),
    "solver.review_no_answer": Plural(
        "placed",
        "You placed {placed} tile. The solver found no answer within {seconds} seconds, "
        "so it cannot say whether more were possible.",
        "You placed {placed} tiles. The solver found no answer within {seconds} seconds, "
        "so it cannot say whether more were possible.",
    ),
    "solver.cli_draw": "No tiles can be placed from this rack: draw a tile (K-OPEN-3).",
    "solver.cli_empty": "The rack is empty: there is nothing to place.",
    "solver.cli_no_answer": "No answer within {seconds} seconds: the solver gave up on this position.",
    # a position no game can reach or a table set that is not valid (the solver's RulesError)
    "solver.bad_table_set": "the table set {pieces} is not valid: {reason}",
    "solver.too_many_jokers": (
        "{count} jokers in the rack and on the table, but the game has only {allowed} (K-SET-1)"
    ),
    "solver.too_many_copies": (
        "{count} copies of {tile} in the rack and on the table, but the game has only {allowed} "
        "(K-SET-1)"
    ),
    # the solver itself failed (SolverError): HiGHS gave no answer, or one that did not decode
    "solver.stopped": "the solver stopped without an answer: {status}",
    "solver.no_layout": "the solver found no way even to keep the table as it is",
    "solver.jokers_unplaced": "could not place the jokers standing for {tile}",
    # K-CARDS-1: a step said with cards when Rummikub is played with two card decks
    "solver.nothing.cards": "No card from your hand fits anywhere, even by rearranging the table.",
    "solver.empty_rack.cards": "Your hand is empty: there is nothing to place.",
    "solver.cli_draw.cards": "No cards can be placed from this hand: draw a card (K-OPEN-3).",
    "solver.cli_empty.cards": "The hand is empty: there is nothing to place.",
    "solver.too_many_jokers.cards": (
        "{count} jokers in the hand and on the table, but the game has only {allowed} (K-SET-1)"
    ),
    "solver.too_many_copies.cards": (
        "{count} copies of {tile} in the hand and on the table, but the two decks have only "
        "{allowed} (K-SET-1)"
    ),
    "solver.open_set.cards": "Lay down {set} from your hand ({points} points).",
    "solver.from_rack.cards": "{tiles} from your hand",
    "solver.hint_no_opening.cards": (
        "No initial meld worth {needed} points can be made from your hand alone, "
        "so draw a card and try again next turn."
    ),
    "solver.hint_open.cards": "You can open with {count} cards worth {points} points:",
    "solver.hint_draw.cards": (
        "None of your cards fits anywhere, even by rearranging the table, so draw a card."
    ),
    "solver.hint_play.cards": Plural(
        "count", "You can place {count} card:", "You can place {count} cards:"
    ),
    "solver.review_best.cards": Plural(
        "placed",
        "You placed {placed} card: the most anyone could from that position.",
        "You placed {placed} cards: the most anyone could from that position.",
    ),
    "solver.review_draw_right.cards": "Drawing was right: no card from your hand could be placed.",
    "solver.review_more.cards": Plural(
        "possible",
        "You placed {placed} of the {possible} card that could be placed. Here is how:",
        "You placed {placed} of the {possible} cards that could be placed. Here is how:",
    ),
    "solver.review_drew.cards": Plural(
        "possible",
        "You drew, but you could have placed {possible} card. Here is how:",
        "You drew, but you could have placed {possible} cards. Here is how:",
    ),
    "solver.review_no_answer.cards": Plural(
        "placed",
        "You placed {placed} card. The solver found no answer within {seconds} seconds, "
        "so it cannot say whether more were possible.",
        "You placed {placed} cards. The solver found no answer within {seconds} seconds, "
        "so it cannot say whether more were possible.",
    ),
}
