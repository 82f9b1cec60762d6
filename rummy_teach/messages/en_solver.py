"""English messages of the solver area (steps, hints, reviews, bots): reason key -> template."""

MESSAGES: dict[str, str] = {
    # naming sets
    "solver.run_name": "{colour} {low}-{high}{joker}",
    "solver.group_name": "the {number}s ({colours}){joker}",
    "solver.with_joker": " with a joker",
    # a play, step by step
    "solver.nothing": "No tile from your rack fits anywhere, even by rearranging the table.",
    "solver.empty_rack": "Your rack is empty: there is nothing to place.",
    "solver.open_set": "Lay down {set} from your rack ({points} points).",
    "solver.open_total": "Together that is {points} points: enough to open ({needed} needed).",
    "solver.swap": (
        "Put your {tiles} in place of the joker in {old}; the freed joker must be played now, "
        "and it goes into {new}."
    ),
    "solver.split": "Split {old} into {count} parts: {parts}.",
    "solver.grow": "Grow {old} into {new}: add {parts}.",
    "solver.new_set": "Lay down {new}: {parts}.",
    "solver.make": "Make {new} from {parts}.",
    "solver.from_rack": "{tiles} from your rack",
    "solver.from_set": "{tiles} from {old}",
    "solver.joker_stands": "(The joker stands for {tiles}.)",
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
    "solver.hint_play": "You can place {count} tiles:",
    "solver.no_answer": (
        "The solver found no answer within {seconds} seconds, so it has no advice this time: "
        "play the turn your own way."
    ),
    # reviews
    "solver.review_best": "You placed {placed} tile(s): the most anyone could from that position.",
    "solver.review_draw_right": "Drawing was right: no tile from your rack could be placed.",
    "solver.review_more": "You placed {placed} tile(s); {possible} were possible. Here is how:",
    "solver.review_drew": "You drew, but you could have placed {possible} tile(s). Here is how:",
    "solver.review_no_answer": (
        "You placed {placed} tile(s). The solver found no answer within {seconds} seconds, "
        "so it cannot say whether more were possible."
    ),
    "solver.cli_draw": "No tiles can be placed from this rack: draw a tile (K-OPEN-3).",
    "solver.cli_empty": "The rack is empty: there is nothing to place.",
    "solver.cli_no_answer": "No answer within {seconds} seconds: the solver gave up on this position.",
}
